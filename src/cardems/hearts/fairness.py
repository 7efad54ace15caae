"""Fair deals: during a match a seat sees a commitment to the deal, not its code.

The code of a Hearts deal names all four hands (``cardems deal HT1-…`` prints them),
so a player who saw it could read every opponent's cards. Each match is given a
random secret when it starts; the table shows ``SHA-256("<code>:<secret>")`` while
the match is played, and the code and the secret once it has ended. Anyone can then
check that the deal was not changed during the match::

    cardems hearts-verify <commitment> <code> <secret>

or, without Cardems, ``printf '%s' 'HT1-N-AAAAAAM:<secret>' | sha256sum``.
"""

from __future__ import annotations

import hashlib
import hmac


def commitment(code: str, secret: str) -> str:
    """The commitment to the deal ``code`` with ``secret`` (64 hexadecimal digits)."""
    return hashlib.sha256(f"{code}:{secret}".encode()).hexdigest()


def verify(given: str, code: str, secret: str) -> bool:
    """Whether ``given`` is the commitment to ``code`` with ``secret``."""
    return hmac.compare_digest(given.strip().lower(), commitment(code.strip().upper(), secret))
