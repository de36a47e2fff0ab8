"""The Word Search window driven like a person: real mouse presses, moves and releases."""

import json

import pytest

import wordbler.ui  # noqa: F401
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMainWindow


def pt(window, rc) -> QPoint:
    return window.grid.cell_centre(rc).toPoint()


def drag(qtbot, window, a, b, via=None):
    g = window.grid
    QTest.mousePress(g, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pt(window, a))
    for c in (via or []):
        QTest.mouseMove(g, pt(window, c))
    QTest.mouseMove(g, pt(window, b))
    QTest.mouseRelease(g, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pt(window, b))


def click(window, rc):
    QTest.mouseClick(window.grid, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pt(window, rc))


def struck(window):
    out = set()
    for i in range(window.words_list.count()):
        item = window.words_list.item(i)
        if item.font().strikeOut():
            out.add(item.text())
    return out


def test_create_window_makes_a_puzzle_in_a_worker(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("WORDBLER_DATA_DIR", str(tmp_path / "data"))
    from PySide6.QtCore import QSettings

    from wordbler.ui.wordsearch import create_window

    # keep the window's QSettings() away from the real user's settings
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(tmp_path / "settings"))
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "settings"))

    w = create_window()
    qtbot.addWidget(w)
    assert isinstance(w, QMainWindow) and not w.isVisible()
    menus = [a.text().replace("&", "") for a in w.menuBar().actions()]
    assert menus[:4] == ["File", "Game", "View", "Help"]
    qtbot.waitUntil(lambda: w.session.puzzle is not None, timeout=10000)
    p = w.session.puzzle
    assert (p.n_cols, p.n_rows, p.level, len(p.placed)) == (15, 15, "medium", 20)
    assert w.count_label.text() == "0 / 20"
    w.timer.stop()
    w.close()
    # an unplayed puzzle writes no autosave
    assert not (tmp_path / "data" / "wordsearch" / "autosave.json").exists()


def test_drag_first_to_last_letter_finds_the_word(qtbot, make_window, puzzle):
    w = make_window(puzzle)
    target = puzzle.placed[0]
    with qtbot.waitSignal(w.session.selected) as sig:
        drag(qtbot, w, target.cells[0], target.cells[-1], via=target.cells[1:-1])
    assert sig.args[0].kind == "found" and sig.args[0].word == target.word
    assert w.count_label.text() == f"1 / {len(puzzle.placed)}"
    assert struck(w) == {puzzle.shown(target.word)}
    assert len(w.grid.capsules) == 1 and w.grid.capsules[0][0] == target.cells
    assert "Found" in w.statusBar().currentMessage()


def test_drag_snaps_to_a_straight_line(qtbot, make_window, puzzle):
    w = make_window(puzzle)
    target = next(p for p in puzzle.placed if p.dir in ("SE", "NW", "SW", "NE"))
    a, b = target.cells[0], target.cells[-1]
    g = w.grid
    end = g.cell_rect(b)
    off = QPoint(int(end.width() * 0.3), -int(end.height() * 0.25))  # a little off the cell centre
    QTest.mousePress(g, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pt(w, a))
    QTest.mouseMove(g, pt(w, b) + off)
    QTest.mouseRelease(g, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pt(w, b) + off)
    assert target.word in w.session.state.found


def test_drag_backwards_and_click_both_ends(qtbot, make_window, puzzle):
    w = make_window(puzzle)
    first, second = puzzle.placed[1], puzzle.placed[2]
    drag(qtbot, w, first.cells[-1], first.cells[0])
    assert first.word in w.session.state.found
    click(w, second.cells[0])
    assert w.grid.pending_cell == second.cells[0]
    click(w, second.cells[-1])
    assert second.word in w.session.state.found and w.grid.pending_cell is None
    # a click then Escape forgets the first end
    click(w, (0, 0))
    QTest.keyClick(w.grid, Qt.Key.Key_Escape)
    assert w.grid.pending_cell is None


