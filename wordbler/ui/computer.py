"""Runs computer turns off the GUI thread and hands the move to the session.

The search is a pure function of a :class:`wordbler.ai.Position` snapshot taken on the GUI
thread; a :class:`QRunnable` computes the decision in the global :class:`QThreadPool`, and a
queued signal brings it back, where :meth:`GameSession.apply_move` plays it like a human move.
"""

from __future__ import annotations

import importlib

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from .session import GameSession


class _Result(QObject):
    done = Signal(object, object)  # token, decision (or an Exception)


class _Job(QRunnable):
    def __init__(self, player, position, rng, result: _Result, token: object) -> None:
        super().__init__()
        self._player, self._pos, self._rng = player, position, rng
        self._result, self._token = result, token

    def run(self) -> None:
        try:
            decision = self._player.choose(self._pos, self._rng)
        except Exception as e:  # reported on the GUI thread
            decision = e
        self._result.done.emit(self._token, decision)


class ComputerRunner(QObject):
    thinking = Signal(int)  # player index
    failed = Signal(str)

    def __init__(self, session: GameSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._ai = importlib.import_module("wordbler.ai")
        movegen = importlib.import_module("wordbler.movegen")
        game = session.game
        generate = movegen.engine_generator(game.lexicon, game.rules)
        sizes = getattr(game.lexicon, "size_of", None)
        self._players = {}
        for i, spec in enumerate(game.players):
            if spec.computer:
                self._players[i] = self._ai.make_player(spec.computer, generate, sizes)
        self._result = _Result()
        self._result.done.connect(self._on_done)
        self._token: object | None = None
        session.computer_to_move.connect(self.start)

    def start(self, player: int) -> None:
        ai_player = self._players.get(player)
        if ai_player is None:
            return
        pos = self._ai.Position.from_game(self.session.game)
        self._token = token = object()
        self.thinking.emit(player)
        QThreadPool.globalInstance().start(_Job(ai_player, pos, self._ai.rng_for(pos), self._result, token))

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
