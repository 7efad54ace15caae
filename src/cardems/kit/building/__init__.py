"""The build family: solitaires of columns that build, free cells and foundations,
declared as data (:mod:`.declare`), played by one engine (:mod:`.engine`), solved by one
search (:mod:`.solver`), on the kit's table through one adapter (:mod:`.solitaire`,
:mod:`.game`). ``docs/KIT.md`` ("Declarations") is the guide."""

from cardems.kit.building.declare import (
    UNLIMITED,
    Base,
    Build,
    BuildRules,
    Cells,
    DeclarationError,
    Direction,
    Empty,
    Foundations,
    Group,
    Points,
    ReservePile,
    Stock,
    Suits,
    Tableau,
    declare,
)

__all__ = [
    "UNLIMITED",
    "Base",
    "Build",
    "BuildRules",
    "Cells",
    "DeclarationError",
    "Direction",
    "Empty",
    "Foundations",
    "Group",
    "Points",
    "ReservePile",
    "Stock",
    "Suits",
    "Tableau",
    "declare",
]
