"""Streets and Alleys: a declaration of the build family."""
