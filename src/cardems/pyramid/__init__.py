"""Pyramid: the classic solitaire of pairs that make 13 (Microsoft's rules by default)."""
