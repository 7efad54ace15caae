"""Spider as it was played on its own engine still plays the same on its declaration of
the build family (:mod:`cardems.spider.declared`): the record of
``old_spider_logs.json`` (written by ``make_old_logs.py`` on Spider's own engine) holds
today's code to the cards each deal code deals (by identity, ``7S.2``), to every saved
game's positions, scores, counters, outcomes and refusal words on the rules, and to every
saved table game's events, views, positions, selection, history, labels and hint, step by
step."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from tests.spider.old_logs import (
    OUT,
    VARIANTS,
    digest,
    labelled,
    layout,
    replay_rules_game,
    replay_table_game,
    rules_position,
    table_position,
)

from cardems.dealcode import DealCode
from cardems.spider.declared import deal

RECORD: dict[str, Any] = json.loads(OUT.read_text(encoding="utf-8"))
QUICK = 3
"""One table game of every three replays in the quick run; the others are marked slow."""
QUICK_GAMES = 4
"""One rules game a variant (of four: three random, one won) replays in the quick run."""


def _variant(game: dict[str, Any]) -> str:
    return str(game["code"].split("-")[1])


def test_the_corpus_covers_every_variant_refusal_and_ending() -> None:
    assert {_variant(game) for game in RECORD["games"]} == set(VARIANTS)
    assert {_variant(game) for game in RECORD["tables"]} == set(VARIANTS)
    assert {game["end"]["status"] for game in RECORD["tables"]} == {"won", "stuck", "playing"}
    assert {game["end"]["outcome"] for game in RECORD["games"]} >= {"won", "stuck", "blocked"}
    assert {table["auto_move"] for table in RECORD["tables"]} == {False, True}
    refusals = {step[1] for game in RECORD["games"] for step in game["steps"] if len(step) == 2}
    kinds = {re.sub(r"\d+", "N", words) for words in refusals}
    assert len(kinds) == 7  # every refusal of the rules' moves
    won = {_variant(game) for game in RECORD["games"] if len(game["end"]["runs"]) == 8}
    assert won == set(VARIANTS)  # every run goes home, in every variant


@pytest.mark.parametrize("code", sorted(RECORD["deals"]))
def test_a_deal_code_deals_the_same_cards(code: str) -> None:
    assert layout(deal(DealCode.parse(code))) == RECORD["deals"][code]


@pytest.mark.parametrize(
    "saved",
    [
        pytest.param(game, marks=() if k % QUICK_GAMES == 0 else pytest.mark.slow)
        for k, game in enumerate(RECORD["games"])
    ],
    ids=[f"{game['code']}-{game['seed']}" for game in RECORD["games"]],
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
    ids=[f"{game['code']}-{game['auto_move']}" for game in RECORD["tables"]],
)
def test_a_saved_table_game_replays_to_the_same_table(saved: dict[str, Any]) -> None:
    steps, notation, table = replay_table_game(saved)
    for number, (now, then) in enumerate(zip(steps, saved["steps"], strict=True)):
        assert now == then, f"step {number}: {saved['log'][number]}"
    assert notation == saved["notation"]
    assert table_position(table) == saved["end"]
    assert {lang: digest(labelled(table, lang)) for lang in saved["labels"]} == saved["labels"]
    if saved["hint"] is not None:
        assert {lang: table.hint(lang) for lang in saved["hint"]} == saved["hint"]
    assert table.selected == saved["selected"]
    assert (table.history.can_undo, table.history.can_redo) == (
        saved["can_undo"],
        saved["can_redo"],
    )
