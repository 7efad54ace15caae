"""Test-wide settings."""

from hypothesis import settings

# CI machines are shared and noisy: judge properties by their results, not their speed.
settings.register_profile("cardems", deadline=None)
settings.load_profile("cardems")
