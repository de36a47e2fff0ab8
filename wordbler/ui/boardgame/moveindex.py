"""The move generator of a game's dictionary, shared by the computer players and the hints.

:class:`MoveIndex` builds the generator (the lexicon graph, read from the user's cache or
built once and cached) in a worker of the global :class:`QThreadPool`, never on the GUI
thread, and reports the build's progress 0..1 by a signal.  Whoever needs the generator in
a worker calls :meth:`MoveIndex.get`: the first caller builds it, the others wait for it.

Cancelling.  A worker cannot be killed, so every long job checks flags at points it reaches
often: :meth:`MoveIndex.guarded` wraps the generator so each call (about 2 ms) first checks
the job's own ``threading.Event`` and the index's ``closed`` flag and raises
:class:`Cancelled`; the build checks ``closed`` at each progress report (a few per second).
Closing the window therefore ends every job within a move generation, so the pool (which
Qt waits for when the application quits) empties at once and nothing hangs.
"""

from __future__ import annotations

import dataclasses
import importlib
import threading
from typing import Callable

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from wordbler.ui.common.jobs import emit, release

#: (lexicon, rules, progress=callback) -> generate(board_rows, rack)
GeneratorFactory = Callable[..., Callable]


class Cancelled(Exception):
    """A job's result is no longer wanted (new game, closed window, superseded request)."""


def default_factory(lexicon, rules, progress=None):
    movegen = importlib.import_module("wordbler.boardgame.movegen")
    return movegen.engine_generator(lexicon, rules, progress=progress)


def _for_moves(rules):
    """The rules without what cannot change a move or its score (the hint settings)."""
    return dataclasses.replace(rules, hints_allowed=True, hint_cost=0)


class _Relay(QObject):
    """Signals emitted from workers.  Parentless and kept alive by Python references (the
    index and each job), so a late emission never reaches a deleted C++ object."""

    progress = Signal(float)
    ready = Signal()
    failed = Signal(str)


class SearchResult(QObject):
    """Carries a search's outcome back to the GUI thread (a queued signal)."""

    done = Signal(object, object)  # token, the result (or the Exception the search raised)
    progress = Signal(object, float)  # token, how far the search is (0..1), from the worker


class SearchJob(QRunnable):
    """Runs ``search(generate)`` in the thread pool with a generator that raises
    :class:`Cancelled` once ``cancel`` is set, and reports on ``result.done``.

    It keeps no reference to whoever started it (a window may be gone before it ends): only
    the index, the search function (which must hold plain values such as a position
    snapshot) and the parentless result object."""

    def __init__(self, index: "MoveIndex", search: Callable[[Callable], object],
                 token: object, cancel: threading.Event, result: SearchResult) -> None:
        super().__init__()
        self._index, self._search = index, search
        self._token, self._cancel, self._result = token, cancel, result

    def run(self) -> None:
        try:
            out: object = self._search(self._index.guarded(self._cancel))
        except Exception as e:  # reported on the GUI thread (Cancelled is dropped there)
            out = e
        emit(self._result.done, self._token, out)  # False: nobody is waiting any more
        release(self)


class _PrepareJob(QRunnable):
    def __init__(self, index: "MoveIndex") -> None:
        super().__init__()
        self._index = index

    def run(self) -> None:
        try:
            self._index.get()
        except Exception:  # reported through the relay by get(); nothing else to do here
            pass
        finally:
            release(self)


class MoveIndex(QObject):
    """The generator for one lexicon and rule set; see the module docstring."""

    progress = Signal(float)  # building: 0..1 (a cache load reports 1.0 only)
    ready = Signal()
    failed = Signal(str)

    def __init__(self, lexicon, rules, factory: GeneratorFactory | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        if not isinstance(getattr(lexicon, "content_hash", None), str):
            # a plain set may change later on the GUI thread: the worker reads a snapshot
            lexicon = frozenset(lexicon)
        self.lexicon = lexicon
        self.rules = rules
        self.factory = factory or default_factory
        self._lock = threading.Lock()
        self._generate: Callable | None = None
        self._error: str | None = None
        self.closed = threading.Event()
        self._relay = _Relay()
        self._relay.progress.connect(self.progress)
        self._relay.ready.connect(self.ready)
        self._relay.failed.connect(self.failed)
        self._building = False

    # ------------------------------------------------------------------ GUI thread
    def matches(self, lexicon, rules) -> bool:
        """Can a game with this lexicon and these rules use this index?"""
        key = getattr(lexicon, "content_hash", None)
        # a plain set may have changed since the snapshot: only a hashed word list matches
        same = isinstance(key, str) and key == getattr(self.lexicon, "content_hash", None)
        return same and not self.closed.is_set() and _for_moves(rules) == _for_moves(self.rules)

    @property
    def is_ready(self) -> bool:
        return self._generate is not None

    @property
    def error(self) -> str | None:
        return self._error

    @property
    def building(self) -> bool:
        return self._building

    def prepare(self) -> None:
        """Build or load the generator now, in a worker (no-op when ready or under way)."""
        if self._generate is not None or self._building or self.closed.is_set():
            return
        self._building = True
        QThreadPool.globalInstance().start(_PrepareJob(self))

    def close(self) -> None:
        """No more work for this index: a build under way stops at its next progress report,
        and every guarded generator raises :class:`Cancelled`."""
        self.closed.set()

    # ------------------------------------------------------------------ any thread
    def get(self) -> Callable:
        """The generator; builds it (in the calling worker) if needed.  Raises
        :class:`Cancelled` once the index is closed, or the build's error."""
        with self._lock:
            if self.closed.is_set():
                raise Cancelled()
            if self._generate is not None:
                return self._generate
            if self._error is not None:
                raise RuntimeError(self._error)
            self._building = True
            try:
                gen = self.factory(self.lexicon, self.rules, progress=self._report)
            except Cancelled:
                self._building = False
                raise
            except Exception as e:
                self._error = str(e) or type(e).__name__
                self._building = False
                self._relay.failed.emit(self._error)
                raise
            self._generate = gen
            self._building = False
        self._relay.ready.emit()
        return gen

    def _report(self, fraction: float) -> None:
        if self.closed.is_set():
            raise Cancelled()
        self._relay.progress.emit(float(fraction))

    def guarded(self, cancel: threading.Event) -> Callable:
        """The generator, made to raise :class:`Cancelled` as soon as ``cancel`` is set or
        the index is closed (checked before every call).  Call in a worker."""
        generate = self.get()
        closed = self.closed

        def generate_unless_cancelled(board_rows, rack, **kwargs):
            if cancel.is_set() or closed.is_set():
                raise Cancelled()
            return generate(board_rows, rack, **kwargs)

        generate_unless_cancelled.graph = getattr(generate, "graph", None)  # type: ignore[attr-defined]
        # the simulation's "only the changed lines" searches, when the generator has them
        generate_unless_cancelled.takes_lines = getattr(  # type: ignore[attr-defined]
            generate, "takes_lines", False)
        return generate_unless_cancelled
