"""The installed product whole, as a user of the wheel gets it (no editable install).

    python3 .ci/wheel_check.py [--python PY] [--deps-from PY]

Builds the wheel from a clean copy of this checkout (``pip wheel --no-deps``, with the
pip of ``--python``, default ``.venv/bin/python`` or this Python), installs it into a
fresh virtual environment (its dependencies from the package index; ``--deps-from PY``
borrows those already installed in PY's environment instead, for the tests), and then:

- every file the package loads at run time (any file under ``src/cardems`` but Python
  and C sources) is in the installed package;
- ``cardems serve`` starts from a folder outside the checkout, on a free loopback port
  with a temporary data folder; the home page, the manifest, the service worker, the
  offline page and a table of every game (dealt as the app deals it, ``POST /api/games``)
  answer 200, and so does every asset they name: scripts (and the modules those
  import), styles, icons, the card sprites, the service worker's shell and the rules
  pages.

Standard library only, like ``.ci/start_check.py``.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import NoReturn

ROOT = Path(__file__).resolve().parent.parent
SKIPPED = (".git", ".venv*", "build", "dist", "*.egg-info", "__pycache__", "*.so", "test-artifacts")
NOT_DATA = {".py", ".c", ".h", ".pyc", ".so"}
"""Suffixes of the files that are not package data (code, compiled or compiled from)."""
ATTRIBUTE = re.compile(r"""<(?:script|link|img|a)\b[^>]*?\b(?:src|href)="([^"#?]*[^"]*)\"""")
IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']""")
LITERAL = re.compile(r"""["'](/[\w./-]+\.(?:svg|png|js|css|json|webmanifest))["']""")
CSS_URL = re.compile(r"""url\(\s*["']?([^"')]+)["']?\s*\)""")


def fail(message: str) -> NoReturn:
    sys.exit(f"wheel check: {message}")


def run(*command: str | Path, **options: object) -> str:
    done = subprocess.run(
        [str(part) for part in command],
        capture_output=True,
        text=True,
        **options,  # type: ignore[call-overload]
    )
    if done.returncode:
        fail(f"{' '.join(map(str, command))} failed:\n{done.stdout}{done.stderr}")
    return str(done.stdout)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def build_and_install(builder: Path, work: Path, deps_from: Path | None) -> Path:
    """The wheel built from a clean copy of the checkout, installed into a new
    environment under ``work``: that environment's python."""
    source = work / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*SKIPPED))
    dist = work / "dist"
    run(builder, "-m", "pip", "wheel", "--no-deps", "-q", "-w", dist, source)
    (wheel,) = dist.glob("cardems-*.whl")
    env = work / "venv"
    run(builder, "-m", "venv", "--without-pip", env)
    python = env / "bin" / "python"
    pip: list[str | Path] = [builder, "-m", "pip", "--python", python, "install", "-q"]
    if deps_from is None:
        run(*pip, wheel)
    else:
        run(*pip, "--no-deps", wheel)
        # The other environment's packages after this one's (its cardems, an editable
        # install, is not seen: its .pth files are not read from there).
        purelib = run(deps_from, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))")
        platlib = run(deps_from, "-c", "import sysconfig; print(sysconfig.get_path('platlib'))")
        site = run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))")
        Path(site.strip(), "zz-borrowed-deps.pth").write_text(f"{purelib.strip()}\n{platlib}")
    print(f"wheel check: built {wheel.name}, installed into a new environment", flush=True)
    return python


def check_package_files(python: Path) -> int:
    """Every data file of the source tree is in the installed package; their count."""
    where = run(python, "-c", "import cardems, os; print(os.path.dirname(cardems.__file__))")
    installed = Path(where.strip())
    if ROOT in installed.parents:
        fail(f"cardems was imported from the checkout ({installed}), not from the wheel")
    package = ROOT / "src" / "cardems"
    wanted = [
        path.relative_to(package)
        for path in package.rglob("*")
        if path.is_file() and path.suffix not in NOT_DATA and "__pycache__" not in path.parts
    ]
    missing = sorted(str(path) for path in wanted if not (installed / path).is_file())
    if missing:
        fail(f"{len(missing)} data files are not in the wheel: {', '.join(missing)}")
    return len(wanted)


