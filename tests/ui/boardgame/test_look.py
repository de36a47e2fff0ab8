"""The board game's look: light and dark themes (following the system by default, or chosen
in View > Theme), the colour-blind-safe premium scheme, and that everything reads well."""

from __future__ import annotations

import pytest

import wordbler.ui  # noqa: F401  (the PySide6 refcount guard first)
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPalette
from PySide6.QtWidgets import QAbstractButton, QLabel, QMenu, QMessageBox

from wordbler.boardgame.model import Coord
from wordbler.boardgame.rules import Premium
from wordbler.ui.boardgame import look
from wordbler.ui.boardgame.board import BoardWidget, SquareState
from wordbler.ui.boardgame.theme import (COLOURBLIND, DARK_THEME, LIGHT_THEME, STANDARD,
                                         SURFACE_FIELDS, make_theme)
from tests.ui.conftest import Words


def luminance(c: QColor) -> float:
    def lin(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c.red()) + 0.7152 * lin(c.green()) + 0.0722 * lin(c.blue())


def contrast(a, b) -> float:
    la, lb = sorted((luminance(QColor(a)), luminance(QColor(b))), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.fixture(autouse=True)
def _app_palette_back(qapp):
    """A test that darkens the application gives it its palette back (other tests see the
    palette they expect)."""
    before = QPalette(qapp.palette())
    yield
    if hasattr(qapp, look.SAVED_ATTR):
        delattr(qapp, look.SAVED_ATTR)
    qapp.setPalette(before)


def on_light_system(window, dark=False):
    lc = window.look_controller
    lc.system_dark = lambda: dark
    return lc


# ---------------------------------------------------------------------- the themes as data
@pytest.mark.parametrize("theme", [LIGHT_THEME, DARK_THEME, make_theme(True, COLOURBLIND),
                                   make_theme(False, COLOURBLIND)])
def test_theme_colours_read_well(theme):
    """WCAG contrast: body text 4.5:1 on every surface it is drawn on, muted text 3:1, tile
    letters on tiles, premium labels on their squares."""
    for surface in (theme.panel_background, theme.table_background, theme.current_player):
        assert contrast(theme.text, surface) >= 4.5, surface
        assert contrast(theme.muted_text, surface) >= 3.0, surface
    for face in (theme.tile_face, theme.tile_face_pending):
        assert contrast(theme.tile_text, face) >= 7.0
        assert contrast(theme.blank_text, face) >= 3.0
    for premium in Premium:
        ink = theme.premium_text_colour(premium)
        assert contrast(ink, theme.premium_colour(premium)) >= 3.0, premium
    assert contrast(theme.muted_text, theme.table_background) >= 3.0  # the A-O / 1-15 bands


@pytest.mark.parametrize("theme", [LIGHT_THEME, DARK_THEME])
def test_surface_colours_differ_so_a_theme_change_maps_them_exactly(theme):
    values = [getattr(theme, f).lower() for f in SURFACE_FIELDS]
    assert len(set(values)) == len(values)


def test_dark_palette_reads_well():
    pal = DARK_THEME.qt_palette()
    R, D = QPalette.ColorRole, QPalette.ColorGroup.Disabled
    for fg, bg in ((R.WindowText, R.Window), (R.Text, R.Base), (R.ButtonText, R.Button),
                   (R.HighlightedText, R.Highlight), (R.ToolTipText, R.ToolTipBase),
                   (R.Text, R.AlternateBase)):
        assert contrast(pal.color(fg), pal.color(bg)) >= 4.5, (fg, bg)
    assert contrast(pal.color(D, R.ButtonText), pal.color(D, R.Button)) >= 2.0  # greyed, seen
    assert pal.color(R.Window).lightness() < 80 and pal.color(R.Base).lightness() < 80


# ---------------------------------------------------------------------- the window
def test_follows_the_system_and_view_theme_overrides_it(make_window, qtbot, qapp):
    w = make_window()
    lc = on_light_system(w)
    assert lc.mode == look.SYSTEM and w.theme == LIGHT_THEME
    # the system turns dark: the board game follows (Qt's own widgets are dark already)
    lc.system_dark = lambda: True
    lc.apply()
    assert w.theme.dark and w.board.theme is w.theme
    assert all(sq.theme is w.theme for sq in w.board.squares.values())
    assert lc.override is None and not hasattr(qapp, look.SAVED_ATTR)
    # Light chosen on the dark system: the window goes light and so do Qt's widgets
    menu_action = lc.theme_actions[look.LIGHT]
    menu_action.trigger()
    assert lc.mode == look.LIGHT and not w.theme.dark
    assert qapp.palette().color(QPalette.ColorRole.Window).lightness() > 200
    # back to following the system
    lc.theme_actions[look.SYSTEM].trigger()
    assert w.theme.dark and lc.override is None and not hasattr(qapp, look.SAVED_ATTR)


def test_system_scheme_change_signal_is_followed(make_window, qtbot):
    w = make_window()
    lc = on_light_system(w)
    hints = QGuiApplication.styleHints()
    if not hasattr(hints, "colorSchemeChanged"):
        pytest.skip("Qt before 6.5 has no colour scheme signal")
    lc.system_dark = lambda: True
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)
    assert w.theme.dark
    lc.system_dark = lambda: False
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)
    assert not w.theme.dark


