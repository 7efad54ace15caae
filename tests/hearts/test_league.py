"""The league, its rating math, the reference bots and medium's moon defence."""

from __future__ import annotations

import json
import math
import pathlib
import random
from dataclasses import replace
from xml.etree import ElementTree

import pytest

from cardems.cards import parse_cards
from cardems.cli import main
from cardems.hearts.bots import heuristic, make_bot
from cardems.hearts.bots.heuristic import choose_card
from cardems.hearts.bots.montecarlo import sample_world, simple_card
from cardems.hearts.core import mask_of_cards, to_index
from cardems.hearts.league import (
    BlockResult,
    LeagueResult,
    elo,
    fit_ratings,
    format_table,
    play_block,
    run_league,
    seatings,
)
from cardems.hearts.league_svg import league_svg
from cardems.hearts.paired import Estimate, paired_difference, ratio_of_sums
from cardems.hearts.rules import Round
from cardems.hearts.view import view
from cardems.intervals import Z95

from .helpers import assert_deal_fits, bot_views, hands_from


def m(text: str) -> int:
    return mask_of_cards(parse_cards(text))


def i(text: str) -> int:
    return to_index(parse_cards(text)[0])


def test_ratio_of_sums_has_the_textbook_standard_error() -> None:
    # K blocks of one hand, differences +1 and -1 in turn: mean 0, and the clustered
    # standard error sqrt(K / (K - 1) · K) / K = 1 / sqrt(K - 1).
    blocks = [(1.0 if k % 2 else -1.0, 1.0) for k in range(10)]
    found = ratio_of_sums(blocks)
    assert found.value == pytest.approx(0) and found.se == pytest.approx(1 / 3)
    assert (found.low, found.high) == pytest.approx((-Z95 / 3, Z95 / 3))
    # Every block at exactly twice: the ratio 2 and no spread at all.
    assert ratio_of_sums([(2.0 * v, v) for v in (3.0, 5.0, 11.0)]) == Estimate(2.0, 0.0)
    assert math.isnan(ratio_of_sums([]).value) and math.isnan(ratio_of_sums([(1, 1)]).se)


def test_paired_differences_cancel_the_deal_and_keep_the_play() -> None:
    # Synthetic duplicate blocks of 40 hands: each hand's deal gives both bots the same
    # luck (sd 8), and a beats b by 0.5 a hand with noise of sd 2 of its own. The paired
    # difference sees 0.5 with the standard error of the noise alone, 2 / sqrt(hands).
    rng = random.Random(7)
    blocks = []
    for _ in range(400):
        a = b = 0.0
        for _ in range(40):
            luck = rng.gauss(6.5, 8)
            a += luck - 0.5 + rng.gauss(0, 2)
            b += luck
        blocks.append((a, b, 40))
    found = paired_difference(blocks)
    assert found.se == pytest.approx(2 / math.sqrt(16_000), rel=0.1)
    assert found.low < -0.5 < found.high
    # Unpaired (each bot's mean on its own), the luck would swamp it: sd 8 a hand.
    assert ratio_of_sums([(a, n) for a, _, n in blocks]).se > 3 * found.se


def test_ratings_recover_a_hand_made_league() -> None:
    truth = {"a": math.log(0.5), "b": 0.0, "c": math.log(1.5)}
    logs = {(x, y): Estimate(truth[x] - truth[y], 0.1) for x in truth for y in truth if x != y}
    fitted = fit_ratings(logs, list(truth))
    shift = sum(truth.values()) / 3
    for name, value in truth.items():
        assert fitted[name].value == pytest.approx(value - shift)
    # a (half the points of b) is 400·log10(2) ≈ 120 Elo-like points above b.
    assert elo(fitted["a"]).value - elo(fitted["b"]).value == pytest.approx(400 * math.log10(2))
    # Two bots, one pairing of standard error 0.2: s(a) - s(b) = y, each ± 0.1.
    two = fit_ratings({("a", "b"): Estimate(0.3, 0.2)}, ["a", "b", "idle"])
    assert two["a"] == Estimate(pytest.approx(0.15), pytest.approx(0.1))  # type: ignore[arg-type]
    assert two["idle"].value == 0 and math.isnan(two["idle"].se)
    # Inconsistent figures: the more precise one weighs more, still centred on 0.
    noisy = {("a", "b"): Estimate(0.2, 0.1), ("b", "a"): Estimate(0.0, 0.3)}
    fitted = fit_ratings(noisy, ["a", "b"])
    assert sum(e.value for e in fitted.values()) == pytest.approx(0)
    assert fitted["a"].value - fitted["b"].value == pytest.approx(
        (0.2 * 100 - 0.0 * 100 / 9) / (100 + 100 / 9)
    )


