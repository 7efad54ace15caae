"""TriPeaks: clear three peaks of cards onto the waste, one rank up or down at a time."""
