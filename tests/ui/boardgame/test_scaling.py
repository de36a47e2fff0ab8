"""Resolution independence: from 800x600 to 4K nothing overlaps or clips, sizes follow."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect

from wordbler.boardgame.model import Coord


def _rect(widget, top):
    return QRect(widget.mapTo(top, widget.rect().topLeft()), widget.size())


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080), (3840, 2160)])
def test_layout_fits_without_overlap(driver, qtbot, size):
    d = driver(size=size, players=("Ann", "Bob", "Cleo", "Dan"))
    w = d.window
    t = w.table
    w.resize(*size)  # the test screen (offscreen: 800 x 600) cut it down when it was shown
    qtbot.waitUntil(lambda: t.width() > size[0] - 40)
    # the hand-off panel (with the first draw) covers the rack, inside the left column
    qtbot.waitUntil(lambda: abs(t.side.width() - t.side.maximumWidth()) <= 1)
    t.place_handoff()
    handoff, side0, bottom0 = _rect(t.handoff, t), _rect(t.side, t), _rect(t.bottom, t)
    assert t.rect().contains(handoff) and not handoff.intersects(side0)
    assert handoff.contains(bottom0)
    for child in (t.handoff.title, t.handoff.button, t.handoff.mascot):
        assert handoff.contains(_rect(child, t))
    d.reveal()
    qtbot.waitUntil(lambda: t.width() > 0 and abs(t.side.width() - t.side.maximumWidth()) <= 1)
    board, bottom, side = _rect(t.board.grid_host, t), _rect(t.bottom, t), _rect(t.side, t)
    inside = t.rect()
    for r in (board, bottom, side):
        assert inside.contains(r), (r, inside)
    assert not board.intersects(bottom) and not board.intersects(side) and not bottom.intersects(side)
    # all 15 x 15 squares are the same size and inside the board
    sizes = {sq.size().toTuple() for sq in t.board.squares.values()}
    assert len(sizes) == 1
    # rack tiles inside the rack, not overlapping each other
    rects = [_rect(t.rack.tile_widget(i), t) for i in t.rack.tile_ids()]
    for i, r in enumerate(rects):
        assert bottom.contains(r)
        for other in rects[i + 1:]:
            assert not r.intersects(other)
    # text fits its labels
    for panel in t.player_panels:
        assert panel.score.sizeHint().width() <= panel.score.width() + 1
        assert panel.name.sizeHint().width() <= panel.name.width() + 1 or panel.name.width() > 40
        assert _rect(panel, t).right() <= side.right() + 1
    for b in t.all_buttons:
        assert b.sizeHint().width() <= b.width() + 2, b.text()


def test_tiles_and_fonts_grow_with_the_window(driver, qtbot):
    d = driver(size=(800, 600))
    w = d.window
    d.reveal()
    small = w.board.square_size(), w.rack.tile_size(), w.table.player_panels[0].score.font().pixelSize()
    w.resize(1920, 1080)
    qtbot.waitUntil(lambda: w.board.square_size() > small[0] * 1.5)
    qtbot.waitUntil(lambda: w.table.player_panels[0].score.font().pixelSize() > small[2])
    assert w.rack.tile_size() > small[1]
    sq = w.board.squares[Coord(7, 7)]
    assert sq.width() >= int(w.board.square_size()) - 1


def test_text_stays_readable_under_a_dark_system_palette(qapp, driver):
    from PySide6.QtGui import QColor, QPalette

    old = qapp.palette()
    dark = QPalette(old)
    for role in (QPalette.ColorRole.Window, QPalette.ColorRole.Base, QPalette.ColorRole.Button):
        dark.setColor(role, QColor("#202020"))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
        dark.setColor(role, QColor("#f0f0f0"))
    qapp.setPalette(dark)
    try:
        d = driver()
        t = d.window.table
        labels = (t.player_panels[0].name, t.bag_label, t.handoff.title, t.handoff.recap)
        # the board game follows the system's dark scheme (View > Theme > Follow system)
        assert d.window.theme.dark
        for label in labels:
            fg = label.palette().color(QPalette.ColorRole.WindowText)
            assert fg.lightness() > 180, label  # light text on the dark theme's surfaces
        assert t.palette().color(QPalette.ColorRole.Window).lightness() < 60
        # View > Theme > Light on the dark system: the theme's light surfaces, dark text
        from wordbler.ui.boardgame import look

        d.window.look_controller.set_mode(look.LIGHT)
        for label in labels:
            fg = label.palette().color(QPalette.ColorRole.WindowText)
            assert fg.lightness() < 100, label  # dark text on the theme's light surfaces
        assert t.palette().color(QPalette.ColorRole.Window).lightness() > 200
        d.window.look_controller.set_mode(look.SYSTEM)  # the application's palette back
    finally:
        qapp.setPalette(old)


def test_first_draw_with_ties_and_long_names_fits_at_800x600(driver, qtbot):
    from PySide6.QtWidgets import QLabel

    from wordbler.ui.boardgame.tiles import FlipTileView

    names = ("Annabelle Smith", "Bob", "Cleo", "Dmitri Alexandrovich")
    d = driver(size=(800, 600), players=names, seed=75)
    t = d.window.table
    assert len(d.game.first_draw.rounds) == 2
    qtbot.waitUntil(lambda: abs(t.side.width() - t.side.maximumWidth()) <= 1)
    t.place_handoff()
    h = t.handoff
    panel = _rect(h, t)
    rects = []
    for w in h._draw_widgets:
        r = _rect(w, t)
        assert panel.contains(r), w
        if isinstance(w, QLabel):
            assert w.sizeHint().width() <= w.width() + 1, w.text()
        if isinstance(w, (QLabel, FlipTileView)):
            rects.append(r)
    for i, r in enumerate(rects):
        assert not any(r.intersects(o) for o in rects[i + 1:])
