"""Colours, fonts and sizes of the UI, in one immutable object.

Widgets never hard-code a colour: they ask the :class:`Theme`.  Sizes are given as fractions
of the widget being painted, so everything scales with the window (resolution independence).

There are two bases, :data:`LIGHT_THEME` (the default) and :data:`DARK_THEME`, and two premium
schemes: ``standard`` and ``colourblind`` (Okabe–Ito colours, every premium also told apart by
its label, always shown, and by its marks: stripes for letter premiums, corner triangles for
word premiums).  :func:`make_theme` combines them; ``look.LookController`` picks one from the
View menu and the system's colour scheme.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QColor, QFont, QPalette

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
    player_border: str = "#d0cbbd"  # a player's panel when not to play
    font_family: str = "Sans Serif"
    dark: bool = False  # a dark base: Qt's own widgets get a dark palette (qt_palette)
    premium_scheme: str = "standard"  # or "colourblind": labels always, marks, Okabe–Ito

    def premium_colour(self, premium: Premium | None) -> QColor:
        if premium is None:
            return QColor(self.square_plain)
        return QColor(dict(self.premium_colours)[premium])

    def premium_text_colour(self, premium: Premium | None) -> QColor:
        if premium in (Premium.TL, Premium.TW):
            return QColor(self.premium_text_light)
        return QColor(self.premium_text)

    @property
    def premium_marks(self) -> bool:
        """Premiums told apart by stripes and corner marks as well as colour, and their
        labels shown even when the labels are off (the colour-blind-safe scheme)."""
        return self.premium_scheme == COLOURBLIND

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


    def qt_palette(self) -> QPalette:
        """A palette for Qt's own widgets (buttons, lists, menus, dialogs) that goes with this
        theme: every role set, for the active, inactive and disabled groups."""
        if not self.dark:
            from PySide6.QtWidgets import QStyleFactory

            style = QStyleFactory.create("Fusion")
            pal = QPalette(style.standardPalette()) if style is not None else QPalette()
            for role in _ROLES:  # every role marked as set (the resolve mask)
                for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive,
                              QPalette.ColorGroup.Disabled):
                    pal.setColor(group, role, pal.color(group, role))
            return pal
        R = QPalette.ColorRole
        pal = QPalette()
        colours = {
            R.Window: "#2b2d2f", R.WindowText: "#e6e6e6", R.Base: "#1e1f21",
            R.AlternateBase: "#27292b", R.ToolTipBase: "#3a3c3f", R.ToolTipText: "#f0f0f0",
            R.PlaceholderText: "#8c8c8c", R.Text: "#e6e6e6", R.Button: "#3a3d40",
            R.ButtonText: "#ececec", R.BrightText: "#ff7b72", R.Light: "#505356",
            R.Midlight: "#44474a", R.Mid: "#2f3134", R.Dark: "#1a1b1d", R.Shadow: "#0c0c0d",
            R.Highlight: "#2c65a3", R.HighlightedText: "#ffffff", R.Link: "#7ab7ff",
            R.LinkVisited: "#c39bff",
        }
        if hasattr(R, "Accent"):  # Qt 6.6+
            colours[R.Accent] = "#2c65a3"
        for role, colour in colours.items():
            pal.setColor(role, QColor(colour))
        D = QPalette.ColorGroup.Disabled
        for role, colour in ((R.WindowText, "#7d7d7d"), (R.Text, "#7d7d7d"),
                             (R.ButtonText, "#7d7d7d"), (R.Base, "#242527"),
                             (R.Button, "#323437"), (R.Highlight, "#4a4d50"),
                             (R.HighlightedText, "#9a9a9a")):
            pal.setColor(D, role, QColor(colour))
        return pal


_ROLES = tuple(r for r in QPalette.ColorRole if r.name not in ("NColorRoles", "NoRole"))

STANDARD = "standard"
COLOURBLIND = "colourblind"
PREMIUM_SCHEMES = (STANDARD, COLOURBLIND)

LIGHT_THEME = Theme()
DEFAULT_THEME = LIGHT_THEME

DARK_THEME = Theme(
    name="dark",
    board_background="#14241f",
    square_plain="#2e3835",
    square_border="#56605c",
    premium_colours=(
        (Premium.DL, "#2f6f93"),
        (Premium.TL, "#1d4f96"),
        (Premium.DW, "#8e3f55"),
        (Premium.TW, "#b3372f"),
    ),
    premium_text="#f1f4f6",
    premium_text_light="#fffffe",
    star="#f3d9a4",
    tile_face="#e8d09a",
    tile_face_pending="#f5e4b5",
    tile_edge="#9c7530",
    tile_text="#2b2119",
    blank_text="#b0302a",
    tile_value="#5a4631",
    last_move="#f5a623",
    selected="#4da3ff",
    marked="#b071d0",
    cursor="#2ecc9a",
    invalid="#ff7b6e",
    ok="#5fd68a",
    panel_background="#2a2d2e",
    table_background="#1f2122",
    current_player="#43391f",
    text="#e8e8e8",
    muted_text="#a4a4a4",
    player_border="#4b4e50",
    dark=True,
)

# Okabe & Ito, "Color Universal Design" (2002/2008): distinguishable with every common colour
# vision deficiency. Sky blue and blue for the letter premiums, orange and vermillion for the
# word premiums; dark text on the light two, white on the dark two.
OKABE_ITO_PREMIUMS = (
    (Premium.DL, "#56b4e9"),  # sky blue
    (Premium.TL, "#0072b2"),  # blue
    (Premium.DW, "#e69f00"),  # orange
    (Premium.TW, "#d55e00"),  # vermillion
)


def make_theme(dark: bool = False, scheme: str = STANDARD) -> Theme:
    """The light or dark theme with the ``standard`` or ``colourblind`` premium scheme."""
    base = DARK_THEME if dark else LIGHT_THEME
    if scheme == STANDARD:
        return base
    if scheme != COLOURBLIND:
        raise ValueError(f"unknown premium scheme {scheme!r}")
    return replace(base, name=base.name + "-colourblind", premium_scheme=COLOURBLIND,
                   premium_colours=OKABE_ITO_PREMIUMS, premium_text="#101010",
                   premium_text_light="#ffffff", star="#101010")


# the colours widgets bake into their style sheets and palettes: a theme change maps each
# old one to the new theme's (look.recolour); each theme keeps them all different
SURFACE_FIELDS = ("panel_background", "table_background", "current_player", "text",
                  "muted_text", "player_border", "last_move", "selected", "square_border",
                  "invalid", "ok", "tile_face", "tile_face_pending", "tile_edge", "blank_text",
                  "marked", "cursor")


def colour_map(old: Theme, new: Theme) -> dict[str, str]:
    """Lower-case ``#rrggbb`` of each surface colour of ``old`` -> the same colour of
    ``new``."""
    return {getattr(old, f).lower(): getattr(new, f) for f in SURFACE_FIELDS}


def theme_of(widget, default: Theme | None = None) -> Theme:
    """The theme of the nearest widget up the parents that has one (a dialog of the
    board-game window gets the window's); else ``default``, or with none given the light or
    dark theme as the application's palette is (a dialog before any window: the first
    setup)."""
    w = widget
    while w is not None:
        th = getattr(w, "theme", None)
        if isinstance(th, Theme):
            return th
        w = w.parentWidget() if hasattr(w, "parentWidget") else None
    if default is not None:
        return default
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is not None and \
            QGuiApplication.palette().color(QPalette.ColorRole.Window).lightness() < 128:
        return DARK_THEME
    return DEFAULT_THEME


def fit_to_screen(window, width: int | None = None, height: int | None = None) -> None:
    """Size and place the top-level ``window`` so that all of it, frame included, lies in
    the available area of its screen, at any scale factor: ``width`` x ``height`` (default:
    its present size) or less, and a minimum size no larger than the screen either.

    Before the window is first shown its frame is not known yet (taken as none); windows
    call :func:`keep_fitted` once shown, to be fitted again when the frame is known."""
    from PySide6.QtGui import QGuiApplication

    if window.isMaximized() or window.isFullScreen():
        return  # the window manager fits it (resized, it was no longer maximised)
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


def _frame_margins(window) -> tuple[int, int, int, int]:
    """(left, top, right, bottom) of the frame the window manager draws round ``window``."""
    frame, inner = window.frameGeometry(), window.geometry()
    return (inner.left() - frame.left(), inner.top() - frame.top(),
            frame.right() - inner.right(), frame.bottom() - inner.bottom())


class _FrameFollower(QObject):
    """Fits its window again when the window manager reports (or changes) the frame.

    A window manager tells a new window its frame (title bar, borders) only after it is
    shown: with openbox on a 1024 x 700 screen the table and the New game dialog fitted
    themselves as if frameless, then got a 25 px title bar and stood out of the screen by
    it (the dialog's Start game button half cut off).  The frame comes with a move of the
    window, or (a window put back where it was, its frame round it) with no event of its own
    before the window is activated or painted: on these the frame is looked at, and when it
    changed the window is fitted again (once per change of the frame, so that the user's own
    moves and resizes are left alone)."""

    EVENTS = (QEvent.Type.Move, QEvent.Type.Resize, QEvent.Type.Show,
              QEvent.Type.WindowActivate, QEvent.Type.Paint)

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.margins = _frame_margins(window)
        window.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if event.type() in self.EVENTS:
            margins = _frame_margins(watched)
            if margins != self.margins:
                self.margins = margins
                QTimer.singleShot(0, self, self._fit)  # not in the middle of a paint
        return False

    def _fit(self) -> None:
        w = self.window
        if w.isVisible() and not w.isMaximized() and not w.isFullScreen():
            fit_to_screen(w)


def keep_fitted(window) -> None:
    """Fit the top-level ``window`` again each time its window manager reports its frame (or
    a new one): see :class:`_FrameFollower`.  Call it once shown; calling again does nothing."""
    if getattr(window, "_frame_follower", None) is None:
        window._frame_follower = _FrameFollower(window)


def fits_screen(window) -> bool:
    """Does the whole of ``window`` (its frame) lie in its screen's available area?"""
    screen = window.screen()
    return screen is not None and screen.availableGeometry().contains(window.frameGeometry())
