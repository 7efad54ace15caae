"""Flower Garden: a declaration of the build family."""
