"""Eight Off: a declaration of the build family."""
