"""Accounts for hosted play: a name and a password carry a player's games, settings and
statistics to every device.

Offered only when the server is started for it (``cardems serve --accounts``, or with a
PostgreSQL database); a local single-player server has no sign-in. A player who played
before signing up keeps those games: the account is made for the current profile.
Signing in on another device gives that device's anonymous games to the account. The
cookie of an account holds a session token, never the player's id, so signing out ends
it and changing the password ends every other session. Passwords are hashed with
Argon2 (``argon2-cffi``).

- ``GET /api/account``: ``{"name": … or null}``
- ``POST /api/account/signup`` and ``…/signin``: ``{"name", "password"}``
- ``POST /api/account/signout``
- ``POST /api/account/password``: ``{"current", "password"}``
"""

from __future__ import annotations

import re
from typing import Any

from starlette.routing import Route

from cardems.core.service import ServiceError
from cardems.i18n.markers import N_
from cardems.web.deps import COOKIE, Ctx, Web

NAME = re.compile(r"^[A-Za-z0-9_.-]{3,32}$")
BAD_NAME = N_("a name has 3 to 32 letters, digits, dots, dashes or underscores")
BAD_PASSWORD = N_("a password has 8 to 200 characters")
TAKEN = N_("that name is taken (or this profile already has an account)")
WRONG = N_("wrong name or password")
NOT_SIGNED_IN = N_("sign in first")
# One hash to compare against when the name is unknown, so that a wrong name takes as
# long as a wrong password.
_DECOY: list[str] = []


def hasher() -> Any:
    """Argon2 with the library's recommended parameters."""
    from argon2 import PasswordHasher

    return PasswordHasher()


def verify(stored: str, password: str) -> bool:
    """Whether ``password`` matches the Argon2 hash ``stored``."""
    from argon2.exceptions import Argon2Error, InvalidHashError

    try:
        return bool(hasher().verify(stored, password))
    except (Argon2Error, InvalidHashError):
        return False


def credentials(body: Any) -> tuple[str, str]:
    """A valid ``name`` and ``password`` from a request body, or a 400."""
    if not isinstance(body, dict):
        raise ServiceError(400, BAD_NAME)
    name, password = body.get("name"), body.get("password")
    if not isinstance(name, str) or not NAME.match(name):
        raise ServiceError(400, BAD_NAME)
    if not isinstance(password, str) or not 8 <= len(password) <= 200:
        raise ServiceError(400, BAD_PASSWORD)
    return name, password


def account_routes(web: Web) -> list[Route]:
    """The account calls (see the module docstring)."""
    store = web.store

    async def show(ctx: Ctx) -> tuple[dict[str, Any], int]:
        name = store.account_name(ctx.player_id) if ctx.player_id else None
        return {"name": name}, 200

    async def signup(ctx: Ctx) -> tuple[dict[str, Any], int]:
        name, password = credentials(ctx.body)
        player_id = web.player(ctx)
        if not store.create_account(player_id, name, hasher().hash(password)):
            raise ServiceError(409, TAKEN)
        ctx.cookie = store.create_session(player_id)
        return {"name": name}, 201

    async def signin(ctx: Ctx) -> tuple[dict[str, Any], int]:
        name, password = credentials(ctx.body)
        found = store.account(name)
        if not _DECOY:
            _DECOY.append(hasher().hash("not a password at all"))
        if not verify(found[1] if found else _DECOY[0], password) or found is None:
            raise ServiceError(403, WRONG)
        player_id = found[0]
        if ctx.player_id and ctx.player_id != player_id and not store.account_name(ctx.player_id):
            store.adopt_games(ctx.player_id, player_id)  # this device's anonymous games
            web.service.forget_player(ctx.player_id)
        ctx.cookie = store.create_session(player_id)
        return {"name": name}, 200

    async def signout(ctx: Ctx) -> tuple[dict[str, Any], int]:
        store.end_session(ctx.request.cookies.get(COOKIE, ""))
        ctx.cookie = ""
        return {"name": None}, 200

    async def password(ctx: Ctx) -> tuple[dict[str, Any], int]:
        body = ctx.body if isinstance(ctx.body, dict) else {}
        name = store.account_name(ctx.player_id) if ctx.player_id else None
        if name is None or ctx.player_id is None:
            raise ServiceError(403, NOT_SIGNED_IN)
        _, new = credentials({"name": name, "password": body.get("password")})
        found = store.account(name)
        current = body.get("current")
        if found is None or not isinstance(current, str) or not verify(found[1], current):
            raise ServiceError(403, WRONG)
        store.set_password(ctx.player_id, hasher().hash(new))
        store.end_sessions(ctx.player_id, keep=ctx.request.cookies.get(COOKIE, ""))
        return {"name": name}, 200

    return [
        Route("/api/account", web.api(show), methods=["GET"]),
        Route("/api/account/signup", web.api(signup), methods=["POST"]),
        Route("/api/account/signin", web.api(signin), methods=["POST"]),
        Route("/api/account/signout", web.api(signout), methods=["POST"]),
        Route("/api/account/password", web.api(password), methods=["POST"]),
    ]
