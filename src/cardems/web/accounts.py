"""Accounts for hosted play: a name and a password carry a player's games, settings and
statistics to every device.

Offered only when the server is started for it (``cardems serve --accounts``, or with a
PostgreSQL database); a local single-player server has no sign-in. A player who played
before signing up keeps those games: the account is made for the current profile.
Signing in on another device gives that device's anonymous games to the account. The
cookie of an account holds a session token, never the player's id, so signing out ends
it and changing the password ends every other session; the database keeps only the
token's SHA-256, and a session unused for 30 days ends (its cookie lasts as long, and
both are renewed while it is used). Names follow :mod:`cardems.web.names` (look-alikes
are one name), passwords :mod:`cardems.web.passwords` (Argon2, off the event loop, no
common password), and sign-in attempts :mod:`cardems.web.throttle`. Signing up or in
gives the device a token of that account (the ``cardems_device`` cookie, a year long,
``<id>.<HMAC of the account and id under the database's secret>``, so every worker
checks it without a query): the throttle counts that device's attempts on their own,
so an attacker guessing elsewhere does not lock the owner out of a device they used
before.

- ``GET /api/account``: ``{"name": … or null}``
- ``POST /api/account/signup`` and ``…/signin``: ``{"name", "password"}``; a throttled
  sign-in is a 429 with ``Retry-After`` and ``retry_after`` (seconds)
- ``POST /api/account/signout``: ``{"everywhere": true}`` ends every session of the account
- ``POST /api/account/password``: ``{"current", "password"}``
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any

from starlette.routing import Route

from cardems.core.service import ServiceError
from cardems.i18n.markers import N_
from cardems.web import throttle
from cardems.web.deps import COOKIE, DEVICE_COOKIE, Ctx, Web
from cardems.web.names import BAD_NAME, NameError_, checked_name, name_key
from cardems.web.passwords import hash_password, password_problem, verify

TAKEN = N_("that name is taken (or this profile already has an account)")
WRONG = N_("wrong name or password")
NOT_SIGNED_IN = N_("sign in first")
WAIT = N_("too many sign-in attempts: try again in %(num)d s")


def credentials(body: Any) -> tuple[str, str]:
    """A valid ``name`` and ``password`` from a request body, or a 400."""
    if not isinstance(body, dict) or not isinstance(body.get("name"), str):
        raise ServiceError(400, BAD_NAME)
    try:
        name = checked_name(body["name"])
    except NameError_ as error:
        raise ServiceError(400, str(error)) from None
    password = body.get("password")
    problem = password_problem(password, name)
    if problem is not None or not isinstance(password, str):
        raise ServiceError(400, problem or BAD_NAME)
    return name, password


def address(ctx: Ctx) -> str:
    """The requesting address (the proxy's client with ``--proxy-headers``)."""
    return ctx.request.client.host if ctx.request.client else "unknown"


class Devices:
    """The device tokens of accounts (see the module docstring)."""

    def __init__(self, secret: bytes) -> None:
        self.key = hashlib.sha256(b"cardems devices\0" + secret).digest()

    def _mac(self, player_id: str, ident: str) -> str:
        text = f"{player_id}\0{ident}".encode()
        return hmac.new(self.key, text, hashlib.sha256).hexdigest()[:32]

    def token(self, player_id: str) -> str:
        """A new device's token for ``player_id``'s account."""
        ident = secrets.token_urlsafe(12)
        return f"{ident}.{self._mac(player_id, ident)}"

    def device(self, player_id: str, token: str) -> str | None:
        """The device id of ``token`` if it was given for ``player_id``'s account."""
        ident, _, mac = token.partition(".")
        if (
            not ident
            or len(token) > 80
            or not hmac.compare_digest(mac.encode(), self._mac(player_id, ident).encode())
        ):
            return None
        return ident


def account_routes(web: Web) -> list[Route]:
    """The account calls (see the module docstring)."""
    store = web.store
    devices = Devices(store.secret())

    async def show(ctx: Ctx) -> tuple[dict[str, Any], int]:
        name = store.account_name(ctx.player_id) if ctx.player_id else None
        return {"name": name}, 200

    async def signup(ctx: Ctx) -> tuple[dict[str, Any], int]:
        name, password = credentials(ctx.body)
        hashed = await hash_password(password)
        if store.account(name_key(name)) is not None:
            raise ServiceError(409, TAKEN)
        player_id = web.player(ctx)
        if not store.create_account(player_id, name, name_key(name), hashed):
            raise ServiceError(409, TAKEN)
        ctx.cookie = store.create_session(player_id)
        ctx.device = devices.token(player_id)
        return {"name": name}, 201

    async def signin(ctx: Ctx) -> tuple[dict[str, Any], int]:
        body = ctx.body if isinstance(ctx.body, dict) else {}
        given, password = body.get("name"), body.get("password")
        if not isinstance(given, str) or not isinstance(password, str) or len(password) > 200:
            raise ServiceError(403, WRONG)
        found = store.account(name_key(given))
        token = ctx.request.cookies.get(DEVICE_COOKIE, "")
        device = devices.device(found[1], token) if found and token else None
        keys = throttle.keys_of(name_key(given)[:64], address(ctx), device)
        wait = throttle.attempt(store, keys)
        if wait:
            raise ServiceError(429, WAIT % {"num": wait}, retry_after=wait)
        if not await verify(found[2] if found else None, password) or found is None:
            raise ServiceError(403, WRONG)
        throttle.succeeded(store, keys)
        name, player_id, _ = found
        if ctx.player_id and ctx.player_id != player_id and not store.account_name(ctx.player_id):
            store.adopt_games(ctx.player_id, player_id)  # this device's anonymous games
            web.service.forget_player(ctx.player_id)
        ctx.cookie = store.create_session(player_id)
        if device is None:
            ctx.device = devices.token(player_id)
        return {"name": name}, 200

    async def signout(ctx: Ctx) -> tuple[dict[str, Any], int]:
        body = ctx.body if isinstance(ctx.body, dict) else {}
        if body.get("everywhere") is True and ctx.player_id and store.account_name(ctx.player_id):
            store.end_sessions(ctx.player_id)
        else:
            store.end_session(ctx.request.cookies.get(COOKIE, ""))
        if ctx.player_id:  # the sockets the ended sessions opened close, on every worker
            web.sessions_changed(ctx.player_id)
        ctx.cookie = ""
        return {"name": None}, 200

    async def password(ctx: Ctx) -> tuple[dict[str, Any], int]:
        body = ctx.body if isinstance(ctx.body, dict) else {}
        name = store.account_name(ctx.player_id) if ctx.player_id else None
        if name is None or ctx.player_id is None:
            raise ServiceError(403, NOT_SIGNED_IN)
        new = body.get("password")
        problem = password_problem(new, name)
        if problem is not None or not isinstance(new, str):
            raise ServiceError(400, problem or WRONG)
        found = store.account(name_key(name))
        current = body.get("current")
        if found is None or not isinstance(current, str) or not await verify(found[2], current):
            raise ServiceError(403, WRONG)
        store.set_password(ctx.player_id, await hash_password(new))
        store.end_sessions(ctx.player_id, keep=ctx.request.cookies.get(COOKIE, ""))
        web.sessions_changed(ctx.player_id)
        return {"name": name}, 200

    return [
        Route("/api/account", web.api(show), methods=["GET"]),
        Route("/api/account/signup", web.api(signup), methods=["POST"]),
        Route("/api/account/signin", web.api(signin), methods=["POST"]),
        Route("/api/account/signout", web.api(signout), methods=["POST"]),
        Route("/api/account/password", web.api(password), methods=["POST"]),
    ]
