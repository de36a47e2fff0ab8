"""Side panels: one per player (mascot, name, score, turn marker) and the bag."""

from __future__ import annotations

from PySide6.QtCore import Property, QPointF, QRect, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (QFrame, QHBoxLayout, QLabel, QSizePolicy, QStyledItemDelegate,
                               QStyleOptionViewItem, QTreeView, QVBoxLayout, QWidget)

from .mascots import mascot_renderer, mascot_title, paint_mascot
from .session import PlayerView
from .theme import DEFAULT_THEME, Theme


class ElidedLabel(QLabel):
    """A one-line label that ends in "…" when its text does not fit (full text as tooltip)."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = text
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(20)
        self._elide()

    def full_text(self) -> str:
        return self._full

    def set_full_text(self, text: str) -> None:
        if text != self._full:
            self._full = text
            self.updateGeometry()  # a subclass's size hint may follow the whole text
            self._elide()

    def _elide(self) -> None:
        shown = self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideRight, max(10, self.width()))
        super().setText(shown)
        self.setToolTip(self._full if shown != self._full else "")

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._elide()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == event.Type.FontChange:
            self.updateGeometry()
            self._elide()

    def minimumSizeHint(self) -> QSize:
        return QSize(20, super().minimumSizeHint().height())


class WrappingDelegate(QStyledItemDelegate):
    """For a list with word wrap: each row as tall as its text wrapped at the column's
    present width (Qt's own row height ignores the width, so a long line was cut with "…");
    the rows are measured again whenever a column changes width."""

    def __init__(self, view: QTreeView) -> None:
        super().__init__(view)
        self.view = view
        self._again = False
        view.header().sectionResized.connect(self._relayout)

    def _relayout(self, *_args) -> None:
        if not self._again:
            self._again = True
            QTimer.singleShot(0, self, self._do_relayout)

    def _do_relayout(self) -> None:
        self._again = False
        self.view.doItemsLayout()

    def sizeHint(self, option, index) -> QSize:
        width = self.view.header().sectionSize(index.column())
        if index.column() == 0:  # the tree's indentation (and its arrows) come off
            depth, parent = 0, index.parent()
            while parent.isValid():
                depth, parent = depth + 1, parent.parent()
            width -= self.view.indentation() * (depth + (1 if self.view.rootIsDecorated() else 0))
        opt = QStyleOptionViewItem(option)
        opt.rect = QRect(0, 0, max(10, width), 10000)
        return super().sizeHint(opt, index)


class MascotView(QWidget):
    """A mascot drawn from its SVG at any size; clicking it emits :attr:`clicked`."""

    clicked = Signal()

    def __init__(self, mascot: str | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._mascot = mascot
        self._renderer = mascot_renderer(mascot)
        self.setMinimumSize(24, 24)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)

    def mascot(self) -> str | None:
        return self._mascot

    def set_mascot(self, name: str | None) -> None:
        if name != self._mascot:
            self._mascot = name
            self._renderer = mascot_renderer(name)
            self.update()

    def sizeHint(self) -> QSize:
        return QSize(48, 48)

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if not paint_mascot(p, QRectF(self.rect()).adjusted(2, 2, -2, -2), self._mascot, self._renderer):
            p.setPen(QPen(QColor("#999999"), 2, Qt.PenStyle.DashLine))
            p.drawEllipse(QRectF(self.rect()).adjusted(4, 4, -4, -4))
        p.end()

    def mouseReleaseEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit()
        event.accept()


class PlayerPanel(QFrame):
    """Name, mascot, score and a turn marker for one player."""

    mascot_clicked = Signal(int)  # player index

    def __init__(self, index: int, theme: Theme = DEFAULT_THEME, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.index = index
        self.theme = theme
        self.setObjectName("PlayerPanel")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.mascot = MascotView(None, self)
        self.mascot.setCursor(Qt.CursorShape.PointingHandCursor)
        self.mascot.setToolTip(self.tr("Click to see this player's score history"))
        self.marker = QLabel("▶", self)
        self.name = ElidedLabel("", self)
        self.detail = ElidedLabel("", self)
        self.score = QLabel("0", self)
        self.score.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.name.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        text = QVBoxLayout()
        text.setSpacing(0)
        text.addWidget(self.name)
        text.addWidget(self.detail)
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 4, 8, 4)
        row.addWidget(self.marker)
        row.addWidget(self.mascot)
        row.addLayout(text, 1)
        row.addWidget(self.score)
        self.mascot.clicked.connect(lambda: self.mascot_clicked.emit(self.index))
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.view: PlayerView | None = None

    def set_view(self, view: PlayerView) -> None:
        self.view = view
        self.mascot.set_mascot(view.mascot)
        self.name.set_full_text(view.name)
        kind = f"computer · {view.computer}" if view.computer else (mascot_title(view.mascot) if view.mascot else "")
        self.detail.set_full_text(kind)
        self.score.setText(str(view.score))
        self.marker.setVisible(True)
        self.marker.setText("▶" if view.is_current else " ")
        self.setProperty("current", view.is_current)
        bg = self.theme.current_player if view.is_current else self.theme.panel_background
        border = self.theme.last_move if view.is_current else self.theme.player_border
        self.setStyleSheet(
            f"QFrame#PlayerPanel {{ background: {bg}; border: 2px solid {border}; border-radius: 6px; }}"
            f"QLabel {{ color: {self.theme.text}; }}")
        self.setAccessibleName(self.tr("{name}, {score} points")
                               .format(name=view.name,
                                       score=view.score) + (self.tr(", to play") if view.is_current else ""))

    def set_scale(self, unit: float) -> None:
        """``unit``: a board square's size in pixels; everything follows it."""
        self.mascot.setFixedSize(int(max(20, unit * 1.6)), int(max(20, unit * 1.6)))
        self.name.setFont(self.theme.font(max(12, unit * 0.52), bold=True))
        self.detail.setFont(self.theme.font(max(10, unit * 0.36)))
        self.score.setFont(self.theme.font(max(14, unit * 0.8), bold=True))
        self.marker.setFont(self.theme.font(max(10, unit * 0.5), bold=True))
        self.marker.setStyleSheet(f"color: {self.theme.last_move}")
        self.detail.setStyleSheet(f"color: {self.theme.muted_text}")


class BagWidget(QWidget):
    """The bag with the number of tiles left.  ``shake`` is animated before a draw."""

    def __init__(self, theme: Theme = DEFAULT_THEME, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.theme = theme
        self._count = 0
        self._shake = 0.0
        self.setMinimumSize(48, 48)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setAccessibleName(self.tr("Bag"))

    def count(self) -> int:
        return self._count

    def set_count(self, n: int) -> None:
        if n != self._count:
            self._count = n
            self.setToolTip((self.tr("{n} tile in the bag") if n == 1
                             else self.tr("{n} tiles in the bag")).format(n=n))
            self.setAccessibleName(self.tr("Bag: {n} tiles").format(n=n))
            self.update()

    def _get_shake(self) -> float:
        return self._shake

    def _set_shake(self, v: float) -> None:
        self._shake = v
        self.update()

    shake = Property(float, _get_shake, _set_shake)

    def sizeHint(self) -> QSize:
        return QSize(64, 64)

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        w, h = self.width(), self.height()
        p.translate(w / 2 + self._shake * w * 0.06, h / 2)
        p.rotate(self._shake * 4)
        s = min(w, h) / 2 * 0.92
        body = QPainterPath()
        body.moveTo(-s * 0.45, -s * 0.55)
        body.cubicTo(-s * 1.05, -s * 0.1, -s * 1.0, s * 0.95, 0, s * 0.95)
        body.cubicTo(s * 1.0, s * 0.95, s * 1.05, -s * 0.1, s * 0.45, -s * 0.55)
        body.closeSubpath()
        p.setPen(QPen(QColor("#4a2f1b"), max(1.5, s * 0.05)))
        p.setBrush(QColor("#a8744a"))
        p.drawPath(body)
        p.setBrush(QColor("#c48f5e"))
        p.drawEllipse(QPointF(0, -s * 0.62), s * 0.5, s * 0.16)
        p.setPen(QPen(QColor("#d8b24a"), max(2.0, s * 0.08)))
        p.drawLine(QPointF(-s * 0.42, -s * 0.45), QPointF(s * 0.42, -s * 0.45))
        p.setPen(QColor("#fff8e8"))
        p.setFont(self.theme.font(s * 0.62, bold=True))
        p.drawText(QRectF(-s, -s * 0.3, 2 * s, s * 1.1), Qt.AlignmentFlag.AlignCenter, str(self._count))
        p.end()
