"""One server per database: an advisory lock on ``<database>.lock`` holding the URL.

The first ``cardems serve`` on a database takes the lock and writes its URL into the
file; a second one finds the lock taken and reads where the running server is. The
operating system drops the lock when the holder exits, even after ``kill -9``.
"""

from __future__ import annotations

import os
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: no advisory locks here, every start serves
    fcntl = None  # type: ignore[assignment]


class ServerLock:
    """``with ServerLock(db) as lock``: ``lock.held`` or ``lock.url`` of the holder.
    ``ServerLock(None)`` (a PostgreSQL database) is always held."""

    def __init__(self, db: Path | None) -> None:
        self.path = None if db is None else Path(f"{db}.lock")
        self.held = False
        self.url = ""
        self._fd: int | None = None

    def __enter__(self) -> ServerLock:
        if self.path is None or fcntl is None:  # a database server: many may share it
            self.held = True
            return self
        self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self.url = os.pread(self._fd, 512, 0).decode("utf-8", "replace").strip()
            return self
        self.held = True
        return self

    def publish(self, url: str) -> None:
        """Write where this server runs, for a second start to find."""
        assert self.held
        if self._fd is None:
            return
        os.ftruncate(self._fd, 0)
        os.pwrite(self._fd, url.encode(), 0)

    def __exit__(self, *exc: object) -> None:
        if self._fd is not None:
            if self.held:
                os.ftruncate(self._fd, 0)
            os.close(self._fd)  # closing releases the lock
            self._fd = None
