"""Gaps (also called Montana): a declaration of the spaces family."""
