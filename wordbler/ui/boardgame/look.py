"""The board game's look: light or dark (following the system by default) and the premium
scheme (standard or colour-blind safe), chosen in View and kept in QSettings.

:class:`LookController` is installed on a board-game window by :func:`install` (one call from
``MainWindow``).  A change of theme reaches every part of the window without rebuilding it:

* every object of the window (and of the windows it opened) that keeps a ``theme`` gets the
  new one, and the window repaints from the session (board, rack, panels);
* colours a widget baked into its style sheet or palette when it was made (the hand-off, the
  hint list, the thinking panel...) are mapped from the old theme's to the new theme's
  (:func:`recolour`; each theme's surface colours are all different, so the map is exact);
* Qt's own widgets (buttons, lists, menus, dialogs) get the theme's :meth:`Theme.qt_palette`
  as the application's palette when the theme is not the system's own scheme (dark chosen on
  a light system, or light on a dark one); where the platform's style ignores palettes
  (Windows, macOS) the application uses Fusion meanwhile.  That palette is the whole
  application's, so the other games' windows look as they would on a system of that scheme
  (consistent: the start page and every game go dark together); it is taken back when the
  board game follows the system again or its last window closes.  (A palette for the board
  game's windows alone does not work: widgets under a style sheet take the application's.)
"""

from __future__ import annotations

import re

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QMenu, QWidget

from .theme import COLOURBLIND, STANDARD, Theme, colour_map, make_theme

SYSTEM, LIGHT, DARK = "system", "light", "dark"
# menu titles, marked for pyside6-lupdate and translated when the menu is made (self.tr)
MODES = ((SYSTEM, QT_TRANSLATE_NOOP("LookController", "Follow &system")),
         (LIGHT, QT_TRANSLATE_NOOP("LookController", "&Light")),
         (DARK, QT_TRANSLATE_NOOP("LookController", "&Dark")))
SCHEMES = ((STANDARD, QT_TRANSLATE_NOOP("LookController", "&Standard")),
           (COLOURBLIND, QT_TRANSLATE_NOOP("LookController", "&Colour-blind safe")))
THEME_KEY = "view/theme"
SCHEME_KEY = "view/premium_scheme"

# on the QApplication while a board-game window overrides its palette: (the palette before,
# the style's name before or None)
SAVED_ATTR = "_wordbler_look_saved"

_HEX = re.compile(r"#[0-9a-fA-F]{6}\b")


def system_is_dark() -> bool:
    """Is the system's colour scheme dark?  Qt 6.5+ says so (styleHints().colorScheme());
    where it does not know, a dark application palette means dark."""
    hints = QGuiApplication.styleHints()
    scheme = getattr(hints, "colorScheme", None)
    if scheme is not None:
        value = scheme()
        if value == Qt.ColorScheme.Dark:
            return True
        if value == Qt.ColorScheme.Light:
            return False
    app = QGuiApplication.instance()
    saved = getattr(app, SAVED_ATTR, None) if app is not None else None
    palette = saved[0] if saved is not None else QGuiApplication.palette()
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def recolour_sheet(sheet: str, mapping: dict[str, str]) -> str:
    return _HEX.sub(lambda m: mapping.get(m.group(0).lower(), m.group(0)), sheet)


def recolour(widget: QWidget, mapping: dict[str, str]) -> None:
    """Map the theme colours ``widget`` baked into its style sheet and its own palette
    (Window, WindowText: Theme.apply_surface) to the new theme's."""
    sheet = widget.styleSheet()
    if sheet:
        new = recolour_sheet(sheet, mapping)
        if new != sheet:
            widget.setStyleSheet(new)
    pal = widget.palette()
    mask = pal.resolveMask()
    changed = False
    for role in (QPalette.ColorRole.Window, QPalette.ColorRole.WindowText):
        if not mask & (1 << int(role.value)):
            continue  # inherited, not the widget's own
        name = pal.color(role).name().lower()
        if name in mapping:
            pal.setColor(role, QColor(mapping[name]))
            changed = True
    if changed:
        widget.setPalette(pal)


