"""The optional C extensions; everything else about the package is in pyproject.toml.

Each is optional: without a C compiler the package still installs and the same code
runs in Python (the reference, which the tests hold the compiled code to), more slowly.
Klondike's and Spider's searches share ``src/cardems/_cards.h``. They are declared here
rather than as ``[tool.setuptools.ext-modules]``, which setuptools
still calls experimental and warns about on every build.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        # The FreeCell family's search (FreeCell, Baker's Game, Seahaven) and its A* for
        # pars: about 20 times the Python search's speed.
        Extension(
            "cardems.cellgames._bestfirst",
            ["src/cardems/cellgames/_bestfirst.c"],
            optional=True,
        ),
        # Hearts' search core (policies, play-outs, deal sampling, the exact endgame
        # solver): about 80 times the Python's speed. No FMA contraction, so that its floating-point scores are
        # Python's to the last bit.
        Extension(
            "cardems.hearts._core",
            ["src/cardems/hearts/_core.c"],
            extra_compile_args=["-ffp-contract=off"],
            optional=True,
        ),
        # Pyramid's A* for shortest wins and its decision search (winnable?): the Python
        # searches' nodes, many times faster.
        Extension(
            "cardems.pyramid._astar",
            ["src/cardems/pyramid/_astar.c"],
            optional=True,
        ),
        # Thoughtful Klondike's depth-first search: the Python search's verdicts and
        # lines, position for position, tens of times faster.
        Extension(
            "cardems.klondike._solver",
            ["src/cardems/klondike/_solver.c"],
            include_dirs=["src/cardems"],
            depends=["src/cardems/_cards.h"],
            optional=True,
        ),
        # Spider's staged search: the Python search's verdicts and lines, position for
        # position, some 40 times faster.
        Extension(
            "cardems.spider._solver",
            ["src/cardems/spider/_solver.c"],
            include_dirs=["src/cardems"],
            depends=["src/cardems/_cards.h"],
            optional=True,
        ),
        # The build family's one solver (Yukon, Canfield, Mrs Mop, Scorpion and the other
        # declarations of kit/building): the Python search's verdicts, counts and lines,
        # position for position.
        Extension(
            "cardems.kit.building._search",
            ["src/cardems/kit/building/_search.c"],
            optional=True,
        ),
    ]
)