class Site:
    """A browser's view of the server: one cookie jar, every URL fetched once."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        self.fetched: dict[str, int] = {}
        self.imports: dict[str, str] = {}  # the pages' import map
        self.kept = 0  # static files a browser keeps for a year

    def get(self, path: str, data: dict[str, object] | None = None) -> tuple[int, str]:
        url = urllib.parse.urljoin(self.base, path)
        headers = {"Accept-Language": "en"}
        body = None
        if data is not None:
            body = json.dumps(data).encode()
            headers |= {"Content-Type": "application/json", "Origin": self.base.rstrip("/")}
        request = urllib.request.Request(url, body, headers)
        try:
            with self.opener.open(request, timeout=60) as answer:
                status, raw = answer.status, answer.read()
        except urllib.error.HTTPError as error:
            status, raw, answer = error.code, error.read(), error
        if data is None:
            path = urllib.parse.urlsplit(url).path
            self.fetched[path] = status
            cache = answer.headers.get("cache-control", "") if status == 200 else ""
            if re.match(r"/static/[0-9a-f]{16}/", path):
                if "immutable" not in cache:
                    fail(f"{path} is versioned but sent Cache-Control: {cache!r}")
                self.kept += 1
        return status, raw.decode("utf-8", "replace")

    def page(self, path: str) -> str:
        """A page that must answer 200, and every asset it names, recursively."""
        status, text = self.get(path)
        if status != 200:
            fail(f"{path} answered {status}")
        self.assets(path, text)
        return text

    def assets(self, path: str, text: str) -> None:
        names: list[str] = []
        if path.endswith(".js"):
            imported = IMPORT.findall(text)
            names += [self.mapped(path, name) for name in imported]
            names += [name for name in LITERAL.findall(text) if name not in imported]
        elif path.endswith(".css"):
            names += [url for url in CSS_URL.findall(text) if not url.startswith("data:")]
        elif path.endswith(".webmanifest"):
            names += [icon["src"] for icon in json.loads(text)["icons"]]
        else:
            names += ATTRIBUTE.findall(text)
            for block in re.findall(r'<script type="importmap">(.*?)</script>', text, re.S):
                self.imports |= json.loads(block).get("imports", {})
        for name in names:
            target = urllib.parse.urlsplit(urllib.parse.urljoin(path, name))
            if target.netloc or not asset(target.path):
                continue
            full = target.path + (f"?{target.query}" if target.query else "")
            if full not in self.fetched and target.path not in self.fetched:
                status, body = self.get(full)
                if status != 200:
                    fail(f"{full} (named by {path}) answered {status}")
                self.assets(target.path, body)

    def mapped(self, base: str, specifier: str) -> str:
        """Where a browser fetches a module's import: the URL, then the import map."""
        url = urllib.parse.urljoin(base, specifier)
        prefixes = [key for key in self.imports if url.startswith(key)]
        if not prefixes:
            return url
        key = max(prefixes, key=len)
        return self.imports[key] + url[len(key) :]


def asset(path: str) -> bool:
    """Whether a page's link is one of its assets (rather than another page)."""
    return (
        path.startswith(("/static/", "/rules/"))
        or path in ("/manifest.webmanifest", "/sw.js")
        or path.endswith((".svg", ".png", ".js", ".css"))
    )


def serve_and_fetch(python: Path, work: Path) -> str:
    port = free_port()
    data = work / "data"
    data.mkdir()
    env = {
        key: value for key, value in os.environ.items() if not key.startswith(("CARDEMS_", "PY"))
    }
    env |= {"XDG_DATA_HOME": str(data), "XDG_CONFIG_HOME": str(data), "PYTHONUNBUFFERED": "1"}
    cardems = python.parent / "cardems"
    server = subprocess.Popen(
        [cardems, "serve", "--no-browser", "--port", str(port)],
        cwd=work,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None and server.stderr is not None
        deadline = time.monotonic() + 120
        banner = ""
        while "http://" not in banner:
            banner = server.stdout.readline()
            if (not banner and server.poll() is not None) or time.monotonic() > deadline:
                fail(f"the server did not start: {server.stderr.read()}")
        found = re.search(r"http://\S+/", banner)
        if not found:
            fail(f"no address in {banner!r}")
        site = Site(found[0])
        site.page("/")
        site.page("/offline")
        site.page("/manifest.webmanifest")
        status, worker = site.get("/sw.js")
        shell = json.loads(worker.split("const SHELL = ", 1)[1].split(";", 1)[0])
        for path in shell:
            site.page(path)
        status, catalogue = site.get("/api/games")
        games = [entry["game"] for entry in json.loads(catalogue)["games"]]
        for game in games:
            status, answer = site.get("/api/games", {"game": game})
            if status != 201:
                fail(f"dealing {game} answered {status}: {answer}")
            site.page(f"/game/{json.loads(answer)['id']}")
            site.page(f"/rules/{game}")
        bad = {path: status for path, status in site.fetched.items() if status != 200}
        if bad:
            fail(f"not 200: {bad}")
        return (
            f"served {site.base} from the wheel: the home page, {len(games)} tables"
            f" ({', '.join(games)}) and {len(site.fetched)} URLs in all, every one 200;"
            f" {site.kept} static files at versioned URLs, each kept a year (immutable)"
        )
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.communicate()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    default = ROOT / ".venv" / "bin" / "python"
    parser.add_argument("--python", type=Path, default=default if default.exists() else None)
    parser.add_argument("--deps-from", type=Path)
    args = parser.parse_args()
    builder = args.python or Path(sys.executable)
    with tempfile.TemporaryDirectory(prefix="cardems-wheel-") as folder:
        work = Path(folder)
        python = build_and_install(builder, work, args.deps_from)
        files = check_package_files(python)
        print(f"wheel check: all {files} data files of src/cardems are installed", flush=True)
        print(f"wheel check: {serve_and_fetch(python, work)}", flush=True)


if __name__ == "__main__":
    main()
