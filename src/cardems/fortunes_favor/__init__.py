"""Fortune's Favor: a declaration of the build family with a stock and a waste."""
