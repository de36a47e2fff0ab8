"""The board: a QGridLayout of 225 :class:`SquareWidget` s, and the keyboard cursor.

Squares know their :class:`Coord` and what to show; they emit intent (clicked, tile dropped,
drag started) through the :class:`BoardWidget`, which the main window wires to the session.
"""

from __future__ import annotations

from dataclasses import dataclass

import shiboken6
from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QDrag, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QApplication, QGridLayout, QSizePolicy, QWidget

from wordbler.boardgame.model import COLUMN_LETTERS, Coord, Direction
from wordbler.boardgame.rules import BoardLayout, Premium

from .mime import read_tile_mime, tile_mime
from .theme import DEFAULT_THEME, Theme
from .tiles import TileFace, paint_tile

BAND = 0.6  # width of the coordinate band, in squares


@dataclass(frozen=True, slots=True)
class SquareState:
    face: TileFace | None = None  # the tile on the square, if any
    tile_id: int | None = None
    movable: bool = False  # a tile of this turn (can be dragged)
    cursor: Direction | None = None  # keyboard cursor here, pointing this way
    show_label: bool = True


class SquareWidget(QWidget):
    """One square.  Premium and start are given at construction from the board layout."""

    def __init__(self, board: "BoardWidget", coord: Coord, premium: Premium | None,
                 is_start: bool, theme: Theme) -> None:
        super().__init__(board.grid_host)
        self.board = board
        self.coord = coord
        self.premium = premium
        self.is_start = is_start
        self.theme = theme
        self.state = SquareState()
        self._press: QPoint | None = None
        self.setAcceptDrops(True)
        self.setMinimumSize(8, 8)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        self.setAccessibleName(coord.label)
        tip = coord.label
        if premium is not None:
            names = {"2L": self.tr("double letter"), "3L": self.tr("triple letter"),
                     "2W": self.tr("double word"), "3W": self.tr("triple word")}
            tip = self.tr("{square}: {premium}").format(square=tip, premium=names[premium.label])
        if is_start:
            tip = self.tr("{square}, start square").format(square=tip)
        self.setToolTip(tip)
        self.drag_hover = False  # a tile is being dragged over this square
        self.dragging = False  # this square's tile is the one being dragged

    def set_state(self, state: SquareState) -> None:
        if state != self.state:
            self.state = state
            self.update()

    # ---------------------------------------------------------------- painting
    def paintEvent(self, event) -> None:
        p = QPainter(self)
        rect = QRectF(self.rect())
        side = min(rect.width(), rect.height())
        th = self.theme
        p.fillRect(rect, QColor(th.board_background))
        inner = rect.adjusted(0.5, 0.5, -0.5, -0.5)
        p.fillRect(inner, th.premium_colour(self.premium))
        st = self.state
        if st.face is None or self.dragging:
            if th.premium_marks and self.premium is not None:
                paint_premium_marks(p, inner, self.premium, th)
            if self.is_start:
                p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor(th.star))
                p.drawPath(_star(rect.center(), side * 0.36, side * 0.15))
            elif self.premium is not None and (st.show_label or th.premium_marks):
                # the colour-blind-safe scheme shows the label even with labels off
                p.setPen(th.premium_text_colour(self.premium))
                p.setFont(th.font(side * 0.34, bold=True))
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter, self.premium.label)
        else:
            paint_tile(p, rect, st.face, th)
        if self.drag_hover:
            p.fillRect(rect, _alpha(th.selected, 90))
        if st.cursor is not None:
            p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            pen = QPen(QColor(th.cursor), max(2.0, side * 0.08))
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(rect.adjusted(pen.widthF() / 2, pen.widthF() / 2, -pen.widthF() / 2, -pen.widthF() / 2))
            # an arrow shows the typing direction
            p.setBrush(QColor(th.cursor))
            p.setPen(Qt.PenStyle.NoPen)
            a = side * 0.16
            path = QPainterPath()
            if st.cursor is Direction.ACROSS:
                x, y = rect.right() - a * 0.6, rect.center().y()
                path.moveTo(x, y)
                path.lineTo(x - a, y - a * 0.7)
                path.lineTo(x - a, y + a * 0.7)
            else:
                x, y = rect.center().x(), rect.bottom() - a * 0.6
                path.moveTo(x, y)
                path.lineTo(x - a * 0.7, y - a)
                path.lineTo(x + a * 0.7, y - a)
            path.closeSubpath()
            p.drawPath(path)
        p.end()

    # ---------------------------------------------------------------- mouse
    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position().toPoint()
        event.accept()

    def mouseMoveEvent(self, event) -> None:
        if self._press is None or not self.state.movable or self.state.tile_id is None:
            return
        if (event.position().toPoint() - self._press).manhattanLength() < QApplication.startDragDistance():
            return
        self._press = None
        self.board.start_tile_drag(self, self.state.tile_id)

    def mouseReleaseEvent(self, event) -> None:
        if self._press is not None and event.button() == Qt.MouseButton.LeftButton:
            self._press = None
            self.board.square_clicked.emit(self.coord)
        event.accept()

    def mouseDoubleClickEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = None
            self.board.square_double_clicked.emit(self.coord)
        event.accept()

    def contextMenuEvent(self, event) -> None:
        self.board.square_context_requested.emit(self.coord)
        event.accept()

    # ---------------------------------------------------------------- drops
    def dragEnterEvent(self, event) -> None:
        if read_tile_mime(event.mimeData()) is not None and self.board.accepting and (
                self.state.face is None or self.dragging):
            event.acceptProposedAction()
            if not self.drag_hover:
                self.drag_hover = True
                self.update()
        else:
            event.ignore()

    def dragMoveEvent(self, event) -> None:
        self.dragEnterEvent(event)

    def dragLeaveEvent(self, event) -> None:
        if self.drag_hover:
            self.drag_hover = False
            self.update()

    def dropEvent(self, event) -> None:
        if self.drag_hover:
            self.drag_hover = False
            self.update()
        drag = read_tile_mime(event.mimeData())
        if drag is None or not self.board.accepting:
            event.ignore()
            return
        event.setDropAction(Qt.DropAction.MoveAction)
        event.accept()
        self.board.tile_dropped.emit(drag.tile_id, drag.origin, self.coord)


