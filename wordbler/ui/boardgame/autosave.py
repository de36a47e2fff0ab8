"""Autosave: the game in progress is always on disk, and offered again at start.

Where: ``autosave.gcg`` in the user's data folder, ``QStandardPaths.AppDataLocation``
(``~/.local/share/Wordbler/Wordbler`` on Linux), or ``$WORDBLER_DATA_DIR`` when that is set
(the test suite points it at a temporary folder, so tests never touch the user's).

When: as soon as a game is on the table, then after every tile placed, moved or reordered and
every recorded turn (the session's ``changed`` signal; a hint too).  Changes that come in one
go (Recall moves every tile) are written once: the write is queued with a zero timer.

How: the GCG text is built on the GUI thread (:func:`wordbler.boardgame.savegame.game_to_gcg`, about
2-3 ms for a full game), then written by a one-thread pool: a temporary file, fsync, rename
(:func:`wordbler.boardgame.savegame.write_atomic`), so a crash, a kill or a power cut leaves either the
previous autosave or the new one, never half of one.  At most one write is in flight; if the
game changes meanwhile, the newest text is written next.  :meth:`Autosaver.flush` waits for
everything (closing the window calls it).

A different game taking the slot (a new game, another file opened) first moves the old file to
``autosave-previous.gcg``, so declining the offer to resume, or starting a new game, does not
destroy the last unfinished game either.

At start, :func:`inspect` removes the temporary file a write cut by a crash leaves, and reads
the autosave: an unfinished game is offered for resume (:class:`ResumeOffer`); a file that
cannot be read or rebuilt is set aside under a new name, never deleted
(``autosave-corrupt-20261121-231500.gcg``), and the user is told where it is.
"""

from __future__ import annotations

import enum
import os
import time
from collections import deque
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Container

from PySide6.QtCore import QObject, QRunnable, QStandardPaths, Qt, QThreadPool, QTimer, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from wordbler.boardgame import gcg, savegame
from wordbler.boardgame.game import Game
from wordbler.boardgame.gcg import GCGError
from wordbler.boardgame.model import TurnKind
from wordbler.paths import DATA_ENV

__all__ = ["AUTOSAVE_NAME", "PREVIOUS_NAME", "autosave_dir", "Found", "FoundKind", "inspect",
           "set_aside", "last_line", "Autosaver", "ResumeOffer", "corrupt_notice"]

AUTOSAVE_NAME = "autosave.gcg"
PREVIOUS_NAME = "autosave-previous.gcg"
CORRUPT_PREFIX = "autosave-corrupt-"


def autosave_dir() -> Path:
    """The folder of the autosave: ``$WORDBLER_DATA_DIR`` if set, else Qt's AppDataLocation."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override)
    return Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation))


# --------------------------------------------------------------------------- reading at start


class FoundKind(enum.Enum):
    NONE = "none"
    UNTOUCHED = "untouched"  # a game not begun (no turn, no tile placed): nothing to offer
    UNFINISHED = "unfinished"  # offer it
    FINISHED = "finished"  # nothing to resume
    CORRUPT = "corrupt"  # set aside; tell the user


@dataclass(frozen=True)
class Found:
    kind: FoundKind
    path: Path
    game: Game | None = None
    error: str = ""  # CORRUPT: why (naming the file and the line)
    set_aside: Path | None = None  # CORRUPT: where the file went (None if it could not move)


def set_aside(path: Path, prefix: str = CORRUPT_PREFIX) -> Path:
    """Rename ``path`` to a new, unused name beside it (``autosave-corrupt-<time>.gcg``) and
    return that name.  Raises ``OSError`` if it cannot be renamed."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        target = path.with_name(f"{prefix}{stamp}{f'-{n}' if n else ''}{path.suffix}")
        if not target.exists():
            os.rename(path, target)
            return target
    raise OSError(f"no free name to set {path.name} aside")