def keys_to(grid, target):
    """Arrow presses from the keyboard's cell to ``target`` (the first press shows it at the
    top left)."""
    if grid.cursor_cell is None:
        QTest.keyClick(grid, Qt.Key.Key_Down)
    r, c = grid.cursor_cell
    for _ in range(abs(target[0] - r)):
        QTest.keyClick(grid, Qt.Key.Key_Down if target[0] > r else Qt.Key.Key_Up)
    for _ in range(abs(target[1] - c)):
        QTest.keyClick(grid, Qt.Key.Key_Right if target[1] > c else Qt.Key.Key_Left)
    assert grid.cursor_cell == target


def test_words_are_found_with_the_keyboard_alone(qtbot, make_window, puzzle):
    # the grid took only Escape: a player without a mouse could find nothing
    w = make_window(puzzle)
    w.grid.setFocus()
    for x in puzzle.placed[:3]:
        keys_to(w.grid, x.cells[0])
        QTest.keyClick(w.grid, Qt.Key.Key_Space)
        assert w.grid.pending_cell == x.cells[0]
        keys_to(w.grid, x.cells[-1])
        QTest.keyClick(w.grid, Qt.Key.Key_Return)
        assert x.word in w.session.state.found and w.grid.pending_cell is None
    assert {x.word.lower() for x in puzzle.placed[:3]} <= {t.lower() for t in struck(w)}
    # the arrows stop at the edges; Escape forgets a first end
    for _ in range(puzzle.n_cols + 2):
        QTest.keyClick(w.grid, Qt.Key.Key_Right)
    assert w.grid.cursor_cell[1] == puzzle.n_cols - 1
    QTest.keyClick(w.grid, Qt.Key.Key_Space)
    QTest.keyClick(w.grid, Qt.Key.Key_Escape)
    assert w.grid.pending_cell is None


def test_a_miss_changes_nothing(qtbot, make_window, puzzle):
    w = make_window(puzzle)
    st = w.session.state
    for r in range(puzzle.n_rows):
        if st.select((r, 0), (r, 1)).kind == "miss":
            break
    drag(qtbot, w, (r, 0), (r, 1))
    assert st.found_count() == 0 and w.grid.capsules == []
    assert "No word" in w.statusBar().currentMessage()


def test_hint_flashes_the_first_letter(qtbot, make_window, puzzle):
    w = make_window(puzzle)
    QTest.mouseClick(w.hint_button, Qt.MouseButton.LeftButton)
    cell = w.grid.hint_cell
    assert cell is not None
    assert any(p.cells[0] == cell and p.word not in w.session.state.found for p in puzzle.placed)
    assert w.session.state.hints == 1


def test_clock_ticks_with_a_fake_clock(qtbot, make_window, puzzle):
    w = make_window(puzzle)
    w.timer.stop()
    for _ in range(65):
        w.timer.timeout.emit()
    assert w.clock_label.text() == "01:05"


def test_finishing_shows_the_banner_and_message(qtbot, make_window, puzzle):
    w = make_window(puzzle)
    for p in puzzle.placed:
        drag(qtbot, w, p.cells[0], p.cells[-1])
    assert w.session.state.finished
    assert w.banner.isVisible() and "All 10 words" in w.banner.text() and "hi there" in w.banner.text()
    assert struck(w) == {puzzle.shown(p.word) for p in puzzle.placed}
    assert w.grid.message_cells == puzzle.message_cells
    assert not w.hint_button.isEnabled()


def test_bonus_word(qtbot, make_window, puzzle):
    w = make_window(puzzle)
    (owl,) = puzzle.bonus
    drag(qtbot, w, owl.cells[0], owl.cells[-1])
    assert "OWL" in w.extra_label.text() or "owl" in w.extra_label.text().lower()
    assert w.session.state.bonus_count() == 1


def test_hot_seat_turns_and_scores(qtbot, make_window, puzzle):
    w = make_window(puzzle, players=("Ann", "Ben"))
    st = w.session.state
    p0 = puzzle.placed[0]
    drag(qtbot, w, p0.cells[0], p0.cells[-1])
    assert st.scores == [len(p0.word), 0] and st.current == 0
    assert "Ann: %d" % len(p0.word) in w.players_box.text()
    r = next(r for r in range(puzzle.n_rows) if PlayStateProbe(puzzle).miss((r, 0), (r, 1)))
    drag(qtbot, w, (r, 0), (r, 1))
    assert st.current == 1 and "Ben's turn" in w.statusBar().currentMessage()


