"""The arena, the adapter and the CLI commands."""

from __future__ import annotations

import json

import pytest

from cardems.cli import main
from cardems.core.registry import Unsupported, game_for
from cardems.dealcode import DealCode
from cardems.hearts.arena import play_duplicate, run_arena, summarize
from cardems.hearts.league import sets_for


def test_a_duplicate_set_seats_every_bot_in_every_chair() -> None:
    records = play_duplicate((3, ("medium", "easy", "easy", "easy"), 1))
    assert len(records) == 16
    for shift in range(4):
        seats = records[4 * shift : 4 * shift + 4]
        assert seats[shift].name == "medium"
        assert len({len(r.hand_scores) for r in seats}) == 1
        assert sum(r.won for r in seats) == 1
        # every hand hands out 26 points, or 78 on a moon
        for scores in zip(*(r.hand_scores for r in seats), strict=True):
            assert sum(scores) in (26, 78)
    # The same code deals the same cards in each rotation: the first round's scores are
    # not all equal only because the bots moved.
    summary = summarize(records)
    assert [s.name for s in summary] == ["medium", "easy"]
    assert summary[0].matches == 4 and summary[1].matches == 12


def test_run_arena_plays_the_sets_asked_and_refuses_bad_line_ups() -> None:
    told: list[int] = []
    records, hands = run_arena(["easy", "easy", "easy", "medium"], 2, 1, progress=told.append)
    assert len(records) == 2 * 16  # two sets of four matches, four seats each
    assert sum(len(r.hand_scores) for r in records) == 4 * hands
    assert len(told) == 2 and sum(told) == hands
    with pytest.raises(ValueError):
        run_arena(["easy", "easy", "medium"], 1, 1)
    with pytest.raises(ValueError, match="unknown bot"):
        run_arena(["easy", "easy", "medium", "wizard"], 1, 1)
    with pytest.raises(ValueError, match="at least one"):
        run_arena(["easy", "easy", "easy", "medium"], 0, 1)


@pytest.mark.parametrize(("hands", "sets"), [(1, 1), (20, 1), (65, 1), (67, 2), (400, 9)])
def test_hands_become_the_closest_whole_sets(hands: int, sets: int) -> None:
    assert sets_for(hands) == sets


def test_cli_arena_says_up_front_what_it_plays(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "easy,easy,easy,easy", "--hands", "20", "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err.splitlines()[0] == (
        "arena: 1 duplicate sets of about 44 hands (20 asked; a set is not cut, so that every"
        " bot plays its deals from every seat)"
    )
    assert "\r" not in captured.err  # not a terminal: whole lines, for logs
    assert json.loads(captured.out)["duplicate_sets"] == 1
    assert main(["arena", "--hands", "-3"]) == 2
    assert "--hands: expected a whole number of at least 1, got '-3'" in capsys.readouterr().err


@pytest.mark.slow
def test_cli_arena_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "medium,easy,easy,easy", "--hands", "88", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    names = [bot["name"] for bot in out["bots"]]
    assert names == ["medium", "easy"]
    for bot in out["bots"]:
        assert {
            "name",
            "mean_points",
            "ci95",
            "matches_won",
            "moon_rate",
            "ms_per_decision",
        } <= set(bot)
    assert out["hands"] >= 80  # two duplicate sets: a standard error between them
    figure = out["ratio"]
    medium, easy = out["bots"]
    assert (figure["bot"], figure["field"]) == ("medium", "easy")
    assert figure["value"] == pytest.approx(medium["mean_points"] / easy["mean_points"], abs=0.01)
    assert figure["low"] <= figure["value"] <= figure["high"]


@pytest.mark.slow
def test_cli_arena_text_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "easy,easy,easy,easy", "--hands", "10", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "points/hand" in out and "÷" not in out  # no field of three others: no ratio
    assert main(["arena", "--bots", "medium,easy,easy,easy", "--hands", "10", "--quiet"]) == 0
    assert "medium's points/hand ÷ the field's (3 × easy): " in capsys.readouterr().out
    assert main(["arena", "--bots", "easy,easy", "--hands", "10"]) == 2
    assert "exactly four" in capsys.readouterr().err


def test_adapter_describes_renders_and_refuses_to_solve() -> None:
    adapter = game_for("hearts")
    code = DealCode.parse("HT1-N-AAAAAAM")
    data = adapter.describe(code)
    assert data["code"] == "HT1-N-AAAAAAM" and data["game"] == "hearts"
    assert data["pass_direction"] == "left"
    assert data["round"] == 1  # as the table and `cardems deal` say it, not the engine's 0
    assert adapter.render(code).startswith("HT1-N-AAAAAAM  round 1, pass left")
    assert data["hands"]["South"] == [
        "4S",
        "5S",
        "4H",
        "7H",
        "QH",
        "2D",
        "4D",
        "JD",
        "2C",
        "8C",
        "JC",
        "QC",
        "AC",
    ]
    assert sum(len(h) for h in data["hands"].values()) == 52
    assert "South  S:54  H:Q74" in adapter.render(code)
    with pytest.raises(Unsupported, match="arena"):
        adapter.solve(code, shortest=False)
    assert adapter.random_code("N", winnable=True).game == "HT"


