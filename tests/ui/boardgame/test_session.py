"""GameSession without widgets: intents, undo commands, computer moves, signals."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from wordbler.boardgame.game import Game, PlayerSpec
from wordbler.boardgame.model import Coord, Move, Placement, TurnKind
from wordbler.ui.boardgame.session import GameSession

H8, I8, J8 = Coord(7, 7), Coord(7, 8), Coord(7, 9)


@pytest.fixture
def session(qtbot):
    s = GameSession(Game(["Ann", "Bob"], seed=7, lexicon=None))
    s.reveal()
    return s


def letters(s):
    return [t for t in s.rack_tiles() if not t.is_blank]


def test_nothing_moves_before_the_player_takes_the_seat(qtbot):
    s = GameSession(Game(["Ann", "Bob"], seed=7))
    t = s.rack_tiles()[0]
    assert s.handoff and not s.can_act()
    assert not s.move_tile(t.id, H8)
    assert not s.commit() and not s.pass_turn()
    s.reveal()
    assert s.can_act()


def test_each_movement_is_one_undo_command_and_redo_restores(session):
    s = session
    a, b = letters(s)[:2]
    s.move_tile(a.id, H8)
    s.move_tile(b.id, I8)
    s.move_tile(b.id, J8)
    assert s.undo_stack.count() == 3
    s.undo_stack.undo()
    assert s.pending_at(I8).tile == b
    s.undo_stack.undo()
    s.undo_stack.undo()
    assert not s.pending() and len(s.rack_tiles()) == 7
    assert [t.id for t in s.rack_tiles()] == [t.id for t in s.game.rack()]
    for _ in range(3):
        s.undo_stack.redo()
    assert {p.coord for p in s.pending()} == {H8, J8}
    assert s.game.pending == s.pending()  # the engine holds the candidate


def test_undo_history_ends_with_the_turn(session):
    s = session
    a, b = letters(s)[:2]
    s.move_tile(a.id, H8)
    s.move_tile(b.id, I8)
    assert s.commit()
    assert s.undo_stack.count() == 0 and not s.undo_stack.canUndo()


def test_drop_on_rack_insertion_index_means_before_that_tile(session):
    s = session
    ids = [t.id for t in s.rack_tiles()]
    s.drop_on_rack(ids[1], 4)  # before the tile now at 4: lands at index 3
    assert [t.id for t in s.rack_tiles()] == [ids[0], ids[2], ids[3], ids[1], ids[4], ids[5], ids[6]]
    s.undo_stack.undo()
    assert [t.id for t in s.rack_tiles()] == ids


def test_blank_needs_a_letter(qtbot):
    s = GameSession(Game(["Ann", "Bob"], seed=12))
    s.reveal()
    blank = next(t for t in s.rack_tiles() if t.is_blank)
    asked = []
    s.blank_letter_needed.connect(lambda tile_id, coord: asked.append((tile_id, coord)))
    assert not s.move_tile(blank.id, H8)
    assert asked == [(blank.id, H8)]
    assert not s.move_tile(blank.id, H8, letter="1")
    assert s.move_tile(blank.id, H8, letter="q")
    assert s.pending_at(H8).letter == "Q"


def test_preview_signal_carries_words_or_reasons(session, qtbot):
    s = session
    a, b = letters(s)[:2]
    with qtbot.waitSignal(s.preview_changed) as sig:
        s.move_tile(a.id, H8)
    assert sig.args == ["The first word needs at least two tiles.", False]
    with qtbot.waitSignal(s.preview_changed) as sig:
        s.move_tile(b.id, I8)
    text, ok = sig.args
    assert ok and (a.letter + b.letter) in text and "points" in text


def test_exchange_reasons(session):
    s = session
    assert "Ctrl+click" in s.exchange_blocked()
    t = s.rack_tiles()[0]
    s.toggle_mark(t.id)
    assert s.exchange_blocked() is None
    other = next(x for x in letters(s) if x.id != t.id)
    s.move_tile(other.id, H8)
    assert "back from the board" in s.exchange_blocked()
    s.undo_stack.undo()
    assert s.exchange_marked()
    assert s.game.history[-1].kind is TurnKind.EXCHANGE


def test_pass_with_tiles_on_the_board_returns_them(session):
    s = session
    a = letters(s)[0]
    s.move_tile(a.id, H8)
    assert s.pass_turn()
    assert len(s.game.board) == 0 and not s.pending()
    assert a in s.game.racks[s.game.history[-1].player]


def test_apply_move_plays_a_computer_move_like_a_human_one(session, qtbot):
    s = session
    a, b = letters(s)[:2]
    move = Move.play([Placement(a, H8, a.letter), Placement(b, I8, b.letter)])
    flights = []
    s.flights.connect(flights.append)
    with qtbot.waitSignal(s.turn_ended) as sig:
        assert s.apply_move(move)
    assert sig.args[0].kind is TurnKind.PLAY
    assert [f.target for f in flights[0]] == [H8, I8]
    assert all(isinstance(f.source, int) for f in flights[0])  # from the rack
    assert s.last_move == {H8, I8}
    s.reveal()
    assert s.apply_move(Move.exchange(s.rack_tiles()[:2]))
    assert s.game.history[-1].kind is TurnKind.EXCHANGE
    s.reveal()
    assert s.apply_move(Move.pass_turn())
    assert s.game.history[-1].kind is TurnKind.PASS


def test_a_computer_seat_is_asked_to_move(qtbot):
    s = GameSession(Game([PlayerSpec("Ann"), PlayerSpec("Robo", computer="beginner")], seed=7))
    asked = []
    s.computer_to_move.connect(asked.append)
    s.reveal()
    if s.game.players[s.current].computer:
        assert asked == [s.current]
        assert not s.can_act()  # no human moves tiles for the computer
    else:
        assert asked == []
        s.pass_turn()
        s.reveal()
        assert asked == [s.current]


SMALL = {"AT", "TA", "IT", "TI", "ON", "NO", "TO", "OE", "EAT", "TEA", "ATE", "RAT", "TAR", "ART",
         "ONE", "EON", "TEN", "NET", "SIT", "ITS", "TIS", "SAT", "AS", "IS", "OR", "RE", "ER", "ES"}


def test_computer_runner_plays_off_the_gui_thread(qtbot, monkeypatch, tmp_path):
    from wordbler.ui.boardgame.computer import ComputerRunner

    monkeypatch.setenv("WORDBLER_CACHE_DIR", str(tmp_path))  # the graph cache goes here
    s = GameSession(Game([PlayerSpec("Robo", computer="beginner"), PlayerSpec("Ann")], seed=7,
                         lexicon=frozenset(SMALL)))
    runner = ComputerRunner(s)
    if not s.game.players[0].computer:
        s.reveal()
        s.pass_turn()
    with qtbot.waitSignal(s.turn_ended, timeout=60000) as sig:
        s.reveal()
    rec = sig.args[0]
    assert s.game.players[rec.player].computer == "beginner"
    assert rec.kind in (TurnKind.PLAY, TurnKind.EXCHANGE, TurnKind.PASS)
    if rec.kind is TurnKind.PLAY:
        assert all(w.word in SMALL for w in rec.words)
    runner.cancel()


def test_computer_runner_reports_failures(qtbot):
    from wordbler.ui.boardgame.computer import ComputerRunner

    def broken(lexicon, rules, progress=None):
        raise RuntimeError("no graph today")

    s = GameSession(Game([PlayerSpec("Robo", computer="beginner"), PlayerSpec("Ann")], seed=7,
                         lexicon=frozenset(SMALL)))
    runner = ComputerRunner(s, generator_factory=broken)
    if not s.game.players[0].computer:
        s.reveal()
        s.pass_turn()
    with qtbot.waitSignal(runner.failed, timeout=60000) as sig:
        s.reveal()
    assert "no graph today" in sig.args[0]
    assert not runner.busy


def test_a_computer_seat_plays_in_the_window_and_its_rack_stays_hidden(make_window, qtbot, monkeypatch, tmp_path):
    monkeypatch.setenv("WORDBLER_CACHE_DIR", str(tmp_path))
    w = make_window(players=(PlayerSpec("Ann", "fox"), PlayerSpec("Robo", "owl", "beginner")),
                    lexicon=frozenset(SMALL))
    s = w.session
    robo = next(i for i, p in enumerate(s.game.players) if p.computer)
    if s.current != robo:  # Ann first: she passes (her rack comes up with no hand-off)
        qtbot.waitUntil(s.can_act)
        s.pass_turn()
    with qtbot.waitSignal(s.turn_ended, timeout=60000) as sig:
        pass  # the window reveals the computer's seat by itself; the runner moves
    assert sig.args[0].player == robo
    # one human: nothing to hide, so no hand-off; Ann's rack comes up by itself and what
    # the computer did stays on the table
    qtbot.waitUntil(lambda: s.can_act() and s.current != robo)
    assert not w.table.handoff.isVisible() and w.table.bottom.currentWidget() is w.rack
    assert "Robo" in w.table.recap_label.text() and w.table.recap_label.isVisible()


def test_only_a_blank_can_show_another_letter(session):
    s = session
    t = letters(s)[0]
    other = "Q" if t.letter != "Q" else "Z"
    assert not s.move_tile(t.id, H8, letter=other)
    assert not s.pending() and len(s.rack_tiles()) == 7
    assert s.move_tile(t.id, H8, letter=t.letter.lower())
    assert s.pending_at(H8).letter == t.letter


def test_a_computers_drawn_tiles_fly_face_down(make_window, qtbot, monkeypatch, tmp_path):
    from wordbler.ui.boardgame.animation import Speed
    from wordbler.ui.boardgame.tiles import TileView

    monkeypatch.setenv("WORDBLER_CACHE_DIR", str(tmp_path))
    w = make_window(players=(PlayerSpec("Ann", "fox"), PlayerSpec("Robo", "owl", "beginner")),
                    lexicon=frozenset(SMALL), speed=Speed.FAST)
    s = w.session
    robo = next(i for i, p in enumerate(s.game.players) if p.computer)
    flights = []
    seen: set[int] = set()

    def started() -> None:  # the tiles of the flight that just started
        views = [v for v in w.animator.layer.findChildren(TileView) if id(v) not in seen]
        seen.update(id(v) for v in views)
        flights.append([v.face() for v in views])

    w.animator.started.connect(started)
    if s.current != robo:
        qtbot.waitUntil(s.can_act)  # one human: no hand-off to click
        s.pass_turn()
    with qtbot.waitSignal(s.turn_ended, timeout=60000) as sig:
        pass
    rec = sig.args[0]
    assert rec.player == robo
    if rec.drawn:
        drawn_flight = flights[-1]
        assert drawn_flight and all(f.face_down for f in drawn_flight)
    qtbot.waitUntil(lambda: not w.animator.busy, timeout=10000)


def test_typing_between_turns_does_nothing(qtbot):
    s = GameSession(Game(["Ann", "Bob"], seed=7))
    said = []
    s.message.connect(lambda text, level: said.append(text))
    assert not s.place_letter("E", H8)
    assert said == [] and not s.pending()
