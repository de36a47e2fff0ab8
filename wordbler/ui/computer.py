"""Runs computer turns off the GUI thread and hands the move to the session.

The search is a pure function of a :class:`wordbler.ai.Position` snapshot taken on the GUI
thread; a :class:`QRunnable` computes the decision in the global :class:`QThreadPool`, and a
queued signal brings it back, where :meth:`GameSession.apply_move` plays it like a human move.
The move generator's lexicon graph is built (or read from the cache) in the worker too, the
first time a computer moves, so a long first build never freezes the window.
"""

from __future__ import annotations

import importlib
from typing import Callable

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from .session import GameSession

#: (lexicon, rules, progress) -> generate(board_rows, rack)
GeneratorFactory = Callable[..., Callable]


def default_factory(lexicon, rules, progress=None):
    movegen = importlib.import_module("wordbler.movegen")
    return movegen.engine_generator(lexicon, rules, progress=progress)


class _Result(QObject):
    done = Signal(object, object)  # token, decision (or an Exception)
    progress = Signal(float)


class _Job(QRunnable):
    def __init__(self, runner: "ComputerRunner", level: str, position, token: object) -> None:
        super().__init__()
        self._runner, self._level, self._pos, self._token = runner, level, position, token

    def run(self) -> None:
        r = self._runner
        try:
            player = r._player_for(self._level)
            decision = player.choose(self._pos, r._ai.rng_for(self._pos))
        except Exception as e:  # reported on the GUI thread
            decision = e
        r._result.done.emit(self._token, decision)


class ComputerRunner(QObject):
    thinking = Signal(int)  # player index
    preparing = Signal(float)  # building the move generator: 0..1
    failed = Signal(str)

    def __init__(self, session: GameSession, parent: QObject | None = None,
                 generator_factory: GeneratorFactory | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._ai = importlib.import_module("wordbler.ai")
        self._factory = generator_factory or default_factory
        self._generate = None  # built by the first job, in the worker thread
        self._players: dict[str, object] = {}
        self._result = _Result()
        self._result.done.connect(self._on_done)
        self._result.progress.connect(self.preparing)
        self._token: object | None = None
        session.computer_to_move.connect(self.start)

    @property
    def busy(self) -> bool:
        return self._token is not None

    def _player_for(self, level: str):
        """Runs in the worker: one job at a time, so no lock is needed."""
        if self._generate is None:
            game = self.session.game
            self._generate = self._factory(game.lexicon, game.rules, progress=self._result.progress.emit)
        if level not in self._players:
            sizes = getattr(self.session.game.lexicon, "size_of", None)
            self._players[level] = self._ai.make_player(level, self._generate, sizes)
        return self._players[level]

    def start(self, player: int) -> None:
        game = self.session.game
        level = game.players[player].computer
        if level is None or self.busy:
            return
        if game.lexicon is None:
            self.failed.emit("A computer player needs a dictionary; this game has none.")
            return
        pos = self._ai.Position.from_game(game)
        self._token = token = object()
        self.thinking.emit(player)
        QThreadPool.globalInstance().start(_Job(self, level, pos, token))

    def cancel(self) -> None:
        self._token = None

    def _on_done(self, token: object, decision: object) -> None:
        if token is not self._token:
            return  # cancelled or superseded
        self._token = None
        if isinstance(decision, Exception):
            self.failed.emit(f"The computer player failed: {decision}")
            return
        move = self._ai.decision_to_move(self.session.game, decision)
        self.session.apply_move(move)
