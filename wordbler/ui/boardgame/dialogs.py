"""Dialogs of the table: wildcard chooser, score history, scoreboard, game over, about.

All are opened non-modally with ``open()`` / ``show()`` and answer through signals, so the
window (and every animation) stays live behind them.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

import wordbler
from wordbler.datafiles import data_dir
from wordbler.boardgame.analysis import turn_numbers
from wordbler.boardgame.model import TurnKind, TurnRecord

from . import texts
from .judge import meaning_menu
from .panels import MascotView, WrappingDelegate
from .session import GameSession
from .theme import DEFAULT_THEME, Theme, fit_to_screen, keep_fitted, theme_of

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class FittedDialog(QDialog):
    """A dialog that opens inside its screen's available area, at any scale factor (sized
    down, and moved in, when it would not fit)."""

    def showEvent(self, event) -> None:
        fit_to_screen(self)  # before Qt centres it over its parent
        super().showEvent(event)
        QTimer.singleShot(0, self, self._refit)
        keep_fitted(self)  # again once the window manager says how big its frame is

    def _refit(self) -> None:
        if self.isVisible():
            fit_to_screen(self)


class WildcardDialog(FittedDialog):
    """Choose the letter a blank stands for: click a letter or type it; Esc cancels."""

    letter_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None, theme: Theme = DEFAULT_THEME,
                 alphabet=None) -> None:
        # alphabet: the game's (wordbler.lexicon.Alphabet); its letters are offered and a
        # typed key is read through its case table (Ё as Е in Russian).  None: A-Z.
        super().__init__(parent)
        self.setWindowTitle(self.tr("Choose a letter for the blank"))
        self.letter: str | None = None
        self.alphabet = alphabet
        letters = "".join(alphabet.letters) if alphabet is not None else LETTERS
        columns = 7 if len(letters) <= 28 else 8
        layout = QVBoxLayout(self)
        hint = QLabel(self.tr("Which letter should the blank tile be?  Click it or type it.  "
                              "A blank scores 0 points."))
        hint.setWordWrap(True)
        layout.addWidget(hint)
        grid = QGridLayout()
        grid.setSpacing(4)
        self.buttons: dict[str, QPushButton] = {}
        for i, ch in enumerate(letters):
            b = QPushButton(ch, self)
            b.setFixedSize(44, 44)
            f = theme.font(20, bold=True)
            b.setFont(f)
            b.setStyleSheet(f"QPushButton {{ background: {theme.tile_face}; color: {theme.blank_text}; "
                            f"border: 2px solid {theme.tile_edge}; border-radius: 6px; }} "
                            f"QPushButton:hover {{ background: {theme.tile_face_pending}; }}")
            b.setAutoDefault(False)
            b.clicked.connect(lambda _=False, c=ch: self.choose(c))
            grid.addWidget(b, i // columns, i % columns)
            self.buttons[ch] = b
        layout.addLayout(grid)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        box.rejected.connect(self.reject)
        layout.addWidget(box)

    def choose(self, letter: str) -> None:
        self.letter = letter.upper()
        self.letter_chosen.emit(self.letter)
        self.accept()

    def keyPressEvent(self, event) -> None:
        # Enter on a letter with the focus chooses it (as Space does); it went to the
        # dialog's Cancel, and the blank went back to the rack
        focus = self.focusWidget()
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not event.modifiers() \
                & ~Qt.KeyboardModifier.KeypadModifier:
            letter = next((ch for ch, b in self.buttons.items() if b is focus), None)
            if letter is not None:
                self.choose(letter)
                return
        text = event.text()
        if self.alphabet is not None:
            letter = self.alphabet.letter(text) if len(text) == 1 else None
            if letter is not None:
                self.choose(letter)
                return
        elif len(text) == 1 and text.isascii() and text.isalpha():
            self.choose(text)
            return
        super().keyPressEvent(event)


def _bold(item, column: int) -> None:
    f = item.font(column)
    f.setBold(True)
    item.setFont(column, f)


WORDS_ROLE = Qt.ItemDataRole.UserRole + 1  # a turn row's words (for "Meaning of WORD")


class ScoreHistoryDialog(FittedDialog):
    """Every turn of the game (or of one player): words with the per-letter breakdown."""

    meaning_requested = Signal(str)  # a word chosen in the context menu

    def __init__(self, session: GameSession, player: int | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setWindowTitle(self.tr("Score history"))
        self.resize(720, 520)
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.mascot = MascotView(None, self)
        self.mascot.setFixedSize(56, 56)
        top.addWidget(self.mascot)
        self.who = QComboBox(self)
        self.who.addItem(self.tr("All players"), None)
        for i, name in enumerate(session.names()):
            self.who.addItem(name, i)
        top.addWidget(QLabel(self.tr("Show:")))
        top.addWidget(self.who, 1)
        self.summary = QLabel(self)
        top.addWidget(self.summary, 2)
        layout.addLayout(top)
        self.tree = QTreeWidget(self)
        self.tree.setColumnCount(4)
        self.tree.setHeaderLabels([self.tr("Turn"), self.tr("What happened"), self.tr("Score"), self.tr("Total")])
        self.tree.setAlternatingRowColors(True)
        self.tree.setUniformRowHeights(False)
        self.tree.setWordWrap(True)  # a narrow window wraps a long line, never cuts it
        self.tree.setItemDelegate(WrappingDelegate(self.tree))
        header = self.tree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        layout.addWidget(self.tree, 1)
        # right-click a turn: "Meaning of WORD" for each word it formed (opens the word judge)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._context_menu)
        self.context_menu: QMenu | None = None
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        box.rejected.connect(self.reject)
        box.accepted.connect(self.accept)
        layout.addWidget(box)
        self.who.currentIndexChanged.connect(self.refresh)
        session.turn_ended.connect(self.refresh)
        session.hint_taken.connect(self.refresh)
        if player is not None:
            self.who.setCurrentIndex(player + 1)
        self.refresh()

    def player(self) -> int | None:
        return self.who.currentData()

    def words_of(self, item: QTreeWidgetItem | None) -> list[str]:
        """The words the turn of ``item`` (or of its parent row) formed."""
        while item is not None and item.parent() is not None:
            item = item.parent()
        return list(item.data(0, WORDS_ROLE) or []) if item is not None else []

    def _context_menu(self, pos) -> None:
        words = self.words_of(self.tree.itemAt(pos))
        if not words:
            return
        menu = meaning_menu(self, words, self.meaning_requested.emit)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.context_menu = menu
        menu.popup(self.tree.viewport().mapToGlobal(pos))

    def refresh(self, *_args) -> None:
        g = self.session.game
        names = self.session.names()
        p = self.player()
        self.mascot.set_mascot(g.players[p].mascot if p is not None else None)
        self.mascot.setVisible(p is not None)
        self.tree.clear()
        for player, points in enumerate(g.handicaps):  # a head start: the first line
            if points and (p is None or player == p):
                self.tree.addTopLevelItem(self._head_start_item(player, points, names,
                                                                show_name=p is None))
        for rec, turn in zip(g.history, turn_numbers(g.history)):
            if p is not None and rec.player != p:
                continue
            self.tree.addTopLevelItem(self._item(rec, names, show_name=p is None, turn=turn))
        if p is None:
            self.summary.setText("  ".join(f"{n}: {s}" for n, s in zip(names, g.scores)))
        else:
            self.summary.setText(self.tr("{names}: {scores} points")
                                 .format(names=names[p], scores=g.scores[p]))
        self.tree.expandAll()

    def _head_start_item(self, player: int, points: int, names,
                         show_name: bool) -> QTreeWidgetItem:
        """The line of a head start: the points a player had before the first move."""
        who = f"{names[player]}: " if show_name else ""
        item = QTreeWidgetItem(["", "", f"+{points}", str(points)])
        item.setText(0, self.tr("Start"))
        item.setText(1, who + self.tr("Head start +{points}").format(points=points))
        item.setToolTip(1, self.tr("Points given before the first move, to even the game"))
        item.setTextAlignment(2, Qt.AlignmentFlag.AlignRight)
        item.setTextAlignment(3, Qt.AlignmentFlag.AlignRight)
        return item

    def _item(self, rec: TurnRecord, names, show_name: bool, turn: str) -> QTreeWidgetItem:
        who = f"{names[rec.player]}: " if show_name else ""
        k = rec.kind
        if k is TurnKind.PLAY:
            assert rec.breakdown is not None
            words = [w.word for w in rec.breakdown.words]
            extra = f" (and {', '.join(words[1:])})" if len(words) > 1 else ""
            what = (f"{who}played "
                    f"{texts.move_notation(rec.breakdown.main_word.gcg_position, words[0])}{extra}")
        elif k is TurnKind.FAILED_PLAY:
            what = f"{who}failed play: {', '.join(rec.invalid_words)} not in the dictionary"
        elif k is TurnKind.EXCHANGE:
            n = len(rec.move.exchanged) if rec.move else 0
            what = f"{who}exchanged {texts.plural(n, 'tile')}"
        elif k is TurnKind.PASS:
            what = f"{who}passed"
        elif k is TurnKind.SETTLEMENT:
            letters = "".join(t.letter for t in rec.settled_tiles)
            what = f"{who}end of game: tiles {'left' if rec.score < 0 else 'gained'} ({letters})"
        elif k is TurnKind.HINT:
            shown = rec.note.removeprefix("hint: ") if rec.note else ""
            cost = f", cost {texts.plural(-rec.score, 'point')}" if rec.score else ", free"
            what = f"{who}took a hint{cost}" + (f" (best: {shown})" if shown else "")
        else:
            what = f"{who}{texts.describe_record(rec, names)}"
        item = QTreeWidgetItem([turn, what, f"{rec.score:+d}" if rec.score else "0",
                                str(_running_total(self.session, rec))])
        item.setData(0, Qt.ItemDataRole.UserRole, rec.number)
        if rec.breakdown is not None:
            item.setData(0, WORDS_ROLE, [w.word for w in rec.breakdown.words])
        item.setTextAlignment(2, Qt.AlignmentFlag.AlignRight)
        item.setTextAlignment(3, Qt.AlignmentFlag.AlignRight)
        if k is TurnKind.FAILED_PLAY:
            item.setForeground(1, QColor(theme_of(self).invalid))
        elif k is TurnKind.HINT:
            item.setForeground(1, QColor(theme_of(self).muted_text))
        if rec.breakdown is not None:
            for w in rec.breakdown.words:
                child = QTreeWidgetItem(["", texts.move_notation(w.gcg_position, w.word),
                                         str(w.score), ""])
                _bold(child, 1)
                child.setTextAlignment(2, Qt.AlignmentFlag.AlignRight)
                # a letter and its value stay on one line when the row wraps
                detail = re.sub(r"(?<=\S) (?=\S)", "\u00a0", texts.letter_detail(w))
                grand = QTreeWidgetItem(["", detail, "", ""])
                mono = QFont(self.tree.font())  # the list's size, set (as painted)
                mono.setFamilies(["Monospace"])
                mono.setStyleHint(QFont.StyleHint.TypeWriter)
                grand.setFont(1, mono)
                # no fixed row height: the wrapping delegate measures the row in this font
                # at the column's width (a fixed one-line height cut a long breakdown with
                # "…" under a large system font)
                child.addChild(grand)
                if k is TurnKind.FAILED_PLAY and w.word in rec.invalid_words:
                    child.setForeground(1, QColor(theme_of(self).invalid))
                    child.setText(1, self.tr("{move} — not in the dictionary").format(
                        move=texts.move_notation(w.gcg_position, w.word)))
                item.addChild(child)
            if rec.breakdown.bingo_bonus and k is TurnKind.PLAY:
                bonus = QTreeWidgetItem(["", self.tr("Bonus for using every tile"),
                                         str(rec.breakdown.bingo_bonus), ""])
                bonus.setTextAlignment(2, Qt.AlignmentFlag.AlignRight)  # as every figure
                item.addChild(bonus)
        return item


def _running_total(session: GameSession, rec: TurnRecord) -> int:
    """The player's total after ``rec`` (the record's own ``total`` is before settlement),
    the head start included."""
    total = session.game.players[rec.player].handicap
    for r in session.game.history:
        if r.player == rec.player:
            total += r.score
        if r is rec:
            break
    return total


class ScoreboardDialog(FittedDialog):
    """A table of every turn's score per player, with running totals."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setWindowTitle(self.tr("Scoreboard"))
        self.resize(560, 420)
        layout = QVBoxLayout(self)
        self.table = QTableWidget(self)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        # Tab goes on to Close (the arrow keys move between the cells): it only went from
        # cell to cell, and Close could not be reached from the keyboard
        self.table.setTabKeyNavigation(False)
        layout.addWidget(self.table, 1)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        box.rejected.connect(self.reject)
        layout.addWidget(box)
        session.turn_ended.connect(self.refresh)
        session.hint_taken.connect(self.refresh)
        self.refresh()

    def refresh(self, *_args) -> None:
        g = self.session.game
        names = self.session.names()
        n = len(names)
        rounds: list[list[str]] = []
        end = [""] * n
        totals = list(g.handicaps)  # a head start is there before the first move
        start = [self.tr("head start +{points}").format(points=h) if h else "" for h in totals]
        has_start = any(totals)
        row: list[str] | None = None
        hinted: dict[int, int] = {}  # player -> cost of the hints taken since their last turn
        for rec in g.history:
            totals[rec.player] += rec.score
            if rec.kind is TurnKind.HINT:  # shown with the player's turn
                hinted[rec.player] = hinted.get(rec.player, 0) - rec.score
                continue
            if rec.kind is TurnKind.SETTLEMENT:
                end[rec.player] = f"tiles left  {rec.score:+d}  = {totals[rec.player]}"
                continue
            if row is None or row[rec.player]:  # a player's second entry starts a new round
                row = [""] * n
                rounds.append(row)
            label = {TurnKind.PLAY: rec.words[0].word if rec.words else "play",
                     TurnKind.FAILED_PLAY: "failed", TurnKind.EXCHANGE: "exchange",
                     TurnKind.PASS: "pass", TurnKind.HINT: "hint"}[rec.kind]
            hint = ""
            if rec.player in hinted:
                cost = hinted.pop(rec.player)
                hint = f" (hint −{cost})" if cost else " (hint)"
            row[rec.player] = f"{label}{hint}  {rec.score:+d}  = {totals[rec.player]}"
        has_end = any(end)
        self.table.setColumnCount(n)
        self.table.setHorizontalHeaderLabels(names)
        self.table.setRowCount(has_start + len(rounds) + has_end + 1)
        rows = ([start] if has_start else []) + rounds + ([end] if has_end else [])
        for r, cells in enumerate(rows):
            for c, text in enumerate(cells):
                self.table.setItem(r, c, QTableWidgetItem(text))
        last = len(rows)
        for c in range(n):
            item = QTableWidgetItem(f"Total {g.scores[c]}")
            f = item.font()
            f.setBold(True)
            item.setFont(f)
            self.table.setItem(last, c, item)
        self.table.setVerticalHeaderLabels(([self.tr("Start")] if has_start else [])
                                           + [str(i + 1) for i in range(len(rounds))]
                                           + ([self.tr("End")] if has_end else []) + ["Σ"])
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)


