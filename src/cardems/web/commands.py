"""``cardems serve``: run the web app on this machine and open the browser.

One server per database: a second ``cardems`` on the same file opens the browser on the
running one. The file is checked at start (a damaged one is kept aside and replaced, a
read-only one is refused with how to recover), and the ``Host`` header is checked
against this machine's names even when serving the network (``--host 0.0.0.0``).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import socket
import sys
import threading
import webbrowser
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardems.i18n.markers import N_
from cardems.store import DamagedStore, ReadOnlyStore, Store, set_aside
from cardems.web.lock import ServerLock

RUNNING = N_("Cardems is already running on this database at %(url)s: opening it.")
DAMAGED = N_(
    "The database was damaged (%(error)s): it is kept as %(kept)s and a new one is started."
)
READ_ONLY = N_(
    "Cardems cannot write its database (%(error)s): make the file writable, or start with"
    " --db PATH to use another file."
)

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


@dataclass(frozen=True)
class ServeOptions:
    """How ``cardems serve`` was asked to run."""

    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    db: Path = Path("cardems.db")
    open_browser: bool = True
    allowed_hosts: tuple[str, ...] = ()
    proxy_headers: bool = False
    sync: str = "full"


def host_names(options: ServeOptions) -> list[str]:
    """The ``Host`` names the server answers: loopback, plus on a network address this
    machine's names and addresses, plus those given with ``--allowed-host``. Anything
    else (a DNS-rebinding page's name) is refused."""
    names = [*LOOPBACK_NAMES, *options.allowed_hosts]
    if options.host not in LOOPBACK_NAMES:
        hostname = socket.gethostname()
        names += [hostname, socket.getfqdn(), f"{hostname}.local"]
        with contextlib.suppress(OSError):
            names += socket.gethostbyname_ex(hostname)[2]
        if options.host not in ("0.0.0.0", "::", ""):
            names.append(options.host)
    return list(dict.fromkeys(names))


def open_store(db: Path, sync: str = "full") -> Store:
    """The database, checked: a damaged file is kept under a new name and a fresh one
    started (both named on the terminal); a file that cannot be written stops the start."""
    from cardems.i18n import from_environment, translations

    t = translations(from_environment(os.environ))
    synchronous = sync.upper()
    try:
        return Store(db, check=True, synchronous=synchronous)
    except DamagedStore as error:
        kept = set_aside(db)
        print(t.gettext(DAMAGED) % {"error": error, "kept": kept}, file=sys.stderr, flush=True)
        return Store(db, check=True, synchronous=synchronous)
    except ReadOnlyStore as error:
        raise SystemExit(t.gettext(READ_ONLY) % {"error": error}) from None


def serve(options: ServeOptions) -> None:
    """Run the server until interrupted (or, if one already runs on this database, open
    the browser on it)."""
    import uvicorn

    from cardems.i18n import from_environment, translations
    from cardems.web.app import create_app

    t = translations(from_environment(os.environ))
    options.db.parent.mkdir(parents=True, exist_ok=True)
    with ServerLock(options.db) as lock:
        if not lock.held:
            print(t.gettext(RUNNING) % {"url": lock.url}, flush=True)
            if options.open_browser and lock.url:
                webbrowser.open(lock.url)
            return
        store = open_store(options.db, options.sync)
        sock = bind(options.host, options.port)
        actual = sock.getsockname()[1]
        shown = "127.0.0.1" if options.host in ("0.0.0.0", "::", "") else options.host
        url = f"http://{shown}:{actual}/"
        lock.publish(url)
        app = create_app(options.db, allowed_hosts=host_names(options), store=store)
        banner = N_("Cardems is at %(url)s (database %(db)s); press Ctrl+C to stop.")
        print(t.gettext(banner) % {"url": url, "db": options.db}, flush=True)
        if options.open_browser:
            threading.Timer(0.5, webbrowser.open, args=(url,)).start()
        config = uvicorn.Config(
            app,
            log_level="warning",
            access_log=False,
            proxy_headers=options.proxy_headers,
            forwarded_allow_ips="*" if options.proxy_headers else None,
        )
        uvicorn.Server(config).run(sockets=[sock])


def cmd_serve(args: argparse.Namespace) -> None:
    serve(
        ServeOptions(
            host=args.host,
            port=args.port,
            db=Path(args.db) if args.db else data_dir() / "cardems.db",
            open_browser=not args.no_browser,
            allowed_hosts=tuple(args.allowed_host),
            proxy_headers=args.proxy_headers,
            sync=args.sync,
        )
    )


def add_commands(sub: Any) -> None:
    """Add ``serve`` to the ``cardems`` command."""
    parser = sub.add_parser("serve", help="play in the browser (the default command)")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="port to listen on")
    parser.add_argument("--db", help="SQLite database file (default: user data directory)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    parser.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help="another name the server answers to (repeatable; loopback and, on a network"
        " address, this machine's names are always allowed)",
    )
    parser.add_argument(
        "--proxy-headers",
        action="store_true",
        help="behind a TLS proxy: trust its X-Forwarded-Proto/For (cookies become Secure)",
    )
    parser.add_argument(
        "--sync",
        choices=("full", "normal"),
        default="full",
        help="full (default): every answered move is on the disk, even across a power cut;"
        " normal: faster for many players on one machine, a power cut may lose the last"
        " moves (a crash of Cardems itself loses none)",
    )
    parser.set_defaults(func=cmd_serve)