def test_a_block_seats_every_bot_in_every_chair_on_the_same_deals() -> None:
    tables = seatings("a", "b")
    for seat in range(4):
        assert sorted(table[seat] for table in tables) == ["a", "b", "b", "b"]
    assert all(table.count("a") == 1 for table in tables)
    # The same bot in both roles plays the same cards: A's table is the baseline
    # itself, so every paired difference is exactly 0 (the deals and seeds line up).
    field, played, [(name, block)] = play_block(("rules", ("rules",), 5, 1))
    assert (field, name) == ("rules", "rules") and block.hands == block.table_hands > 0
    assert block.points == block.base_points and played == 5 * block.hands // 4
    # Against another bot, A meets every deal of the baseline from every seat.
    _, _, [(_, block)] = play_block(("rules", ("easy",), 5, 1))
    assert block.hands > 0 and block.decisions > 13 * block.hands


def test_the_league_table_and_its_picture() -> None:
    def block(points: int, base: int) -> BlockResult:
        return BlockResult(10, points, base, 10, points, 3 * base, 1, 0, 2, 140, 0.1)

    result = LeagueResult(
        ["x", "y"],
        {
            ("x", "y"): [block(50 + k, 65) for k in range(6)],
            ("y", "x"): [block(80, 62 + k) for k in range(6)],
        },
    )
    figures = result.to_json()
    for pair in figures["pairs"]:
        assert pair["ratio_low"] <= pair["ratio"] <= pair["ratio_high"]
        assert pair["difference_se"] > 0
    x, y = figures["ratings"]
    assert x["bot"] == "x" and x["elo"] > 0 > y["elo"] and x["elo"] == -y["elo"]
    assert x["elo_low"] <= x["elo"] <= x["elo_high"]
    assert x["moon_rate"] == pytest.approx(0.1)
    assert "x vs 3×y" in format_table(figures, ["x", "y"])
    svg = ElementTree.fromstring(league_svg(figures))
    texts = [t.text or "" for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert "x" in texts and "y vs 3×x" in texts
    assert len(list(svg.iter("{http://www.w3.org/2000/svg}circle"))) == 4  # 2 bots, 2 pairings


@pytest.mark.slow
def test_a_tiny_league_is_well_formed() -> None:
    seen: list[int] = []
    result = run_league(["easy", "medium", "rules"], 1, 1, progress=seen.append)
    assert len(seen) == 3  # one call per block: one block for each of 3 fields
    assert set(result.blocks) == {(a, b) for a in result.names for b in result.names if a != b}
    figures = result.to_json()
    assert len(figures["pairs"]) == 6 and len(figures["ratings"]) == 3
    for pair in figures["pairs"]:
        assert pair["hands"] > 0 and pair["ratio"] > 0
        assert 0 < pair["points_per_hand"] < 26
    assert sum(r["elo"] for r in figures["ratings"]) == pytest.approx(0, abs=0.5)
    focused = run_league(["easy", "medium", "rules"], 1, 1, focus=["easy"])
    assert set(focused.blocks) == {("easy", "medium"), ("easy", "rules")}
    same = [replace(b, seconds=0.0) for b in focused.blocks["easy", "rules"]]
    assert same == [replace(b, seconds=0.0) for b in result.blocks["easy", "rules"]]
    with pytest.raises(ValueError):
        run_league(["easy"], 1, 1)
    with pytest.raises(ValueError, match="unknown bot"):
        run_league(["easy", "wizard"], 1, 1)
    with pytest.raises(ValueError, match="focus"):
        run_league(["easy", "rules"], 1, 1, focus=["medium"])
    with pytest.raises(ValueError, match="no bot for a field"):
        run_league(["easy", "rules"], 1, 1, focus=["easy", "rules"])


@pytest.mark.slow
def test_cli_league_json_svg_and_start(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    picture = tmp_path / "league.svg"
    args = ["arena", "--league", "--bots", "easy,rules", "--hands", "1", "--json", "--quiet"]
    assert main([*args, "--start", "HT1-N-AAAABAA", "--svg", str(picture)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["first_code"] == "HT1-N-AAAABAA" and out["bots"] == ["easy", "rules"]
    assert {p["bot"] for p in out["pairs"]} == {"easy", "rules"}
    assert "easy vs 3×rules" in picture.read_text()
    assert main([*args, "--start", "HH1-N-AAAAAAA"]) == 2
    assert "Hearts code" in capsys.readouterr().err
    assert main([*args, "--svg", str(tmp_path / "no" / "such.svg")]) == 2
    assert "cannot write" in capsys.readouterr().err


@pytest.mark.parametrize(
    "name", ["montecarlo:worlds=4", "ismcts:iterations=30", "rules", "medium:noise=0.3"]
)
def test_reference_bots_play_legal_cards(name: str) -> None:
    bot = make_bot(name, 5)
    for _, seat_view in bot_views(12, (name, "easy", name, "medium")):
        card = bot.choose_play(seat_view)
        assert seat_view.legal_mask >> card & 1


def test_montecarlo_samples_only_deals_that_fit_the_view() -> None:
    rng = random.Random(3)
    for _, seat_view in bot_views(13, ("montecarlo:worlds=2", "medium", "rules", "easy"))[::5]:
        for _ in range(5):
            assert_deal_fits(seat_view, sample_world(seat_view, rng))


@pytest.mark.parametrize(
    ("hand", "trick", "card"),
    [
        ("4S 4H 4D 4C", "", "4C"),  # lead: the lowest rank, clubs first on ties
        ("3S 2H 4D 4C", "", "2H"),
        ("3S 5D 9D", "8D", "5D"),  # duck under the winner with the highest card below
        ("3S 5D JD", "8D TD", "5D"),
        ("JD QD", "8D TD", "JD"),  # cannot duck: the lowest card, not last to play
        ("QS KS AS", "5S TS 2H", "AS"),  # last to play: the highest but the Q♠
        ("QS 2H AC", "5D", "QS"),  # void: the Q♠ first,
        ("2H 9H AC", "5D", "9H"),  # then the highest heart,
        ("JS JC 2C", "5D", "JS"),  # then the highest rank, spades first on ties
    ],
)
def test_montecarlo_play_out_policy(hand: str, trick: str, card: str) -> None:
    cards = m(hand)
    led = [i(c) for c in trick.split()]
    follow = cards & (0x1FFF << (13 * (led[0] // 13))) if led else 0
    assert simple_card(cards, follow or cards, led) == i(card)


def test_bad_bot_options_are_refused() -> None:
    for name in (
        "montecarlo:worlds=0",
        "montecarlo:depth=3",
        "montecarlo:worlds=2.5",
        "ismcts:iterations=0",
        "ismcts:c=-1",
        "ismcts:c=inf",
        "ismcts:depth=3",
        "medium:noise=2",
        "medium:x=1",
    ):
        with pytest.raises(ValueError):
            make_bot(name)


def test_ismcts_ducks_under_a_trick_holding_the_queen() -> None:
    # North (2) leads the 2♣, East (3) follows, South (0) is void, West (1) wins with the
    # A♣ and leads the 5♦; North, void, throws the Q♠ and East ducks with the 4♦. South
    # is last with the 3♦ and the K♦: the 3♦ keeps the queen away.
    hands = hands_from(
        "3D KD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS",
        "AC 5D 4C 5C 6C 7C 8C 9C TC JC QC KC 6D",
        "2C QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
    )
    rnd = Round.deal(hands, 3)
    plays = ((2, "2C"), (3, "3C"), (0, "2S"), (1, "AC"), (1, "5D"), (2, "QS"), (3, "4D"))
    for seat, card in plays:
        rnd = rnd.play(seat, parse_cards(card)[0])
    bot = make_bot("ismcts:iterations=60", 1)
    assert bot.choose_play(view(rnd, 0)) == i("3D")


def test_ismcts_is_reproducible_with_its_seed() -> None:
    _, seat_view = bot_views(7, ("ismcts:iterations=10", "medium", "medium", "medium"))[8]
    one = make_bot("ismcts:iterations=40", 3).choose_play(seat_view)
    assert one == make_bot("ismcts:iterations=40", 3).choose_play(seat_view)


def test_medium_takes_a_heart_trick_from_a_seat_with_every_point() -> None:
    # West (1) has taken every point so far (five hearts) and led the J♥; North and East
    # followed low; South (0) is last with the K♥ and the 3♥.
    hand = m("KH 3H 4S 5D 6D 7C")
    trick = [i("JH"), i("5H"), i("6H")]
    played = m("JH 5H 6H 2H 7H 8H 9H TH") | m("2C 3C 4C 5C AC KC QC JC")
    points = (0, 5, 0, 0)
    legal = m("KH 3H")
    # Without a threat the heuristic ducks with the 3♥ …
    assert choose_card(0, hand, legal, trick, played, (0, 2, 2, 1)) == i("3H")
    # … with West holding every point it takes the trick with the K♥.
    assert choose_card(0, hand, legal, trick, played, points) == i("KH")
    # Second to play after the runner (East, 3) led the J♥: it takes the trick too.
    assert choose_card(0, hand, legal, trick[:1], played, (0, 0, 0, 5)) == i("KH")
    assert choose_card(0, hand, legal, trick[:1], played, (0, 2, 2, 1)) == i("3H")


def test_medium_is_seeded_and_breaks_ties_at_random() -> None:
    seat_views = [v for n in range(20) for _, v in bot_views(n)]  # ties: about 1 %

    def picks(seed: int) -> list[int]:
        bot = make_bot("medium", seed)
        return [bot.choose_play(v) for v in seat_views]

    assert picks(0) == picks(0)
    assert len({tuple(picks(seed)) for seed in range(4)}) > 1
    # The third card to pass, the 8♦ or the 8♣ (equally short suits), goes either way.
    hand = m("2S 3S 4S 5S 6S 2H 3H 4H 5H 9D 8D 9C 8C")
    passes = {heuristic.choose_pass(hand, random.Random(seed).random) for seed in range(20)}
    assert passes == {m("9D 9C 8D"), m("9D 9C 8C")}


def test_wary_play_outs_defend_against_the_runner_from_its_first_point() -> None:
    hand = m("KH 3H 4S 5D 6D 7C")
    trick = [i("JH"), i("5H"), i("6H")]  # West (1) leads and wins so far
    played = m("JH 5H 6H 2H") | m("2C 3C 4C 5C")
    legal = m("KH 3H")
    points = (0, 1, 0, 0)  # below medium's moon watch: medium ducks …
    assert choose_card(0, hand, legal, trick, played, points, True, 1) == i("3H")
    # … but the expert's wary what-if has the others stop West's run at once.
    assert choose_card(0, hand, legal, trick, played, points, True, 1, None, True) == i("KH")


def test_an_interrupted_league_keeps_the_blocks_it_finished() -> None:
    def stop(_: int) -> None:
        raise KeyboardInterrupt

    result = run_league(["easy", "rules"], 3, 1, progress=stop)
    assert result.interrupted
    assert sum(len(blocks) for blocks in result.blocks.values()) == 1  # the first block
    assert result.to_json()["pairs"][0]["hands"] > 0
