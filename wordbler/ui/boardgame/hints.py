"""Hints: the best moves for the current rack, in a panel over the players' side panel.

:class:`HintController` answers the Hint action (button, menu, shortcut): it checks the rules
(hints may be off, or cost points: then it asks first), snapshots the position, runs
:func:`wordbler.boardgame.ai.hints` in a worker of the global :class:`QThreadPool` (a rack with blanks
can have 100 000 moves) and, when the list arrives, records the hint in the game's history
(``GameSession.take_hint``) and fills the :class:`HintPanel`.

Choosing a row puts its tiles on the board as this turn's tiles (``GameSession.show_placements``,
one undo step), so the usual live preview shows its words and score and Done plays it;
"Play this" (or a double-click, or Enter) does both.  The list belongs to one turn: it closes
when the turn ends and is shown again for free if asked for twice in the same turn.
"""

from __future__ import annotations

import importlib
import threading
from dataclasses import dataclass

from PySide6.QtCore import QObject, Qt, QThreadPool, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QTreeWidgetItemIterator,
    QVBoxLayout,
    QWidget,
)

from wordbler.boardgame.model import Placement, TurnKind

from . import texts
from .judge import meaning_menu
from .moveindex import Cancelled, SearchJob, SearchResult
from .panels import WrappingDelegate
from .theme import DEFAULT_THEME, Theme

HINT_COUNT = 10  # distinct words in the list
SEARCH_FACTOR = 8  # moves asked of the engine per word shown (many are one word elsewhere)
PER_WORD = 4  # placements of one word shown (the best one, then up to 3 more under it)


def format_points(value: float, signed: bool = False) -> str:
    """One decimal, never "-0.0": a value that rounds to zero is shown as 0.0."""
    v = round(value, 1)
    if v == 0:
        v = 0.0  # -0.0 too
    return f"{v:+.1f}" if signed else f"{v:.1f}"


@dataclass(frozen=True, slots=True)
class HintRow:
    """One hint as the panel shows it."""

    score: int
    words: tuple[str, ...]  # main word first, then the cross words
    position: str  # GCG position of the main word, e.g. 8H or H8
    leave: str  # the tiles kept, '?' for a blank
    equity: float  # the rating the list is ordered by: the score plus the leave's worth
    placements: tuple[Placement, ...]

    @property
    def move_text(self) -> str:
        """The play in the GCG coordinate style used everywhere: ``8H JIGOT``."""
        return texts.move_notation(self.position, self.words[0])

    @property
    def also_text(self) -> str:
        """The other words the play makes: ``+ JIG, OT`` (empty if none)."""
        return f"+ {', '.join(self.words[1:])}" if len(self.words) > 1 else ""

    @property
    def leave_worth(self) -> float:
        return self.equity - self.score

    @property
    def leave_text(self) -> str:
        """The tiles kept and what they are worth for later turns: ``E?I +9.5``."""
        return f"{self.leave or '—'}  {format_points(self.leave_worth, signed=True)}"

    @property
    def rating_text(self) -> str:
        return format_points(self.equity)

    def describe(self) -> str:
        return f"{self.move_text} {self.score}"


@dataclass(frozen=True, slots=True)
class HintGroup:
    """One word of the list: its best placement, and other places it fits (worse)."""

    best: HintRow
    others: tuple[HintRow, ...] = ()


def group_by_word(rows, words: int = HINT_COUNT, per_word: int = PER_WORD) -> list[HintGroup]:
    """``rows`` (best first) as distinct words, best first: each word's best placement, with
    up to ``per_word - 1`` other placements of the same word under it; ``words`` words."""
    order: list[str] = []
    found: dict[str, list] = {}
    for row in rows:
        word = row.words[0]
        if word not in found:
            if len(order) >= words:
                continue
            order.append(word)
            found[word] = []
        if len(found[word]) < per_word:
            found[word].append(row)
    return [HintGroup(found[w][0], tuple(found[w][1:])) for w in order]


