"""Fan: a declaration of the build family."""
