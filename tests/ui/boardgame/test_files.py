"""The File menu: save, open, recent files, unsaved changes, bad files.

Everything goes through the window's actions and dialogs (QFileDialog is driven as a user
would: a file name, then accept), and opened games are compared with the saved ones through
everything a resumed game must restore (:func:`wordbler.ui.boardgame.scripted.state_of`).
"""

from __future__ import annotations

import io
import os
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog, QMessageBox

from wordbler import cli
from wordbler.boardgame import gcg, savegame
from wordbler.boardgame.model import Coord
from wordbler.ui.boardgame.replay_view import ReplayWindow
from wordbler.ui.boardgame.scripted import state_of

H8, I8, H9, H10 = Coord(7, 7), Coord(7, 8), Coord(8, 7), Coord(9, 7)


def _choose(qtbot, files, path: Path) -> None:
    """Answer the file dialog on show with ``path``."""
    dlg = files.file_dialog
    assert isinstance(dlg, QFileDialog) and dlg.isVisible()
    dlg.selectFile(str(path))
    dlg.accept()
    qtbot.waitUntil(lambda: files.file_dialog is None or not dlg.isVisible())


def _play_some(d) -> None:
    """Two plays, an exchange, then two tiles placed and one of them moved (mid-turn)."""
    d.reveal()
    a, b = [t for t in d.session.rack_tiles() if not t.is_blank][:2]
    assert d.drop_on_square(a.id, H8) and d.drop_on_square(b.id, I8)
    d.done()
    d.reveal()
    a, b = [t for t in d.session.rack_tiles() if not t.is_blank][:2]
    assert d.drop_on_square(a.id, H9) and d.drop_on_square(b.id, H10)
    d.done()
    d.reveal()
    for t in d.session.rack_tiles()[:2]:
        d.click_rack_tile(t.id, ctrl=True)
    d.click(d.window.table.exchange_button)
    d.click(d.window.exchange_box.button(QMessageBox.StandardButton.Yes))  # it asks first
    d.reveal()
    a, b = [t for t in d.session.rack_tiles() if not t.is_blank][:2]
    assert d.drop_on_square(a.id, Coord(10, 7)) and d.drop_on_square(b.id, Coord(11, 6))
    assert d.drop_on_square(b.id, Coord(11, 7), origin=Coord(11, 6))


def _boxes(window) -> list[QMessageBox]:
    return [b for b in window.findChildren(QMessageBox) if b.isVisible()]


def test_save_as_then_save_and_the_modified_state(qtbot, driver, tmp_path):
    d = driver()
    w = d.window
    files = w.files
    assert not files.is_modified()  # a new game, nothing done
    _play_some(d)
    assert files.is_modified()
    target = tmp_path / "our game.gcg"
    w.files.save_action.trigger()  # no file yet: Save asks where
    _choose(qtbot, files, target)
    assert target.exists() and files.path == str(target)
    assert not files.is_modified()
    assert files.recent[0] == str(target)
    saved = savegame.load_game(target)
    assert saved.pending == d.game.pending and saved.racks == d.game.racks
    # an undo is a change; undoing back to the saved position is not
    d.session.undo_stack.undo()
    assert files.is_modified()
    d.session.undo_stack.redo()
    assert not files.is_modified()
    # a turn is a change; Save writes to the same file without asking
    d.done()
    assert files.is_modified()
    w.files.save_action.trigger()
    assert files.file_dialog is None or not files.file_dialog.isVisible()
    assert not files.is_modified()
    assert len(savegame.load_game(target).history) == 4


def test_a_saved_game_replays_with_the_cli_with_no_mismatch(qtbot, driver, tmp_path):
    d = driver()
    _play_some(d)
    d.done()
    target = tmp_path / "played.gcg"
    assert d.window.files.save_to(str(target))
    out = io.StringIO()
    with redirect_stdout(out):
        code = cli.main(["replay", str(target)])
    assert code == 0, out.getvalue()
    assert "1 game, 4 events, 0 mismatches, 0 errors" in out.getvalue()


