"""The Word Grid window driven like a person: real mouse drags, clicks and keys."""

import datetime as dt
import json
from pathlib import Path

import pytest

import wordbler.ui  # noqa: F401  (refcount guard before PySide6)
from PySide6.QtCore import QPoint, QSettings, Qt, QThreadPool
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMenu

from wordbler.ui.wordgrid import create_window
from wordbler.ui.wordgrid.palette import COLOUR_BLIND, STANDARD
from wordbler.ui.wordgrid.window import StatsDialog, WordGridWindow
from wordbler.wordgrid.feedback import Mark
from wordbler.wordgrid.game import Status, daily_seed, new_game
from wordbler.wordgrid.puzzle import generate

from tests.wordgrid.helpers import random_words

TODAY = dt.date(2026, 3, 14)
WORDS = random_words(5, 1500, 1)


@pytest.fixture(scope="module")
def puzzle():
    return generate(5, WORDS, 8)


@pytest.fixture
def make(qtbot, tmp_path):
    pool = QThreadPool()
    made = []

    def make_window(game=None, autostart=False, size=(1024, 700)):
        settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
        w = WordGridWindow(settings=settings, save_path=tmp_path / "wordgrid" / "progress.json",
                           pool=pool, today=TODAY, autostart=autostart)
        qtbot.addWidget(w)
        w.confirm_give_up = False  # tests that want the question turn it back on
        w.board.swap_ms = 1
        w.resize(*size)
        w.show()
        qtbot.waitExposed(w)
        if game is not None:
            w.session.set_game(game)
        made.append(w)
        return w

    yield make_window
    for w in made:
        w.session.cancel_generation()
    pool.waitForDone(30000)


def centre(board, cell) -> QPoint:
    return board.cell_rect(cell).center().toPoint()


def drag(board, a, b):
    QTest.mousePress(board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, centre(board, a))
    mid = (centre(board, a) + centre(board, b)) / 2
    QTest.mouseMove(board, mid)
    QTest.mouseMove(board, centre(board, b))
    QTest.mouseRelease(board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, centre(board, b))


def click(board, cell):
    QTest.mouseClick(board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, centre(board, cell))


def movable_pair(game):
    cells = [i for i in range(game.layout.n_cells) if not game.locked(i)]
    sol = game.puzzle.solution
    return next((a, b) for a in cells for b in cells if a < b and game.letters[a] != game.letters[b]
                and game.letters[a] != sol[b] and game.letters[b] != sol[a])


