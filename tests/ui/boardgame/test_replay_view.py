"""The replay view: every real record steps to its recorded final scores by keyboard and
buttons; names, word list, notes and mismatches are shown; our games continue from any
position where play can go on."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from wordbler.boardgame import gcg, savegame
from wordbler.boardgame.game import Game, PlayerSpec
from wordbler.boardgame.model import Coord, Placement, TurnKind
from wordbler.boardgame.replay import replay
from wordbler.ui.boardgame.files import OpenKind, open_record
from wordbler.ui.boardgame.replay_view import ReplayView, ReplayWindow


def _view(qtbot, result) -> ReplayView:
    view = ReplayView(result)
    qtbot.addWidget(view)
    view.resize(1000, 700)
    view.show()
    qtbot.waitExposed(view)
    return view


def _shown_scores(view: ReplayView) -> list[int]:
    return [int(p.score.text()) for p in view.player_panels]


def _final_totals(record) -> list[int]:
    totals = [0] * len(record.players)
    for ev in record.events:
        totals[ev.player] = ev.total
    return totals


def test_every_shared_record_steps_to_its_recorded_final_scores(qtbot, shared_dir):
    files = sorted((shared_dir / "gcg").glob("*.gcg"))
    assert len(files) >= 30
    for path in files:
        opened = open_record(path)
        assert opened.kind is OpenKind.REPLAY, path.name
        view = _view(qtbot, opened.result)
        record = opened.result.record
        assert view.position_label.text() == "Start"
        assert _shown_scores(view) == [0] * len(record.players)
        # forward, one key press at a time, to the end: the scores after each event
        for k in range(1, len(record.events) + 1):
            qtbot.keyClick(view, Qt.Key.Key_Right)
            assert view.index == k, path.name
            assert _shown_scores(view) == list(opened.result.steps[k].scores), (path.name, k)
        qtbot.keyClick(view, Qt.Key.Key_Right)  # past the end: stays
        assert view.index == len(record.events)
        assert _shown_scores(view) == _final_totals(record), path.name
        assert not view.forward_button.isEnabled() and not view.last_button.isEnabled()
        assert not view.warning_label.isVisible(), path.name  # every real record adds up
        # Home and End jump; the board shows the record's last position
        qtbot.keyClick(view, Qt.Key.Key_Home)
        assert view.index == 0 and _shown_scores(view) == [0] * len(record.players)
        qtbot.keyClick(view, Qt.Key.Key_End)
        assert _shown_scores(view) == _final_totals(record)
        final = opened.result.final.board
        on_board = {c for c, sq in view.board.squares.items() if sq.state.face is not None}
        assert on_board == {p.coord for p in final.placements()}, path.name
        view.close()


def test_buttons_and_the_event_list_move_through_the_game(qtbot, shared_dir):
    result = replay(gcg.read_file(shared_dir / "gcg" / "well_played_game.gcg"))
    view = _view(qtbot, result)
    qtbot.mouseClick(view.last_button, Qt.MouseButton.LeftButton)
    assert view.index == len(result.steps) - 1
    assert view.position_label.text().endswith("(end)")
    qtbot.mouseClick(view.back_button, Qt.MouseButton.LeftButton)
    assert view.index == len(result.steps) - 2
    qtbot.mouseClick(view.first_button, Qt.MouseButton.LeftButton)
    assert view.index == 0 and not view.back_button.isEnabled()
    qtbot.mouseClick(view.forward_button, Qt.MouseButton.LeftButton)
    assert view.index == 1
    view.event_list.setCurrentRow(4)  # a click on the fourth event
    assert view.index == 4 and view.position_label.text() == f"Move 4 of {len(result.steps) - 1}"
    qtbot.keyClick(view.event_list, Qt.Key.Key_Left)  # keys work with the list focused too
    assert view.index == 3
    # the event's tiles are outlined on the board
    changed = set(result.steps[3].changed)
    outlined = {c for c, sq in view.board.squares.items()
                if sq.state.face is not None and sq.state.face.last_move}
    assert changed and outlined == changed


def test_names_word_list_notes_and_the_rack_are_shown(qtbot, shared_dir):
    record = gcg.read_file(shared_dir / "gcg" / "issue_476.gcg")
    view = _view(qtbot, replay(record))
    assert view.title_label.text() == " vs ".join(p.name for p in record.players) or record.title
    assert f"Word list: {record.lexicon}" in view.details_label.text()
    noted = next(i for i, ev in enumerate(record.events, 1) if ev.notes) \
        if any(ev.notes for ev in record.events) else None
    if noted is not None:
        view.set_step(noted)
        assert view.notes_label.isVisible()
    other = replay(gcg.read_file(shared_dir / "gcg" / "well_played_game.gcg"))
    view2 = _view(qtbot, other)
    view2.set_step(1)
    assert "this was a table 1 game" in view2.notes_label.text()
    assert "a mistake" in view2.notes_label.text()  # the second note of the same event
    ev = other.record.events[0]
    assert view2.rack_label.text() == f"Rack: {ev.rack}"
    assert view2.event_label.text().startswith(other.record.players[ev.player].name)
    view2.set_step(2)
    assert not view2.notes_label.isVisible() or view2.notes_label.text() != ""


BAD_SCORE = """#character-encoding UTF-8
#player1 ann Ann Example
#player2 bob Bob Example
>ann: ADEHNRT 8D HARDEN +30 30
>bob: EILORSV H4 SOLV. +9 9
>ann: AEIOUUU - +0 30
"""

OCCUPIED = """#player1 ann Ann
#player2 bob Bob
>ann: ADEHNRT 8D HARDEN +28 28
>bob: EILORSV 8D SOLVE +9 9
"""


def test_a_mismatch_is_an_inline_warning_not_a_crash(qtbot):
    result = replay(gcg.parse(BAD_SCORE, "bad.gcg"))
    assert result.mismatches
    view = _view(qtbot, result)
    assert view.summary_label.isVisible() and "not add up" in view.summary_label.text()
    view.set_step(1)
    assert view.warning_label.isVisible()
    assert "line 4" in view.warning_label.text() and "28 computed" in view.warning_label.text()
    assert view.event_list.item(1).text().startswith("⚠")
    view.set_step(2)
    assert not view.warning_label.isVisible()
    qtbot.keyClick(view, Qt.Key.Key_End)
    assert _shown_scores(view) == [30, 9]  # the record's own totals
    # a play onto taken squares: warned, and the board keeps the first word
    result = replay(gcg.parse(OCCUPIED, "occupied.gcg"))
    view = _view(qtbot, result)
    view.last()
    assert "already holds" in view.warning_label.text() and "line 4" in view.warning_label.text()
    assert view.board.squares[Coord(7, 3)].state.face.letter == "H"


# --------------------------------------------------------------------------- our games


def _our_game() -> Game:
    """A short game of ours: three plays, an exchange, a pass, tiles on the board."""
    g = Game([PlayerSpec("Ann", "fox"), PlayerSpec("Bob", "owl")], seed=3)
    for coords in ([(7, 7), (7, 8)], [(8, 7), (9, 7)]):
        rack = [t for t in g.rack() if not t.is_blank]
        g.play([Placement(t, Coord(*c), t.letter) for t, c in zip(rack, coords)])
    g.exchange(g.rack()[:2])
    g.pass_turn()
    t = next(t for t in g.rack() if not t.is_blank)
    g.set_pending([Placement(t, Coord(10, 7), t.letter)])
    return g


def test_our_game_continues_from_any_position_where_play_can_go_on(qtbot):
    game = _our_game()
    record = gcg.parse(savegame.game_to_gcg(game), "ours.gcg")
    win = ReplayWindow(replay(record), "ours.gcg")
    qtbot.addWidget(win)
    win.show()
    view = win.view
    assert view.continue_button.isVisible()
    assert [p.mascot.mascot() for p in view.player_panels] == ["fox", "owl"]
    for k in range(len(record.events) + 1):
        view.set_step(k)
        assert view.continue_button.isEnabled()
        with qtbot.waitSignal(view.continue_requested) as blocker:
            qtbot.mouseClick(view.continue_button, Qt.MouseButton.LeftButton)
        g = blocker.args[0]
        assert len(g.history) == k and g.scores == list(view.step.scores)
        if k < len(record.events):
            assert not g.pending  # a position after an event has no tiles in play
        else:  # the end of an unfinished record: exactly where it was saved
            assert g.pending == game.pending and g.racks == game.racks
    assert not view.continue_problem(0)


def test_a_handicapped_game_replays_from_its_head_starts(qtbot):
    g = Game([PlayerSpec("Ann", "fox"), PlayerSpec("Bob", "owl", handicap=30)], seed=5)
    g.pass_turn()
    g.pass_turn()
    record = gcg.parse(savegame.game_to_gcg(g), "ours.gcg")
    result = replay(record)
    assert result.ok
    view = _view(qtbot, result)
    bob = [p.name for p in record.players].index("Bob")
    assert view.position_label.text() == "Start"
    assert view.event_list.item(0).text() == "Start (head start: Bob +30)"
    assert _shown_scores(view)[bob] == 30 and _shown_scores(view)[1 - bob] == 0
    assert not view.summary_label.isVisible()  # nothing fails to add up
    qtbot.keyClick(view, Qt.Key.Key_End)
    assert _shown_scores(view) == list(result.final.scores) == _final_totals(record)
    with qtbot.waitSignal(view.continue_requested) as blocker:
        qtbot.mouseClick(view.continue_button, Qt.MouseButton.LeftButton)
    assert blocker.args[0].scores == g.scores


def test_a_finished_game_of_ours_cannot_continue_at_its_end(qtbot):
    g = Game(["Ann", "Bob"], seed=5)
    while not g.is_over:
        g.pass_turn()
    record = gcg.parse(savegame.game_to_gcg(g), "over.gcg")
    view = _view(qtbot, replay(record))
    view.last()
    assert not view.continue_button.isEnabled()
    assert "over" in view.continue_button.toolTip()
    view.set_step(2)
    assert view.continue_button.isEnabled()
    assert all(r.kind is TurnKind.PASS for r in g.history[:6])


def test_foreign_records_have_no_continue(qtbot, shared_dir):
    view = _view(qtbot, replay(gcg.read_file(shared_dir / "gcg" / "vs_andy.gcg")))
    assert not view.continue_button.isVisible()
    assert view.continue_problem(3) is not None


@pytest.mark.parametrize("key, index", [(Qt.Key.Key_End, -1), (Qt.Key.Key_PageDown, 1)])
def test_more_keys(qtbot, shared_dir, key, index):
    result = replay(gcg.read_file(shared_dir / "gcg" / "vs_frentz.gcg"))
    view = _view(qtbot, result)
    qtbot.keyClick(view, key)
    assert view.index == (len(result.steps) - 1 if index == -1 else index)
    qtbot.keyClick(view, Qt.Key.Key_PageUp)
    assert view.index == (len(result.steps) - 2 if index == -1 else 0)


def test_each_key_of_the_replay_menu_opens_one_item(qtbot):
    """"&Continue playing from here" and "&Close" shared C; the steps had no key."""
    from tests.ui.boardgame.test_ui_keyboard import _mnemonic

    record = gcg.parse(savegame.game_to_gcg(_our_game()), "ours.gcg")
    win = ReplayWindow(replay(record), "ours.gcg")
    qtbot.addWidget(win)
    menu = win.menuBar().actions()[0].menu()
    items = [a for a in menu.actions() if not a.isSeparator()]
    keys = [_mnemonic(a.text()) for a in items]
    assert None not in keys, [a.text() for a in items]
    assert len(keys) == len(set(keys)), [a.text() for a in items]