class PlayStateProbe:
    def __init__(self, puzzle):
        from wordbler.wordsearch.play import PlayState

        self.s = PlayState(puzzle)

    def miss(self, a, b):
        return self.s.select(a, b).kind == "miss"


def test_autosave_and_resume(qtbot, make_window, puzzle, tmp_path):
    save = tmp_path / "wordsearch" / "autosave.json"
    w = make_window(puzzle, save_path=save)
    p0 = puzzle.placed[0]
    drag(qtbot, w, p0.cells[0], p0.cells[-1])
    data = json.loads(save.read_text("utf-8"))
    assert data["found"] == [[p0.word, 0]]
    w.close()
    w2 = make_window(autoload=True, save_path=save)
    assert w2.session.puzzle == puzzle
    assert p0.word in w2.session.state.found
    assert struck(w2) == {puzzle.shown(p0.word)}


def test_corrupt_autosave_is_set_aside(qtbot, make_window, tmp_path):
    save = tmp_path / "wordsearch" / "autosave.json"
    save.parent.mkdir(parents=True)
    save.write_text('{"format": 1, "puzzle": {"rows": 5}}')
    w = make_window(autoload=True, save_path=save)
    assert "set aside" in w.statusBar().currentMessage()
    assert save.with_suffix(".corrupt").exists()
    qtbot.waitUntil(lambda: w.session.puzzle is not None, timeout=10000)
    # the status-bar message goes in 8 s: the lasting note names the file until the new
    # game is saved
    w.statusBar().clearMessage()
    assert w.files_label.isVisible() and "autosave.corrupt" in w.files_label.text()
    # one short line (the whole path and reason did not fit a status bar), the rest in its tip
    label = w.files_label
    assert label.fontMetrics().horizontalAdvance(label.text()) <= 600
    assert str(save.with_suffix(".corrupt")) in label.toolTip() and "format" in label.toolTip()
    p = w.session.puzzle.placed[0]
    drag(qtbot, w, p.cells[0], p.cells[-1])
    assert save.exists() and not w.files_label.isVisible()


def test_unplayed_puzzle_never_replaces_a_saved_game(qtbot, make_window, puzzle, tmp_path):
    from wordbler.wordsearch import Settings, generate
    from wordbler.wordsearch.words import Entry

    save = tmp_path / "wordsearch" / "autosave.json"
    w = make_window(puzzle, save_path=save)
    drag(qtbot, w, puzzle.placed[0].cells[0], puzzle.placed[0].cells[-1])
    before = save.read_text("utf-8")
    other = generate(Settings(cols=8, rows=8), [Entry("cat", "CAT")], 1)
    w.session.start(other)
    w.close()
    assert save.read_text("utf-8") == before


def test_view_options(qtbot, make_window, puzzle):
    w = make_window(puzzle)
    w.lower_action.trigger()
    assert w.grid.lower and w.words_list.item(0).text() == w.words_list.item(0).text().lower()
    size = w.words_list.font().pointSizeF()
    w.large_action.trigger()
    assert w.grid.large and w.words_list.font().pointSizeF() > size


def test_help_opens(qtbot, make_window, puzzle):
    w = make_window(puzzle)
    w.help_action.trigger()
    box = w._help_box
    assert box.isVisible() and "Hot-seat" in box.text.toPlainText()
    # a scrolling page fitted to the screen (a message box as tall as its text ran off a
    # 540-pixel screen at 2x scale)
    room = box.screen().availableGeometry()
    assert box.height() <= room.height() and box.width() <= room.width()
    box.close()


def test_text_export(qtbot, make_window, puzzle, tmp_path):
    w = make_window(puzzle)
    out = tmp_path / "p.txt"
    assert w.export_text(str(out))
    assert "Answer key" in out.read_text("utf-8")


def _choose_from_the_file_menu(qtbot, w, action):
    """Open File in the menu bar and click the item, as a user does."""
    bar = w.menuBar()
    file_action = bar.actions()[0]
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     bar.actionGeometry(file_action).center())
    menu = file_action.menu()
    qtbot.waitUntil(menu.isVisible)
    QTest.mouseClick(menu, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     menu.actionGeometry(action).center())


