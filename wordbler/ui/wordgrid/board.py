"""The grid: one painted widget; drag and drop, click-click and keyboard swaps.

The board holds no rules.  It shows what :meth:`GridBoard.show_state` gives it (letters,
marks, which cells are locked) and emits :attr:`swap_requested` with two cell indices when a
person drags a letter onto another, clicks one letter then another, or picks with Space at
the keyboard cursor and swaps with Space at another cell.  A locked (green) letter cannot be
picked; :attr:`refused` says so.

The drag is done with the mouse events themselves (press, move past the drag distance,
release over a cell), so a floating tile follows the pointer inside the board.
"""

from __future__ import annotations

from PySide6.QtCore import (QEasingCurve, QPointF, QRectF, QSequentialAnimationGroup, Qt,
                            QVariantAnimation, Signal)
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QApplication, QSizePolicy, QWidget

from wordbler.wordgrid.feedback import Mark
from wordbler.wordgrid.grid import Layout, layout

from .palette import STANDARD, Palette


class GridBoard(QWidget):
    swap_requested = Signal(int, int)
    refused = Signal(str)
    animation_finished = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(220, 220)
        self.setAccessibleName(self.tr("Word grid"))
        self.palette_ = STANDARD
        self.lay: Layout = layout(5)
        self.letters: list[str] = [""] * self.lay.n_cells
        self.marks: list[Mark | None] = [Mark.GREY] * self.lay.n_cells
        self.locked: list[bool] = [False] * self.lay.n_cells
        self.interactive = True
        self.selected: int | None = None
        self.cursor = 0
        self._press: tuple[int, QPointF] | None = None
        self._drag_pos: QPointF | None = None
        self._hover: int | None = None
        self._flight: tuple[int, int, float] | None = None  # cells a, b and progress
        self._anim: QSequentialAnimationGroup | None = None
        self.swap_ms = 420

    # ---- state ---------------------------------------------------------------------
    def show_state(self, size: int, letters, marks, locked, *, interactive: bool = True) -> None:
        lay = layout(size)
        if lay is not self.lay:
            self.lay = lay
            self.cursor = 0
        self.letters = list(letters)
        self.marks = list(marks)
        self.locked = list(locked)
        self.interactive = interactive
        if self.selected is not None and (not interactive or self.locked[self.selected]):
            self.selected = None
        if not interactive:
            self._press = self._drag_pos = None
        self.update()

    def set_palette(self, palette: Palette) -> None:
        self.palette_ = palette
        self.update()

    def animating(self) -> bool:
        return self._anim is not None

    def animate_swaps(self, swaps, marks_after=None) -> None:
        """Play swaps one after another (letters fly between cells), then show
        ``marks_after``; emits :attr:`animation_finished`."""
        self.stop_animation()
        group = QSequentialAnimationGroup(self)
        for a, b in swaps:
            anim = QVariantAnimation(group)
            anim.setStartValue(0.0)
            anim.setEndValue(1.0)
            anim.setDuration(self.swap_ms)
            anim.setEasingCurve(QEasingCurve.Type.InOutQuad)
            anim.valueChanged.connect(lambda v, a=a, b=b: self._fly(a, b, float(v)))
            anim.finished.connect(lambda a=a, b=b: self._land(a, b))
            group.addAnimation(anim)

        def done():
            self._anim = None
            self._flight = None
            if marks_after is not None:
                self.marks = list(marks_after)
            self.update()
            self.animation_finished.emit()

        group.finished.connect(done)
        self._anim = group
        self.interactive = False
        group.start()

    def stop_animation(self) -> None:
        if self._anim is not None:
            anim, self._anim = self._anim, None
            anim.stop()
            anim.deleteLater()
            self._flight = None

    def _fly(self, a: int, b: int, t: float) -> None:
        self._flight = (a, b, t)
        self.update()

    def _land(self, a: int, b: int) -> None:
        self.letters[a], self.letters[b] = self.letters[b], self.letters[a]
        self._flight = None
        self.update()

    # ---- geometry ------------------------------------------------------------------
    def _metrics(self) -> tuple[float, float, float]:
        n = self.lay.size
        side = min(self.width(), self.height()) * 0.96
        cell = side / n
        x0 = (self.width() - side) / 2
        y0 = (self.height() - side) / 2
        return x0, y0, cell

    def cell_rect(self, i: int) -> QRectF:
        x0, y0, cell = self._metrics()
        r, c = self.lay.coords[i]
        gap = cell * 0.07
        return QRectF(x0 + c * cell + gap / 2, y0 + r * cell + gap / 2, cell - gap, cell - gap)

    def cell_at(self, pos: QPointF) -> int | None:
        x0, y0, cell = self._metrics()
        c = int((pos.x() - x0) // cell)
        r = int((pos.y() - y0) // cell)
        i = self.lay.index.get((r, c))
        if i is None or not self.cell_rect(i).contains(pos):
            return None
        return i

    # ---- painting ------------------------------------------------------------------
    def paintEvent(self, event) -> None:  # noqa: N802 - Qt's name
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette_
        p.fillRect(self.rect(), QColor(pal.background))
        dragging = self._press is not None and self._drag_pos is not None
        drag_src = self._press[0] if dragging else None
        for i in range(self.lay.n_cells):
            rect = self.cell_rect(i)
            if self._flight is not None and i in self._flight[:2]:
                self._paint_slot(p, rect)
                continue
            if i == drag_src:
                self._paint_slot(p, rect)
                continue
            self._paint_tile(p, rect, self.letters[i], self.marks[i])
            if i == self.selected:
                p.setPen(QPen(QColor(pal.selected), max(3.0, rect.width() * 0.07)))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(rect.adjusted(-2, -2, 2, 2), rect.width() * 0.14, rect.width() * 0.14)
            if dragging and i == self._hover and i != drag_src:
                p.setPen(QPen(QColor(pal.selected), max(2.0, rect.width() * 0.05), Qt.PenStyle.DashLine))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(rect.adjusted(-1, -1, 1, 1), rect.width() * 0.14, rect.width() * 0.14)
        # keyboard cursor
        if self.hasFocus() and self.interactive:
            rect = self.cell_rect(self.cursor).adjusted(-4, -4, 4, 4)
            p.setPen(QPen(QColor(pal.cursor), max(2.0, rect.width() * 0.04), Qt.PenStyle.DotLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(rect, rect.width() * 0.16, rect.width() * 0.16)
        if self._flight is not None:
            a, b, t = self._flight
            ra, rb = self.cell_rect(a), self.cell_rect(b)
            lift = -rb.height() * 0.35 * (1 - (2 * t - 1) ** 2)
            for src, dst, letter in ((ra, rb, self.letters[a]), (rb, ra, self.letters[b])):
                r = QRectF(src)
                r.moveCenter(QPointF(src.center().x() + (dst.center().x() - src.center().x()) * t,
                                     src.center().y() + (dst.center().y() - src.center().y()) * t + lift))
                self._paint_tile(p, r, letter, None)
        if dragging:
            src = self._press[0]
            r = QRectF(self.cell_rect(src))
            r.moveCenter(self._drag_pos)
            p.setOpacity(0.92)
            self._paint_tile(p, r.adjusted(-3, -3, 3, 3), self.letters[src], self.marks[src])
            p.setOpacity(1.0)
        p.end()

    def _paint_slot(self, p: QPainter, rect: QRectF) -> None:
        p.setPen(QPen(QColor("#c7c2b6"), 1.5, Qt.PenStyle.DashLine))
        p.setBrush(QColor(self.palette_.hole))
        p.drawRoundedRect(rect, rect.width() * 0.12, rect.width() * 0.12)

    def _paint_tile(self, p: QPainter, rect: QRectF, letter: str, mark: Mark | None) -> None:
        pal = self.palette_
        radius = rect.width() * 0.12
        fill = pal.fill(mark)
        p.setPen(QPen(fill.darker(125), max(1.0, rect.width() * 0.025)))
        p.setBrush(fill)
        p.drawRoundedRect(rect, radius, radius)
        font = QFont()
        font.setPixelSize(max(8, int(rect.height() * 0.56)))
        font.setBold(True)
        p.setFont(font)
        p.setPen(pal.text(mark))
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, letter)
        # the mark that does not rely on colour
        s = rect.width() * 0.2
        corner = QRectF(rect.right() - s * 1.25, rect.top() + s * 0.25, s, s)
        if mark is Mark.GREEN:
            path = QPainterPath()
            path.moveTo(corner.left(), corner.center().y())
            path.lineTo(corner.left() + s * 0.38, corner.bottom() - s * 0.1)
            path.lineTo(corner.right(), corner.top() + s * 0.1)
            p.setPen(QPen(pal.text(mark), max(1.5, s * 0.22), Qt.PenStyle.SolidLine,
                          Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(path)
        elif mark is Mark.YELLOW:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(pal.text(mark))
            d = s * 0.62
            p.drawEllipse(QRectF(corner.center().x() - d / 2, corner.center().y() - d / 2, d, d))

    # ---- mouse ---------------------------------------------------------------------
    def mousePressEvent(self, event) -> None:  # noqa: N802
        if event.button() != Qt.MouseButton.LeftButton or not self.interactive:
            return
        i = self.cell_at(event.position())
        if i is None:
            return
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        self.cursor = i
        if self.locked[i]:
            self.refused.emit(self.tr("That letter is green: it is in its place and locked."))
            self._press = None
            self.update()
            return
        self._press = (i, event.position())
        self._drag_pos = None
        self.update()

    def mouseMoveEvent(self, event) -> None:  # noqa: N802
        if self._press is None:
            return
        pos = event.position()
        if self._drag_pos is None:
            if (pos - self._press[1]).manhattanLength() < QApplication.startDragDistance():
                return
            self.selected = None
        self._drag_pos = pos
        self._hover = self.cell_at(pos)
        self.update()

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802
        if event.button() != Qt.MouseButton.LeftButton or self._press is None:
            return
        src, _ = self._press
        dragged = self._drag_pos is not None
        self._press = self._drag_pos = self._hover = None
        if dragged:
            dst = self.cell_at(event.position())
            if dst is not None and dst != src:
                if self.locked[dst]:
                    self.refused.emit(self.tr("That letter is green: it is in its place and locked."))
                else:
                    self.cursor = dst
                    self.swap_requested.emit(src, dst)
            self.update()
            return
        self._click(src)

    def _click(self, i: int) -> None:
        if self.selected is None:
            self.selected = i
        elif self.selected == i:
            self.selected = None
        else:
            a, self.selected = self.selected, None
            self.swap_requested.emit(a, i)
        self.update()

    # ---- keyboard ------------------------------------------------------------------
    def keyPressEvent(self, event) -> None:  # noqa: N802
        key = event.key()
        moves = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1),
                 Qt.Key.Key_Up: (-1, 0), Qt.Key.Key_Down: (1, 0)}
        if key in moves:
            self._move_cursor(*moves[key])
            return
        if key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.interactive:
            i = self.cursor
            if self.locked[i] and self.selected is None:
                self.refused.emit(self.tr("That letter is green: it is in its place and locked."))
                return
            if self.locked[i]:
                self.refused.emit(self.tr("That letter is green: it is in its place and locked."))
                return
            self._click(i)
            return
        if key == Qt.Key.Key_Escape and self.selected is not None:
            self.selected = None
            self.update()
            return
        super().keyPressEvent(event)

    def _move_cursor(self, dr: int, dc: int) -> None:
        n = self.lay.size
        r, c = self.lay.coords[self.cursor]
        for _ in range(n):
            r, c = (r + dr) % n, (c + dc) % n
            i = self.lay.index.get((r, c))
            if i is not None:
                self.cursor = i
                break
        self.update()

    def focusInEvent(self, event) -> None:  # noqa: N802
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event) -> None:  # noqa: N802
        super().focusOutEvent(event)
        self.update()
