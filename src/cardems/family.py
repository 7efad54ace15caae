"""What a deal code's game letters stand for (imported by the registry and by the deal
codes alike, so that neither needs the other to load first)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardems.i18n.markers import N_

NO_VARIANT = N_("%(game)s has no variant %(variant)s (its variants: %(variants)s)")


@dataclass(frozen=True)
class GameFamily:
    """What a deal code's game letters stand for: each game declares one (its ``GAME``)."""

    prefix: str
    name: str
    title: str
    variants: tuple[str, ...]
    payload_width: int
    versions: tuple[int, ...] = (1,)

    @property
    def max_number(self) -> int:
        """The largest deal number the payload width can hold."""
        return int(32**self.payload_width) - 1

    def no_variant(self, variant: str) -> str:
        """The one line that refuses ``variant``, a variant this game does not have."""
        return NO_VARIANT % {
            "game": self.title,
            "variant": variant,
            "variants": ", ".join(self.variants),
        }


@dataclass(frozen=True)
class Variant:
    """A variant as the new-game window offers it: its deal codes' letters, its marked
    label and the number the label's ``%(num)d`` reads (0: none)."""

    letters: str
    label: str
    num: int = 0


def letters(variants: Sequence[Variant]) -> tuple[str, ...]:
    """The variants' letters, for a :class:`GameFamily` (the default first)."""
    return tuple(variant.letters for variant in variants)
