"""Game clocks with a fake time source: no sleeping, exact times."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordbler.boardgame.clock import (ClockError, ClockMode, ClockSettings, GameClock,
                                      format_time, overtime_penalty)


class FakeTime:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t

    def advance(self, s: float) -> None:
        self.t += s


def make(mode=ClockMode.CHESS, players=2, **kw):
    ft = FakeTime()
    return GameClock(ClockSettings(mode, **kw), players, ft), ft


def test_format_time():
    assert format_time(0) == "0:00"
    assert format_time(65.9) == "1:05"
    assert format_time(3600 + 61) == "1:01:01"
    assert format_time(-61) == "-1:01"


def test_overtime_penalty_is_per_started_minute():
    assert overtime_penalty(0, 10) == 0
    assert overtime_penalty(-5, 10) == 0
    assert overtime_penalty(0.5, 10) == 10
    assert overtime_penalty(60, 10) == 10
    assert overtime_penalty(60.01, 10) == 20
    assert overtime_penalty(125, 5) == 15


def test_per_move_clock_runs_out_and_restarts_each_turn():
    c, ft = make(ClockMode.MOVE, per_move=30)
    c.start_turn(0)
    ft.advance(29.9)
    assert not c.expired() and c.display(0) == "0:00"
    assert c.remaining(0) == pytest.approx(0.1)
    ft.advance(0.1)
    assert c.expired()
    assert c.display(0) == "0:00"
    assert c.end_turn() == pytest.approx(30)
    c.start_turn(1)
    assert not c.expired() and c.remaining(1) == 30 and c.remaining(0) == 30
    ft.advance(10)
    assert c.display(1) == "0:20"


def test_pause_stops_time_and_reasons_nest():
    c, ft = make(ClockMode.MOVE, per_move=60)
    c.start_turn(0)
    ft.advance(10)
    c.pause("handoff")
    c.pause("dialog")
    ft.advance(500)  # a long hand-off: not counted
    assert c.turn_elapsed() == pytest.approx(10)
    c.resume("dialog")
    ft.advance(5)
    assert c.turn_elapsed() == pytest.approx(10) and c.paused
    c.resume("handoff")
    ft.advance(5)
    assert c.turn_elapsed() == pytest.approx(15) and not c.paused


def test_start_turn_while_paused_waits_for_resume():
    c, ft = make(ClockMode.CHESS, total=600)
    c.pause("handoff")
    c.start_turn(1)
    ft.advance(100)
    assert c.used_by(1) == 0
    c.resume("handoff")
    ft.advance(7)
    assert c.used_by(1) == pytest.approx(7)


def test_chess_clock_totals_and_penalty():
    c, ft = make(ClockMode.CHESS, total=60, penalty=10)
    c.start_turn(0)
    ft.advance(50)
    c.start_turn(1)  # ends player 0's turn
    ft.advance(20)
    c.start_turn(0)
    ft.advance(20)  # player 0: 70 s, 10 s over -> one started minute
    assert c.used_by(0) == pytest.approx(70) and c.used_by(1) == pytest.approx(20)
    assert c.remaining(0) == pytest.approx(-10) and c.display(0) == "-0:10"
    assert c.penalty(0) == 10 and c.penalty(1) == 0
    ft.advance(60)  # 70 s over -> two started minutes
    assert c.penalty(0) == 20
    assert not c.expired()  # a chess clock never passes a turn


def test_soft_mode_only_shows_time_used():
    c, ft = make(ClockMode.SOFT)
    c.start_turn(1)
    ft.advance(3600 * 2)
    assert c.display(1) == "2:00:00" and c.display(0) == "0:00"
    assert not c.expired() and c.penalty(1) == 0 and c.remaining(1) is None


def test_no_clock_never_runs():
    c, ft = make(ClockMode.NONE)
    c.start_turn(0)
    ft.advance(100)
    assert c.used_by(0) == 0 and c.display(0) == "" and not c.expired()


@pytest.mark.parametrize("kw, msg", [
    ({"per_move": 5}, "per_move"), ({"per_move": 3601}, "per_move"),
    ({"total": 59}, "total"), ({"penalty": -1}, "penalty"), ({"per_move": 30.5}, "per_move"),
    ({"total": True}, "total"),
])
def test_settings_are_validated(kw, msg):
    with pytest.raises(ClockError, match=msg):
        ClockSettings(ClockMode.MOVE, **kw)


def test_round_trip_through_dict_and_pragma():
    c, ft = make(ClockMode.CHESS, players=3, total=900, penalty=5)
    c.start_turn(2)
    ft.advance(12.25)
    d = c.to_dict()
    assert d["used"] == [0.0, 0.0, 12.25]
    back = GameClock.from_dict(d, 3, ft)
    assert back.settings == c.settings and back.used == [0.0, 0.0, 12.25]
    p = c.to_pragma()
    assert p == "chess move=120 total=900 penalty=5 used=0,0,12.25"
    again = GameClock.from_pragma(p, 3, ft)
    assert again.settings == c.settings and again.used == [0.0, 0.0, 12.25]


@pytest.mark.parametrize("text, msg", [
    ("", "needs a mode"), ("sundial", "unknown clock mode"),
    ("chess used=1,2,3", "needs 2 times"), ("chess used=1,x", "not a number"),
    ("chess total=5 used=0,0", "total"), ("chess bogus=1", "unexpected"),
    ("chess used=0,-1", "time used"), ("chess used=0,nan", "time used"),
    ("chess used=0,1e12", "time used"), ("move move=1 move=2", "unexpected"),
])
def test_bad_pragmata_are_refused_with_a_clear_message(text, msg):
    with pytest.raises(ClockError, match=msg):
        GameClock.from_pragma(text, 2)


def test_from_dict_refuses_non_mapping():
    with pytest.raises(ClockError):
        GameClock.from_dict(["chess"], 2)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["turn0", "turn1", "pause", "resume", "wait"]),
                          st.floats(0, 100)), max_size=30))
def test_used_time_is_the_sum_of_unpaused_running_time(steps):
    c, ft = make(ClockMode.SOFT)
    expected = [0.0, 0.0]
    who = None
    paused = False
    for op, dt in steps:
        if op.startswith("turn"):
            who = int(op[-1])
            c.start_turn(who)
        elif op == "pause":
            c.pause()
            paused = True
        elif op == "resume":
            c.resume()
            paused = False
        ft.advance(dt)
        if who is not None and not paused:
            expected[who] += dt
    assert c.used_by(0) == pytest.approx(expected[0])
    assert c.used_by(1) == pytest.approx(expected[1])


def test_clock_survives_save_and_resume_as_a_pragma():
    from wordbler.boardgame.game import Game
    from wordbler.boardgame.gcg import GCGError
    from wordbler.boardgame.savegame import game_from_gcg, game_to_gcg

    game = Game(["Ann", "Bob"], seed=5)
    c, ft = make(ClockMode.CHESS, total=600, penalty=10)
    game.clock = c
    c.start_turn(game.current)
    ft.advance(42.5)
    text = game_to_gcg(game)
    assert "#wordbler-clock chess move=120 total=600 penalty=10 used=" in text
    back = game_from_gcg(text)
    assert back.clock is not None and back.clock.settings == c.settings
    assert back.clock.used[game.current] == pytest.approx(42.5)
    # no clock: no pragma, and a game read back has none
    game.clock = None
    assert "#wordbler-clock" not in game_to_gcg(game)
    assert game_from_gcg(game_to_gcg(game)).clock is None
    # a damaged clock line is refused with its line named
    bad = text.replace("total=600", "total=5")
    with pytest.raises(GCGError, match="total"):
        game_from_gcg(bad)


def test_time_penalty_after_the_game_and_in_the_record():
    from wordbler.boardgame.game import Game
    from wordbler.boardgame.model import TurnKind
    from wordbler.boardgame.rules import STANDARD
    from wordbler.boardgame.savegame import game_from_gcg, game_to_gcg

    g = Game(["Ann", "Bob"], rules=STANDARD.with_changes(fail_limit=2), seed=8)
    with pytest.raises(ValueError, match="over"):
        g.time_penalty(0, 10)
    g.pass_turn()
    g.pass_turn()
    assert g.is_over
    before = list(g.scores)
    for bad in (0, -5, True, 2.5):
        with pytest.raises(ValueError):
            g.time_penalty(0, bad)
    with pytest.raises(ValueError, match="no player"):
        g.time_penalty(5, 10)
    rec = g.time_penalty(0, 20)
    assert rec.kind is TurnKind.TIME_PENALTY and rec.score == -20
    assert g.scores[0] == before[0] - 20 and g.outcome.scores == tuple(g.scores)
    assert g.outcome.winners == (1,)
    with pytest.raises(ValueError, match="already"):
        g.time_penalty(0, 10)
    text = game_to_gcg(g)
    assert f"(time) -20 {g.scores[0]}" in text
    back = game_from_gcg(text)
    assert back.scores == g.scores and back.outcome == g.outcome
    assert back.history[-1].kind is TurnKind.TIME_PENALTY


def test_the_largest_penalty_a_clock_can_give_reads_back_from_the_record():
    # weeks with a running chess clock at 100 points a minute: the time used is held at
    # MAX_USED (the most a save may hold, so the game still resumes), and the penalty (over
    # a million points) and the totals it leaves read back from the record
    from wordbler.boardgame.clock import MAX_USED
    from wordbler.boardgame.game import Game
    from wordbler.boardgame.rules import STANDARD
    from wordbler.boardgame.savegame import game_from_gcg, game_to_gcg

    g = Game(["Ann", "Bob"], rules=STANDARD.with_changes(fail_limit=2), seed=8)
    c, ft = make(ClockMode.CHESS, total=600, penalty=100)
    g.clock = c
    c.start_turn(g.current)
    ft.advance(30 * 24 * 3600)
    assert c.used_by(g.current) == MAX_USED
    mid = game_from_gcg(game_to_gcg(g))  # in progress: it resumes
    assert mid.clock.used[g.current] == MAX_USED
    c.end_turn()
    first = g.current
    g.pass_turn()
    g.pass_turn()
    points = c.penalty(first)
    assert points == overtime_penalty(MAX_USED - 600, 100) > 1_000_000
    g.time_penalty(first, points)
    back = game_from_gcg(game_to_gcg(g))
    assert back.scores == g.scores and back.scores[first] < -1_000_000
