"""The main window: the table (board, rack, players, bag, controls), menus and dialogs.

Widgets emit intent; :meth:`MainWindow._connect_signals` wires every signal of the table to
the :class:`GameSession` in one place, and the ``_refresh_*`` methods repaint from the
session's queries when it says something changed.
"""

from __future__ import annotations

import os
import re

from PySide6.QtCore import (
    QByteArray,
    QPropertyAnimation,
    QRect,
    QSequentialAnimationGroup,
    Qt,
    QThreadPool,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QActionGroup, QFontMetrics, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QSizePolicy,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from wordbler.boardgame.gcg import GCGError
from wordbler.boardgame.model import Coord, TurnKind

from . import texts
from .animation import Animator, Speed
from .board import BoardWidget, SquareState
from .config import GameConfig
from .dialogs import (AboutDialog, GameOverDialog, HelpDialog, ScoreboardDialog, ScoreHistoryDialog,
                      WildcardDialog)
from .files import FileController
from .hints import HintController, HintPanel
from .judge import meaning_menu
from .panels import BagWidget, MascotView, PlayerPanel
from .rack import RackWidget
from .session import Flight, GameSession
from .theme import DEFAULT_THEME, Theme, fit_to_screen, keep_fitted
from .thinking import ThinkingIndicator
from .tiles import FlipTileView, TileFace


SIDE_MAX = 900  # px: the widest the side panel (players, buttons) gets
PREVIEW_LINES = 3  # the live preview's fixed height, in lines
MIN_SIZE = (800, 500)  # the smallest window (logical pixels) the table stays playable in


def played_words(records) -> list[str]:
    """The words the plays among ``records`` formed, in order, each once."""
    out: list[str] = []
    for rec in records:
        if rec is not None and rec.kind is TurnKind.PLAY and rec.breakdown is not None:
            out += [w.word for w in rec.breakdown.words if w.word not in out]
    return out


def unique_keys(keys) -> list[QKeySequence]:
    """``keys`` without repeats and without empty sequences, in order."""
    out: list[QKeySequence] = []
    for k in keys:
        k = QKeySequence(k)
        if not k.isEmpty() and all(k != o for o in out):
            out.append(k)
    return out


class HandoffPanel(QFrame):
    """Covers the rack between turns: "Pass to Bob", a recap of the last move (or the draw
    for first player), and a button the next player presses."""

    reveal_requested = Signal()
    meaning_requested = Signal(str)  # "Meaning of WORD" for a word of the recapped moves

    def __init__(self, theme: Theme = DEFAULT_THEME, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.theme = theme
        self.words: list[str] = []  # the words the recapped moves formed (never a rack)
        self.setObjectName("Handoff")
        theme.apply_surface(self, theme.current_player)
        self.setStyleSheet(f"QFrame#Handoff {{ background: {theme.current_player}; "
                           f"border: 2px solid {theme.last_move}; border-radius: 8px; }}"
                           f"QLabel {{ color: {theme.text}; }}")
        self.mascot = MascotView(None, self)
        self.title = QLabel(self)
        self.title.setWordWrap(True)  # "Pass to" and a long name on two lines
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.recap = QLabel(self)
        self.recap.setWordWrap(True)
        self.draw_row = QVBoxLayout()
        self.draw_row.setSpacing(4)
        self.button = QPushButton(self)
        self.button.setDefault(True)
        self.button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.recap.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.title.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.button.clicked.connect(self.reveal_requested)
        # "Meanings": the words of the recapped moves, each to look up (right-click too)
        self.meanings = QToolButton(self)
        self.meanings.setText(self.tr("Meanings…"))
        self.meanings.setToolTip(self.tr("Look up the meaning of a word the last moves formed"))
        self.meanings.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.meanings.setCursor(Qt.CursorShape.ArrowCursor)
        self.meanings.hide()
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._context_menu)
        self.context_menu: QMenu | None = None
        title_row = QHBoxLayout()
        title_row.setContentsMargins(0, 0, 0, 0)
        title_row.addWidget(self.title, 1)
        title_row.addWidget(self.meanings, 0, Qt.AlignmentFlag.AlignVCenter)
        grid = QGridLayout(self)
        grid.setContentsMargins(10, 6, 10, 6)
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(2)
        grid.addWidget(self.mascot, 0, 0, 2, 1, Qt.AlignmentFlag.AlignVCenter)
        grid.addLayout(title_row, 0, 1)
        grid.addWidget(self.recap, 1, 1)
        grid.addWidget(self.button, 0, 2, 2, 1, Qt.AlignmentFlag.AlignVCenter)
        grid.addLayout(self.draw_row, 2, 0, 1, 3)  # the first draw gets the whole width
        grid.setColumnStretch(1, 1)
        self._recap_full = ""
        self._name = ""  # the next player's: shortened with "…" where it cannot fit
        self._title_form = "{name}"  # the title and the button, with {name}
        self._button_form = "{name}"
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self._draw_widgets: list[QWidget] = []
        self._draw_anim: QSequentialAnimationGroup | None = None
        self._unit = 30.0

    def set_words(self, words) -> None:
        """The words the recapped moves formed: offered by "Meanings…" and the context menu."""
        self.words = list(dict.fromkeys(words))
        old = self.meanings.menu()
        if self.words:
            self.meanings.setMenu(meaning_menu(self, self.words, self.meaning_requested.emit))
        else:
            self.meanings.setMenu(None)
        if old is not None:
            old.deleteLater()
        self.meanings.setVisible(bool(self.words))

    def _context_menu(self, pos) -> None:
        if not self.words:
            return
        menu = meaning_menu(self, self.words, self.meaning_requested.emit)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.context_menu = menu
        menu.popup(self.mapToGlobal(pos))

    def set_content(self, name: str, mascot: str | None, recap: str,
                    draw: list[list[tuple[str, TileFace, bool]]] | None = None,
                    words=()) -> None:
        """``draw``: the rounds of the draw for first play, each a list of (name, tile face,
        won); a round after the first is a redraw among those who tied.  ``words``: the
        words the recapped moves formed (to look up)."""
        self.set_words(words)
        if self._draw_anim is not None:
            self._draw_anim.stop()
            self._draw_anim = None
        self.mascot.set_mascot(mascot)
        self._name = name
        self.set_title(self.tr("Pass to {name}"))
        self._recap_full = recap
        self.recap.setText(recap)
        self.recap.setToolTip("")
        self.recap.show()
        self._button_form = self.tr("I'm {name}: show my tiles")
        self.button.setText(self._button_form.format(name=name))
        self.button.setToolTip("")
        self.button.setAccessibleName(self.button.text())
        self.setAccessibleName(self.tr("Pass to {name}. {recap}").format(name=name, recap=recap))
        for w in self._draw_widgets:
            w.hide()
            w.deleteLater()
        self._draw_widgets = []
        while self.draw_row.count():
            item = self.draw_row.takeAt(0)
            if item.layout() is not None:
                item.layout().deleteLater()
        from dataclasses import replace

        for n, rnd in enumerate(draw or []):
            line = QHBoxLayout()
            line.setSpacing(6)
            if n:
                tie = QLabel(self.tr("Tie, drawn again:"), self)
                line.addWidget(tie, 0, Qt.AlignmentFlag.AlignVCenter)
                self._draw_widgets.append(tie)
            for label, face, winner in rnd:
                if winner:
                    face = replace(face, last_move=True)  # the winning tile is outlined
                tv = FlipTileView(face, self.theme, self)
                tv.setFixedSize(int(self._unit * 0.8), int(self._unit * 0.8))
                short = label if len(label) <= 14 else label[:13] + "…"
                lab = QLabel(self.tr("{short} starts")
                             .format(short=short) if winner else short, self)
                lab.setToolTip(label if short != label else "")
                lab.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Preferred)
                if winner:
                    f = lab.font()
                    f.setBold(True)
                    lab.setFont(f)
                line.addWidget(tv, 0, Qt.AlignmentFlag.AlignVCenter)
                line.addWidget(lab, 0, Qt.AlignmentFlag.AlignVCenter)
                self._draw_widgets += [tv, lab]
            line.addStretch(1)
            self.draw_row.addLayout(line)

    def set_title(self, form: str) -> None:
        """The title, ``form`` with the next player's name for ``{name}`` ("Pass to {name}",
        "Your turn, {name}"): wrapped, and the name shortened with "…" by :meth:`fit` where
        even a line of its own is too narrow for it."""
        self._title_form = form
        self.title.setText(form.format(name=self._name))
        self.title.setToolTip("")

    def _fit_texts(self, width: int) -> None:
        """The button and the title inside the panel's ``width``, in the present fonts.

        The button gets its whole text when it takes less than half the room beside the
        mascot, else the name in it is shortened with "…" (": show my tiles" stays whole,
        the whole text in its tooltip).  The title wraps in the rest; a part of the name
        that cannot be broken and is wider than a line is shortened with "…" (the whole
        title in its tooltip).  Long names (24 letters) were cut off at both ends."""
        name, lay = self._name, self.layout()
        if not name or lay is None:
            return
        m = lay.contentsMargins()
        room = (width - m.left() - m.right() - 2 * lay.horizontalSpacing()
                - self.mascot.minimumWidth() - 2 * self.frameWidth())
        # the button: its padding is what its size hint adds to its text
        fm = QFontMetrics(self.button.font())
        full = self._button_form.format(name=name)
        self.button.setText(full)
        pad = self.button.sizeHint().width() - fm.horizontalAdvance(full)
        most = max(80, int(room * 0.5))
        text = full
        if fm.horizontalAdvance(full) + pad > most:
            rest = fm.horizontalAdvance(self._button_form.format(name=""))
            short = fm.elidedText(name, Qt.TextElideMode.ElideRight, max(0, most - pad - rest))
            text = self._button_form.format(name=short or "…")
        self.button.setText(text)
        self.button.setToolTip(full if text != full else "")
        # the title: wrapped in what the button leaves (and "Meanings…" beside it)
        title_w = room - self.button.sizeHint().width()
        if not self.meanings.isHidden():
            title_w -= self.meanings.sizeHint().width() + 6
        tm = QFontMetrics(self.title.font())
        pieces = [p for p in re.split(r"\s+|(?<=-)", name) if p]
        full = text = self._title_form.format(name=name)
        if max(tm.horizontalAdvance(p) for p in pieces) > title_w:
            short = tm.elidedText(name, Qt.TextElideMode.ElideRight, max(0, title_w))
            text = self._title_form.format(name=short or "…")
        self.title.setText(text)
        self.title.setToolTip(full if text != full else "")

    def animate_draw(self, factor: float) -> None:
        """Turn the drawn tiles over one after another (``factor``: the animation speed)."""
        if self._draw_anim is not None:
            self._draw_anim.stop()
            self._draw_anim = None
        views = [w for w in self._draw_widgets if isinstance(w, FlipTileView)]
        if factor <= 0 or not views:
            for v in views:
                v.flip = 1.0
            return
        group = QSequentialAnimationGroup(self)
        for v in views:
            v.flip = 0.0
            anim = QPropertyAnimation(v, b"flip", group)
            anim.setStartValue(0.0)
            anim.setEndValue(1.0)
            anim.setDuration(int(360 * factor))
            group.addAnimation(anim)
            group.addPause(int(140 * factor))
        self._draw_anim = group
        group.start()

    def set_scale(self, unit: float) -> None:
        self._unit = unit
        self.mascot.setFixedSize(int(unit * 1.3), int(unit * 1.3))
        self.title.setFont(self.theme.font(max(14, unit * 0.55), bold=True))
        self.recap.setFont(self.theme.font(max(11, unit * 0.34)))
        self.button.setFont(self.theme.font(max(11, unit * 0.38), bold=True))
        self.meanings.setFont(self.theme.font(max(10, unit * 0.3)))
        self.button.setMinimumHeight(int(max(26, unit * 0.9)))
        for w in self._draw_widgets:
            if isinstance(w, FlipTileView):
                w.setFixedSize(int(unit * 0.8), int(unit * 0.8))
            else:
                w.setFont(self.theme.font(max(11, unit * 0.34), bold=w.font().bold()))

    def needed_height(self, width: int) -> int:
        """The height the panel needs at ``width``: its layout's, plus its frame (the border
        the style sheet draws; without it a recap's last line was cut)."""
        lay = self.layout()
        lay.activate()
        if lay.hasHeightForWidth():
            return self.heightForWidth(width)
        return self.sizeHint().height()

    def fit(self, width: int, height: int, unit: float, most: int | None = None) -> int:
        """Make the content fit ``width`` x ``height`` (the rack's area): smaller type and
        tiles first; then, if it needs no more than ``most`` (the caller makes the area
        taller for it), all of it; only past that the last sentence of the first draw's
        explanation, or the latest lines of a recap (all of it in the tooltip).  Returns the
        height it needs."""
        most = max(height, most or height)
        self.recap.setText(self._recap_full)
        self.recap.setToolTip("")
        u = unit
        self.set_scale(u)
        self._fit_texts(width)
        while self.needed_height(width) > height and u > unit * 0.7:
            u *= 0.92
            self.set_scale(u)
            self._fit_texts(width)
        if self.needed_height(width) <= most:
            return self.needed_height(width)
        if any(isinstance(w, FlipTileView) for w in self._draw_widgets):
            self.recap.setText(self._recap_full.rsplit(". ", 1)[-1])  # "Bob goes first."
            self.recap.setToolTip(self._recap_full)
            return self.needed_height(width)
        lines = self._recap_full.split("\n")
        while len(lines) > 1 and self.needed_height(width) > most:
            lines = lines[1:]
            self.recap.setText("… " + "\n".join(lines))
            self.recap.setToolTip(self._recap_full)
        return self.needed_height(width)

    def mouseReleaseEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.reveal_requested.emit()
        event.accept()

    def keyPressEvent(self, event) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.reveal_requested.emit()
            return
        super().keyPressEvent(event)


