"""Seahaven Towers: rules, table, exact solver, winnable-deal pools and CLI commands."""
