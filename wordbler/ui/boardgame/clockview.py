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

from PySide6.QtCore import QObject, QSize, Qt, QTimer
from PySide6.QtWidgets import (QApplication, QComboBox, QDockWidget, QGroupBox, QHBoxLayout,
                               QLabel, QSizePolicy, QSpinBox, QWidget)

from wordbler.boardgame.clock import ClockMode, ClockSettings, GameClock
from wordbler.boardgame.model import TurnKind

from .panels import ElidedLabel as _ElidedLabel

TICK_MS = 200
QWIDGETSIZE_MAX = (1 << 24) - 1  # Qt's "no maximum"


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


class ElidedLabel(_ElidedLabel):
    """The side panel's shortened label, for a name in the clock strip: it asks for its
    whole text's width, and gives way down to its first letter and "…"."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("", parent)
        self.setTextFormat(Qt.TextFormat.PlainText)

    def sizeHint(self) -> QSize:  # noqa: N802
        fm = self.fontMetrics()
        # (elidedText wants a pixel or two more than horizontalAdvance to keep a text whole)
        return QSize(fm.horizontalAdvance(self.full_text()) + 4, super().sizeHint().height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        full = self.full_text()
        short = full[:1] + "…" if len(full) > 1 else full
        return QSize(self.fontMetrics().horizontalAdvance(short) + 2,
                     super().minimumSizeHint().height())


class PlayerClock(QWidget):
    """One player's clock: the name (shortened with "…" when the strip is short of room) and
    the time, with a chess clock's points lost for time over, always whole."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = ElidedLabel(self)
        self.name.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        # a shortened name ends right before its time (what "…" leaves goes before it)
        self.name.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.time = QLabel(self)
        self.time.setTextFormat(Qt.TextFormat.PlainText)
        self.time.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        row.addWidget(self.name)
        row.addWidget(self.time)

    def set_parts(self, name: str, time: str) -> None:
        self.name.set_full_text(name)
        self.time.setText(time)
        self.setAccessibleDescription(self.text())

    def text(self) -> str:
        """The whole text: marker, name, time (and penalty)."""
        return self.name.full_text() + self.time.text()

    def set_bold(self, bold: bool) -> None:
        f = self.font()
        f.setBold(bold)
        f.setPointSizeF(max(f.pointSizeF(), 11.0))
        self.setFont(f)  # the name and the time follow


class ClockStrip(QWidget):
    """One clock per player: name and time (with the overtime penalty of a chess clock).
    Short of room, the names are shortened first: every time stays in view (at 800 x 500
    with four long names the last clock was cut off, its time not shown at all)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ClockStrip")
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(8, 2, 8, 2)
        self.labels: list[PlayerClock] = []
        self.state = QLabel(self)
        self.state.setObjectName("ClockState")

    def set_players(self, n: int) -> None:
        while self.row.count():
            item = self.row.takeAt(0)
            if item.widget() is not None and item.widget() is not self.state:
                item.widget().deleteLater()
        self.labels = []
        for i in range(n):
            label = PlayerClock(self)
            label.setAccessibleName(self.tr("Clock of player {value}").format(value=i + 1))
            self.labels.append(label)
            self.row.addWidget(label)  # its whole name while there is room
        self.row.addStretch(1)
        self.row.addWidget(self.state)

    def show_times(self, names, clock: GameClock, current: int | None) -> None:
        """``current``: the player to move, None once the game is over (the clocks stand
        then: paused is no longer a state to show)."""
        for i, (label, name) in enumerate(zip(self.labels, names)):
            time = f"  {clock.display(i)}"
            pen = clock.penalty(i)
            if pen:
                time += "  " + self.tr("(−{points} for time)").format(points=pen)
            label.set_parts(("▶ " if i == current else "   ") + name, time)
            label.set_bold(i == current)
            rem = clock.remaining(i)
            low = rem is not None and rem < 10 and i == current
            label.setStyleSheet(f"color: {warning_colour(label)}" if (low or pen) else "")
        self.state.setText(self.tr("paused") if clock.paused and current is not None else "")
        self.share_room()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.share_room()

    def share_room(self) -> None:
        """Short of room, the longest names are shortened first, to the same width, and a
        short name stays whole as long as it can (Qt's layout took some of every name)."""
        if not self.labels:
            return
        m = self.row.contentsMargins()
        spacing = max(0, self.row.spacing())
        fixed = sum(c.time.sizeHint().width() for c in self.labels)
        fixed += self.state.sizeHint().width() + spacing * (len(self.labels) + 1)
        room = self.width() - m.left() - m.right() - fixed
        needs = [c.name.sizeHint().width() for c in self.labels]
        cap = QWIDGETSIZE_MAX
        if sum(needs) > room:  # the widest names down to one width, the rest whole
            rest, left = sorted(needs), max(0, room)
            for i, need in enumerate(rest):
                share = left // (len(rest) - i)
                if need > share:
                    cap = share
                    break
                left -= need
        for c, need in zip(self.labels, needs):
            most = QWIDGETSIZE_MAX if cap == QWIDGETSIZE_MAX else min(need, cap)
            if c.name.maximumWidth() != most:
                c.name.setMaximumWidth(most)


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
