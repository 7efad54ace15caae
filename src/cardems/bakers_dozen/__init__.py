"""Baker's Dozen: a declaration of the build family."""
