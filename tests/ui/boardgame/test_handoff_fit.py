"""The hand-off panel covers the rack's area only, never the board's bottom row, at every
window size: the first draw (four players) and a three-line recap."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from wordbler.boardgame.model import Coord

SIZES = [(800, 600), (1100, 800), (1920, 1080), (3840, 2160)]


def _board_bottom(w) -> int:
    t = w.table
    r = w.board.square_rect(Coord(14, 0))
    return w.board.mapTo(t, r.bottomLeft()).y()


def _check(qtbot, w) -> None:
    t = w.table
    qtbot.waitUntil(lambda: t.handoff.isVisible())
    t.place_handoff()
    h = t.handoff.geometry()
    assert h.top() > _board_bottom(w), f"hand-off at y={h.top()} covers row 15"
    assert h == t.bottom.geometry()
    assert t.handoff.needed_height(h.width()) <= h.height() + 1, "its content fits inside"


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_handoff_never_covers_the_board(driver, qtbot, size):
    d = driver(size=size, players=("Ann", "Bob", "Cyd", "Dee"), seed=5)
    w, s = d.window, d.session
    w.resize(*size)  # the test screen (offscreen: 800 x 600) cut it down when it was shown
    qtbot.waitUntil(lambda: w.table.width() > size[0] - 40)
    _check(qtbot, w)  # the first draw
    normal = None
    for i in range(4):  # a play, then three passes: a three-line recap for the first player
        d.reveal()
        if i == 0:
            normal = w.table.bottom.height()  # the rack's area, with the rack on show
            a, b = [t for t in s.rack_tiles() if not t.is_blank][:2]
            d.place([(a.letter, Coord(7, 7)), (b.letter, Coord(7, 8))])
            d.done()
        else:
            s.pass_turn()
    _check(qtbot, w)
    # the three-line recap is shown whole (the rack's area lends it room, never the board's
    # last row), not cut to its last lines
    recap = w.table.handoff.recap.text()
    assert recap.count("passed") == 3 and "…" not in recap and len(recap.splitlines()) == 3
    d.reveal()
    qtbot.waitUntil(lambda: w.table.bottom.height() == normal)  # back to its usual height


# names as long as the setup dialog takes (24 letters), with and without places to break
LONG = ("Maximilian-Alexander", "Christopher-Jonathan", "Bartholomewchristophersx",
        "Anastasia Vladimirovna")


def _title_shown_whole(title) -> bool:
    """All of the title's (wrapped) text inside the label, no word sticking out of it."""
    from PySide6.QtCore import QRect, Qt
    from PySide6.QtGui import QFontMetrics

    r = QFontMetrics(title.font()).boundingRect(QRect(0, 0, title.width(), 100000),
                                                int(Qt.TextFlag.TextWordWrap), title.text())
    return r.width() <= title.width() and r.height() <= title.height()


def _check_names(qtbot, w, name: str) -> None:
    t = w.table
    qtbot.waitUntil(lambda: t.handoff.isVisible())
    h = t.handoff
    title, button = h.title, h.button
    assert _title_shown_whole(title), (title.text(), title.size())
    if name in title.text():
        assert title.text() == f"Pass to {name}"
    else:  # shortened with "…", all of it in the tooltip
        assert title.text().startswith("Pass to ") and title.text().endswith("…")
        assert title.toolTip() == f"Pass to {name}"
    # the button: whole in the panel, its text whole in it; the name shortened where needed,
    # never ": show my tiles"
    assert h.rect().contains(button.geometry())
    assert button.width() >= button.sizeHint().width()
    assert button.text().startswith("I'm ") and button.text().endswith(": show my tiles")
    if name not in button.text():
        assert "…" in button.text() and button.toolTip() == f"I'm {name}: show my tiles"


@pytest.mark.parametrize("size", [(1100, 768), (800, 500)], ids=["1100x768", "800x500"])
@pytest.mark.parametrize("players", [LONG[:2], LONG[2:] + LONG[:1], LONG], ids=["2", "3", "4"])
def test_long_names_in_the_handoff_are_wrapped_or_shortened_never_cut(driver, qtbot, size,
                                                                       players):
    d = driver(size=size, players=players, seed=5)
    w, s = d.window, d.session
    w.resize(*size)
    qtbot.waitUntil(lambda: w.table.width() > size[0] - 40)
    for _ in range(len(players) + 1):  # the first draw, then every player's turn
        name = s.game.players[s.game.current].name
        _check_names(qtbot, w, name)
        if size == (1100, 768) and "-" in name:
            # the default window: a name with a place to break is shown whole, wrapped
            assert name in w.table.handoff.title.text()
        d.reveal()
        s.pass_turn()


def _usual_rack_height(t) -> bool:
    """Is the rack's area no taller than the board's squares make it (give or take the few
    pixels by which the squares change with it)?"""
    q = max(14.0, t.board.square_size())
    return t.bottom.height() <= int(max(48, min(q * 1.75, 220))) + 6


@pytest.mark.parametrize("dock", [False, True], ids=["table", "with-unseen-tiles"])
def test_the_rack_keeps_its_height_when_the_window_is_made_smaller(driver, qtbot, dock):
    """Taking the seat gives the rack its area back; a smaller window afterwards must not
    make room for the hand-off panel hidden under it (the rack's tiles floated 60 px above
    its bar until the next hand-off)."""
    d = driver(size=(1100, 768), players=("Ann", "Bob"), seed=4)
    w = d.window
    t = w.table
    w.resize(1100, 768)
    qtbot.waitUntil(lambda: t.width() > 1000)
    if dock:
        w.tracker_action.trigger()  # View > Unseen tiles: a narrower table
    d.reveal()
    qtbot.waitUntil(lambda: _usual_rack_height(t))
    for size in ((800, 500), (1100, 760)):
        w.resize(*size)
        qtbot.waitUntil(lambda: w.width() == size[0] and w.height() == size[1])
        for _ in range(3):  # the table's work after a resize (zero timers) done
            QApplication.processEvents()
        assert _usual_rack_height(t), (t.bottom.height(), t.board.square_size())
        assert t._handoff_room == 0
        # the tiles sit in the rack's area, on its bar
        rack = t.rack.geometry()
        assert t.bottom.height() - rack.height() <= 1
