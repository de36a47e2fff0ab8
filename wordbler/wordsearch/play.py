"""Playing a puzzle: selections, hints, the clock, hot-seat scores, and the autosave file.

Hot-seat rule (two to four players at one screen)
-------------------------------------------------
Players take turns.  On your turn, select one line of letters:

- a listed word scores one point per letter, and you go again;
- a secret bonus word (not in the list) scores double, and you go again;
- a line that spells nothing passes the turn to the next player
  (selecting a word already found costs nothing and keeps the turn);
- a hint costs 2 points (a score never drops below zero) and keeps the turn.

The game ends when every listed word is found; the highest score wins (ties share it).
Alone, the same scores are kept but there are no turns.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wordbler.fileio import write_atomic, write_json_atomic  # noqa: F401 (re-exported)

from .grid import Placement, line_cells
from .puzzle import Puzzle
from .words import WordSearchError

HINT_COST = 2
MAX_PLAYERS = 4
SAVE_FORMAT = 1
MAX_SAVE_BYTES = 2 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class Found:
    word: str
    player: int
    bonus: bool
    placement: Placement


@dataclass(frozen=True, slots=True)
class Selection:
    """What a selection did.  ``kind``: ``found``, ``bonus``, ``again`` (already found),
    ``inside`` (a listed word, but hidden elsewhere), ``miss`` (spells nothing),
    ``not_line`` (not a straight line), ``gap`` (a straight line across a hole of the
    grid's shape), ``short`` (one cell)."""

    kind: str
    word: str = ""
    placement: Placement | None = None
    player: int = 0
    points: int = 0
    turn_passed: bool = False


class PlayState:
    """The state of one game of a puzzle; changed only through its methods."""

    def __init__(self, puzzle: Puzzle, players: list[str] | tuple[str, ...] = ("Player",)):
        players = [p.strip() or f"Player {i + 1}" for i, p in enumerate(players)]
        if not 1 <= len(players) <= MAX_PLAYERS:
            raise WordSearchError(f"a game has 1 to {MAX_PLAYERS} players, not {len(players)}")
        self.puzzle = puzzle
        self.players = players
        self.scores = [0] * len(players)
        self.current = 0
        self.found: dict[str, Found] = {}
        self.order: list[str] = []
        self.hints = 0
        self.elapsed = 0.0
        self._by_cells: dict[frozenset, list[tuple[Placement, bool]]] = {}
        for p in puzzle.placed:
            self._by_cells.setdefault(frozenset(p.cells), []).append((p, False))
        for p in puzzle.bonus:
            self._by_cells.setdefault(frozenset(p.cells), []).append((p, True))

    # ---- queries ----------------------------------------------------------------------
    @property
    def hot_seat(self) -> bool:
        return len(self.players) > 1

    @property
    def started(self) -> bool:
        return bool(self.found) or self.hints > 0 or self.elapsed >= 1

    @property
    def finished(self) -> bool:
        return all(p.word in self.found for p in self.puzzle.placed)

    def found_count(self) -> int:
        return sum(1 for f in self.found.values() if not f.bonus)

    def bonus_count(self) -> int:
        return sum(1 for f in self.found.values() if f.bonus)

    def winners(self) -> list[int]:
        best = max(self.scores)
        return [i for i, s in enumerate(self.scores) if s == best]

    # ---- actions ----------------------------------------------------------------------
    def select(self, a: tuple[int, int], b: tuple[int, int]) -> Selection:
        """The player selected the straight line from cell ``a`` to cell ``b``."""
        cells = line_cells(a, b)
        player = self.current
        if cells is None:
            return Selection("not_line", player=player)
        if len(cells) < 2:
            return Selection("short", player=player)
        if not all(self.puzzle.is_cell(r, c) for r, c in cells):
            return Selection("gap", player=player)
        text = "".join(self.puzzle.letter(r, c) for r, c in cells)
        hits = self._by_cells.get(frozenset(cells), [])
        # a pair of reverse words shares cells: the reading direction picks one
        hits = sorted(hits, key=lambda h: (h[0].word not in (text, text[::-1]), h[0].word != text))
        for placement, bonus in hits:
            if placement.word in self.found:
                continue
            if placement.word not in (text, text[::-1]):
                continue
            points = len(placement.word) * (2 if bonus else 1)
            self.scores[player] += points
            self.found[placement.word] = Found(placement.word, player, bonus, placement)
            self.order.append(placement.word)
            return Selection("bonus" if bonus else "found", placement.word, placement, player, points)
        if hits:
            return Selection("again", hits[0][0].word, hits[0][0], player)
        listed = {p.word for p in self.puzzle.placed}
        for w in (text, text[::-1]):
            if w in listed:
                return Selection("inside", w, None, player, 0, self._pass_turn())
        return Selection("miss", text, None, player, 0, self._pass_turn())

    def _pass_turn(self) -> bool:
        if not self.hot_seat:
            return False
        self.current = (self.current + 1) % len(self.players)
        return True

    def hint(self) -> Placement | None:
        """A word still to find (its first letter is what the window flashes), or None."""
        todo = [p for p in self.puzzle.placed if p.word not in self.found]
        if not todo:
            return None
        todo.sort(key=lambda p: (-len(p.word), p.word))
        pick = todo[self.hints % len(todo)]
        self.hints += 1
        self.scores[self.current] = max(0, self.scores[self.current] - HINT_COST)
        return pick

    def tick(self, seconds: float) -> None:
        if seconds > 0 and not self.finished:
            self.elapsed += seconds

    # ---- saving -----------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "puzzle": self.puzzle.to_json(),
            "players": list(self.players),
            "scores": list(self.scores),
            "current": self.current,
            "found": [[w, self.found[w].player] for w in self.order],
            "hints": self.hints,
            "elapsed": round(self.elapsed, 1),
        }

    @classmethod
    def from_json(cls, data: Any) -> "PlayState":
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise WordSearchError("saved game: not a word search save (unknown format)")
        puzzle = Puzzle.from_json(data.get("puzzle"))
        players = data.get("players")
        if (not isinstance(players, list) or not 1 <= len(players) <= MAX_PLAYERS
                or not all(isinstance(p, str) and 0 < len(p) <= 40 for p in players)):
            raise WordSearchError("saved game: bad player list")
        state = cls(puzzle, players)
        scores = data.get("scores")
        if (not isinstance(scores, list) or len(scores) != len(players)
                or not all(type(s) is int and 0 <= s < 1_000_000 for s in scores)):
            raise WordSearchError("saved game: bad scores")
        current = data.get("current")
        if type(current) is not int or not 0 <= current < len(players):
            raise WordSearchError("saved game: bad current player")
        hints, elapsed = data.get("hints"), data.get("elapsed")
        if type(hints) is not int or not 0 <= hints < 1_000_000:
            raise WordSearchError("saved game: bad hint count")
        if type(elapsed) not in (int, float) or not 0 <= elapsed < 10 ** 8:
            raise WordSearchError("saved game: bad time")
        known = {p.word: (p, False) for p in puzzle.placed}
        known.update({p.word: (p, True) for p in puzzle.bonus})
        found = data.get("found")
        if not isinstance(found, list):
            raise WordSearchError("saved game: bad list of found words")
        for item in found:
            if (not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], str)
                    or item[0] not in known
                    or type(item[1]) is not int or not 0 <= item[1] < len(players) or item[0] in state.found):
                raise WordSearchError(f"saved game: bad found word {item!r}")
            p, bonus = known[item[0]]
            state.found[item[0]] = Found(item[0], item[1], bonus, p)
            state.order.append(item[0])
        state.scores = list(scores)
        state.current = current
        state.hints = hints
        state.elapsed = float(elapsed)
        return state


