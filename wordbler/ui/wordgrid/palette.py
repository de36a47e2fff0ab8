"""Colours of the Word Grid window: two palettes, both told apart by a mark as well.

The standard palette is green / yellow / grey; the colour-blind palette is orange / blue /
grey (the pair that deuteranopes and protanopes tell apart).  Either way a green cell also
carries a check mark and a yellow cell a dot, so the colour is never the only signal.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor

from wordbler.wordgrid.feedback import Mark


@dataclass(frozen=True, slots=True)
class Palette:
    name: str
    green: str
    yellow: str
    grey: str
    revealed: str
    text_on_colour: str = "#ffffff"
    text_on_grey: str = "#1f2328"
    background: str = "#f6f4ef"
    hole: str = "#e6e2d8"
    cursor: str = "#1f6feb"
    selected: str = "#8250df"
    muted: str = "#5d646d"

    def fill(self, mark: Mark | None) -> QColor:
        if mark is Mark.GREEN:
            return QColor(self.green)
        if mark is Mark.YELLOW:
            return QColor(self.yellow)
        if mark is None:
            return QColor(self.revealed)
        return QColor(self.grey)

    def text(self, mark: Mark | None) -> QColor:
        return QColor(self.text_on_grey if mark is Mark.GREY else self.text_on_colour)


STANDARD = Palette("standard", green="#4e9a45", yellow="#d4a017", grey="#d5d8dc",
                   revealed="#57606a")
COLOUR_BLIND = Palette("colour-blind", green="#e66100", yellow="#3b7dd8", grey="#d5d8dc",
                       revealed="#57606a")
