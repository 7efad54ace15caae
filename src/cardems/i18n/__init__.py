"""Translations for Cardems: languages and gettext catalogs.

``from cardems.i18n import negotiate, direction, translations``.
Engines import only :mod:`cardems.i18n.markers`; the Babel-backed names below are
loaded lazily so that marking a string never imports the translation machinery.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardems.i18n.catalogs import translations
    from cardems.i18n.formatted import number_text, translate
    from cardems.i18n.labels import card_name, spoken_label
    from cardems.i18n.languages import (
        DEFAULT_LANGUAGE,
        LANGUAGES,
        direction,
        from_environment,
        negotiate,
    )

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "card_name",
    "direction",
    "from_environment",
    "negotiate",
    "number_text",
    "spoken_label",
    "translate",
    "translations",
]

_HOMES = {
    "translations": "catalogs",
    "DEFAULT_LANGUAGE": "languages",
    "LANGUAGES": "languages",
    "direction": "languages",
    "from_environment": "languages",
    "translate": "formatted",
    "number_text": "formatted",
    "negotiate": "languages",
    "card_name": "labels",
    "spoken_label": "labels",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)
