"""The README's start command as a newcomer runs it: ``./scripts/start``.

Started with a fresh data directory (on ``$PYTHON`` if set), its home page fetched from
the address it prints, then stopped with Ctrl+C: it must stop at once, say so in one
line and print no traceback.
"""

import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

with tempfile.TemporaryDirectory() as home:
    env = dict(os.environ, XDG_DATA_HOME=home)
    server = subprocess.Popen(
        ["./scripts/start", "--no-browser", "--port", "18765"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    deadline = time.monotonic() + 900  # the first start installs everything
    banner = ""
    while time.monotonic() < deadline and "http://" not in banner:
        banner = server.stdout.readline()
        if not banner and server.poll() is not None:
            sys.exit(f"start check: the server stopped: {server.stderr.read()}")
    url = re.search(r"http://\S+/", banner)
    assert url, banner
    with urllib.request.urlopen(url[0], timeout=30) as page:
        html = page.read().decode()
    assert page.status == 200 and "Seahaven" in html, html[:300]
    server.send_signal(signal.SIGINT)
    out, err = server.communicate(timeout=30)
    assert server.returncode in (0, 130), (server.returncode, err)
    assert "Traceback" not in err + out, err
    print(f"start check: served {url[0]}, stopped by Ctrl+C: {(out + err).strip()}")
