"""Painting a tile, and the small widgets that show one (rack tiles, flying tiles, draw tiles).

Every size is a fraction of the rectangle being painted, so tiles scale with the window.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Property, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from .theme import DEFAULT_THEME, Theme


@dataclass(frozen=True, slots=True)
class TileFace:
    """What a tile shows.  ``letter`` is the face ('' for an unnamed blank)."""

    letter: str
    value: int
    blank: bool = False
    pending: bool = False  # placed this turn, not yet played
    last_move: bool = False
    selected: bool = False
    marked: bool = False  # marked for exchange
    face_down: bool = False


def paint_tile(painter: QPainter, rect: QRectF, face: TileFace, theme: Theme = DEFAULT_THEME) -> None:
    side = min(rect.width(), rect.height())
    r = QRectF(rect)
    inset = max(0.5, side * 0.04)
    r.adjust(inset, inset, -inset, -inset)
    radius = side * 0.12
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    # shadow
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 60))
    painter.drawRoundedRect(r.translated(side * 0.03, side * 0.04), radius, radius)
    if face.face_down:
        painter.setBrush(QColor(theme.tile_edge))
        painter.drawRoundedRect(r, radius, radius)
        painter.restore()
        return
    base = QColor(theme.tile_face_pending if face.pending else theme.tile_face)
    if face.marked:
        base = QColor(theme.marked).lighter(170)
    painter.setBrush(base)
    edge_width = max(1.0, side * 0.035)
    edge = QColor(theme.tile_edge)
    if face.marked:
        edge, edge_width = QColor(theme.marked), max(2.0, side * 0.08)
    if face.last_move:
        edge, edge_width = QColor(theme.last_move), max(2.0, side * 0.08)
    if face.selected:
        edge, edge_width = QColor(theme.selected), max(2.0, side * 0.1)
    painter.setPen(QPen(edge, edge_width))
    painter.drawRoundedRect(r, radius, radius)
    # letter
    if face.letter:
        painter.setPen(QColor(theme.blank_text if face.blank else theme.tile_text))
        painter.setFont(theme.font(side * 0.56, bold=True))
        letter_rect = QRectF(r.left(), r.top(), r.width() * (0.92 if face.blank else 0.86), r.height() * 0.94)
        painter.drawText(letter_rect, Qt.AlignmentFlag.AlignCenter, face.letter)
    if face.blank:
        # a blank is marked by a small ring in its corner: it scores 0
        painter.setPen(QPen(QColor(theme.blank_text), max(1.0, side * 0.03)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        d = side * 0.14
        painter.drawEllipse(QPointF(r.right() - d * 1.1, r.bottom() - d * 1.1), d * 0.5, d * 0.5)
    elif face.value or face.letter:
        painter.setPen(QColor(theme.tile_value))
        painter.setFont(theme.font(side * 0.24, bold=True))
        vr = QRectF(r.left(), r.top(), r.width() - side * 0.07, r.height() - side * 0.03)
        painter.drawText(vr, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom, str(face.value))
    if face.marked:
        painter.setPen(QColor(theme.marked))
        painter.setFont(theme.font(side * 0.22, bold=True))
        painter.drawText(QRectF(r.left() + side * 0.08, r.top() + side * 0.02, r.width(), r.height()),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, "⇄")
    painter.restore()


class TileView(QWidget):
    """A widget that paints one tile face (used in the rack, the first draw and flights)."""

    def __init__(self, face: TileFace | None = None, theme: Theme = DEFAULT_THEME,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._face = face
        self._theme = theme
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, False)

    def face(self) -> TileFace | None:
        return self._face

    def set_face(self, face: TileFace | None) -> None:
        if face != self._face:
            self._face = face
            self.update()

    def sizeHint(self) -> QSize:
        return QSize(40, 40)

    def paintEvent(self, event) -> None:
        if self._face is None:
            return
        p = QPainter(self)
        paint_tile(p, QRectF(self.rect()), self._face, self._theme)
        p.end()


class FlipTileView(TileView):
    """A tile that can be turned over: ``flip`` 0 shows its back, 1 its face; in between it
    narrows and widens like a card turning (animated with QPropertyAnimation)."""

    def __init__(self, face: TileFace, theme: Theme = DEFAULT_THEME, parent: QWidget | None = None) -> None:
        super().__init__(face, theme, parent)
        self._flip = 1.0

    def _get_flip(self) -> float:
        return self._flip

    def _set_flip(self, value: float) -> None:
        self._flip = max(0.0, min(1.0, value))
        self.update()

    flip = Property(float, _get_flip, _set_flip)

    def paintEvent(self, event) -> None:
        face = self.face()
        if face is None:
            return
        import math

        p = QPainter(self)
        width = abs(math.cos(math.pi * self._flip)) * self.width()
        shown = face if self._flip >= 0.5 else TileFace("", 0, face_down=True)
        rect = QRectF((self.width() - width) / 2, 0, max(1.0, width), self.height())
        paint_tile(p, rect, shown, self._theme)
        p.end()
