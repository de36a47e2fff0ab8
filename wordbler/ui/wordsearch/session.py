"""The Word Search session: the play state, its autosave, and generation off the GUI thread."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from PySide6.QtCore import QLockFile, QObject, QRunnable, QThreadPool, Signal

from wordbler.paths import user_data_dir
from wordbler.ui.common.jobs import emit
from wordbler.wordsearch import Cancelled, Entry, Settings, WordSearchError, generate
from wordbler.wordsearch.grid import Placement
from wordbler.fileio import set_aside, write_json_atomic
from wordbler.wordsearch.play import PlayState, Selection, read_save
from wordbler.wordsearch.puzzle import Puzzle


def autosave_path() -> Path:
    return user_data_dir() / "wordsearch" / "autosave.json"


@dataclass(frozen=True)
class Request:
    """What the New Puzzle dialog asks for."""

    settings: Settings
    entries: tuple[Entry, ...]
    seed: int
    players: tuple[str, ...] = ("Player",)


class _JobSignals(QObject):
    done = Signal(object, object)  # request, puzzle
    failed = Signal(object, str)
    cancelled = Signal(object)


class GenerateJob(QRunnable):
    """Runs :func:`generate` in the thread pool; ``cancel()`` stops it soon."""

    def __init__(self, request: Request):
        super().__init__()
        self.setAutoDelete(False)
        self.request = request
        self.signals = _JobSignals()
        self._stop = threading.Event()

    def cancel(self) -> None:
        self._stop.set()

    def run(self) -> None:  # worker thread
        try:
            puzzle = generate(self.request.settings, list(self.request.entries), self.request.seed,
                              cancel=self._stop.is_set)
        except Cancelled:
            emit(self.signals.cancelled, self.request)
        except WordSearchError as e:
            emit(self.signals.failed, self.request, str(e))
        except Exception as e:  # noqa: BLE001 - never lose a worker's error silently
            emit(self.signals.failed, self.request, f"unexpected error: {e!r}")
        else:
            emit(self.signals.done, self.request, puzzle)


class WordSearchSession(QObject):
    """Owns the :class:`PlayState`; widgets send intents here and repaint on its signals."""

    puzzle_changed = Signal()
    state_changed = Signal()
    selected = Signal(object)  # Selection
    hint_shown = Signal(object)  # Placement
    generating = Signal(bool)
    generation_failed = Signal(str)
    notice = Signal(str)
    files_changed = Signal()   # files_note changed: the window keeps it in view until it goes

    def __init__(self, parent: QObject | None = None, *, save_path: Path | None = None,
                 pool: QThreadPool | None = None):
        super().__init__(parent)
        self.state: PlayState | None = None
        self.save_path = save_path or autosave_path()
        self.pool = pool or QThreadPool.globalInstance()
        self.job: GenerateJob | None = None
        self.last_request: Request | None = None
        # one window at a time keeps the saved game (two would overwrite each other's)
        self._lock = QLockFile(str(self.save_path) + ".lock")
        self._lock.setStaleLockTime(0)   # stale only when its process is gone, never by age
        self.owns_file = False
        self.held_elsewhere = False  # the last take_file failed because another window has it
        self.files_note: str | None = None
        # the saved game could not be read and was set aside: said in the window's lasting
        # note (a status-bar message was gone in 8 s) until the next game is saved
        self.aside_note: str | None = None
        self.aside_detail = ""  # the same with the file's path and what was wrong
        # the file was handed over (the window that held it closed) while this window played
        # a game of its own: ``resume_other(saved state)`` says whether to go on with the
        # game the other window saved (True) or to save this one in its place (False); with
        # no one to ask, the saved game is kept and this one is not written over it
        self.resume_other: Callable[[PlayState], bool] | None = None
        self._yield_to_saved = False

    # ---- the saved game's lock ----------------------------------------------------------
    def take_file(self) -> bool:
        """Hold the saved game's lock (True), or say in :attr:`files_note` why not: another
        window holds it, or the folder cannot be used."""
        if self.owns_file:
            return True
        was_elsewhere, self.held_elsewhere = self.held_elsewhere, False
        try:
            self.save_path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            note = f"Autosave is off: its folder cannot be made ({e.strerror or type(e).__name__})"
            if note != self.files_note:
                self.files_note = note
                self.files_changed.emit()
            return False
        if self._lock.tryLock(0):
            self.owns_file = True
            note = None
            if was_elsewhere:
                self._handed_over()
        elif self._lock.error() == QLockFile.LockError.LockFailedError:
            self.held_elsewhere = True
            note = "Not autosaving: another Word Search window has the saved puzzle"
        else:
            note = "Autosave is off: its folder cannot be written"
        if note != self.files_note:
            self.files_note = note
            self.files_changed.emit()
        return self.owns_file

    def _handed_over(self) -> None:
        """The window that held the saved game let it go: an unfinished game it saved is not
        written over without asking (:attr:`resume_other`)."""
        try:
            saved = read_save(self.save_path)
        except (WordSearchError, OSError):
            return  # nothing worth keeping there (a bad file is set aside when loaded)
        ours = self.state
        if saved.finished or (ours is not None and saved.to_json() == ours.to_json()):
            return
        if ours is None or not ours.started:
            self.state = saved  # as when a window opens: the saved game goes on
        elif self.resume_other is not None and self.resume_other(saved):
            self.state = saved
        else:
            if self.resume_other is None:
                self._yield_to_saved = True
            return
        self._yield_to_saved = False
        self.puzzle_changed.emit()
        self.state_changed.emit()

    def release_file(self) -> None:
        if self.owns_file:
            self._lock.unlock()
            self.owns_file = False

    # ---- games ------------------------------------------------------------------------
    @property
    def puzzle(self) -> Puzzle | None:
        return self.state.puzzle if self.state else None

    def start(self, puzzle: Puzzle, players=("Player",)) -> None:
        self._yield_to_saved = False
        self.state = PlayState(puzzle, list(players))
        self.puzzle_changed.emit()
        self.state_changed.emit()

    def request_new(self, request: Request) -> None:
        """Generate a puzzle in the thread pool; :attr:`puzzle_changed` when it is ready."""
        self.cancel_generation()
        job = GenerateJob(request)
        job.signals.done.connect(self._on_done)
        job.signals.failed.connect(self._on_failed)
        job.signals.cancelled.connect(self._on_cancelled)
        self.job = job
        self.last_request = request
        self.generating.emit(True)
        self.pool.start(job)

    def cancel_generation(self) -> None:
        if self.job is not None:
            self.job.cancel()

    def _on_done(self, request: Request, puzzle: Puzzle) -> None:
        if self.job is None or self.job.request is not request:
            return
        self.job = None
        self.generating.emit(False)
        self.start(puzzle, request.players)

    def _on_failed(self, request: Request, message: str) -> None:
        if self.job is None or self.job.request is not request:
            return
        self.job = None
        self.generating.emit(False)
        self.generation_failed.emit(message)

    def _on_cancelled(self, request: Request) -> None:
        if self.job is not None and self.job.request is request:
            self.job = None
            self.generating.emit(False)

    # ---- intents ----------------------------------------------------------------------
    def select(self, a: tuple[int, int], b: tuple[int, int]) -> Selection | None:
        if self.state is None or self.state.finished:
            return None
        result = self.state.select(a, b)
        self.selected.emit(result)
        if result.kind in ("found", "bonus") or result.turn_passed:
            self.state_changed.emit()
            self.save()
        return result

    def hint(self) -> Placement | None:
        if self.state is None or self.state.finished:
            return None
        p = self.state.hint()
        if p is not None:
            self.hint_shown.emit(p)
            self.state_changed.emit()
            self.save()
        return p

    def tick(self, seconds: float = 1.0) -> None:
        if self.state is None or self.state.finished:
            return
        was = int(self.state.elapsed)
        self.state.tick(seconds)
        if int(self.state.elapsed) // 15 != was // 15:
            self.save()  # the clock is saved now and then, not every second

    # ---- autosave ---------------------------------------------------------------------
    def save(self) -> bool:
        """Write the autosave if this game has been played (an unplayed puzzle never
        replaces a saved game)."""
        if self.state is None or not self.state.started:
            return False
        ours = self.state
        if not self.take_file():
            return False
        if self._yield_to_saved or self.state is not ours:  # the saved game kept, or resumed
            return False
        try:
            write_json_atomic(self.save_path, self.state.to_json())
        except OSError as e:
            note = f"Could not autosave: {e.strerror or type(e).__name__}"
            if note != self.files_note:
                self.files_note = note
                self.notice.emit(note)
                self.files_changed.emit()
            return False
        if self.files_note is not None or self.aside_note is not None:
            self.files_note = self.aside_note = None  # autosave works again: the note goes
            self.files_changed.emit()
        return True

    def load(self) -> bool:
        """Resume the autosaved game if there is a valid one.  A file that does not validate
        is set aside (renamed ``.corrupt``) with a notice, never a crash.  Another window
        holding the saved game: a notice, and nothing is read (it may be playing it); a
        folder that cannot be written: a notice, and the saved game is still resumed."""
        if not self.take_file():
            self.notice.emit(self.files_note or "")
            if self.held_elsewhere:
                return False
        if not self.save_path.exists():
            return False
        try:
            state = read_save(self.save_path)
        except WordSearchError as e:
            try:  # never over a file set aside before
                kept = Path(set_aside(self.save_path, ".corrupt", self.save_path.with_suffix("")))
            except OSError:
                note = "The saved puzzle could not be read."
                self.aside_detail = f"{note} ({e})"
            else:
                note = f"The saved puzzle could not be read and was set aside as {kept.name}."
                self.aside_detail = f"{note} {kept} ({e})"
            self.aside_note = note  # short: a status bar is one line; the reason in its tip
            self.notice.emit(self.aside_detail)
            self.files_changed.emit()
            return False
        self.state = state
        self.puzzle_changed.emit()
        self.state_changed.emit()
        return True
