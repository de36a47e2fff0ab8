"""The replay view: a game record stepped through position by position.

:class:`ReplayView` shows one :class:`~wordbler.boardgame.replay.ReplayResult`: the board after each
event (the event's tiles outlined), every player's score at that point, the event, the rack
it was played from, its notes, and, inline, anything the replay could not confirm (a
mismatch is a warning, never a crash).  First / Back / Forward / Last are buttons and keys
(Home, Left, Right, End; PageUp and PageDown too), and the event list on the side jumps to
any position.

For a record of our own (``#wordbler-seed``), "Continue playing from here" rebuilds the live
game at the position on show (:func:`wordbler.boardgame.continuation.game_at`) and emits
:attr:`ReplayView.continue_requested`; where play cannot go on (the game is over there, or
the next line takes the play back) the button says why in its tooltip.

:class:`ReplayWindow` is the top-level window around a view.
"""

from __future__ import annotations

import os
from typing import Container
from urllib.parse import unquote

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from wordbler.boardgame import continuation
from wordbler.boardgame.gcg import Event, EventKind, GCGError, GCGRecord
from wordbler.boardgame.replay import ReplayResult, ReplayStep
from wordbler.boardgame.savegame import is_wordbler_record

from .board import BoardWidget, SquareState
from .panels import PlayerPanel
from .session import PlayerView
from .theme import DEFAULT_THEME, Theme, fit_to_screen, keep_fitted

MIN_SIZE = (640, 440)  # fits an 800 x 500 logical screen (1600 x 1000 at scale 2)
from .tiles import TileFace

__all__ = ["ReplayView", "ReplayWindow", "describe_event", "record_title"]


# --------------------------------------------------------------------------- wording


def record_title(record: GCGRecord) -> str:
    """``Ann vs Bob`` (or the record's #title)."""
    if record.title:
        return record.title
    return " vs ".join(p.name for p in record.players) or QCoreApplication.translate("boardgame.replay_view", "A game")


def describe_event(ev: Event, name: str) -> str:
    """One line for the event list: ``Ann: 8D HARDEN +28 → 28``."""
    k = ev.kind
    if k is EventKind.PLAY:
        move = f"{ev.position} {ev.word}"
    elif k is EventKind.PASS:
        move = "passed"
    elif k is EventKind.EXCHANGE:
        move = f"exchanged {ev.tiles}" if ev.tiles else f"exchanged {ev.count}"
    elif k is EventKind.WITHDRAWN:
        move = "play taken back"
    elif k is EventKind.CHALLENGE_BONUS:
        move = "challenge bonus"
    elif k is EventKind.TIME_PENALTY:
        move = "time penalty"
    elif k is EventKind.END_POINTS:
        move = f"others' tiles ({ev.tiles})"
    else:
        move = f"own tiles left ({ev.tiles})"
    return f"{name}: {move} {ev.score:+d} → {ev.total}"


def _mascots(record: GCGRecord) -> dict[str, str]:
    """Our records name each player's mascot in ``#wordbler-player NICK mascot=...``."""
    found = {}
    for p in record.pragmata("wordbler-player"):
        nick, *items = p.value.split() or [""]
        for item in items:
            key, _, value = item.partition("=")
            if key == "mascot" and value:
                found[nick] = unquote(value)
    return found


# --------------------------------------------------------------------------- the view


