"""Spider: two decks, ten columns, runs of one suit from king to ace."""
