"""A test-only hook: the window plays a script of intents, then reports.

``WORDBLER_TEST_SCRIPT=steps.json wordbler ...`` makes the first table window perform the
steps one after another, each through the session's intent methods (what a click or a drop
does), each on its own turn of the event loop (``QTimer.singleShot(0)``; nothing sleeps).
The kill-and-resume test (``tests/test_kill_resume.py``) uses it to play turns in a separate
process, to say when the autosave is on disk, and to dump the state it sees.

Steps (JSON objects, ``"do"`` names the action)::

    {"do": "reveal"}                             the next player takes the seat
    {"do": "place", "letter": "A", "at": "H8"}   a rack tile showing A to H8 (or a blank)
    {"do": "move", "from": "H8", "to": "H9"}     a tile of this turn to another square
    {"do": "to_rack", "from": "H9", "index": 0}  a tile of this turn back to the rack
    {"do": "shuffle"} / {"do": "commit"} / {"do": "pass"}
    {"do": "exchange", "letters": "QU"}         mark these rack tiles, then exchange them
    {"do": "dump", "path": "state.json"}         write :func:`state_of` the session as JSON
    {"do": "ready", "path": "ready.txt"}         autosave flushed, then the file is written
    {"do": "quit"}                               leave the event loop (no questions)
    {"do": "repeat", "times": 3, "steps": [...]} the steps, that many times

A step that is refused writes ``error: ...`` to the ``"ready"`` path of the script (if any)
and to stderr, and the application exits with code 3.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, QTimer

from wordbler.boardgame.model import Coord

__all__ = ["Script", "state_of"]


def _coord(label: str) -> Coord:
    """A square from its label, ``H8`` (column then row)."""
    return Coord.parse_gcg(label)[0]


def _tile(t) -> list:
    return [t.id, t.letter]


def state_of(session) -> dict:
    """Everything a resumed game must restore, as plain JSON values."""
    g = session.game
    return {
        "board": sorted([p.coord.label, p.tile.id, p.letter] for p in g.board.placements()),
        "racks": [[_tile(t) for t in rack] for rack in g.racks],
        "bag": [_tile(t) for t in g.bag.tiles()],
        "scores": list(g.scores),
        "current": g.current,
        "fails": g.fails,
        "players": [[p.name, p.mascot, p.computer] for p in g.players],
        "seed": g.seed,
        "rules": g.rules.name,
        "history": [[r.number, r.player, r.kind.value, r.score, r.total,
                     [t.id for t in r.rack_before], [t.id for t in r.drawn],
                     sorted([p.coord.label, p.tile.id, p.letter] for p in r.move.placements)
                     if r.move is not None else None,
                     [t.id for t in r.move.exchanged] if r.move is not None else None]
                    for r in g.history],
        "pending": [[p.coord.label, p.tile.id, p.letter] for p in g.pending],
        "shown_rack": [t.id for t in session.rack_tiles()],
        "shown_pending": [[p.coord.label, p.tile.id, p.letter] for p in session.pending()],
        "over": g.is_over,
    }


def _expand(steps: list[dict]) -> list[dict]:
    out = []
    for step in steps:
        if step.get("do") == "repeat":
            out += _expand(step["steps"]) * int(step["times"])
        else:
            out.append(step)
    return out


class Script(QObject):
    def __init__(self, steps: list[dict], window, autosaver, parent=None) -> None:
        super().__init__(parent or window)
        self.steps = _expand(steps)
        self.window = window
        self.autosaver = autosaver
        self.position = 0
        self.report = next((s["path"] for s in steps if s.get("do") == "ready"), None)

    @classmethod
    def from_file(cls, path: str, window, autosaver) -> "Script":
        return cls(json.loads(Path(path).read_text(encoding="utf-8")), window, autosaver)

    def start(self) -> None:
        QTimer.singleShot(0, self, self._next)

    def _fail(self, text: str) -> None:
        print(f"wordbler test script: {text}", file=sys.stderr)
        if self.report:
            Path(self.report).write_text(f"error: {text}\n", encoding="utf-8")
        QCoreApplication.exit(3)

    def _next(self) -> None:
        if self.position >= len(self.steps):
            return
        step = self.steps[self.position]
        self.position += 1
        try:
            ok = self._do(step)
        except Exception as e:  # a test hook: report anything, never hang
            self._fail(f"step {self.position} {step}: {type(e).__name__}: {e}")
            return
        if not ok:
            self._fail(f"step {self.position} {step} was refused")
            return
        QTimer.singleShot(0, self, self._next)

    def _do(self, step: dict) -> bool:
        s = self.window.session
        do = step["do"]
        if do == "reveal":
            s.reveal()
            return not s.handoff
        if do == "place":
            return s.place_letter(step["letter"], _coord(step["at"]))
        if do == "move":
            p = s.pending_at(_coord(step["from"]))
            return p is not None and s.move_tile(p.tile.id, _coord(step["to"]))
        if do == "to_rack":
            p = s.pending_at(_coord(step["from"]))
            return p is not None and s.move_tile(p.tile.id, int(step.get("index", 0)))
        if do == "shuffle":
            s.shuffle()
            return True
        if do == "commit":
            return s.commit()
        if do == "pass":
            return s.pass_turn()
        if do == "exchange":
            wanted = list(step["letters"])
            for t in s.rack_tiles():
                if t.letter in wanted:
                    wanted.remove(t.letter)
                    s.toggle_mark(t.id)
            return not wanted and s.exchange_marked()
        if do == "dump":
            self.autosaver.flush()
            Path(step["path"]).write_text(json.dumps(state_of(s), indent=1), encoding="utf-8")
            return True
        if do == "ready":
            self.autosaver.flush()
            Path(step["path"]).write_text("ready\n", encoding="utf-8")
            return True
        if do == "quit":
            self.autosaver.flush()
            QCoreApplication.exit(0)
            return True
        raise ValueError(f"unknown step {do!r}")

