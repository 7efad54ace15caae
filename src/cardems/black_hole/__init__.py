"""Black Hole: seventeen fans of three sent into the hole, one rank up or down at a time."""
