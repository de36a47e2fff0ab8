"""The round timer, on a clock the caller gives (tests pass a fake one; nothing sleeps)."""

from __future__ import annotations

import time
from typing import Callable

Clock = Callable[[], float]


class FakeClock:
    """A clock that moves only when told: ``clock.advance(seconds)``."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class RoundTimer:
    """Time one player has had in a round.

    ``duration`` seconds, or None for an untimed round (it never runs out).  The timer runs
    between :meth:`start` and :meth:`stop`, not while paused.  ``elapsed`` can be set back
    (a resumed round).
    """

    def __init__(self, duration: float | None, clock: Clock = time.monotonic,
                 elapsed: float = 0.0) -> None:
        if duration is not None and duration <= 0:
            raise ValueError("a round lasts more than 0 seconds")
        self.duration = duration
        self.clock = clock
        self._elapsed = max(0.0, float(elapsed))
        self._since: float | None = None     # clock reading when it last started running

    @property
    def running(self) -> bool:
        return self._since is not None

    @property
    def timed(self) -> bool:
        return self.duration is not None

    def start(self) -> None:
        if self._since is None:
            self._since = self.clock()

    resume = start

    def pause(self) -> None:
        if self._since is not None:
            self._elapsed += max(0.0, self.clock() - self._since)
            self._since = None

    stop = pause

    @property
    def elapsed(self) -> float:
        if self._since is None:
            return self._elapsed
        return self._elapsed + max(0.0, self.clock() - self._since)

    @property
    def remaining(self) -> float | None:
        if self.duration is None:
            return None
        return max(0.0, self.duration - self.elapsed)

    @property
    def expired(self) -> bool:
        return self.duration is not None and self.elapsed >= self.duration


def format_seconds(seconds: float | None) -> str:
    """``m:ss`` rounded up (2:59.2 left shows 3:00), ``--:--`` for an untimed round."""
    if seconds is None:
        return "--:--"
    s = max(0, int(-(-seconds // 1)))
    return f"{s // 60}:{s % 60:02d}"