@pytest.fixture(autouse=True)
def _no_blocking_file_dialog(monkeypatch):
    """A static QFileDialog.getSaveFileName runs a modal loop no test can answer: fail instead
    of hanging (the exports open a dialog of their own that a test types into)."""
    from PySide6.QtWidgets import QFileDialog

    def refuse(*args, **kwargs):
        raise AssertionError("a blocking QFileDialog.getSaveFileName was opened")

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(refuse))


def _answer_save_dialog(qtbot, w, folder, name, name_filter=None):
    """Type ``name`` in the open save dialog, in ``folder``, and press Enter, as a user does."""
    from PySide6.QtWidgets import QFileDialog, QLineEdit

    qtbot.waitUntil(lambda: w.file_dialog is not None and w.file_dialog.isVisible())
    dlg = w.file_dialog
    assert isinstance(dlg, QFileDialog)
    dlg.setDirectory(str(folder))
    if name_filter:
        dlg.selectNameFilter(name_filter)
    edit = dlg.findChild(QLineEdit, "fileNameEdit")
    edit.clear()
    QTest.keyClicks(edit, name)
    QTest.keyClick(edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: w.file_dialog is None or not dlg.isVisible())


@pytest.mark.parametrize("kind", ["pdf", "text"])
def test_export_chosen_from_the_menu_asks_where_and_writes(qtbot, make_window, puzzle, tmp_path, kind):
    # the menu's triggered(checked) used to reach export_pdf/export_text as path=False: no
    # dialog, and a TypeError from writing to False
    out = tmp_path / f"puzzle.{'pdf' if kind == 'pdf' else 'txt'}"
    w = make_window(puzzle)
    _choose_from_the_file_menu(qtbot, w, w.pdf_action if kind == "pdf" else w.text_action)
    _answer_save_dialog(qtbot, w, tmp_path, out.name)
    assert out.stat().st_size > 0
    if kind == "text":
        assert "Answer key" in out.read_text("utf-8")
    else:
        assert out.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("kind, suffix", [("pdf", ".pdf"), ("text", ".txt")])
def test_the_save_dialog_adds_the_extension(qtbot, make_window, puzzle, tmp_path, kind, suffix):
    # typing "noext" with the PDF filter saved "noext", a file nothing opens as a PDF
    w = make_window(puzzle)
    (w.export_pdf if kind == "pdf" else w.export_text)()
    _answer_save_dialog(qtbot, w, tmp_path, "noext")
    assert not (tmp_path / "noext").exists()
    assert (tmp_path / f"noext{suffix}").stat().st_size > 0


def test_the_pdf_dialogs_letter_filter_gives_letter_paper(qtbot, make_window, puzzle, tmp_path):
    import subprocess

    from .test_printing import tool

    w = make_window(puzzle)
    w.export_pdf()
    _answer_save_dialog(qtbot, w, tmp_path, "letter", "PDF, Letter (*.pdf)")
    info = subprocess.run([tool("pdfinfo"), str(tmp_path / "letter.pdf")], capture_output=True, text=True).stdout
    assert "612 x 792 pts" in info


def test_the_save_dialogs_open_in_the_last_export_folder(qtbot, make_window, puzzle, tmp_path, monkeypatch):
    # they opened in the process's working directory, whatever had been chosen before
    home = tmp_path / "home"
    (home / "Documents").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_DOCUMENTS_DIR", raising=False)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.chdir(tmp_path)
    w = make_window(puzzle)
    w.export_text()
    qtbot.waitUntil(lambda: w.file_dialog is not None and w.file_dialog.isVisible())
    first = w.file_dialog.directory().absolutePath()
    assert first in (str(home / "Documents"), str(home))  # never the working directory
    sheets = tmp_path / "sheets"
    sheets.mkdir()
    _answer_save_dialog(qtbot, w, sheets, "one")
    assert (sheets / "one.txt").exists()
    w.export_pdf()  # the other export, and a new window with the same settings too
    qtbot.waitUntil(lambda: w.file_dialog is not None and w.file_dialog.isVisible())
    assert w.file_dialog.directory().absolutePath() == str(sheets)
    w.file_dialog.reject()
    w2 = make_window(puzzle)
    w2.export_pdf()
    qtbot.waitUntil(lambda: w2.file_dialog is not None and w2.file_dialog.isVisible())
    assert w2.file_dialog.directory().absolutePath() == str(sheets)
    w2.file_dialog.reject()


