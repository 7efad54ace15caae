"""Aces Up: a declaration of the discard family."""