def test_dark_on_a_light_system_darkens_qt_widgets_menus_and_dialogs(make_window, qtbot, qapp):
    w = make_window()
    lc = on_light_system(w)
    before = qapp.palette().color(QPalette.ColorRole.Window).name()
    lc.set_mode(look.DARK)
    assert w.theme == DARK_THEME
    assert qapp.style().name().lower() == "fusion"
    win = QPalette.ColorRole.Window
    assert qapp.palette().color(win).name() == DARK_THEME.qt_palette().color(win).name()
    view = look.view_menu(w)
    assert isinstance(view, QMenu)
    # Qt hands a new application palette to the widgets through posted events
    qtbot.waitUntil(lambda: view.palette().color(win).lightness() < 80)
    qtbot.waitUntil(lambda: w.table.done_button.palette().color(QPalette.ColorRole.Button)
                    .lightness() < 90)
    box = QMessageBox(QMessageBox.Icon.Information, "t", "text", QMessageBox.StandardButton.Ok, w)
    assert box.palette().color(win).lightness() < 80
    box.deleteLater()
    # the panels that baked their colours: hand-off, hint list, thinking panel, the table
    table = w.table
    for panel in (table.handoff, table.hint_panel, table.thinking):
        sheet = panel.styleSheet().lower()
        assert LIGHT_THEME.panel_background not in sheet and LIGHT_THEME.current_player not in sheet
        assert DARK_THEME.text in sheet
    assert table.palette().color(win).name() == DARK_THEME.table_background
    # following the light system again gives the application its palette back
    lc.set_mode(look.SYSTEM)
    assert qapp.palette().color(win).name() == before and not hasattr(qapp, look.SAVED_ATTR)
    qtbot.waitUntil(lambda: view.palette().color(win).name() == before)
    assert w.theme == LIGHT_THEME
    assert LIGHT_THEME.current_player in table.handoff.styleSheet().lower()


def _text_contrast(widget) -> float:
    """The contrast between the commonest colour of ``widget``'s picture (its background)
    and the colour furthest from it (its text)."""
    img = widget.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    counts: dict[int, int] = {}
    for y in range(0, img.height()):
        for x in range(0, img.width()):
            rgb = img.pixel(x, y)
            counts[rgb] = counts.get(rgb, 0) + 1
    bg = QColor.fromRgb(max(counts, key=counts.get))
    return max(contrast(bg, QColor.fromRgb(c)) for c in counts)


def test_every_label_and_button_of_the_dark_window_reads_well(driver, qtbot, qapp):
    words = Words()
    d = driver(lexicon=words)
    w = d.window
    on_light_system(w).set_mode(look.DARK)
    d.reveal()
    d.place_opening(words)
    d.done()  # a recap and a message to read; the hand-off for the next player
    checked = 0
    for widget in w.findChildren(QLabel) + w.findChildren(QAbstractButton):
        if not widget.isVisible() or widget.width() < 4 or widget.height() < 4:
            continue
        if isinstance(widget, QLabel) and not widget.text().strip():
            continue
        if isinstance(widget, QAbstractButton) and not widget.text().strip():
            continue
        ratio = _text_contrast(widget)
        limit = 2.0 if not widget.isEnabled() else 3.0
        assert ratio >= limit, f"{type(widget).__name__} {widget.text()!r}: contrast {ratio:.2f}"
        checked += 1
    assert checked >= 8
    d.reveal()
    for widget in w.table.all_buttons:
        assert _text_contrast(widget) >= (3.0 if widget.isEnabled() else 2.0), widget.text()


