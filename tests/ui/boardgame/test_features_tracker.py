"""The unseen-tiles dock: counts for the player at the screen, none in the hand-off."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import Qt

from tests.ui.conftest import Words


def brute(game, p):
    c = Counter(t.letter for t in game.bag.tiles())
    for i, r in enumerate(game.racks):
        if i != p:
            c.update(t.letter for t in r)
    return c


def shown_counts(panel):
    out = {}
    for ch, label in panel.cells.items():
        face, n = label.text().rsplit(" ", 1)
        out[ch] = int(n)
    return {k: v for k, v in out.items() if v}


def test_tracker_follows_the_turns_and_hides_in_the_handoff(driver, qtbot):
    words = Words()
    d = driver(seed=12, lexicon=words)
    w = d.window
    with qtbot.waitActive(w):
        w.activateWindow()
    dock = w.tracker_dock
    assert not dock.isVisible()
    # View > Unseen tiles (Ctrl+U) opens it
    qtbot.keyClick(w, Qt.Key.Key_U, Qt.KeyboardModifier.ControlModifier)
    assert dock.isVisible()
    panel = dock.panel
    assert not panel.counts_shown()  # the first hand-off: nothing to see yet
    assert "Hidden" in panel.hidden_note.text()
    d.reveal()
    g = d.game
    assert panel.counts_shown()
    assert shown_counts(panel) == {k: v for k, v in brute(g, g.current).items()}
    assert f"{93} unseen" in panel.summary.text()
    first = g.current
    d.place_opening(words)
    d.done()
    # the hand-off covers the counts of the player who just moved
    assert w.table.handoff.isVisible() and not panel.counts_shown()
    d.reveal()
    assert g.current != first and panel.counts_shown()
    want = brute(g, g.current)
    assert shown_counts(panel) == dict(want)
    assert panel.unseen.total == sum(want.values()) == 100 - 2 - 7
    assert f"Vowels {sum(want[v] for v in 'AEIOU')}" in panel.summary.text()
    # closing it with the same key hides it again
    qtbot.keyClick(w, Qt.Key.Key_U, Qt.KeyboardModifier.ControlModifier)
    assert not dock.isVisible()


def test_help_describes_the_unseen_tiles():
    from wordbler.boardgame.rules import STANDARD
    from wordbler.ui.boardgame.dialogs import help_markdown

    text = help_markdown(STANDARD)
    assert "Unseen tiles" in text and "Ctrl+U" in text
