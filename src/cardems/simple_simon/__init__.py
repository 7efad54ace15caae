"""Simple Simon: a declaration of the build family."""