class HintPanel(QFrame):
    """The list of hints: Score, Move (words, position), Leave; "Play this" and close."""

    chosen = Signal(int)  # a row was selected: preview it
    play_requested = Signal(int)
    close_requested = Signal()
    meaning_requested = Signal(str)  # "Meaning of WORD" on a row (right-click or the button)

    def __init__(self, theme: Theme = DEFAULT_THEME, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.theme = theme
        self.setObjectName("Hints")
        theme.apply_surface(self, theme.panel_background)
        self.setStyleSheet(f"QFrame#Hints {{ background: {theme.panel_background}; "
                           f"border: 1px solid {theme.square_border}; border-radius: 6px; }}"
                           f"QLabel {{ color: {theme.text}; }}")
        self.title = QLabel(self.tr("Best moves"), self)
        self.close_button = QToolButton(self)
        self.close_button.setText("×")
        self.close_button.setToolTip(self.tr("Close the hints (the tiles stay where they are)"))
        self.close_button.setAccessibleName(self.tr("Close hints"))
        self.close_button.setAutoRaise(True)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        self.status.setAccessibleName(self.tr("Hint status"))
        self.bar = QProgressBar(self)
        self.bar.setTextVisible(False)
        self.bar.setMaximumHeight(8)
        self.bar.hide()
        self.tree = QTreeWidget(self)
        self.tree.setColumnCount(3)
        self.tree.setHeaderLabels([self.tr("Move"), self.tr("Score"), self.tr("Rating")])
        header_item = self.tree.headerItem()
        header_item.setToolTip(0, self.tr("Where the word goes (8H: row 8, column H, across; "
                                          "H8: down), the other words it makes, and the tiles "
                                          "you keep (? is a blank). Other places for the same "
                                          "word are under it."))
        header_item.setToolTip(1, self.tr("Points the move scores now"))
        header_item.setToolTip(2, self.tr("What the list is ordered by: the score plus what "
                                          "the tiles you keep are worth for your next turns"))
        self.tree.setToolTip(self.tr("One line per word, best rating first; ▸ opens other "
                                     "places for the same word. Up/Down: show it on the "
                                     "board; Enter: play it; Esc: close"))
        self.tree.setRootIsDecorated(True)
        self.tree.setUniformRowHeights(False)
        self.tree.setWordWrap(True)
        self.tree.setItemDelegate(WrappingDelegate(self.tree))  # long lines wrap, never cut
        self.tree.setIndentation(14)
        self.tree.setAlternatingRowColors(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.tree.setAccessibleName(self.tr("Hints"))
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        self.play_button = QPushButton(self.tr("Play this"), self)
        self.play_button.setToolTip(self.tr("Put these tiles on the board and submit them (Enter)"))
        self.play_button.setEnabled(False)
        # the meaning of the chosen row's words (its context menu offers the same)
        self.meaning_button = QToolButton(self)
        self.meaning_button.setText(self.tr("Meaning…"))
        self.meaning_button.setToolTip(self.tr("Look up the meaning of the chosen move's words"))
        self.meaning_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.meaning_button.setEnabled(False)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._context_menu)
        self.context_menu: QMenu | None = None
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.title, 1)
        top.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 6)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addWidget(self.status)
        layout.addWidget(self.bar)
        layout.addWidget(self.tree, 1)
        bottom = QHBoxLayout()
        bottom.setContentsMargins(0, 0, 0, 0)
        bottom.addWidget(self.play_button, 1)
        bottom.addWidget(self.meaning_button)
        layout.addLayout(bottom)
        layout.addStretch(0)  # while searching (no list yet) the status stays at the top
        self.status.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.rows: list[HintRow] = []
        self.groups: list[HintGroup] = []
        self.placer = None  # called when shown: the table puts the panel where it belongs
        self.tree.currentItemChanged.connect(self._on_current)
        # a click on the row already chosen shows it again (after tiles were moved by hand)
        self.tree.itemClicked.connect(lambda item, _col: self._on_current(item, None))
        self.tree.itemActivated.connect(lambda item, _col: self._play(item))
        self.play_button.clicked.connect(lambda: self._play(self.tree.currentItem()))
        self.close_button.clicked.connect(self.close_requested)
        self.hide()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self.placer is not None:
            self.placer()

    def set_scale(self, unit: float) -> None:
        unit = min(unit, 94.0)  # as the side panel it covers (mainwindow.SIDE_MAX / 9.5)
        self.title.setFont(self.theme.font(max(12, unit * 0.45), bold=True))
        self.status.setFont(self.theme.font(max(11, unit * 0.36)))
        self.tree.setFont(self.theme.font(max(11, unit * 0.38)))
        bold = self.theme.font(max(11, unit * 0.38), bold=True)
        for i in range(self.tree.topLevelItemCount()):
            self.tree.topLevelItem(i).setFont(0, bold)
        head = self.theme.font(max(10, unit * 0.3))
        for col in range(self.tree.columnCount()):
            self.tree.headerItem().setFont(col, head)
        self.close_button.setFont(self.theme.font(max(12, unit * 0.45), bold=True))
        self.play_button.setFont(self.theme.font(max(11, unit * 0.42), bold=True))
        self.play_button.setMinimumHeight(int(max(24, unit * 0.9)))
        self.meaning_button.setFont(self.theme.font(max(11, unit * 0.36)))
        self.meaning_button.setMinimumHeight(int(max(24, unit * 0.9)))

    # ---------------------------------------------------------------- states
    def show_busy(self, text: str, fraction: float | None = None) -> None:
        """Searching (``fraction`` None: an endless bar) or building (0..1)."""
        self.rows = []
        self.tree.clear()
        self.tree.hide()
        self.play_button.hide()
        self.meaning_button.hide()
        self.status.setText(text)
        self.status.setStyleSheet("")
        if fraction is None:
            self.bar.setRange(0, 0)
        else:
            self.bar.setRange(0, 100)
            self.bar.setValue(int(fraction * 100))
        self.bar.show()
        self.show()

    def show_error(self, text: str) -> None:
        self.rows = []
        self.tree.clear()
        self.tree.hide()
        self.play_button.hide()
        self.meaning_button.hide()
        self.bar.hide()
        self.status.setText(text)
        self.status.setStyleSheet(f"color: {self.theme.invalid}")
        self.show()

    def show_rows(self, groups, note: str = "") -> None:
        """``groups``: :class:`HintGroup` s (or plain rows, one word each), best first.
        :attr:`rows` lists every row shown: each word's best, then its other places."""
        groups = [g if isinstance(g, HintGroup) else HintGroup(g) for g in groups]
        self.groups = groups
        self.rows = []
        self.bar.hide()
        self.status.setStyleSheet("")
        self.tree.blockSignals(True)
        self.tree.clear()
        for group in groups:
            top = self._make_item(group.best, len(self.rows), first=True)
            self.rows.append(group.best)
            for other in group.others:
                top.addChild(self._make_item(other, len(self.rows), first=False))
                self.rows.append(other)
            self.tree.addTopLevelItem(top)
        self.tree.setCurrentItem(None)
        self.tree.clearSelection()
        self.tree.blockSignals(False)
        if groups:
            n = len(groups)
            self.title.setText(self.tr("Best moves: {plural}")
                               .format(plural=texts.plural(n, 'word')))
            self.status.setText(note or self.tr("Choose a move to see it on the board."))
        else:
            self.title.setText(self.tr("Best moves"))
            self.status.setText(self.tr("No word can be played with this rack: exchange or pass."))
        self.tree.setVisible(bool(groups))
        self.play_button.setVisible(bool(groups))
        self.play_button.setEnabled(False)
        self.meaning_button.setVisible(bool(groups))
        self._set_meaning_menu(None)
        self.show()
        if groups:
            self.tree.setFocus()  # Up / Down, Enter and Esc work at once

    def _make_item(self, row: HintRow, index: int, first: bool) -> QTreeWidgetItem:
        details = [row.also_text] if row.also_text else []
        details.append(f"keeps {row.leave}" if row.leave else "keeps nothing")
        # one line where the panel is wide enough (the delegate wraps a longer one): the
        # panel shows twice as many moves as with the details on a line of their own
        item = QTreeWidgetItem([f"{row.move_text} · {' · '.join(details)}", str(row.score),
                                row.rating_text])
        item.setData(0, Qt.ItemDataRole.UserRole, index)
        for col in (1, 2):
            item.setTextAlignment(col, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        item.setTextAlignment(0, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        if first:  # a word's line in bold, its other places plain
            f = QFont(self.tree.font())
            f.setBold(True)
            item.setFont(0, f)
        tip = (f"{row.move_text}{' ' + row.also_text if row.also_text else ''}: "
               f"{texts.plural(row.score, 'point')}; keeps {row.leave or 'nothing'}, worth "
               f"{format_points(row.leave_worth, signed=True)}; rating {row.rating_text}")
        for col in range(3):
            item.setToolTip(col, tip)
        return item

    def item(self, index: int) -> QTreeWidgetItem | None:
        """The ``index``-th word's line."""
        return self.tree.topLevelItem(index)

    def item_for_row(self, index: int) -> QTreeWidgetItem | None:
        """The line of :attr:`rows` [``index``] (a word's line or one of its other places)."""
        it = QTreeWidgetItemIterator(self.tree)
        while it.value() is not None:
            if int(it.value().data(0, Qt.ItemDataRole.UserRole)) == index:
                return it.value()
            it += 1
        return None

    def words_of(self, item: QTreeWidgetItem | None) -> list[str]:
        """The words the move on ``item`` forms (main word first)."""
        if item is None:
            return []
        index = int(item.data(0, Qt.ItemDataRole.UserRole))
        return list(self.rows[index].words) if 0 <= index < len(self.rows) else []

    def _set_meaning_menu(self, item) -> None:
        words = self.words_of(item)
        old = self.meaning_button.menu()
        self.meaning_button.setMenu(meaning_menu(self, words, self.meaning_requested.emit)
                                    if words else None)
        if old is not None:
            old.deleteLater()
        self.meaning_button.setEnabled(bool(words))

    def _context_menu(self, pos) -> None:
        words = self.words_of(self.tree.itemAt(pos))
        if not words:
            return
        menu = meaning_menu(self, words, self.meaning_requested.emit)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.context_menu = menu
        menu.popup(self.tree.viewport().mapToGlobal(pos))

    def _on_current(self, item, _previous) -> None:
        self.play_button.setEnabled(item is not None)
        self._set_meaning_menu(item)
        if item is not None:
            self.chosen.emit(int(item.data(0, Qt.ItemDataRole.UserRole)))

    def _play(self, item) -> None:
        if item is not None:
            self.play_requested.emit(int(item.data(0, Qt.ItemDataRole.UserRole)))


class HintController(QObject):
    """The Hint action's logic (see the module docstring).  ``index_for`` gives the move
    index of the session's game (made on first use); the window owns both."""

    shown = Signal()  # a list (maybe empty) is on show

    def __init__(self, session, panel: HintPanel, index_for, parent: QWidget | None = None,
                 count: int = HINT_COUNT) -> None:
        super().__init__(parent)
        self.session = session
        self.panel = panel
        self._index_for = index_for
        self._window = parent
        self.count = count
        self._ai = importlib.import_module("wordbler.boardgame.ai")
        self._result = SearchResult()
        self._result.done.connect(self._on_done)
        self._token: object | None = None
        self._cancel: threading.Event | None = None
        self._cached: tuple[object, list[HintRow]] | None = None  # (turn key, rows)
        self.confirm_box: QMessageBox | None = None
        self._index = None
        panel.chosen.connect(self.preview)
        panel.play_requested.connect(self.play)
        panel.close_requested.connect(self.close_panel)
        session.turn_ended.connect(self.reset)
        session.game_over.connect(self.reset)

    # ---------------------------------------------------------------- queries
    @property
    def busy(self) -> bool:
        return self._token is not None

    def blocked(self) -> str | None:
        """Why Hint cannot be used now, or None."""
        s = self.session
        if s.is_over:
            return self.tr("The game is over.")
        if not s.rules.hints_allowed:
            return self.tr("Hints are turned off in this game's rules.")
        if s.game.lexicon is None:
            return self.tr("Hints need a dictionary; this game has none.")
        if not s.can_act():
            return self.tr("Hints are for the player whose turn it is.")
        return None

    def _turn_key(self) -> tuple:
        g = self.session.game
        turns = sum(1 for r in g.history if r.kind is not TurnKind.HINT)
        return (turns, g.current, "".join(sorted(g.rack_letters())))

    # ---------------------------------------------------------------- intents
    def request(self) -> None:
        """The Hint action."""
        why = self.blocked()
        if why is not None:
            self.session.message.emit(why, "error")
            return
        if self._cached is not None and self._cached[0] == self._turn_key():
            self.panel.show_rows(self._cached[1], "Your hint for this turn (no extra charge).")
            self.shown.emit()
            return
        if self.busy:
            self.panel.show()
            return
        cost = self.session.rules.hint_cost
        if cost > 0:
            self._confirm(cost)
            return
        self._start()

    def _confirm(self, cost: int) -> None:
        name = self.session.game.players[self.session.current].name
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Hint"),
                          (self.tr("{name}, a hint costs {cost} point under these rules. "
                                   "Show the best moves for your rack?") if cost == 1 else
                           self.tr("{name}, a hint costs {cost} points under these rules. "
                                   "Show the best moves for your rack?")).format(name=name,
                                                                                 cost=cost),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                          self._window)
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        box.button(QMessageBox.StandardButton.Yes).setText(self.tr("Show hints (−{cost})")
                                                           .format(cost=cost))
        box.button(QMessageBox.StandardButton.No).setText(self.tr("No, thanks"))
        yes = box.button(QMessageBox.StandardButton.Yes)
        box.buttonClicked.connect(lambda b: self._start() if b is yes else None)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.confirm_box = box
        box.destroyed.connect(lambda *_: setattr(self, "confirm_box", None))
        box.open()

    def _start(self) -> None:
        if self.blocked() is not None or self.busy:
            return
        index = self._index_for()
        if index is None:
            self.panel.show_error("Hints need a dictionary; this game has none.")
            return
        if index is not self._index:
            if self._index is not None:
                self._index.progress.disconnect(self._on_progress)
            self._index = index
            index.progress.connect(self._on_progress)
        pos = self._ai.Position.from_game(self.session.game)
        self._token = token = (self._turn_key(), object())
        self._cancel = cancel = threading.Event()
        if index.is_ready:
            self.panel.show_busy("Finding the best moves…")
        else:
            self.panel.show_busy("Preparing the word index (only the first time)…", 0.0)
        # many of the best moves are one word in several places: ask for more, show words
        ai, count = self._ai, self.count * SEARCH_FACTOR
        QThreadPool.globalInstance().start(SearchJob(
            index, lambda generate: ai.hints(pos, generate, count), token, cancel, self._result))

    def _on_progress(self, fraction: float) -> None:
        if self.busy and fraction < 1.0:
            self.panel.show_busy(f"Preparing the word index (only the first time)… "
                                 f"{int(fraction * 100)} %", fraction)
        elif self.busy:
            self.panel.show_busy("Finding the best moves…")

    def _on_done(self, token: object, result: object) -> None:
        if token is not self._token:
            return  # cancelled or superseded
        self._token = None
        self._cancel = None
        if isinstance(result, Cancelled):
            return
        if isinstance(result, Exception):
            self.panel.show_error(f"No hints: {result}")
            return
        if token[0] != self._turn_key() or not self.session.can_act():
            self.panel.hide()
            return
        groups = self.groups_for(result)
        note = groups[0].best.describe() if groups else "no play"
        record = self.session.take_hint(f"hint: {note}")
        if record is None:
            self.panel.hide()
            return
        self._cached = (self._turn_key(), groups)
        cost = -record.score
        self.panel.show_rows(groups, f"{f'Hint taken: −{cost} points. ' if cost else ''}"
                                     f"Choose one to see it on the board (Up/Down), "
                                     f"Enter plays it.")
        self.shown.emit()

    def groups_for(self, candidates) -> list[HintGroup]:
        """The engine's candidates (best first) as distinct words: :data:`count` words, each
        with its other places; rows are made only for what is shown."""
        keep = []
        seen: dict[str, int] = {}
        for c in candidates:
            word = c.word.upper()
            if word not in seen:
                if len(seen) >= self.count:
                    continue
                seen[word] = 0
            if seen[word] < PER_WORD:
                seen[word] += 1
                keep.append(c)
        return group_by_word(self.rows_for(keep), self.count)

    def rows_for(self, candidates) -> list[HintRow]:
        """The engine's candidates as rows with the real tiles and every word they form."""
        g = self.session.game
        rows = []
        for c in candidates:
            move = self._ai.decision_to_move(g, self._ai.Decision("play", play=c))
            placements = tuple(move.placements)
            preview = g.preview(placements)
            if preview.breakdown is not None:
                words = tuple(w.word for w in preview.breakdown.words)
                position = preview.breakdown.main_word.gcg_position
                score = preview.breakdown.total
            else:  # pragma: no cover - the generator's moves are legal
                words, position, score = (c.word.upper(),), c.coord, c.score
            rows.append(HintRow(score, words, position, c.leave, c.equity, placements))
        return rows

    def preview(self, index: int) -> None:
        """Show hint ``index`` on the board as this turn's tiles."""
        rows = self.panel.rows
        if 0 <= index < len(rows) and self.session.can_act():
            self.session.show_placements(rows[index].placements)

    def play(self, index: int) -> None:
        rows = self.panel.rows
        if 0 <= index < len(rows) and self.session.can_act():
            if self.session.show_placements(rows[index].placements):
                self.session.commit()

    def close_panel(self) -> None:
        self.cancel()
        self.panel.hide()

    def cancel(self) -> None:
        if self._cancel is not None:
            self._cancel.set()
        self._token = None
        self._cancel = None

    def reset(self, *_args) -> None:
        """The turn ended (or a new game): forget the list and hide the panel."""
        self.cancel()
        self._cached = None
        self.panel.hide()
        if self.confirm_box is not None:
            self.confirm_box.close()
