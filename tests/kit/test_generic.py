"""The one search every kit solitaire shares (``cardems solve --solver generic``): exact on
the kit's toy against a brute force, the same verdicts as each game's own search, lines
that win when a table plays them, bounded by positions."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kit_toy import DEAL, TOY, ToyState

from cardems.cli import main
from cardems.core import kinds
from cardems.core.game import TableSettings
from cardems.core.registry import game_for, games
from cardems.dealcode import DealCode
from cardems.kit.game import KitGame
from cardems.kit.generic import position_key, solve

TOY_CARDS = ("AS", "2S", "3S", "4S", "AH", "2H", "3H", "4H")
SOLITAIRES = [game for game in games() if isinstance(game, KitGame)]


def _benchmark() -> Any:
    """``benchmarks/generic_solver.py`` as a module (its run is behind ``__main__``)."""
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "generic_solver.py"
    spec = importlib.util.spec_from_file_location("generic_solver", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


BENCHMARK = _benchmark()


def brute_force(state: ToyState) -> bool:
    """Whether the toy position can be won: every line tried, depth first."""
    seen: set[Any] = set()

    def reachable_win(position: ToyState) -> bool:
        key = position_key(position)
        if key in seen:
            return False
        seen.add(key)
        if position.outcome == "won":
            return True
        return any(reachable_win(position.apply(move)) for move in position.legal_moves())

    return reachable_win(state)


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(st.permutations(TOY_CARDS), st.integers(0, 8))
def test_the_toys_verdict_is_the_brute_forces_and_its_line_wins(
    cards: list[str], split: int
) -> None:
    deal = ToyState((tuple(cards[:split]), tuple(cards[split:])))
    found = solve(deal, TOY.progress, 100_000)
    assert found.winnable is brute_force(deal)  # a loss only when every position was seen
    if found.line is not None:
        position = deal
        for move in found.line:
            position = position.apply(move)
        assert position.outcome == "won"


def test_a_budget_of_positions_leaves_the_verdict_undecided() -> None:
    assert solve(DEAL, TOY.progress, 100_000).winnable is True
    short = solve(DEAL, TOY.progress, 1)
    assert short.winnable is None and short.line is None and short.nodes == 1
    blocked = ToyState((("3S", "AH", "4S", "AS"), ("4H", "2H", "3H", "2S")))
    lost = solve(blocked, TOY.progress, 100_000)  # the 4S lies on the AH, the 3S under both
    assert lost.winnable is False and lost.line is None and lost.nodes > 1


def test_a_position_is_the_state_without_its_counters() -> None:
    played = DEAL.apply(DEAL.legal_moves()[0])
    assert position_key(played) != position_key(DEAL)
    assert position_key(ToyState(DEAL.columns, DEAL.homes, moves=9)) == position_key(DEAL)


def replayed_status(game: KitGame, code: DealCode, line: tuple[Any, ...]) -> str:
    """The table's status after the engine moves of ``line``, each played as its intent."""
    table: Any = game.new_table(code, TableSettings(), {}, lambda: 0.0)
    for move in line:
        events = table.play_move(move)
        assert all(event["type"] != "error" for event in events), (move, events)
    return str(table.status)


def generic_line(game: KitGame, code: DealCode, nodes: int) -> tuple[bool | None, Any]:
    """The generic verdict of the deal and its line of engine moves."""
    solitaire = game.solitaire_for(code)
    found = solve(solitaire.deal(code), solitaire.progress, nodes)
    return found.winnable, found.line


