"""Beleaguered Castle: a declaration of the build family."""
