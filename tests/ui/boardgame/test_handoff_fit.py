"""The hand-off panel covers the rack's area only, never the board's bottom row, at every
window size: the first draw (four players) and a three-line recap."""

from __future__ import annotations

import pytest

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
