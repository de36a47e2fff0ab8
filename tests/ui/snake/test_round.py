"""Playing a round with real mouse drags, clicks and key presses."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from wordbler.snake import Phase, Preview, word_points


def test_drag_through_tiles_plays_the_word(make_driver, en_list):
    d = make_driver()
    d.deal(word_list=en_list, seed="rich")
    assert d.window.pages.currentWidget() is d.window.round       # one player: straight in
    assert d.game.phase is Phase.PLAYING
    word = d.some_words(1)[0]
    d.drag(d.word_path(word))
    assert d.found() == [word]
    r = d.window.round
    assert r.words_list.count() == 1 and r.words_list.item(0).text().startswith(word)
    assert r.score_label.text().startswith(f"{word_points(word)} point")
    assert word in r.feedback_label.text()
    assert d.view.path == ()                                       # the path is dropped


def test_the_line_tells_the_state_while_dragging(make_driver, en_list):
    d = make_driver()
    d.deal(word_list=en_list, seed="rich")
    word = d.some_words(1)[0]
    path = d.word_path(word)
    d.drag(path, release=False)
    assert d.view.path == path and d.view.state is Preview.NEW_WORD
    assert "new word" in d.window.round.state_label.text() and "✓" in d.window.round.state_label.text()
    assert d.window.round.word_label.text() == word
    QTest.mouseRelease(d.view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, d.point(path[-1]))
    d.drag(path, release=False)
    assert d.view.state is Preview.PLAYED
    assert "already played" in d.window.round.state_label.text() and "↺" in d.window.round.state_label.text()
    QTest.mouseRelease(d.view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, d.point(path[-1]))
    assert d.found() == [word]                                     # played once only
    assert "already played" in d.window.round.feedback_label.text()
    # two tiles: not a word (yet)
    d.drag(path[:2], release=False)
    assert d.view.state is Preview.NOT_WORD
    assert "not a word" in d.window.round.state_label.text()
    QTest.mouseRelease(d.view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, d.point(path[1]))
    assert "too short" in d.window.round.feedback_label.text()
    assert d.found() == [word]


def test_dragging_back_takes_the_last_tile_off(make_driver, en_list):
    d = make_driver()
    d.deal(word_list=en_list, seed="rich")
    word = next(w for w in d.some_words(3) if len(d.word_path(w)) >= 4)
    path = d.word_path(word)
    d.drag(path[:3], release=False)
    assert d.session.path == path[:3]
    QTest.mouseMove(d.view, d.point(path[1]))                     # back onto the one before
    assert d.session.path == path[:2]
    QTest.mouseMove(d.view, d.point(path[2]))
    QTest.mouseMove(d.view, d.point(path[3]))
    assert d.session.path == path[:4]
    QTest.mouseRelease(d.view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, d.point(path[3]))


def test_dragging_skips_tiles_that_are_not_neighbours_or_used(make_driver, en_list):
    d = make_driver()
    d.deal(word_list=en_list, seed="rich")
    QTest.mousePress(d.view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, d.point((0, 0)))
    QTest.mouseMove(d.view, d.point((2, 2)))                      # two tiles away: refused
    assert d.session.path == ((0, 0),)
    QTest.mouseMove(d.view, d.point((1, 1)))
    QTest.mouseMove(d.view, d.point((0, 1)))
    QTest.mouseMove(d.view, d.point((0, 0)))                      # used, not the one before
    assert d.session.path == ((0, 0), (1, 1), (0, 1))
    # a pointer passing a tile's corner does not catch it: only near the centre counts
    rect = d.view.tile_rect((1, 0))
    QTest.mouseMove(d.view, QPoint(int(rect.left()) + 3, int(rect.top()) + 3))
    assert d.session.path == ((0, 0), (1, 1), (0, 1))
    QTest.mouseRelease(d.view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, d.point((0, 1)))


def test_clicking_tile_by_tile(make_driver, en_list):
    d = make_driver()
    d.deal(word_list=en_list, seed="rich")
    word = d.some_words(1)[0]
    path = d.word_path(word)
    for cell in path:
        d.click_tile(cell)
    assert d.session.path == path and d.found() == []             # clicks keep the path
    d.click_tile(path[-1])                                        # the last tile again: play
    assert d.found() == [word]
    # a right click drops a path
    d.click_tile(path[0])
    QTest.mouseClick(d.view, Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, d.point(path[0]))
    assert d.session.path == ()


def test_a_drag_starts_a_new_word_even_next_to_a_lit_tile(make_driver, en_list):
    # a tile left lit by a click, or by a drag let go before the next tile, was glued onto
    # the next word dragged from a neighbouring tile: B + ALLOTTED was played as BALLOTTED
    d = make_driver()
    d.deal(word_list=en_list, seed="rich")
    deal, board = d.game.deal, d.game.deal.board
    picks = []  # (word, its path, a free neighbour of its first tile)
    for w, p in deal.words:
        stray = next((n for n in board.neighbours(p[0]) if n not in p), None)
        if stray is not None and w not in {x for x, _, _ in picks}:
            picks.append((w, p, stray))
    assert len(picks) >= 3
    view = d.view

    # a drag let go a third of the way to the next tile: its tile stays lit
    (word, path, stray), *_ = picks
    a, b = d.point(stray), d.point(path[0])
    QTest.mousePress(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    for k in range(1, 6):
        QTest.mouseMove(view, a + (b - a) * (0.35 * k / 5))
    QTest.mouseRelease(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       a + (b - a) * 0.35)
    assert d.session.path == (stray,) and d.found() == []
    d.drag(path)
    assert d.found() == [word], d.window.round.feedback_label.text()

    # a click, then a drag from a neighbour of the clicked tile
    word, path, stray = picks[1]
    d.click_tile(stray)
    assert d.session.path == (stray,)
    d.drag(path)
    assert d.found()[-1] == word, d.window.round.feedback_label.text()

    # two tiles clicked, then a drag from the last of them: a new word from that tile
    word, path, stray = picks[2]
    d.click_tile(stray)
    d.click_tile(path[0])
    assert d.session.path == (stray, path[0])
    d.drag(path)
    assert d.found()[-1] == word, d.window.round.feedback_label.text()
    assert len(d.found()) == 3

    # clicks still build a word tile by tile, and a click on its last tile plays it
    word, path = next((w, p) for w, p in deal.words if w not in d.found())
    for cell in path:
        d.click_tile(cell)
    assert d.session.path == path
    d.click_tile(path[-1])
    assert d.found()[-1] == word


def test_typing_words(make_driver, en_list):
    d = make_driver()
    d.deal(word_list=en_list, seed="rich")
    word = d.some_words(1)[0]
    d.type(word.lower(), enter=False)
    assert d.view.board.spell(d.view.path) == word                # the tiles light up
    assert d.window.round.word_label.text() == word
    d.qtbot.keyClick(d.view, Qt.Key.Key_Backspace)
    assert d.window.round.word_label.text() == word[:-1]
    d.qtbot.keyClicks(d.view, word[-1].lower())
    d.qtbot.keyClick(d.view, Qt.Key.Key_Return)
    assert d.found() == [word]
    # letters no path spells
    d.type("zzz", enter=False)
    assert "not on the board" in d.window.round.state_label.text()
    assert d.view.path == ()
    d.qtbot.keyClick(d.view, Qt.Key.Key_Escape)
    assert d.window.round.word_label.text().strip() == ""
    d.type("zzzq")
    assert "not on the board" in d.window.round.feedback_label.text()
    assert d.found() == [word]


def test_typing_reaches_the_board_from_anywhere_in_the_round(make_driver, en_list):
    d = make_driver()
    d.deal(word_list=en_list, seed="rich")
    word = d.some_words(1)[0]
    d.window.round.words_list.setFocus()
    d.qtbot.keyClicks(d.window, word.lower())
    d.qtbot.keyClick(d.window, Qt.Key.Key_Return)
    assert d.found() == [word]


def test_qu_tile_by_typing_and_dragging(make_driver, tmp_path):
    p = tmp_path / "qu.txt"
    p.write_text("quit\nquite\nquits\nsuite\nquest\nquests\ntie\nties\nsit\n")
    d = make_driver()
    for seed in range(30):
        d.deal(word_list=p, seed=seed)
        if any(len(t) > 1 for row in d.game.deal.board.cells for t in row):
            break
    else:
        pytest.fail("no QU tile in 30 deals")
    qu_words = [w for w, _ in d.game.deal.words if "QU" in w]
    assert qu_words
    d.type("q", enter=False)                                     # Q alone lights the Qu tile
    assert d.view.path and d.view.board.tile(d.view.path[0]) == "QU"
    d.qtbot.keyClick(d.view, Qt.Key.Key_Escape)
    d.type(qu_words[0].lower())
    assert qu_words[0] in d.found()
    if len(qu_words) > 1:
        d.drag(d.word_path(qu_words[1]))
        assert qu_words[1] in d.found()


def test_the_timer_ends_the_round_on_a_fake_clock(make_driver, en_list):
    d = make_driver()
    d.deal(word_list=en_list, seed="rich", duration=60)
    word = d.some_words(1)[0]
    d.drag(d.word_path(word))
    d.clock.advance(49.5)
    d.qtbot.waitUntil(lambda: d.window.round.timer_label.text() == "0:11")
    assert d.window.round.timer_label.styleSheet().endswith(f"{d.window.theme.text};")
    d.clock.advance(1)
    d.qtbot.waitUntil(lambda: d.window.round.timer_label.text() == "0:10")
    assert d.window.theme.timer_low in d.window.round.timer_label.styleSheet()
    with d.qtbot.waitSignal(d.session.round_finished, timeout=5000):
        d.clock.advance(10)
    assert d.window.pages.currentWidget() is d.window.results
    # a drag after the end does nothing
    assert d.found() == [word]


def test_pause_hides_the_board_and_stops_the_clock(make_driver, en_list):
    d = make_driver()
    d.deal(word_list=en_list, seed="rich", duration=120)
    d.clock.advance(20)
    d.click(d.window.round.pause_button)
    assert d.game.phase is Phase.PAUSED
    assert d.view.cover_text and "Paused" in d.view.cover_text
    assert d.window.round.pause_button.text() == "Resume"
    d.clock.advance(500)
    assert d.game.remaining == pytest.approx(100)
    # nothing can be played while paused: a press on the board resumes instead
    word = d.some_words(1)[0]
    d.type(word.lower())
    assert d.found() == []
    d.click_tile((0, 0))
    assert d.game.phase is Phase.PLAYING and d.view.cover_text is None
    d.drag(d.word_path(word))
    assert d.found() == [word]
    # Ctrl+P toggles too
    d.qtbot.keyClick(d.window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    assert d.game.phase is Phase.PAUSED


def test_untimed_round(make_driver, en_list):
    d = make_driver()
    d.deal(word_list=en_list, seed="rich", duration=None)
    assert d.window.round.timer_label.text() == "Untimed"
    d.clock.advance(10**5)
    d.session.tick()
    assert d.game.phase is Phase.PLAYING
    d.click(d.window.round.end_button)
    assert d.window.pages.currentWidget() is d.window.results


def test_hints_grid_counts_the_common_words_left(make_driver, en_list):
    d = make_driver()
    d.deal(word_list=en_list, seed="rich")
    word = d.some_words(1)[0]
    d.drag(d.word_path(word))
    r = d.window.round
    assert not r.hints_table.isVisible()
    d.click(r.hints_button)
    assert r.hints_table.isVisible() and d.game.player.hinted
    deal = d.game.deal
    left = [w for w, _ in deal.words if w in deal.common and w != word]
    table = r.hints_table
    lengths = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    letters = [table.verticalHeaderItem(i).text() for i in range(table.rowCount())]
    assert letters[-1] == "all" and lengths[-1] == "all"
    assert sorted(letters[:-1]) == sorted({w[0] for w in left})
    for i, letter in enumerate(letters[:-1]):
        for j, lab in enumerate(lengths[:-1]):
            n = int(lab.rstrip("+"))
            want = sum(1 for w in left if w[0] == letter and
                       (len(w) >= n if lab.endswith("+") else len(w) == n))
            assert table.item(i, j).text() == (str(want) if want else "·")
    assert table.item(len(letters) - 1, len(lengths) - 1).text() == str(len(left))
    # playing another word updates the open grid
    other = left[0]
    d.drag(d.word_path(other))
    assert table.item(table.rowCount() - 1, table.columnCount() - 1).text() == str(len(left) - 1)
    d.qtbot.keyClick(d.window, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    assert not r.hints_table.isVisible()


def test_the_hints_table_is_rebuilt_without_measuring_every_row(make_driver, en_list,
                                                                 monkeypatch):
    # each word played with the hints open rebuilt the table with its vertical header
    # resizing to contents: every cell set measured every row again (43-56 ms on 6x6)
    from PySide6.QtWidgets import QHeaderView

    from wordbler.ui.snake.pages import HintsTable

    measured = []  # rows measured (patched before the table is made: Qt's calls find it)
    real = HintsTable.sizeHintForRow
    monkeypatch.setattr(HintsTable, "sizeHintForRow",
                        lambda self, row: measured.append(row) or real(self, row))
    d = make_driver()
    d.deal(word_list=en_list, seed="rich")
    r = d.window.round
    table = r.hints_table
    d.click(r.hints_button)
    measured.clear()
    deal = d.game.deal
    total = table.item(table.rowCount() - 1, table.columnCount() - 1).text()
    word = next(w for w, _ in deal.words if w in deal.common)
    d.drag(d.word_path(word))
    assert table.item(table.rowCount() - 1, table.columnCount() - 1).text() != total
    assert 0 < len(measured) <= 2, len(measured)  # the first row and the bold "all" row
    vh = table.verticalHeader()

    def fits():
        # each row as tall as its cells and its label need; the labels as wide
        for i in range(table.rowCount()):
            assert vh.sectionResizeMode(i) == QHeaderView.ResizeMode.Fixed
            need = max(real(table, i), vh.sectionSizeHint(i), vh.fontMetrics().height())
            assert table.rowHeight(i) >= need, (i, table.rowHeight(i), need)
            label = table.verticalHeaderItem(i).text()
            assert vh.fontMetrics().horizontalAdvance(label) <= vh.width(), label

    fits()
    # a short window shrinks the panel's type: the rows follow it
    big = table.rowHeight(0)
    d.window.resize(960, 480)
    d.qtbot.waitUntil(lambda: table.font().pixelSize() < 12)
    assert table.rowHeight(0) < big
    fits()
    d.window.resize(1024, 700)
    d.qtbot.waitUntil(lambda: table.font().pixelSize() == 12)
    assert table.rowHeight(0) == big
    fits()


def test_the_hints_heading_is_not_cut_in_a_narrow_window(make_driver, en_list):
    # at 1024 x 700 (with the fonts of a Linux desktop) the side panel was narrower than
    # the heading: it read "... × lengt"; a narrower window shows it with any font
    d = make_driver(size=(760, 600))
    d.deal(word_list=en_list, seed="rich")
    r = d.window.round
    d.click(r.hints_button)
    for label in (r.hints_title, r.code_label):  # the board's code too, under the table
        fm, room = label.fontMetrics(), label.contentsRect()
        if label.wordWrap():  # wrapped: each line within the width, all within the height
            lines = fm.boundingRect(room, int(Qt.TextFlag.TextWordWrap), label.text())
            assert lines.width() <= room.width() and lines.height() <= room.height()
        else:
            assert fm.horizontalAdvance(label.text()) <= room.width(), label.text()


def test_a_short_window_keeps_its_height_with_the_hints_and_the_results_shown(make_driver,
                                                                            en_list):
    # a 1920 x 1080 screen at 2x scale leaves about 480 logical pixels under a title bar and
    # a task bar: the round with its hints asked for 558, so the window ran off the screen
    d = make_driver(size=(960, 480))
    d.deal(word_list=en_list, seed="rich", players=2, names=["Annabelle", "Bob"])
    d.start_turn()
    for word in d.some_words(6):
        d.drag(d.word_path(word))
    r = d.window.round
    d.click(r.hints_button)
    d.qtbot.waitUntil(lambda: r.hints_table.isVisible())
    assert d.window.height() == 480 and d.window.minimumSizeHint().height() <= 480
    assert r.hints_table.height() >= 2 * r.hints_table.fontMetrics().height()
    assert r.words_list.height() >= 2 * r.words_list.fontMetrics().height()
    d.click(r.end_button)
    d.start_turn()
    d.click(d.window.round.end_button)
    d.qtbot.waitUntil(lambda: d.window.pages.currentWidget() is d.window.results)
    assert d.window.minimumSizeHint().height() <= 480
    # a window of the usual size keeps the usual type
    big = make_driver(size=(1024, 700))
    big.deal(word_list=en_list, seed="rich")
    assert big.window.round.timer_label.font().pixelSize() == 46


def test_russian_board(make_driver, ru_list):
    d = make_driver()
    d.deal(word_list=ru_list, seed="rich", lang="ru")
    board = d.game.deal.board
    assert all("А" <= t <= "Я" or t == "Ё" for row in board.cells for t in row)
    word = d.some_words(1)[0]
    d.type(word.lower())
    assert d.found() == [word]
    word2 = d.some_words(2)[1]
    d.drag(d.word_path(word2))
    assert d.found() == [word, word2]


def test_french_board_from_the_bundled_list_reads_typed_accents(make_driver):
    from wordbler.lexicon import common_words

    d = make_driver()
    d.deal(seed=5, lang="fr")  # no list of one's own: the bundled French list
    deal = d.game.deal
    assert deal.spec.lang == "fr" and deal.target in set(common_words("fr"))
    assert all(t.isascii() and t.isupper() for row in deal.board.cells for t in row)
    with_e = [w for w in d.some_words(len(deal.words)) if "E" in w]
    assert with_e
    word = with_e[0]
    d.type(word.lower().replace("e", "é", 1))  # as typed on a French keyboard
    assert d.found() == [word]


def test_help_opens_on_f1(make_driver):
    d = make_driver()
    d.qtbot.keyClick(d.window, Qt.Key.Key_F1)
    d.qtbot.waitUntil(lambda: d.window._help is not None and d.window._help.isVisible())
    assert "Scoring" in d.window._help.text.toPlainText()
    d.window._help.close()


def _activate(qtbot, window=None):
    """Show ``window`` (a new top-level window when None) and make it the active one, as a
    click on it does; the window."""
    from PySide6.QtWidgets import QWidget

    if window is None:
        window = QWidget()
        qtbot.addWidget(window)
    window.show()
    with qtbot.waitActive(window):
        window.activateWindow()
    return window


def test_a_round_pauses_when_the_player_clicks_onto_another_window(make_driver, en_list, qtbot):
    # the round ran on while the player was in another Wordbler window or another program,
    # and a short round ended with nobody there; only minimising or the Game menu paused it
    from PySide6.QtWidgets import QDialog

    d = make_driver()
    d.deal(word_list=en_list, seed="rich", duration=120)
    assert d.game.phase is Phase.PLAYING
    # a dialog of the Snake window's own is not "away"
    own = _activate(qtbot, QDialog(d.window))
    QTest.qWait(20)
    assert d.game.phase is Phase.PLAYING
    own.close()
    _activate(qtbot, d.window)
    _activate(qtbot)
    qtbot.waitUntil(lambda: d.game.phase is Phase.PAUSED)
    assert d.view.cover_text and "Paused" in d.view.cover_text
    d.clock.advance(500)  # the time away does not count
    _activate(qtbot, d.window)
    d.click_tile((0, 0))  # back: a press on the board resumes
    assert d.game.phase is Phase.PLAYING and d.game.remaining == pytest.approx(120)


def test_a_russian_word_with_yo_can_be_typed_with_ye(make_driver, ru_list):
    # Ё is usually written Е; typing ПРИКЛЕПКА said "not on the board" though the board had
    # the Ё tile
    from wordbler.snake import BoardSpec, SnakeWords, generate

    words = SnakeWords.from_file(ru_list, "ru")
    seed = next(s for s in range(2000) if any(
        "Ё" in w and "Е" not in w for w, _ in generate(BoardSpec(4, 4, "ru"), words, s).words))
    d = make_driver()
    d.deal(word_list=ru_list, seed=seed, lang="ru")
    word = next(w for w, _ in d.game.deal.words if "Ё" in w and "Е" not in w)
    d.type(word.replace("Ё", "Е").lower())
    assert d.found() == [word]  # the word of the tiles, with its Ё


def test_leaving_from_one_of_the_windows_dialogs_pauses_too(make_driver, en_list, qtbot):
    # with Help or High scores open, clicking another window left the round running: the
    # main window, already inactive, saw no change of its own
    from PySide6.QtWidgets import QDialog

    d = make_driver()
    d.deal(word_list=en_list, seed="rich", duration=120)
    own = _activate(qtbot, QDialog(d.window))
    QTest.qWait(20)
    assert d.game.phase is Phase.PLAYING
    _activate(qtbot)
    qtbot.waitUntil(lambda: d.game.phase is Phase.PAUSED)
    own.close()


def test_a_board_dealt_while_the_player_is_away_waits_paused(make_driver, en_list, qtbot):
    # a deal takes a moment; a player who clicked elsewhere meanwhile came back to a round
    # that had started and run with nobody there
    d = make_driver()
    _activate(qtbot)
    d.deal(word_list=en_list, seed="rich", duration=120)
    assert d.game.phase is Phase.PAUSED and d.view.cover_text
    assert d.game.remaining == pytest.approx(120)
    _activate(qtbot, d.window)
    d.click_tile((0, 0))  # a press on the board starts it
    assert d.game.phase is Phase.PLAYING
