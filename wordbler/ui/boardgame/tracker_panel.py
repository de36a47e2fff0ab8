"""The unseen-tiles panel: what the player at the screen has not seen (bag + other racks).

A dock at the side of the board game's window (View > Unseen tiles, Ctrl+U).  It follows
the window's session: after each turn it counts again, and between turns (the hand-off, a
computer's turn, the end of the game) it shows no counts, so nobody learns another player's
rack from it.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (QDockWidget, QGridLayout, QLabel, QScrollArea, QVBoxLayout,
                               QWidget)

from wordbler.boardgame.rules import BLANK
from wordbler.boardgame.tracker import Unseen, unseen_for

COLUMNS = 4
SETTING = "view/unseen_tiles"


class TrackerPanel(QWidget):
    """Letters of the tile set in alphabetical order with the unseen count of each."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("UnseenTiles")
        self.title = QLabel(self.tr("Unseen tiles"), self)
        f = self.title.font()
        f.setBold(True)
        self.title.setFont(f)
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.summary.setAccessibleName(self.tr("Unseen summary"))
        self.grid_host = QWidget(self)
        self.grid = QGridLayout(self.grid_host)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(10)
        self.grid.setVerticalSpacing(2)
        self.cells: dict[str, QLabel] = {}
        self.hidden_note = QLabel(self)
        self.hidden_note.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.addWidget(self.title)
        lay.addWidget(self.summary)
        lay.addWidget(self.grid_host)
        lay.addWidget(self.hidden_note)
        lay.addStretch(1)
        self.unseen: Unseen | None = None

    def _ensure_cells(self, letters: list[str]) -> None:
        if list(self.cells) == letters:
            return
        for label in self.cells.values():
            label.deleteLater()
        self.cells = {}
        for i, ch in enumerate(letters):
            label = QLabel(self.grid_host)
            label.setTextFormat(Qt.TextFormat.PlainText)
            self.cells[ch] = label
            self.grid.addWidget(label, i // COLUMNS, i % COLUMNS)

    def show_unseen(self, unseen: Unseen) -> None:
        self.unseen = unseen
        self._ensure_cells([ch for ch, _ in unseen.counts])
        for ch, n in unseen.counts:
            label = self.cells[ch]
            face = "blank" if ch == BLANK else ch
            label.setText(f"{face} {n}")
            label.setEnabled(n > 0)  # all seen: greyed
            label.setAccessibleName(self.tr("{face}: {n} unseen").format(face=face, n=n))
        racks = unseen.total - unseen.bag
        self.summary.setText(
            self.tr("{total} unseen: {bag} in the bag, {racks} on other racks.\nVowels "
                    "{vowels} · consonants {consonants} · blanks {blanks}")
                    .format(total=unseen.total, bag=unseen.bag, racks=racks, vowels=unseen.vowels,
                            consonants=unseen.consonants, blanks=unseen.blanks))
        self.grid_host.show()
        self.summary.show()
        self.hidden_note.hide()

    def hide_counts(self, why: str) -> None:
        self.unseen = None
        self.grid_host.hide()
        self.summary.hide()
        self.hidden_note.setText(why)
        self.hidden_note.show()

    def counts_shown(self) -> bool:
        return self.unseen is not None and not self.grid_host.isHidden()


def refresh(panel: TrackerPanel, session) -> None:
    """Show the counts for the player whose rack is on the screen, or none between turns."""
    game = session.game
    if game.is_over:
        panel.hide_counts(QCoreApplication.translate("boardgame.tracker_panel", "The game is over."))
    elif session.handoff:
        panel.hide_counts(QCoreApplication.translate(
            "boardgame.tracker_panel", "Hidden until the next player takes the seat."))
    elif game.players[session.rack_player].computer is not None:
        panel.hide_counts(QCoreApplication.translate("boardgame.tracker_panel",
                                                     "The computer is playing."))
    else:
        # the vowels of the game's alphabet (Russian АЕИОУЫЭЮЯ, French with Y)
        panel.show_unseen(unseen_for(game, session.rack_player, game.rules.tiles.vowels))


class TrackerDock(QDockWidget):
    closed_by_user = Signal()  # its close button (not the window closing round it)

    def __init__(self, window) -> None:
        super().__init__(QCoreApplication.translate("TrackerDock", "Unseen tiles"), window)
        self.setObjectName("UnseenTilesDock")
        self.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetClosable
                         | QDockWidget.DockWidgetFeature.DockWidgetMovable)
        self.panel = TrackerPanel()
        self.panel.title.hide()  # the dock's own title says it
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.panel)
        self.setWidget(scroll)
        self._window = window
        self._session = None
        window.game_started.connect(self.follow)
        self.follow()

    def follow(self) -> None:
        """Attach to the window's present session (a new, opened or resumed game)."""
        session = getattr(self._window, "session", None)
        if session is None or session is self._session:
            return
        self._session = session
        session.state_changed.connect(self.refresh)
        self.refresh()

    def closeEvent(self, event) -> None:
        super().closeEvent(event)
        if event.isAccepted():
            self.closed_by_user.emit()

    def refresh(self) -> None:
        if self._session is not None and self._session is getattr(self._window, "session", None):
            refresh(self.panel, self._session)


def install(window, view_menu=None) -> TrackerDock:
    """Add the dock (hidden unless the settings say shown) and its View menu toggle."""
    dock = TrackerDock(window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    settings = getattr(window, "settings", None)
    shown = settings is not None and str(settings.value(SETTING, "false")).lower() == "true"
    dock.setVisible(shown)
    action: QAction = dock.toggleViewAction()
    action.setText(QCoreApplication.translate("boardgame.tracker_panel", "&Unseen tiles"))
    action.setShortcut(QKeySequence("Ctrl+U"))
    if view_menu is None:
        for a in window.menuBar().actions():
            if a.menu() is not None and a.text().replace("&", "") == "View":
                view_menu = a.menu()
    if view_menu is not None:
        view_menu.addAction(action)
    else:
        window.addAction(action)

    def remember(on: bool) -> None:
        if settings is not None:
            settings.setValue(SETTING, "true" if on else "false")

    # what the user chose: the menu item or Ctrl+U, and the dock's close button.  Not the
    # action's toggled(): the dock goes when the window closes, and that wrote "false" at
    # every quit (and once from a QSettings already deleted)
    action.triggered.connect(remember)
    dock.closed_by_user.connect(lambda: remember(False))
    window.tracker_action = action
    return dock
