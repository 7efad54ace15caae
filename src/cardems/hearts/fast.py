"""The compiled search core, if it was built: ``None`` otherwise, or when the environment
sets ``CARDEMS_HEARTS_PYTHON=1`` (to run and time the Python reference).

Modules whose hot loops it compiles (the play-outs of :mod:`~cardems.hearts.bots.rollout`
and :mod:`~cardems.hearts.bots.montecarlo`, the deal checks of
:mod:`~cardems.hearts.bots.inference`) keep their Python function under a ``py_`` name as
the reference and the fallback, and export the compiled one where it exists. Those that
draw random numbers (the deal sampler of :mod:`~cardems.hearts.bots.sampling`, the moves
of :mod:`~cardems.hearts.bots.belief`) use the compiled code when handed a
:class:`~cardems.hearts.splitmix.SplitMix` stream, whose state both paths share. Either
way the results are the same, decision for decision (``tests/hearts/test_compiled.py``).
"""

from __future__ import annotations

import os

try:  # built with the package where a C compiler is
    from cardems.hearts import _core as core
except ImportError:  # pragma: no cover - the Python reference, many times slower
    core = None  # type: ignore[assignment]

if os.environ.get("CARDEMS_HEARTS_PYTHON") == "1":
    core = None  # type: ignore[assignment]

COMPILED = core is not None

__all__ = ["COMPILED", "core"]
