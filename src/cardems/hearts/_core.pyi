"""Hearts' search core, compiled from ``_core.c``: the same policies, play-outs and deal
checks as the Python reference, decision for decision (see :mod:`cardems.hearts.fast`)."""

from collections.abc import Sequence

def heuristic_rollout(
    hands: Sequence[int],
    leader: int,
    trick: Sequence[int],
    done: int,
    broken: bool,
    points: Sequence[int],
    played: int,
    runner_seat: int = -1,
    wary: bool = False,
) -> list[int]: ...
def generic_rollout(
    hands: Sequence[int],
    leader: int,
    trick: Sequence[int],
    done: int,
    broken: bool,
    points: Sequence[int],
    played: int,
    defender: int = -1,
    runner: int = -1,
    late: int = 14,
    look: bool = False,
) -> list[int]: ...
def simple_rollout(
    hands: Sequence[int],
    leader: int,
    trick: Sequence[int],
    done: int,
    broken: bool,
    points: Sequence[int],
    /,
) -> list[int]: ...
def random_rollout(
    hands: Sequence[int],
    leader: int,
    trick: Sequence[int],
    done: int,
    broken: bool,
    points: Sequence[int],
    state: int,
    /,
) -> tuple[list[int], int]: ...
def play_hands(many: int, state: int, policy: int = 0, /) -> tuple[list[int], int]: ...
def heuristic_card(
    seat: int,
    hand: int,
    legal: int,
    trick: Sequence[int],
    played: int,
    points: Sequence[int],
    shoot: bool = True,
    runner_seat: int = -1,
    wary: bool = False,
) -> int: ...
def generic_card(
    seat: int,
    hand: int,
    legal: int,
    trick: Sequence[int],
    played: int,
    points: Sequence[int],
    defend_from: int = 3,
    /,
) -> int: ...
def simple_card(hand: int, legal: int, trick: Sequence[int], /) -> int: ...
def misses(hands: Sequence[int], checks: Sequence[tuple[object, ...]], limit: int, /) -> int: ...
def sample(
    fixed: Sequence[int],
    sizes: Sequence[int],
    groups: Sequence[tuple[int, Sequence[int]]],
    seat: int,
    tries: int,
    odds: Sequence[float] | None,
    state: int,
    /,
) -> tuple[list[int] | None, int]: ...
def pass_miss(hands: Sequence[int], check: tuple[int, int, int, int, int], /) -> int: ...
def walk(
    deals: Sequence[Sequence[int]],
    seat: int,
    by_seat: Sequence[Sequence[tuple[object, ...]]],
    fixed: Sequence[int],
    voids: Sequence[int],
    passed: tuple[int, int, int, int, int] | None,
    pass_cost: float,
    odds: Sequence[float] | None,
    weight: float,
    moves: int,
    deadline: float,
    state: int,
    /,
) -> tuple[list[tuple[float, list[int]]], int]: ...
def endgame(
    hands: Sequence[int],
    leader: int,
    trick: Sequence[int],
    points: Sequence[int],
    broken: bool,
    seat: int = -1,
    /,
) -> tuple[int, int, int]: ...
def endgame_maxn(
    hands: Sequence[int],
    leader: int,
    trick: Sequence[int],
    points: Sequence[int],
    broken: bool,
    seat: int = -1,
    /,
) -> tuple[int, int, int, int, int, int]: ...
def best_response(
    hands: Sequence[int],
    leader: int,
    trick: Sequence[int],
    done: int,
    broken: bool,
    points: Sequence[int],
    played: int,
    seat: int,
    generic: bool,
    runner: int = -1,
    wary: bool = False,
    defender: int = -1,
    late: int = 14,
    moon_bonus: float = 0.0,
) -> tuple[float, int]: ...
