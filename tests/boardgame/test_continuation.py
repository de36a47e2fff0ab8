"""Continuing our saved games from any replayed position: the rebuilt game is the game as it
was after that many events (rack order aside: a rearrangement made later in the turn is not
part of the position)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .test_savegame import full_state, new_game, random_turn
from wordbler.boardgame import continuation, gcg, savegame
from wordbler.boardgame.gcg import EventKind, GCGError
from wordbler.boardgame.model import TurnKind
from wordbler.boardgame.rules import PRESETS


def _position(state: dict) -> dict:
    """What a position is: everything but the rack order and the (later) rng state."""
    keep = dict(state)
    keep["racks"] = [sorted(t.id for t in r) for r in state["racks"]]
    keep.pop("rack_letters")
    return keep


def _snapshots(preset: str, players: int, seed: int, turns: int):
    """A random game, its record, and the state after each number of events written."""
    game = new_game(preset, players, seed)
    rnd = random.Random(seed)
    by_events: dict[int, dict] = {0: _position(full_state(game))}
    for _ in range(turns):
        if game.is_over:
            break
        random_turn(game, rnd)
        text = savegame.game_to_gcg(game)
        n = len(gcg.parse(text).events)
        by_events.setdefault(n, _position(full_state(game)))
    return game, gcg.parse(savegame.game_to_gcg(game), "game.gcg"), by_events


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), preset=st.sampled_from(sorted(PRESETS)),
       players=st.integers(2, 4), turns=st.integers(1, 40))
def test_every_position_rebuilds_the_game_as_it_was(seed, preset, players, turns):
    if players > PRESETS[preset].max_players:
        players = PRESETS[preset].max_players
    game, record, by_events = _snapshots(preset, players, seed, turns)
    events = record.events
    for k in range(len(events) + 1):
        try:
            again = continuation.game_at(record, k, game.lexicon)
        except GCGError as e:
            # only where play cannot go on: a failed play's two lines, or the end
            withdrawn = k < len(events) and events[k].kind is EventKind.WITHDRAWN
            ended = "over" in e.message
            assert withdrawn or ended, str(e)
            continue
        if k == len(events):  # the whole record: the game exactly as saved
            assert full_state(again) == full_state(game)
        elif k in by_events:  # a cut: the game when that many events were written
            want, got = dict(by_events[k]), _position(full_state(again))
            want.pop("rng"), got.pop("rng")  # the bag's rng moves on with later exchanges
            assert got == want, k
        assert not again.is_over
        assert len([r for r in again.history if r.kind is not TurnKind.HINT]) <= k


def test_foreign_records_cannot_continue(shared_dir):
    record = gcg.read_file(shared_dir / "gcg" / "vs_andy.gcg")
    with pytest.raises(GCGError, match="not a Wordbler game"):
        continuation.game_at(record, 3)


def test_a_failed_play_cannot_be_cut_in_two():
    game = new_game("wordbler-classic", 2, 3)
    rnd = random.Random(3)
    while not any(r.kind is TurnKind.FAILED_PLAY for r in game.history):
        random_turn(game, rnd, play_bias=1.0)
    record = gcg.parse(savegame.game_to_gcg(game))
    k = next(i for i, ev in enumerate(record.events) if ev.kind is EventKind.WITHDRAWN)
    with pytest.raises(GCGError, match="taken back"):
        continuation.game_at(record, k)
    assert continuation.game_at(record, k + 1).history[-1].kind is TurnKind.FAILED_PLAY


def test_record_until_keeps_the_header_and_drops_later_pragmata():
    game = new_game("standard", 2, 9)
    rnd = random.Random(9)
    for _ in range(12):
        random_turn(game, rnd)
    record = gcg.parse(savegame.game_to_gcg(game))
    cut = continuation.record_until(record, 2)
    assert len(cut.events) == 2 and cut.incomplete and not cut.racks
    assert {"wordbler-seed", "wordbler-seats", "wordbler-rules"} <= {p.name for p in cut.extra}
    assert all(p.position <= 2 for p in cut.extra)
    assert continuation.record_until(record, len(record.events)) is record
    with pytest.raises(ValueError):
        continuation.record_until(record, len(record.events) + 1)


def test_head_starts_are_kept_at_every_cut_the_start_included():
    game = new_game("standard", 2, 9, handicaps=(30, 0))
    rnd = random.Random(9)
    for _ in range(8):
        random_turn(game, rnd)
    record = gcg.parse(savegame.game_to_gcg(game))
    start = continuation.game_at(record, 0)
    assert start.handicaps == game.handicaps and start.scores == list(game.handicaps)
    for k in range(1, len(record.events) + 1):
        again = continuation.game_at(record, k)
        assert again.handicaps == game.handicaps


def test_a_russian_game_continued_from_the_start_stays_russian():
    """#wordbler-language is written before the first event: a cut at the start keeps it
    (it was dropped there, and the game came back with the English tiles)."""
    from wordbler.boardgame.game import Game
    from wordbler.boardgame.rules import STANDARD

    game = Game(["Аня", "Боря"], STANDARD.with_language("ru"), None, seed=4)
    game.pass_turn()
    record = gcg.parse(savegame.game_to_gcg(game))
    for k in (0, 1):
        again = continuation.game_at(record, k)
        assert again.rules.language == "ru" and again.tile_count() == 104