@pytest.mark.parametrize("kind", ["pdf", "text"])
def test_both_exports_refuse_a_missing_folder(qtbot, make_window, puzzle, tmp_path, monkeypatch, kind):
    # Export text made the missing folder (a typo became a new folder), Export PDF refused it
    from PySide6.QtWidgets import QMessageBox

    said = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda parent, title, text, *a: said.append(text)))
    w = make_window(puzzle)
    target = tmp_path / "nope" / ("x.pdf" if kind == "pdf" else "x.txt")
    assert not (w.export_pdf(str(target)) if kind == "pdf" else w.export_text(str(target)))
    assert not (tmp_path / "nope").exists()
    assert said == [f"Could not write '{target}':\nno folder '{tmp_path / 'nope'}'"]


def test_generation_can_be_cancelled(qtbot, make_window, puzzle):
    from wordbler.ui.wordsearch.session import Request
    from wordbler.wordsearch import Settings
    from wordbler.wordsearch.words import Entry

    w = make_window(puzzle)
    words = tuple(Entry(f"W{i}", "".join("ABCDEFGHIJ"[int(d)] for d in f"{i:04d}") + "XYZ") for i in range(400))
    request = Request(Settings(cols=50, rows=50, level="hard", budget=10 ** 7), words, 1)
    with qtbot.waitSignal(w.session.generating, check_params_cb=lambda busy: busy is False, timeout=20000):
        w.session.request_new(request)
        assert not w.new_action.isEnabled()
        w.session.cancel_generation()
    assert w.session.puzzle is puzzle and w.new_action.isEnabled()


def test_a_drag_brought_back_to_its_start_selects_and_marks_nothing(qtbot, make_window,
                                                                    puzzle):
    # changing one's mind mid-drag marked the start as a first end: the next click made a
    # line from it (two players: a miss, and the turn passed)
    w = make_window(puzzle, players=("Ann", "Bob"))
    got = []
    w.session.selected.connect(got.append)
    t = puzzle.placed[1]
    drag(qtbot, w, t.cells[0], t.cells[0], via=[t.cells[-1]])
    assert w.grid.pending_cell is None and not got
    click(w, t.cells[-1])  # the first end of a new click-click selection
    assert w.grid.pending_cell == t.cells[-1] and not got
    click(w, t.cells[0])
    assert [(r.kind, r.word) for r in got] == [("found", t.word)]
    assert w.session.state.found[t.word].player == 0  # Ann's, in her turn


def test_the_grid_draws_the_same_from_its_kept_pictures(qtbot, make_window, puzzle):
    # the letters and the shape are drawn once and kept (a 50x50 grid took about 50 ms a
    # repaint, at every mouse move of a drag); what is kept must match a fresh drawing, and
    # be drawn again when the view changes
    w = make_window(puzzle)
    g = w.grid

    def picture(cache):
        g.cache_letters = cache
        return g.grab().toImage()

    first = picture(True)
    assert picture(True) == first == picture(False)
    drag(qtbot, w, puzzle.placed[0].cells[0], puzzle.placed[0].cells[-1])  # a capsule
    found = picture(True)
    assert found != first and found == picture(False)
    w.lower_action.trigger()
    lower = picture(True)
    assert lower != found and lower == picture(False)
    g.resize(g.width() - 40, g.height() - 40)
    assert picture(True) == picture(False)


def test_bonus_words_that_could_not_be_hidden_are_named_in_the_panel(qtbot, make_window, puzzle):
    # a bonus word the generator could not hide was dropped without a word to the user
    from dataclasses import replace

    w = make_window(replace(puzzle, unplaced_bonus=("ZEBRA", "PIZZA")))
    assert w.extra_label.isVisible()
    assert "Could not be hidden (bonus words): ZEBRA, PIZZA" in w.extra_label.text()
    w.lower_action.trigger()
    assert "Could not be hidden (bonus words): zebra, pizza" in w.extra_label.text()