def test_create_window_is_a_main_window(qtbot, monkeypatch, tmp_path):
    from PySide6.QtWidgets import QMainWindow
    import wordbler.ui.wordgrid.window as window_mod
    monkeypatch.setattr(window_mod, "QSettings",
                        lambda: QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    w = create_window()
    qtbot.addWidget(w)
    assert isinstance(w, QMainWindow) and not w.isVisible()
    with qtbot.waitSignal(w.session.game_ready, timeout=60000):
        pass  # today's daily puzzle is made in the worker
    assert w.session.game.daily == dt.date.today().isoformat()
    w.close()


def test_drag_and_drop_swaps(make, puzzle):
    w = make(new_game(puzzle))
    g = w.session.game
    a, b = movable_pair(g)
    la, lb = g.letters[a], g.letters[b]
    drag(w.board, a, b)
    assert (g.letters[a], g.letters[b]) == (lb, la)
    assert g.swaps_used == 1
    assert w.swaps_label.text() == "Swaps left: 14 of 15"
    assert w.board.letters == g.letters


def test_green_letter_is_locked(make, puzzle):
    w = make(new_game(puzzle))
    g = w.session.game
    green = next(i for i in range(21) if g.locked(i))
    other = next(i for i in range(21) if not g.locked(i))
    before = list(g.letters)
    drag(w.board, green, other)
    drag(w.board, other, green)
    click(w.board, green)
    assert g.letters == before and g.swaps_used == 0
    assert "locked" in w.statusBar().currentMessage()


def test_two_equal_letters_are_refused_with_a_message(make, puzzle):
    w = make(new_game(puzzle))
    g = w.session.game
    free = [i for i in range(21) if not g.locked(i)]
    a, b = next((a, b) for a in free for b in free if a < b and g.letters[a] == g.letters[b])
    click(w.board, a)
    click(w.board, b)
    drag(w.board, b, a)
    assert g.swaps_used == 0 and "the same" in w.statusBar().currentMessage()


def test_click_click_swap_and_deselect(make, puzzle):
    w = make(new_game(puzzle))
    g = w.session.game
    a, b = movable_pair(g)
    click(w.board, a)
    assert w.board.selected == a
    click(w.board, a)
    assert w.board.selected is None and g.swaps_used == 0
    click(w.board, a)
    click(w.board, b)
    assert g.swaps_used == 1 and w.board.selected is None


def test_keyboard_arrows_space_space(make, puzzle):
    w = make(new_game(puzzle))
    g = w.session.game
    board = w.board
    board.setFocus()
    lay = g.layout
    a, b = movable_pair(g)

    def go_to(cell):
        r0, c0 = lay.coords[board.cursor]
        r, c = lay.coords[cell]
        # rows first along column 0 (no holes there), then across the row
        while board.cursor != cell:
            rr, cc = lay.coords[board.cursor]
            if cc != 0 and rr != r:
                QTest.keyClick(board, Qt.Key.Key_Left)
            elif rr != r:
                QTest.keyClick(board, Qt.Key.Key_Down if rr < r else Qt.Key.Key_Up)
            else:
                QTest.keyClick(board, Qt.Key.Key_Right if lay.coords[board.cursor][1] < c else Qt.Key.Key_Left)

    go_to(a)
    QTest.keyClick(board, Qt.Key.Key_Space)
    assert board.selected == a
    go_to(b)
    la, lb = g.letters[a], g.letters[b]
    QTest.keyClick(board, Qt.Key.Key_Space)
    assert (g.letters[a], g.letters[b]) == (lb, la) and g.swaps_used == 1


def test_arrow_skips_holes(make, puzzle):
    w = make(new_game(puzzle))
    board = w.board
    board.setFocus()
    lay = w.session.game.layout
    board.cursor = lay.cell(1, 0)
    QTest.keyClick(board, Qt.Key.Key_Right)
    assert lay.coords[board.cursor] == (1, 2)


def test_undo_costs_a_swap(make, puzzle):
    w = make(new_game(puzzle))
    g = w.session.game
    a, b = movable_pair(g)
    drag(w.board, a, b)
    assert w.undo_button.isEnabled()
    w.activateWindow()
    assert QTest.qWaitForWindowActive(w)
    w.board.setFocus()
    QTest.keyClick(w.board, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert g.letters == list(puzzle.start)
    assert g.swaps_used == 2 and w.swaps_label.text() == "Swaps left: 13 of 15"
    assert not w.undo_button.isEnabled()


def test_win_with_stars_share_and_stats(make, puzzle):
    w = make(new_game(puzzle, daily=TODAY.isoformat()))
    g = w.session.game
    for a, b in g.solving_swaps():
        click(w.board, a)
        click(w.board, b)
    assert g.status is Status.WON and g.stars == 5
    assert w.result.isVisible() and "Solved in 10 swaps" in w.result_label.text()
    assert w.result_stars.text() == "★★★★★"
    assert set(w.board.marks) == {Mark.GREEN}
    QTest.mouseClick(w.copy_button, Qt.MouseButton.LeftButton)
    text = QGuiApplication.clipboard().text()
    assert text == w.session.share_text() and "★★★★★" in text
    assert not any(ch.isalpha() for ch in text.split("\n", 2)[2])
    assert w.session.stats.played == 1 and w.session.stats.won == 1
    dlg = w.show_stats()
    assert isinstance(dlg, StatsDialog) and dlg.values["Played"] == "1"
    assert dlg.values["Stars"].startswith("5")
    dlg.close()
    # a won game takes no more swaps
    drag(w.board, 0, 1)
    assert g.swaps_used == 10


def test_lost_at_the_limit_animates_the_solution(make, puzzle, qtbot):
    w = make(new_game(puzzle))
    g = w.session.game
    a, b = movable_pair(g)
    for _ in range(14):
        drag(w.board, a, b)
    assert g.status is Status.PLAYING
    with qtbot.waitSignal(w.board.animation_finished, timeout=10000):
        drag(w.board, a, b)
    assert g.status is Status.LOST
    assert w.board.letters == list(puzzle.solution)
    assert "Out of swaps" in w.result_label.text() and w.result.isVisible()
    assert not w.board.interactive
    assert w.session.stats.played == 1 and w.session.stats.streak == 0


def test_autosave_and_resume(make, puzzle, tmp_path):
    w = make(new_game(puzzle, daily=TODAY.isoformat()))
    g = w.session.game
    a, b = movable_pair(g)
    drag(w.board, a, b)
    saved = json.loads((tmp_path / "wordgrid" / "progress.json").read_text(encoding="utf-8"))
    assert saved["game"]["moves"] and saved["game"]["daily"] == TODAY.isoformat()
    w.close()  # one window at a time holds the files: the next one resumes
    w2 = make(autostart=True)
    assert w2.session.game.letters == g.letters and w2.session.game.swaps_used == 1
    assert w2.board.letters == g.letters


def test_bad_autosave_is_reported_and_a_daily_made(make, tmp_path, qtbot):
    path = tmp_path / "wordgrid" / "progress.json"
    path.parent.mkdir(parents=True)
    path.write_text('{"version": 1, "game": {"size": 9}, "stats": {}}', encoding="utf-8")
    w = make()
    with qtbot.waitSignal(w.session.game_ready, timeout=60000):
        assert not w.session.restore()
        w.session.start_daily(5, "en")
    assert "not used" in (w.session.load_problem or "")
    assert w.session.game.puzzle.seed == daily_seed(TODAY, 5, "en")
    assert (path.parent / "progress.json.bad").exists()


def test_free_play_in_worker_with_seed_and_cancel(make, qtbot):
    w = make()
    with qtbot.waitSignal(w.session.busy_changed, timeout=5000) as busy:
        w.new_free(12345)
    assert busy.args == [True]
    w._show_busy()
    assert w.busy_row.isVisible()
    with qtbot.waitSignal(w.session.game_ready, timeout=60000):
        pass
    assert not w.busy_row.isVisible()
    assert w.session.game.puzzle.seed == 12345 and "seed 12345" in w.title.text()
    first = w.session.game
    # start another and cancel it at once: the table keeps its game
    w.new_free(777)
    w._show_busy()
    QTest.mouseClick(w.cancel_button, Qt.MouseButton.LeftButton)
    assert not w.session.busy and not w.busy_row.isVisible()
    w.session.pool.waitForDone(30000)
    qtbot.wait(50)
    assert w.session.game is first


def test_seven_by_seven_and_russian_daily(make, qtbot):
    w = make()
    w.size_actions[7].trigger()
    w.lang_actions["ru"].trigger()
    with qtbot.waitSignal(w.session.game_ready, timeout=60000):
        w.new_daily()
    g = w.session.game
    assert (g.size, g.lang, g.limit) == (7, "ru", 25)
    assert w.swaps_label.text() == "Swaps left: 25 of 25"
    assert all("А" <= ch <= "Я" or ch == "Ё" for ch in g.puzzle.solution)
    assert len(w.board.letters) == 40


def test_a_french_daily_of_common_french_words(make, qtbot):
    from wordbler.lexicon import common_words

    w = make()
    w.lang_actions["fr"].trigger()
    with qtbot.waitSignal(w.session.game_ready, timeout=60000):
        w.new_daily()
    g = w.session.game
    assert (g.size, g.lang) == (5, "fr")
    from wordbler.wordgrid.grid import layout

    lay = layout(5)
    words = ["".join(g.puzzle.solution[i] for i in slot.cells) for slot in lay.slots]
    assert len(words) == 6 and set(words) <= set(common_words("fr", length=5))
    assert "French" in [a.text().replace("&", "") for a in w.lang_actions.values()]


def test_the_grid_size_choice_leaves_the_window_size_alone(make):
    # the chosen grid size once lived in ``self.size``, hiding QWidget.size(): anything
    # asking the window for its size (layout code, screenshots) got an int to call
    w = make(size=(1100, 720))
    w.size_actions[7].trigger()
    assert w.grid_size == 7
    assert (w.size().width(), w.size().height()) == (1100, 720)
    w.size_actions[5].trigger()
    assert w.grid_size == 5 and w.size().width() == 1100


def test_colour_blind_palette_saved(make, tmp_path):
    w = make()
    assert w.board.palette_ is STANDARD
    w.act_cb.trigger()
    assert w.board.palette_ is COLOUR_BLIND
    w2 = make()
    assert w2.board.palette_ is COLOUR_BLIND


def test_help_names_the_rules(make):
    w = make()
    dlg = w.show_help()
    text = dlg.findChild(type(dlg.layout().itemAt(0).widget())).toPlainText()
    assert "costs a swap" in text and "either" in text and "locked" in text
    room = dlg.screen().availableGeometry()  # it asked for 640 pixels, more than some screens
    assert dlg.height() <= room.height() and dlg.width() <= room.width()
    dlg.close()


def test_new_game_during_the_solution_animation(make, puzzle, qtbot):
    w = make(new_game(puzzle))
    w.board.swap_ms = 5000  # slow: the animation is still running when the new game comes
    g = w.session.game
    a, b = movable_pair(g)
    for _ in range(15):
        drag(w.board, a, b)
    assert w.board.animating()
    other = generate(5, WORDS, 9)
    w.session.set_game(new_game(other))
    assert not w.board.animating() and w.board.interactive
    assert w.board.letters == list(other.start) and not w.result.isVisible()


# ---- free play from the user's own word list --------------------------------------------
def _own_list(tmp_path, name="mine.txt"):
    path = tmp_path / name
    path.write_text("\n".join(w.lower() for w in WORDS) + "\n", encoding="utf-8")
    return str(path)


def _menu_item(w, action):
    """The Game > Words menu and the item, as a person finds them."""
    game = w.menuBar().findChild(QMenu, "game-menu")
    words = next(a.menu() for a in game.actions() if a.menu() is not None
                 and action in a.menu().actions())
    assert action in words.actions()
    return action


def test_own_word_list_makes_the_free_puzzles_and_is_remembered(make, qtbot, tmp_path,
                                                                 monkeypatch):
    w = make()
    assert w.act_common.isChecked() and not w.act_own_list.isChecked()
    path = _own_list(tmp_path)
    monkeypatch.setattr(WordGridWindow, "ask_word_list_file", lambda self: path)
    with qtbot.waitSignal(w.session.game_ready, timeout=60000):
        _menu_item(w, w.act_own_list).trigger()
    g = w.session.game
    assert g.source == path and not g.daily
    listed = set(WORDS)
    assert g.puzzle.words() and set(g.puzzle.words()) <= listed  # made of the list's words
    assert "mine.txt" in w.subtitle.text() and "mine.txt" in w.act_own_list.text()
    assert w.act_own_list.isChecked() and not w.act_common.isChecked()
    assert "mine.txt" in w.statusBar().currentMessage()
    # the next free puzzle uses it too; the daily puzzle keeps the common words
    with qtbot.waitSignal(w.session.game_ready, timeout=60000):
        w.new_free(4242)
    assert w.session.game.source == path and set(w.session.game.puzzle.words()) <= listed
    with qtbot.waitSignal(w.session.game_ready, timeout=60000):
        w.new_daily()
    assert w.session.game.source is None and "mine.txt" not in w.subtitle.text()
    # remembered: a new window starts with the list chosen
    w2 = make()
    assert w2.lexicon == path and w2.act_own_list.isChecked()
    # and the common words again from the same menu
    _menu_item(w2, w2.act_common).trigger()
    assert w2.lexicon is None and w2.act_common.isChecked()
    assert make().lexicon is None


@pytest.mark.parametrize("content", [b"\x00\x01\x02\x03", b"ZZZZZ\nQQQQQ\n"])
def test_a_word_list_that_cannot_be_used_is_named_and_nothing_changes(make, qtbot, tmp_path,
                                                                      monkeypatch, puzzle,
                                                                      content):
    w = make(game=new_game(puzzle))
    before = w.session.game
    bad = tmp_path / "bad.txt"
    bad.write_bytes(content)
    monkeypatch.setattr(WordGridWindow, "ask_word_list_file", lambda self: str(bad))
    with qtbot.waitSignal(w.session.generation_failed, timeout=60000):
        _menu_item(w, w.act_own_list).trigger()
    assert w.statusBar().currentMessage().startswith("That word list cannot be used")
    box = w.list_problem
    assert box.isVisible() and "bad.txt" in box.text()
    assert ("binary" in box.text()) if content.startswith(b"\x00") else ("2 words" in box.text())
    QTest.mouseClick(box.button(box.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert not box.isVisible()
    assert w.session.game is before and w.lexicon is None
    assert w.act_common.isChecked() and not w.act_own_list.isChecked()
    assert make().lexicon is None  # not remembered


def test_cancelling_the_file_dialog_keeps_the_choice(make, qtbot, tmp_path, monkeypatch,
                                                     puzzle):
    w = make(game=new_game(puzzle))
    path = _own_list(tmp_path)
    monkeypatch.setattr(WordGridWindow, "ask_word_list_file", lambda self: path)
    with qtbot.waitSignal(w.session.game_ready, timeout=60000):
        w.act_own_list.trigger()
    game = w.session.game
    monkeypatch.setattr(WordGridWindow, "ask_word_list_file", lambda self: None)
    w.act_own_list.trigger()
    assert not w.session.busy and w.session.game is game
    assert w.lexicon == path and w.act_own_list.isChecked() and "mine.txt" in w.act_own_list.text()


def test_a_kept_list_gone_since_is_named_and_stays_chosen(make, qtbot, tmp_path, monkeypatch,
                                                          puzzle):
    path = _own_list(tmp_path, "gone.txt")
    w = make()
    monkeypatch.setattr(WordGridWindow, "ask_word_list_file", lambda self: path)
    with qtbot.waitSignal(w.session.game_ready, timeout=60000):
        w.act_own_list.trigger()
    game = w.session.game
    Path(path).unlink()  # moved or deleted between two games
    with qtbot.waitSignal(w.session.generation_failed, timeout=60000):
        QTest.mouseClick(w.free_button if w.free_button.isVisible() else w.next_button,
                         Qt.MouseButton.LeftButton)
    box = w.list_problem
    assert box.isVisible() and "gone.txt" in box.text() and "Game › Words" in box.text()
    assert w.session.game is game and w.lexicon == path and w.act_own_list.isChecked()
    # a daily puzzle after it is not taken for the list's failure
    box.done(0)
    with qtbot.waitSignal(w.session.game_ready, timeout=60000):
        w.new_daily()
    assert w.list_problem is box and not box.isVisible()


def test_every_new_free_puzzle_is_a_fresh_one(make, qtbot, monkeypatch):
    # clicked/triggered pass checked=False, which new_free took as seed 0: the free-play
    # buttons and menu item dealt the same puzzle every time
    w = make()
    seeds = []
    monkeypatch.setattr(w.session, "start_free", lambda size, lang, seed=None, lexicon=None:
                        seeds.append(seed))
    w.free_button.setVisible(True)
    w.next_button.setVisible(True)
    QTest.mouseClick(w.free_button, Qt.MouseButton.LeftButton)
    QTest.mouseClick(w.next_button, Qt.MouseButton.LeftButton)
    w.act_free.trigger()
    w.new_free(1234)  # a seed asked for (Game › Play a seed) is kept
    assert seeds == [None, None, None, 1234]


def test_closed_while_its_first_puzzle_is_made_it_makes_one_when_shown_again(qtbot, tmp_path):
    # closing cancels the puzzle being made; the start page shows the same window again,
    # which came back with an empty grid and nothing under way
    import threading

    from PySide6.QtCore import QRunnable

    pool = QThreadPool()
    pool.setMaxThreadCount(1)
    gate = threading.Event()

    class Hold(QRunnable):  # keeps the pool's one thread until the gate opens
        def run(self):
            gate.wait(30)

    pool.start(Hold())
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    w = WordGridWindow(settings=settings, save_path=tmp_path / "wordgrid" / "progress.json",
                       pool=pool, today=TODAY, autostart=True)
    qtbot.addWidget(w)
    try:
        w.show()
        qtbot.waitExposed(w)
        assert w.session.busy and w.session.game is None  # queued behind Hold
        w.close()
        assert not w.session.busy and w.session.game is None
        gate.set()
        w.show()
        qtbot.waitExposed(w)
        assert w.session.busy
        qtbot.waitUntil(lambda: w.session.game is not None, timeout=60_000)
        assert w.session.game.puzzle.size == w.grid_size
    finally:
        gate.set()
        w.session.cancel_generation()
        pool.waitForDone(30_000)


@pytest.mark.parametrize("points", [14, 18])
def test_the_panels_buttons_and_counter_read_whole_with_a_large_system_font(
        qtbot, make, puzzle, points):
    # the panel kept its width whatever the font: with 14 points "Undo (costs a swap)"
    # read "lo (costs a sw" and "Swaps left: 13 of 15" lost its "15"
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    before = app.font()
    font = QFont(before)
    font.setPointSize(points)
    app.setFont(font)
    try:
        w = make(new_game(puzzle))
        w.resize(1024, 700)
        qtbot.waitUntil(lambda: w.width() == 1024)
        for _ in range(3):
            QApplication.processEvents()
        for b in (w.undo_button, w.daily_button, w.free_button):
            assert b.fontMetrics().horizontalAdvance(b.text()) + 8 <= b.width(), b.text()
        label = w.swaps_label
        assert label.fontMetrics().horizontalAdvance(label.text()) <= label.width()
    finally:
        app.setFont(before)


def test_the_page_stays_light_and_readable_on_a_dark_desktop(qtbot, tmp_path, puzzle):
    # under a dark program palette the page kept its light background but its buttons took
    # the dark palette: dark grey buttons on the light page, and (had the page's style sheet
    # not coloured every label) light text on it
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QPushButton

    from tests.ui.palette_checks import dark_program_palette, unreadable

    with dark_program_palette():
        pool = QThreadPool()
        w = WordGridWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat),
                           save_path=tmp_path / "wordgrid" / "progress.json", pool=pool,
                           today=TODAY, autostart=False)
        qtbot.addWidget(w)
        w.session.set_game(new_game(puzzle))
        w.show()
        qtbot.waitExposed(w)
        buttons = w.findChildren(QPushButton)
        assert w.copy_button in buttons and w.undo_button in buttons
        for widget in [w.menuBar(), w.centralWidget(), *buttons]:
            assert unreadable(widget) == [], widget
            # light, as the page is
            assert widget.palette().color(QPalette.ColorRole.Button).lightness() > 200
        pool.waitForDone(30000)
