"""A light surface whatever the desktop's palette: every role a child widget reads.

The puzzle games keep a light look of their own (paper-like boards).  Setting only the
background and text left the rest to the system palette: on a dark desktop, or after the
board game's View > Theme > Dark (a dark palette for the whole program), menu titles came out
near-white on beige, tab labels dark on dark grey and buttons dark on the light page."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QWidget


def light_surface(widget: QWidget, *, window: str, button: str, text: str, muted: str,
                  panel: str, link: str) -> None:
    """Give ``widget`` (and its children) a light palette: the colours given for the page,
    buttons, text, disabled or placeholder text, alternate rows and links; the selection
    colours stay the system's."""
    system = widget.palette()
    pal = QPalette(QColor(button), QColor(window))
    roles = ((QPalette.ColorRole.WindowText, text), (QPalette.ColorRole.Text, text),
             (QPalette.ColorRole.ButtonText, text), (QPalette.ColorRole.Base, "#ffffff"),
             (QPalette.ColorRole.AlternateBase, panel),
             (QPalette.ColorRole.ToolTipBase, "#ffffdc"),
             (QPalette.ColorRole.ToolTipText, text),
             (QPalette.ColorRole.PlaceholderText, muted),
             (QPalette.ColorRole.Link, link))
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
        for role, colour in roles:
            pal.setColor(group, role, QColor(colour))
        for role in (QPalette.ColorRole.Highlight, QPalette.ColorRole.HighlightedText):
            pal.setColor(group, role, system.color(group, role))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text,
                 QPalette.ColorRole.ButtonText):
        pal.setColor(QPalette.ColorGroup.Disabled, role, QColor(muted))
    widget.setPalette(pal)
    widget.setAutoFillBackground(True)
