"""Raglan: a declaration of the build family."""
