"""The letter grid on screen: drag (or click both ends) to select a straight line.

The view holds no rules: it emits :attr:`GridView.line_selected` with the two end cells and
paints what it is given (found words as coloured capsules, the hint flash).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEasingCurve, QPointF, QRectF, QSize, Qt, QVariantAnimation, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPainterPathStroker, QPen, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget

from wordbler.lexicon.alphabet import get_alphabet
from wordbler.wordsearch.grid import HOLE, line_cells
from wordbler.wordsearch.puzzle import Puzzle

Cell = tuple[int, int]

PALETTE = ["#f6c945", "#7cc6f2", "#f29c7c", "#9ed98a", "#c9a4ef", "#f59ac4", "#7fdccb", "#f2b45b",
           "#a8b8f5", "#d6e06a"]
PLAYER_COLOURS = ["#f6c945", "#7cc6f2", "#f29c7c", "#9ed98a"]
DRAG_COLOUR = "#5b8def"


class GridView(QWidget):
    line_selected = Signal(tuple, tuple)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.puzzle: Puzzle | None = None
        self.capsules: list[tuple[tuple[Cell, ...], QColor]] = []
        self.lower = False
        self.large = False
        self.message_cells: tuple[Cell, ...] = ()
        self._anchor: Cell | None = None  # press of a drag
        self._end: Cell | None = None
        self._pending: Cell | None = None  # first click of click-click selection
        self._cursor: Cell | None = None  # the keyboard's cell (arrows move, Space marks)
        self.cache_letters = True  # the letters' picture is reused while nothing changes
        self._letters: QPixmap | None = None
        self._letters_key: tuple | None = None
        self._shape = QPainterPath()
        self._shape_key: tuple | None = None
        self._dragged = False
        self._hint_cell: Cell | None = None
        self._hint_phase = 0.0
        self._hint_anim = QVariantAnimation(self)
        self._hint_anim.setStartValue(0.0)
        self._hint_anim.setEndValue(1.0)
        self._hint_anim.setDuration(2400)
        self._hint_anim.setEasingCurve(QEasingCurve.Type.Linear)
        self._hint_anim.valueChanged.connect(self._on_hint_value)
        self._hint_anim.finished.connect(self._on_hint_done)
        self.setMouseTracking(True)
        self.setMinimumSize(260, 260)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName(self.tr("Word search grid"))

    # ---- content ----------------------------------------------------------------------
    def set_puzzle(self, puzzle: Puzzle | None) -> None:
        self.puzzle = puzzle
        self._cursor = None
        self._pending = None
        self._letters_key = self._shape_key = None  # a new puzzle may reuse an old one's id
        self.capsules = []
        self.message_cells = ()
        self._anchor = self._end = self._pending = None
        self._hint_anim.stop()
        self._hint_cell = None
        self.update()

    def set_capsules(self, capsules: list[tuple[tuple[Cell, ...], QColor]]) -> None:
        self.capsules = capsules
        self.update()

    def set_view(self, *, lower: bool | None = None, large: bool | None = None) -> None:
        if lower is not None:
            self.lower = lower
        if large is not None:
            self.large = large
        self.update()

    def flash(self, cell: Cell) -> None:
        """Flash a cell (a hint: the first letter of a word)."""
        self._hint_cell = cell
        self._hint_anim.stop()
        self._hint_anim.start()
        self.update()

    @property
    def hint_cell(self) -> Cell | None:
        return self._hint_cell

    @property
    def pending_cell(self) -> Cell | None:
        return self._pending

    def _on_hint_value(self, v) -> None:
        self._hint_phase = float(v)
        self.update()

    def _on_hint_done(self) -> None:
        self._hint_cell = None
        self.update()

    # ---- geometry ---------------------------------------------------------------------
    def sizeHint(self) -> QSize:
        return QSize(640, 640)

    def _geometry(self) -> tuple[float, QPointF]:
        p = self.puzzle
        if p is None:
            return 1.0, QPointF(0, 0)
        margin = 12.0
        w, h = self.width() - 2 * margin, self.height() - 2 * margin
        cell = max(4.0, min(w / p.n_cols, h / p.n_rows))
        ox = (self.width() - cell * p.n_cols) / 2
        oy = (self.height() - cell * p.n_rows) / 2
        return cell, QPointF(ox, oy)

    def cell_rect(self, rc: Cell) -> QRectF:
        cell, o = self._geometry()
        return QRectF(o.x() + rc[1] * cell, o.y() + rc[0] * cell, cell, cell)

    def cell_centre(self, rc: Cell) -> QPointF:
        return self.cell_rect(rc).center()

    def cell_at(self, pos: QPointF) -> Cell | None:
        p = self.puzzle
        if p is None:
            return None
        cell, o = self._geometry()
        c = math.floor((pos.x() - o.x()) / cell)
        r = math.floor((pos.y() - o.y()) / cell)
        if 0 <= r < p.n_rows and 0 <= c < p.n_cols and p.rows[r][c] != HOLE:
            return (r, c)
        return None

    def snapped_end(self, anchor: Cell, pos: QPointF) -> Cell:
        """The cell on one of the eight lines from ``anchor`` nearest the pointer."""
        p = self.puzzle
        assert p is not None
        cell, o = self._geometry()
        fy = (pos.y() - o.y()) / cell - 0.5 - anchor[0]
        fx = (pos.x() - o.x()) / cell - 0.5 - anchor[1]
        if abs(fx) < 0.5 and abs(fy) < 0.5:
            return anchor
        angle = math.atan2(fy, fx)
        k = round(angle / (math.pi / 4)) % 8
        dr, dc = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)][k]
        step = math.hypot(dr, dc)
        n = max(0, round((fx * dc + fy * dr) / (step * step)))
        while n > 0:
            r, c = anchor[0] + n * dr, anchor[1] + n * dc
            if 0 <= r < p.n_rows and 0 <= c < p.n_cols:
                break
            n -= 1
        return (anchor[0] + n * dr, anchor[1] + n * dc)

    # ---- mouse --------------------------------------------------------------------------
    def mousePressEvent(self, event) -> None:
        if event.button() != Qt.MouseButton.LeftButton or self.puzzle is None:
            return super().mousePressEvent(event)
        cell = self.cell_at(event.position())
        self._anchor = cell
        self._end = cell
        self._dragged = False
        self.update()

    def mouseMoveEvent(self, event) -> None:
        if self._anchor is None or not (event.buttons() & Qt.MouseButton.LeftButton):
            return
        end = self.snapped_end(self._anchor, event.position())
        if end != self._anchor:
            self._dragged = True
        if end != self._end:
            self._end = end
            self.update()

    def mouseReleaseEvent(self, event) -> None:
        if event.button() != Qt.MouseButton.LeftButton or self._anchor is None:
            return super().mouseReleaseEvent(event)
        anchor = self._anchor
        end = self.snapped_end(anchor, event.position()) if self._dragged else anchor
        self._anchor = self._end = None
        if self._dragged:
            self._pending = None
            self.update()
            if end != anchor:
                self.line_selected.emit(anchor, end)
            # else: dragged away and back to where it started, the way to change one's
            # mind: nothing is selected (it is no click, so it marks no first end either)
            return
        self._mark(anchor)

    def _mark(self, cell: Cell) -> None:
        """A click (or Space on the keyboard's cell): the first end, or the second end of a
        click-click selection."""
        if self._pending is None or self._pending == cell:
            self._pending = None if self._pending == cell else cell
            self.update()
            return
        first = self._pending
        self._pending = None
        self.update()
        if line_cells(first, cell) is not None:
            self.line_selected.emit(first, cell)
        else:
            self._pending = cell  # not a straight line: start again from here

    # ---- keyboard ------------------------------------------------------------------------
    _MOVES = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1), Qt.Key.Key_Up: (-1, 0),
              Qt.Key.Key_Down: (1, 0)}

    @property
    def cursor_cell(self) -> Cell | None:
        return self._cursor

    def keyPressEvent(self, event) -> None:
        key = event.key()
        if key == Qt.Key.Key_Escape and self._pending is not None:
            self._pending = None
            self.update()
            return
        p = self.puzzle
        if p is not None and key in self._MOVES:
            # the arrows move the keyboard's cell (it appears at the top left first)
            if self._cursor is None:
                self._cursor = (0, 0)
            else:
                dr, dc = self._MOVES[key]
                r = min(max(self._cursor[0] + dr, 0), p.n_rows - 1)
                c = min(max(self._cursor[1] + dc, 0), p.n_cols - 1)
                self._cursor = (r, c)
            self.update()
            return
        if p is not None and key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            # marks the keyboard's cell as a click would: the first end, then the last
            if self._cursor is None:
                self._cursor = (0, 0)
                self.update()
            elif p.rows[self._cursor[0]][self._cursor[1]] != HOLE:
                self._mark(self._cursor)
            return
        super().keyPressEvent(event)

    def focusOutEvent(self, event) -> None:
        self.update()  # the keyboard's cell is drawn only with the focus
        super().focusOutEvent(event)

    def focusInEvent(self, event) -> None:
        self.update()
        super().focusInEvent(event)

    # ---- painting -----------------------------------------------------------------------
    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), self.palette().window())
        p = self.puzzle
        if p is None:
            painter.setPen(self.palette().windowText().color())
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "Making a puzzle\u2026")
            return
        cell, o = self._geometry()
        # the shape's cells
        painter.setPen(Qt.PenStyle.NoPen)
        paper = QColor("#fffdf7")
        painter.setBrush(paper)
        shape_key = (id(p), self.size())
        if not self.cache_letters or self._shape_key != shape_key:
            board = QPainterPath()
            for r in range(p.n_rows):
                for c in range(p.n_cols):
                    if p.rows[r][c] != HOLE:
                        board.addRect(QRectF(o.x() + c * cell, o.y() + r * cell, cell, cell))
            self._shape = board.simplified()  # the outline of 2,500 cells: slow to merge
            self._shape_key = shape_key
        painter.drawPath(self._shape)
        painter.setPen(QPen(QColor("#d9d2c0"), 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(self._shape)
        # found words, then the current selection
        for cells, colour in self.capsules:
            self._capsule(painter, cells, colour, cell)
        sel = None
        if self._anchor is not None and self._end is not None:
            sel = line_cells(self._anchor, self._end)
        if sel:
            self._capsule(painter, sel, QColor(DRAG_COLOUR), cell, alpha=110)
        if self._pending is not None:
            line = None
            if self._cursor is not None and self.hasFocus() and self._anchor is None:
                line = line_cells(self._pending, self._cursor)  # the keyboard's line so far
            self._capsule(painter, line or (self._pending,), QColor(DRAG_COLOUR), cell,
                          alpha=110)
        if self._cursor is not None and self.hasFocus():
            painter.setPen(QPen(QColor(DRAG_COLOUR), max(2.0, cell * 0.08), Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(self.cell_rect(self._cursor).adjusted(2, 2, -2, -2))
        # hint flash: a pulsing ring
        if self._hint_cell is not None:
            ring = self.cell_rect(self._hint_cell)
            pulse = 0.5 + 0.5 * math.sin(self._hint_phase * math.pi * 6)
            painter.setPen(QPen(QColor(230, 80, 40, int(90 + 160 * pulse)), max(2.0, cell * 0.09)))
            painter.setBrush(QColor(255, 170, 60, int(50 + 90 * pulse)))
            grow = cell * 0.06 * pulse
            painter.drawEllipse(ring.adjusted(cell * 0.06 - grow, cell * 0.06 - grow, grow - cell * 0.06, grow - cell * 0.06))
        # letters: drawn once into a picture kept until what they look like changes (a
        # 50x50 grid took about 50 ms a repaint, and a drag repaints at every mouse move)
        key = (id(p), self.size(), self.devicePixelRatioF(), self.lower, self.large,
               tuple(self.message_cells), self.font().key())
        if not self.cache_letters or self._letters_key != key:
            self._letters = self._paint_letters(p, cell, o)
            self._letters_key = key
        painter.drawPixmap(0, 0, self._letters)

    def _paint_letters(self, p: Puzzle, cell: float, o: QPointF) -> QPixmap:
        dpr = self.devicePixelRatioF()
        pix = QPixmap(self.size() * dpr)
        pix.setDevicePixelRatio(dpr)
        pix.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pix)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = QFont(self.font())
        font.setPixelSize(max(6, int(cell * (0.66 if self.large else 0.52))))
        font.setBold(self.large)
        painter.setFont(font)
        alphabet = get_alphabet(p.lang)
        ink = QColor("#1d1d1d")
        msg = set(self.message_cells)
        for r in range(p.n_rows):
            for c in range(p.n_cols):
                ch = p.rows[r][c]
                if ch == HOLE:
                    continue
                if self.lower and ch in alphabet:
                    ch = alphabet.lower[alphabet.index(ch)]
                painter.setPen(QColor("#b0481f") if (r, c) in msg else ink)
                painter.drawText(QRectF(o.x() + c * cell, o.y() + r * cell, cell, cell), Qt.AlignmentFlag.AlignCenter, ch)
        painter.end()
        return pix

    def _capsule(self, painter: QPainter, cells, colour: QColor, cell: float, alpha: int = 150) -> None:
        path = QPainterPath(self.cell_centre(cells[0]))
        path.lineTo(self.cell_centre(cells[-1]) + QPointF(0.01, 0))
        stroker = QPainterPathStroker()
        stroker.setWidth(cell * 0.78)
        stroker.setCapStyle(Qt.PenCapStyle.RoundCap)
        shape = stroker.createStroke(path)
        fill = QColor(colour)
        fill.setAlpha(alpha)
        painter.fillPath(shape, fill)
        painter.strokePath(shape, QPen(QColor(colour).darker(150), max(1.0, cell * 0.035)))
