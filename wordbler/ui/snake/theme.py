"""Colours and fonts of the Word Snake window, in one immutable object.

The line through the selected tiles tells the state of the word being built three ways at
once, so it reads without colour vision: its colour (blue / orange / grey, a pair that stays
apart for the common colour-vision deficiencies), its pen (solid / dashed / dotted) and a
badge at its end (✓ / ↺ / …), with the same words in the side panel.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont

from wordbler.snake import Preview
from wordbler.ui.common.surface import light_surface


@dataclass(frozen=True, slots=True)
class LineStyle:
    colour: str
    pen: Qt.PenStyle
    badge: str
    label: str


@dataclass(frozen=True, slots=True)
class SnakeTheme:
    background: str = "#ecebe4"
    panel: str = "#f4f1e8"
    button: str = "#e4e1d8"
    board_background: str = "#4a235a"
    board_edge: str = "#2e1538"
    tile_face: str = "#f6dfa8"
    tile_edge: str = "#b58a3c"
    tile_text: str = "#2b2118"
    tile_selected: str = "#fff6d8"
    tile_start: str = "#ffe08a"
    text: str = "#222222"
    muted: str = "#6b6b6b"
    accent: str = "#6c3483"
    good: str = "#1f618d"
    bad: str = "#a93226"
    warn: str = "#b9770e"
    timer_low: str = "#c0392b"
    path_colour: str = "#6c3483"      # a word's path shown on the results board
    font_family: str = "Sans Serif"

    def font(self, pixel_size: float, bold: bool = False) -> QFont:
        f = QFont(self.font_family)
        f.setPixelSize(max(8, int(pixel_size)))
        f.setBold(bold)
        return f

    def line_style(self, state: Preview) -> LineStyle:
        if state is Preview.NEW_WORD:
            return LineStyle("#1f77b4", Qt.PenStyle.SolidLine, "✓", "new word")
        if state is Preview.PLAYED:
            return LineStyle("#e67e22", Qt.PenStyle.DashLine, "↺", "already played")
        return LineStyle("#7f8c8d", Qt.PenStyle.DotLine, "…", "not a word yet")

    def apply_surface(self, widget, background: str | None = None) -> None:
        """The theme's light surface on ``widget``, whatever the system palette (light or
        dark): every role a child widget reads (see :mod:`wordbler.ui.common.surface`)."""
        light_surface(widget, window=background or self.background, button=self.button,
                      text=self.text, muted=self.muted, panel=self.panel, link=self.good)


DEFAULT_THEME = SnakeTheme()
