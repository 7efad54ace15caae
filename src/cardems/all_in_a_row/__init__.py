"""All in a Row: thirteen columns of four sent into the hole, one rank up or down at a time."""
