"""Drawing cards and tables."""
