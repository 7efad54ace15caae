"""The settings of ``cardems serve`` from the environment and a file.

Each setting is read from, in order: its command-line flag; ``CARDEMS_<NAME>`` in the
environment (``CARDEMS_DB``, ``CARDEMS_PORT``, ``CARDEMS_ALLOWED_HOSTS=a.lan,b.lan``…);
the file given by ``--config``, else ``$CARDEMS_CONFIG``, else ``config.toml`` in the
user's config folder when it exists; then its default. The file is TOML with the flags'
names as keys::

    db = "postgresql://cardems@db.internal/cardems"   # a password: PGPASSWORD or ~/.pgpass
    workers = 4
    allowed_hosts = ["cards.example.org"]
    proxy_headers = true

A bad value anywhere is refused with its source and the reason, before anything starts.
"""

from __future__ import annotations

import argparse
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardems.argtypes import port, positive
from cardems.i18n.markers import N_
from cardems.paths import config_dir

BAD_FILE = "%(path)s: %(reason)s"
BAD_VALUE = "%(source)s: %(reason)s"
UNKNOWN_KEYS = N_("%(path)s: unknown settings %(keys)s (known: %(known)s)")


class ConfigError(Exception):
    """A setting that cannot be used: one line saying where and why."""


def _boolean(text: str) -> bool:
    words = {"1": True, "true": True, "yes": True, "on": True}
    words |= {"0": False, "false": False, "no": False, "off": False}
    if text.lower() not in words:
        raise argparse.ArgumentTypeError(
            N_("expected true or false, got '%(text)s'") % {"text": text}
        )
    return words[text.lower()]


def _names(text: str) -> tuple[str, ...]:
    return tuple(name.strip() for name in text.split(",") if name.strip())


def _sync(text: str) -> str:
    if text not in ("full", "normal"):
        raise argparse.ArgumentTypeError(
            N_("expected full or normal, got '%(text)s'") % {"text": text}
        )
    return text


@dataclass(frozen=True)
class Setting:
    """One setting: how its text is read, and its default."""

    read: Callable[[str], Any]
    default: Any


SETTINGS: dict[str, Setting] = {
    "db": Setting(str, None),
    "host": Setting(str, "127.0.0.1"),
    "port": Setting(port, 8765),
    "workers": Setting(positive, 1),
    "accounts": Setting(_boolean, None),
    "allowed_hosts": Setting(_names, ()),
    "proxy_headers": Setting(_boolean, False),
    "forwarded_allow_ips": Setting(str, "127.0.0.1,::1"),
    "sync": Setting(_sync, "full"),
    "access_log": Setting(_boolean, False),
}
"""Every setting of ``cardems serve``, by its flag's name with underscores."""


def config_path(given: str | None, environ: Mapping[str, str]) -> Path | None:
    """The settings file in force: ``--config``, ``$CARDEMS_CONFIG``, or the default one
    when it exists."""
    named = given or environ.get("CARDEMS_CONFIG")
    if named:
        return Path(named)
    default = config_dir() / "config.toml"
    return default if default.is_file() else None


def _file_settings(path: Path) -> dict[str, Any]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ConfigError(BAD_FILE % {"path": path, "reason": error.strerror or error}) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ConfigError(BAD_FILE % {"path": path, "reason": error}) from None
    unknown = sorted(set(data) - set(SETTINGS))
    if unknown:
        raise ConfigError(
            UNKNOWN_KEYS % {"path": path, "keys": ", ".join(unknown), "known": ", ".join(SETTINGS)}
        )
    return data


def _read(name: str, value: Any, source: str) -> Any:
    """A value from the environment (text) or the file (TOML), read by its setting."""
    if isinstance(value, list) and name == "allowed_hosts":
        value = ",".join(map(str, value))
    elif isinstance(value, bool):
        value = "true" if value else "false"
    elif isinstance(value, int | float):
        value = str(value)
    if not isinstance(value, str):
        raise ConfigError(BAD_VALUE % {"source": source, "reason": f"not a value: {value!r}"})
    try:
        return SETTINGS[name].read(value)
    except (argparse.ArgumentTypeError, ValueError) as error:
        raise ConfigError(BAD_VALUE % {"source": source, "reason": error}) from None


def resolve(
    flags: Mapping[str, Any], environ: Mapping[str, str], path: Path | None
) -> dict[str, Any]:
    """Every setting: the flag's value unless None, else the environment's, the file's,
    the default."""
    from_file = _file_settings(path) if path else {}
    settings = {}
    for name, setting in SETTINGS.items():
        variable = f"CARDEMS_{name.upper()}"
        if flags.get(name) is not None:
            settings[name] = flags[name]
        elif environ.get(variable):
            settings[name] = _read(name, environ[variable], variable)
        elif name in from_file:
            settings[name] = _read(name, from_file[name], f"{path}: {name}")
        else:
            settings[name] = setting.default
    return settings


def config_help() -> str:
    """One line for ``cardems serve --help``."""
    return N_(
        "settings file (TOML; default: %(path)s if it exists, or $CARDEMS_CONFIG); every flag"
        " can also be set as CARDEMS_<NAME> in the environment"
    ) % {"path": config_dir() / "config.toml"}


__all__ = ["SETTINGS", "ConfigError", "config_help", "config_path", "resolve"]