def inspect(folder: Path | None = None, lexicon: Container[str] | None = None) -> Found:
    """What the autosave in ``folder`` holds.  A corrupt one is set aside here."""
    folder = autosave_dir() if folder is None else folder
    path = folder / AUTOSAVE_NAME
    # a write cut by a crash leaves its temporary file (the autosave itself is whole: the
    # rename is atomic); it holds nothing the autosave does not
    for stale in folder.glob(f".{AUTOSAVE_NAME}.*.tmp"):
        with suppress(OSError):
            stale.unlink()
    if not path.exists():
        return Found(FoundKind.NONE, path)
    try:
        record = gcg.read_file(path)
        game = savegame.game_from_gcg(record, lexicon)
        if not game.is_over and not record.incomplete:  # we end every unfinished one so
            raise GCGError("the game stops here, before it is over, without the lines an "
                           "autosave ends with: the file was cut short",
                           path=str(path), line=last_line(record))
    except GCGError as e:
        error = str(e)
    except (ValueError, OSError) as e:  # pragma: no cover - the reader reports these as GCGError
        error = f"{path}: {e}"
    else:
        if game.is_over:
            kind = FoundKind.FINISHED
        elif not game.history and not game.pending:
            kind = FoundKind.UNTOUCHED
        else:
            kind = FoundKind.UNFINISHED
        return Found(kind, path, game)
    try:
        aside: Path | None = set_aside(path)
    except OSError:
        aside = None
    return Found(FoundKind.CORRUPT, path, error=error, set_aside=aside)


def last_line(record: gcg.GCGRecord) -> int | None:
    """The number of the record's last line that holds something."""
    lines = [ev.line for ev in record.events] + [p.line for p in record.extra]
    lines += [p.line for p in record.players] + [line for _, _, line in record.racks]
    return max(lines) if lines else None


def corrupt_notice(found: Found) -> str:
    """What the user reads about a corrupt autosave."""
    where = (f"It has been kept as {found.set_aside} (nothing was deleted)."
             if found.set_aside is not None else
             f"It could not be moved aside, so it is still at {found.path}.")
    return (f"The automatically saved game could not be read, so it cannot be resumed.\n\n"
            f"{found.error}\n\n{where}")


