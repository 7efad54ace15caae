"""Passwords: long enough, not a common one, hashed with Argon2 in a worker thread.

The common passwords are the 8,359 of at least 8 characters among Django's 20,000
(``django/contrib/auth/common-passwords.txt.gz``, from Royce Williams' 2017 list of the
most frequent in leaked data; BSD licence), shipped compressed beside this module and
compared case-insensitively. Hashing and checking take tens of milliseconds of CPU
each (on several threads: Argon2's lanes): :func:`hash_password` and :func:`verify` run
them off the event loop, one at a time per process, so that someone guessing never
holds up another player's move.
"""

from __future__ import annotations

import functools
import gzip
import secrets
import threading
import unicodedata
from pathlib import Path
from typing import Any, Final

from starlette.concurrency import run_in_threadpool

from cardems.i18n.markers import N_

BAD_PASSWORD: Final = N_("a password has 8 to 200 characters")
COMMON: Final = N_("that password is one of the most common ones: choose another")
BLANK: Final = N_(
    "a password needs letters, digits or symbols, not only spaces or invisible characters"
)
LIST: Final = Path(__file__).with_name("common-passwords.txt.gz")
_ONE_AT_A_TIME: Final = threading.Lock()
"""Held while hashing: a burst of sign-ins queues in worker threads instead of taking
every core from the event loop."""


@functools.cache
def common_passwords() -> frozenset[str]:
    """The shipped list of common passwords, lower case."""
    return frozenset(gzip.decompress(LIST.read_bytes()).decode().split())


def password_problem(password: object, name: str = "") -> str | None:
    """Why ``password`` is refused (a message marked for translation), or None."""
    if not isinstance(password, str) or not 8 <= len(password) <= 200:
        return BAD_PASSWORD
    if all(char.isspace() or unicodedata.category(char)[0] in "CZ" for char in password):
        return BLANK  # spaces, tabs, line breaks, control and format characters only
    lowered = password.casefold()
    if lowered in common_passwords() or (name and lowered == name.casefold()):
        return COMMON
    return None


@functools.cache
def hasher() -> Any:
    """Argon2 with the library's recommended parameters."""
    from argon2 import PasswordHasher

    return PasswordHasher()


@functools.cache
def decoy() -> str:
    """The hash of a random password, made by :func:`hasher` once a process: checked when
    no account has the name given, so that a wrong name costs what a wrong password
    does, whatever parameters the hasher has."""
    return str(hasher().hash(secrets.token_urlsafe(16)))


def _verify(stored: str | None, password: str) -> bool:
    from argon2.exceptions import Argon2Error, InvalidHashError

    try:
        with _ONE_AT_A_TIME:
            return bool(hasher().verify(stored or decoy(), password)) and stored is not None
    except (Argon2Error, InvalidHashError):
        return False


def _hash(password: str) -> str:
    with _ONE_AT_A_TIME:
        return str(hasher().hash(password))


async def hash_password(password: str) -> str:
    """The Argon2 hash of ``password``, made in a worker thread."""
    return await run_in_threadpool(_hash, password)


async def verify(stored: str | None, password: str) -> bool:
    """Whether ``password`` matches the Argon2 hash ``stored`` (in a worker thread); with
    no hash (an unknown name) False, after checking :func:`decoy` as long."""
    return await run_in_threadpool(_verify, stored, password)
