"""Fitting windows to the screen they open on, at any scale factor."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

MARGIN = 0.95  # of the available screen a window may take at most


def available_size(widget: QWidget | None = None) -> QSize:
    """The available area (logical pixels, without task bars) of the widget's screen."""
    screen = widget.screen() if widget is not None else None
    if screen is None:
        screen = QGuiApplication.primaryScreen()
    if screen is None:  # no screen at all (should not happen): a modest default
        return QSize(1024, 700)
    return screen.availableGeometry().size()


def fit_to_screen(window: QWidget, preferred: QSize) -> QSize:
    """Resize ``window`` to ``preferred``, shrunk to fit the available screen (never below the
    window's minimum size), and centre it there.  Returns the size given."""
    avail = available_size(window)
    w = min(preferred.width(), int(avail.width() * MARGIN))
    h = min(preferred.height(), int(avail.height() * MARGIN))
    size = QSize(max(w, window.minimumWidth()), max(h, window.minimumHeight()))
    window.resize(size)
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is not None:
        geo = screen.availableGeometry()
        window.move(geo.x() + max(0, (geo.width() - size.width()) // 2),
                    geo.y() + max(0, (geo.height() - size.height()) // 2))
    return size