def paint_premium_marks(p: QPainter, rect: QRectF, premium: Premium, theme: Theme) -> None:
    """The colour-blind-safe marks of a premium square, in the colour of its label (faint
    stripes, solid corners), so that the four premiums differ without colour:
    2L stripes one way, 3L crossed stripes, 2W two corner triangles, 3W three."""
    side = min(rect.width(), rect.height())
    ink = theme.premium_text_colour(premium)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setClipRect(rect)
    if premium in (Premium.DL, Premium.TL):
        faint = QColor(ink)
        faint.setAlpha(95)
        p.setPen(QPen(faint, max(1.0, side * 0.045)))
        gap = side / 4.0
        x0, y0, w, h = rect.left(), rect.top(), rect.width(), rect.height()
        k = -h
        while k < w + h:
            p.drawLine(QPointF(x0 + k, y0 + h), QPointF(x0 + k + h, y0))  # like /
            if premium is Premium.TL:
                p.drawLine(QPointF(x0 + k, y0), QPointF(x0 + k + h, y0 + h))  # like \
            k += gap
    else:
        a = side * 0.3
        corners = [(rect.topLeft(), 1, 1), (rect.bottomRight(), -1, -1)]
        if premium is Premium.TW:
            corners.append((rect.topRight(), -1, 1))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(ink)
        for pt, dx, dy in corners:
            path = QPainterPath(pt)
            path.lineTo(pt.x() + dx * a, pt.y())
            path.lineTo(pt.x(), pt.y() + dy * a)
            path.closeSubpath()
            p.drawPath(path)
    p.restore()


def _alpha(colour: str, alpha: int) -> QColor:
    c = QColor(colour)
    c.setAlpha(alpha)
    return c


def _star(center: QPointF, outer: float, inner: float) -> QPainterPath:
    import math

    path = QPainterPath()
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / 5
        pt = QPointF(center.x() + r * math.cos(a), center.y() + r * math.sin(a))
        if i == 0:
            path.moveTo(pt)
        else:
            path.lineTo(pt)
    path.closeSubpath()
    return path


