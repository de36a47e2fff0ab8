"""The unseen-tiles tracker: counts equal the bag plus the other racks, over random games."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import random_placement
from wordbler.boardgame.game import Game
from wordbler.boardgame.model import Move
from wordbler.boardgame.rules import ENGLISH_TILES, PRESETS
from wordbler.boardgame.tracker import tally, unseen_for


def brute_unseen(game: Game, p: int) -> Counter:
    c = Counter(t.letter for t in game.bag.tiles())
    for i, r in enumerate(game.racks):
        if i != p:
            c.update(t.letter for t in r)
    return c


def check(game: Game) -> None:
    for p in range(len(game.players)):
        u = unseen_for(game, p)
        want = brute_unseen(game, p)
        assert dict(u.present()) == {k: v for k, v in want.items() if v}
        assert u.bag == len(game.bag)
        assert u.total == len(game.bag) + sum(
            len(r) for i, r in enumerate(game.racks) if i != p)
        assert u.blanks == want["?"]
        assert u.vowels == sum(want[v] for v in "AEIOU")
        assert u.vowels + u.consonants + u.blanks == u.total
        # alphabetical, blank last, every letter of the set listed
        assert [ch for ch, _ in u.counts] == sorted(ENGLISH_TILES.counts, key=lambda c: (c == "?", c))
        # what the player sees plus what they do not is the whole set
        seen = Counter(t.letter for t in game.racks[p])
        seen.update(pl.tile.letter for pl in game.board.placements())
        assert seen + Counter(u.letters()) == Counter(ENGLISH_TILES.letters())
    # the default is the player to move
    assert unseen_for(game) == unseen_for(game, game.current)


def test_new_game_counts():
    game = Game(["Ann", "Bob"], seed=3)
    u = unseen_for(game)
    assert u.total == 100 - 7
    assert u.bag == 86
    assert u.letters() == game.unseen_letters().replace("?", "") + "?" * u.blanks


def test_tally_refuses_foreign_and_too_many():
    with pytest.raises(ValueError, match="not a tile"):
        tally("A1", ENGLISH_TILES)
    with pytest.raises(ValueError, match="only 1"):
        tally("QQ", ENGLISH_TILES)
    u = tally("AEB??", ENGLISH_TILES, bag=3)
    assert (u.vowels, u.consonants, u.blanks, u.bag, u.total) == (2, 1, 2, 3, 5)
    assert u.count("A") == 1 and u.count("Z") == 0
    assert u.present() == (("A", 1), ("B", 1), ("E", 1), ("?", 2))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4),
       rules=st.sampled_from(sorted(PRESETS)))
def test_tracker_matches_bag_and_racks_over_random_games(seed, players, rules):
    rs = PRESETS[rules]
    players = min(players, rs.max_players)
    game = Game([f"P{i}" for i in range(players)], rules=rs, seed=seed)
    rnd = random.Random(seed)
    check(game)
    for _ in range(60):
        if game.is_over:
            break
        ps = random_placement(game, rnd) if rnd.random() < 0.85 else None
        if ps:
            game.apply(Move.play(ps))
        elif game.can_exchange() is None and rnd.random() < 0.5:
            rack = list(game.rack())
            game.apply(Move.exchange(rnd.sample(rack, rnd.randint(1, len(rack)))))
        else:
            game.apply(Move.pass_turn())
        check(game)
