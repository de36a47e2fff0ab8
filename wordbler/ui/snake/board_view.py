"""The board: tiles painted in one widget, the line through the selected tiles, and the
mouse and keyboard input turned into intents (the session decides what they mean).

A drag enters a tile only near its centre (within :data:`INNER` of the tile's half-width),
so a diagonal move between two tiles does not catch their neighbours.
"""

from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from wordbler.snake import Board, Preview

from .theme import DEFAULT_THEME, SnakeTheme

INNER = 0.78          # part of a tile's half-width that catches a dragging pointer
FLASH_MS = 450


def tile_label(tile: str) -> str:
    """``QU`` shows as ``Qu`` (one tile, two letters)."""
    return tile if len(tile) == 1 else tile[0] + tile[1:].lower()


class BoardView(QWidget):
    """Paints a :class:`~wordbler.snake.Board`; emits what the player does with it."""

    pressed = Signal(object)      # (row, col) under a mouse press
    entered = Signal(object)      # (row, col) entered while the button is held
    released = Signal()
    cleared = Signal()            # right click: drop the path
    typed = Signal(str)           # text of a key press (letters)
    backspace = Signal()
    enter = Signal()
    escape = Signal()
    cover_clicked = Signal()

    def __init__(self, theme: SnakeTheme = DEFAULT_THEME, *, interactive: bool = True,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.theme = theme
        self.interactive = interactive
        self.board: Board | None = None
        self.path: tuple = ()
        self.state: Preview = Preview.EMPTY
        self.show_steps = False          # number the path's tiles (the results board)
        self.cover_text: str | None = None
        self.placeholder = ""
        self._down = False
        self._last_entered = None
        self._flash_path: tuple = ()
        self._flash_colour: str | None = None
        self._flash_timer = QTimer(self)
        self._flash_timer.setSingleShot(True)
        self._flash_timer.timeout.connect(self._end_flash)
        self.setMouseTracking(False)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if interactive else Qt.FocusPolicy.NoFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(220, 220)
        self.setAccessibleName(self.tr("letter board"))

    # ---- content ----------------------------------------------------------------------
    def set_board(self, board: Board | None) -> None:
        self.board = board
        self.path = ()
        self.state = Preview.EMPTY
        self._end_flash()
        self.update()

    def set_path(self, path: Sequence, state: Preview = Preview.EMPTY) -> None:
        self.path = tuple(tuple(c) for c in path)
        self.state = state
        self.update()

    def set_cover(self, text: str | None) -> None:
        """Hide the letters behind ``text`` (paused), or show them again (None)."""
        self.cover_text = text
        self._down = False
        self.update()

    def flash(self, path: Sequence, colour: str) -> None:
        """Light the tiles of a word just submitted for a moment."""
        self._flash_path = tuple(tuple(c) for c in path)
        self._flash_colour = colour
        self._flash_timer.start(FLASH_MS)
        self.update()

    @property
    def flashing(self) -> bool:
        return bool(self._flash_path)

    def _end_flash(self) -> None:
        self._flash_timer.stop()
        self._flash_path = ()
        self._flash_colour = None
        self.update()

    # ---- geometry -----------------------------------------------------------------------
    def _metrics(self) -> tuple[float, float, float, float]:
        """(left, top, tile pitch, margin) of the board inside the widget."""
        b = self.board
        cols, rows = (b.cols, b.rows) if b else (4, 4)
        w, h = self.width(), self.height()
        pitch = min(w / (cols + 0.6), h / (rows + 0.6))   # room for the frame and its edge
        margin = pitch * 0.25
        left = (w - pitch * cols) / 2
        top = (h - pitch * rows) / 2
        return left, top, pitch, margin

    def board_rect(self) -> QRectF:
        b = self.board
        cols, rows = (b.cols, b.rows) if b else (4, 4)
        left, top, pitch, margin = self._metrics()
        return QRectF(left - margin, top - margin, pitch * cols + 2 * margin, pitch * rows + 2 * margin)

    def tile_rect(self, cell) -> QRectF:
        left, top, pitch, _ = self._metrics()
        gap = pitch * 0.07
        r, c = cell
        return QRectF(left + c * pitch + gap, top + r * pitch + gap, pitch - 2 * gap, pitch - 2 * gap)

    def tile_centre(self, cell) -> QPointF:
        return self.tile_rect(cell).center()

    def cell_at(self, pos: QPointF, *, inner: bool = False):
        """The tile under ``pos`` (whole tile, or only near its centre), or None."""
        if self.board is None:
            return None
        left, top, pitch, _ = self._metrics()
        c = int((pos.x() - left) // pitch)
        r = int((pos.y() - top) // pitch)
        if not (0 <= r < self.board.rows and 0 <= c < self.board.cols):
            return None
        if inner:
            centre = QPointF(left + (c + 0.5) * pitch, top + (r + 0.5) * pitch)
            d = pos - centre
            if (d.x() ** 2 + d.y() ** 2) ** 0.5 > INNER * pitch / 2:
                return None
        return (r, c)

    def sizeHint(self) -> QSize:
        return QSize(560, 560)

    def hasHeightForWidth(self) -> bool:
        return False

    # ---- painting -----------------------------------------------------------------------
    def paintEvent(self, _event) -> None:
        t = self.theme
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        rect = self.board_rect()
        _, _, pitch, margin = self._metrics()
        p.setPen(QPen(QColor(t.board_edge), max(1.0, pitch * 0.03)))
        p.setBrush(QColor(t.board_background))
        p.drawRoundedRect(rect, margin, margin)
        if self.board is None or self.cover_text is not None:
            text = self.cover_text if self.cover_text is not None else self.placeholder
            p.setPen(QColor("#ffffff"))
            p.setFont(t.font(min(pitch * 0.42, rect.width() / max(8, len(text) * 0.62)), bold=True))
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, text)
            p.end()
            return
        board = self.board
        path = self.path
        on_path = set(path)
        style = t.line_style(self.state)
        flash = set(self._flash_path)
        for cell in board.coords():
            tr = self.tile_rect(cell)
            face = QColor(t.tile_face)
            edge = QColor(t.tile_edge)
            if cell in flash and self._flash_colour:
                face = QColor(self._flash_colour).lighter(170)
                edge = QColor(self._flash_colour)
            elif cell in on_path:
                face = QColor(t.tile_start if path and cell == path[0] else t.tile_selected)
                edge = QColor(style.colour if not self.show_steps else t.path_colour)
            p.setPen(QPen(edge, max(1.5, pitch * (0.05 if cell in on_path or cell in flash else 0.025))))
            p.setBrush(face)
            p.drawRoundedRect(tr, pitch * 0.12, pitch * 0.12)
        # the line through the path, under the letters
        if len(path) >= 1:
            colour = QColor(t.path_colour if self.show_steps else style.colour)
            colour.setAlpha(170)
            pen = QPen(colour, pitch * 0.16, Qt.PenStyle.SolidLine if self.show_steps else style.pen,
                       Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            line = QPainterPath(self.tile_centre(path[0]))
            for cell in path[1:]:
                line.lineTo(self.tile_centre(cell))
            if len(path) > 1:
                p.drawPath(line)
            else:
                p.setBrush(colour)
                p.drawEllipse(self.tile_centre(path[0]), pitch * 0.09, pitch * 0.09)
        # letters
        p.setPen(QColor(t.tile_text))
        for cell in board.coords():
            tile = board.tile(cell)
            size = pitch * (0.5 if len(tile) == 1 else 0.4)
            p.setFont(t.font(size, bold=True))
            p.drawText(self.tile_rect(cell), Qt.AlignmentFlag.AlignCenter, tile_label(tile))
        # step numbers (results) or the state badge (while building)
        if path and self.show_steps:
            p.setFont(t.font(pitch * 0.17, bold=True))
            for i, cell in enumerate(path, 1):
                tr = self.tile_rect(cell)
                badge = QRectF(tr.left() + pitch * 0.05, tr.top() + pitch * 0.04, pitch * 0.26, pitch * 0.22)
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor(t.path_colour))
                p.drawRoundedRect(badge, pitch * 0.06, pitch * 0.06)
                p.setPen(QColor("#ffffff"))
                p.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(i))
        elif path and self.state is not Preview.EMPTY:
            tr = self.tile_rect(path[-1])
            d = pitch * 0.3
            badge = QRectF(tr.right() - d * 0.85, tr.top() - d * 0.15, d, d)
            p.setPen(QPen(QColor("#ffffff"), max(1.0, pitch * 0.02)))
            p.setBrush(QColor(style.colour))
            p.drawEllipse(badge)
            p.setFont(t.font(d * 0.62, bold=True))
            p.setPen(QColor("#ffffff"))
            p.drawText(badge, Qt.AlignmentFlag.AlignCenter, style.badge)
        p.end()

    # ---- input --------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if not self.interactive:
            return super().mousePressEvent(event)
        if self.cover_text is not None:
            if event.button() == Qt.MouseButton.LeftButton:
                self.cover_clicked.emit()
            return
        if event.button() == Qt.MouseButton.RightButton:
            self.cleared.emit()
            return
        if event.button() != Qt.MouseButton.LeftButton:
            return
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        cell = self.cell_at(event.position())
        if cell is None:
            return
        self._down = True
        self._last_entered = cell
        self.pressed.emit(cell)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if not self._down:
            return
        cell = self.cell_at(event.position(), inner=True)
        if cell is not None and cell != self._last_entered:
            self._last_entered = cell
            self.entered.emit(cell)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._down and event.button() == Qt.MouseButton.LeftButton:
            self._down = False
            self._last_entered = None
            self.released.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self.interactive or self.cover_text is not None:
            return super().keyPressEvent(event)
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.enter.emit()
        elif key == Qt.Key.Key_Backspace:
            self.backspace.emit()
        elif key == Qt.Key.Key_Escape:
            self.escape.emit()
        elif event.text() and event.text().isalpha() and not (
                event.modifiers() & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier)):
            self.typed.emit(event.text())
        else:
            super().keyPressEvent(event)
