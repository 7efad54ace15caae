"""Make the checkout's virtual environment, install Cardems into it, print its python.

    python3 scripts/bootstrap.py DIR [EXTRA]     # e.g. .venv, or .venv test

The first thing a new machine runs, so it uses the standard library only and nothing
system-wide: a stock Debian or Ubuntu Python without pip or ensurepip (no python3-venv
package) is enough. The environment is then made without pip, and pip is put into it
from its wheel on PyPI, checked against the SHA-256 that PyPI publishes. Cardems is
installed editable (``pip install -e .[EXTRA]``) and again only when ``pyproject.toml``,
``setup.py`` or EXTRA changed. Needs Python 3.11 or newer; says so plainly otherwise.
"""

import hashlib
import json
import os
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYPI_PIP = "https://pypi.org/pypi/pip/json"
COVERS = {
    "": {""},
    "hosted": {"", "hosted"},
    "cluster": {"", "cluster"},
    "test": {"", "hosted", "cluster", "test"},
}
"""The extras an installed extra includes (``test`` pulls in ``hosted`` and ``cluster``)."""


def fail(message):
    print(f"cardems set-up: {message}", file=sys.stderr)
    sys.exit(2)


def python_of(env):
    return env / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def works(python, code="pass"):
    try:
        return subprocess.run([str(python), "-c", code], capture_output=True).returncode == 0
    except OSError:
        return False


def create(env):
    """A new environment at ``env``, with pip even where ensurepip is missing."""
    print(f"Making a virtual environment in {env} …", file=sys.stderr, flush=True)
    # Without pip first: Debian's venv exits outright when ensurepip is missing.
    venv.EnvBuilder(clear=True, with_pip=False).create(env)
    python = python_of(env)
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    if subprocess.run([str(python), "-m", "ensurepip", "--default-pip"], **quiet).returncode:
        install_pip(python)


def install_pip(python):
    """pip into the environment from its newest wheel on PyPI (no ensurepip here)."""
    print("This Python has no ensurepip: fetching pip from PyPI …", file=sys.stderr, flush=True)
    try:
        with urllib.request.urlopen(PYPI_PIP, timeout=60) as answer:
            release = json.load(answer)
        wheel = next(
            url
            for url in release["urls"]
            if url["packagetype"] == "bdist_wheel" and url["filename"].endswith("-none-any.whl")
        )
        url = urllib.parse.urljoin(PYPI_PIP, wheel["url"])  # mirrors may answer relative URLs
        with urllib.request.urlopen(url, timeout=120) as answer:
            data = answer.read()
    except (OSError, ValueError, KeyError, StopIteration) as error:
        fail(f"could not fetch pip from PyPI ({error}); install python3-venv and try again")
    if hashlib.sha256(data).hexdigest() != wheel["digests"]["sha256"]:
        fail("the pip wheel from PyPI does not match its published SHA-256; try again")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / wheel["filename"]
        path.write_bytes(data)
        # A pip wheel runs as it is: python pip-….whl/pip install pip
        run([str(python), f"{path}/pip", "install", "-q", "--no-warn-script-location", "pip"])


def run(command):
    if subprocess.run(command, stdout=sys.stderr).returncode != 0:
        fail(f"this step failed: {' '.join(command)}")


def main():
    if sys.version_info < (3, 11):  # noqa: UP036 -- said plainly to an older Python
        fail(
            f"Cardems needs Python 3.11 or newer; {sys.executable} is"
            f" {sys.version.split()[0]}. Install a newer python3 (or set PYTHON=/path/to/it)."
        )
    if len(sys.argv) not in (2, 3):
        fail("usage: python3 scripts/bootstrap.py DIR [EXTRA]")
    env = (ROOT / sys.argv[1]).absolute()
    extra = sys.argv[2] if len(sys.argv) == 3 else ""
    python = python_of(env)
    fingerprint = hashlib.sha256(
        b"".join((ROOT / name).read_bytes() for name in ("pyproject.toml", "setup.py"))
    ).hexdigest()
    stamp = env / "cardems-installed"
    if not works(python, "import sys; assert sys.version_info >= (3, 11)"):
        create(env)
    installed = stamp.read_text().split() if stamp.exists() else []
    has = installed[1] if len(installed) > 1 else ""
    fresh = installed[:1] == [fingerprint] and extra in COVERS.get(has, {""})
    if not (fresh and works(python, "import cardems")):
        target = f"{ROOT}[{extra}]" if extra else str(ROOT)
        print(f"Installing Cardems{f' [{extra}]' if extra else ''} into {env} …", file=sys.stderr)
        pip = [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
        run([*pip, "-e", target])
        stamp.write_text(f"{fingerprint} {extra}")
    print(python)


if __name__ == "__main__":
    main()
