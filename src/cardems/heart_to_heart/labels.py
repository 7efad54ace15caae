"""Spoken labels of a Heart to Heart view: "4 of hearts, position 25, available"."""

from cardems.core.labels import positions_and_talon

label_pile = positions_and_talon("heart")
