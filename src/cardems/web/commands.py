"""``cardems serve``: run the web app on this machine and open the browser.

One server per database: a second ``cardems`` on the same file opens the browser on the
running one. The file is checked at start (a damaged one is kept aside and replaced, a
read-only one is refused with how to recover), and the ``Host`` header is checked
against this machine's names even when serving the network (``--host 0.0.0.0``).
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import errno
import json
import os
import socket
import sys
import threading
import webbrowser
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardems.argtypes import port, positive
from cardems.command_error import CommandError
from cardems.config import SETTINGS, ConfigError, config_help, config_path, resolve
from cardems.database import is_postgres, safe_url
from cardems.i18n.markers import N_
from cardems.paths import data_dir
from cardems.store import DamagedStore, ReadOnlyStore, Store, StoreError, set_aside
from cardems.web.lock import ServerLock

RUNNING = N_("Cardems is already running on this database at %(url)s: opening it.")
RUNNING_THERE = N_("Cardems is already running on this database at %(url)s.")
BANNER = N_("Cardems is at %(url)s (database %(db)s); press Ctrl+C to stop.")
PORT_TAKEN = N_("port %(port)d is already in use on %(host)s: choose another with --port")
PORT_REFUSED = N_(
    "cannot listen on port %(port)d of %(host)s (%(reason)s): ports below 1024 need root;"
    " choose another with --port"
)
NO_HOST = N_("cannot listen on %(host)s (%(reason)s): give an address of this machine with --host")
DAMAGED = N_(
    "The database was damaged (%(error)s): it is kept as %(kept)s and a new one is started."
)
READ_ONLY = N_(
    "Cardems cannot write its database (%(error)s): make the file writable, or start with"
    " --db PATH to use another file."
)
NO_FOLDER = N_(
    "the folder %(folder)s does not exist: create it, or give --db a file in an existing folder"
)

DEFAULT_PORT = 8765
LOOPBACK_NAMES = ["127.0.0.1", "localhost", "::1", "[::1]"]
LOOPBACK_PROXY = "127.0.0.1,::1"


class ServeError(Exception):
    """The server cannot start as asked: one line saying why and what to change."""


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``port``, or on a free port if the default one is taken."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as error:
        raise ServeError(NO_HOST % {"host": host, "reason": _reason(error)}) from None
    family, _, _, _, address = found[0]
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        try:
            sock.bind(address)
        except OSError as error:
            if port != DEFAULT_PORT or error.errno != errno.EADDRINUSE:
                raise
            sock.bind((address[0], 0, *address[2:]))
        sock.listen(128)
    except OSError as error:
        sock.close()
        values = {"host": host, "port": port, "reason": _reason(error)}
        if error.errno == errno.EADDRINUSE:
            raise ServeError(PORT_TAKEN % values) from None
        if error.errno == errno.EACCES:
            raise ServeError(PORT_REFUSED % values) from None
        raise ServeError(NO_HOST % values) from None
    return sock


def _reason(error: Exception) -> str:
    return str(getattr(error, "strerror", None) or error)


@dataclass(frozen=True)
class ServeOptions:
    """How ``cardems serve`` was asked to run."""

    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    db: Path | str = Path("cardems.db")
    """A SQLite file, or a ``postgresql://`` URL."""
    open_browser: bool = True
    allowed_hosts: tuple[str, ...] = ()
    proxy_headers: bool = False
    forwarded_allow_ips: str = LOOPBACK_PROXY
    """The proxies whose forwarded headers are trusted (uvicorn's option)."""
    sync: str = "full"
    workers: int = 1
    accounts: bool | None = None
    access_log: bool = False


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
    """Run the server until interrupted (or, if one already runs on this SQLite database,
    open the browser on it). With ``workers`` above 1 it runs that many processes on the
    one socket, each a stateless worker over the shared database. Nothing is created on
    the disk before the address is bound."""
    from cardems.core.registry import compiled_note
    from cardems.i18n import from_environment, translate, translations

    lang = from_environment(os.environ)
    t = translations(lang)
    postgres = is_postgres(options.db)
    if not postgres:
        folder = Path(options.db).parent
        # The default data folder is made; a folder given with --db must exist (a typo
        # would otherwise make a tree of folders and a new, empty database in it).
        if Path(options.db) != default_database() and not folder.is_dir():
            raise ServeError(NO_FOLDER % {"folder": folder})
        folder.mkdir(parents=True, exist_ok=True)
    with ServerLock(None if postgres else Path(options.db)) as lock:
        if not lock.held:
            running = RUNNING if options.open_browser else RUNNING_THERE
            print(t.gettext(running) % {"url": lock.url}, flush=True)
            if options.open_browser and lock.url:
                webbrowser.open(lock.url)
            return
        sock = bind(options.host, options.port)
        store = connect(options.db) if postgres else open_store(Path(options.db), options.sync)
        actual = sock.getsockname()[1]
        shown = "127.0.0.1" if options.host in ("0.0.0.0", "::", "") else options.host
        url = f"http://{shown}:{actual}/" if ":" not in shown else f"http://[{shown}]:{actual}/"
        lock.publish(url)
        print(t.gettext(BANNER) % {"url": url, "db": safe_url(str(options.db))}, flush=True)
        note = compiled_note()
        if note:
            print(translate(lang, note), file=sys.stderr, flush=True)
        if options.open_browser:
            threading.Timer(0.5, webbrowser.open, args=(url,)).start()
        run(options, store, sock)


