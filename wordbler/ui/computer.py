"""Runs computer turns off the GUI thread and hands the move to the session.

The search is a pure function of a :class:`wordbler.ai.Position` snapshot taken on the GUI
thread; a :class:`QRunnable` computes the decision in the global :class:`QThreadPool`, and a
queued signal brings it back, where :meth:`GameSession.apply_move` plays it like a human move.
The move generator comes from a :class:`~.moveindex.MoveIndex` (shared with the hints),
built or read from the cache in a worker, so a long first build never freezes the window.
:meth:`ComputerRunner.cancel` (new game, closed window) makes the job stop at its next move
generation and its late result is dropped: no hang, nothing touches a game that is gone.
"""

from __future__ import annotations

import importlib
import threading

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from .moveindex import Cancelled, GeneratorFactory, MoveIndex, default_factory  # noqa: F401
from .session import GameSession


class _Result(QObject):
    done = Signal(object, object)  # token, decision (or an Exception)


class _Job(QRunnable):
    def __init__(self, runner: "ComputerRunner", level: str, position, token: object,
                 cancel: threading.Event) -> None:
        super().__init__()
        # no reference to the runner itself: it may be deleted (new game) while this runs
        self._level, self._pos, self._token = level, position, token
        self._cancel = cancel
        self._ai, self._index, self._result = runner._ai, runner.index, runner._result
        self._sizes = runner._sizes

    def run(self) -> None:
        try:
            generate = self._index.guarded(self._cancel)
            player = self._ai.make_player(self._level, generate, self._sizes)
            decision = player.choose(self._pos, self._ai.rng_for(self._pos))
        except Exception as e:  # reported on the GUI thread (Cancelled is dropped there)
            decision = e
        try:
            self._result.done.emit(self._token, decision)
        except RuntimeError:  # the application is gone: nobody is waiting for this result
            pass


class ComputerRunner(QObject):
    thinking = Signal(int)  # player index
    idle = Signal()  # the computer's job ended: moved, failed or cancelled
    preparing = Signal(float)  # building the move generator: 0..1
    failed = Signal(str)

    def __init__(self, session: GameSession, parent: QObject | None = None,
                 generator_factory: GeneratorFactory | None = None,
                 index: MoveIndex | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._ai = importlib.import_module("wordbler.ai")
        game = session.game
        if index is None and game.lexicon is not None:
            index = MoveIndex(game.lexicon, game.rules, generator_factory or default_factory, self)
        self.index = index
        self._sizes = getattr(game.lexicon, "size_of", None)
        self._result = _Result()
        self._result.done.connect(self._on_done)
        if index is not None:
            index.progress.connect(self.preparing)
        self._token: object | None = None
        self._cancel: threading.Event | None = None
        session.computer_to_move.connect(self.start)

    @property
    def busy(self) -> bool:
        return self._token is not None

    def start(self, player: int) -> None:
        game = self.session.game
        level = game.players[player].computer
        if level is None or self.busy:
            return
        if self.index is None:
            self.failed.emit("A computer player needs a dictionary; this game has none.")
            return
        pos = self._ai.Position.from_game(game)
        self._token = token = object()
        self._cancel = cancel = threading.Event()
        self.thinking.emit(player)
        QThreadPool.globalInstance().start(_Job(self, level, pos, token, cancel))

    def cancel(self) -> None:
        """Drop the job under way: it stops at its next move generation; its result is ignored."""
        if self._cancel is not None:
            self._cancel.set()
        was_busy = self._token is not None
        self._token = None
        self._cancel = None
        if was_busy:
            self.idle.emit()

    def _on_done(self, token: object, decision: object) -> None:
        if token is not self._token:
            return  # cancelled or superseded
        self._token = None
        self._cancel = None
        self.idle.emit()
        if isinstance(decision, Cancelled):
            return
        if isinstance(decision, Exception):
            self.failed.emit(f"The computer player failed: {decision}")
            return
        move = self._ai.decision_to_move(self.session.game, decision)
        self.session.apply_move(move)
