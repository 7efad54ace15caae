"""The info-bar clock."""

from cardems.timer import GameTimer


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_starts_at_first_move_pauses_and_stops() -> None:
    clock = FakeClock()
    timer = GameTimer(clock=clock)
    clock.now += 50
    assert timer.elapsed() == 0
    timer.start()
    clock.now += 10
    timer.start()  # idempotent
    assert timer.elapsed() == 10
    timer.pause()
    clock.now += 1000
    assert timer.elapsed() == 10
    timer.start()
    clock.now += 5
    timer.stop()
    clock.now += 5
    timer.start()
    assert timer.elapsed() == 15 and timer.stopped


def test_saved_timer_resumes_paused() -> None:
    clock = FakeClock()
    timer = GameTimer(clock=clock)
    timer.start()
    clock.now += 42
    restored = GameTimer.from_dict(timer.to_dict(), clock=clock)
    clock.now += 100
    assert restored.elapsed() == 42
    restored.start()
    clock.now += 1
    assert restored.elapsed() == 43
