"""The pairs solvers' compiled twins: a game's C module (``PairsRules.compiled``, as
Pyramid's ``cardems.pyramid._astar``) runs :mod:`.decide` and :mod:`.shortest` for its
layout and pairing, position for position and node for node, much faster.

A twin takes the layout's values (0: emptied), the pool's (waste bottom first, then the
stock's next card first), the removed mask, the waste's length, the recycles, the passes
(0: unlimited) and the limit (0: none); it answers a status (negative: the limit was
hit), the line's move codes (None: no win) and the positions it visited. A code is 0
(draw), 1 (recycle) or ``2 + 32 * a + b`` for a removal of places ``a`` and ``b``
(``b = 0``: a card alone), the stock's and the waste's tops numbered ``size + 1`` and
``size + 2``.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from typing import Any

from cardems.kit.pairs.declare import PairsRules
from cardems.kit.pairs.engine import STOCK_TOP, WASTE_TOP, PairsMove, PairsState

Twin = Callable[..., tuple[int, list[int] | None, int]]


@functools.cache
def twin(rules: PairsRules, name: str) -> Twin | None:
    """The compiled ``name`` (``decide`` or ``search``) of the rules' twin, or None when
    there is none or it was not built."""
    if rules.compiled is None:
        return None
    try:
        module: Any = importlib.import_module(rules.compiled)
    except ImportError:  # not built (no C compiler): the Python search serves
        return None
    found: Twin = getattr(module, name)
    return found


def decode(move: type[PairsMove], code: int) -> PairsMove:
    """A move of a compiled search from its code."""
    if code < 2:
        return move.recycle() if code else move.draw()
    size = move.rules.size
    tops = {size + 1: STOCK_TOP, size + 2: WASTE_TOP}
    a, b = divmod(code - 2, 32)
    return move.remove(*(tops.get(place, place) for place in (a, b)))


def run(
    found: Twin, state: PairsState, node_limit: int | None
) -> tuple[int, list[PairsMove] | None, int]:
    """Run a twin on ``state``: its status, the decoded line and its count."""
    value = state.rules.value
    values = bytes(value(card) if card else 0 for card in state.cards)
    pool = bytes(value(card) for card in (*state.waste, *state.stock))
    recycles = 0 if state.passes is None else state.recycles
    status, codes, count = found(
        values,
        pool,
        state.removed_mask,
        len(state.waste),
        recycles,
        state.passes or 0,
        node_limit or 0,
    )
    line = None if codes is None else [decode(state.move, code) for code in codes]
    return status, line, count