def test_open_puts_our_unfinished_game_back_exactly(qtbot, driver, tmp_path):
    d = driver()
    _play_some(d)
    target = tmp_path / "mid-turn.gcg"
    assert d.window.files.save_to(str(target))
    expected = state_of(d.session)
    other = driver(players=("Cleo", "Dan"), seed=99)
    w = other.window
    w.open_action.trigger()
    _choose(qtbot, w.files, target)
    assert w.files.path == str(target) and not w.files.is_modified()
    assert [p.name for p in w.session.game.players] == [p.name for p in d.game.players]
    assert state_of(w.session) == expected
    # the table shows the tiles of the turn once the player takes the seat
    other.reveal()
    assert {p.coord for p in w.session.pending()} == {Coord(10, 7), Coord(11, 7)}
    assert w.board.squares[Coord(11, 7)].state.face is not None
    other.done()  # and the turn can be played
    assert len(w.session.game.history) == 4


def test_opening_over_unsaved_changes_asks_first(qtbot, driver, tmp_path):
    d = driver()
    _play_some(d)
    target = tmp_path / "a.gcg"
    assert d.window.files.save_to(str(target))
    other = driver(seed=12)
    other.reveal()
    t = other.session.rack_tiles()[0]
    assert other.drop_on_square(t.id, H8) if not t.is_blank else True
    other.session.shuffle()
    assert other.window.files.is_modified()
    before = other.session
    other.window.files.open_path(str(target))
    box = other.window.files.box
    assert box is not None and box.isVisible() and "Save this game" in box.text()
    assert "automatically" in box.text()
    d.click(box.button(QMessageBox.StandardButton.Cancel))
    assert other.window.session is before  # nothing changed
    other.window.files.open_path(str(target))
    d.click(other.window.files.box.button(QMessageBox.StandardButton.Discard))
    assert other.window.session is not before
    assert other.window.files.path == str(target)


def test_closing_with_unsaved_changes_asks(qtbot, driver, tmp_path):
    d = driver()
    w = d.window
    w.close()  # nothing to save: closes at once
    assert not w.isVisible()
    w.show()
    _play_some(d)
    w.close()
    box = w.files.box
    assert box is not None and box.isVisible() and w.isVisible()
    assert "before closing" in box.text() and "resume" in box.text()
    d.click(box.button(QMessageBox.StandardButton.Cancel))
    assert w.isVisible()
    # Save: the dialog, then the window closes
    w.close()
    d.click(w.files.box.button(QMessageBox.StandardButton.Save))
    target = tmp_path / "closing.gcg"
    _choose(qtbot, w.files, target)
    assert target.exists()
    qtbot.waitUntil(lambda: not w.isVisible())


def test_closing_without_saving(qtbot, driver):
    d = driver()
    w = d.window
    _play_some(d)
    w.close()
    d.click(w.files.box.button(QMessageBox.StandardButton.Discard))
    qtbot.waitUntil(lambda: not w.isVisible())


def test_saving_under_a_file_named_like_a_folder_says_which_is_a_file(qtbot, driver, tmp_path):
    # "Could not save the game to .../notes/game.gcg: File exists." named nothing useful
    d = driver()
    _play_some(d)
    (tmp_path / "notes").write_text("my notes", encoding="utf-8")
    target = tmp_path / "notes" / "deeper" / "game.gcg"
    assert not d.window.files.save_to(str(target))
    box = d.window.files.box
    assert f"{tmp_path / 'notes'} is a file, not a folder" in box.text()
    assert "File exists" not in box.text()
    assert (tmp_path / "notes").read_text(encoding="utf-8") == "my notes"
    d.click(box.button(QMessageBox.StandardButton.Ok))


