"""Yukon: a declaration of the build family."""
