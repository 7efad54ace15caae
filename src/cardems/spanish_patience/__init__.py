"""Spanish Patience: a declaration of the build family."""