def connect(url: str | Path) -> Store:
    """The PostgreSQL database at ``url``, or a clear stop if it cannot be used."""
    try:
        return Store(url)
    except StoreError as error:
        raise SystemExit(str(error)) from None


def app_settings(options: ServeOptions) -> dict[str, Any]:
    """What every worker needs to build the app (see :func:`cardems.web.app.from_environment`)."""
    return {
        "db": str(options.db),
        "allowed_hosts": host_names(options),
        "accounts": accounts_on(options),
        "sync": options.sync.upper(),
    }


def accounts_on(options: ServeOptions) -> bool:
    """Accounts when asked for, and by default on PostgreSQL (hosted play)."""
    return options.accounts if options.accounts is not None else is_postgres(options.db)


def log_config(access_log: bool) -> dict[str, Any]:
    """Uvicorn's logging: warnings and errors on stderr, and with ``access_log`` one line
    per request on stdout (``127.0.0.1:51234 - "GET / HTTP/1.1" 200``)."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"]["uvicorn"]["level"] = config["loggers"]["uvicorn.error"]["level"] = "WARNING"
    config["loggers"]["uvicorn.access"]["level"] = "INFO" if access_log else "WARNING"
    return config


def uvicorn_settings(options: ServeOptions) -> dict[str, Any]:
    """uvicorn's settings for every worker: forwarded headers are read only with
    ``--proxy-headers``, and only from ``--forwarded-allow-ips``; requests are logged
    only with ``--access-log``. The shared tables' WebSocket messages (a seat's view,
    about a kilobyte) go uncompressed: compressing each costs the worker more CPU than
    the bytes are worth. The limits a client meets (messages, pings, request deadlines)
    are :func:`cardems.web.serving.limits`."""
    from cardems.web.serving import limits

    return {
        **limits(),
        "ws_per_message_deflate": False,
        "log_config": log_config(options.access_log),
        "access_log": options.access_log,
        "proxy_headers": options.proxy_headers,
        "forwarded_allow_ips": options.forwarded_allow_ips,
    }


def run(options: ServeOptions, store: Store, sock: socket.socket) -> None:
    """Serve on ``sock``: in this process, or in ``options.workers`` worker processes."""
    import uvicorn

    from cardems.web.app import ENVIRONMENT, create_app

    common = uvicorn_settings(options)
    if options.workers <= 1:
        app = create_app(
            options.db,
            allowed_hosts=host_names(options),
            store=store,
            accounts=accounts_on(options),
        )
        uvicorn.Server(uvicorn.Config(app, **common)).run(sockets=[sock])
        return
    from uvicorn.supervisors import Multiprocess

    store.close()  # each worker opens its own connection or pool
    os.environ[ENVIRONMENT] = json.dumps(app_settings(options))
    config = uvicorn.Config(
        "cardems.web.app:from_environment", factory=True, workers=options.workers, **common
    )
    Multiprocess(config, sockets=[sock]).run()


def default_database() -> Path:
    """The SQLite file used without ``--db``: ``cardems.db`` in the user's data folder."""
    return data_dir() / "cardems.db"


