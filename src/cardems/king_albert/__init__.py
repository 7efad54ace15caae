"""King Albert: a declaration of the build family."""
