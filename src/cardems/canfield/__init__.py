"""Canfield: a declaration of the build family with a reserve pile and a dealt base."""