def read_save(path: Path) -> PlayState:
    """A saved game, fully validated; ``WordSearchError`` naming what is wrong."""
    try:
        st = path.stat()
    except OSError as e:
        raise WordSearchError(f"cannot read saved game {str(path)!r}: {e.strerror or e}") from None
    if not path.is_file():
        raise WordSearchError(f"saved game {str(path)!r} is not a regular file")
    if st.st_size > MAX_SAVE_BYTES:
        raise WordSearchError(f"saved game {str(path)!r} is too large")
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_SAVE_BYTES + 1)
    except OSError as e:
        raise WordSearchError(f"cannot read saved game {str(path)!r}: {e.strerror or e}") from None
    if len(raw) > MAX_SAVE_BYTES:
        raise WordSearchError(f"saved game {str(path)!r} is too large")
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise WordSearchError(f"saved game {str(path)!r} is not UTF-8 text (byte {e.start})") from None
    except RecursionError:
        raise WordSearchError(f"saved game {str(path)!r} is nested too deeply") from None
    except ValueError as e:  # bad JSON, or a number of over 4,300 digits
        first = str(e).splitlines()[0][:100] if str(e) else "bad JSON"
        raise WordSearchError(f"saved game {str(path)!r} is not valid JSON ({first})") from None
    return PlayState.from_json(data)


def write_text_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8, ``\n`` line ends) to ``path`` atomically."""
    write_atomic(path, text.encode("utf-8"))
