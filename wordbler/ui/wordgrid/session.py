"""The Word Grid session: the game in play, its generation in a worker, the autosave.

Widgets send intents (:meth:`request_swap`, :meth:`undo`, :meth:`start_daily`,
:meth:`start_free`) and repaint on :attr:`changed`.  A new puzzle is made in a
``QThreadPool`` worker (:class:`GenerateJob`) that reports progress and can be cancelled;
the game on the table stays until the new one is ready.

Autosave: after every swap the game and the statistics are written atomically to
``user_data_dir()/wordgrid/progress.json``, never over a newer version's file.  A freshly
made puzzle is not written until its first swap, so an unplayed game never replaces a started
one in the file; a started game given up for a new one counts as a loss in the statistics.
A save that fails is tried again (:meth:`WordGridSession.save_if_due`) at the next natural
moments, closing the window among them, until one works.  One window at a time writes the
file (the window holds the lock); before a swap, an undo or a new puzzle the session calls
:attr:`WordGridSession.before_change`, where a window that did not hold the files takes them
over once the one that held them has closed.
"""

from __future__ import annotations

import datetime as dt
import random
import threading
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, QRunnable, QThreadPool, Signal

from wordbler.ui.common.jobs import emit
from wordbler.wordgrid.fill import Cancelled
from wordbler.wordgrid.game import (Game, MoveError, Refusal, Stats, Status, daily_seed,
                                    game_key, new_game, share_text)
from wordbler.wordgrid.puzzle import GenerationError
from wordbler.wordgrid.storage import Progress, default_path, load_progress, save_progress
from wordbler.wordgrid.words import load_grid_words, make_puzzle

REFUSALS = {  # marked for translation (context "wordgrid"), translated when shown
    Refusal.LOCKED: QT_TRANSLATE_NOOP("wordgrid", "That letter is green: it is in its place and "
                                                  "locked."),
    Refusal.SAME_CELL: QT_TRANSLATE_NOOP("wordgrid", "Pick two different letters to swap."),
    Refusal.SAME_LETTER: QT_TRANSLATE_NOOP("wordgrid", "Those two letters are the same: "
                                                       "swapping them would change nothing."),
    Refusal.OVER: QT_TRANSLATE_NOOP("wordgrid", "This puzzle is over. Start a new one from the "
                                                "Game menu."),
    Refusal.NOTHING_TO_UNDO: QT_TRANSLATE_NOOP("wordgrid", "There is no swap to undo."),
    Refusal.NOT_A_CELL: QT_TRANSLATE_NOOP("wordgrid", "That is not a letter of the grid."),
}


def refusal_text(reason, fallback: str) -> str:
    text = REFUSALS.get(reason)
    return fallback if text is None else QCoreApplication.translate("wordgrid", text)


class _JobSignals(QObject):
    progress = Signal(int, int)
    done = Signal(object)
    failed = Signal(str)
    cancelled = Signal()


class GenerateJob(QRunnable):
    """Makes one puzzle off the GUI thread: from the common words, or from every word of
    the right length in the user's word list ``lexicon`` (a file, read here too)."""

    def __init__(self, size: int, lang: str, seed: int, daily: str | None,
                 lexicon: str | None = None) -> None:
        super().__init__()
        self.size, self.lang, self.seed, self.daily = size, lang, seed, daily
        self.lexicon = lexicon
        self.signals = _JobSignals()
        self._cancel = threading.Event()
        self.setAutoDelete(False)

    def cancel(self) -> None:
        self._cancel.set()

    def run(self) -> None:
        try:
            words = load_grid_words(self.lang, self.size, self.lexicon)
            puzzle = make_puzzle(words, self.seed,
                                 progress=lambda d, t: emit(self.signals.progress, d, t),
                                 cancel=self._cancel.is_set)
        except Cancelled:
            emit(self.signals.cancelled)
        except (GenerationError, ValueError, OSError) as e:  # a bad list: ValueError
            message = str(e)
            if self.lexicon is not None and isinstance(e, GenerationError):
                message = f"{Path(self.lexicon).name}: {message}"  # which list it was
            emit(self.signals.failed, message)
        else:
            if self._cancel.is_set():
                emit(self.signals.cancelled)
            else:
                emit(self.signals.done, new_game(puzzle, lang=self.lang, daily=self.daily,
                                                 source=self.lexicon))