class Table(QWidget):
    """The central widget: board and rack on the left, players and controls on the right."""

    def __init__(self, session: GameSession, theme: Theme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.theme = theme
        theme.apply_surface(self)
        game = session.game
        self.board = BoardWidget(game.rules.layout, theme, self)
        self.rack = RackWidget(game.rules.rack_size, theme, self)
        self.handoff = HandoffPanel(theme, self)
        self.game_over_label = QLabel(self)
        self.game_over_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.game_over_label.setWordWrap(True)
        self.bottom = QStackedWidget(self)
        self.bottom.addWidget(self.rack)
        self.covered = QWidget(self)  # under the hand-off panel: no rack to see
        self.bottom.addWidget(self.covered)
        self.bottom.addWidget(self.game_over_label)
        self.handoff.hide()
        self.bottom.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

        left = QVBoxLayout()
        left.setContentsMargins(0, 0, 0, 0)
        left.setSpacing(6)
        left.addWidget(self.board, 1)
        left.addWidget(self.bottom)

        side = QVBoxLayout()
        side.setSpacing(6)
        self.player_panels = [PlayerPanel(i, theme, self) for i in range(len(game.players))]
        for panel in self.player_panels:
            side.addWidget(panel)
        bag_row = QHBoxLayout()
        self.bag = BagWidget(theme, self)
        self.bag_label = QLabel(self)
        self.fails_label = QLabel(self)
        for label in (self.bag_label, self.fails_label):  # a narrow side panel wraps them
            label.setWordWrap(True)
        bag_text = QVBoxLayout()
        bag_text.addWidget(self.bag_label)
        bag_text.addWidget(self.fails_label)
        bag_row.addWidget(self.bag)
        bag_row.addLayout(bag_text, 1)
        side.addLayout(bag_row)
        self.thinking = ThinkingIndicator(theme, self)  # a computer's turn, or a build's progress
        # with a computer it comes and goes every turn: its place stays (while there is room),
        # so the buttons below never move
        self._keep_thinking_place = any(p.computer for p in game.players)
        self._preview_lines = PREVIEW_LINES
        side.addWidget(self.thinking)
        self.preview_label = QLabel(self)
        self.preview_label.setWordWrap(True)
        self.preview_label.setAccessibleName(self.tr("Preview"))
        self.preview_label.setTextFormat(Qt.TextFormat.PlainText)
        self.preview_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # a fixed height (PREVIEW_LINES lines): the buttons below never move with its text
        self.preview_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._preview_full = ""
        self._preview_px = 11
        side.addWidget(self.preview_label)
        buttons = QGridLayout()
        buttons.setSpacing(4)
        self.done_button = QPushButton(self.tr("Done"), self)
        self.done_button.setToolTip(self.tr("Submit the tiles you placed (Enter)"))
        self.recall_button = QPushButton(self.tr("Recall"), self)
        self.recall_button.setToolTip(self.tr("Take every tile of this turn back (Esc)"))
        self.shuffle_button = QPushButton(self.tr("Shuffle"), self)
        self.shuffle_button.setToolTip(self.tr("Shuffle your rack"))
        self.exchange_button = QPushButton(self.tr("Exchange"), self)
        self.pass_button = QPushButton(self.tr("Pass"), self)
        self.pass_button.setToolTip(self.tr("Give up this turn"))
        buttons.addWidget(self.done_button, 0, 0, 1, 2)
        buttons.addWidget(self.recall_button, 1, 0)
        buttons.addWidget(self.shuffle_button, 1, 1)
        buttons.addWidget(self.exchange_button, 2, 0)
        buttons.addWidget(self.pass_button, 2, 1)
        self.hint_button = QPushButton(self.tr("Hint"), self)
        self.hint_button.setToolTip(self.tr("Show the best moves for your rack (?)"))
        buttons.addWidget(self.hint_button, 3, 0, 1, 2)
        self.all_buttons = [self.done_button, self.recall_button, self.shuffle_button,
                            self.exchange_button, self.pass_button, self.hint_button]
        for b in self.all_buttons:
            b.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            b.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        side.addLayout(buttons)
        # one human against computers: no hand-off, the moves since the human's last turn
        # stay in view here (below the buttons: its length never moves them)
        self.recap_label = QLabel(self)
        self.recap_label.setWordWrap(True)
        self.recap_label.setTextFormat(Qt.TextFormat.PlainText)
        self.recap_label.setAccessibleName(self.tr("Last moves"))
        self.recap_label.setObjectName("Recap")
        self.recap_label.hide()
        side.addWidget(self.recap_label)
        self.message_label = QLabel(self)
        self.message_label.setWordWrap(True)
        self.message_label.setAccessibleName(self.tr("Message"))
        self.message_label.setTextFormat(Qt.TextFormat.PlainText)
        self.message_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # the hints float over the players' panels and the bag (placed by place_hint_panel)
        self.hint_panel = HintPanel(theme, self)
        self.hint_panel.placer = self.place_hint_panel
        side.addWidget(self.message_label, 1)
        self.side = QWidget(self)
        self.side.setLayout(side)
        self.side.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)

        row = QHBoxLayout(self)
        row.setContentsMargins(8, 8, 8, 8)
        row.setSpacing(10)
        row.addLayout(left, 3)
        row.addWidget(self.side, 1)
        self.animator = Animator(self, theme)
        self._handoff_room = 0  # extra height the rack's area lends a first draw that needs it
        # Tab goes rack -> board -> the buttons -> the hint list (when shown) -> rack
        hp = self.hint_panel
        chain = [self.rack, self.board, *self.all_buttons, hp.tree, hp.play_button, hp.close_button]
        for a, b in zip(chain, chain[1:]):
            QWidget.setTabOrder(a, b)

    def apply_scale(self) -> None:
        """Follow the board's square size: rack, panels, fonts (resolution independence)."""
        q = max(14.0, self.board.square_size())
        self.bottom.setFixedHeight(int(max(48, min(q * 1.75, 220), self._handoff_room)))
        self.hint_panel.set_scale(q)
        self.game_over_label.setFont(self.theme.font(max(12, q * 0.55), bold=True))
        side_w = int(max(210, min(q * 9.5, SIDE_MAX)))
        self.side.setFixedWidth(side_w)
        self.fit_side()
        if self.handoff.isHidden():
            self.handoff.set_scale(q)
        else:  # its type and texts fitted to its area (set_scale alone undid the fitting)
            self.place_handoff()

    def fit_side(self) -> None:
        """The side panel's contents follow the board's size; in a short window (800 x 500,
        or a big scale factor) they get smaller, and the players' second lines go, until
        they fit its height.  Run again when a message or recap changes its length."""
        self._side_pending = False
        # the side panel stops growing at SIDE_MAX px: its contents stop with it (at 4K its
        # text outgrew it: "72 tiles in the ba")
        qs = min(max(14.0, self.board.square_size()), SIDE_MAX / 9.5)
        self._scale_side(qs)
        room = self.height() - 16
        lay = self.side.layout()

        def needed() -> int:
            # sizes after the new fonts, not the ones the layouts cached before
            for w in (*self.player_panels, self.thinking):
                w.layout().activate()
                w.updateGeometry()
            lay.invalidate()
            # wrapped labels (a long message, the recap) count at their height for this
            # width: a layout's minimum counts them as one line, and squeezed the buttons
            width = self.side.width()
            if lay.hasHeightForWidth():
                return max(lay.minimumSize().height(), self.side.heightForWidth(width))
            return lay.minimumSize().height()

        factor = 1.0
        while room > 0 and needed() > room and factor > 0.5:
            factor *= 0.9
            self._scale_side(qs * factor, compact=factor < 0.8)

    def schedule_fit_side(self) -> None:
        """:meth:`fit_side` once the present changes are done (a zero timer)."""
        if not getattr(self, "_side_pending", False):
            self._side_pending = True
            QTimer.singleShot(0, self, self.fit_side)

    def _scale_side(self, qs: float, compact: bool = False) -> None:
        for panel in self.player_panels:
            panel.set_scale(qs)
            panel.detail.setVisible(not compact)
        # short of room: the thinking indicator's place is not kept while it is hidden, and
        # the preview keeps two lines (a longer one gets a smaller type)
        policy = self.thinking.sizePolicy()
        policy.setRetainSizeWhenHidden(self._keep_thinking_place and not compact)
        self.thinking.setSizePolicy(policy)
        self._preview_lines = 2 if compact else PREVIEW_LINES
        self.bag.setFixedSize(int(max(30, qs * 1.9)), int(max(30, qs * 1.9)))
        small = self.theme.font(max(11, qs * 0.4))
        for w in (self.bag_label, self.fails_label, self.message_label, self.recap_label):
            w.setFont(small)
        self._preview_px = int(max(11, qs * 0.44))
        self.preview_label.setFixedHeight(
            QFontMetrics(self.theme.font(self._preview_px, bold=True)).lineSpacing()
            * self._preview_lines + 2)
        self.fit_preview()
        for b in self.all_buttons:
            b.setFont(self.theme.font(max(11, qs * 0.45), bold=b is self.done_button))
            b.setMinimumHeight(int(max(22, qs * 0.95)))
        self.thinking.set_scale(qs)

    def set_preview(self, text: str) -> None:
        self._preview_full = text
        self.fit_preview()

    def fit_preview(self) -> None:
        """The preview in its fixed height: a smaller type for a long one, and if even that
        does not fit, the end cut with "…" (the whole text in the tooltip)."""
        label, text = self.preview_label, self._preview_full
        width = max(20, (label.width() if label.width() > 20 else self.side.width()) - 2)
        room = label.height()

        def needed(font, shown: str) -> int:
            r = QFontMetrics(font).boundingRect(QRect(0, 0, width, 100000),
                                                int(Qt.TextFlag.TextWordWrap), shown)
            return r.height()

        font = self.theme.font(self._preview_px, bold=True)
        while text and needed(font, text) > room and font.pixelSize() > max(9, self._preview_px - 3):
            font = self.theme.font(font.pixelSize() - 1, bold=True)
        label.setFont(font)
        shown = text
        if text and needed(font, text) > room:
            words = text.split(" ")
            while len(words) > 1 and needed(font, " ".join(words) + " …") > room:
                words.pop()
            shown = " ".join(words) + " …"
        label.setText(shown)
        label.setToolTip(text if shown != text else "")

    def place_handoff(self) -> None:
        """The hand-off panel floats over the rack's area, exactly: never over the board.
        A first draw that cannot fit there (ties, long names, a small window) makes the area
        taller until the first player takes the seat: the board shrinks for that moment.
        A hidden panel is left alone: fitted, the last hand-off's content (a first draw)
        made the rack's area taller after a resize, the tiles floating above the rack."""
        if self.handoff.isHidden():
            return
        self.layout().activate()  # geometry after any pending size change, not before
        area = self.bottom.geometry()
        most = max(area.height(), int(self.height() * 0.45))  # the board keeps the rest
        need = self.handoff.fit(area.width(), area.height(), max(14.0, self.board.square_size()),
                                most)
        if need > area.height():
            self._handoff_room = need
            self.bottom.setFixedHeight(need)
            self.layout().activate()
            area = self.bottom.geometry()
            self.handoff.fit(area.width(), area.height(), max(14.0, self.board.square_size()),
                             most)
        self.handoff.setGeometry(area)
        self.handoff.raise_()
        self.animator.sync_geometry()

    def show_handoff(self, on: bool) -> None:
        if not on:
            self.handoff.hide()  # first: apply_scale() fits a hand-off still on show
        if not on and self._handoff_room:
            self._handoff_room = 0
            for _ in range(2):  # the rack's area gets its usual height back, the board its size
                self.apply_scale()
                self.layout().activate()
        self.handoff.setVisible(on)
        if on:
            self.place_handoff()
            self.handoff.button.setFocus()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.apply_scale()
        QTimer.singleShot(0, self, self._after_resize)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.apply_scale()

    def _after_resize(self) -> None:
        self.apply_scale()
        self.place_handoff()
        self.place_hint_panel()
        self.animator.sync_geometry()

    def place_hint_panel(self) -> None:
        """The hint list covers the side panel above the live preview (the players and the
        bag) or below the buttons, whichever is taller, so the preview and the buttons (Done,
        Recall) stay in view while a hint is chosen."""
        self.layout().activate()
        self.side.layout().activate()
        side = self.side.geometry()
        above = self.preview_label.mapTo(self, self.preview_label.rect().topLeft()).y() - 4
        below = self.hint_button.mapTo(self, self.hint_button.rect().bottomLeft()).y() + 6
        if above - side.top() >= side.bottom() - below:
            self.hint_panel.setGeometry(side.left(), side.top(), side.width(),
                                        max(120, above - side.top()))
        else:
            self.hint_panel.setGeometry(side.left(), below, side.width(), side.bottom() - below)
        self.hint_panel.raise_()

    def map_rect(self, widget: QWidget, rect: QRect) -> QRect:
        return QRect(widget.mapTo(self, rect.topLeft()), rect.size())


