"""Heart to Heart: a Pyramid-family solitaire of 52 hearts laid out as a heart."""
