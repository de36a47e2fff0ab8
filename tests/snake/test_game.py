"""A round: submitting words, scoring, the timer on a fake clock, hot-seat turns, the
cancel rule, hints and results, saving and restoring."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordbler.snake import (Board, BoardSpec, Deal, FakeClock, GameError, Phase, PathProblem,
                            Preview, SnakeGame, SnakeWords, Verdict, format_seconds, word_points)
from wordbler.snake.clock import RoundTimer

from .conftest import EN_WORDS, brute_force_word_search

ROWS = ["CATS", "OENT", "(QU)ITS", "ECAS"]


@pytest.fixture
def deal(en_words) -> Deal:
    return Deal.from_board(BoardSpec(4, 4), Board.from_rows(ROWS), en_words)


def path_of(deal: Deal, word: str):
    p = deal.board.find_path(word)
    assert p is not None, word
    return p


def new_game(deal, players=("Ann",), duration=180, clock=None, **kw):
    clock = clock or FakeClock()
    g = SnakeGame(deal, players, duration=duration, clock=clock, **kw)
    return g, clock


def test_scoring_by_length():
    assert [word_points("A" * n) for n in range(3, 12)] == [1, 1, 2, 3, 5, 11, 11, 11, 11]
    assert word_points("QUIT") == 1 and word_points("QUITE") == 2   # QU is two letters


def test_the_deal_of_a_known_board_equals_brute_force(deal, en_words):
    assert {w for w, _ in deal.words} == brute_force_word_search(deal.board, EN_WORDS, 3)
    assert "QUITE" in deal.word_paths and "CATS" in deal.word_paths


def test_submitting_words(deal):
    g, clock = new_game(deal)
    assert g.submit(path_of(deal, "CAT")).verdict is Verdict.NOT_PLAYING
    g.begin_turn()
    s = g.submit(path_of(deal, "CATS"))
    assert s.accepted and s.word == "CATS" and s.points == 1
    assert g.submit(path_of(deal, "CATS")).verdict is Verdict.ALREADY_PLAYED
    assert g.submit(path_of(deal, "CA")).verdict is Verdict.TOO_SHORT
    assert g.submit(path_of(deal, "CAO")).verdict is Verdict.NOT_A_WORD
    bad = g.submit([(0, 0), (0, 2)])
    assert bad.verdict is Verdict.BAD_PATH and bad.problem is PathProblem.NOT_ADJACENT
    assert g.submit([(0, 0), (0, 1), (0, 0)]).problem is PathProblem.REUSED
    q = g.submit(path_of(deal, "QUITE"))
    assert q.accepted and q.points == 2
    assert [f.word for f in g.found_words()] == ["CATS", "QUITE"]
    assert g.score() == 3


def test_bonus_words_score_but_are_not_common(deal, en_words):
    g, _ = new_game(deal)
    g.begin_turn()
    bonus = next(w for w, _ in deal.words if w not in en_words.common)
    s = g.submit(deal.word_paths[bonus])
    assert s.accepted and s.bonus and s.points == word_points(bonus)
    g.end_turn()
    r = g.results()
    assert r.players[0].score == word_points(bonus)
    assert r.players[0].common_found == 0 and r.players[0].percent == 0.0
    assert bonus not in r.missed


def test_typed_words_find_their_path(deal):
    g, _ = new_game(deal)
    g.begin_turn()
    s = g.submit_text("quite")
    assert s.accepted and deal.board.spell(s.path) == "QUITE"
    assert g.submit_text("zzz").verdict is Verdict.BAD_PATH
    assert g.submit_text("").verdict is Verdict.NOT_A_WORD
    assert g.submit_text("ça").verdict is Verdict.NOT_A_WORD


def test_preview_of_the_path_being_built(deal):
    g, _ = new_game(deal)
    g.begin_turn()
    assert g.preview(()) is Preview.EMPTY
    assert g.preview(path_of(deal, "CAT")) is Preview.NEW_WORD
    assert g.preview(path_of(deal, "CA")) is Preview.NOT_WORD
    g.submit(path_of(deal, "CAT"))
    assert g.preview(path_of(deal, "CAT")) is Preview.PLAYED
    assert g.preview([(0, 0), (3, 3)]) is Preview.NOT_WORD


def test_the_timer_runs_out_on_a_fake_clock(deal):
    g, clock = new_game(deal, duration=60)
    g.begin_turn()
    clock.advance(59.5)
    assert g.remaining == pytest.approx(0.5)
    assert not g.poll()
    assert g.submit(path_of(deal, "CAT")).accepted
    clock.advance(0.5)
    assert g.submit(path_of(deal, "CATS")).verdict is Verdict.TIME_UP
    assert g.phase is Phase.FINISHED
    assert [f.word for f in g.found_words()] == ["CAT"]


def test_pause_stops_the_clock(deal):
    g, clock = new_game(deal, duration=60)
    g.begin_turn()
    clock.advance(20)
    assert g.pause() and g.phase is Phase.PAUSED
    clock.advance(1000)
    assert g.remaining == pytest.approx(40)
    assert g.submit(path_of(deal, "CAT")).verdict is Verdict.NOT_PLAYING
    assert g.resume()
    clock.advance(39)
    assert not g.poll() and g.remaining == pytest.approx(1)
    clock.advance(1)
    assert g.poll() and g.finished


def test_an_untimed_round_never_runs_out(deal):
    g, clock = new_game(deal, duration=None)
    g.begin_turn()
    clock.advance(10**6)
    assert g.remaining is None and not g.poll()
    assert g.submit(path_of(deal, "CAT")).accepted
    g.end_turn()
    assert g.finished


def test_format_seconds():
    assert format_seconds(180) == "3:00"
    assert format_seconds(179.2) == "3:00"
    assert format_seconds(59) == "0:59"
    assert format_seconds(0) == "0:00"
    assert format_seconds(None) == "--:--"


def test_timer_values():
    clock = FakeClock()
    t = RoundTimer(100, clock, elapsed=30)
    assert t.remaining == 70 and not t.running
    t.start()
    clock.advance(10)
    assert t.elapsed == 40
    t.pause()
    clock.advance(10)
    assert t.elapsed == 40
    with pytest.raises(ValueError):
        RoundTimer(0, clock)


def test_hot_seat_turns_each_have_the_full_time(deal):
    g, clock = new_game(deal, players=("Ann", "Bob", "Cy"), duration=60)
    assert g.phase is Phase.READY and g.player.name == "Ann" and not g.started
    g.begin_turn()
    assert g.started
    clock.advance(60)
    assert g.poll()
    assert g.phase is Phase.READY and g.player.name == "Bob"
    clock.advance(500)                       # the hand-off screen takes no time off
    g.begin_turn()
    assert g.remaining == pytest.approx(60)
    clock.advance(10)
    g.end_turn()                             # Bob is done early
    assert g.player.name == "Cy" and g.players[1].elapsed == pytest.approx(10)
    g.begin_turn()
    g.end_turn()
    assert g.finished
    with pytest.raises(GameError):
        g.end_turn()
    with pytest.raises(GameError):
        g.begin_turn()


def test_cancel_rule(deal, en_words):
    g, _ = new_game(deal, players=("Ann", "Bob"))
    g.begin_turn()
    for w in ("CATS", "QUITE", "CAT"):
        assert g.submit(path_of(deal, w)).accepted
    g.end_turn()
    g.begin_turn()
    for w in ("QUITE", "CAT", "COAT"):
        assert g.submit(path_of(deal, w)).accepted
    g.end_turn()
    r = g.results()
    ann, bob = r.players
    assert r.cancel_rule
    assert {w.word: (w.cancelled, w.points) for w in ann.words} == {
        "CATS": (False, 1), "QUITE": (True, 0), "CAT": (True, 0)}
    assert ann.score == 1 and bob.score == word_points("COAT")
    assert r.finders["QUITE"] == (0, 1) and r.finders["COAT"] == (1,)
    assert ann.cancelled == 2
    assert r.winners == (0, 1)
    # with the rule off every word counts
    g2, _ = new_game(deal, players=("Ann", "Bob"), cancel_rule=False)
    for _ in range(2):
        g2.begin_turn()
        g2.submit(path_of(deal, "QUITE"))
        g2.end_turn()
    assert [p.score for p in g2.results().players] == [2, 2]


def test_one_player_has_no_cancel_rule(deal):
    g, _ = new_game(deal)
    g.begin_turn()
    g.submit(path_of(deal, "QUITE"))
    g.end_turn()
    r = g.results()
    assert not r.cancel_rule and r.players[0].score == 2


def test_results_missed_percent_longest(deal, en_words):
    g, _ = new_game(deal, players=("Ann", "Bob"))
    common = [w for w, _ in deal.words if w in en_words.common]
    g.begin_turn()
    g.submit(deal.word_paths[common[0]])
    g.end_turn()
    g.begin_turn()
    g.submit(deal.word_paths[common[1]])
    g.end_turn()
    r = g.results()
    assert r.total_common == len(common)
    assert list(r.missed) == common[2:]
    assert r.players[0].percent == pytest.approx(100 / len(common))
    assert r.percent_together == pytest.approx(200 / len(common))
    n = max(len(w) for w, _ in deal.words)
    assert set(r.longest) == {w for w, _ in deal.words if len(w) == n}


def test_hints_count_common_words_left_by_letter_and_length(deal, en_words):
    g, _ = new_game(deal)
    g.begin_turn()
    g.submit(path_of(deal, "CATS"))
    h = g.hints()
    left = [w for w in brute_force_word_search(deal.board, EN_WORDS, 3)
            if w in en_words.common and w != "CATS"]
    assert h.total == len(left)
    for w in left:
        assert w[0] in h.letters
    for letter in h.letters:
        for n in h.lengths:
            want = sum(1 for w in left if w[0] == letter and (len(w) == n or (n == h.lengths[-1] and len(w) > n)))
            assert h.count(letter, n) == want
    assert sum(h.row_total(a) for a in h.letters) == h.total
    assert list(h.letters) == sorted(h.letters)
    assert not g.player.hinted
    g.mark_hinted()
    assert g.player.hinted


def test_players_are_checked(deal):
    with pytest.raises(GameError):
        SnakeGame(deal, [])
    with pytest.raises(GameError):
        SnakeGame(deal, ["A", "B", "C", "D", "E"])
    with pytest.raises(GameError):
        SnakeGame(deal, ["A", "  "])
    with pytest.raises(ValueError):
        SnakeGame(deal, ["A"], duration=5)


# ---- saving and restoring -----------------------------------------------------------------
def played_game(deal):
    g, clock = new_game(deal, players=("Ann", "Bob"), duration=120)
    g.begin_turn()
    g.submit(path_of(deal, "CATS"))
    clock.advance(30)
    g.submit(path_of(deal, "QUITE"))
    g.mark_hinted()
    g.end_turn()
    g.begin_turn()
    clock.advance(15)
    g.submit(path_of(deal, "CAT"))
    return g, clock


def test_save_and_restore(deal):
    g, clock = played_game(deal)
    data = g.to_dict()
    back = SnakeGame.from_dict(copy.deepcopy(data), deal, clock=clock)
    # a round being played comes back paused, with its time
    assert back.phase is Phase.PAUSED and back.current == 1
    assert back.remaining == pytest.approx(105)
    assert [f.word for f in back.players[0].found] == ["CATS", "QUITE"]
    assert back.players[0].hinted and back.players[0].done
    assert back.players[0].elapsed == pytest.approx(30)
    back.resume()
    clock.advance(105)
    assert back.poll() and back.finished
    assert [p.score for p in back.results().players] == [3, 1]


def test_restoring_a_round_whose_time_is_up_ends_the_turn(deal):
    g, clock = played_game(deal)
    data = g.to_dict()
    data["turn_elapsed"] = 500
    back = SnakeGame.from_dict(data, deal, clock=clock)
    assert back.finished


BAD = [
    (lambda d: d.update(players=[]), "1 to 4 players"),
    (lambda d: d.update(players="x"), "1 to 4 players"),
    (lambda d: d["players"][0].update(name=""), "no name"),
    (lambda d: d["players"][0]["found"][0].update(word="CATX"), "not a word"),
    (lambda d: d["players"][0]["found"][0].update(path=[[0, 0], [3, 3]]), "not a path"),
    (lambda d: d["players"][0]["found"][0].update(path=[[0, "a"]]), "not a path"),
    (lambda d: d["players"][0]["found"].append(dict(d["players"][0]["found"][0])), "twice"),
    (lambda d: d["players"][0].update(elapsed=-1), "time used"),
    (lambda d: d["players"][0].update(hinted="yes"), "hinted"),
    (lambda d: d.update(current=7), "current player"),
    (lambda d: d.update(phase="dancing"), "phase"),
    (lambda d: d.update(duration=5), "round time"),
    (lambda d: d.update(duration="3:00"), "round time"),
    (lambda d: d.update(turn_elapsed=None), "turn time"),
    (lambda d: d.update(current=0), "already played"),
]


@pytest.mark.parametrize("spoil, msg", BAD)
def test_restoring_refuses_bad_values(deal, spoil, msg):
    g, clock = played_game(deal)
    data = g.to_dict()
    spoil(data)
    with pytest.raises(GameError, match=msg):
        SnakeGame.from_dict(data, deal, clock=clock)
    with pytest.raises(GameError):
        SnakeGame.from_dict([1, 2], deal)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.one_of(
    st.tuples(st.just("word"), st.integers(0, 200)),
    st.tuples(st.just("path"), st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), max_size=6)),
    st.tuples(st.just("tick"), st.integers(0, 30)),
    st.tuples(st.just("pause"), st.just(0)),
), max_size=40))
def test_any_sequence_keeps_the_score_equal_to_the_words(en_words, actions):
    """Score = sum of the found words' points; refused submissions change nothing; the
    round's time never goes below zero."""
    deal = Deal.from_board(BoardSpec(4, 4), Board.from_rows(ROWS), en_words)
    g, clock = new_game(deal, duration=120)
    g.begin_turn()
    words = [w for w, _ in deal.words]
    for kind, arg in actions:
        before = [f.word for f in g.found_words()]
        if kind == "word":
            w = words[arg % len(words)]
            s = g.submit(deal.word_paths[w])
        elif kind == "path":
            s = g.submit(arg)
        elif kind == "tick":
            clock.advance(arg)
            g.poll()
            continue
        else:
            g.pause() if g.phase is Phase.PLAYING else g.resume()
            continue
        after = [f.word for f in g.found_words()]
        assert after == (before + [s.word] if s.accepted else before)
        assert g.score() == sum(word_points(w) for w in after)
        assert g.remaining is None or g.remaining >= 0
        assert len(set(after)) == len(after)
