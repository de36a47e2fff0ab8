"""Statistics across games: counted from real games, written atomically, validated on load."""

from __future__ import annotations

import json
import os
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import random_placement
from wordbler.boardgame.game import Game, PlayerSpec
from wordbler.boardgame.model import Move, TurnKind
from wordbler.boardgame.stats import (UPDATED, Stats, StatsError, add_game, clean_name, default_path,
                                      from_json, load, record_game, save)


def play_out(seed: int, names=("Ann", "Bob")) -> Game:
    g = Game(list(names), seed=seed)
    rnd = random.Random(seed)
    while not g.is_over:
        ps = random_placement(g, rnd) if rnd.random() < 0.8 else None
        g.apply(Move.play(ps) if ps else Move.pass_turn())
    return g


def brute(games, name):
    """The figures for ``name``, straight from the histories."""
    out = dict(games=0, wins=0, total=0, turns=0, bingos=0, best=0)
    for g in games:
        for i, p in enumerate(g.players):
            if p.name.casefold() != name.casefold():
                continue
            out["games"] += 1
            out["wins"] += i in g.outcome.winners
            out["total"] += g.scores[i]
            for r in g.history:
                if r.player == i and r.kind in (TurnKind.PLAY, TurnKind.FAILED_PLAY,
                                                TurnKind.EXCHANGE, TurnKind.PASS):
                    out["turns"] += 1
                if r.player == i and r.kind is TurnKind.PLAY:
                    out["best"] = max(out["best"], r.score)
                    out["bingos"] += len(r.move.placements) == 7
    return out


@settings(max_examples=10, deadline=None)
@given(st.lists(st.integers(0, 10**6), min_size=1, max_size=4, unique=True))
def test_counts_equal_the_histories(seeds):
    games = [play_out(s, ("Ann", "Bob") if k % 2 else ("bob", "Cy")) for k, s in enumerate(seeds)]
    stats = Stats()
    for g in games:
        assert add_game(stats, g)
        assert not add_game(stats, g)  # once only
    for name in ("Ann", "Bob", "Cy"):
        want = brute(games, name)
        ps = stats.player(name)
        if not want["games"]:
            assert ps is None
            continue
        assert (ps.games, ps.wins, ps.total_score, ps.turns, ps.bingos, ps.best_score) == (
            want["games"], want["wins"], want["total"], want["turns"], want["bingos"],
            want["best"])
        assert ps.average_score == pytest.approx(want["total"] / want["games"])
        assert len(ps.recent) == want["games"]
    # through the file and back: the same
    assert from_json(json.loads(json.dumps(stats.to_json()))).to_json() == stats.to_json()


def test_a_head_start_counts_for_the_win_not_for_the_scores():
    """Bob's head start of 1000 wins him the game; his average and chart keep to the points
    he made, and no move is credited with it."""
    g = Game([PlayerSpec("Ann"), PlayerSpec("Bob", handicap=1000)], seed=11)
    rnd = random.Random(11)
    while not g.is_over:
        ps = random_placement(g, rnd) if rnd.random() < 0.8 else None
        g.apply(Move.play(ps) if ps else Move.pass_turn())
    bob = next(i for i, p in enumerate(g.players) if p.name == "Bob")
    made = sum(r.score for r in g.history if r.player == bob)
    assert g.scores[bob] == made + 1000 and g.outcome.winners == (bob,)
    stats = Stats()
    assert add_game(stats, g)
    ps = stats.player("Bob")
    assert ps.wins == 1 and ps.total_score == made and ps.recent == [made]
    assert ps.average_score == made
    assert ps.best_score == max(r.score for r in g.history
                                if r.player == bob and r.kind is TurnKind.PLAY)


def test_unfinished_games_are_not_counted():
    assert not add_game(Stats(), Game(["A", "B"], seed=1))


def test_record_game_writes_atomically_and_only_once(tmp_path):
    path = tmp_path / "stats.json"
    g = play_out(5)
    ok, msg = record_game(g, path)
    assert ok and msg == "Statistics updated."
    assert load(path).player("ann").games == 1
    ok, msg = record_game(g, path)
    assert not ok and "already" in msg
    assert [p.name for p in tmp_path.iterdir()] == ["stats.json"]  # no temporary file left


def test_default_path_is_in_the_user_data_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("WORDBLER_DATA_DIR", str(tmp_path))
    assert default_path() == tmp_path / "boardgame" / "stats.json"
    assert load().players == {}  # no file yet: empty


