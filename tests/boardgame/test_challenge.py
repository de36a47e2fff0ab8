"""Challenge rules: every branch, state after each, and the GCG record (play then ``--``,
``(challenge) +5``, a pass for a lost turn), rebuilt exactly from the file."""

from __future__ import annotations

import random
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import place, random_placement, rig_rack
from tests.boardgame.test_game_properties import state
from wordbler.boardgame.game import Game
from wordbler.boardgame.model import Coord, Direction, EndReason, Move, Placement, TurnKind
from wordbler.boardgame.placement import IllegalMove, Reason
from wordbler.boardgame.rules import STANDARD, WORDBLER_CLASSIC, ChallengeRule
from wordbler.boardgame.savegame import game_from_gcg, game_to_gcg

WORDS = {"CAT", "CATS", "AT", "TA"}
A = Direction.ACROSS
DOUBLE = STANDARD.with_changes(challenge=ChallengeRule.DOUBLE, show_validity=False)
SINGLE = STANDARD.with_changes(challenge=ChallengeRule.SINGLE, show_validity=False)


class Refusing:
    def __init__(self, words):
        self.words = set(words)

    def __contains__(self, w):
        return w not in self.words


def new(rules=DOUBLE, seed=4, players=2):
    g = Game([f"P{i}" for i in range(players)], rules=rules, lexicon=set(WORDS), seed=seed)
    return g


def opening(g):
    """The first two non-blank tiles of the rack on H8, I8 (no rigging: saves replay)."""
    a, b = [t for t in g.rack() if not t.is_blank][:2]
    return [Placement(a, Coord(7, 7), a.letter), Placement(b, Coord(7, 8), b.letter)]


def play_word(g, word):
    """``word`` "CAT": a valid opening; "CTA": a phony one (from the real rack)."""
    ps = opening(g)
    w = "".join(p.letter for p in ps)
    if word == "CAT":
        g.lexicon.add(w)
    else:
        g.lexicon.discard(w)
    return g.play(ps)


def roundtrip(g):
    back = game_from_gcg(game_to_gcg(g), lexicon=g.lexicon)
    assert state(back) == state(g)
    return back


def test_no_challenge_under_rules_without_it():
    g = new(STANDARD)
    play_word(g, "CAT")
    assert g.challengeable() is None
    with pytest.raises(IllegalMove) as e:
        g.challenge()
    assert e.value.reason is Reason.CHALLENGE_OFF


def test_phony_stands_at_done_under_challenge_rules():
    g = new()
    rec = play_word(g, "CTA")
    assert rec.kind is TurnKind.PLAY and rec.score > 0 and g.board.letter_at(7, 7) is not None


@pytest.mark.parametrize("rules", [DOUBLE, SINGLE])
def test_challenged_phony_is_taken_back_as_a_failed_play(rules):
    g = new(rules)
    ref = new(rules)
    mover = g.current
    play_word(g, "CTA")
    word = g.history[-1].breakdown.main_word.word
    # the reference: the same play, failed as the record rebuilds it
    ref.play(opening(ref), judge=Refusing({word}))
    rec = g.challenge()
    assert rec.kind is TurnKind.FAILED_PLAY and rec.invalid_words == (word,)
    assert rec.player == mover and g.scores[mover] == 0
    assert g.current != mover and g.fails == 1
    assert g.board.is_empty() and len(g.history) == 1
    assert state(g) == state(ref)
    assert g.challengeable() is None  # once only
    text = game_to_gcg(g)
    assert " -- " in text and f"#wordbler-invalid {word}" in text
    roundtrip(g)


def test_double_wrong_challenge_loses_the_turn():
    g = new(DOUBLE)
    mover = g.current
    play_word(g, "CAT")
    score = g.scores[mover]
    challenger = g.current
    rec = g.challenge()
    assert rec.kind is TurnKind.PASS and rec.player == challenger and "challenge" in rec.note
    assert g.current == mover and g.scores[mover] == score and g.fails == 1
    assert g.challengeable() is None
    text = game_to_gcg(g)
    assert "lost%20turn" in text or "lost turn" in text
    roundtrip(g)


def test_single_wrong_challenge_gives_five_points_and_the_challenger_plays():
    g = new(SINGLE)
    mover = g.current
    play_word(g, "CAT")
    score = g.scores[mover]
    challenger = g.current
    rec = g.challenge()
    assert rec.kind is TurnKind.CHALLENGE_BONUS and rec.player == mover and rec.score == 5
    assert g.scores[mover] == score + 5 and g.current == challenger and g.fails == 0
    assert g.challengeable() is None
    with pytest.raises(IllegalMove) as e:
        g.challenge()
    assert e.value.reason is Reason.NOTHING_TO_CHALLENGE
    assert f"(challenge) +5 {score + 5}" in game_to_gcg(g)
    back = roundtrip(g)
    assert back.history[-1].kind is TurnKind.CHALLENGE_BONUS


