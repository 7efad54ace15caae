"""Profile every thread of a process started with ``CARDEMS_PROFILE=DIR`` (this folder
first on ``PYTHONPATH``): cProfile in CPU time (``time.thread_time``), one profile per
thread. ``SIGUSR1`` starts the measure afresh (what came before is dropped), ``SIGUSR2``
writes the threads' profiles merged into ``DIR/<pid>.prof``. The tables' load
benchmark's ``--profile`` uses it to split what a worker spends its CPU on."""

from __future__ import annotations

import cProfile
import os
import pstats
import signal
import threading
import time
from typing import Any

_DIR = os.environ.get("CARDEMS_PROFILE")
_profiles: list[cProfile.Profile] = []


def _start(*_: Any) -> None:
    """Profile the calling thread (as a ``threading.setprofile`` hook: a new thread)."""
    profile = cProfile.Profile(time.thread_time)
    _profiles.append(profile)
    profile.enable()


def _restart(*_: Any) -> None:
    for profile in list(_profiles):
        profile.clear()


class _Snapshot:
    """A thread's profile as it stands, for :class:`pstats.Stats`: not ``create_stats``,
    which would close the calls still running in other threads (a worker waiting for
    work) with this thread's clock."""

    def __init__(self, profile: cProfile.Profile) -> None:
        profile.snapshot_stats()
        self.stats = profile.stats  # type: ignore[attr-defined]

    def create_stats(self) -> None:
        """Already made."""


def _dump(*_: Any) -> None:
    kept = [s for s in map(_Snapshot, list(_profiles)) if s.stats]
    if kept and _DIR:
        stats = pstats.Stats(kept[0])  # type: ignore[arg-type]
        for snapshot in kept[1:]:
            stats.add(snapshot)  # type: ignore[arg-type]
        stats.dump_stats(os.path.join(_DIR, f"{os.getpid()}.prof"))


if _DIR:
    _start()
    threading.setprofile(_start)
    signal.signal(signal.SIGUSR1, _restart)
    signal.signal(signal.SIGUSR2, _dump)

if os.environ.get("CARDEMS_STAGES"):
    import stages  # noqa: F401  (wraps the app's methods: see stages.py)
