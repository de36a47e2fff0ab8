"""The rack: a row of tiles that can be dragged, clicked, Ctrl+clicked and reordered."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QPoint, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QDrag, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QApplication, QSizePolicy, QWidget

from .mime import read_tile_mime, tile_mime
from .theme import DEFAULT_THEME, Theme
from .tiles import TileFace, TileView, paint_tile

GAP = 0.12  # space between tiles, in tile widths


class RackTile(TileView):
    def __init__(self, rack: "RackWidget") -> None:
        super().__init__(None, rack.theme, rack)
        self.rack = rack
        self.tile_id: int | None = None
        self._press: QPoint | None = None
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position().toPoint()
        event.accept()

    def mouseMoveEvent(self, event) -> None:
        if self._press is None or self.tile_id is None or not self.rack.accepting:
            return
        if (event.position().toPoint() - self._press).manhattanLength() < QApplication.startDragDistance():
            return
        self._press = None
        self.rack.start_tile_drag(self)

    def mouseReleaseEvent(self, event) -> None:
        if self._press is not None and event.button() == Qt.MouseButton.LeftButton and self.tile_id is not None:
            self._press = None
            ctrl = bool(event.modifiers() & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.MetaModifier))
            if ctrl:
                self.rack.tile_ctrl_clicked.emit(self.tile_id)
            else:
                self.rack.tile_clicked.emit(self.tile_id)
        event.accept()


class RackWidget(QWidget):
    """Shows the tiles the session lists, in order; tiles are laid out by :meth:`slot_rect`."""

    tile_clicked = Signal(int)
    tile_ctrl_clicked = Signal(int)
    tile_dropped = Signal(int, object, int)  # tile id, origin (Coord or None), insertion index
    background_clicked = Signal()
    enter_pressed = Signal()

    # keys (with the rack focused): Left / Right choose a tile, Shift+Left / Shift+Right move
    # it, Space marks it for exchange (or unmarks it), a letter chooses that letter's tile,
    # Enter plays the tiles placed

    def __init__(self, rack_size: int = 7, theme: Theme = DEFAULT_THEME,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.theme = theme
        self.rack_size = rack_size
        self.accepting = True
        self.hidden_ids: set[int] = set()  # tiles in flight towards the rack: not drawn yet
        self.tiles = [RackTile(self) for _ in range(rack_size)]
        self._faces: list[tuple[int, TileFace]] = []
        self._drop_index: int | None = None
        self.dragging: int | None = None  # the tile being dragged from here
        self.setAcceptDrops(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumHeight(40)
        self.setAccessibleName(self.tr("Rack"))
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # Tab reaches it: keyboard play
        self.key_index = 0  # the tile the keyboard is on (shown while the rack has focus)

    def sizeHint(self) -> QSize:
        return QSize(400, 64)

    # ---------------------------------------------------------------- content
    def set_tiles(self, faces: list[tuple[int, TileFace]]) -> None:
        self._faces = list(faces)
        self.key_index = max(0, min(self.key_index, len(self._faces) - 1))
        self._layout_tiles()
        self.update()

    def key_tile(self) -> int | None:
        """The tile the keyboard is on, or None (an empty rack)."""
        return self._faces[self.key_index][0] if self._faces else None

    def set_key_tile(self, tile_id: int) -> None:
        ids = self.tile_ids()
        if tile_id in ids:
            self.key_index = ids.index(tile_id)
            self.update()

    # ---------------------------------------------------------------- keyboard
    def keyPressEvent(self, event) -> None:
        key, mods = event.key(), event.modifiers()
        n = len(self._faces)
        shift = bool(mods & Qt.KeyboardModifier.ShiftModifier)
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right) and n:
            step = -1 if key == Qt.Key.Key_Left else 1
            target = max(0, min(n - 1, self.key_index + step))
            if shift and self.accepting and target != self.key_index:
                tile_id = self._faces[self.key_index][0]
                # the tile goes before the tile at this index (after it, moving right)
                self.key_index = target
                self.tile_dropped.emit(tile_id, None, target + (1 if step > 0 else 0))
            else:
                self.key_index = target
            self.update()
            return
        if key in (Qt.Key.Key_Home, Qt.Key.Key_End) and n:
            self.key_index = 0 if key == Qt.Key.Key_Home else n - 1
            self.update()
            return
        if key == Qt.Key.Key_Space and n and self.accepting:
            self.tile_ctrl_clicked.emit(self._faces[self.key_index][0])
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.enter_pressed.emit()
            return
        text = event.text().upper()
        if len(text) == 1 and text.isalpha() and n and not mods & (
                Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier):
            faces = [f for _i, f in self._faces]
            order = list(range(self.key_index + 1, n)) + list(range(0, self.key_index + 1))
            for i in order:
                if faces[i].letter == text or (text == "?" and faces[i].blank):
                    self.key_index = i
                    self.update()
                    return
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event) -> None:
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event) -> None:
        super().focusOutEvent(event)
        self.update()

    def tile_ids(self) -> list[int]:
        return [i for i, _ in self._faces]

    def tile_widget(self, tile_id: int) -> RackTile | None:
        for w in self.tiles:
            if w.tile_id == tile_id and w.isVisible():
                return w
        return None

    def tile_size(self) -> int:
        by_width = self.width() / (self.rack_size + (self.rack_size + 1) * GAP)
        return max(16, int(min(self.height() * 0.92, by_width)))

    def slot_rect(self, index: int, count: int | None = None) -> QRect:
        """Where the tile at ``index`` of a rack of ``count`` tiles sits (centred row)."""
        count = len(self._faces) if count is None else count
        t = self.tile_size()
        gap = int(t * GAP)
        total = count * t + max(0, count - 1) * gap
        x0 = (self.width() - total) // 2
        y0 = (self.height() - t) // 2
        return QRect(x0 + index * (t + gap), y0, t, t)

    def insertion_index(self, x: float) -> int:
        """The index a tile dropped at ``x`` goes before."""
        for i in range(len(self._faces)):
            if x < self.slot_rect(i).center().x():
                return i
        return len(self._faces)

    def _layout_tiles(self) -> None:
        for i, w in enumerate(self.tiles):
            if i < len(self._faces):
                tile_id, face = self._faces[i]
                w.tile_id = tile_id
                w.set_face(face)
                w.setGeometry(self.slot_rect(i))
                w.setVisible(tile_id not in self.hidden_ids and tile_id != self.dragging)
                w.setToolTip(self.tr("Drag to the board, click to select, Ctrl+click to mark for "
                                     "exchange"))
            else:
                w.tile_id = None
                w.set_face(None)
                w.hide()

    def set_hidden(self, ids: set[int]) -> None:
        self.hidden_ids = set(ids)
        self._layout_tiles()

    def resizeEvent(self, event) -> None:
        self._layout_tiles()
        super().resizeEvent(event)

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        t = self.tile_size()
        full = self.slot_rect(0, self.rack_size).united(self.slot_rect(self.rack_size - 1, self.rack_size))
        pad = t * 0.3
        r = QRectF(full.left() - pad, self.height() - t * 0.3 - 2, full.width() + 2 * pad, t * 0.3)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#8d6e4a"))
        p.drawRoundedRect(r, t * 0.08, t * 0.08)
        if self.hasFocus() and self._faces:
            # the keyboard's tile: a ring around it
            r = QRectF(self.slot_rect(self.key_index)).adjusted(-2, -2, 2, 2)
            pen = QPen(QColor(self.theme.cursor), max(2.0, t * 0.07))
            pen.setStyle(Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(r, t * 0.14, t * 0.14)
        if self._drop_index is not None:
            slot = self.slot_rect(min(self._drop_index, max(0, len(self._faces) - 1))) if self._faces else self.slot_rect(0, 1)
            x = slot.left() - t * GAP / 2 if self._drop_index < len(self._faces) else slot.right() + t * GAP / 2
            p.setPen(QPen(QColor(self.theme.selected), max(2, t * 0.06)))
            p.drawLine(int(x), slot.top(), int(x), slot.bottom())
        p.end()

    # ---------------------------------------------------------------- mouse
    def mouseReleaseEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.background_clicked.emit()
        event.accept()

    def start_tile_drag(self, w: RackTile) -> None:
        face = w.face()
        drag = QDrag(w)
        drag.setMimeData(tile_mime(w.tile_id))
        dpr = w.devicePixelRatioF()
        pm = QPixmap(w.size() * dpr)
        pm.setDevicePixelRatio(dpr)
        pm.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pm)
        if face is not None:
            paint_tile(painter, QRectF(0, 0, w.width(), w.height()), face, self.theme)
        painter.end()
        drag.setPixmap(pm)
        drag.setHotSpot(QPoint(w.width() // 2, w.height() // 2))
        tile_id = w.tile_id
        self.dragging = tile_id
        w.hide()  # the tile is in the hand, not on the rack
        try:
            drag.exec(Qt.DropAction.MoveAction)
        finally:
            # the window may have closed during the drag (its loop runs events): then the
            # rack is gone, and laying it out crashed the program
            if shiboken6.isValid(self):
                self.dragging = None
                self._layout_tiles()

    # ---------------------------------------------------------------- drops
    def dragEnterEvent(self, event) -> None:
        if read_tile_mime(event.mimeData()) is not None and self.accepting:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event) -> None:
        if read_tile_mime(event.mimeData()) is None or not self.accepting:
            event.ignore()
            return
        event.acceptProposedAction()
        idx = self.insertion_index(event.position().x())
        if idx != self._drop_index:
            self._drop_index = idx
            self.update()

    def dragLeaveEvent(self, event) -> None:
        self._drop_index = None
        self.update()

    def dropEvent(self, event) -> None:
        self._drop_index = None
        self.update()
        drag = read_tile_mime(event.mimeData())
        if drag is None or not self.accepting:
            event.ignore()
            return
        event.setDropAction(Qt.DropAction.MoveAction)
        event.accept()
        self.tile_dropped.emit(drag.tile_id, drag.origin, self.insertion_index(event.position().x()))
