"""Game clocks: a pure model with an injectable time source (no Qt, no sleeping).

Modes (:class:`ClockMode`):

- ``none``: no clock.
- ``move``: a time per move; when it runs out the turn is passed for the player
  (:meth:`GameClock.expired` says so; the window does the passing).
- ``chess``: a total time per player for the whole game; a player who goes over loses
  ``penalty`` points (10 by default) per started minute over, the tournament convention.
- ``soft``: nothing runs out; the clock only shows the time each player has used.

The clock is paused and resumed by its owner (the hand-off screen, an open dialog); it
serialises to a small dict and to the ``#wordbler-clock`` pragma so a saved game resumes
with the time used so far.
"""

from __future__ import annotations

import enum
import math
import time
from dataclasses import dataclass
from typing import Callable, Mapping

from .gcg import shown

MOVE_RANGE = (10, 3600)  # seconds per move
TOTAL_RANGE = (60, 6 * 3600)  # seconds per player for the game
PENALTY_RANGE = (0, 100)  # points per started minute over
MAX_USED = 10 * 24 * 3600.0  # a saved time used above this is not believable


class ClockError(ValueError):
    """A clock setting or saved clock that is not valid (the message says which value)."""


class ClockMode(enum.Enum):
    NONE = "none"
    MOVE = "move"
    CHESS = "chess"
    SOFT = "soft"

    @property
    def title(self) -> str:
        return {"none": "No clock", "move": "Time per move", "chess": "Chess clock",
                "soft": "Show time used"}[self.value]


@dataclass(frozen=True, slots=True)
class ClockSettings:
    mode: ClockMode = ClockMode.NONE
    per_move: int = 120  # seconds, MOVE mode
    total: int = 25 * 60  # seconds per player, CHESS mode
    penalty: int = 10  # points per started minute over, CHESS mode

    def __post_init__(self) -> None:
        if not isinstance(self.mode, ClockMode):
            raise ClockError(f"unknown clock mode {shown(repr(self.mode))}")
        for name, (lo, hi) in (("per_move", MOVE_RANGE), ("total", TOTAL_RANGE),
                               ("penalty", PENALTY_RANGE)):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
                raise ClockError(f"clock {name} must be a whole number from {lo} to {hi}, "
                                 f"not {shown(repr(v))}")

    @property
    def active(self) -> bool:
        return self.mode is not ClockMode.NONE

    def describe(self) -> str:
        if self.mode is ClockMode.MOVE:
            return f"{format_time(self.per_move)} per move (the turn passes when it runs out)"
        if self.mode is ClockMode.CHESS:
            return (f"{format_time(self.total)} each for the game; {self.penalty} points off "
                    f"per started minute over")
        if self.mode is ClockMode.SOFT:
            return "time used is shown; nothing runs out"
        return "no clock"


def format_time(seconds: float) -> str:
    """``m:ss`` (or ``h:mm:ss``); negative times get a minus sign."""
    sign = "-" if seconds < 0 else ""
    s = int(math.floor(abs(seconds))) if seconds >= 0 else int(math.ceil(abs(seconds)))
    h, rem = divmod(s, 3600)
    m, sec = divmod(rem, 60)
    return f"{sign}{h}:{m:02d}:{sec:02d}" if h else f"{sign}{m}:{sec:02d}"


def overtime_penalty(over_seconds: float, per_minute: int) -> int:
    """``per_minute`` points per started minute over (0 when not over)."""
    if over_seconds <= 0:
        return 0
    return per_minute * math.ceil(over_seconds / 60.0)


