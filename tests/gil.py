"""Whether the main thread runs while a compiled search expands in another (the search
lets go of the GIL, as a server's event loop needs while a par is searched)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def runs_beside(work: Callable[[], T]) -> T:
    """``work``'s answer, run in a thread while the main thread sleeps a millisecond at a
    time; asserts the main thread ticked meanwhile (held by the GIL, it ticks once)."""
    began = threading.Event()
    answers: list[T] = []
    took: list[float] = []

    def timed() -> None:
        began.set()
        started = time.perf_counter()
        answers.append(work())
        took.append(time.perf_counter() - started)

    worker = threading.Thread(target=timed)
    worker.start()
    began.wait()
    ticks = 0
    while worker.is_alive():
        time.sleep(0.001)
        ticks += 1
    worker.join()
    assert answers, "the work in the thread failed"
    assert ticks >= min(5, took[0] / 0.02), (ticks, took)
    return answers[0]
