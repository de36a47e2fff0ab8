"""Runs computer turns off the GUI thread and hands the move to the session.

The search is a pure function of a :class:`wordbler.boardgame.ai.Position` snapshot taken on the GUI
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

from PySide6.QtCore import QObject, QThreadPool, Signal

from .moveindex import (  # noqa: F401  (Cancelled, GeneratorFactory: re-exported)
    Cancelled, GeneratorFactory, MoveIndex, SearchJob, SearchResult, default_factory)
from .session import GameSession


class ComputerRunner(QObject):
    thinking = Signal(int)  # player index
    idle = Signal()  # the computer's job ended: moved, failed or cancelled
    preparing = Signal(float)  # building the move generator: 0..1
    failed = Signal(str)
    searching = Signal(float)  # the expert's simulation: how far, 0..1

    def __init__(self, session: GameSession, parent: QObject | None = None,
                 generator_factory: GeneratorFactory | None = None,
                 index: MoveIndex | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._ai = importlib.import_module("wordbler.boardgame.ai")
        game = session.game
        if index is None and game.lexicon is not None:
            index = MoveIndex(game.lexicon, game.rules, generator_factory or default_factory, self)
        self.index = index
        self._sizes = getattr(game.lexicon, "size_of", None)
        self._result = SearchResult()
        self._result.done.connect(self._on_done)
        self._result.progress.connect(self._on_progress)
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
            self.failed.emit(self.tr("A computer player needs a dictionary; this game has none."))
            return
        pos = self._ai.Position.from_game(game)
        self._token = token = object()
        self._cancel = cancel = threading.Event()
        self.thinking.emit(player)
        ai, sizes = self._ai, self._sizes  # the job holds values, never this runner
        result = self._result

        def decide(generate):
            player = ai.make_player(level, generate, sizes)
            if hasattr(player, "progress"):  # the expert reports its playouts

                def report(done: int, planned: int) -> None:
                    try:
                        result.progress.emit(token, done / max(1, planned))
                    except RuntimeError:  # the application is gone
                        pass

                player.progress = report
            return player.choose(pos, ai.rng_for(pos))

        QThreadPool.globalInstance().start(
            SearchJob(self.index, decide, token, cancel, self._result))

    def cancel(self) -> None:
        """Drop the job under way: it stops at its next move generation; its result is ignored."""
        if self._cancel is not None:
            self._cancel.set()
        was_busy = self._token is not None
        self._token = None
        self._cancel = None
        if was_busy:
            self.idle.emit()

    def _on_progress(self, token: object, fraction: float) -> None:
        if token is self._token:  # not a cancelled job's late report
            self.searching.emit(fraction)

    def _on_done(self, token: object, decision: object) -> None:
        if token is not self._token:
            return  # cancelled or superseded
        self._token = None
        self._cancel = None
        self.idle.emit()
        if isinstance(decision, Cancelled):
            return
        if isinstance(decision, Exception):
            self.failed.emit(self.tr("The computer player failed: {error}").format(error=decision))
            return
        move = self._ai.decision_to_move(self.session.game, decision)
        self.session.apply_move(move)