@pytest.mark.parametrize("kind", ["pdf", "text"])
def test_an_export_that_fails_names_the_chosen_file_and_the_reason(qtbot, make_window, puzzle, tmp_path,
                                                                     monkeypatch, kind):
    # a PDF to a folder named a hidden temporary file ("[Errno 21] Is a directory:
    # '.../.afolder.m_9uduq9.pdf' -> '.../afolder'"), a text export only "Is a directory"
    from PySide6.QtWidgets import QMessageBox

    said = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda parent, title, text, *a: said.append(text)))
    w = make_window(puzzle)
    folder = tmp_path / "afolder"
    folder.mkdir()
    assert not (w.export_pdf(str(folder)) if kind == "pdf" else w.export_text(str(folder)))
    assert said == [f"Could not write '{folder}':\nIs a directory"]
    assert list(folder.iterdir()) == [] and [f.name for f in tmp_path.iterdir() if f.name.startswith(".")] == []


def _pdf_page_count(path) -> int:
    import re

    return len(re.findall(rb"/Type\s*/Page\b", path.read_bytes()))


def test_print_preview_from_the_menu_shows_the_printed_pages(qtbot, make_window, tmp_path):
    # there was no way to see the pages before printing them: Print went straight to the
    # printer, and a long list's continued pages were a surprise on paper
    from PySide6.QtPrintSupport import QPrintPreviewWidget

    from wordbler.wordsearch import Settings, generate
    from wordbler.wordsearch.words import Entry

    from .conftest import WORDS

    words = [Entry(f"{w}{s}".lower(), f"{w}{s}") for s in ("", "S", "ER", "ING") for w in WORDS]
    long_list = generate(Settings(cols=18, rows=18, level="hard", title="Many words"),
                         words[:60], 5)
    w = make_window(long_list)
    _choose_from_the_file_menu(qtbot, w, w.preview_action)
    qtbot.waitUntil(lambda: w.preview_dialog is not None and w.preview_dialog.isVisible())
    dlg = w.preview_dialog
    view = dlg.findChild(QPrintPreviewWidget)
    qtbot.waitUntil(lambda: view.pageCount() > 0)
    out = tmp_path / "same.pdf"
    assert w.export_pdf(str(out), "a4")
    assert view.pageCount() == _pdf_page_count(out) >= 2
    assert "Many words" in dlg.windowTitle() and w.preview_error == ""
    screen = w.screen().availableGeometry()
    assert screen.contains(dlg.frameGeometry()) or dlg.height() <= screen.height()
    # the preview stays open beside the puzzle (not modal) and follows View ▸ Large print
    assert not dlg.isModal()
    before = view.pageCount()
    painted = []
    dlg.paintRequested.connect(lambda *_: painted.append(1))
    w.large_action.trigger()  # the preview lays its pages out again by itself
    qtbot.waitUntil(lambda: bool(painted))
    large = tmp_path / "large.pdf"
    assert w.export_pdf(str(large), "a4")
    assert view.pageCount() == _pdf_page_count(large) >= before
    dlg.close()
    qtbot.waitUntil(lambda: w.preview_dialog is None)


def test_print_preview_needs_a_puzzle(qtbot, make_window):
    w = make_window(None)
    assert not w.preview_action.isEnabled()
    assert w.print_preview() is None


def test_a_new_puzzle_closes_the_preview_of_the_old_one(qtbot, make_window, puzzle):
    from wordbler.wordsearch import Settings, generate
    from wordbler.wordsearch.words import Entry

    from .conftest import WORDS

    w = make_window(puzzle)
    dlg = w.print_preview()
    qtbot.waitUntil(dlg.isVisible)
    other = generate(Settings(cols=10, rows=10, level="easy"), [Entry(x.lower(), x) for x in WORDS[:5]], 3)
    w.session.start(other, ["Player"])
    qtbot.waitUntil(lambda: w.preview_dialog is None)
    dlg2 = w.print_preview()
    assert dlg2 is not None and w.preview_dialog is dlg2
    dlg2.close()
