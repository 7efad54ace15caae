"""Test-wide settings."""

import pytest
from hypothesis import settings

# CI machines are shared and noisy: judge properties by their results, not their speed.
settings.register_profile("cardems", deadline=None)
settings.load_profile("cardems")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test of a browser module is a ``browser`` test (run it with Chromium)."""
    for item in items:
        if item.path.name.startswith("test_browser_") or item.path.name == "test_contrast.py":
            item.add_marker(pytest.mark.browser)
