"""Golf: seven columns cleared onto the waste, one rank up or down at a time."""