class WordGridSession(QObject):
    changed = Signal()
    message = Signal(str)
    finished = Signal(str)  # "won" or "lost"
    busy_changed = Signal(bool)
    progress = Signal(int, int)
    game_ready = Signal()
    generation_failed = Signal(str, str)  # why; the job's word list file ("": common words)
    save_problem_changed = Signal(str)  # why the last save failed; "" once a save works
    file_problem_changed = Signal()  # newer_file or set_aside changed

    def __init__(self, parent: QObject | None = None, *, save_path: Path | None = None,
                 pool: QThreadPool | None = None, today: dt.date | None = None) -> None:
        super().__init__(parent)
        self.save_path = Path(save_path) if save_path is not None else default_path()
        self.pool = pool if pool is not None else QThreadPool.globalInstance()
        self._today = today
        self.game: Game | None = None
        self.stats = Stats()
        self.job: GenerateJob | None = None
        self.load_problem: str | None = None
        # the file is a newer Wordbler's: nothing is written over it (that version still
        # finds its data there)
        self.newer_file = False
        # the last read that found the file bad and set it aside (kept_as, reason,
        # stats_read): for a lasting note
        self.set_aside: Progress | None = None
        # the statistics of a file set aside for its game part are only in memory: written
        # at the next chance (save_if_due)
        self._stats_unsaved = False
        # False when another window holds this game's files: nothing is written then
        self.can_save = True
        self.save_problem: str | None = None
        # called before a swap, an undo or a new puzzle changes what is saved: the window
        # takes the files over then if the window that held them has closed (it may replace
        # the game on the table with the other window's unfinished one)
        self.before_change: Callable[[], None] | None = None

    # ---- queries -------------------------------------------------------------------
    def today(self) -> dt.date:
        return self._today or dt.date.today()

    @property
    def busy(self) -> bool:
        return self.job is not None

    def share_text(self) -> str:
        return share_text(self.game) if self.game is not None else ""

    def _before_change(self) -> None:
        if self.before_change is not None:
            self.before_change()

    # ---- loading and saving --------------------------------------------------------
    def _read(self) -> Progress:
        """Read the file (:func:`load_progress`), keeping what it says about the file: a
        newer version's (not to be written over), or set aside (for the lasting note)."""
        progress = load_progress(self.save_path)
        changed = progress.newer != self.newer_file
        self.newer_file = progress.newer
        if progress.problem:
            self.load_problem = progress.problem
            if not progress.newer:
                self.set_aside = progress
                changed = True
                if progress.stats_read:
                    self._stats_unsaved = True
        if changed:
            self.file_problem_changed.emit()
        return progress

    def restore(self) -> bool:
        """Load the autosave; True when a game came back to the table.  Statistics kept
        from a file set aside for its game part are written again at once."""
        progress = self._read()  # a problem is told by file_problem_changed, lastingly
        self.stats = progress.stats
        self.save_if_due()
        g = progress.game
        if g is None:
            return False
        if not g.over and game_key(g) in self.stats.finished:
            return False  # given up earlier (counted as a loss): not resumed
        if g.over and g.daily != self.today().isoformat():
            return False
        self.set_game(g)
        return True

    def take_over_files(self) -> Game | None:
        """A window takes the files over (from one that wrote them, or its own again): the
        statistics are the file's, the latest.  Returns the unfinished game the file holds
        when it is not the one on the table (another window saved it), or None."""
        if not self.save_path.exists():
            return None
        progress = self._read()
        if progress.stats_read:
            self.stats = progress.stats
        if progress.problem:
            return None
        g = progress.game
        if g is None or g.over or game_key(g) in progress.stats.finished:
            return None
        if self.game is not None and g.to_dict() == self.game.to_dict():
            return None
        return g

    @property
    def may_write(self) -> bool:
        """This window holds the files, and they are not a newer version's."""
        return self.can_save and not self.newer_file

    def save(self) -> None:
        if self.can_save and self.newer_file and not self.save_path.exists():
            # the newer version's file was moved away: this window may write again (the
            # flag stood for good, so every later save, a win's too, was dropped)
            self.newer_file = False
            self.load_problem = None
            self.file_problem_changed.emit()
        if not self.may_write:
            return
        if self.game is None or not self.game.started:
            # keep whatever started game the file holds; refresh the statistics only
            progress = self._read() if self.save_path.exists() else None
            if progress is not None and progress.newer:
                return
            keep = progress.game if progress is not None else None
            self._write(keep)
            return
        self._write(self.game)

    def _write(self, game: Game | None) -> None:
        save_progress(game, self.stats, self.save_path)
        self._stats_unsaved = False

    def save_now(self) -> None:
        """Save the game and statistics; a failure is kept on show (never raised)."""
        self._save_quietly()

    def save_if_due(self) -> None:
        """Save again while the last save failed (a full disk may have room by now), or
        while statistics kept from a file set aside are only in memory: called at the next
        natural moments (the window activated, the next action, closing), so a win recorded
        while saves failed is still written once they work."""
        if self.save_problem or self._stats_unsaved:
            self._save_quietly()

    def _save_quietly(self) -> None:
        try:
            self.save()
        except OSError as e:
            self._set_save_problem(f"Could not save the progress: {e}")
        else:
            self._set_save_problem(None)

    def _set_save_problem(self, problem: str | None) -> None:
        """Keep the last save failure on show until a save works again."""
        if not self.can_save or problem == self.save_problem:
            return
        self.save_problem = problem
        self.save_problem_changed.emit(problem or "")
        if problem:
            self.message.emit(problem)

    # ---- new games -----------------------------------------------------------------
    def set_game(self, game: Game) -> None:
        self.game = game
        self.changed.emit()
        self.game_ready.emit()

    def start_daily(self, size: int, lang: str) -> None:
        """Today's puzzle: always from the common words, the same for everyone."""
        day = self.today()
        self._start(size, lang, daily_seed(day, size, lang), day.isoformat())

    def start_free(self, size: int, lang: str, seed: int | None = None,
                   lexicon: str | None = None) -> None:
        """A free puzzle from the common words, or from the word list file ``lexicon``; a
        list that cannot be used fails the job (:attr:`generation_failed`, naming what is
        wrong) and the game on the table stays."""
        if seed is None:
            seed = random.SystemRandom().randrange(1, 1_000_000)
        self._start(size, lang, seed, None, lexicon)

    def _start(self, size: int, lang: str, seed: int, daily: str | None,
               lexicon: str | None = None) -> None:
        game = self.game
        self._before_change()
        if self.game is not game:
            return  # the other window's unfinished puzzle came to the table: not given up unseen
        self.cancel_generation()
        job = GenerateJob(size, lang, seed, daily, lexicon)
        job.signals.progress.connect(self._on_progress)
        job.signals.done.connect(lambda g, job=job: self._on_done(job, g))
        job.signals.failed.connect(lambda m, job=job: self._on_failed(job, m))
        job.signals.cancelled.connect(lambda job=job: self._on_cancelled(job))
        self.job = job
        self.busy_changed.emit(True)
        self.pool.start(job)

    def cancel_generation(self) -> None:
        if self.job is not None:
            job, self.job = self.job, None
            job.cancel()
            self.busy_changed.emit(False)
            self.message.emit(self.tr("Making the puzzle was cancelled."))

    def _on_progress(self, done: int, total: int) -> None:
        if self.job is not None:
            self.progress.emit(done, total)

    def _on_done(self, job: GenerateJob, game: Game) -> None:
        if job is not self.job:
            return  # cancelled or replaced meanwhile
        self.job = None
        self.busy_changed.emit(False)
        if self.game is not None and self.game.started and not self.game.over:
            if self.stats.record_abandoned(self.game):
                self._save_quietly_stats()
        self.set_game(game)

    def _save_quietly_stats(self) -> None:
        if not self.may_write:
            return
        try:
            self._write(self.game)  # the given-up game, marked
        except OSError as e:
            self._set_save_problem(f"Could not save the progress: {e}")
        else:
            self._set_save_problem(None)

    def _on_failed(self, job: GenerateJob, message: str) -> None:
        if job is not self.job:
            return
        self.job = None
        self.busy_changed.emit(False)
        self.message.emit(self.tr("No puzzle could be made: {message}").format(message=message))
        # after the message: a window may say more
        self.generation_failed.emit(message, job.lexicon or "")

    def _on_cancelled(self, job: GenerateJob) -> None:
        if job is self.job:
            self.job = None
            self.busy_changed.emit(False)

    # ---- play ----------------------------------------------------------------------
    def request_swap(self, a: int, b: int) -> bool:
        g = self.game
        if g is None or self.busy:
            return False
        self._before_change()
        if self.game is not g:
            return False  # the other window's unfinished puzzle came to the table instead
        try:
            g.swap(a, b)
        except MoveError as e:
            self.message.emit(refusal_text(e.reason, str(e)))
            return False
        self._after_move()
        return True

    def undo(self) -> bool:
        g = self.game
        if g is None or self.busy:
            return False
        self._before_change()
        if self.game is not g:
            return False
        try:
            g.undo()
        except MoveError as e:
            self.message.emit(refusal_text(e.reason, str(e)))
            return False
        self.message.emit(self.tr("Swap undone (it cost a swap)."))
        self._after_move()
        return True

    def _after_move(self) -> None:
        g = self.game
        if g.over:
            self.stats.record(g)
        self._save_quietly()
        self.changed.emit()
        if g.status is Status.WON:
            self.finished.emit("won")
        elif g.status is Status.LOST:
            self.finished.emit("lost")
