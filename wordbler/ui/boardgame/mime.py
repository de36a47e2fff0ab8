"""The drag payload of a tile: ``application/x-wordbler-tile``.

It names the tile and where it comes from, never a pixmap or a letter::

    {"tile": 17, "origin": "rack"}            # from the rack
    {"tile": 17, "origin": "board", "row": 7, "col": 8}
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from PySide6.QtCore import QByteArray, QMimeData

from wordbler.boardgame.model import Coord

TILE_MIME = "application/x-wordbler-tile"
MASCOT_MIME = "application/x-wordbler-mascot"


@dataclass(frozen=True, slots=True)
class TileDrag:
    tile_id: int
    origin: Coord | None  # None: the rack

    @property
    def from_rack(self) -> bool:
        return self.origin is None


def tile_mime(tile_id: int, origin: Coord | None = None) -> QMimeData:
    payload: dict = {"tile": tile_id, "origin": "rack" if origin is None else "board"}
    if origin is not None:
        payload.update(row=origin.row, col=origin.col)
    mime = QMimeData()
    mime.setData(TILE_MIME, QByteArray(json.dumps(payload).encode()))
    return mime


def read_tile_mime(mime: QMimeData) -> TileDrag | None:
    """The drag described by ``mime``, or None if it is not a (well-formed) tile drag."""
    if not mime.hasFormat(TILE_MIME):
        return None
    try:
        data = json.loads(bytes(mime.data(TILE_MIME).data()).decode())
        tile_id = int(data["tile"])
        if data["origin"] == "rack":
            return TileDrag(tile_id, None)
        if data["origin"] == "board":
            return TileDrag(tile_id, Coord(int(data["row"]), int(data["col"])))
    except (ValueError, KeyError, TypeError):
        return None
    return None


def mascot_mime(name: str) -> QMimeData:
    mime = QMimeData()
    mime.setData(MASCOT_MIME, QByteArray(name.encode()))
    return mime


def read_mascot_mime(mime: QMimeData) -> str | None:
    if not mime.hasFormat(MASCOT_MIME):
        return None
    try:
        return bytes(mime.data(MASCOT_MIME).data()).decode() or None
    except UnicodeDecodeError:
        return None