class MainWindow(QMainWindow):
    new_game_requested = Signal()
    # a game is on the table (new, opened or resumed): self.session is its session
    game_started = Signal()

    def __init__(self, config: GameConfig, speed: Speed = Speed.NORMAL,
                 theme: Theme = DEFAULT_THEME, parent: QWidget | None = None,
                 settings=None, game=None) -> None:
        """``game``: a game to put on the table (opened or resumed) instead of a new one."""
        super().__init__(parent)
        self.theme = theme
        self.speed = speed
        self.settings = settings  # a QSettings to remember view choices in, or None (tests)
        self.show_labels = True
        if settings is not None:
            self.show_labels = str(settings.value("view/premium_labels", "true")).lower() != "false"
        self.config = config
        self.setWindowTitle(self.tr("Wordbler"))
        self.setMinimumSize(*MIN_SIZE)
        self.wildcard_dialog: WildcardDialog | None = None
        self.pass_box: QMessageBox | None = None
        self.exchange_box: QMessageBox | None = None
        self.help_dialog: HelpDialog | None = None
        self._message_while = None  # the message on show stays while this says True
        self._screen_hooked = None  # the screen whose free area the window follows
        self.game_over_dialog: GameOverDialog | None = None
        self.history_dialog: ScoreHistoryDialog | None = None
        self.judge_dialog = None  # Game > Word judge… (judge.WordJudgeDialog), one at a time
        self._judge_private = False  # it shows a hint's word (cleared when the turn ends)
        self.recap_menu = None  # the side recap's context menu ("Meaning of WORD")
        self.scoreboard_dialog: ScoreboardDialog | None = None
        self.about_dialog: AboutDialog | None = None
        self.computer = None
        self.generator_factory = None  # tests may plug in another move generator
        self.move_index = None  # the move generator of the game's dictionary (kept across games)
        self.hints: HintController | None = None
        self.setup_dialog = None
        self.new_game_box: QMessageBox | None = None
        self.files = FileController(self, settings)
        self.autosaver = None  # the app attaches one (wordbler.ui.boardgame.startup); tests may not
        self._build_menus()
        self.new_game_requested.connect(self.open_new_game_dialog)
        app = QApplication.instance()
        if app is not None:  # quitting without closing the window also stops the workers
            app.aboutToQuit.connect(self._on_quit)
        self.game_started.connect(self.files.game_started)
        self.start_game(config, game)
        from .features import install as install_features  # unseen tiles, clock, challenge

        install_features(self)
        from .look import install as install_look  # theme, premium scheme, sound effects

        install_look(self)

    def open_new_game_dialog(self) -> None:
        """New game: the setup dialog, after a confirmation if a game is under way."""
        s = getattr(self, "session", None)
        if s is not None and s.game.history and not s.is_over:
            kept = (self.tr(" The game in progress stays available: File > Resume.")
                    if self.autosaver is not None
                    else self.tr(" The game in progress will be lost."))
            box = QMessageBox(QMessageBox.Icon.Question, self.tr("New game"), self.tr("Start a new game?{kept}")
                                                                              .format(kept=kept),
                              QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
            box.setDefaultButton(QMessageBox.StandardButton.No)
            box.button(QMessageBox.StandardButton.Yes).setText(self.tr("New game"))
            box.button(QMessageBox.StandardButton.No).setText(self.tr("Keep playing"))
            yes = box.button(QMessageBox.StandardButton.Yes)
            box.buttonClicked.connect(lambda b: self._open_setup() if b is yes else None)
            box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
            self.new_game_box = box
            box.destroyed.connect(lambda *_: setattr(self, "new_game_box", None))
            box.open()
            return
        self._open_setup()

    def _open_setup(self) -> None:
        from .setup import SetupDialog

        dlg = SetupDialog(self, previous=self.config, settings=self.settings)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dlg.accepted.connect(lambda: self.start_game(dlg.config()))
        self.setup_dialog = dlg
        dlg.destroyed.connect(lambda *_: setattr(self, "setup_dialog", None))
        dlg.open()

    # ================================================================= game lifecycle
    def start_game(self, config: GameConfig, game=None) -> None:
        """Put ``game`` on the table, or a new game made from ``config``."""
        old = self.centralWidget()
        if old is not None:
            old.animator.finish_all()
        if self.computer is not None:
            self.computer.cancel()
            self.computer.deleteLater()
        if self.hints is not None:
            self.hints.reset()
            self.hints.deleteLater()
        self.config = config
        game = config.new_game() if game is None else game
        self.session = GameSession(game, self)
        self.table = Table(self.session, self.theme, self)
        self.table.animator.speed = self.speed
        self.setCentralWidget(self.table)  # deletes the old table
        if self.isVisible():
            self.table.show()  # a child added to a shown window is not shown by itself
        if old is not None:
            old.session.deleteLater()
        if self.game_over_dialog is not None:  # the old game's: freed, not kept hidden
            self.game_over_dialog.deleteLater()
            self.game_over_dialog = None
        self.board = self.table.board
        self.rack = self.table.rack
        self.animator = self.table.animator
        self.computer = None
        if any(p.computer for p in game.players):
            from .computer import ComputerRunner

            self.computer = ComputerRunner(self.session, self, self.generator_factory,
                                           index=self._move_index())
            if self.computer.index is not None:
                self.computer.index.prepare()  # built (first run) or loaded before it is needed
        self.hints = HintController(self.session, self.table.hint_panel, self._move_index, self)
        self._connect_signals()
        self._install_undo_actions()
        self.board.show_labels = self.show_labels
        self._board_key = None
        self._handoff_key = None
        self._pending_shown: set[Coord] = set()
        self._refresh_all()
        lang_note = ""
        if game.rules.language != "en":
            lang_note = (self.tr("Language: {language} (Ё is played as Е). ")
                         if game.rules.language == "ru" else
                         self.tr("Language: {language}. ")).format(language=game.rules.tiles.name)
        self.show_message(lang_note + self.tr("Dictionary: {dictionary}. Rules: {rules}.").format(
            dictionary=config.lexicon_label or self.tr("none (every word is accepted)"),
            rules=game.rules.title), "info")
        self.game_started.emit()
        self._recall_file()  # a resumed game gets back the name of the file it was saved to
        self._refresh_title()  # after game_started: never the previous game's file name

    def _connect_signals(self) -> None:
        s, t = self.session, self.table
        s.board_changed.connect(self._refresh_board)
        s.rack_changed.connect(self._refresh_rack)
        s.state_changed.connect(self._refresh_state)
        s.preview_changed.connect(self._on_preview)
        s.message.connect(self.show_message)
        s.blank_letter_needed.connect(self._ask_blank_letter)
        s.flights.connect(self._on_flights)
        s.drawn.connect(self._on_drawn)
        s.returned_to_bag.connect(self._on_returned_to_bag)
        s.turn_ended.connect(self._on_turn_ended)
        s.turn_ended.connect(self._forget_private_meaning)
        s.game_over.connect(self._on_game_over)
        s.undo_stack.indexChanged.connect(self._refresh_state)

        t.board.square_clicked.connect(self._on_square_clicked)
        t.board.square_double_clicked.connect(self._on_square_double_clicked)
        t.board.tile_dropped.connect(lambda tile_id, origin, coord: s.move_tile(tile_id, coord))
        t.board.letter_typed.connect(self._on_letter_typed)
        t.board.backspace_pressed.connect(self._on_backspace)
        t.board.escape_pressed.connect(self._on_escape)  # (the window's Esc action comes first)
        t.board.enter_pressed.connect(self._on_commit)
        t.rack.tile_clicked.connect(s.select_tile)
        t.rack.tile_ctrl_clicked.connect(s.toggle_mark)
        t.rack.background_clicked.connect(lambda: s.rack_clicked())
        t.rack.enter_pressed.connect(self._on_commit)
        t.rack.tile_dropped.connect(lambda tile_id, origin, index: s.drop_on_rack(tile_id, index))
        t.handoff.reveal_requested.connect(self._on_reveal)
        t.handoff.meaning_requested.connect(self.show_judge)
        t.recap_label.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        t.recap_label.customContextMenuRequested.connect(self._recap_menu)
        t.hint_panel.meaning_requested.connect(lambda w: self.show_judge(w, private=True))
        for panel in t.player_panels:
            panel.mascot_clicked.connect(self.show_history)
        t.done_button.clicked.connect(self._on_commit)
        t.recall_button.clicked.connect(s.recall_all)
        t.shuffle_button.clicked.connect(s.shuffle)
        t.exchange_button.clicked.connect(self._on_exchange)
        t.pass_button.clicked.connect(self.confirm_pass)
        t.animator.idle.connect(self._on_animations_idle)
        t.animator.landed.connect(lambda _ids: self._refresh_after_flight())
        if self.computer is not None:
            c = self.computer
            c.preparing.connect(self._on_index_progress)
            c.failed.connect(lambda text: self.show_message(text, "error"))
            c.thinking.connect(lambda i: t.thinking.show_thinking(s.game.players[i].name,
                                                                  s.game.players[i].mascot))
            c.idle.connect(t.thinking.stop)
            c.searching.connect(t.thinking.show_search)
            c.thinking.connect(lambda _i: t.schedule_fit_side())  # it may need room
            c.idle.connect(t.schedule_fit_side)
        t.hint_button.clicked.connect(self.hints.request)
        t.board.square_context_requested.connect(self._on_square_context)
        s.hint_taken.connect(lambda _rec: self._refresh_state())

    # ================================================================= menus
    def _build_menus(self) -> None:
        bar = self.menuBar()
        self.new_action = QAction(self.tr("&New game…"), self)
        self.new_action.setShortcut(QKeySequence.StandardKey.New)
        self.new_action.triggered.connect(self.new_game_requested)
        # File: New game, Open…, Open recent, Save, Save as…, Replay this game, Quit
        self.files.build_menu(bar, self.new_action)
        self.open_action = self.files.open_action
        game = bar.addMenu(self.tr("&Game"))
        game.setObjectName("game-menu")  # found by the launcher whatever the language
        # (B: S is the suite's Start page, below in this menu)
        self.scoreboard_action = QAction(self.tr("Score&board"), self)
        self.scoreboard_action.triggered.connect(self.show_scoreboard)
        game.addAction(self.scoreboard_action)
        self.history_action = QAction(self.tr("Score &history"), self)
        self.history_action.setShortcut(QKeySequence("Ctrl+H"))
        self.history_action.triggered.connect(lambda: self.show_history(None))
        game.addAction(self.history_action)
        self.judge_action = QAction(self.tr("&Word judge…"), self)
        self.judge_action.setShortcut(QKeySequence("Ctrl+J"))
        self.judge_action.triggered.connect(lambda: self.show_judge())
        game.addAction(self.judge_action)

        # the turn, from the keyboard wherever the focus is (documented in Help > Keys)
        turn = bar.addMenu(self.tr("&Turn"))
        self.turn_menu = turn

        def turn_action(text: str, keys: list[str], slot) -> QAction:
            a = QAction(text, self)
            a.setShortcuts([QKeySequence(k) for k in keys])
            a.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            a.triggered.connect(slot)
            turn.addAction(a)
            return a

        self.done_action = turn_action(self.tr("&Done: play the tiles placed"), ["Ctrl+Return", "Ctrl+Enter"],
                                       lambda: self._on_commit())
        self.recall_action = turn_action(self.tr("&Recall the tiles"), ["Esc"], self._on_escape)
        self.take_back_action = turn_action(self.tr("&Take back the last tile"), ["Backspace"],
                                            lambda: self._on_backspace())
        self.shuffle_action = turn_action(self.tr("&Shuffle the rack"), ["Ctrl+R"],
                                          lambda: self.session.shuffle())
        self.exchange_action = turn_action(self.tr("&Exchange the marked tiles…"), ["Ctrl+E"],
                                           lambda: self._on_exchange())
        self.pass_action = turn_action(self.tr("&Pass…"), ["Ctrl+P"], lambda: self.confirm_pass())
        turn.addSeparator()
        self.hint_action = QAction(self.tr("Show &hints"), self)
        # "?" is typed with Shift on most layouts: accept it either way
        self.hint_action.setShortcuts([QKeySequence("?"), QKeySequence("Shift+?")])
        self.hint_action.triggered.connect(lambda: self.hints.request() if self.hints else None)
        turn.addAction(self.hint_action)

        self.edit_menu = bar.addMenu(self.tr("&Edit"))
        self.undo_action: QAction | None = None
        self.redo_action: QAction | None = None

        view = bar.addMenu(self.tr("&View"))
        self.labels_action = QAction(self.tr("Show premium &labels"), self)
        self.labels_action.setCheckable(True)
        self.labels_action.setChecked(self.show_labels)
        self.labels_action.toggled.connect(self.set_show_labels)
        view.addAction(self.labels_action)
        speed_menu = view.addMenu(self.tr("&Animation speed"))
        self.speed_group = QActionGroup(self)
        self.speed_actions: dict[Speed, QAction] = {}
        speed_texts = {Speed.OFF: self.tr("&Off"), Speed.FAST: self.tr("&Fast"),
                       Speed.NORMAL: self.tr("&Normal"), Speed.SLOW: self.tr("&Slow")}
        for sp in Speed:
            a = QAction(speed_texts.get(sp, sp.title), self)
            a.setCheckable(True)
            a.setChecked(sp is self.speed)
            a.triggered.connect(lambda _=False, v=sp: self.set_speed(v))
            self.speed_group.addAction(a)
            speed_menu.addAction(a)
            self.speed_actions[sp] = a

        help_menu = bar.addMenu(self.tr("&Help"))
        self.help_action = QAction(self.tr("&Keys and rules"), self)
        self.help_action.setShortcut(QKeySequence(Qt.Key.Key_F1))
        self.help_action.triggered.connect(self.show_help)
        help_menu.addAction(self.help_action)
        about = QAction(self.tr("&About Wordbler"), self)
        about.triggered.connect(self.show_about)
        help_menu.addAction(about)

    def _install_undo_actions(self) -> None:
        """Undo and Redo of this game's stack.  Each key sequence belongs to one action only:
        the old game's actions go, and Redo gets Ctrl+Shift+Z and Ctrl+Y (and the platform's
        own) once each (listing a key twice made Qt call it "Ambiguous shortcut overload")."""
        for old in (self.undo_action, self.redo_action):
            if old is not None:
                self.edit_menu.removeAction(old)
                old.setShortcuts([])
                old.deleteLater()
        self.edit_menu.clear()
        stack = self.session.undo_stack
        self.undo_action = stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcuts(unique_keys(QKeySequence.keyBindings(QKeySequence.StandardKey.Undo)))
        self.redo_action = stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcuts(unique_keys(
            [QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")]
            + QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)))
        # the typing cursor follows undo and redo, as it follows Backspace and typing
        self.undo_action.triggered.disconnect()
        self.undo_action.triggered.connect(lambda: self._undo_step(stack.undo))
        self.redo_action.triggered.disconnect()
        self.redo_action.triggered.connect(lambda: self._undo_step(stack.redo))
        self.edit_menu.addAction(self.undo_action)
        self.edit_menu.addAction(self.redo_action)

    def _undo_step(self, step) -> None:
        """Undo or redo one step; when it takes back the one tile typed last, the typing
        cursor goes back to its square (as Backspace does), and when it puts it back, past it
        (as typing does): retyping then fills the square, not the one after it."""
        before = {p.coord for p in self.session.pending()}
        step()
        if self.board.cursor is None:
            return
        after = {p.coord for p in self.session.pending()}
        gone, came = before - after, after - before
        if len(gone) == 1 and not came:
            self.board.set_cursor(next(iter(gone)))
        elif len(came) == 1 and not gone and next(iter(came)) == self.board.cursor:
            self.board.advance_cursor()

    def set_show_labels(self, on: bool) -> None:
        self.show_labels = on
        if self.settings is not None:
            self.settings.setValue("view/premium_labels", "true" if on else "false")
        self.board.show_labels = on
        self._refresh_board()

    def set_speed(self, speed: Speed) -> None:
        self.speed = speed
        if self.settings is not None:
            self.settings.setValue("view/animation_speed", speed.name.lower())
        self.animator.speed = speed
        self.speed_actions[speed].setChecked(True)

    # ================================================================= refresh
    def _refresh_all(self) -> None:
        self._refresh_board()
        self._refresh_rack()
        self._refresh_state()
        self._on_preview(*self.session.preview_text())
        QTimer.singleShot(0, self.table, self.table.apply_scale)

    def _refresh_after_flight(self) -> None:
        self._refresh_board()
        self._refresh_rack()

    def _face(self, tile, letter: str, **kw) -> TileFace:
        s = self.session
        return TileFace(letter, 0 if tile.is_blank else s.value(tile), tile.is_blank, **kw)

    def _square_state(self, coord: Coord, flying, selected) -> SquareState:
        s = self.session
        p = s.committed(coord)
        if p is not None:
            face = self._face(p.tile, p.letter, last_move=coord in s.last_move)
            return SquareState(face, p.tile.id, False, None, self.show_labels)
        # the tiles of a turn not yet taken (a resumed game) stay hidden during the hand-off
        p = None if s.handoff else s.pending_at(coord)
        if p is not None and p.tile.id not in flying:
            face = self._face(p.tile, p.letter, pending=True, selected=p.tile.id == selected)
            return SquareState(face, p.tile.id, True, None, self.show_labels)
        return SquareState(None, None, False, None, self.show_labels)

    def _refresh_board(self, full: bool = False) -> None:
        """Repaint the squares that can have changed: during a turn only the squares of this
        turn's tiles (before and after the change); everything when a turn ends."""
        s = self.session
        flying = self.animator.in_flight()
        selected = s.selected
        pending = set() if s.handoff else {p.coord for p in s.pending()}
        if full or self._board_key != (len(s.game.history), s.last_move, self.show_labels):
            coords = self.board.squares.keys()
            self._board_key = (len(s.game.history), s.last_move, self.show_labels)
        else:
            coords = pending | self._pending_shown
        self._pending_shown = pending
        self.board.set_square_states({c: self._square_state(c, flying, selected) for c in coords})

    def _refresh_rack(self) -> None:
        s = self.session
        hidden = s.handoff or s.is_over
        marked, selected = s.marked, s.selected
        faces = []
        secret = self._rack_secret()  # a computer's tiles stay hidden
        for t in s.rack_tiles():
            faces.append((t.id, self._face(t, "" if t.is_blank else t.letter, marked=t.id in marked,
                                           selected=t.id == selected,
                                           face_down=secret)))
        self.rack.hidden_ids = set(self.animator.in_flight())
        self.rack.set_tiles(faces)
        self.rack.accepting = not hidden and s.can_act()
        self.board.accepting = s.can_act()

    def _refresh_state(self, *_args) -> None:
        s, t = self.session, self.table
        for panel, view in zip(t.player_panels, s.players()):
            panel.set_view(view)
        bag = s.bag_count()
        t.bag.set_count(bag)
        t.bag_label.setText((self.tr("{bag} tile in the bag") if bag == 1
                             else self.tr("{bag} tiles in the bag")).format(bag=bag))
        limit = s.rules.fail_limit
        t.fails_label.setText(self.tr("Scoreless turns in a row: {fails} of {limit}")
                              .format(fails=s.game.fails, limit=limit))
        t.fails_label.setStyleSheet(f"color: {self.theme.invalid}" if s.game.fails >= limit - 2 and s.game.fails
                                    else f"color: {self.theme.muted_text}")
        act = s.can_act()
        has_pending = bool(s.pending())
        t.done_button.setEnabled(act and has_pending)
        t.recall_button.setEnabled(act and has_pending)
        t.shuffle_button.setEnabled(act and len(s.rack_tiles()) > 1)
        t.pass_button.setEnabled(act)
        hint_blocked = self.hints.blocked() if self.hints is not None else None
        t.hint_button.setEnabled(act and hint_blocked is None)
        cost = s.rules.hint_cost
        t.hint_button.setText(self.tr("Hint (−{cost})")
                              .format(cost=cost) if cost and s.rules.hints_allowed else self.tr("Hint"))
        t.hint_button.setToolTip(hint_blocked or self.tr("Show the best moves for your rack (?)")
                                 + (self.tr("; a hint costs {plural}")
                                    .format(plural=texts.plural(cost, 'point')) if cost else ""))
        blocked = s.exchange_blocked()
        t.exchange_button.setEnabled(act and blocked is None)
        n = len(s.marked)
        t.exchange_button.setText(self.tr("Exchange {n}").format(n=n) if n else self.tr("Exchange"))
        t.exchange_button.setToolTip(blocked or self.tr("Put the {plural} back in the bag and "
                                                        "draw as many")
                                                        .format(plural=texts.plural(n, 'marked tile')))
        t.exchange_button.setStatusTip(blocked or "")
        # what covers the bottom: the rack, the hand-off, or the final result
        if s.is_over:
            t.game_over_label.setText(texts.describe_outcome(s.game.outcome, s.names()))
            t.bottom.setCurrentWidget(t.game_over_label)
            t.show_handoff(False)
        elif s.handoff and not self.animator.busy and self._computer_next():
            t.show_handoff(False)
            t.bottom.setCurrentWidget(t.covered)
            QTimer.singleShot(0, self, self._reveal_for_computer)
        elif s.handoff and not self.animator.busy and self._single_human():
            # one human: nothing to hide from anybody, so no hand-off to click through
            t.show_handoff(False)
            t.bottom.setCurrentWidget(t.covered)
            QTimer.singleShot(0, self, self._reveal_for_single_human)
        elif s.handoff and not self.animator.busy:
            self._fill_handoff()
            t.bottom.setCurrentWidget(t.covered)
            t.show_handoff(True)
        elif not s.handoff:
            t.bottom.setCurrentWidget(t.rack)
            t.show_handoff(False)
        self._refresh_recap()
        self._refresh_turn_actions()
        if self._message_while is not None and not self._message_while():
            self._message_while = None
            t.message_label.setText("")  # it no longer applies (a blank taken back, a new turn)
        self._refresh_title()

    def _refresh_title(self) -> None:
        s = self.session
        # a game in another language says so in the title (English titles are as they were)
        lang = s.game.rules.tiles.name if s.game.rules.language != "en" else ""
        lang = f" ({lang})" if lang else ""
        if s.is_over:
            self.setWindowTitle(self.files.title(self.tr("Wordbler{language} — game over")
                                                 .format(language=lang)))
        else:
            self.setWindowTitle(self.files.title(
                self.tr("Wordbler{language} — {name} to play").format(
                    language=lang, name=s.game.players[s.current].name)))
        modified = self.files.is_modified()
        self.setWindowModified(modified)
        if self.files.path and not modified:
            self._remember_file(self.files.path)

    # ---- which file a game was saved to, so that a resumed game shows it again
    SAVED_KEY = "files/saved_games"
    SAVED_MAX = 20

    def _saved_files(self) -> list[str]:
        """``seed<TAB>path`` of the games saved lately, newest first."""
        if self.settings is None:
            return list(getattr(self, "_saved_memory", []))
        value = self.settings.value(self.SAVED_KEY, [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or []) if "\t" in str(v)]

    def _remember_file(self, path: str) -> None:
        entry = f"{self.session.game.seed}\t{os.path.abspath(path)}"
        entries = self._saved_files()
        if entries and entries[0] == entry:
            return
        entries = [entry] + [e for e in entries if e != entry and not e.startswith(
            f"{self.session.game.seed}\t")]
        del entries[self.SAVED_MAX:]
        if self.settings is None:
            self._saved_memory = entries
        else:
            self.settings.setValue(self.SAVED_KEY, entries)

    def _recall_file(self) -> None:
        """A game put on the table without a file (resumed from the autosave) that was saved
        to a file before: the window names that file again (and Save writes to it), if the
        file holds this game so far (the same turns, or the first of them)."""
        from .files import OpenKind, open_record

        game = self.session.game
        if self.files.path or not game.history:
            return
        seed = f"{game.seed}\t"
        path = next((e[len(seed):] for e in self._saved_files() if e.startswith(seed)), None)
        if not path or not os.path.isfile(path):
            return
        try:
            opened = open_record(path, game.lexicon)
        except (GCGError, ValueError, OSError):
            return
        if opened.kind is not OpenKind.PLAY or opened.game is None:
            return
        def turns(g):
            return [(r.player, r.kind, r.score) for r in g.history]

        def pending(g):
            return sorted((p.coord, p.tile.id, p.letter) for p in g.pending)

        saved, ours = turns(opened.game), turns(game)
        if ours[:len(saved)] != saved:
            return  # another game from the same deal (played on from a replay...)
        if saved == ours and pending(opened.game) == pending(game):
            self.files.mark_saved(path)
        else:
            self.files.path = path  # the file, with changes since it was saved

    def _refresh_turn_actions(self) -> None:
        """The Turn menu's actions are on while the player at the screen can act; pressed
        when they cannot do anything they say why (no tile placed, nothing marked).  Esc,
        Backspace and ? stay on: Esc also closes the hint list, ? says why there is no hint."""
        act = self.session.can_act()
        for action in (self.done_action, self.shuffle_action, self.exchange_action,
                       self.pass_action):
            action.setEnabled(act)

    def _single_human(self) -> bool:
        """One human against computer players: the hand-off is skipped (nothing to hide)."""
        g = self.session.game
        return (self.computer is not None
                and sum(1 for p in g.players if p.computer is None) == 1)

    def _reveal_for_single_human(self) -> None:
        s = self.session
        if (s.handoff and not s.is_over and self._single_human() and not self._computer_next()
                and not self.animator.busy):
            self._on_reveal()

    def _recap_lines(self) -> list[str]:
        """The last round of turns, oldest first (the draw for first play at the start)."""
        s = self.session
        g = s.game
        turns = [r for r in g.history if r.kind is not TurnKind.HINT]
        if not turns:
            drawn = ", ".join(f"{g.players[i].name} {self._drawn_letter(i)}"
                              for i in range(len(g.players)))
            return [self.tr("Draw for first play (nearest to A starts): {drawn}. {name} goes "
                            "first.").format(drawn=drawn, name=g.players[g.current].name)]
        return [texts.short_record(r, s.names()) for r in turns[-len(g.players):]]

    def _recap_tip(self) -> str:
        """The recap's tooltip: the same turns in full sentences."""
        s = self.session
        turns = [r for r in s.game.history if r.kind is not TurnKind.HINT]
        return "\n".join(texts.describe_record(r, s.names()) for r in turns[-len(s.game.players):])

    def _drawn_letter(self, player: int) -> str:
        g = self.session.game
        seat = g.seat_order[player]
        tile = next((t for seat_, t in g.first_draw.rounds[-1].draws if seat_ == seat), None)
        if tile is None:
            tile = next((t for rnd in g.first_draw.rounds for seat_, t in rnd.draws if seat_ == seat), None)
        if tile is None:
            return "?"
        return self.tr("a blank") if tile.is_blank else tile.letter

    def _recap_words(self) -> list[str]:
        """The words formed by the turns the side recap shows (to look up)."""
        g = self.session.game
        turns = [r for r in g.history if r.kind is not TurnKind.HINT]
        return played_words(turns[-len(g.players):])

    def _recap_menu(self, pos) -> None:
        """Right-click on the side recap: "Meaning of WORD" for each word of its turns."""
        words = self._recap_words()
        if not words:
            return
        label = self.table.recap_label
        menu = meaning_menu(label, words, self.show_judge)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.recap_menu = menu
        menu.popup(label.mapToGlobal(pos))

    def _refresh_recap(self) -> None:
        label = self.table.recap_label
        if not self._single_human():
            label.hide()
            return
        text = "\n".join(self._recap_lines())
        if label.text() != text or not label.isVisible():
            label.setText(text)
            label.setToolTip(self._recap_tip())
            label.show()
            self.table.schedule_fit_side()

    def _computer_next(self) -> bool:
        g = self.session.game
        return self.computer is not None and g.players[g.current].computer is not None

    def _reveal_for_computer(self) -> None:
        s = self.session
        if s.handoff and not s.is_over and self._computer_next() and not self.animator.busy:
            s.reveal()  # the runner answers computer_to_move with apply_move

    def _fill_handoff(self) -> None:
        s = self.session
        g = s.game
        key = (id(s), len(g.history), g.current)
        if key == self._handoff_key:
            return  # already showing this hand-off (refreshes come often)
        self._handoff_key = key
        nxt = g.players[g.current]
        if s.last_record is None:
            # the draw for first player, as it happened
            specs_by_seat = {seat: g.players[i] for i, seat in enumerate(g.seat_order)}
            draw = []
            for n, rnd in enumerate(g.first_draw.rounds):
                line = []
                for seat, tile in rnd.draws:
                    name = specs_by_seat[seat].name
                    letter = "" if tile.is_blank else tile.letter
                    won = seat == g.first_draw.winner and n == len(g.first_draw.rounds) - 1
                    line.append((name, TileFace(letter, s.value(tile), tile.is_blank), won))
                draw.append(line)
            ties = len(g.first_draw.rounds) - 1
            tie_text = (self.tr(" after {ties}").format(ties=texts.plural(ties, "tie"))
                        if ties else "")
            recap = self.tr("Draw for first play — nearest to A wins, a blank beats all. {name} "
                            "goes first{ties}.").format(name=nxt.name, ties=tie_text)
            self.table.handoff.set_content(nxt.name, nxt.mascot, recap, draw, words=())
            self.table.handoff.animate_draw(self.animator.speed.factor)
        else:
            # every turn since the next player's own last turn, oldest first
            since, recs = [], []
            for rec in reversed(g.history):
                if rec.player == g.current and rec.kind is not TurnKind.HINT:
                    break
                if rec.kind is not TurnKind.HINT:
                    since.append(texts.describe_record(rec, s.names()))
                    recs.append(rec)
            recap = "\n".join(reversed(since)) or texts.describe_record(s.last_record, s.names())
            self.table.handoff.set_content(nxt.name, nxt.mascot, recap,
                                           words=played_words(reversed(recs or [s.last_record])))
        humans = [p for p in g.players if p.computer is None]
        if len(humans) == 1:
            self.table.handoff.set_title(self.tr("Your turn, {name}"))
        self.table.handoff.set_scale(max(14.0, self.board.square_size()))
        self.table.place_handoff()

    def _on_preview(self, text: str, ok: bool) -> None:
        t = self.table
        t.set_preview(text)
        colour = self.theme.ok if ok else self.theme.invalid
        t.preview_label.setStyleSheet(f"color: {colour}")

    def show_message(self, text: str, level: str = "info", while_=None) -> None:
        """An inline message; with ``while_`` (a callable) it goes away as soon as it says
        False (checked whenever the state changes)."""
        self._message_while = while_
        colour = {"error": self.theme.invalid, "ok": self.theme.ok}.get(level, self.theme.text)
        self.table.message_label.setStyleSheet(f"color: {colour}")
        self.table.message_label.setText(text)
        self.table.schedule_fit_side()  # a longer text may need a smaller side panel

    # ================================================================= intents from widgets
    def _on_square_clicked(self, coord: Coord) -> None:
        s = self.session
        if s.selected is not None or s.pending_at(coord) is not None:
            s.square_clicked(coord)
            return
        if s.committed(coord) is None:
            if self.board.cursor == coord:
                self.board.toggle_direction()
            else:
                self.board.set_cursor(coord)
        self.board.setFocus()

    def _on_square_double_clicked(self, coord: Coord) -> None:
        """Double-click a tile of this turn: back to the rack."""
        s = self.session
        p = s.pending_at(coord)
        if p is not None:
            s.move_tile(p.tile.id, len(s.rack_tiles()), animate=True)

    def _on_letter_typed(self, letter: str, coord: Coord) -> None:
        s = self.session
        if s.committed(coord) is not None or s.pending_at(coord) is not None:
            self.board.advance_cursor()
            coord = self.board.cursor
            if s.committed(coord) is not None or s.pending_at(coord) is not None:
                return
        if s.place_letter(letter, coord):
            self.board.advance_cursor()

    def _on_backspace(self) -> None:
        coord = self.session.take_back_last()
        if coord is not None:
            self.board.set_cursor(coord)

    def _on_commit(self) -> None:
        self.session.commit()

    def _on_escape(self) -> None:
        """Esc: close the hint list if the focus is in it (or nothing is placed), else take
        every tile of this turn back to the rack."""
        panel = self.table.hint_panel
        focus = QApplication.focusWidget()
        if panel.isVisible() and (not self.session.pending()
                                  or (focus is not None and panel.isAncestorOf(focus))):
            self.hints.close_panel()
            self.board.setFocus()
            return
        self.session.recall_all()

    def _on_exchange(self) -> None:
        """Exchange asks first, as Pass does: the turn ends and cannot be taken back."""
        s = self.session
        if not s.can_act():
            return
        blocked = s.exchange_blocked()
        if blocked is not None:
            self.show_message(blocked, "error")
            return
        tiles = [t for t in s.rack_tiles() if t.id in s.marked]
        letters = ", ".join("blank" if t.is_blank else t.letter for t in tiles)
        name = s.game.players[s.current].name
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Exchange"),
                          self.tr("{name}, exchange {plural} ({letters})? They go back in the "
                                  "bag, you draw as many, and you score nothing this turn.")
                                  .format(name=name, plural=texts.plural(len(tiles), 'tile'),
                                          letters=letters),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setDefaultButton(QMessageBox.StandardButton.No)
        box.button(QMessageBox.StandardButton.Yes).setText(self.tr("Exchange"))
        box.button(QMessageBox.StandardButton.No).setText(self.tr("Keep playing"))
        yes = box.button(QMessageBox.StandardButton.Yes)
        box.buttonClicked.connect(lambda b: self.session.exchange_marked() if b is yes else None)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.exchange_box = box
        box.destroyed.connect(lambda *_: setattr(self, "exchange_box", None))
        box.open()

    def confirm_pass(self) -> None:
        if not self.session.can_act():
            return
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Pass"),
                          self.tr("{name}, pass this turn? You score nothing and keep your "
                                  "tiles.")
                                  .format(name=self.session.game.players[self.session.current].name),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setDefaultButton(QMessageBox.StandardButton.No)
        box.button(QMessageBox.StandardButton.Yes).setText(self.tr("Pass"))
        box.button(QMessageBox.StandardButton.No).setText(self.tr("Keep playing"))
        yes = box.button(QMessageBox.StandardButton.Yes)
        box.buttonClicked.connect(lambda b: self.session.pass_turn() if b is yes else None)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.pass_box = box
        box.destroyed.connect(lambda *_: setattr(self, "pass_box", None))
        box.open()

    def _ask_blank_letter(self, tile_id: int, coord: Coord) -> None:
        dlg = WildcardDialog(self, self.theme, self.session.game.rules.alphabet)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dlg.letter_chosen.connect(lambda letter: self.session.move_tile(tile_id, coord, letter=letter))
        s = self.session
        turn = len(s.game.history)

        def blank_there() -> bool:  # the message applies while the blank lies there
            p = s.pending_at(coord)
            return len(s.game.history) == turn and p is not None and p.tile.id == tile_id

        dlg.letter_chosen.connect(lambda letter: self.show_message(
            self.tr("The blank is {letter} for now: right-click it to choose another "
                    "letter.").format(letter=letter), "info",
            while_=blank_there))
        placed = len(s.pending())
        dlg.rejected.connect(lambda: self.show_message(
            self.tr("The blank stays on your rack."), "info",
            while_=lambda: len(s.game.history) == turn and len(s.pending()) == placed))
        self.wildcard_dialog = dlg
        dlg.destroyed.connect(lambda *_: setattr(self, "wildcard_dialog", None))
        dlg.open()

    def _on_reveal(self) -> None:
        self.session.reveal()
        self.board.setFocus()
        s = self.session
        self.show_message(self.tr("{name}, your turn. Drag tiles to the board, or type a word at "
                                  "the cursor (F1 lists the keys).")
                          .format(name=s.game.players[s.current].name), "info")

    # ================================================================= animations
    def _rect_of(self, loc, count: int | None = None) -> QRect:
        if isinstance(loc, Coord):
            return self.table.map_rect(self.board, self.board.square_rect(loc))
        return self.table.map_rect(self.rack, self.rack.slot_rect(loc, count))

    def _bag_rect(self) -> QRect:
        bag = self.table.bag
        side = int(self.board.square_size())
        c = bag.mapTo(self.table, bag.rect().center())
        return QRect(c.x() - side // 2, c.y() - side // 2, side, side)

    def _on_flights(self, flights: tuple[Flight, ...]) -> None:
        if self.animator.speed is Speed.OFF or not self.isVisible():
            return
        new_count = len(self.session.rack_tiles())
        old_count = len(self.rack.tile_ids())
        items = []
        for f in flights:
            src = self._rect_of(f.source, old_count)
            dst = self._rect_of(f.target, new_count)
            face = self._face(f.tile, f.letter if (isinstance(f.source, Coord) or not f.tile.is_blank) else "")
            items.append((f.tile.id, face, src, dst))
        self.animator.fly(items, stagger=False)
        self._refresh_after_flight()

    def _on_drawn(self, tiles) -> None:
        if self.animator.speed is Speed.OFF or not self.isVisible():
            return
        rack_ids = [t.id for t in self.session.rack_tiles()]
        items = []
        for t in tiles:
            if t.id in rack_ids:
                dst = self._rect_of(rack_ids.index(t.id), len(rack_ids))
                face = self._face(t, "" if t.is_blank else t.letter, face_down=self._rack_secret())
                items.append((t.id, face, self._bag_rect(), dst))
        self.animator.fly(items, shake=self.table.bag)

    def _rack_secret(self) -> bool:
        """Is the rack on show a computer's (its tiles are shown face down)?"""
        s = self.session
        return s.game.players[s.rack_player].computer is not None

    def _on_returned_to_bag(self, pairs) -> None:
        if self.animator.speed is Speed.OFF or not self.isVisible():
            return
        items = []
        for tile, index in pairs:
            src = self._rect_of(index, len(self.rack.tile_ids()))
            face = self._face(tile, "" if tile.is_blank else tile.letter, face_down=self._rack_secret())
            items.append((-1 - tile.id, face, src, self._bag_rect()))
        self.animator.fly(items)

    def _on_animations_idle(self) -> None:
        self._refresh_board()
        self._refresh_rack()
        self._refresh_state()

    # ================================================================= turn and game end
    def _on_turn_ended(self, record) -> None:
        s = self.session
        self.show_message(texts.describe_record(record, s.names()),
                          "error" if record.kind is TurnKind.FAILED_PLAY else "ok")
        self.board.set_cursor(None)

    def _on_game_over(self, outcome) -> None:
        self.board.set_cursor(None)
        dlg = GameOverDialog(self.session, self)
        dlg.new_game_requested.connect(self.new_game_requested)
        dlg.meaning_requested.connect(lambda w, d=dlg: self.show_judge(w, parent=d))
        self.game_over_dialog = dlg
        self.show_message(texts.describe_outcome(outcome, self.session.names()), "ok")
        dlg.open()

    # ================================================================= dialogs
    def show_history(self, player: int | None = None) -> None:
        dlg = ScoreHistoryDialog(self.session, player, self)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.history_dialog = dlg
        dlg.meaning_requested.connect(self.show_judge)
        dlg.show()

    def show_judge(self, word: str | None = None, parent: QWidget | None = None,
                   private: bool = False) -> None:
        """Game > Word judge… (Ctrl+J), or "Meaning of WORD" (score history, recaps, hint
        list, game over): one non-modal dialog per game, judging against the game's own word
        list.  ``parent``: the dialog asking when it is modal (the game-over screen), so the
        judge is not blocked by it.  ``private``: a hint's word, cleared when the turn ends."""
        from .judge import WordJudgeDialog, game_lang

        game = self.session.game
        parent = parent or self
        dlg = self.judge_dialog
        if dlg is None or dlg.lexicon is not game.lexicon or dlg.parentWidget() is not parent:
            if dlg is not None:
                dlg.close()
            dlg = WordJudgeDialog(game.lexicon, game_lang(game.lexicon, game.rules.tiles),
                                  parent)
            dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
            dlg.destroyed.connect(lambda *_a, d=dlg: self._judge_gone(d))
            self.judge_dialog = dlg
        dlg.show()
        dlg.raise_()
        dlg.activateWindow()
        if word:
            self._judge_private = private
            dlg.look_up(word)
        else:
            dlg.entry.setFocus()

    def _forget_private_meaning(self, *_args) -> None:
        """The turn ended: a hint's word looked up must not stay on show for the next player."""
        if self._judge_private and self.judge_dialog is not None:
            self.judge_dialog.forget()
        self._judge_private = False

    def _judge_gone(self, dlg) -> None:
        if self.judge_dialog is dlg:
            self.judge_dialog = None

    def show_scoreboard(self) -> None:
        dlg = ScoreboardDialog(self.session, self)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.scoreboard_dialog = dlg
        dlg.show()

    def show_about(self) -> None:
        dlg = AboutDialog(self.config.lexicon_label, self)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.about_dialog = dlg
        dlg.show()

    def show_help(self) -> None:
        """F1: the rules in short and every key (a whole game can be played without a mouse)."""
        if self.help_dialog is not None:
            self.help_dialog.raise_()
            self.help_dialog.activateWindow()
            return
        dlg = HelpDialog(self.session.rules, self)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.help_dialog = dlg
        dlg.destroyed.connect(lambda *_: setattr(self, "help_dialog", None))
        dlg.show()

    # ================================================================= the screen
    def showEvent(self, event) -> None:
        """The window fits the screen's available area at any scale factor (1100 x 800
        asked for on an 800 x 500 logical screen, QT_SCALE_FACTOR=2 on 1600 x 1000, is cut
        down to it); again once the frame is known, and when the screen changes."""
        fit_to_screen(self)
        super().showEvent(event)
        QTimer.singleShot(0, self, lambda: fit_to_screen(self) if self.isVisible() else None)
        keep_fitted(self)  # again once the window manager says how big its frame is
        handle = self.windowHandle()
        if handle is not None and self._screen_hooked is None:
            handle.screenChanged.connect(self._on_screen_changed)
            self._on_screen_changed(handle.screen())

    def _on_screen_changed(self, screen) -> None:
        if screen is None or screen is self._screen_hooked:
            return
        self._screen_hooked = screen
        screen.availableGeometryChanged.connect(self._on_free_area_changed)
        self._on_free_area_changed()

    def _on_free_area_changed(self, *_args) -> None:
        if self.isVisible() and not self.isMaximized() and not self.isFullScreen():
            fit_to_screen(self)

    def _move_index(self):
        """The move index for this game's dictionary and rules (made on first use, kept for
        the next game when that one uses the same); None without a dictionary."""
        game = self.session.game
        if game.lexicon is None:
            return None
        from .moveindex import MoveIndex, default_factory

        factory = self.generator_factory or default_factory
        idx = self.move_index
        if idx is None or not idx.matches(game.lexicon, game.rules) or idx.factory is not factory:
            if idx is not None:
                idx.close()
            idx = MoveIndex(game.lexicon, game.rules, factory, self)
            self.move_index = idx
        return idx

    def _on_index_progress(self, fraction: float) -> None:
        """The computer's move index is being built (the first run): show how far."""
        self.table.thinking.show_progress(fraction)

    def _on_square_context(self, coord: Coord) -> None:
        """Right-click on a blank placed this turn: choose its letter again."""
        s = self.session
        p = s.pending_at(coord)
        if p is None or not p.tile.is_blank or not s.can_act():
            return
        dlg = WildcardDialog(self, self.theme, s.game.rules.alphabet)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dlg.letter_chosen.connect(lambda letter: s.relabel_blank(coord, letter))
        self.wildcard_dialog = dlg
        dlg.destroyed.connect(lambda *_: setattr(self, "wildcard_dialog", None))
        dlg.open()

    # ---- the window's size, place and maximised state, for the next start
    GEOMETRY_KEY = "boardgame/window_geometry"

    def remember_geometry(self) -> None:
        if self.settings is not None and self.isVisible():
            self.settings.setValue(self.GEOMETRY_KEY, self.saveGeometry())

    def restore_geometry(self) -> bool:
        """The size, place and maximised state the last window had (before it is shown; it
        still fits the screen it comes back on when shown: a place on a monitor no longer
        there comes back on this one).  False if there is none to restore."""
        if self.settings is None:
            return False
        saved = self.settings.value(self.GEOMETRY_KEY)
        if not isinstance(saved, (QByteArray, bytes)) or not saved:
            return False
        return self.restoreGeometry(QByteArray(saved))

    def closeEvent(self, event) -> None:
        if not self.files.confirm_close():  # unsaved changes: it asks, then closes again
            event.ignore()
            return
        self.remember_geometry()
        self.animator.finish_all()
        self._stop_workers()
        if self.autosaver is not None:  # the game on disk as it is now, its file let go
            self.autosaver.close()
        super().closeEvent(event)

    def _on_quit(self) -> None:
        """The application is quitting: stop this window's jobs and let them end before Python
        does (a worker still running Python code while the interpreter shuts down crashes)."""
        self.remember_geometry()  # (quitting without closing the window)
        self._stop_workers()
        QThreadPool.globalInstance().waitForDone(5000)  # cancelled jobs end within one call

    def _stop_workers(self) -> None:
        """End every job of this window in the thread pool at its next move generation (or
        build progress report): Qt waits for the pool when the application quits."""
        if self.hints is not None:
            self.hints.cancel()
        if self.move_index is not None:
            self.move_index.close()  # a build under way stops at its next progress report
        if self.computer is not None:
            self.computer.cancel()