def test_single_bonus_is_a_rule():
    g = new(SINGLE.with_changes(challenge_bonus=10))
    play_word(g, "CAT")
    assert g.challenge().score == 10
    roundtrip(g)


@pytest.mark.parametrize("setup", ["start", "after_pass", "after_exchange"])
def test_nothing_to_challenge_leaves_the_game_as_it_was(setup):
    g = new()
    if setup == "after_pass":
        play_word(g, "CAT")
        g.pass_turn()
    elif setup == "after_exchange":
        g.exchange(g.rack()[:2])
    before = state(g)
    with pytest.raises(IllegalMove) as e:
        g.challenge()
    assert e.value.reason is Reason.NOTHING_TO_CHALLENGE
    assert state(g) == before


def test_after_a_hint_the_play_can_no_longer_be_challenged():
    g = new()
    play_word(g, "CTA")
    g.take_hint()
    assert g.challengeable() is None


def test_no_challenge_once_the_game_is_over():
    g = new(DOUBLE.with_changes(fail_limit=1))
    g.pass_turn()
    assert g.is_over
    with pytest.raises(IllegalMove) as e:
        g.challenge()
    assert e.value.reason is Reason.GAME_OVER


def test_phony_taken_back_can_end_the_game_by_the_fail_limit():
    g = new(DOUBLE.with_changes(fail_limit=3))
    g.pass_turn()
    g.pass_turn()
    play_word(g, "CTA")  # a scoring play resets the count...
    assert g.fails == 0
    g.challenge()  # ...but taken back it is the third scoreless turn
    assert g.is_over and g.outcome.reason is EndReason.FAIL_LIMIT
    roundtrip(g)


def test_phony_taken_back_with_an_empty_bag_ends_a_classic_game():
    rules = WORDBLER_CLASSIC.with_changes(challenge=ChallengeRule.DOUBLE)
    g = new(rules)
    rig_rack(g, "CTAEEEE")
    # the bag empties (test only: its tiles set aside), as near the end of a game
    g.bag._tiles.clear()
    g.play(place(g, "CTA", "G8", A))
    assert g.is_over  # classic rules: an empty bag ends the game at once
    g2 = new(rules)
    rig_rack(g2, "CTAEEEE")
    g2.bag._tiles[:] = g2.bag._tiles[:3]
    g2.play(place(g2, "CTA", "G8", A))  # draws the last 3: the game ends, no challenge
    assert not len(g2.bag) and g2.is_over and g2.challengeable() is None


def test_the_drawn_tiles_go_back_in_their_order():
    g = new(SINGLE)
    rig_rack(g, "CTAEEEE")
    bag_before = [t.id for t in g.bag.tiles()]
    rack_before = [t.id for t in g.rack()]
    mover = g.current
    g.play(place(g, "CTA", "G8", A))
    g.challenge()
    assert [t.id for t in g.bag.tiles()] == bag_before
    assert [t.id for t in g.racks[mover]] == rack_before


def test_three_players_the_next_player_challenges():
    g = new(DOUBLE, players=3)
    mover = g.current
    play_word(g, "CAT")
    challenger = g.current
    g.challenge()
    assert g.current == (challenger + 1) % 3 and g.history[-1].player == challenger
    roundtrip(g)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), rules=st.sampled_from([DOUBLE, SINGLE]),
       players=st.integers(2, 4))
def test_random_games_with_challenges_rebuild_exactly(seed, rules, players):
    rnd = random.Random(seed)

    class Judge:  # about half the plays are phonies
        def __contains__(self, w):
            return zlib.crc32(f"{seed}:{w}".encode()) % 2 == 0

    g = Game([f"P{i}" for i in range(players)], rules=rules, lexicon=Judge(), seed=seed)
    for _ in range(40):
        if g.is_over:
            break
        if g.challengeable() is not None and rnd.random() < 0.5:
            g.challenge()
        else:
            ps = random_placement(g, rnd)
            g.apply(Move.play(ps) if ps else Move.pass_turn())
        ids = [t.id for t in g.bag.tiles()] + [t.id for r in g.racks for t in r]
        ids += [p.tile.id for p in g.board.placements()]
        assert sorted(ids) == list(range(100))
        for p in range(players):
            assert sum(r.score for r in g.history if r.player == p) == g.scores[p]
    back = game_from_gcg(game_to_gcg(g), lexicon=Judge())
    assert state(back) == state(g)
