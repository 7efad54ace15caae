"""``cardems play`` for the games the family plays with one declaration a variant (Klondike,
Spider): the family's terminal play, in its notation, to a won, undone or refused state."""

from __future__ import annotations

import io
import sys

import pytest

from cardems.cellgames.notation import format_move
from cardems.cli import main
from cardems.core.registry import game_for
from cardems.core.terminal import run
from cardems.dealcode import DealCode
from cardems.kit.building.engine import BuildState, parse_move


def session(code: str, typed: str) -> tuple[str, BuildState]:
    """What the player reads playing ``typed`` on ``code``, and the last position."""
    deal = DealCode.parse(code)
    out = io.StringIO()
    last = run(game_for(deal.game).text_play(), deal, io.StringIO(typed), out)
    return out.getvalue(), last


def klondike_line(code: str) -> list[str]:
    """Klondike's own search's winning line of ``code``, in the family's notation."""
    from cardems.klondike.declared import board, family_move
    from cardems.klondike.solver import solve

    start = board(DealCode.parse(code))
    verdict = solve(start, 200_000)
    assert verdict.winnable and verdict.line
    state, typed = start.state, []
    for move in verdict.line:
        played = family_move(state, move)
        typed.append(format_move(played))
        state = state.apply(played)
    return typed


def spider_line(code: str) -> list[str]:
    """Spider's own search's winning line of ``code``, in the family's notation."""
    from cardems.spider.declared import deal, family_move
    from cardems.spider.solver import solve

    result = solve(deal(DealCode.parse(code)).fast)
    assert result.winnable and result.moves
    return [format_move(family_move(move)) for move in result.moves]


@pytest.mark.parametrize("code", ["KL1-D3-AAAAAAB", "KL1-D1L-AAAAAAC"])
def test_klondike_is_won_in_the_terminal(code: str) -> None:
    line = klondike_line(code)
    shown, last = session(code, "\n".join(line) + "\n")
    assert last.won and shown.rstrip().endswith("You won!")
    assert "refused" not in shown
    assert f"score {last.score}, moves {len(line)}" in shown
    assert "foundations (S H D C): KS KH KD KC" in shown


def test_spider_is_won_in_the_terminal() -> None:
    code = "SP1-S1-AAAAAAC"
    line = spider_line(code)
    shown, last = session(code, "\n".join(line) + "\n")
    assert last.won and shown.rstrip().endswith("You won!")
    assert "refused" not in shown and "s-w" in line
    assert f"score {500 - len(line) + 800}, moves {len(line)}" in shown
    assert "stock: 0 cards" in shown


def test_klondike_shows_the_stock_and_the_waste_refuses_and_undoes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("c1-c2\ns-w\ns-w\nundo\nc9-c1\nhint\nquit\n"))
    assert main(["play", "KL1-D3L-AAAAAAB"]) == 0
    shown = capsys.readouterr().out
    first, *_ = shown.splitlines()
    assert first.startswith("KL1-D3L-AAAAAAB  Klondike — moves: c3-c7 column to column, s-w")
    assert "cannot be played" not in shown
    assert "stock: 24 cards    waste: -- (0 cards)" in shown
    assert "stock: 21 cards    waste:" in shown and "stock: 18 cards" in shown
    assert "refused: Must be the other colour and exactly one rank lower" in shown
    assert "refused: not a move: 'c9-c1'" in shown
    # six columns of face-down cards under the first: the player sees backs, not cards
    assert " ##  " in shown
    after_undo = shown.split("> undo\n", 1)[1].split(">", 1)[0]
    assert "stock: 21 cards" in after_undo and "score 0, moves 1" in after_undo
    assert "hint: " in shown


@pytest.mark.parametrize("variant", ["S1", "S2", "S4"])
def test_spider_deals_refuses_and_undoes(variant: str) -> None:
    code = f"SP1-{variant}-AAAAAAB"
    shown, last = session(code, "c1-c2x5\ns-w\nundo\nredo\nw-c3\nquit\n")
    assert shown.startswith(f"{code}  Spider — moves: c3-c7 column to column")
    assert "goes home by itself" in shown.splitlines()[0]
    assert "stock: 50 cards" in shown and "stock: 40 cards" in shown
    assert "refused: A face-down card cannot move" in shown
    assert "score 499, moves 1" in shown
    assert last.moves == 1 and len(last.stock) == 40
    assert "refused: There is no card there" in shown


def test_spider_refuses_a_deal_onto_an_empty_column() -> None:
    from cardems.spider.declared import deal

    code = "SP1-S1-AAAAAAB"
    state = deal(DealCode.parse(code)).state
    typed = []
    for move in spider_line(code):  # up to the first column emptied with cards in stock
        if state.stock and not all(state.columns):
            break
        typed.append(move)
        state = state.apply(parse_move(move, state.rules))
    assert state.stock and not all(state.columns)
    shown, last = session(code, "\n".join([*typed, "s-w"]) + "\n")
    assert shown.rstrip().endswith(
        "refused: The stock deals only while every column holds a card\n>"
    )
    assert last == state