def database(text: str | None) -> Path | str:
    """``--db``: a PostgreSQL URL as given, a file path, or the default file."""
    if text and is_postgres(text):
        return text
    return Path(text) if text else default_database()


def cmd_serve(args: argparse.Namespace) -> None:

    flags = {name: getattr(args, name, None) for name in SETTINGS}
    try:
        settings = resolve(flags, os.environ, config_path(args.config, os.environ))
    except ConfigError as error:
        raise CommandError(str(error)) from None
    options = ServeOptions(
        host=settings["host"],
        port=settings["port"],
        db=database(settings["db"]),
        open_browser=not args.no_browser,
        allowed_hosts=tuple(settings["allowed_hosts"]),
        proxy_headers=settings["proxy_headers"],
        forwarded_allow_ips=settings["forwarded_allow_ips"],
        sync=settings["sync"],
        workers=settings["workers"],
        accounts=settings["accounts"],
        access_log=settings["access_log"],
    )
    try:
        serve(options)
    except ServeError as error:
        raise CommandError(str(error)) from None


def add_commands(sub: Any) -> None:
    """Add ``serve`` to the ``cardems`` command."""
    parser = sub.add_parser("serve", help=N_("play in the browser (the default command)"))
    parser.add_argument("--host", help=N_("address to listen on (default 127.0.0.1)"))
    parser.add_argument("--port", type=port, help=N_("port to listen on (default 8765)"))
    parser.add_argument(
        "--db",
        help=N_("SQLite database file (default: user data directory), or a postgresql:// URL"),
    )
    parser.add_argument(
        "--workers", type=positive, help=N_("worker processes (stateless; default 1)")
    )
    parser.add_argument(
        "--accounts",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=N_(
            "sign-up and sign-in, so games follow a player to every device"
            " (default: on with PostgreSQL, off with SQLite)"
        ),
    )
    parser.add_argument("--no-browser", action="store_true", help=N_("do not open a browser"))
    parser.add_argument(
        "--allowed-host",
        dest="allowed_hosts",
        action="append",
        metavar="NAME",
        help=N_(
            "another name the server answers to (repeatable; loopback and, on a network"
            " address, this machine's names are always allowed)"
        ),
    )
    parser.add_argument(
        "--proxy-headers",
        action="store_true",
        default=None,
        help=N_("behind a TLS proxy: trust its X-Forwarded-Proto/For (cookies become Secure)"),
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        metavar="ADDRESSES",
        help=N_(
            "with --proxy-headers: the proxies whose forwarded headers are trusted,"
            " comma-separated addresses or networks (default: loopback only)"
        ),
    )
    parser.add_argument(
        "--sync",
        choices=("full", "normal"),
        help=N_(
            "full (default): every answered move is on the disk, even across a power cut;"
            " normal: faster for many players on one machine, a power cut may lose the last"
            " moves (a crash of Cardems itself loses none)"
        ),
    )
    parser.add_argument(
        "--access-log",
        action="store_true",
        default=None,
        help=N_("log every request on stderr"),
    )
    parser.add_argument("--config", metavar="FILE", help=config_help())
    parser.set_defaults(func=cmd_serve)
