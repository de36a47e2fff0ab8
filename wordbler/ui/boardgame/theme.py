"""Colours, fonts and sizes of the UI, in one immutable object.

Widgets never hard-code a colour: they ask the :class:`Theme`.  Sizes are given as fractions
of the widget being painted, so everything scales with the window (resolution independence).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor, QFont

from wordbler.boardgame.rules import Premium


@dataclass(frozen=True, slots=True)
class Theme:
    name: str = "default"
    board_background: str = "#2f5d50"
    square_plain: str = "#e9e4d4"
    square_border: str = "#b8b09a"
    premium_colours: tuple[tuple[Premium, str], ...] = (
        (Premium.DL, "#a9d3ee"),
        (Premium.TL, "#3d8fd1"),
        (Premium.DW, "#f2b8b5"),
        (Premium.TW, "#d9463f"),
    )
    premium_text: str = "#20313a"
    premium_text_light: str = "#ffffff"
    star: str = "#5b3a29"
    tile_face: str = "#f6dfa8"
    tile_face_pending: str = "#fff0c4"
    tile_edge: str = "#b58a3c"
    tile_text: str = "#2b2118"
    blank_text: str = "#c0392b"  # a blank shows its chosen letter in this colour
    tile_value: str = "#5a4630"
    last_move: str = "#f39c12"  # outline of the last move's tiles
    selected: str = "#2e86de"
    marked: str = "#8e44ad"  # tiles marked for exchange
    cursor: str = "#16a085"
    invalid: str = "#e74c3c"
    ok: str = "#1e8449"
    panel_background: str = "#f4f1e8"
    table_background: str = "#ecebe4"
    current_player: str = "#fff3c4"
    text: str = "#222222"
    muted_text: str = "#6b6b6b"
    font_family: str = "Sans Serif"

    def premium_colour(self, premium: Premium | None) -> QColor:
        if premium is None:
            return QColor(self.square_plain)
        return QColor(dict(self.premium_colours)[premium])

    def premium_text_colour(self, premium: Premium | None) -> QColor:
        if premium in (Premium.TL, Premium.TW):
            return QColor(self.premium_text_light)
        return QColor(self.premium_text)

    def font(self, pixel_size: float, bold: bool = False) -> QFont:
        f = QFont(self.font_family)
        f.setPixelSize(max(6, int(pixel_size)))
        f.setBold(bold)
        return f

    def colour(self, name: str) -> QColor:
        return QColor(getattr(self, name))

    def apply_surface(self, widget, background: str | None = None) -> None:
        """Give ``widget`` (and the labels in it) the theme's background and text colours, so
        the designed colours read well whatever the system palette (light or dark) is."""
        from PySide6.QtGui import QPalette

        pal = widget.palette()
        pal.setColor(QPalette.ColorRole.Window, QColor(background or self.table_background))
        pal.setColor(QPalette.ColorRole.WindowText, QColor(self.text))
        widget.setPalette(pal)
        widget.setAutoFillBackground(True)


DEFAULT_THEME = Theme()


def fit_to_screen(window, width: int | None = None, height: int | None = None) -> None:
    """Size and place the top-level ``window`` so that all of it, frame included, lies in
    the available area of its screen, at any scale factor: ``width`` x ``height`` (default:
    its present size) or less, and a minimum size no larger than the screen either.

    Before the window is first shown its frame is not known yet (taken as none); windows
    call this again once shown, when the frame is known."""
    from PySide6.QtGui import QGuiApplication

    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:  # pragma: no cover - no screen at all
        return
    free = screen.availableGeometry()
    frame, inner = window.frameGeometry(), window.geometry()
    fw = max(0, frame.width() - inner.width())
    fh = max(0, frame.height() - inner.height())
    room_w, room_h = max(100, free.width() - fw), max(100, free.height() - fh)
    min_w, min_h = window.minimumWidth(), window.minimumHeight()
    if min_w > room_w or min_h > room_h:
        window.setMinimumSize(min(min_w, room_w), min(min_h, room_h))
    w = min(width or window.width(), room_w)
    h = min(height or window.height(), room_h)
    if (w, h) != (window.width(), window.height()):
        window.resize(w, h)
    # keep the frame inside: move() places a window's frame
    x = max(free.left(), min(frame.x(), free.left() + free.width() - (w + fw)))
    y = max(free.top(), min(frame.y(), free.top() + free.height() - (h + fh)))
    if (x, y) != (frame.x(), frame.y()):
        window.move(x, y)


def fits_screen(window) -> bool:
    """Does the whole of ``window`` (its frame) lie in its screen's available area?"""
    screen = window.screen()
    return screen is not None and screen.availableGeometry().contains(window.frameGeometry())
