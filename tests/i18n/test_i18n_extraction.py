"""messages.pot holds exactly what the sources mark (run `bash scripts/i18n extract`)."""

from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

import cardems.i18n
from cardems.i18n.catalogs import template_path

ROOT = Path(cardems.i18n.__file__).parents[3]


@pytest.mark.slow  # runs the extraction over every source (seconds)
def test_template_is_up_to_date_with_the_sources() -> None:
    with (ROOT / "babel.cfg").open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)  # type: ignore[no-untyped-call]
    keywords = {**DEFAULT_KEYWORDS, "N_": None, "Nn_": (1, 2), "Np_": ((1, "c"), 2)}
    found = {
        (context, message)
        for _, _, message, _, context in extract_from_dir(
            ROOT / "src", method_map, options_map, keywords=keywords
        )
    }
    with template_path().open("rb") as pot:
        listed = {(message.context, message.id) for message in read_po(pot) if message.id}
    assert found - listed == set(), "marked in the sources but not in messages.pot"
    assert listed - found == set(), "in messages.pot but no longer in the sources"
