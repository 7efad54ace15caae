"""Where a bot's extra points against a field come from, paired with the field's own seat.

For each match code, the baseline table (four ``field`` bots) is played once and the bot
``A`` is played in each seat in turn against three ``field`` (the league's blocks,
seeded the same way: :func:`cardems.hearts.league.play_table`'s seeds). Round ``r`` of a
code deals the same cards whatever happened before, so ``A`` in seat ``s`` and the
baseline's ``field`` in seat ``s`` hold the same hand: each row below is ``A``'s mean
a hand, the field seat's on the same deals, and the difference with its standard error
clustered by block (code). A hand's points split exactly into: the Q♠ (13, by the trick
it fell in and how it was taken), hearts by trick (1–4, 5–8, 9–13), moons against (26)
— the points are those of :attr:`Round.scores` without a moon, and 26 in a moon
against. Beside them: the pass (the Q♠, A♠/K♠ and hearts passed), the voids the pass
left, moons made.

    PYTHONPATH=src nice -n 10 python benchmarks/hearts_field_diagnose.py expert \\
        --field montecarlo --codes 8 --first 21000

Anchor: the bot's points a hand against the field seat's own on the same deals (a
positive difference is points the bot gives away); tuning codes only (below 30000).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from cardems.dealcode import DealCode
from cardems.hearts.arena import arena_bot
from cardems.hearts.core import (
    HEART_MASK,
    POINTS,
    QS_BIT,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    cards_of,
    to_card,
)
from cardems.hearts.paired import Estimate, ratio_of_sums
from cardems.hearts.rules import Match, Phase, Round
from cardems.hearts.view import view

AK_SPADES = 0b11 << 11

ROWS = (
    ("points", "points a hand"),
    ("in_pass", "  in hands with a pass"),
    ("in_hold", "  in hands without one"),
    ("qs", "  Q♠ taken (13)"),
    ("qs_early", "    in tricks 1–4"),
    ("qs_mid", "    in tricks 5–8"),
    ("qs_late", "    in tricks 9–13"),
    ("qs_own", "    played it itself"),
    ("qs_spade", "    won a spade it fell on"),
    ("qs_dumped", "    dumped on its trick"),
    ("qs_given", "    passed to it"),
    ("h_early", "  hearts in tricks 1–4"),
    ("h_mid", "  hearts in tricks 5–8"),
    ("h_late", "  hearts in tricks 9–13"),
    ("against", "  moons against (26)"),
    ("moons", "moons made (count)"),
    ("p_qs", "passed the Q♠ (count)"),
    ("p_ak", "passed A♠/K♠ (cards)"),
    ("p_hearts", "passed hearts (cards)"),
    ("voids", "voids after the pass (suits)"),
    ("kept_qs", "held the Q♠ after the pass"),
)


def play(number: int, names: Sequence[str], seed: int) -> tuple[Round, ...]:
    """Match ``number`` with ``names[seat]`` in each seat, seeded as the league's tables;
    its rounds."""
    bots = [arena_bot(name, seed * 1_000_003 + number * 17 + s) for s, name in enumerate(names)]
    match = Match.new(DealCode("HT", 1, "N", number))
    while not match.over and len(match.history) < 60:
        rnd = match.round
        if rnd.phase is Phase.PASSING:
            for seat in range(4):
                if not rnd.passes[seat]:
                    match = match.pass_cards(
                        seat, cards_of(bots[seat].choose_pass(view(match, seat)))
                    )
            continue
        turn = rnd.to_play
        assert turn is not None
        match = match.play(turn, to_card(bots[turn].choose_play(view(match, turn))))
    return match.history


def features(rnd: Round, seat: int) -> dict[str, float]:
    """One seat's hand, split as in :data:`ROWS`."""
    offset = rnd.direction.offset
    given = rnd.passes[seat] if offset else 0
    after = rnd.dealt[seat] & ~given | (rnd.passes[(seat - offset) & 3] if offset else 0)
    shooter = rnd.moon_shooter
    out = dict.fromkeys((key for key, _ in ROWS), 0.0)
    out["points"] = rnd.scores[seat]
    out["in_pass" if offset else "in_hold"] = rnd.scores[seat]
    out["against"] = 26.0 if shooter is not None and shooter != seat else 0.0
    out["moons"] = float(shooter == seat)
    out["p_qs"] = float(bool(given & QS_BIT))
    out["p_ak"] = (given & AK_SPADES).bit_count()
    out["p_hearts"] = (given & HEART_MASK).bit_count()
    out["voids"] = sum(not after & SUIT_MASKS[s] for s in range(4))
    out["kept_qs"] = float(bool(after & QS_BIT))
    if shooter is not None:
        return out
    for k, trick in enumerate(rnd.tricks):
        if trick.winner != seat:
            continue
        part = "early" if k < 4 else "mid" if k < 8 else "late"
        hearts = sum(POINTS[c] for c in trick.cards if c != QUEEN_OF_SPADES)
        out[f"h_{part}"] += hearts
        if QUEEN_OF_SPADES in trick.cards:
            out["qs"] += 13
            out[f"qs_{part}"] += 13
            by = (trick.leader + trick.cards.index(QUEEN_OF_SPADES)) & 3
            if by == seat:
                out["qs_own"] += 13
            elif trick.cards[0] // 13 == QUEEN_OF_SPADES // 13:
                out["qs_spade"] += 13
            else:
                out["qs_dumped"] += 13
            if after & ~rnd.dealt[seat] & QS_BIT:
                out["qs_given"] += 13
    return out