class BoardWidget(QWidget):
    """The board, kept square and centred in whatever space it gets, with A-O / 1-15 bands."""

    square_clicked = Signal(object)  # Coord
    square_double_clicked = Signal(object)  # Coord
    square_context_requested = Signal(object)  # Coord (right-click)
    tile_dropped = Signal(int, object, object)  # tile id, origin (Coord or None: rack), target Coord
    letter_typed = Signal(str, object)  # letter, Coord at the cursor
    backspace_pressed = Signal()
    escape_pressed = Signal()
    enter_pressed = Signal()

    def __init__(self, layout: BoardLayout, theme: Theme = DEFAULT_THEME,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.theme = theme
        self.layout_data = layout
        self.rows, self.cols = layout.rows, layout.cols
        self.accepting = True
        self.cursor: Coord | None = None
        self.direction = Direction.ACROSS
        self.show_labels = True
        self.grid_host = QWidget(self)
        self.grid = QGridLayout(self.grid_host)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setSpacing(0)
        self.squares: dict[Coord, SquareWidget] = {}
        start = Coord(*layout.start)
        for r in range(self.rows):
            for c in range(self.cols):
                coord = Coord(r, c)
                sq = SquareWidget(self, coord, layout.premium(r, c), coord == start, theme)
                self.grid.addWidget(sq, r, c)
                self.squares[coord] = sq
        for i in range(self.rows):
            self.grid.setRowStretch(i, 1)
        for i in range(self.cols):
            self.grid.setColumnStretch(i, 1)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(300, 300)
        self.setAccessibleName(self.tr("Board"))

    def sizeHint(self) -> QSize:
        return QSize(620, 620)

    # ---------------------------------------------------------------- geometry
    def square_size(self) -> float:
        side = min(self.width(), self.height())
        return side / (self.cols + BAND)

    def resizeEvent(self, event) -> None:
        q = self.square_size()
        band = q * BAND
        total_w = q * self.cols + band
        total_h = q * self.rows + band
        x0 = (self.width() - total_w) / 2 + band
        y0 = (self.height() - total_h) / 2 + band
        n = int(q)  # whole pixels per square keeps every line crisp
        self.grid_host.setGeometry(QRect(int(x0), int(y0), n * self.cols, n * self.rows))
        super().resizeEvent(event)

    def square_rect(self, coord: Coord) -> QRect:
        """Geometry of a square in this widget's coordinates."""
        sq = self.squares[coord]
        return QRect(sq.mapTo(self, QPoint(0, 0)), sq.size())

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        host = self.grid_host.geometry()
        q = host.width() / self.cols
        band = q * BAND
        p.fillRect(host.adjusted(-2, -2, 2, 2), QColor(self.theme.board_background))
        p.setPen(QColor(self.theme.muted_text))
        p.setFont(self.theme.font(band * 0.62, bold=True))
        for c in range(self.cols):
            r = QRectF(host.left() + c * q, host.top() - band, q, band)
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, COLUMN_LETTERS[c])
        for row in range(self.rows):
            r = QRectF(host.left() - band - 2, host.top() + row * q, band, q)
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, str(row + 1))
        p.end()

    # ---------------------------------------------------------------- drags
    def start_tile_drag(self, square: SquareWidget, tile_id: int) -> None:
        drag = QDrag(square)
        drag.setMimeData(tile_mime(tile_id, square.coord))
        pm = QPixmap(square.size() * square.devicePixelRatioF())
        pm.setDevicePixelRatio(square.devicePixelRatioF())
        pm.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pm)
        if square.state.face is not None:
            paint_tile(painter, QRectF(0, 0, square.width(), square.height()), square.state.face, self.theme)
        painter.end()
        drag.setPixmap(pm)
        drag.setHotSpot(QPoint(square.width() // 2, square.height() // 2))
        square.dragging = True  # the square looks empty while its tile is in the hand
        square.update()
        try:
            drag.exec(Qt.DropAction.MoveAction)
        finally:
            # the window may have closed during the drag (its loop runs events): then the
            # square is gone, and touching it crashed the program
            if shiboken6.isValid(square):
                square.dragging = False
                square.update()

    # ---------------------------------------------------------------- keyboard
    def set_cursor(self, coord: Coord | None) -> None:
        self.cursor = coord
        self.cursor_changed()

    def cursor_changed(self) -> None:
        for c, sq in self.squares.items():
            want = self.direction if c == self.cursor else None
            if sq.state.cursor != want:
                sq.set_state(_replace(sq.state, cursor=want))

    def toggle_direction(self) -> None:
        self.direction = self.direction.other
        self.cursor_changed()

    def is_filled(self, coord: Coord) -> bool:
        sq = self.squares.get(coord)
        return sq is not None and sq.state.face is not None

    def advance_cursor(self) -> None:
        """Move the cursor past the filled squares in the typing direction."""
        if self.cursor is None:
            return
        c = self.cursor + self.direction.step
        while c in self.squares and self.is_filled(c):
            c = c + self.direction.step
        if c in self.squares:
            self.set_cursor(c)

    def keyPressEvent(self, event) -> None:
        key = event.key()
        moves = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1),
                 Qt.Key.Key_Up: (-1, 0), Qt.Key.Key_Down: (1, 0)}
        if key in moves:
            if self.cursor is None:
                self.set_cursor(Coord(*self.layout_data.start))
            else:
                nxt = self.cursor + moves[key]
                if nxt in self.squares:
                    self.set_cursor(nxt)
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.enter_pressed.emit()
            return
        if key == Qt.Key.Key_Escape:
            self.escape_pressed.emit()
            return
        if key == Qt.Key.Key_Backspace:
            self.backspace_pressed.emit()
            return
        if key in (Qt.Key.Key_Space, Qt.Key.Key_Slash):
            self.toggle_direction()
            return
        # the key's text, not its key code: a Russian layout types Cyrillic letters (the
        # session reads them through the game's alphabet: Ё is placed as Е)
        text = event.text()
        if len(text) == 1 and text.isalpha() and not (
                event.modifiers() & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier)):
            if self.cursor is None:
                self.set_cursor(Coord(*self.layout_data.start))
            self.letter_typed.emit(text.upper(), self.cursor)
            return
        super().keyPressEvent(event)

    def focusOutEvent(self, event) -> None:
        super().focusOutEvent(event)

    def set_square_states(self, states: dict[Coord, SquareState]) -> None:
        """Update the squares named in ``states`` (the others keep theirs)."""
        for coord, st in states.items():
            sq = self.squares[coord]
            want = self.direction if coord == self.cursor else None
            if st.cursor != want:
                st = _replace(st, cursor=want)
            sq.set_state(st)


def _replace(state: SquareState, **changes) -> SquareState:
    from dataclasses import replace

    return replace(state, **changes)