def belongs_to(widget: QWidget, window: QWidget) -> bool:
    w = widget
    while w is not None:
        if w is window:
            return True
        w = w.parentWidget()
    return False


class LookController(QObject):
    """Theme (follow system / light / dark) and premium scheme of one board-game window."""

    theme_changed = Signal(object)  # the new Theme

    def __init__(self, window, settings=None, system_dark=system_is_dark) -> None:
        super().__init__(window)
        self.window = window
        self.settings = settings
        self.system_dark = system_dark  # tests may pass their own
        self.mode = self._read(THEME_KEY, [m for m, _ in MODES], SYSTEM)
        self.scheme = self._read(SCHEME_KEY, [s for s, _ in SCHEMES], STANDARD)
        self.override: QPalette | None = None  # the application palette this window wants
        self.theme_actions: dict[str, QAction] = {}
        self.scheme_actions: dict[str, QAction] = {}
        self._build_menu()
        hints = QGuiApplication.styleHints()
        if hasattr(hints, "colorSchemeChanged"):
            hints.colorSchemeChanged.connect(self._system_changed)
        window.destroyed.connect(lambda *_, me=self: release_palette(me))
        self.apply()

    # ------------------------------------------------------------------ settings, menu
    def _read(self, key: str, allowed: list[str], default: str) -> str:
        if self.settings is None:
            return default
        value = str(self.settings.value(key, default) or default).lower()
        return value if value in allowed else default

    def _build_menu(self) -> None:
        view = view_menu(self.window)
        theme_menu = QMenu(self.tr("&Theme"), self.window)
        group = QActionGroup(self)
        for mode, title in MODES:
            a = QAction(self.tr(title), self.window)
            a.setCheckable(True)
            a.setChecked(mode == self.mode)
            a.triggered.connect(lambda _=False, m=mode: self.set_mode(m))
            group.addAction(a)
            theme_menu.addAction(a)
            self.theme_actions[mode] = a
        scheme_menu = QMenu(self.tr("&Premium squares"), self.window)
        group2 = QActionGroup(self)
        for scheme, title in SCHEMES:
            a = QAction(self.tr(title), self.window)
            a.setCheckable(True)
            a.setChecked(scheme == self.scheme)
            a.triggered.connect(lambda _=False, s=scheme: self.set_scheme(s))
            group2.addAction(a)
            scheme_menu.addAction(a)
            self.scheme_actions[scheme] = a
        self.theme_menu, self.scheme_menu = theme_menu, scheme_menu
        if view is not None:
            view.addSeparator()
            view.addMenu(theme_menu)
            view.addMenu(scheme_menu)

    def set_mode(self, mode: str) -> None:
        if mode not in dict(MODES):
            raise ValueError(f"unknown theme {mode!r}")
        self.mode = mode
        self.theme_actions[mode].setChecked(True)
        if self.settings is not None:
            self.settings.setValue(THEME_KEY, mode)
        self.apply()
        self._share()

    def set_scheme(self, scheme: str) -> None:
        if scheme not in dict(SCHEMES):
            raise ValueError(f"unknown premium scheme {scheme!r}")
        self.scheme = scheme
        self.scheme_actions[scheme].setChecked(True)
        if self.settings is not None:
            self.settings.setValue(SCHEME_KEY, scheme)
        self.apply()
        self._share()

    def is_dark(self) -> bool:
        return self.system_dark() if self.mode == SYSTEM else self.mode == DARK

    def theme(self) -> Theme:
        return make_theme(self.is_dark(), self.scheme)

    def _system_changed(self, *_args) -> None:
        self.apply()

    # ------------------------------------------------------------------ applying
    def our_windows(self) -> list[QWidget]:
        """The board-game window and the top-level windows it opened (dialogs, replays)."""
        out = [self.window]
        for w in QApplication.topLevelWidgets():
            if w is not self.window and w.parentWidget() is not None and belongs_to(w, self.window):
                out.append(w)
        return out

    def apply(self) -> None:
        """Put the chosen theme on the window and everything it opened."""
        new = self.theme()
        old = self.window.theme
        wants = new.qt_palette() if new.dark != self.system_dark() else None
        if new == old and (wants is None) == (self.override is None):
            return
        mapping = colour_map(old, new)
        self.override = wants
        self._set_app_palette()
        for top in self.our_windows():
            for obj in [top, *top.findChildren(QObject)]:
                if isinstance(getattr(obj, "theme", None), Theme):
                    try:
                        obj.theme = new
                    except AttributeError:  # a read-only property
                        pass
                if isinstance(getattr(obj, "_theme", None), Theme):
                    obj._theme = new
                if isinstance(obj, QWidget):
                    recolour(obj, mapping)
        self.window.theme = new
        self._repaint()
        self.theme_changed.emit(new)

    def _repaint(self) -> None:
        w = self.window
        table = getattr(w, "table", None)
        if table is not None and hasattr(w, "_refresh_board"):
            w._refresh_board(full=True)
            w._refresh_rack()
            w._refresh_state()
            w._on_preview(*w.session.preview_text())
            table.apply_scale()
        for top in self.our_windows():
            top.update()
            for child in top.findChildren(QWidget):
                child.update()

    def _set_app_palette(self) -> None:
        """The application's palette (and style) for :attr:`override`, or back as it was
        when no board-game window needs one."""
        app = QApplication.instance()
        if app is None:
            return
        saved = getattr(app, SAVED_ATTR, None)
        wanted = self.override
        if wanted is None:  # another board-game window may still want one
            wanted = next((c.override for c in _controllers(self) if c.override is not None), None)
        if wanted is not None:
            if saved is None:
                style = app.style().name().lower()
                saved = (QPalette(app.palette()), None if style == "fusion" else style)
                setattr(app, SAVED_ATTR, saved)
                if saved[1] is not None:
                    app.setStyle("Fusion")
            app.setPalette(wanted)
        elif saved is not None:
            delattr(app, SAVED_ATTR)
            if saved[1] is not None:
                app.setStyle(saved[1])
            app.setPalette(saved[0])

    def adopt(self, mode: str, scheme: str) -> None:
        """Another board-game window's choice (they all share one setting)."""
        self.mode, self.scheme = mode, scheme
        self.theme_actions[mode].setChecked(True)
        self.scheme_actions[scheme].setChecked(True)
        self.apply()

    def _share(self) -> None:
        for c in _controllers(self):
            c.adopt(self.mode, self.scheme)