class GameClock:
    """The time used by each player; at most one player's clock runs at a time."""

    def __init__(self, settings: ClockSettings, players: int,
                 now: Callable[[], float] = time.monotonic) -> None:
        if players < 1:
            raise ClockError("a clock needs at least one player")
        self.settings = settings
        self._now = now
        self.used: list[float] = [0.0] * players  # finished turns, plus the running turn's part
        self.player: int | None = None  # whose turn is being timed
        self.turn_used = 0.0  # time of the present turn before the last pause
        self._since: float | None = None  # when the clock last started running
        self.paused_reasons: set[str] = set()

    # ------------------------------------------------------------------ running
    @property
    def running(self) -> bool:
        return self._since is not None

    def start_turn(self, player: int) -> None:
        """Start timing ``player``'s turn (ends any turn being timed)."""
        if not 0 <= player < len(self.used):
            raise ClockError(f"no player {player}")
        self.end_turn()
        self.player = player
        self.turn_used = 0.0
        if not self.paused_reasons and self.settings.active:
            self._since = self._now()

    def end_turn(self) -> float:
        """Stop the present turn; its time goes to the player's total.  Returns the turn's time."""
        if self.player is None:
            return 0.0
        t = self.turn_elapsed()
        self.used[self.player] += t
        self.player = None
        self.turn_used = 0.0
        self._since = None
        return t

    def pause(self, reason: str = "pause") -> None:
        """Stop the running clock (reasons nest: the clock resumes when all are lifted)."""
        if self._since is not None:
            self.turn_used += max(0.0, self._now() - self._since)
            self._since = None
        self.paused_reasons.add(reason)

    def resume(self, reason: str = "pause") -> None:
        self.paused_reasons.discard(reason)
        if not self.paused_reasons and self.player is not None and self._since is None \
                and self.settings.active:
            self._since = self._now()

    @property
    def paused(self) -> bool:
        return bool(self.paused_reasons)

    # ------------------------------------------------------------------ reading
    def turn_elapsed(self) -> float:
        run = max(0.0, self._now() - self._since) if self._since is not None else 0.0
        return self.turn_used + run

    def used_by(self, player: int) -> float:
        """Time ``player`` has used in the game, the running turn included, at most
        :data:`MAX_USED` (what a save may hold: a window left open for weeks with the clock
        running used to save a time its own reader refused, and the game could not be
        resumed)."""
        extra = self.turn_elapsed() if player == self.player else 0.0
        return min(self.used[player] + extra, MAX_USED)

    def remaining(self, player: int) -> float | None:
        """Time left: of the move (MOVE, the player being timed), of the game (CHESS), or None."""
        mode = self.settings.mode
        if mode is ClockMode.MOVE:
            if player != self.player:
                return float(self.settings.per_move)
            return self.settings.per_move - self.turn_elapsed()
        if mode is ClockMode.CHESS:
            return self.settings.total - self.used_by(player)
        return None

    def expired(self) -> bool:
        """MOVE mode: the player being timed has run out (the turn is to be passed)."""
        if self.settings.mode is not ClockMode.MOVE or self.player is None:
            return False
        return self.turn_elapsed() >= self.settings.per_move

    def penalty(self, player: int) -> int:
        """CHESS mode: points ``player`` loses for time over, so far."""
        if self.settings.mode is not ClockMode.CHESS:
            return 0
        return overtime_penalty(self.used_by(player) - self.settings.total, self.settings.penalty)

    def display(self, player: int) -> str:
        """What the clock shows for ``player``."""
        mode = self.settings.mode
        if mode is ClockMode.NONE:
            return ""
        if mode is ClockMode.SOFT:
            return format_time(self.used_by(player))
        rem = self.remaining(player)
        assert rem is not None
        if mode is ClockMode.MOVE:
            return format_time(max(0.0, rem))
        return format_time(rem)

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict:
        """The settings and the time used (a running turn counts as used up to now)."""
        return {
            "mode": self.settings.mode.value,
            "per_move": self.settings.per_move,
            "total": self.settings.total,
            "penalty": self.settings.penalty,
            "used": [round(self.used_by(i), 3) for i in range(len(self.used))],
        }

    @classmethod
    def from_dict(cls, data: Mapping, players: int,
                  now: Callable[[], float] = time.monotonic) -> "GameClock":
        """A clock from :meth:`to_dict`'s dict; every value checked (:class:`ClockError`)."""
        if not isinstance(data, Mapping):
            raise ClockError("the saved clock is not a mapping")
        try:
            mode = ClockMode(data.get("mode"))
        except ValueError:
            raise ClockError(f"unknown clock mode {data.get('mode')!r}") from None
        settings = ClockSettings(mode, data.get("per_move", 120), data.get("total", 1500),
                                 data.get("penalty", 10))
        used = data.get("used", [0.0] * players)
        if not isinstance(used, (list, tuple)) or len(used) != players:
            raise ClockError(f"the saved clock needs {players} times used")
        clock = cls(settings, players, now)
        for i, u in enumerate(used):
            if isinstance(u, bool) or not isinstance(u, (int, float)) or not 0 <= u <= MAX_USED \
                    or u != u:
                raise ClockError(f"time used {u!r} is not a number of seconds from 0 to {MAX_USED:g}")
            clock.used[i] = float(u)
        return clock

    def to_pragma(self) -> str:
        """The value of ``#wordbler-clock``: ``MODE move=S total=S penalty=P used=S,S...``."""
        d = self.to_dict()
        used = ",".join(f"{u:.3f}".rstrip("0").rstrip(".") for u in d["used"])
        return (f"{d['mode']} move={d['per_move']} total={d['total']} penalty={d['penalty']} "
                f"used={used}")

    @classmethod
    def from_pragma(cls, text: str, players: int,
                    now: Callable[[], float] = time.monotonic) -> "GameClock":
        parts = text.split()
        if not parts:
            raise ClockError("#wordbler-clock needs a mode")
        data: dict = {"mode": parts[0]}
        names = {"move": "per_move", "total": "total", "penalty": "penalty", "used": "used"}
        for item in parts[1:]:
            key, sep, value = item.partition("=")
            if not sep or key not in names or names[key] in data:
                raise ClockError(f'#wordbler-clock: unexpected "{shown(item)}"')
            try:
                if key == "used":
                    data["used"] = [float(v) for v in value.split(",")]
                else:
                    data[names[key]] = int(value)
            except ValueError:
                raise ClockError(f'#wordbler-clock: {key} "{shown(value)}" is not a number') from None
        return cls.from_dict(data, players, now)


__all__ = ["ClockMode", "ClockSettings", "GameClock", "ClockError", "format_time",
           "overtime_penalty"]