def block(
    number: int, bot: str, field: str, seed: int
) -> list[tuple[dict[str, float], dict[str, float]]]:
    """The paired hands of one code: (``bot``'s features, the field seat's) per hand."""
    base = play(number, (field,) * 4, seed)
    pairs = []
    for shift in range(4):
        names = tuple(bot if s == shift else field for s in range(4))
        table = play(number, names, seed)
        for mine, theirs in zip(table, base, strict=False):
            pairs.append((features(mine, shift), features(theirs, shift)))
    return pairs


def estimate(
    blocks: list[list[tuple[dict[str, float], dict[str, float]]]], key: str, side: int | None
) -> Estimate:
    """The mean a hand of ``key`` (side 0 the bot, 1 the field, None the difference),
    clustered by block."""
    sums = []
    for pairs in blocks:
        if side is None:
            total = sum(a[key] - b[key] for a, b in pairs)
        else:
            total = sum(p[side][key] for p in pairs)
        sums.append((total, len(pairs)))
    return ratio_of_sums(sums)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bot")
    parser.add_argument("--field", default="montecarlo")
    parser.add_argument("--codes", type=int, default=8)
    parser.add_argument("--first", type=int, default=21000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.first + args.codes > 30000:
        parser.error("codes from 30000 on are held out: diagnose on tuning codes")
    start = time.perf_counter()
    blocks = []
    for k in range(args.codes):
        blocks.append(block(args.first + k, args.bot, args.field, args.seed))
        print(f"code {k + 1} of {args.codes}, {time.perf_counter() - start:.0f} s", file=sys.stderr)
    hands = sum(len(b) for b in blocks)
    print(
        f"{args.bot} vs 3 x {args.field} against the field's own seat on the same deals:"
        f" codes {args.first}–{args.first + args.codes - 1}, {hands} paired hands"
    )
    print(f"| {'':44} | {args.bot:>8} | {args.field:>10} | difference (± 1 s.e.) |")
    print(f"|{'-' * 46}|{'-' * 10}:|{'-' * 12}:|{'-' * 23}:|")
    for key, label in ROWS:
        a, b, d = (estimate(blocks, key, side) for side in (0, 1, None))
        print(f"| {label:44} | {a.value:8.3f} | {b.value:10.3f} | {d.value:+.3f} ± {d.se:.3f} |")


if __name__ == "__main__":
    main()