class ReplayView(QWidget):
    """A record's positions, one at a time."""

    # the live game at the position on show (a wordbler.boardgame.game.Game), to play on from there
    continue_requested = Signal(object)
    step_changed = Signal(int)

    def __init__(self, result: ReplayResult, theme: Theme = DEFAULT_THEME,
                 lexicon: Container[str] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.result = result
        self.record = result.record
        self.theme = theme
        self.lexicon = lexicon
        self.index = 0
        self.ours = is_wordbler_record(self.record)
        self._continue_problem: dict[int, str | None] = {}
        theme.apply_surface(self)
        record = self.record
        names = [p.name for p in record.players]
        self.names = names
        mascots = _mascots(record)

        # ---- header: who played, the word list, the source
        self.title_label = QLabel(record_title(record), self)
        self.title_label.setFont(theme.font(20, bold=True))
        self.title_label.setTextFormat(Qt.TextFormat.PlainText)
        details = []
        if record.lexicon:
            details.append(f"Word list: {record.lexicon}")
        if record.description:
            details.append(record.description)
        if record.game_id:
            details.append(f"Game id: {record.id_authority or ''} {record.game_id}".replace("  ", " "))
        if record.incomplete:
            details.append("Unfinished game")
        self.details_label = QLabel("  ·  ".join(details), self)
        self.details_label.setTextFormat(Qt.TextFormat.PlainText)
        self.details_label.setWordWrap(True)
        self.details_label.setStyleSheet(f"color: {theme.muted_text}")
        self.summary_label = QLabel(self)  # the record as a whole: does it add up?
        self.summary_label.setWordWrap(True)
        self.summary_label.setTextFormat(Qt.TextFormat.PlainText)
        if result.mismatches:
            n = len(result.mismatches)
            self.summary_label.setText(
                (self.tr("⚠ {n} line of this record does not add up; the score shown is the "
                         "one written in the record.") if n == 1 else
                 self.tr("⚠ {n} lines of this record do not add up; the scores shown are the "
                         "ones written in the record.")).format(n=n))
            self.summary_label.setStyleSheet(f"color: {theme.invalid}; font-weight: bold")
        else:
            self.summary_label.hide()

        # ---- the board (read-only)
        self.board = BoardWidget(result.rules.layout, theme, self)
        self.board.accepting = False
        self.board.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.board.setAccessibleName(self.tr("Board (replay)"))

        # ---- players and their scores at this point
        self.player_panels = []
        for i, name in enumerate(names):
            panel = PlayerPanel(i, theme, self)
            panel.mascot.setToolTip("")
            nick = record.players[i].nick
            panel.set_view(PlayerView(i, name, mascots.get(nick), None, 0, False, 0))
            panel.set_scale(24)
            panel.mascot.setVisible(nick in mascots)
            self.player_panels.append(panel)

        # ---- navigation
        self.first_button = self._nav_button("|◀", self.tr("First (Home)"), self.first)
        self.back_button = self._nav_button("◀", self.tr("Back (Left)"), self.back)
        self.forward_button = self._nav_button("▶", self.tr("Forward (Right)"), self.forward)
        self.last_button = self._nav_button("▶|", self.tr("Last (End)"), self.last)
        self.position_label = QLabel(self)
        self.position_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        nav = QHBoxLayout()
        nav.setSpacing(4)
        for b in (self.first_button, self.back_button):
            nav.addWidget(b)
        nav.addWidget(self.position_label, 1)
        for b in (self.forward_button, self.last_button):
            nav.addWidget(b)
        self.actions_by_name: dict[str, QAction] = {}
        # each with its own menu key in the window's Replay menu
        for name, text, keys, slot in (
            ("first", self.tr("F&irst"), [QKeySequence(Qt.Key.Key_Home)], self.first),
            ("back", self.tr("&Back"), [QKeySequence(Qt.Key.Key_Left),
                                        QKeySequence(Qt.Key.Key_PageUp)], self.back),
            ("forward", self.tr("&Forward"), [QKeySequence(Qt.Key.Key_Right),
                                              QKeySequence(Qt.Key.Key_PageDown)], self.forward),
            ("last", self.tr("&Last"), [QKeySequence(Qt.Key.Key_End)], self.last),
        ):
            a = QAction(text, self)
            a.setShortcuts(keys)
            a.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            a.triggered.connect(slot)
            self.addAction(a)
            self.actions_by_name[name] = a

        # ---- the event on show
        self.event_label = QLabel(self)
        self.event_label.setWordWrap(True)
        self.event_label.setTextFormat(Qt.TextFormat.PlainText)
        self.event_label.setFont(theme.font(15, bold=True))
        self.rack_label = QLabel(self)
        self.rack_label.setTextFormat(Qt.TextFormat.PlainText)
        self.warning_label = QLabel(self)
        self.warning_label.setWordWrap(True)
        self.warning_label.setTextFormat(Qt.TextFormat.PlainText)
        self.warning_label.setStyleSheet(f"color: {theme.invalid}; font-weight: bold")
        self.warning_label.setAccessibleName(self.tr("Warning"))
        self.notes_label = QLabel(self)
        self.notes_label.setWordWrap(True)
        self.notes_label.setTextFormat(Qt.TextFormat.PlainText)
        self.notes_label.setStyleSheet(f"color: {theme.text}; font-style: italic")
        self.notes_label.setAccessibleName(self.tr("Notes"))

        # ---- every event, to jump to
        self.event_list = QListWidget(self)
        self.event_list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        head = [(names[i], h) for i, h in enumerate(result.steps[0].scores) if h]
        self.event_list.addItem(QListWidgetItem(
            self.tr("Start (head start: {given})").format(
                given=", ".join(f"{name} +{h}" for name, h in head)) if head
            else self.tr("Start")))
        for step in result.steps[1:]:
            ev = step.event
            assert ev is not None
            item = QListWidgetItem(f"{step.index}. {describe_event(ev, names[ev.player])}")
            if step.mismatches:
                item.setText("⚠ " + item.text())
                item.setForeground(theme.colour("invalid"))
                item.setToolTip("\n".join(str(m) for m in step.mismatches))
            self.event_list.addItem(item)
        self.event_list.currentRowChanged.connect(self._on_row)
        self.event_list.installEventFilter(self)
        self.event_list.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)

        self.continue_button = QPushButton(self.tr("Continue playing from here"), self)
        self.continue_button.clicked.connect(self.request_continue)
        self.continue_button.setVisible(self.ours)

        # ---- layout
        side = QVBoxLayout()
        side.setSpacing(6)
        for panel in self.player_panels:
            side.addWidget(panel)
        side.addLayout(nav)
        side.addWidget(self.event_label)
        side.addWidget(self.rack_label)
        side.addWidget(self.warning_label)
        side.addWidget(self.notes_label)
        side.addWidget(self.event_list, 1)
        side.addWidget(self.continue_button)
        side_widget = QWidget(self)
        side_widget.setLayout(side)
        # the counter never changes width from step to step: room for the longest it says
        n = max(1, self.last_index)
        widest = max(self.position_label.fontMetrics().horizontalAdvance(t)
                     for t in ("Start", f"Move {n} of {n}", f"Move {n} of {n} (end)"))
        self.position_label.setMinimumWidth(widest + 6)
        side_widget.setMinimumWidth(max(260, side.minimumSize().width()))
        side_widget.setMaximumWidth(max(420, side_widget.minimumWidth()))

        left = QVBoxLayout()
        left.setSpacing(4)
        left.addWidget(self.title_label)
        left.addWidget(self.details_label)
        left.addWidget(self.summary_label)
        left.addWidget(self.board, 1)

        row = QHBoxLayout(self)
        row.setContentsMargins(8, 8, 8, 8)
        row.setSpacing(10)
        row.addLayout(left, 3)
        row.addWidget(side_widget, 1)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.set_step(0)

    # ================================================================= keyboard
    def _key_slot(self, key: int):
        return {Qt.Key.Key_Home: self.first, Qt.Key.Key_End: self.last,
                Qt.Key.Key_Left: self.back, Qt.Key.Key_PageUp: self.back,
                Qt.Key.Key_Right: self.forward, Qt.Key.Key_PageDown: self.forward}.get(key)

    def keyPressEvent(self, event) -> None:
        slot = self._key_slot(event.key())
        if slot is not None and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            slot()
            event.accept()
            return
        super().keyPressEvent(event)

    def eventFilter(self, obj, event) -> bool:
        """The event list leaves Left/Right/Home/End/PageUp/PageDown to the view (Up and
        Down move through it as in any list, which moves the view as well)."""
        if obj is self.event_list and event.type() == QEvent.Type.KeyPress:
            slot = self._key_slot(event.key())
            if slot is not None and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
                slot()
                return True
        return super().eventFilter(obj, event)

    def _nav_button(self, text: str, tip: str, slot) -> QToolButton:
        b = QToolButton(self)
        b.setText(text)
        b.setToolTip(tip)
        b.setAccessibleName(tip.split(" (")[0])
        b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        b.setMinimumSize(36, 30)
        b.clicked.connect(slot)
        return b

    # ================================================================= navigation
    @property
    def last_index(self) -> int:
        return len(self.result.steps) - 1

    @property
    def step(self) -> ReplayStep:
        return self.result.steps[self.index]

    def first(self) -> None:
        self.set_step(0)

    def back(self) -> None:
        self.set_step(self.index - 1)

    def forward(self) -> None:
        self.set_step(self.index + 1)

    def last(self) -> None:
        self.set_step(self.last_index)

    def _on_row(self, row: int) -> None:
        if row >= 0:
            self.set_step(row)

    def set_step(self, index: int) -> None:
        index = max(0, min(index, self.last_index))
        changed = index != self.index
        self.index = index
        self._show()
        if self.event_list.currentRow() != index:
            self.event_list.setCurrentRow(index)
        self.event_list.scrollToItem(self.event_list.item(index))
        if changed:
            self.step_changed.emit(index)

    # ================================================================= painting
    def scores(self) -> tuple[int, ...]:
        return self.step.scores

    def _show(self) -> None:
        step, rules = self.step, self.result.rules
        changed = set(step.changed)
        states = {}
        for coord in self.board.squares:
            p = step.board[coord]
            if p is None:
                states[coord] = SquareState(None, None, False, None, True)
                continue
            value = 0 if p.is_blank else rules.tiles.values.get(p.letter, 0)
            face = TileFace(p.letter, value, p.is_blank, last_move=coord in changed)
            states[coord] = SquareState(face, None, False, None, True)
        self.board.set_square_states(states)

        ev = step.event
        mover = ev.player if ev is not None else None
        for i, panel in enumerate(self.player_panels):
            old = panel.view
            assert old is not None
            panel.set_view(PlayerView(i, old.name, old.mascot, None, step.scores[i], i == mover, 0))
        n = self.last_index
        self.position_label.setText(self.tr("Start") if self.index == 0 else self.tr("Move {index} of {n}")
                                                                             .format(index=self.index,
                                                                                     n=n))
        if self.index == n and n:
            self.position_label.setText(self.tr("Move {n} of {n} (end)").format(n=n))
        self.first_button.setEnabled(self.index > 0)
        self.back_button.setEnabled(self.index > 0)
        self.forward_button.setEnabled(self.index < n)
        self.last_button.setEnabled(self.index < n)
        if ev is None:
            self.event_label.setText(self.tr("Before the first move"))
            self.rack_label.setText("")
            notes = self.record.notes
        else:
            self.event_label.setText(describe_event(ev, self.names[ev.player]))
            self.rack_label.setText(self.tr("Rack: {rack}").format(rack=ev.rack) if ev.rack else "")
            notes = ev.notes
        self.notes_label.setText("\n".join(notes))
        self.notes_label.setVisible(bool(notes))
        self.rack_label.setVisible(bool(self.rack_label.text()))
        if step.mismatches:
            self.warning_label.setText("\n".join(f"⚠ {m}" for m in step.mismatches))
            self.warning_label.show()
        else:
            self.warning_label.setText("")
            self.warning_label.hide()
        if self.ours:
            problem = self.continue_problem(self.index)
            self.continue_button.setEnabled(problem is None)
            self.continue_button.setToolTip(problem or self.tr("Play on from this position (a new game "
                                                               "from here; the file is not changed)"))

    # ================================================================= continuing
    def continue_problem(self, index: int) -> str | None:
        """Why play cannot go on from position ``index`` (None: it can)."""
        if not self.ours:
            return self.tr("Only games saved by Wordbler can be continued.")
        if index not in self._continue_problem:
            try:
                continuation.game_at(self.record, index)
            except GCGError as e:
                self._continue_problem[index] = e.message[0].upper() + e.message[1:] + "."
            else:
                self._continue_problem[index] = None
        return self._continue_problem[index]

    def request_continue(self) -> None:
        if self.continue_problem(self.index) is not None:
            return
        game = continuation.game_at(self.record, self.index, self.lexicon)
        self.continue_requested.emit(game)


