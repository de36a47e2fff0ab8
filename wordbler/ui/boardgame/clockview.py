"""The game clock in the window: the setup options, a strip of times above the board, and the
controller that runs a :class:`wordbler.boardgame.clock.GameClock` with the session.

The clock of the player to move runs only while they can see their rack: it is paused in the
hand-off and whenever one of its dialogs is open (a modal widget of the window).  A time per move that runs
out passes the turn; a chess clock shows the points lost for time over.  The clock lives on the
game (``game.clock``), so every save writes it (``#wordbler-clock``) and a resumed game carries
on with the time used so far.
"""

from __future__ import annotations

import time
from typing import Callable

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import (QApplication, QComboBox, QDockWidget, QGroupBox, QHBoxLayout,
                               QLabel, QSpinBox, QWidget)

from wordbler.boardgame.clock import ClockMode, ClockSettings, GameClock
from wordbler.boardgame.model import TurnKind

TICK_MS = 200


class ClockOptionsBox(QGroupBox):
    """Setup: the clock mode and its times."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Clock", parent)
        self.mode = QComboBox(self)
        for m in ClockMode:
            self.mode.addItem(m.title, m.value)
        self.mode.setAccessibleName(self.tr("Clock"))
        self.per_move = QSpinBox(self)
        self.per_move.setRange(10, 600)
        self.per_move.setSingleStep(10)
        self.per_move.setValue(120)
        self.per_move.setSuffix(self.tr(" s per move"))
        self.per_move.setAccessibleName(self.tr("Seconds per move"))
        self.total = QSpinBox(self)
        self.total.setRange(1, 180)
        self.total.setValue(25)
        self.total.setSuffix(self.tr(" min each"))
        self.total.setAccessibleName(self.tr("Minutes per player"))
        self.penalty = QSpinBox(self)
        self.penalty.setRange(0, 100)
        self.penalty.setValue(10)
        self.penalty.setSuffix(self.tr(" points per minute over"))
        self.penalty.setAccessibleName(self.tr("Points off per started minute over"))
        row = QHBoxLayout(self)
        row.addWidget(self.mode)
        for w in (self.per_move, self.total, self.penalty):
            row.addWidget(w)
        row.addStretch(1)
        self.mode.currentIndexChanged.connect(self._sync)
        self._sync()

    def _sync(self) -> None:
        mode = ClockMode(self.mode.currentData())
        self.per_move.setVisible(mode is ClockMode.MOVE)
        self.total.setVisible(mode is ClockMode.CHESS)
        self.penalty.setVisible(mode is ClockMode.CHESS)

    def set_mode(self, mode: ClockMode) -> None:
        self.mode.setCurrentIndex(self.mode.findData(mode.value))

    def set_settings(self, settings: ClockSettings) -> None:
        self.set_mode(settings.mode)
        self.per_move.setValue(settings.per_move)
        self.total.setValue(max(1, settings.total // 60))
        self.penalty.setValue(settings.penalty)

    def settings(self) -> ClockSettings:
        return ClockSettings(ClockMode(self.mode.currentData()), self.per_move.value(),
                             self.total.value() * 60, self.penalty.value())


class ClockStrip(QWidget):
    """One label per player: name and time (with the overtime penalty of a chess clock)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ClockStrip")
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(8, 2, 8, 2)
        self.labels: list[QLabel] = []
        self.state = QLabel(self)
        self.state.setObjectName("ClockState")

    def set_players(self, n: int) -> None:
        while self.row.count():
            item = self.row.takeAt(0)
            if item.widget() is not None and item.widget() is not self.state:
                item.widget().deleteLater()
        self.labels = []
        for i in range(n):
            label = QLabel(self)
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setAccessibleName(self.tr("Clock of player {value}").format(value=i + 1))
            self.labels.append(label)
            self.row.addWidget(label)
        self.row.addStretch(1)
        self.row.addWidget(self.state)

    def show_times(self, names, clock: GameClock, current: int | None) -> None:
        for i, (label, name) in enumerate(zip(self.labels, names)):
            text = f"{name}  {clock.display(i)}"
            pen = clock.penalty(i)
            if pen:
                text += "  " + self.tr("(−{points} for time)").format(points=pen)
            label.setText(("▶ " if i == current else "   ") + text)
            f = label.font()
            f.setBold(i == current)
            f.setPointSizeF(max(f.pointSizeF(), 11.0))
            label.setFont(f)
            rem = clock.remaining(i)
            low = rem is not None and rem < 10 and i == current
            label.setStyleSheet(f"color: {warning_colour(label)}" if (low or pen) else "")
        self.state.setText(self.tr("paused") if clock.paused else "")


