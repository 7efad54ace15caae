"""The shared undo/redo history."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardems.core.history import History, IllegalMove


def test_undo_and_redo_walk_back_and_forth() -> None:
    history = History(0)
    for state in (1, 2, 3):
        history.push(state)
    assert history.undo() == 2
    assert history.undo() == 1
    assert history.redo() == 2
    assert history.current == 2 and history.can_redo


def test_a_new_move_clears_redo() -> None:
    history = History("a")
    history.push("b")
    history.undo()
    history.push("c")
    assert not history.can_redo
    with pytest.raises(IllegalMove, match="Nothing to redo"):
        history.redo()


def test_only_the_last_hundred_moves_can_be_undone() -> None:
    history = History(0)
    for state in range(1, 151):
        history.push(state)
    undone = 0
    while history.can_undo:
        history.undo()
        undone += 1
    assert undone == 100 and history.current == 50
    with pytest.raises(IllegalMove, match="Nothing to undo") as caught:
        history.undo()
    assert caught.value.reason == "Nothing to undo"
    assert history.current == 50


@given(st.lists(st.sampled_from(["push", "undo", "redo"]), max_size=300))
def test_history_matches_a_simple_model(actions: list[str]) -> None:
    history: History[int] = History(0)
    states = [0]  # the model: full list, with a cursor
    cursor = 0
    counter = 0
    for action in actions:
        if action == "push":
            counter += 1
            history.push(counter)
            del states[cursor + 1 :]
            states.append(counter)
            cursor += 1
        elif action == "undo" and history.can_undo:
            assert cursor > 0 and len(states[:cursor]) >= 1
            history.undo()
            cursor -= 1
        elif action == "redo" and history.can_redo:
            history.redo()
            cursor += 1
        assert history.current == states[cursor]