class GameOverDialog(FittedDialog):
    """The end: why, the settlement, final scores and the winner; every word of the game
    (each player's best move first) to look up.  Offers a new game."""

    new_game_requested = Signal()
    meaning_requested = Signal(str)  # "Meaning of WORD" for a word of the game

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        g = session.game
        assert g.outcome is not None
        names = session.names()
        self.setWindowTitle(self.tr("Game over"))
        layout = QVBoxLayout(self)
        self.headline = QLabel(texts.describe_outcome(g.outcome, names))
        self.headline.setWordWrap(True)
        self.headline.setFont(DEFAULT_THEME.font(20, bold=True))
        layout.addWidget(self.headline)
        settlement = [0] * len(names)
        detail = [""] * len(names)
        overtime = [0] * len(names)  # a chess clock's points off, taken at the end too
        for rec in g.history:
            if rec.kind is TurnKind.SETTLEMENT:
                settlement[rec.player] += rec.score
                detail[rec.player] += "".join(t.letter for t in rec.settled_tiles)
            elif rec.kind is TurnKind.TIME_PENALTY:
                overtime[rec.player] += rec.score
        timed = any(overtime)
        grid = QGridLayout()
        heads = [self.tr("<b>Player</b>"), self.tr("<b>Before</b>")]
        heads += [self.tr("<b>Time</b>")] if timed else []
        heads += [self.tr("<b>Tiles left</b>"), self.tr("<b>Final</b>")]
        for col, head in enumerate(heads, 1):
            grid.addWidget(QLabel(head), 0, col)
        for i, name in enumerate(names):
            m = MascotView(g.players[i].mascot, self)
            m.setFixedSize(40, 40)
            grid.addWidget(m, i + 1, 0)
            star = " ★" if i in g.outcome.winners else ""
            cells = [f"<b>{name}</b>{star}", str(g.scores[i] - settlement[i] - overtime[i])]
            if timed:
                cells.append(f"{overtime[i]:+d}" if overtime[i] else "0")
            cells += [f"{settlement[i]:+d} {detail[i]}".strip() if settlement[i] else "0",
                      f"<b>{g.scores[i]}</b>"]
            for col, text in enumerate(cells, 1):
                grid.addWidget(QLabel(text), i + 1, col)
        layout.addLayout(grid)
        given = [(names[i], h) for i, h in enumerate(g.handicaps) if h]
        self.head_start_label = QLabel(self)  # the head starts are in the scores above
        self.head_start_label.setWordWrap(True)
        self.head_start_label.setText(self.tr("Head start, counted in the scores: {given}.").format(
            given=", ".join(f"{name} +{h}" for name, h in given)) if given else "")
        self.head_start_label.setVisible(bool(given))
        layout.addWidget(self.head_start_label)
        self.settlement_lines = [texts.describe_record(r, names) for r in g.history
                                 if r.kind in (TurnKind.SETTLEMENT, TurnKind.TIME_PENALTY)]
        if self.settlement_lines:
            s = QLabel("\n".join(self.settlement_lines))
            s.setWordWrap(True)
            layout.addWidget(s)
        self._add_words(session, layout)
        box = QDialogButtonBox(self)
        box.addButton(self.meaning_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.new_button = box.addButton(self.tr("New game…"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.close_button = box.addButton(QDialogButtonBox.StandardButton.Close)
        self.new_button.clicked.connect(self.new_game_requested)
        self.new_button.clicked.connect(self.accept)
        self.close_button.clicked.connect(self.reject)
        layout.addWidget(box)
        self.new_button.setFocus()  # as before the list of words: Enter starts a new game
        self.meaning_button.setVisible(self.words.topLevelItemCount() > 0)


    # ---- the words of the game, to look up
    def _add_words(self, session: GameSession, layout: QVBoxLayout) -> None:
        g = session.game
        names = session.names()
        plays = [(rec, turn) for rec, turn in zip(g.history, turn_numbers(g.history))
                 if rec.kind is TurnKind.PLAY and rec.breakdown is not None]
        best: dict[int, TurnRecord] = {}
        for rec, _turn in plays:
            if rec.player not in best or rec.score > best[rec.player].score:
                best[rec.player] = rec
        self.best_moves = {names[p]: rec for p, rec in sorted(best.items())}
        self.words_label = QLabel(self.tr("Words of the game (★ each player's best move) — "
                                          "choose one and press Meaning:"), self)
        self.words_label.setWordWrap(True)
        layout.addWidget(self.words_label)
        self.words = QTreeWidget(self)
        self.words.setAccessibleName(self.tr("Words of the game"))
        self.words.setColumnCount(4)
        self.words.setHeaderLabels([self.tr("Word"), self.tr("Player"), self.tr("Turn"),
                                    self.tr("Points")])
        self.words.setRootIsDecorated(False)
        self.words.setAlternatingRowColors(True)
        self.words.setUniformRowHeights(True)
        self.words.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.words.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in range(1, 4):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        # best moves first, then every play in the order of the game
        order = [(best[p], True) for p in sorted(best)] + [(rec, False) for rec, _t in plays]
        turn_of = {id(rec): turn for rec, turn in plays}
        for rec, is_best in order:
            for w in rec.breakdown.words:
                word = ("★ " if is_best else "") + w.word
                item = QTreeWidgetItem([word, names[rec.player], turn_of[id(rec)], str(w.score)])
                item.setData(0, WORDS_ROLE, w.word)
                item.setTextAlignment(2, Qt.AlignmentFlag.AlignRight)
                item.setTextAlignment(3, Qt.AlignmentFlag.AlignRight)
                if is_best:
                    _bold(item, 0)
                self.words.addTopLevelItem(item)
        rows = self.words.topLevelItemCount()
        fm = self.words.fontMetrics()
        self.words.setMinimumHeight(fm.height() * 3 + 12)  # the header and two rows
        self.words.setMaximumHeight(int((fm.height() + 6) * (min(rows, 8) + 1.5)))
        self.words.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.words.customContextMenuRequested.connect(self._words_menu)
        # (a double-click; Enter stays the dialog's: its default button, New game…)
        self.words.itemDoubleClicked.connect(lambda item, _c: self._request(item))
        self.words.currentItemChanged.connect(self._word_chosen)
        self.context_menu: QMenu | None = None
        # (the Meaning button sits with the dialog's buttons, made in __init__)
        self.meaning_button = QPushButton(self.tr("Meaning"), self)
        self.meaning_button.setAutoDefault(False)
        self.meaning_button.setEnabled(False)
        self.meaning_button.clicked.connect(lambda: self._request(self.words.currentItem()))
        layout.addWidget(self.words, 1)
        if not rows:
            self.words_label.setText(self.tr("No word was played in this game."))
            self.words.hide()

    def word_list(self) -> list[str]:
        """The words listed (best moves first, then every play), as shown."""
        return [self.words.topLevelItem(i).data(0, WORDS_ROLE)
                for i in range(self.words.topLevelItemCount())]

    def _word_chosen(self, item, _previous=None) -> None:
        word = item.data(0, WORDS_ROLE) if item is not None else None
        self.meaning_button.setEnabled(bool(word))
        self.meaning_button.setToolTip(self.tr("Meaning of {word}").format(word=word) if word
                                       else "")

    def _request(self, item) -> None:
        word = item.data(0, WORDS_ROLE) if item is not None else None
        if word:
            self.meaning_requested.emit(word)

    def _words_menu(self, pos) -> None:
        item = self.words.itemAt(pos)
        word = item.data(0, WORDS_ROLE) if item is not None else None
        if not word:
            return
        menu = meaning_menu(self, [word], self.meaning_requested.emit)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.context_menu = menu
        menu.popup(self.words.viewport().mapToGlobal(pos))


def dictionary_notes() -> list[tuple[str, str]]:
    """(file name, text) of every README/LICENSE file in the bundled dictionaries folder and
    its language folders (``en/README.md``...): each folder's README (attribution) first."""
    out = []

    def notes_of(folder, prefix: str) -> None:
        for entry in sorted(folder.iterdir(), key=lambda e: (not e.name.upper().startswith("README"), e.name)):
            upper = entry.name.upper()
            if entry.is_file() and upper.startswith(("README", "LICENSE", "COPYING")):
                try:
                    out.append((prefix + entry.name, entry.read_text(encoding="utf-8", errors="replace")))
                except OSError:
                    continue

    try:
        folder = data_dir("dictionaries")
        notes_of(folder, "")
        for sub in sorted((e for e in folder.iterdir() if e.is_dir() and not e.name.startswith(("_", "."))),
                          key=lambda e: e.name):
            notes_of(sub, sub.name + "/")
    except (OSError, ModuleNotFoundError):
        pass
    return out


class AboutDialog(FittedDialog):
    def __init__(self, lexicon_label: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("About Wordbler"))
        self.resize(640, 520)
        layout = QVBoxLayout(self)
        tabs = QTabWidget(self)
        about = QTextBrowser(self)
        about.setOpenExternalLinks(True)
        about.setMarkdown(
            self.tr("# Wordbler {version}\n\nA suite of word games: the crossword-tile "
                    "board game for 2–4 players at one computer, Word Snake, Word Grid, Word "
                    "Search and word tools.\n\n**Credits**: game, engine and interface by the "
                    "Wordbler team. Mascots (bear, cat, dragon, fox, frog, hedgehog, octopus, owl, "
                    "penguin, rabbit) drawn for Wordbler. Built with Qt for Python (PySide6, "
                    "LGPL).\n\n**Dictionary in use**: {dictionary}.\n\nLicensed under the MIT "
                    "licence. The bundled word list has its own licence and attribution: see "
                    "the other tabs.").format(
                version=wordbler.__version__, dictionary=lexicon_label or self.tr("none"))
        )
        tabs.addTab(about, self.tr("About"))
        self.notes = dictionary_notes()
        for name, text in self.notes:
            view = QTextBrowser(self)
            if name.lower().endswith(".md"):
                view.setMarkdown(text)
            else:
                view.setPlainText(text)
            tabs.addTab(view, name)
        if not self.notes:
            missing = QLabel(self.tr("No dictionary licence files were found in this installation."))
            tabs.addTab(missing, self.tr("Dictionary"))
        self.tabs = tabs
        layout.addWidget(tabs, 1)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        box.rejected.connect(self.reject)
        layout.addWidget(box)


# the key table of the help: marked for translation, translated when the help is shown
KEYS = (
    (QT_TRANSLATE_NOOP("help", "Taking the seat"), (
        (QT_TRANSLATE_NOOP("help", "Enter or Space"),
         QT_TRANSLATE_NOOP("help", "the next player takes the seat (the button on the hand-off)")),
    )),
    (QT_TRANSLATE_NOOP("help", "Anywhere on the table"), (
        (QT_TRANSLATE_NOOP("help", "Tab / Shift+Tab"),
         QT_TRANSLATE_NOOP("help", "go round the rack, the board, the buttons and the hint list")),
        (QT_TRANSLATE_NOOP("help", "Esc"),
         QT_TRANSLATE_NOOP("help", "take every tile of this turn back (closes the hint list "
                                    "first when it has the focus)")),
        (QT_TRANSLATE_NOOP("help", "Backspace"),
         QT_TRANSLATE_NOOP("help", "take back the tile placed last")),
        (QT_TRANSLATE_NOOP("help", "Ctrl+Enter"),
         QT_TRANSLATE_NOOP("help", "Done: play the tiles placed")),
        (QT_TRANSLATE_NOOP("help", "Ctrl+R"),
         QT_TRANSLATE_NOOP("help", "shuffle the rack")),
        (QT_TRANSLATE_NOOP("help", "Ctrl+E"),
         QT_TRANSLATE_NOOP("help", "exchange the tiles marked (asks first)")),
        (QT_TRANSLATE_NOOP("help", "Ctrl+P"),
         QT_TRANSLATE_NOOP("help", "pass (asks first)")),
        (QT_TRANSLATE_NOOP("help", "?"),
         QT_TRANSLATE_NOOP("help", "hints: the best moves for your rack")),
        (QT_TRANSLATE_NOOP("help", "Ctrl+Z / Ctrl+Shift+Z or Ctrl+Y"),
         QT_TRANSLATE_NOOP("help", "undo / redo a tile movement of this turn")),
        (QT_TRANSLATE_NOOP("help", "Ctrl+H"),
         QT_TRANSLATE_NOOP("help", "the score history")),
        (QT_TRANSLATE_NOOP("help", "Ctrl+J"),
         QT_TRANSLATE_NOOP("help", "the word judge: is a word in this game's word list?")),
        (QT_TRANSLATE_NOOP("help", "F1"),
         QT_TRANSLATE_NOOP("help", "this help")),
    )),
    (QT_TRANSLATE_NOOP("help", "On the board"), (
        (QT_TRANSLATE_NOOP("help", "Arrow keys"),
         QT_TRANSLATE_NOOP("help", "move the cursor")),
        (QT_TRANSLATE_NOOP("help", "Space or /"),
         QT_TRANSLATE_NOOP("help", "type across or down")),
        (QT_TRANSLATE_NOOP("help", "A letter"),
         QT_TRANSLATE_NOOP("help", "put a rack tile with that letter at the cursor (a blank if "
                                    "you have none); the cursor moves on")),
        (QT_TRANSLATE_NOOP("help", "Enter"),
         QT_TRANSLATE_NOOP("help", "Done: play the tiles placed")),
    )),
    (QT_TRANSLATE_NOOP("help", "On the rack"), (
        (QT_TRANSLATE_NOOP("help", "Left / Right, Home / End"),
         QT_TRANSLATE_NOOP("help", "choose a tile (a dashed ring shows it)")),
        (QT_TRANSLATE_NOOP("help", "A letter"),
         QT_TRANSLATE_NOOP("help", "choose the tile with that letter")),
        (QT_TRANSLATE_NOOP("help", "Shift+Left / Shift+Right"),
         QT_TRANSLATE_NOOP("help", "move the chosen tile")),
        (QT_TRANSLATE_NOOP("help", "Space"),
         QT_TRANSLATE_NOOP("help", "mark it for exchange, or unmark it")),
        (QT_TRANSLATE_NOOP("help", "Enter"),
         QT_TRANSLATE_NOOP("help", "Done: play the tiles placed")),
    )),
    (QT_TRANSLATE_NOOP("help", "In the hint list"), (
        (QT_TRANSLATE_NOOP("help", "Up / Down"),
         QT_TRANSLATE_NOOP("help", "choose a move: its tiles go on the board, the preview shows "
                                    "the score")),
        (QT_TRANSLATE_NOOP("help", "Right / Left"),
         QT_TRANSLATE_NOOP("help", "show / hide the other places for the same word")),
        (QT_TRANSLATE_NOOP("help", "Enter"),
         QT_TRANSLATE_NOOP("help", "play the move chosen")),
        (QT_TRANSLATE_NOOP("help", "Esc"),
         QT_TRANSLATE_NOOP("help", "close the list (the tiles stay where they are)")),
    )),
    (QT_TRANSLATE_NOOP("help", "In a dialog"), (
        (QT_TRANSLATE_NOOP("help", "Enter / Esc"),
         QT_TRANSLATE_NOOP("help", "the default button / cancel; in the blank chooser, type the "
                                    "letter, or Tab to it and press Enter or Space")),
    )),
)


def help_markdown(rules) -> str:
    """The rules in short and every key, as Markdown (shown by :class:`HelpDialog`), in the
    UI's language (context "help")."""
    def t(text: str) -> str:
        return QCoreApplication.translate("help", text)

    if not rules.hints_allowed:
        hints = QCoreApplication.translate("help", "Hints are off in this game.")
    elif rules.hint_cost:
        hints = QCoreApplication.translate("help", "A hint costs {points}.").format(
            points=texts.plural(rules.hint_cost, "point"))
    else:
        hints = QCoreApplication.translate(
            "help", "Hints are free in this game (each one is written in the score history).")
    lines = [
        "## " + QCoreApplication.translate("help", "How to play"),
        "",
        QCoreApplication.translate("help", "Rules: **{title}**. {description}").format(
            title=rules.title, description=rules.description),
        "",
        QCoreApplication.translate(
            "help",
            "Make words on the board with the tiles of your rack ({rack} tiles), in one row or "
            "one column, touching the tiles already there; the first word covers the centre "
            "star. A word scores its letters' values, times the premium squares it covers "
            "first (2L/3L: letter, 2W/3W: word). Using all {rack} tiles at once earns {bonus} "
            "more points. Instead of playing you can exchange tiles (with at least {bag} in "
            "the bag) or pass; after {fails} scoreless turns in a row the game ends. {hints}",
        ).format(rack=rules.rack_size, bonus=rules.bingo_bonus, bag=rules.min_bag_for_exchange,
                 fails=rules.fail_limit, hints=hints),
        "",
        QCoreApplication.translate(
            "help",
            "Plays are written as the square of the word's first letter, then the word: "
            "**8H CAT** starts on row 8, column H and goes across; **H8 CAT** goes down."),
        "",
        QCoreApplication.translate(
            "help",
            "With the mouse: drag tiles from the rack to the board and back (or click a tile, "
            "then a square); Ctrl+click rack tiles to mark them for exchange; double-click a "
            "tile of this turn to take it back; right-click a blank placed this turn to change "
            "its letter; click a player's mascot for their score history."),
        "",
        "## " + QCoreApplication.translate("help", "Keys: a whole game without a mouse"),
        "",
    ]
    key, does = QCoreApplication.translate("help", "Key"), QCoreApplication.translate("help", "Does")
    for section, keys in KEYS:
        lines += [f"**{t(section)}**", "", f"| {key} | {does} |", "|---|---|"]
        lines += [f"| {t(k)} | {t(what)} |" for k, what in keys]
        lines.append("")
    from .feature_help import feature_help_markdown  # clocks, unseen tiles, analysis...

    lines.append(feature_help_markdown(rules))
    return "\n".join(lines)


class HelpDialog(FittedDialog):
    """Help > Keys and rules (F1): the rules in short, and every key."""

    def __init__(self, rules, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Keys and rules — Wordbler"))
        self.resize(680, 640)
        layout = QVBoxLayout(self)
        self.text = QTextBrowser(self)
        self.text.setMarkdown(help_markdown(rules))
        self.text.setAccessibleName(self.tr("Help"))
        layout.addWidget(self.text, 1)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        box.rejected.connect(self.reject)
        layout.addWidget(box)
        box.button(QDialogButtonBox.StandardButton.Close).setDefault(True)
