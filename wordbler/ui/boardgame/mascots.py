"""The bundled mascots (``resources/mascots/*.svg``), drawn with QSvgRenderer at any size.

A mascot is named by its id (the file stem, e.g. ``owl``), one of a fixed set
(:func:`wordbler.boardgame.savegame.known_mascots`).  A name that is not one of them (from a
save file, say ``../../etc/x``) draws nothing: a name is never made into a path.
"""

from __future__ import annotations

import os
import stat
from functools import lru_cache

from PySide6.QtCore import QByteArray, QRectF
from PySide6.QtGui import QPainter
from PySide6.QtSvg import QSvgRenderer

from wordbler.boardgame.savegame import known_mascots
from wordbler.datafiles import data_path

MASCOT_DIR = ("resources", "mascots")
MAX_SVG_BYTES = 1024 * 1024  # a bundled mascot is a few kB


def mascot_names() -> list[str]:
    """Ids of the bundled mascots (file stems), sorted."""
    return sorted(known_mascots())


def mascot_title(name: str) -> str:
    return name.replace("-", " ").replace("_", " ").title()


@lru_cache(maxsize=64)
def _svg_bytes(name: str) -> bytes | None:
    # the files' contents are immutable data; renderers (QObjects) are made per widget
    if not isinstance(name, str) or name not in known_mascots():
        return None  # only the fixed set: never a path from a file
    path = data_path(*MASCOT_DIR, f"{name}.svg")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_SVG_BYTES:
            return None
        with os.fdopen(os.dup(fd), "rb") as f:
            data = f.read(MAX_SVG_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    return data if len(data) <= MAX_SVG_BYTES else None


def mascot_renderer(name: str | None) -> QSvgRenderer | None:
    """A new renderer for mascot ``name``, or None if there is no such (valid) mascot."""
    data = _svg_bytes(name) if name else None
    if data is None:
        return None
    renderer = QSvgRenderer(QByteArray(data))
    return renderer if renderer.isValid() else None


def paint_mascot(painter: QPainter, rect: QRectF, name: str | None,
                 renderer: QSvgRenderer | None = None) -> bool:
    """Draw mascot ``name`` (or ``renderer``) in ``rect``, keeping its aspect; False if none."""
    renderer = renderer or mascot_renderer(name)
    if renderer is None:
        return False
    side = min(rect.width(), rect.height())
    square = QRectF(rect.center().x() - side / 2, rect.center().y() - side / 2, side, side)
    renderer.render(painter, square)
    return True


def default_mascots(n: int) -> list[str | None]:
    """``n`` mascots for players who did not pick one (distinct while there are enough)."""
    names = mascot_names()
    return [names[i % len(names)] for i in range(n)] if names else [None] * n