def test_no_white_boxes_in_the_dark_window(driver, qtbot):
    words = Words()
    d = driver(lexicon=words)
    w = d.window
    on_light_system(w).set_mode(look.DARK)
    d.reveal()
    qtbot.waitUntil(lambda: w.table.done_button.palette().color(QPalette.ColorRole.Button)
                    .lightness() < 90)
    img = w.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    white = total = 0
    for y in range(0, img.height(), 3):
        for x in range(0, img.width(), 3):
            c = QColor.fromRgb(img.pixel(x, y))
            total += 1
            white += c.red() > 225 and c.green() > 225 and c.blue() > 225
    assert white / total < 0.01  # only glints: text, the mascots' eyes
    dark = sum(1 for y in range(0, img.height(), 9) for x in range(0, img.width(), 9)
               if QColor.fromRgb(img.pixel(x, y)).lightness() < 90)
    assert dark / ((img.height() // 9 + 1) * (img.width() // 9 + 1)) > 0.5


def test_choices_are_remembered(make_window, qtbot, tmp_path):
    from wordbler.ui.boardgame.mainwindow import MainWindow

    settings = QSettings(str(tmp_path / "look.ini"), QSettings.Format.IniFormat)
    first = make_window()
    config = first.config
    w = MainWindow(config, first.speed, settings=settings)
    qtbot.addWidget(w)
    lc = on_light_system(w)
    lc.set_mode(look.DARK)
    lc.set_scheme(COLOURBLIND)
    settings.sync()
    w2 = MainWindow(config, first.speed, settings=settings)
    qtbot.addWidget(w2)
    assert w2.look_controller.mode == look.DARK and w2.look_controller.scheme == COLOURBLIND
    assert w2.theme.dark and w2.theme.premium_marks
    assert w2.look_controller.theme_actions[look.DARK].isChecked()
    assert w2.look_controller.scheme_actions[COLOURBLIND].isChecked()
    settings.setValue(look.THEME_KEY, "purple")  # a spoiled value: the default
    assert look.LookController(w2, settings).mode == look.SYSTEM


# ---------------------------------------------------------------------- premium squares
PREMIUM_AT = {Premium.DL: Coord(0, 3), Premium.TL: Coord(1, 5), Premium.DW: Coord(1, 1),
              Premium.TW: Coord(0, 0)}


def _board_image(qtbot, theme, labels: bool):
    from wordbler.boardgame.rules import STANDARD_LAYOUT as layout

    board = BoardWidget(layout, theme)
    qtbot.addWidget(board)
    board.resize(640, 640)
    board.show()
    qtbot.waitExposed(board)
    for premium, coord in PREMIUM_AT.items():
        assert layout.premium(coord.row, coord.col) is premium
    board.set_square_states({c: SquareState(show_label=labels) for c in board.squares})
    return board, board.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def _square_pixels(board, img, coord):
    r = board.square_rect(coord)
    dpr = img.devicePixelRatio()
    return [[QColor.fromRgb(img.pixel(int((r.left() + x) * dpr), int((r.top() + y) * dpr)))
             for x in range(2, r.width() - 2)] for y in range(2, r.height() - 2)]


def _grey(px) -> list[list[float]]:
    return [[luminance(c) for c in row] for row in px]


@pytest.mark.parametrize("dark", [False, True])
def test_colourblind_premiums_differ_without_colour_and_show_labels(qtbot, dark):
    theme = make_theme(dark, COLOURBLIND)
    board, img = _board_image(qtbot, theme, labels=False)  # labels off: still shown
    greys = {p: _grey(_square_pixels(board, img, c)) for p, c in PREMIUM_AT.items()}
    prem = list(PREMIUM_AT)
    for i, a in enumerate(prem):
        for b in prem[i + 1:]:
            ga, gb = greys[a], greys[b]
            n = min(len(ga), len(gb))
            m = min(len(ga[0]), len(gb[0]))
            diff = sum(abs(ga[y][x] - gb[y][x]) for y in range(n) for x in range(m)) / (n * m)
            # in grey alone (no colour vision at all) each pair looks different
            assert diff > 0.04, (a, b, diff)
    for p, coord in PREMIUM_AT.items():
        px = _square_pixels(board, img, coord)
        ink = theme.premium_text_colour(p)
        h, w_ = len(px), len(px[0])
        centre = [px[y][x] for y in range(h // 3, 2 * h // 3) for x in range(w_ // 5, 4 * w_ // 5)]
        near = sum(1 for c in centre if abs(c.red() - ink.red()) + abs(c.green() - ink.green())
                   + abs(c.blue() - ink.blue()) < 60)
        assert near > 6, f"{p.label}: no label drawn"
        # word premiums: solid corner marks in the label's colour (2W two, 3W three)
        corners = [px[1][1], px[1][w_ - 2], px[h - 2][1], px[h - 2][w_ - 2]]
        marked = sum(1 for c in corners if abs(c.red() - ink.red()) + abs(c.green() - ink.green())
                     + abs(c.blue() - ink.blue()) < 40)
        assert marked == {Premium.DL: 0, Premium.TL: 0, Premium.DW: 2, Premium.TW: 3}[p], p


def test_standard_scheme_with_labels_off_draws_no_label(qtbot):
    board, img = _board_image(qtbot, make_theme(False, STANDARD), labels=False)
    for p, coord in PREMIUM_AT.items():
        px = _square_pixels(board, img, coord)
        assert len({c.rgb() for row in px for c in row}) == 1, p  # one flat colour


def test_colourblind_colours_are_okabe_ito(qtbot):
    theme = make_theme(False, COLOURBLIND)
    assert {p: theme.premium_colour(p).name() for p in Premium} == {
        Premium.DL: "#56b4e9", Premium.TL: "#0072b2", Premium.DW: "#e69f00", Premium.TW: "#d55e00"}


def test_premium_scheme_from_the_view_menu_repaints_the_board(make_window, qtbot):
    w = make_window()
    lc = on_light_system(w)
    lc.scheme_actions[COLOURBLIND].trigger()
    assert w.theme.premium_marks and w.board.theme.premium_marks
    sq = w.board.squares[Coord(0, 0)]
    img = sq.grab().toImage()
    ink = w.theme.premium_text_colour(Premium.TW)
    corner = QColor.fromRgb(img.pixel(QPoint(2, 2)))
    assert corner.name() == ink.name()
    lc.scheme_actions[STANDARD].trigger()
    assert not w.theme.premium_marks
    img = sq.grab().toImage()
    assert QColor.fromRgb(img.pixel(QPoint(2, 2))).name() == w.theme.premium_colour(Premium.TW).name()


def test_the_setup_dialog_follows_the_window_theme(make_window, qtbot, qapp):
    w = make_window()
    on_light_system(w).set_mode(look.DARK)
    w._open_setup()
    dlg = w.setup_dialog
    assert dlg is not None
    box = dlg.boxes[0]
    sheet = box.styleSheet().lower()
    assert DARK_THEME.panel_background in sheet and LIGHT_THEME.panel_background not in sheet
    assert box.palette().color(QPalette.ColorRole.Window).name() == DARK_THEME.panel_background
    dlg.reject()


def test_a_dialog_without_a_window_takes_the_palette_scheme(qapp):
    from wordbler.ui.boardgame.theme import theme_of

    assert theme_of(None) == LIGHT_THEME  # the tests' light application palette
    dark = QPalette(qapp.palette())
    dark.setColor(QPalette.ColorRole.Window, QColor("#202020"))
    qapp.setPalette(dark)
    assert theme_of(None) == DARK_THEME


def test_two_windows_share_the_choice_and_the_last_one_closed_gives_the_palette_back(
        qtbot, qapp):
    from shiboken6 import isValid

    from wordbler.boardgame.game import PlayerSpec
    from wordbler.ui.boardgame.config import GameConfig
    from wordbler.ui.boardgame.mainwindow import MainWindow

    before = qapp.palette().color(QPalette.ColorRole.Window).name()
    config = GameConfig((PlayerSpec("Ann", "fox"), PlayerSpec("Bob", "owl")), "standard", None,
                        "none", 7)
    a, b = MainWindow(config), MainWindow(config)  # closed and deleted here, not by qtbot
    on_light_system(a)
    on_light_system(b)
    a.look_controller.set_mode(look.DARK)
    assert b.look_controller.mode == look.DARK and b.theme.dark
    assert b.look_controller.theme_actions[look.DARK].isChecked()
    a.look_controller.set_scheme(COLOURBLIND)
    assert b.theme.premium_marks
    dark = DARK_THEME.qt_palette().color(QPalette.ColorRole.Window).name()
    # one window goes: the other still wants the dark palette
    a.close()
    a.deleteLater()
    qtbot.waitUntil(lambda: not isValid(a))
    assert qapp.palette().color(QPalette.ColorRole.Window).name() == dark
    b.close()
    b.deleteLater()
    qtbot.waitUntil(lambda: not isValid(b))
    assert qapp.palette().color(QPalette.ColorRole.Window).name() == before
    assert not hasattr(qapp, look.SAVED_ATTR)
