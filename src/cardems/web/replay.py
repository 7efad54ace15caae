"""Replays and worked examples: a game rebuilt step by step from its code and its actions.

``/replay?code=HH1-N-AAAAAAM&moves=t_stock.g_heart-25_waste`` opens for anyone (no saved
game is needed): the server deals the code through the game core (``Game.new_table``)
and plays each action on it (``Table.act``, as a saved game is rebuilt), and the page
steps through the views (``static/replay.js``). ``/replay/step`` answers one step's view
as JSON; ``/game/{id}/replay`` sends the player's own game to its replay URL (with
``lost=1`` when the game is known lost: the page then marks the step of the move after
which no win existed, worked out from the moves by :mod:`cardems.kit.lost`, as it does
for a game that ended without a win);
``/examples/{slug}`` replays a worked example a game declares (``Game.examples``).

The moves are the table's log in a compact form that fits in a URL: actions joined by
``.``, an action's parts by ``_``, the intent type by one letter (``t`` tap, ``d`` double
tap, ``g`` drag, ``u`` undo, ``r`` redo) and the ``:`` of a target by ``-``. Only games
drawn from piles (the solitaires) are replayed: Hearts is left out, as its log holds the
other seats' cards, which a replay must never show.

Every part is checked; bad input answers a 400 page (or JSON for ``/replay/step``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import urlencode

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from cardems.core.game import Action, Event, Example, Game, TableSettings, View
from cardems.core.service import ServiceError
from cardems.core.tables import top_cards
from cardems.dealcode import DealCode, DealCodeError
from cardems.i18n import translations
from cardems.i18n.markers import N_
from cardems.numbers import read_number
from cardems.web.deps import Web
from cardems.web.i18n import translate
from cardems.web.jsonanswer import JSONAnswer
from cardems.web.narration import narrate

MAX_MOVES_TEXT: Final = 6000
"""Characters of ``moves`` at most (a URL stays well under 8 KB)."""
MAX_ACTIONS: Final = 1000
KINDS: Final = {"t": "tap", "d": "double_tap", "g": "drag", "u": "undo", "r": "redo"}
LETTERS: Final = {kind: letter for letter, kind in KINDS.items()}
PART: Final = re.compile(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*")
TARGET: Final = re.compile(r"[A-Za-z0-9]+(?::[A-Za-z0-9]+)*")

NO_CODE = N_("A replay needs a deal code (code=…)")
TOO_LONG = N_("This replay is too long to open (at most %(num)d moves)")
BAD_MOVES = N_("The moves of this replay cannot be read (move %(num)d)")
NOT_PLAYABLE = N_("Move %(num)d of this replay cannot be played on this deal")
NO_REPLAY = N_("%(game)s games cannot be replayed")
BAD_STEP = N_("There is no such step in this replay")
NO_EXAMPLE = N_("There is no such example")
REPLAY_TITLE = N_("Replay of deal %(code)s")
START = N_("The deal as it was dealt.")


class ReplayError(ValueError):
    """Input that does not make a replay: a marked message, answered with a 400."""


def encode_moves(actions: Sequence[Action]) -> str:
    """A table's log as the ``moves`` of a replay URL; ValueError for an action that
    has no such form (another game's)."""
    encoded = []
    for kind, *parts in actions:
        if kind not in LETTERS or not all(TARGET.fullmatch(part) for part in parts):
            raise ValueError(f"no replay form for {(kind, *parts)!r}")
        encoded.append("_".join([LETTERS[kind], *(part.replace(":", "-") for part in parts)]))
    return ".".join(encoded)


def decode_moves(text: str) -> tuple[Action, ...]:
    """The actions a replay URL's ``moves`` names; :class:`ReplayError` for anything
    else (too long, an unknown letter, a malformed target)."""
    if not text:
        return ()
    if len(text) > MAX_MOVES_TEXT or text.count(".") >= MAX_ACTIONS:
        raise ReplayError(TOO_LONG % {"num": MAX_ACTIONS})
    actions: list[Action] = []
    for num, item in enumerate(text.split("."), 1):
        letter, *parts = item.split("_")
        kind = KINDS.get(letter)
        wanted = {"tap": 1, "double_tap": 1, "drag": 2}.get(kind or "", 0)
        if kind is None or len(parts) != wanted or not all(PART.fullmatch(p) for p in parts):
            raise ReplayError(BAD_MOVES % {"num": num})
        actions.append((kind, *(part.replace("-", ":") for part in parts)))
    return tuple(actions)


@dataclass(frozen=True)
class Step:
    """One step of a replay: the view after it and the events that led there."""

    view: View
    events: list[Event]


def build(games: Sequence[Game], code_text: str, actions: Sequence[Action]) -> list[Step]:
    """The replay's steps: the deal (step 0), then one per action.

    Every action must change the table, as each one of a saved log did (a refused or
    idle one means the moves do not belong to this deal)."""
    try:
        code = DealCode.parse(code_text)
    except DealCodeError as error:
        raise ReplayError(str(error)) from None
    game = next((g for g in games if g.family.prefix == code.game), None)
    if game is None:
        raise ReplayError(NO_REPLAY % {"game": code.family.title})
    table = game.new_table(code, TableSettings(), {}, lambda: 0.0)
    first = table.view()
    if "piles" not in first or "board" not in first:
        raise ReplayError(NO_REPLAY % {"game": game.family.title})
    steps = [Step(first, [])]
    for num, action in enumerate(actions, 1):
        try:
            events = table.act(action)
        except ValueError:
            raise ReplayError(NOT_PLAYABLE % {"num": num}) from None
        if len(table.log) != num or table.log[-1] != action:
            raise ReplayError(NOT_PLAYABLE % {"num": num})
        steps.append(Step(table.view(), events))
    return steps


def ended_unwon(view: View) -> bool:
    """Whether a replay's last view is a game that ended without a win."""
    return view.get("status") not in ("playing", "won")


def replay_routes(web: Web) -> list[Route]:
    """``/replay``, ``/replay/step``, ``/game/{id}/replay`` and ``/examples/{slug}``."""
    service = web.service

    def examples() -> dict[str, Example]:
        return {example.slug: example for game in service.games for example in game.examples}

    def read(request: Request) -> tuple[str, tuple[Action, ...]]:
        code = request.query_params.get("code", "").strip()
        if not code or len(code) > 40:
            raise ReplayError(NO_CODE)
        return code, decode_moves(request.query_params.get("moves", ""))

    def bad(ctx: Any, error: ReplayError) -> Response:
        return web.error_page(ctx, ServiceError(400, str(error)))

    def page(
        request: Request,
        code: str,
        actions: tuple[Action, ...],
        example: Example | None = None,
    ) -> Response:
        ctx = web.context(request)
        try:
            steps = build(service.games, code, actions)
        except ReplayError as error:
            return bad(ctx, error)
        lang = ctx.lang
        views = [web.localize(step.view, lang) for step in steps]
        words = [translations(lang).gettext(START)]
        words += [
            narrate(lang, top_cards(steps[i - 1].view), views[i], steps[i].events)
            for i in range(1, len(steps))
        ]
        notes = dict(example.notes) if example else {}
        t = translations(lang)
        game = next(g for g in service.games if g.family.name == views[0]["game"])
        lost = None
        if example is None and (ended_unwon(steps[-1].view) or request.query_params.get("lost")):
            lost = game.where_lost(DealCode.parse(code), TableSettings(), {}, actions)
        lost_step = None if lost is None else lost.step
        if lost is not None and lost_step is not None:
            notes[lost_step] = lost.words(lang)
        moves = encode_moves(actions)
        share = (
            f"/examples/{example.slug}"
            if example
            else "/replay?" + urlencode({"code": views[0]["code"], "moves": moves})
        )
        return web.page(
            ctx,
            "replay.html",
            family=game.family,
            title=t.gettext(example.title)
            if example
            else t.gettext(REPLAY_TITLE) % {"code": views[0]["code"]},
            intro=t.gettext(example.intro) if example and example.intro else "",
            steps=[
                {
                    "words": words[i],
                    "note": t.gettext(notes[i]) if i in notes else "",
                    "lost": i == lost_step,
                }
                for i in range(len(steps))
            ],
            data={
                "code": views[0]["code"],
                "moves": moves,
                "count": len(steps) - 1,
                "first": views[0],
                "lost": lost_step,
            },
            share=share,
        )

    async def replay(request: Request) -> Response:
        try:
            code, actions = read(request)
        except ReplayError as error:
            return bad(web.context(request), error)
        return await run_in_threadpool(page, request, code, actions)

    async def example(request: Request) -> Response:
        found = examples().get(request.path_params["slug"])
        if found is None:
            return web.error_page(web.context(request), ServiceError(404, NO_EXAMPLE))
        return await run_in_threadpool(page, request, found.code, found.actions, found)

    async def step(request: Request) -> Response:
        ctx = web.context(request)
        try:
            code, actions = read(request)
            number = request.query_params.get("step", "")
            shown = read_number(number, maximum=len(actions))
            if shown is None:
                raise ReplayError(BAD_STEP)
            steps = await run_in_threadpool(build, service.games, code, actions[:shown])
        except ReplayError as error:
            return JSONAnswer({"error": translate(ctx.lang, str(error))}, 400)
        last = steps[-1]
        view = web.localize(last.view, ctx.lang)
        data = {"step": shown, "view": view, "events": last.events}
        return JSONAnswer(data, headers={"cache-control": "public, max-age=3600"})

    async def own(request: Request) -> Response:
        """The player's game (finished or not) as a shareable replay URL."""
        ctx = web.context(request)
        try:
            live = await run_in_threadpool(service.load, ctx.reader, ctx.game_id)
            if live.game.opponents and live.table.status == "playing":
                raise ValueError("its deal names the opponents' hands until it ends")
            moves = encode_moves(live.table.log)
        except ServiceError as error:
            return web.error_page(ctx, error)
        except ValueError:
            return bad(ctx, ReplayError(NO_REPLAY % {"game": live.game.family.title}))
        if len(moves) > MAX_MOVES_TEXT or len(live.table.log) >= MAX_ACTIONS:
            return bad(ctx, ReplayError(TOO_LONG % {"num": MAX_ACTIONS}))
        fields = {"code": str(live.table.code), "moves": moves}
        if service.lost_known(live):
            fields["lost"] = "1"  # the page works out where, from the moves alone
        query = urlencode(fields)
        return RedirectResponse(f"/replay?{query}", 303)

    guard = web.guard
    return [
        Route("/replay", guard(replay)),
        Route("/replay/step", guard(step)),
        Route("/game/{game_id}/replay", guard(own)),
        Route("/examples/{slug}", guard(example)),
    ]
