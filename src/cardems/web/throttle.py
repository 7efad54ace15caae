"""The sign-in throttle: a few free attempts per account and per address, then a wait
that doubles with each attempt (1 s, 2 s, 4 s… up to :data:`LONGEST`), forgotten after
:data:`FORGET` without an attempt.

The counts are rows of ``signin_attempts`` (same SQL for SQLite and PostgreSQL), so
every worker of a server shares them. An attempt is counted before its password is
checked, in the transaction that found it allowed, so that guesses sent at once cannot
all slip through; a right password then clears the account's count and gives the
address its attempt back.

A device that signed in to the account before (it shows the device token it was given
then, :mod:`cardems.web.accounts`) is throttled on its own count instead, its
``device`` key: guesses from elsewhere, which lock the account and their addresses,
do not lock out its owner there.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Final

from cardems.store import Store

FREE: Final = {"account": 5, "address": 30, "device": 5}
"""Attempts before the first wait, per account, per address and per known device."""
LONGEST: Final = 900.0
FORGET: Final = 3600.0


def delay(attempts: int, free: int) -> float:
    """The wait after the ``attempts``-th attempt when ``free`` come without one."""
    return 0.0 if attempts < free else min(LONGEST, 2.0 ** (attempts - free))


def keys_of(account: str, address: str, device: str | None = None) -> list[tuple[str, int]]:
    """The throttle's keys for an attempt on ``account`` (a name key) from ``address``,
    each with its free attempts; from a ``device`` that signed in to that account before
    (its token's id), that device's key alone."""
    if device is not None:
        return [(f"device:{device}", FREE["device"])]
    return [(f"account:{account}", FREE["account"]), (f"address:{address}", FREE["address"])]


clock: Callable[[], float] = time.time
"""The throttle's time (tests stand it still)."""


def attempt(store: Store, keys: Sequence[tuple[str, int]], now: float | None = None) -> int:
    """Count one sign-in attempt on every key and return 0, or, if one of them must wait,
    count nothing and return the whole seconds left to wait."""
    now = clock() if now is None else now
    with store.transaction() as db:
        found: dict[str, int] = {}
        wait = 0.0
        for key, _ in keys:
            db.execute(  # makes the row, and on PostgreSQL locks it until the commit
                "INSERT INTO signin_attempts (key, attempts, until, last) VALUES (?, 0, 0, ?)"
                " ON CONFLICT (key) DO UPDATE SET last = signin_attempts.last",
                (key, now),
            )
            row = db.execute(
                "SELECT attempts, until, last FROM signin_attempts WHERE key = ?", (key,)
            ).fetchone()
            fresh = now - float(row["last"]) < FORGET
            found[key] = int(row["attempts"]) if fresh else 0
            if fresh:
                wait = max(wait, float(row["until"]) - now)
        if wait > 0:
            return math.ceil(wait)
        for key, free in keys:
            attempts = found[key] + 1
            db.execute(
                "UPDATE signin_attempts SET attempts = ?, until = ?, last = ? WHERE key = ?",
                (attempts, now + delay(attempts, free), now, key),
            )
    return 0


def succeeded(store: Store, keys: Sequence[tuple[str, int]]) -> None:
    """A right password: the account's (or the device's) count is cleared, the address's
    attempt given back."""
    with store.transaction() as db:
        for key, _ in keys:
            if key.startswith("address:"):
                db.execute(
                    "UPDATE signin_attempts SET attempts = attempts - 1"
                    " WHERE key = ? AND attempts > 0",
                    (key,),
                )
            else:
                db.execute("DELETE FROM signin_attempts WHERE key = ?", (key,))
