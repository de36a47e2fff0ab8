"""The bundled mascots (``resources/mascots/*.svg``), drawn with QSvgRenderer at any size."""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QRectF
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
def _renderer(name: str) -> QSvgRenderer | None:
    # a cache of read-only renderers keyed by file name: no game state lives here
    path = data_path(*MASCOT_DIR, f"{name}.svg")
    if not path.is_file():
        return None
    renderer = QSvgRenderer(str(path))
    return renderer if renderer.isValid() else None


def paint_mascot(painter: QPainter, rect: QRectF, name: str | None) -> bool:
    """Draw mascot ``name`` in ``rect`` (keeping its aspect); False if there is none."""
    renderer = _renderer(name) if name else None
    if renderer is None:
        return False
    side = min(rect.width(), rect.height())
    square = QRectF(rect.center().x() - side / 2, rect.center().y() - side / 2, side, side)
    renderer.render(painter, square)
    return True


def default_mascots(n: int) -> list[str]:
    """``n`` distinct mascots for players who did not pick one."""
    names = mascot_names()
    return [names[i % len(names)] for i in range(n)] if names else [None] * n
