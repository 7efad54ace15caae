"""Klondike as it was played before it became a declaration of the build family still
plays the same: the record of ``old_klondike_logs.json`` (written by ``make_old_logs.py``
on Klondike's own engine) holds today's code to the cards each deal code deals, to every
saved game's positions, scores (standard and Vegas), counters and refusal words on the
rules, and to every saved table game's events, views, positions, selection, history,
labels and hint, step by step."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tests.klondike.old_logs import (
    OUT,
    combos,
    digest,
    labelled,
    layout,
    replay_rules_game,
    replay_table_game,
    rules_position,
    table_position,
)

from cardems.dealcode import DealCode
from cardems.klondike.declared import deal

RECORD: dict[str, Any] = json.loads(OUT.read_text(encoding="utf-8"))
QUICK = 4
"""One table game of every four replays in the quick run; the others are marked slow."""


def test_the_corpus_covers_every_variant_scoring_and_ending() -> None:
    played = {(game["code"].split("-")[1], game["scoring"]) for game in RECORD["games"]}
    tabled = {(game["code"].split("-")[1], game["scoring"]) for game in RECORD["tables"]}
    assert played == tabled == set(combos())
    assert {game["end"]["status"] for game in RECORD["tables"]} == {"won", "stuck", "playing"}
    assert {table["auto_move"] for table in RECORD["tables"]} == {False, True}
    refusals = {step[1] for game in RECORD["games"] for step in game["steps"] if len(step) == 2}
    assert len(refusals) == 10  # every refusal of the rules' moves


@pytest.mark.parametrize("code", sorted(RECORD["deals"]))
def test_a_deal_code_deals_the_same_cards(code: str) -> None:
    assert layout(deal(DealCode.parse(code))) == RECORD["deals"][code]


@pytest.mark.parametrize(
    "saved",
    RECORD["games"],
    ids=[f"{game['code']}-{game['scoring']}" for game in RECORD["games"]],
)
def test_a_saved_game_replays_to_the_same_positions_scores_and_refusals(
    saved: dict[str, Any],
) -> None:
    steps, end = replay_rules_game(saved)
    for number, (now, then) in enumerate(zip(steps, saved["steps"], strict=True)):
        assert now == then, f"step {number}: {saved['moves'][number]}"
    assert rules_position(end) == saved["end"]


@pytest.mark.parametrize(
    "saved",
    [
        pytest.param(game, marks=() if k % QUICK == 0 else pytest.mark.slow)
        for k, game in enumerate(RECORD["tables"])
    ],
    ids=[f"{game['code']}-{game['scoring']}" for game in RECORD["tables"]],
)
def test_a_saved_table_game_replays_to_the_same_table(saved: dict[str, Any]) -> None:
    steps, notation, table = replay_table_game(saved)
    for number, (now, then) in enumerate(zip(steps, saved["steps"], strict=True)):
        assert now == then, f"step {number}: {saved['log'][number]}"
    assert notation == saved["notation"]
    assert table_position(table) == saved["end"]
    assert {lang: digest(labelled(table, lang)) for lang in saved["labels"]} == saved["labels"]
    assert table.hint("en") == saved["hint"]
    assert table.selected == saved["selected"]
    assert (table.history.can_undo, table.history.can_redo) == (
        saved["can_undo"],
        saved["can_redo"],
    )
