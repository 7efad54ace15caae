"""FreeCell: Microsoft's classic deals by number, and Baker's Game."""
