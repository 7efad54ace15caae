"""Fixtures for the web tests: an app over a temporary database, and prepared games."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from cardems.web.app import create_app


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "cardems.db"


@pytest.fixture
def client(db_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db_path)) as test_client:
        yield test_client
