"""Spoken labels of a Pyramid view: "6 of hearts, position 22, available"."""

from cardems.core.labels import positions_and_talon

label_pile = positions_and_talon("pyramid")
