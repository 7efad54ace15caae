"""Test-wide settings."""

import os
import random
import secrets
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import settings

if TYPE_CHECKING:
    import psycopg

# Bytecode is cached even where PYTHONDONTWRITEBYTECODE is set (as on these machines):
# Python and pytest's assertion rewriting read __pycache__ whatever the setting but write
# it only when allowed, so every worker compiled some 600 files at every run (7.6 of the
# 11.2 seconds of CPU a collection of the quick run took here).
sys.dont_write_bytecode = False

# CI machines are shared and noisy: judge properties by their results, not their speed.
settings.register_profile("cardems", deadline=None)
settings.load_profile("cardems")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test of a browser module is a ``browser`` test (run it with Chromium)."""
    for item in items:
        if item.path.name.startswith("test_browser_") or item.path.name == "test_contrast.py":
            item.add_marker(pytest.mark.browser)


class SeededDraws:
    """Stands for :mod:`secrets` where deals are drawn: the same draws every run."""

    def __init__(self, seed: int) -> None:
        self.randbelow = random.Random(seed).randrange


@pytest.fixture
def seeded_draws(monkeypatch: pytest.MonkeyPatch) -> Callable[[int], None]:
    """``seeded_draws(seed)``: the games' random deals drawn from seeded numbers from then
    on (a level draws until its search rates a deal so: unseeded, a test's time is luck)."""
    return lambda seed: monkeypatch.setattr("cardems.core.base.secrets", SeededDraws(seed))


@pytest.fixture(autouse=True, scope="session")
def _solitaire_answers_keep_the_schema() -> Iterator[None]:
    """Every solitaire view, event and hint a test produces is checked against the
    generated JSON Schema (``web/static/solitaire.schema.json``)."""
    from schema_check import schema_checked_tables

    with schema_checked_tables():
        yield


POSTGRES = os.environ.get("CARDEMS_TEST_POSTGRES", "")
"""A PostgreSQL server for the tests (``./scripts/test`` starts one); without it the
PostgreSQL half of every test is reported as skipped, with the reason."""
DATABASES = ["sqlite", "postgres"]
NO_POSTGRES = "needs PostgreSQL: set CARDEMS_TEST_POSTGRES (./scripts/test starts one)"


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Tests that take ``database`` run on every database the machine offers, the
    PostgreSQL half in the full run only (marked slow: the quick run stays quick); a test
    marked ``one_database(NAME)`` runs on NAME when the machine offers it, else on SQLite.

    The rule: a test whose subject is what is stored, or who may change it at once, runs on
    both (the store, service and archive tests; web tests of saves and their recovery,
    accounts and sessions, shared tables, imports and exports, limits kept in the database,
    and the fuzzers, whose values reach the store). A web test whose subject is a page, a
    game's rules, hints, bots or the reading of a request runs on SQLite alone (a module
    of such tests says so once, ``pytestmark = pytest.mark.one_database("sqlite")``): its
    PostgreSQL run would test the same queries the tests above test, again. A long test
    whose storage another test covers runs on one database too."""
    if "database" in metafunc.fixturenames:
        marker = metafunc.definition.get_closest_marker("one_database")
        databases = DATABASES
        if marker is not None:
            databases = [marker.args[0] if marker.args[0] == "sqlite" or POSTGRES else "sqlite"]
        params = [
            pytest.param(name, marks=pytest.mark.slow) if name == "postgres" else name
            for name in databases
        ]
        metafunc.parametrize("database", params, indirect=True)


@pytest.fixture
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Where a fresh database lives: a SQLite file, or a new schema of the test server."""
    if request.param == "sqlite":
        yield str(tmp_path / "cardems.db")
        return
    if not POSTGRES:
        pytest.skip(NO_POSTGRES)
    with postgres_schema() as url:
        yield url


@pytest.fixture
def postgres() -> Iterator[str]:
    """A new schema of the test PostgreSQL server, as a URL (skipped without one)."""
    if not POSTGRES:
        pytest.skip(NO_POSTGRES)
    with postgres_schema() as url:
        yield url


_EMPTIED_SCHEMAS: list[str] = []
"""Schemas of this process's earlier tests, migrated and emptied, for the next ones."""


@pytest.fixture(autouse=True, scope="session")
def _drop_emptied_schemas() -> Iterator[None]:
    """The schemas kept for later tests are dropped when the tests end."""
    yield
    if _EMPTIED_SCHEMAS:
        import psycopg

        with psycopg.connect(POSTGRES, autocommit=True) as admin:
            for schema in _EMPTIED_SCHEMAS:
                admin.execute(f"DROP SCHEMA {schema} CASCADE")


@contextmanager
def postgres_schema() -> Iterator[str]:
    """A schema of the test server that only this test uses, its tables empty: its URL.

    Making and migrating a schema costs about half a second of DDL, so a process keeps the
    schemas its tests used: each is emptied afterwards (every row but the schema version's)
    and handed to the next test, which finds it as a fresh, migrated database. A schema
    that cannot be emptied so (a test changed its tables) is dropped instead."""
    import psycopg

    with psycopg.connect(POSTGRES, autocommit=True) as admin:
        if _EMPTIED_SCHEMAS:
            schema = _EMPTIED_SCHEMAS.pop()
        else:
            schema = f"test_{secrets.token_hex(6)}"
            admin.execute(f"CREATE SCHEMA {schema}")
        try:
            yield f"{POSTGRES}?options=-csearch_path%3D{schema}"
        finally:
            if _emptied(admin, schema):
                _EMPTIED_SCHEMAS.append(schema)
            else:
                admin.execute(f"DROP SCHEMA {schema} CASCADE")


def _emptied(admin: "psycopg.Connection[Any]", schema: str) -> bool:
    """Whether ``schema``'s rows are all deleted but its schema version's (foreign keys
    unchecked meanwhile: the rows go together)."""
    import psycopg

    from cardems.migrations import POSTGRES_MIGRATIONS

    tables = [
        name
        for (name,) in admin.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = %s", (schema,)
        ).fetchall()
    ]
    if "cardems_schema" not in tables:
        return False
    version = admin.execute(f"SELECT MAX(version) FROM {schema}.cardems_schema").fetchone()
    if version != (len(POSTGRES_MIGRATIONS),):
        return False
    try:
        with admin.transaction():
            admin.execute("SET LOCAL session_replication_role = replica")
            for table in tables:
                if table != "cardems_schema":
                    admin.execute(f"DELETE FROM {schema}.{table}")
    except psycopg.Error:
        return False
    return True
