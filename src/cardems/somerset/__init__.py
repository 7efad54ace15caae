"""Somerset: a declaration of the build family."""
