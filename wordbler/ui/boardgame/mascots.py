"""The bundled mascots (``resources/mascots/*.svg``), drawn with QSvgRenderer at any size."""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QByteArray, QRectF
from PySide6.QtGui import QPainter
from PySide6.QtSvg import QSvgRenderer

from wordbler.datafiles import data_path

MASCOT_DIR = ("resources", "mascots")


def mascot_names() -> list[str]:
    """Names of the bundled mascots (file stems), sorted."""
    folder = data_path(*MASCOT_DIR)
    return sorted(p.stem for p in folder.glob("*.svg"))


def mascot_title(name: str) -> str:
    return name.replace("-", " ").replace("_", " ").title()


@lru_cache(maxsize=64)
def _svg_bytes(name: str) -> bytes | None:
    # the files' contents are immutable data; renderers (QObjects) are made per widget
    path = data_path(*MASCOT_DIR, f"{name}.svg")
    try:
        return path.read_bytes()
    except OSError:
        return None


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