def warning_colour(widget) -> str:
    """Red that reads on the widget's background: the usual dark red on a light one, a
    light red on a dark theme (on a dark grey such as #2b2b2b the dark red has a contrast
    of 2.6:1; the light one 5.6:1, over WCAG's 4.5:1 for text)."""
    from PySide6.QtGui import QPalette

    bg = widget.palette().color(QPalette.ColorRole.Window)
    return "#ff7b6b" if bg.lightness() < 128 else "#c0392b"


class ClockController(QObject):
    """Runs the game's clock with the window's session; shows it in a dock above the board."""

    def __init__(self, window, now: Callable[[], float] = time.monotonic) -> None:
        super().__init__(window)
        self.window = window
        self.now = now
        self.strip = ClockStrip()
        self.dock = QDockWidget("Clock", window)
        self.dock.setObjectName("ClockDock")
        self.dock.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
        self.dock.setTitleBarWidget(QWidget(self.dock))  # no title bar: a plain strip
        self.dock.setWidget(self.strip)
        window.addDockWidget(Qt.DockWidgetArea.TopDockWidgetArea, self.dock)
        self.dock.hide()
        self.session = None
        self.clock: GameClock | None = None
        self._turn_key = None
        self.timer = QTimer(self)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self.tick)
        window.game_started.connect(self.follow)
        self.follow()

    def follow(self) -> None:
        session = getattr(self.window, "session", None)
        if session is None or session is self.session:
            return
        if self.clock is not None:
            self.clock.end_turn()
        self.session = session
        game = session.game
        clock = getattr(game, "clock", None)
        self.clock = clock if clock is not None and clock.settings.active else None
        self._turn_key = None
        if self.clock is None:
            self.dock.hide()
            self.timer.stop()
            return
        self.clock._now = self.now
        self.clock.pause("handoff")
        self.strip.set_players(len(game.players))
        self.dock.show()
        session.state_changed.connect(self.sync)
        self.sync()
        self.timer.start()

    def _turn(self) -> tuple[int, int]:
        game = self.session.game
        moves = sum(1 for r in game.history if r.kind is not TurnKind.HINT)
        return (moves, game.current)

    def sync(self) -> None:
        """After any change of the session: start, pause or stop the clock to match."""
        s, clock = self.session, self.clock
        if clock is None or s is not self.window.session:
            return
        game = s.game
        if game.is_over:
            clock.end_turn()
            self.timer.stop()
            if self._apply_penalties(game):
                s.state_changed.emit()  # the scores changed: the table shows them
            self.refresh()
            return
        key = self._turn()
        if key != self._turn_key:
            self._turn_key = key
            clock.start_turn(game.current)  # waits while paused
        if s.handoff:
            clock.pause("handoff")
        else:
            clock.resume("handoff")
        self.refresh()

    def _apply_penalties(self, game) -> bool:
        """Chess clock: take each player's points for time over off the final score (once;
        written in the record as a ``(time)`` line)."""
        done = {r.player for r in game.history if r.kind is TurnKind.TIME_PENALTY}
        applied = False
        for i in range(len(game.players)):
            pen = self.clock.penalty(i)
            if pen and i not in done:
                game.time_penalty(i, pen)
                applied = True
        return applied

    def _own_dialog_open(self) -> bool:
        """Is a modal dialog of this window open (pass, exchange, blank letter, new game...)?"""
        w = QApplication.activeModalWidget()
        while w is not None:
            if w is self.window:
                return True
            w = w.parentWidget()
        return False

    def tick(self) -> None:
        clock, s = self.clock, self.session
        if clock is None or s is None:
            return
        if self._own_dialog_open():
            clock.pause("dialog")
        else:
            clock.resume("dialog")
        if clock.expired() and s.can_act():
            name = s.game.players[s.game.current].name
            if s.pass_turn():
                show = getattr(self.window, "show_message", None)
                if show is not None:
                    show(f"Time is up: {name}'s turn passes.", "error")
        self.refresh()

    def refresh(self) -> None:
        if self.clock is None or self.session is None:
            return
        g = self.session.game
        current = None if g.is_over else g.current
        self.strip.show_times([p.name for p in g.players], self.clock, current)


def attach_clock(game, settings: ClockSettings | None) -> None:
    """Give a new game its clock (none when the setting is "no clock")."""
    if settings is not None and settings.active:
        game.clock = GameClock(settings, len(game.players))
