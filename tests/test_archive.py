"""The archive file: written and read back unchanged; anything else refused clearly."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardems.archive import (
    FORMAT,
    Archive,
    ArchivedGame,
    ArchiveError,
    format_archive,
    parse_archive,
)

texts = st.text(min_size=1, max_size=12)
times = st.floats(min_value=0, max_value=2e9, allow_nan=False)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-1000, 1000) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)
games = st.builds(
    ArchivedGame,
    id=texts,
    game=texts,
    variant=texts,
    code=texts,
    options=st.dictionaries(st.text(max_size=6), json_values, max_size=3),
    actions=st.lists(st.lists(texts, min_size=1, max_size=3).map(tuple), max_size=5).map(tuple),
    records=st.lists(st.dictionaries(st.text(max_size=6), json_values), max_size=3).map(tuple),
    elapsed=times,
    timer_stopped=st.booleans(),
    status=texts,
    score=st.integers(-10_000, 10_000),
    moves=st.integers(0, 10_000),
    par=st.none() | st.integers(0, 500),
    created=times,
    updated=times,
    finished=st.none() | times,
    counted=st.booleans(),
    par_proven=st.booleans(),
)
archives = st.builds(
    Archive,
    settings=st.dictionaries(st.text(max_size=8), json_values, max_size=4),
    games=st.lists(games, max_size=4).map(tuple),
    exported=times,
)


@pytest.mark.slow
@given(archives)
def test_an_archive_round_trips(archive: Archive) -> None:
    assert parse_archive(format_archive(archive)) == archive


def good_game() -> dict[str, object]:
    game = ArchivedGame(
        id="g1",
        game="seahaven",
        variant="C4",
        code="SH1-C4-AAAAAJ2",
        options={},
        actions=(("tap", "column:1"),),
        records=(),
        elapsed=12.5,
        timer_stopped=False,
        status="playing",
        score=0,
        moves=1,
        par=None,
        created=1.0,
        updated=2.0,
        finished=None,
    )
    data: dict[str, object] = json.loads(format_archive(Archive(games=(game,))))["games"][0]
    return data


def file_with(**changes: object) -> str:
    return json.dumps(
        {"format": FORMAT, "version": 1, "settings": {}, "games": [good_game() | changes]}
    )


def test_a_good_file_is_read() -> None:
    archive = parse_archive(file_with())
    assert archive.games[0].code == "SH1-C4-AAAAAJ2"
    assert archive.games[0].actions == (("tap", "column:1"),)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not JSON"),
        ("[]", "not a Cardems archive"),
        ('{"format": "zip"}', "not a Cardems archive"),
        (json.dumps({"format": FORMAT, "version": 9}), "version 9"),
        (json.dumps({"format": FORMAT, "version": 1, "games": {}}), "no list of games"),
        (file_with(actions=[[1, 2]]), "game 1 of the archive is damaged"),
        (file_with(score="many"), "score must be a whole number"),
        (file_with(elapsed="soon"), "elapsed must be a number"),
        (file_with(elapsed=float("inf")), "not JSON"),  # Python writes Infinity; JSON has none
        (file_with(score=2**63), "a number too large"),
        (file_with(score=2**40), "score must be between"),
        (file_with(moves=-(2**40)), "moves must be between"),
        (file_with(created=1e300), "created must be between"),
        (file_with(actions=[["tap"]] * 20_001), "actions must be a list"),
        ('{"format": "cardems-archive", "version": 1, "games": [1]}', "must be an object"),
        ('{"games": [], "format": "cardems-archive", "version": 1}', "not a Cardems archive"),
        (file_with(code=""), "code must be a short text"),
        (file_with(timer_stopped=0), "timer_stopped must be true or false"),
    ],
)
def test_bad_files_are_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(ArchiveError, match=message):
        parse_archive(text)


def test_a_game_without_a_field_is_refused() -> None:
    game = good_game()
    del game["status"]
    text = json.dumps({"format": FORMAT, "version": 1, "settings": {}, "games": [game]})
    with pytest.raises(ArchiveError, match="game 1 of the archive is damaged"):
        parse_archive(text)


def test_games_are_read_one_at_a_time_and_a_huge_one_is_refused() -> None:
    import io

    from cardems.archive import MAX_GAME_EVENTS, read_archive

    good = json.dumps(good_game())
    text = f'{{"format": "{FORMAT}", "version": 1, "games": [{good}, {{"id": 1}}]}}'
    parts = read_archive(io.BytesIO(text.encode()))
    assert isinstance(next(parts), ArchivedGame)  # before the damaged second one is read
    with pytest.raises(ArchiveError, match="game 2 of the archive is damaged"):
        next(parts)
    huge = good_game() | {"options": {"padding": [0] * MAX_GAME_EVENTS}}
    with pytest.raises(ArchiveError, match="game 1 of the archive is too large"):
        parse_archive(json.dumps({"format": FORMAT, "version": 1, "games": [huge]}))