@pytest.mark.parametrize("content, msg", [
    (b"\xff\xfe", "not valid JSON"),
    (b"[1, 2]", "JSON object"),
    (b'{"format": 9}', "unknown format"),
    (b'{"format": 1, "players": 3}', "players must be a list"),
    (b'{"format": 1, "players": [{"name": ""}]}', "no usable name"),
    (b'{"format": 1, "players": [{"name": "A", "games": -1}]}', "games"),
    (b'{"format": 1, "players": [{"name": "A", "games": true}]}', "games"),
    (b'{"format": 1, "players": [{"name": "A", "games": 1, "wins": 2}]}', "more wins"),
    (b'{"format": 1, "players": [{"name": "A", "best_word": "A B"}]}', "best_word"),
    (b'{"format": 1, "players": [{"name": "A", "recent": ["x"]}]}', "recent"),
    (b'{"format": 1, "players": [{"name": "A"}, {"name": "a"}]}', "twice"),
    (b'{"format": 1, "recorded": [1]}', "recorded"),
    (b"[" * 100000, "not valid JSON"),
])
def test_damaged_files_are_refused_clearly(tmp_path, content, msg):
    path = tmp_path / "stats.json"
    path.write_bytes(content)
    with pytest.raises(StatsError, match=msg):
        load(path)


def test_a_damaged_file_is_kept_aside_when_a_game_is_recorded(tmp_path):
    path = tmp_path / "stats.json"
    path.write_text("{not json")
    ok, msg = record_game(play_out(7), path)
    assert ok and "damaged" in msg
    assert (tmp_path / "stats.json.damaged").read_text() == "{not json"
    assert load(path).player("Bob").games == 1


def test_a_file_set_aside_before_is_never_replaced(tmp_path):
    # a second unreadable file (a newer version's, say) used to be renamed over the first
    # one kept: that history was gone for good
    path = tmp_path / "stats.json"
    path.write_text('{"format": 2, "first": true}')
    assert record_game(play_out(7), path)[0]
    path.write_text('{"format": 2, "second": true}')
    ok, msg = record_game(play_out(8), path)
    assert ok and "stats.json.2.damaged" in msg and msg != UPDATED
    assert (tmp_path / "stats.json.damaged").read_text() == '{"format": 2, "first": true}'
    assert (tmp_path / "stats.json.2.damaged").read_text() == '{"format": 2, "second": true}'
    assert record_game(play_out(9), path) == (True, UPDATED)


def test_non_regular_and_huge_files_are_refused(tmp_path):
    with pytest.raises(StatsError, match="regular"):
        load(tmp_path)
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(5 * 1024 * 1024)
    with pytest.raises(StatsError, match="too large"):
        load(big)
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo"
        os.mkfifo(fifo)
        with pytest.raises(StatsError, match="regular"):
            load(fifo)
        ok, msg = record_game(play_out(3), fifo)
        assert not ok and "regular" in msg


def test_save_then_load(tmp_path):
    s = Stats()
    add_game(s, play_out(11))
    save(s, tmp_path / "x" / "stats.json")
    assert load(tmp_path / "x" / "stats.json").to_json() == s.to_json()


def test_a_name_with_a_no_break_space_keeps_the_file_across_games(tmp_path):
    # a no-break space (Option+Space, AltGr+Space) used to be written as typed and then
    # refused by the reader: the next game set the whole file aside as damaged
    path = tmp_path / "stats.json"
    names = ("Jean\u00a0Pierre", "Bob")
    for seed in (1, 2):
        ok, msg = record_game(play_out(seed, names), path)
        assert ok and msg == "Statistics updated."
    assert load(path).player("jean pierre").games == 2
    assert [p.name for p in tmp_path.iterdir()] == ["stats.json"]  # nothing set aside


@pytest.fixture(scope="module")
def finished_game():
    return play_out(3)


@settings(max_examples=150, deadline=None)
@given(name=st.text(max_size=130))
def test_every_name_a_game_can_hold_is_written_so_it_reads_back(finished_game, name):
    game = finished_game
    specs = game.players
    game.players = (replace(specs[0], name=name), specs[1])
    try:
        s = Stats()
        assert add_game(s, game)
        back = from_json(json.loads(json.dumps(s.to_json(), ensure_ascii=False)))
        assert back.to_json() == s.to_json()
        for p in back.players.values():
            assert p.name == clean_name(p.name) and 0 < len(p.name) <= 100
            assert "\n" not in p.name and "\x00" not in p.name
    finally:
        game.players = specs
