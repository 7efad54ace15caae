"""Mark player-facing strings for translation without translating them yet.

Engines stay pure: they return the English message and the web layer translates it
with ``translations(lang).gettext(message)``. ``pybabel extract`` collects every
literal passed to ``N_`` (a default Babel keyword), every pair passed to ``Nn_``
(plurals) and every ``Np_(context, message)`` into ``messages.pot``.
"""

from __future__ import annotations

__all__ = ["N_", "Nn_", "Np_"]


def N_(message: str) -> str:
    """Return ``message`` unchanged; Babel extracts it as a translatable string."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Return the pair unchanged; extracted as a plural message (``-k Nn_:1,2``).

    Translate later with ``translations(lang).ngettext(singular, plural, n) % {"num": n}``.
    """
    return singular, plural


def Np_(context: str, message: str) -> str:
    """Return ``message``; extracted with its context (``-k Np_:1c,2``).

    Translate later with ``translations(lang).pgettext(context, message)``.
    """
    return message