class ResumeOffer(QMessageBox):
    """"Resume the unfinished game?" — Resume / New game."""

    def __init__(self, game: Game, parent: QWidget | None = None) -> None:
        names = ", ".join(f"{p.name} {s}" for p, s in zip(game.players, game.scores))
        turn = len([r for r in game.history if r.kind is not TurnKind.HINT])
        placed = (f" {game.players[game.current].name} has tiles on the board not yet played."
                  if game.pending else "")
        super().__init__(QMessageBox.Icon.Question, "Resume game",
                         f"Resume the unfinished game?\n\n{names} — after {turn} "
                         f"turn{'s' if turn != 1 else ''}, {game.players[game.current].name} "
                         f"to play.{placed}\n\nIf you start a new game instead, this one is kept "
                         f"as {PREVIOUS_NAME} in the data folder.",
                         QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.button(QMessageBox.StandardButton.Yes).setText("Resume")
        self.button(QMessageBox.StandardButton.No).setText("New game")
        self.setDefaultButton(QMessageBox.StandardButton.Yes)


# --------------------------------------------------------------------------- writing


class _WriteSignals(QObject):
    done = Signal(int, str, float)  # generation, error ("" if written), milliseconds


class _WriteJob(QRunnable):
    def __init__(self, path: Path, data: bytes, generation: int, signals: _WriteSignals) -> None:
        super().__init__()
        self.path, self.data, self.generation, self.signals = path, data, generation, signals

    def run(self) -> None:
        started = time.perf_counter()
        error = ""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            savegame.write_atomic(self.path, self.data)
        except OSError as e:
            error = f"{self.path}: {e.strerror or e}"
        self.signals.done.emit(self.generation, error, (time.perf_counter() - started) * 1000)


class Autosaver(QObject):
    """Keeps the game of one window in the autosave file."""

    # the autosave is on disk up to this change: its path
    written = Signal(str)
    # it could not be written: a sentence for the user
    failed = Signal(str)

    def __init__(self, window, folder: Path | None = None, resumed: bool = False) -> None:
        """``resumed``: the window's game came from this very autosave (do not move it to
        the previous slot)."""
        super().__init__(window)
        self.window = window
        self.folder = autosave_dir() if folder is None else Path(folder)
        self.path = self.folder / AUTOSAVE_NAME
        self.previous_path = self.folder / PREVIOUS_NAME
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._signals = _WriteSignals(self)
        self._signals.done.connect(self._on_done)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.write_now)
        self._session = None
        self._in_flight = 0  # generation of the write in flight (0: none)
        self._queued: tuple[int, bytes] | None = None  # the newest text waiting for it
        self._generation = 0
        self._last_error = ""
        # the latest timings, in ms: building the text (GUI thread), writing it (worker)
        self.gui_ms: deque[float] = deque(maxlen=1000)
        self.write_ms: deque[float] = deque(maxlen=1000)
        self._owned_game = window.session.game if resumed else None
        window.autosaver = self
        window.game_started.connect(self._attach)
        self._attach()

    # ----------------------------------------------------------------- following the window
    def _attach(self) -> None:
        session = self.window.session
        if session is self._session:
            return
        if self._session is not None:
            self.flush()  # the last change of the game leaving the table
        self._session = session
        session.changed.connect(self.schedule)
        hint = getattr(session, "hint_taken", None)  # a hint is recorded in the history too
        if hint is not None:
            hint.connect(self.schedule)
        if self._owned_game is not session.game and self.path.exists():
            self._keep_previous()
        self._owned_game = session.game
        self.schedule()

    def _keep_previous(self) -> None:
        """Another game takes the slot: the old autosave becomes autosave-previous.gcg."""
        try:
            os.replace(self.path, self.previous_path)
        except OSError as e:
            self._report(f"The previous autosave could not be kept as {self.previous_path}: "
                         f"{e.strerror or e}")

    # ----------------------------------------------------------------- writing
    def schedule(self, *_args) -> None:
        self._timer.start()

    def write_now(self) -> None:
        """Build the text of the game now and queue it for writing."""
        self._timer.stop()
        session = self._session
        if session is None or session.game is not self._owned_game:
            return
        started = time.perf_counter()
        try:
            text = savegame.game_to_gcg(session.game)
        except ValueError as e:
            self._report(f"The game cannot be saved automatically: {e}")
            return
        self.gui_ms.append((time.perf_counter() - started) * 1000)
        self._generation += 1
        job = (self._generation, text.encode("utf-8"))
        if self._in_flight:
            self._queued = job  # the newest wins
        else:
            self._start(job)

    def _start(self, job: tuple[int, bytes]) -> None:
        self._in_flight = job[0]
        self._pool.start(_WriteJob(self.path, job[1], job[0], self._signals))

    def _on_done(self, generation: int, error: str, ms: float) -> None:
        self.write_ms.append(ms)
        if error:
            self._report(f"Autosave failed: {error}")
        if generation != self._in_flight:
            return  # flush() has already settled it
        self._in_flight = 0
        if self._queued is not None:
            job, self._queued = self._queued, None
            self._start(job)
        elif not error:
            self._last_error = ""
            self.written.emit(str(self.path))

    def flush(self) -> None:
        """Write any change not yet on disk, and wait until it is (closing, tests)."""
        if self._timer.isActive():
            self.write_now()
        self._pool.waitForDone()
        self._in_flight = 0  # its done signal, still queued, is only counted
        if self._queued is not None:
            _, data = self._queued
            self._queued = None
            started = time.perf_counter()
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                savegame.write_atomic(self.path, data)
            except OSError as e:
                self._report(f"Autosave failed: {self.path}: {e.strerror or e}")
                return
            self.write_ms.append((time.perf_counter() - started) * 1000)
        self.written.emit(str(self.path))

    def _report(self, text: str) -> None:
        if text != self._last_error:
            self._last_error = text
            self.failed.emit(text)