def test_cli_solves_any_solitaire_with_a_line_the_table_wins(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = "HH1-N-AAAAA7I"  # deal 1000: won within a hundred positions
    assert main(["solve", code, "--solver", "generic", "--json", "--nodes", "5000"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["winnable"] is True and 0 < record["nodes"] <= 5000
    assert record["length"] == len(record["moves"])
    game = game_for("heart-to-heart")
    assert isinstance(game, KitGame)
    winnable, line = generic_line(game, DealCode.parse(code), 5000)
    assert winnable is True and replayed_status(game, DealCode.parse(code), line) == "won"
    solitaire = game.solitaire()
    assert [solitaire.notation(move) for move in line] == record["moves"]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["HT1-N-AAAAAAM"], "Hearts is not a solitaire"),
        (["HH1-N-AAAAAAM", "--shortest"], "a winning line, not the shortest one"),
        (["HH1-N-AAAAAAM", "--seconds", "3"], "bounded by --nodes alone"),
    ],
)
def test_cli_refusals_are_one_line(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", *args, "--solver", "generic"]) == 2
    err = capsys.readouterr().err.strip()
    assert said in err and "\n" not in err


DECIDED = {
    "golf": (11, 36),
    "black-hole": (12, 37),
    "all-in-a-row": (7, 14),
    "aces-up": (8, 13),
    "gaps": (1, 3),
    "accordion": (11, 12),
    "eight-off": (29, 39),
    "king-albert": (9, 10),
    "bakers-dozen": (42,),
    "flower-garden": (6,),
    "simple-simon": (22, 23),
    "yukon": (38, 59),
}
"""Deals of games whose generic search decides none of deals 3,000–3,002 within 600
positions, which it decides within the benchmark's budget for the game (``NODES`` in
``benchmarks/generic_solver.py``: the first two such deals of 1–60): a check there is
never vacuous. FreeCell, Klondike, Spider, Spanish Patience, Fan, Canfield and Mrs Mop
have none within 1–60 at their budgets."""


def check_agreement(game: KitGame, number: int, nodes: int) -> bool | None:
    """The generic verdict of deal ``number`` within ``nodes``, after checking that the
    game's own search does not contradict it and that a generic line wins on a table."""
    code = DealCode(game.family.prefix, game.family.versions[-1], game.family.variants[0], number)
    winnable, line = generic_line(game, code, nodes)
    if winnable is None:
        return None  # the game's own search would spend its whole budget for nothing
    own = game.solve(code, shortest=False)["winnable"]
    if own is not None:
        assert winnable == own, code
    if winnable:
        assert replayed_status(game, code, line) == "won", code
    return winnable


@pytest.mark.slow
@pytest.mark.parametrize("game", SOLITAIRES, ids=lambda game: game.family.name)
def test_the_generic_verdicts_agree_with_each_games_own(game: KitGame) -> None:
    """Deals 3,000–3,002 of the default variant (not the deals the search was tried on):
    wherever the generic search decides within 600 positions, the game's own search
    does not contradict it, and every generic line wins on a table; and the deals of
    :data:`DECIDED`, which the generic search decides within the benchmark's budget."""
    for number in range(3_000, 3_003):
        check_agreement(game, number, 600)
    name = game.family.name
    for number in DECIDED.get(name, ()):
        assert check_agreement(game, number, BENCHMARK.NODES[name]) is not None, number


def test_every_solitaire_is_a_kit_game_the_benchmark_budgets() -> None:
    """The agreement test above and ``benchmarks/generic_solver.py`` cover every
    solitaire of the registry: every game but the trick-taking ones is a kit game (so
    ``cardems solve --solver generic`` answers for it), and the benchmark gives each its
    own generic budget."""
    solitaires = {g.family.name for g in games() if g.kind != kinds.TRICK_TAKING}
    assert solitaires == {game.family.name for game in SOLITAIRES}
    assert set(BENCHMARK.NODES) == solitaires
    assert set(BENCHMARK.SOLVITAIRE) <= solitaires and set(BENCHMARK.OWN_NODES) <= solitaires


def test_the_benchmark_names_the_deals_both_decide_differently() -> None:
    """A row counts each search's verdicts and names, by its code, a deal both decide and
    disagree on (the anchor: none); a deal one search leaves undecided is no
    disagreement."""
    game = game_for("klondike")
    assert isinstance(game, KitGame)
    deals = [
        BENCHMARK.Deal(7, True, 0.010, True, 0.001),
        BENCHMARK.Deal(8, True, 0.020, False, 0.002),
        BENCHMARK.Deal(9, None, 0.030, False, 0.003),
    ]
    cells = [cell.strip() for cell in BENCHMARK.row(game, 300, deals).split("|")]
    assert cells[1:5] == ["klondike (KL1-D3)", "7–9", "300", "its own"]
    assert cells[5:9] == ["2 / 0 / 1", "66.7%", "20.0", "29.0"]
    assert cells[9:11] == ["1 / 2 / 0", "100.0%"]
    assert cells[13] == f"1: {BENCHMARK.code_of(game, 8)}" == "1: KL1-D3-AAAAAAI"
    assert cells[14].startswith("81.945 %")
