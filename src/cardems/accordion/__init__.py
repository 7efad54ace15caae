"""Accordion: a declaration of the row family."""