class ReplayWindow(QMainWindow):
    """A window around a :class:`ReplayView` (title: the file's name)."""

    def __init__(self, result: ReplayResult, path: str | None = None, theme: Theme = DEFAULT_THEME,
                 lexicon: Container[str] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.path = path
        self.view = ReplayView(result, theme, lexicon, self)
        self.setCentralWidget(self.view)
        shown = os.path.basename(path) if path else record_title(result.record)
        self.setWindowTitle(self.tr("Replay — {shown}").format(shown=shown))
        self.setMinimumSize(*MIN_SIZE)
        menu = self.menuBar().addMenu(self.tr("&Replay"))
        for name in ("first", "back", "forward", "last"):
            menu.addAction(self.view.actions_by_name[name])
        menu.addSeparator()
        if self.view.ours:
            # (N: C is Close's)
            self.continue_action = QAction(self.tr("Co&ntinue playing from here"), self)
            self.continue_action.triggered.connect(self.view.request_continue)
            menu.addAction(self.continue_action)
        close = QAction(self.tr("&Close"), self)
        close.setShortcut(QKeySequence.StandardKey.Close)
        close.triggered.connect(self.close)
        menu.addAction(close)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.view.setFocus()
        self.resize_within_screen(1100, 760)

    def resize_within_screen(self, width: int, height: int) -> None:
        """``width`` x ``height``, or less on a smaller screen."""
        screen = self.screen() or QApplication.primaryScreen()
        if screen is not None:
            free = screen.availableGeometry()
            width = min(width, max(self.minimumWidth(), int(free.width() * 0.95)))
            height = min(height, max(self.minimumHeight(), int(free.height() * 0.92)))
        self.resize(width, height)
        fit_to_screen(self)

    def showEvent(self, event) -> None:
        """Opened inside the screen, whole (it opened partly off screen beside a big main
        window, or on a small or scaled screen): sized down and moved in as needed."""
        fit_to_screen(self)
        super().showEvent(event)
        QTimer.singleShot(0, self, self._refit)
        keep_fitted(self)  # again once the window manager says how big its frame is

    def _refit(self) -> None:
        if self.isVisible():
            fit_to_screen(self)