def release_palette(gone: "LookController | None" = None) -> None:
    """Give the application its palette and style back if no board-game window wants one
    (called when a board-game window is destroyed: ``gone`` is its controller, which no
    longer counts)."""
    app = QApplication.instance()
    saved = getattr(app, SAVED_ATTR, None) if app is not None else None
    if saved is None:
        return
    for w in QApplication.topLevelWidgets():
        try:
            c = getattr(w, "look_controller", None)
        except RuntimeError:  # a window being destroyed
            continue
        if isinstance(c, LookController) and c is not gone and c.override is not None:
            return
    delattr(app, SAVED_ATTR)
    if saved[1] is not None:
        app.setStyle(saved[1])
    app.setPalette(saved[0])


def _controllers(me: LookController) -> list[LookController]:
    """The look controllers of the other board-game windows."""
    out = []
    for w in QApplication.topLevelWidgets():
        c = getattr(w, "look_controller", None)
        if isinstance(c, LookController) and c is not me:
            out.append(c)
    return out


def view_menu(window) -> QMenu | None:
    menu = getattr(window, "view_menu", None)
    if isinstance(menu, QMenu):
        return menu
    # the menu holding View > Show premium labels (whatever language its title is in)
    labels = getattr(window, "labels_action", None)
    for a in window.menuBar().actions():
        menu = a.menu()
        if menu is not None and ((labels is not None and labels in menu.actions())
                                 or a.text().replace("&", "") == "View"):
            return menu
    return None


def install(window) -> None:
    """The look and the sound of a board-game window (one call from MainWindow)."""
    settings = getattr(window, "settings", None)
    window.look_controller = LookController(window, settings)
    from .sound import SoundController

    window.sound_controller = SoundController(window, settings)
