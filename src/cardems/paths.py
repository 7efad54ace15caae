"""Where Cardems keeps a user's files: the platform's per-user data and config folders."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def data_dir() -> Path:
    """The database and what ``cardems analyze`` writes: ``$XDG_DATA_HOME/cardems``
    (usually ``~/.local/share/cardems``), or the platform's equivalent."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "cardems"


def config_dir() -> Path:
    """Where ``config.toml`` is looked for: ``$XDG_CONFIG_HOME/cardems`` (usually
    ``~/.config/cardems``), or the platform's equivalent."""
    if sys.platform == "win32":
        return data_dir()
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Preferences" / "cardems"
    return Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config") / "cardems"


def writable_file(path: Path) -> str | None:
    """Why ``path`` cannot be written (a missing folder is made), or None: checked before
    a long command starts, so that it never fails at the end of its work."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        return f"{path.parent}: {error.strerror or error}"
    if path.is_dir():
        return f"{path}: is a folder"
    existed = path.exists()
    try:
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as error:
        return f"{path}: {error.strerror or error}"
    if not existed:
        path.unlink()
    return None