def test_cli_deal_and_solve_for_hearts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "HT1-N-AAAAAAM", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["hands"]["East"][0] == "JS"
    assert main(["solve", "HT1-N-AAAAAAM"]) == 2
    assert "no solver" in capsys.readouterr().err
    assert main(["new", "hearts"]) == 0
    assert capsys.readouterr().out.startswith("HT1-N-")


def test_cli_arena_plays_matches_to_the_target_chosen(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 41: ``--target`` (50, 100 or 150) ends each match as at the table."""
    args = ["arena", "--bots", "easy,easy,easy,easy", "--workers", "1", "--json"]
    assert main([*args, "--hands", "22", "--target", "50"]) == 0
    captured = capsys.readouterr()
    assert "1 duplicate sets of about 22 hands (22 asked" in captured.err
    out = json.loads(captured.out)
    assert out["target"] == 50 and out["bots"][0]["matches"] == 16
    short = play_duplicate((0, ("easy",) * 4, 1, 50))
    long = play_duplicate((0, ("easy",) * 4, 1))
    for match in range(4):
        seats, full = short[4 * match : 4 * match + 4], long[4 * match : 4 * match + 4]
        totals = [sum(r.hand_scores) for r in seats]
        assert max(totals) >= 50 and sum(r.won for r in seats) == 1
        hands = len(seats[0].hand_scores)
        assert hands < len(full[0].hand_scores)  # the same deals, a shorter match
        assert [r.hand_scores for r in seats] == [r.hand_scores[:hands] for r in full]
    assert main([*args, "--target", "75"]) == 2
    assert "--target: invalid choice" in capsys.readouterr().err
    assert main([*args, "--league", "--target", "50"]) == 2
    assert "not --league" in capsys.readouterr().err


@pytest.mark.slow
def test_one_duplicate_set_prints_no_nan(capsys: pytest.CaptureFixture[str]) -> None:
    """One set gives no standard error: the ratio is shown without ±, JSON has null."""
    assert main(["arena", "--bots", "medium,easy,easy,easy", "--hands", "10", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "nan" not in out.lower() and "no standard error from one duplicate set" in out
    ratio_line = next(line for line in out.splitlines() if "÷" in line)
    assert "±" not in ratio_line
    assert main(["arena", "--bots", "medium,easy,easy,easy", "--hands", "10", "--json"]) == 0
    text = capsys.readouterr().out
    assert "NaN" not in text
    figure = json.loads(text)["ratio"]
    assert figure["value"] > 0 and figure["se"] is figure["low"] is figure["high"] is None


def test_the_league_table_says_n_a_for_a_standard_error_it_has_not() -> None:
    from cardems.hearts.league import format_table

    nan = float("nan")
    pair = {
        "bot": "medium",
        "field": "easy",
        "hands": 40,
        **dict.fromkeys(["difference", "ratio", "table_ratio"], 0.5),
        **dict.fromkeys(["difference_se", "ratio_se", "table_ratio_se"], nan),
        **dict.fromkeys(["moon_rate", "moons_against_rate", "queen_rate"], 0.0),
        "ms_per_decision": 0.1,
    }
    rating = {
        "bot": "medium",
        "elo": 0.0,
        **dict.fromkeys(["elo_se", "elo_low", "elo_high"], nan),
        "points_factor": 1.0,
        "moon_rate": 0.0,
        "moons_against_rate": 0.0,
    }
    text = format_table({"ratings": [rating], "pairs": [pair]}, ["medium", "easy"])
    assert "nan" not in text and "± n/a" in text


def test_the_arena_counts_a_bots_runs_for_the_moon() -> None:
    from cardems.hearts.arena import play_match
    from cardems.hearts.bots.rules import RulesBot
    from cardems.hearts.view import SeatView

    class Runner(RulesBot):
        """Says it runs for the moon in its first hand (round 0)."""

        moon_tries = 0

        def choose_play(self, view: SeatView) -> int:
            if view.round_number == 0:
                self.moon_tries = 1
            return super().choose_play(view)

    bots = [Runner(0), RulesBot(1), RulesBot(2), RulesBot(3)]
    records = play_match(DealCode("HT", 1, "N", 7), bots, max_rounds=2)
    runner = records[0]
    assert len(runner.hand_scores) == 2 and runner.tries == 1
    first = runner.hand_scores[0]
    assert runner.tries_made == (runner.moons == 1 and first == 0)
    assert runner.tries_failed_points == (0 if runner.tries_made else first)
    assert records[1].tries == 0
    summary = summarize(records)[0]
    assert summary.tries == 1 and summary.to_json()["moon_tries"] == 1
    assert summary.failed_try_cost == (0.0 if runner.tries_made else first)
