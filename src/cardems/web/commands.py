"""``cardems serve``: run the web app on this machine and open the browser."""

from __future__ import annotations

import argparse
import os
import socket
import sys
import threading
import webbrowser
from pathlib import Path
from typing import Any

from cardems.i18n.markers import N_

DEFAULT_PORT = 8765
LOOPBACK_NAMES = ["127.0.0.1", "localhost", "::1", "[::1]"]


def data_dir() -> Path:
    """Where Cardems keeps its database: the platform's per-user data directory."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "cardems"


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``port``, or on a free port if the default one is taken."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        if port != DEFAULT_PORT:
            sock.close()
            raise
        sock.bind((host, 0))
    sock.listen(128)
    return sock


def serve(host: str, port: int, db: Path, open_browser: bool) -> None:
    """Run the server until interrupted."""
    import uvicorn

    from cardems.i18n import from_environment, translations
    from cardems.web.app import create_app

    sock = bind(host, port)
    actual = sock.getsockname()[1]
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '') else host}:{actual}/"
    loopback = host in ("127.0.0.1", "localhost", "::1")
    app = create_app(db, allowed_hosts=LOOPBACK_NAMES if loopback else None)
    banner = N_("Cardems is at %(url)s (database %(db)s); press Ctrl+C to stop.")
    print(
        translations(from_environment(os.environ)).gettext(banner) % {"url": url, "db": db},
        flush=True,
    )
    if open_browser:
        threading.Timer(0.5, webbrowser.open, args=(url,)).start()
    config = uvicorn.Config(app, log_level="warning", access_log=False)
    uvicorn.Server(config).run(sockets=[sock])


def cmd_serve(args: argparse.Namespace) -> None:
    db = Path(args.db) if args.db else data_dir() / "cardems.db"
    serve(args.host, args.port, db, not args.no_browser)


def add_commands(sub: Any) -> None:
    """Add ``serve`` to the ``cardems`` command."""
    parser = sub.add_parser("serve", help="play in the browser (the default command)")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="port to listen on")
    parser.add_argument("--db", help="SQLite database file (default: user data directory)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    parser.set_defaults(func=cmd_serve)
