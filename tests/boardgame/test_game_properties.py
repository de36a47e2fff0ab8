"""Hypothesis invariants over random complete games (no dictionary: any legal shape scores)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import random_placement
from wordbler.boardgame.game import Game
from wordbler.boardgame.model import Move, MoveKind, Placement, TurnKind
from wordbler.boardgame.rules import PRESETS


def random_move(game: Game, rnd: random.Random) -> Move:
    roll = rnd.random()
    if roll < 0.8:
        ps = random_placement(game, rnd)
        if ps:
            return Move.play(ps)
    if roll < 0.9 and game.can_exchange() is None:
        rack = list(game.rack())
        return Move.exchange(rnd.sample(rack, rnd.randint(1, len(rack))))
    return Move.pass_turn()


def as_letters(move: Move):
    """A move by letters and squares only: what a record keeps."""
    if move.kind is MoveKind.PLAY:
        return ("play", tuple((p.tile.letter, p.coord, p.letter) for p in move.placements))
    if move.kind is MoveKind.EXCHANGE:
        return ("exchange", "".join(t.letter for t in move.exchanged))
    return ("pass",)


def from_letters(game: Game, spec) -> Move:
    if spec[0] == "play":
        tiles = game.tiles_for_letters("".join(face for face, _, _ in spec[1]))
        return Move.play(Placement(t, c, letter) for t, (_, c, letter) in zip(tiles, spec[1]))
    if spec[0] == "exchange":
        return Move.exchange(game.tiles_for_letters(spec[1]))
    return Move.pass_turn()


def state(game: Game):
    return (
        game.board.rows_text(),
        # rack order is the player's arrangement; the letters are the state
        [sorted(game.rack_letters(p)) for p in range(len(game.players))],
        "".join(t.letter for t in game.bag.tiles()),
        list(game.scores), game.current, game.fails,
        [(r.player, r.kind, r.score, r.total) for r in game.history],
        game.outcome,
    )


def check_invariants(game: Game) -> None:
    assert game.tile_count() == 100
    ids = [t.id for t in game.bag.tiles()]
    ids += [t.id for r in game.racks for t in r]
    ids += [p.tile.id for p in game.board.placements()]
    assert sorted(ids) == list(range(100))
    for p in range(len(game.players)):
        assert sum(r.score for r in game.history if r.player == p) == game.scores[p]
        last = [r for r in game.history if r.player == p]
        if last:
            assert last[-1].total == game.scores[p]
    assert all(len(r) <= game.rules.rack_size for r in game.racks)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    moves_seed=st.integers(0, 2**32),
    players=st.integers(2, 4),
    preset=st.sampled_from(sorted(PRESETS)),
)
def test_random_games_keep_invariants_and_replay_exactly(seed, moves_seed, players, preset):
    rules = PRESETS[preset]
    if players > rules.max_players:
        players = rules.max_players
    names = [f"P{i}" for i in range(players)]
    game = Game(names, rules=rules, seed=seed)
    rnd = random.Random(moves_seed)
    played = []
    for _ in range(400):
        if game.is_over:
            break
        move = random_move(game, rnd)
        played.append(as_letters(move))
        game.apply(move)
        check_invariants(game)
    assert game.is_over, "a random game should end within 400 turns"
    final = game.outcome
    assert final.scores == tuple(game.scores)
    assert set(final.winners) == {i for i, s in enumerate(game.scores) if s == max(game.scores)}
    assert game.history[-1].kind is TurnKind.SETTLEMENT or all(
        len(r) == 0 for r in game.racks)

    again = Game(names, rules=rules, seed=seed)
    for spec in played:
        again.apply(from_letters(again, spec))
    assert state(again) == state(game)
