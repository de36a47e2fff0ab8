"""Checks of a window's colours under a dark program palette (a dark desktop, or the board
game's View > Theme > Dark), shared by the games' window tests."""

from __future__ import annotations

import contextlib
import itertools

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication


def contrast(a: QColor, b: QColor) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    def lum(c):
        def ch(v):
            v = v / 255
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
        return 0.2126 * ch(c.red()) + 0.7152 * ch(c.green()) + 0.0722 * ch(c.blue())
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@contextlib.contextmanager
def dark_program_palette():
    """The application's palette dark (Breeze Dark's main roles) while the block runs."""
    app = QApplication.instance()
    before = app.palette()
    dark = QPalette(QColor("#31363b"), QColor("#232629"))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text,
                 QPalette.ColorRole.ButtonText):
        dark.setColor(role, QColor("#fcfcfc"))
    dark.setColor(QPalette.ColorRole.Base, QColor("#1b1e20"))
    app.setPalette(dark)
    try:
        yield dark
    finally:
        app.setPalette(before)


def unreadable(widget, minimum: float = 4.5) -> list[tuple]:
    """The text-on-ground role pairs of ``widget``'s palette that read below ``minimum``:
    the styles draw a role's text on another role's ground (menu titles: button text on the
    window; tabs: window text on a button shade), so every pair must read."""
    R = QPalette.ColorRole
    pal = widget.palette()
    return [(type(widget).__name__, text, pal.color(text).name(), pal.color(ground).name())
            for text, ground in itertools.product((R.WindowText, R.ButtonText, R.Text),
                                                  (R.Window, R.Button, R.Base))
            if contrast(pal.color(text), pal.color(ground)) < minimum]