def test_recent_files_are_remembered_and_open(qtbot, driver, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    from wordbler.ui.boardgame.files import FileController

    d = driver()
    _play_some(d)
    first, second = tmp_path / "one.gcg", tmp_path / "two.gcg"
    files = FileController(d.window, settings)  # a second controller on the same window
    assert files.save_to(str(first)) and files.save_to(str(second))
    assert files.recent == [str(second), str(first)]
    again = FileController(d.window, QSettings(str(tmp_path / "settings.ini"),
                                               QSettings.Format.IniFormat))
    assert again.recent == [str(second), str(first)]
    # the window's own menu lists what it saved, newest first, and opens it
    w = d.window
    w.files.save_to(str(first))
    w.files.recent_menu.aboutToShow.emit()
    actions = [a for a in w.files.recent_menu.actions() if a.toolTip() == str(first)]
    assert actions
    other = driver(seed=4)
    other.window.files.add_recent(str(first))
    other.window.files._fill_recent()
    item = next(a for a in other.window.files.recent_menu.actions()
                if a.toolTip() == str(first))
    item.trigger()
    assert other.window.files.path == str(first)
    other.window.files.clear_recent()
    assert other.window.files.recent == []


def test_a_finished_or_foreign_record_opens_in_a_replay_window(qtbot, driver, shared_dir):
    d = driver()
    _play_some(d)
    w = d.window
    session, before = w.session, state_of(w.session)
    path = shared_dir / "gcg" / "noah_vs_peter.gcg"
    opened = w.files.open_path(str(path))
    assert opened is not None and opened.problem is None
    wins = [x for x in w.files.replay_windows if isinstance(x, ReplayWindow)]
    assert len(wins) == 1 and wins[0].isVisible()
    assert wins[0].windowTitle() == "Replay — noah_vs_peter.gcg"
    assert w.session is session and state_of(w.session) == before  # the game is untouched
    assert str(path) in w.files.recent
    wins[0].close()


def test_replay_this_game_and_continue_from_an_earlier_move(qtbot, driver, tmp_path):
    d = driver()
    _play_some(d)
    w = d.window
    w.files.replay_action.trigger()
    win = w.files.replay_windows[-1]
    view = win.view
    assert view.index == len(view.result.steps) - 1  # it opens at the end
    view.set_step(2)
    view.request_continue()
    box = w.files.box  # the game on the table has changes: asked first
    d.click(box.button(QMessageBox.StandardButton.Discard))
    assert len(w.session.game.history) == 2 and not w.session.game.pending
    assert w.files.path is None and w.files.is_modified()


# --------------------------------------------------------------------------- bad files

HEADER = "#player1 ann Ann\n#player2 bob Bob\n"
GOOD1 = ">ann: ADEHNRT 8D HARDEN +28 28\n"


def _bad_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """name: (file, what the message must say besides the file name)."""
    files = {}

    def put(name: str, data: bytes, says: str) -> None:
        p = tmp_path / name
        p.write_bytes(data)
        files[name] = (p, says)

    put("truncated.gcg", (HEADER + GOOD1 + ">bob: EILORSV H4 SOLV. +9").encode(), "line 4")
    put("binary.gcg", b"#player1 ann Ann\n\x00\x01\x02\xff\xfe binary\x00\n", "line 2")
    put("latin9-declared-utf8.gcg", ("#character-encoding UTF-8\n" + HEADER).encode()
        + ">ann: ADEHNRT 8D H\xe9RDEN +28 28\n".encode("latin-1"), "line 4")
    put("unknown-encoding.gcg", b"#character-encoding EBCDIC-US\n" + HEADER.encode(), "line 1")
    put("empty.gcg", b"", "empty")
    put("off-board.gcg", (HEADER + ">ann: ADEHNRT 8K HARDEN +28 28\n").encode(), "line 3")
    put("unknown-player.gcg", (HEADER + GOOD1 + ">zed: EILORSV H4 SOLV. +9 9\n").encode(),
        "line 4")
    return files


def test_bad_files_give_one_message_naming_file_and_line_and_change_nothing(
        qtbot, driver, tmp_path):
    d = driver()
    _play_some(d)
    w = d.window
    session, before = w.session, state_of(w.session)
    bad = _bad_files(tmp_path)
    big = tmp_path / "enormous.gcg"
    with open(big, "wb") as f:
        f.truncate(gcg.MAX_BYTES + 1)
    bad["enormous.gcg"] = (big, "too large")
    seen = {}
    for name, (path, says) in bad.items():
        assert w.files.open_path(str(path)) is None, name
        boxes = _boxes(w)
        assert len(boxes) == 1, name
        text = boxes[0].text()
        assert str(path) in text and says in text, (name, text)
        seen[name] = text.split("\n\n", 1)[1]
        boxes[0].close()
        assert w.session is session and state_of(w.session) == before, name
        assert not w.files.replay_windows
    assert len(seen) == 8


def _our_record(d) -> str:
    return savegame.game_to_gcg(d.game)


def _edit_event(text: str, n: int, fn) -> str:
    """``text`` with the tokens of its ``n``-th event line (0-based) changed by ``fn``."""
    lines = text.split("\n")
    i = [k for k, line in enumerate(lines) if line.startswith(">")][n]
    lines[i] = " ".join(fn(lines[i].split()))
    return "\n".join(lines)


def _set(index: int, value):
    def fn(tokens):
        tokens[index] = value(tokens) if callable(value) else value
        return tokens
    return fn


def _absent(tokens) -> str:
    """A word of two letters that the event's rack does not hold."""
    letter = next(c for c in "QZXJKVW" if c not in tokens[1])
    return letter * 2


BROKEN = {
    # the second play moved across the first: its X lands on a square already taken
    "occupied-square": (1, _set(2, "8H"), "holds"),
    # the first play written with tiles that are not on its rack
    "tiles-not-in-rack": (0, _set(3, _absent), "the move needs"),
    # the first play written at the edge: its second letter is off the board
    "off-the-board": (0, _set(2, "8O"), "off the board"),
    # a score that the rebuilt game does not give
    "wrong-score": (0, _set(4, "+99"), "score +99 recorded"),
    # a rack that is not the one dealt
    "wrong-rack": (2, _set(1, "EEEEEEE"), "rack"),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_our_broken_records_name_the_line(qtbot, driver, tmp_path, name):
    d = driver()
    _play_some(d)
    n, change, says = BROKEN[name]
    text = _edit_event(_our_record(d), n, change)
    path = tmp_path / f"{name}.gcg"
    path.write_text(text)
    other = driver(seed=21)
    before = state_of(other.session)
    assert other.window.files.open_path(str(path)) is None
    box = _boxes(other.window)[0]
    assert f"{path}, line " in box.text() and says in box.text(), box.text()
    assert state_of(other.session) == before


def test_a_foreign_record_whose_moves_do_not_fit_warns_then_replays(qtbot, driver, tmp_path):
    d = driver()
    path = tmp_path / "occupied.gcg"
    path.write_text(HEADER + GOOD1 + ">bob: EILORSV 8D SOLVE +9 9\n"
                    + ">ann: XYZ 9A QQQ +30 58\n")
    before = state_of(d.session)
    opened = d.window.files.open_path(str(path))
    assert opened is not None and opened.problem
    win = d.window.files.replay_windows[-1]
    box = d.window.files.box
    assert box.isVisible() and f"{path}, line 4" in box.text() and "already holds" in box.text()
    assert "more lines" in box.text()
    win.view.set_step(2)
    assert win.view.warning_label.isVisible()
    assert state_of(d.session) == before
    assert os.path.exists(path)


def test_our_game_cut_short_opens_as_far_as_it_goes_with_a_warning(qtbot, driver, tmp_path):
    d = driver()
    _play_some(d)
    text = _our_record(d)
    cut = tmp_path / "cut.gcg"
    cut.write_text(text.split("\n#rack1")[0] + "\n")  # the end of the file is lost
    other = driver(seed=31)
    opened = other.window.files.open_path(str(cut))
    assert opened is not None and opened.game is not None
    box = other.window.files.box
    assert box.isVisible() and f"{cut}, line " in box.text() and "cut short" in box.text()
    assert len(other.session.game.history) == 3  # played on from where the file stops
    # cut inside the header: not a game that can be rebuilt, and nothing changes
    header = tmp_path / "header.gcg"
    header.write_text(text.split("#wordbler-seed")[0])
    third = driver(seed=32)
    before = state_of(third.session)
    assert third.window.files.open_path(str(header)) is None
    assert "without its #wordbler-seed" in _boxes(third.window)[0].text()
    assert state_of(third.session) == before


def test_a_finished_game_of_ours_that_does_not_rebuild_is_still_replayed(qtbot, driver,
                                                                         tmp_path):
    from wordbler.boardgame.game import Game

    g = Game(["Ann", "Bob"], seed=5)
    while not g.is_over:
        g.pass_turn()
    path = tmp_path / "finished.gcg"
    path.write_text(savegame.game_to_gcg(g).replace("#wordbler-seed 5", "#wordbler-seed 6"))
    d = driver()
    opened = d.window.files.open_path(str(path))
    assert opened is not None and opened.result is not None
    assert f"{path}, line " in d.window.files.box.text()
    assert d.window.files.replay_windows


@pytest.mark.parametrize("players", [("Ann", "Bob", "Cleo"), ("Ann", "Bob", "Cleo", "Dan")])
def test_three_and_four_players_save_and_open(qtbot, driver, tmp_path, players):
    d = driver(players=players)
    d.reveal()
    d.session.pass_turn()
    d.reveal()
    t = next(t for t in d.session.rack_tiles() if not t.is_blank)
    assert d.drop_on_square(t.id, H8)
    path = tmp_path / "many.gcg"
    assert d.window.files.save_to(str(path))
    text = path.read_text()
    for n in range(1, len(players) + 1):
        assert f"#player{n} " in text
    other = driver(seed=41)
    other.window.files.open_path(str(path))
    assert state_of(other.session) == state_of(d.session)


def test_the_title_names_the_file_and_marks_unsaved_changes(qtbot, driver, tmp_path):
    d = driver()
    w = d.window
    d.reveal()
    assert not w.isWindowModified() and w.windowTitle().endswith("[*]")
    d.session.shuffle()
    assert w.isWindowModified()
    path = tmp_path / "titled.gcg"
    assert w.files.save_to(str(path))
    assert w.windowTitle().startswith("titled.gcg[*] — Wordbler — ")
    assert not w.isWindowModified()
    d.session.undo_stack.undo()
    assert w.isWindowModified()


def test_a_recent_file_since_deleted_leaves_the_list(qtbot, driver, tmp_path):
    d = driver()
    path = tmp_path / "gone.gcg"
    assert d.window.files.save_to(str(path))
    assert d.window.files.recent == [str(path)]
    path.unlink()
    assert d.window.files.open_path(str(path)) is None
    assert "cannot read" in d.window.files.box.text() and str(path) in d.window.files.box.text()
    assert d.window.files.recent == []


def test_a_game_opened_with_the_computer_to_move_goes_on_by_itself(qtbot, driver, tmp_path):
    from wordbler.boardgame.game import Game, PlayerSpec
    from wordbler.boardgame.movegen import engine_generator
    from wordbler.ui.boardgame.files import config_for_game, open_record

    words = frozenset({"AT", "TA", "IT", "TI", "ON", "NO", "TO", "OE", "EAT", "TEA", "ATE",
                       "RAT", "TAR", "ART", "ONE", "EON", "TEN", "NET", "SIT", "ITS", "AS",
                       "IS", "OR", "RE", "ER", "ES"})
    g = Game([PlayerSpec("Ann", "fox"), PlayerSpec("Robo", "owl", "beginner")], seed=7)
    if g.players[g.current].computer is None:
        g.pass_turn()  # the computer is to move
    path = tmp_path / "robo.gcg"
    savegame.save_game(g, path)
    d = driver(lexicon=words)
    w = d.window
    w.generator_factory = lambda lexicon, rules, progress=None: engine_generator(lexicon, rules)
    opened = open_record(path, words)
    w.start_game(config_for_game(opened.game, words, "test words"), opened.game)
    turns = len(opened.game.history)
    qtbot.waitUntil(lambda: len(w.session.game.history) > turns, timeout=30000)
    assert w.session.game.history[turns].player == opened.game.players.index(
        next(p for p in opened.game.players if p.computer))
