"""Game flow: first-player draw, bag, turns, presets, failures and end-of-game settlement."""

import random

import pytest

from helpers import coord, place, rig_rack
from wordbler.boardgame.game import Bag, Game, PlayerSpec, draw_rank
from wordbler.boardgame.model import Direction, EndReason, Placement, Tile, TurnKind
from wordbler.boardgame.placement import IllegalMove, Reason
from wordbler.boardgame.rules import (
    ENGLISH_TILES,
    PRESETS,
    STANDARD,
    TOURNAMENT,
    WORDBLER_CLASSIC,
    InvalidWordPolicy,
    Settlement,
    get_ruleset,
)

ACROSS, DOWN = Direction.ACROSS, Direction.DOWN
LEXICON = frozenset(
    "CAT CATS AT TA AX XI QI ZA AA DOG DOGS GOD ODE TOE TOES HE EH HA AH ON NO OX TAX".split()
)


def new_game(n=2, rules=STANDARD, seed=7, lexicon=LEXICON):
    return Game([f"P{i}" for i in range(n)], rules=rules, lexicon=lexicon, seed=seed)


def snapshot(g: Game):
    return (
        g.board.rows_text(), [g.rack_letters(p) for p in range(len(g.players))],
        [t.letter for t in g.bag.tiles()], list(g.scores), g.current, g.fails, len(g.history),
        g.rng.getstate(),
    )


class TestTileSetAndPresets:
    def test_english_tile_set(self):
        assert ENGLISH_TILES.total == 100
        assert ENGLISH_TILES.counts["?"] == 2 and ENGLISH_TILES.counts["E"] == 12
        expected = dict(A=1, B=3, C=3, D=2, E=1, F=4, G=2, H=4, I=1, J=8, K=5, L=1, M=3, N=1,
                        O=1, P=3, Q=10, R=1, S=1, T=1, U=1, V=4, W=4, X=8, Y=4, Z=10)
        assert {k: v for k, v in ENGLISH_TILES.values.items() if k != "?"} == expected
        assert ENGLISH_TILES.value("?") == 0

    def test_standard_layout(self):
        layout = STANDARD.layout
        counts = {}
        for p in layout.premiums.values():
            counts[p.label] = counts.get(p.label, 0) + 1
        assert counts == {"2L": 24, "3L": 12, "2W": 17, "3W": 8}
        assert layout.start == (7, 7) and layout.premium(7, 7).label == "2W"
        # symmetric under both mirror images and the transpose
        for (r, c), p in layout.premiums.items():
            assert layout.premium(c, r) is p
            assert layout.premium(14 - r, c) is p

    def test_presets(self):
        assert set(PRESETS) == {"standard", "wordbler-classic", "tournament"}
        assert get_ruleset("Standard") is STANDARD
        assert WORDBLER_CLASSIC.bingo_bonus == 0 and WORDBLER_CLASSIC.end_when_bag_empty
        assert WORDBLER_CLASSIC.invalid_word_policy is InvalidWordPolicy.FORFEIT
        assert TOURNAMENT.settlement is Settlement.TOURNAMENT and TOURNAMENT.max_players == 2
        with pytest.raises(ValueError, match="unknown rules preset"):
            get_ruleset("chess")

    def test_ruleset_is_frozen(self):
        with pytest.raises(AttributeError):
            STANDARD.bingo_bonus = 0  # type: ignore[misc]


class TestSetup:
    def test_players_and_names(self):
        with pytest.raises(ValueError, match="2-4 players"):
            Game(["Solo"])
        with pytest.raises(ValueError, match="2-4 players"):
            Game(list("ABCDE"))
        with pytest.raises(ValueError, match="2-2 players"):
            Game(["A", "B", "C"], rules=TOURNAMENT)
        with pytest.raises(ValueError, match="unique"):
            Game(["Ann", "ann"])
        with pytest.raises(ValueError, match="name"):
            Game(["Ann", "  "])

    def test_deal(self):
        g = new_game(4)
        assert all(len(r) == 7 for r in g.racks)
        assert len(g.bag) == 100 - 28 and g.tile_count() == 100
        assert len({t.id for t in g.tiles}) == 100

    def test_same_seed_same_game(self):
        assert snapshot(new_game(seed=99)) == snapshot(new_game(seed=99))
        assert snapshot(new_game(seed=99)) != snapshot(new_game(seed=100))

    def test_draw_rank(self):
        assert draw_rank(Tile(0, "?")) < draw_rank(Tile(1, "A")) < draw_rank(Tile(2, "B"))

    @pytest.mark.parametrize("seed", range(40))
    def test_first_draw_winner_and_ties(self, seed):
        g = Game(["A", "B", "C", "D"], seed=seed)
        fd = g.first_draw
        assert g.seat_order[0] == fd.winner
        assert [p.name for p in g.players] == [
            "ABCD"[(fd.winner + i) % 4] for i in range(4)
        ]
        for i, rnd in enumerate(fd.rounds):
            best = min(draw_rank(t) for _, t in rnd.draws)
            leaders = [p for p, t in rnd.draws if draw_rank(t) == best]
            if i + 1 < len(fd.rounds):
                assert len(leaders) > 1
                assert [p for p, _ in fd.rounds[i + 1].draws] == leaders
            else:
                assert leaders == [fd.winner]
        assert g.tile_count() == 100  # drawn tiles went back

    def test_ties_are_redrawn(self):
        rounds = [len(Game(["A", "B", "C", "D"], seed=s).first_draw.rounds) for s in range(300)]
        assert max(rounds) >= 2

    def test_bag_draw_and_put_back(self):
        rng = random.Random(1)
        bag = Bag([Tile(i, "A") for i in range(10)], rng)
        drawn = bag.draw(3)
        assert len(drawn) == 3 and len(bag) == 7
        assert bag.draw(50) and len(bag) == 0 and bag.draw(1) == []
        bag.put_back(drawn)
        assert len(bag) == 3


class TestPlay:
    def test_play_scores_draws_and_passes_turn(self):
        g = new_game()
        rig_rack(g, "CATXQIZ")
        record = g.play(place(g, "CAT", "H8", ACROSS))
        assert record.kind is TurnKind.PLAY and record.score == 10 and record.total == 10
        assert [w.word for w in record.words] == ["CAT"]
        assert len(record.drawn) == 3 and len(g.racks[0]) == 7
        assert g.scores == [10, 0] and g.current == 1 and g.fails == 0
        assert g.board.rows_text()[7][7:10] == "CAT"
        assert g.tile_count() == 100

    def test_refused_shape_changes_nothing(self):
        g = new_game()
        rig_rack(g, "CATXQIZ")
        before = snapshot(g)
        with pytest.raises(IllegalMove) as e:
            g.play(place(g, "CAT", "A1", ACROSS))
        assert e.value.reason is Reason.FIRST_NOT_ON_START
        assert snapshot(g) == before

    def test_tiles_must_come_from_the_rack(self):
        g = new_game()
        other = g.racks[1][0]
        with pytest.raises(IllegalMove) as e:
            g.play([Placement(other, coord("H8"), "A" if other.is_blank else other.letter)])
        assert e.value.reason is Reason.NOT_IN_RACK
        forged = Tile(g.racks[0][0].id, "Z" if g.racks[0][0].letter != "Z" else "Q")
        with pytest.raises(IllegalMove):
            g.play([Placement(forged, coord("H8"), forged.letter)])

    def test_standard_refuses_invalid_words_without_penalty(self):
        g = new_game()
        rig_rack(g, "CTAXQIZ")
        before = snapshot(g)
        with pytest.raises(IllegalMove) as e:
            g.play(place(g, "CTA", "H8", ACROSS))
        assert e.value.reason is Reason.INVALID_WORDS and e.value.words == ("CTA",)
        assert snapshot(g) == before
        g.play(place(g, "CAT", "H8", ACROSS))  # the player may try again
        assert g.scores[0] == 10

    def test_classic_forfeits_the_turn_on_invalid_words(self):
        g = new_game(rules=WORDBLER_CLASSIC)
        rack = rig_rack(g, "CTAXQIZ")
        record = g.play(place(g, "CTA", "H8", ACROSS))
        assert record.kind is TurnKind.FAILED_PLAY and record.invalid_words == ("CTA",)
        assert record.score == 0 and g.fails == 1 and g.current == 1
        assert g.board.is_empty() and g.racks[0] == rack  # tiles return

    def test_preview(self):
        g = new_game()
        rig_rack(g, "CATXQIZ")
        ps = place(g, "CAT", "H8", ACROSS)
        g.set_pending(ps)
        pv = g.preview()
        assert pv.ok and pv.breakdown.total == 10
        g.set_pending(place(g, "CTA", "H8", ACROSS))
        pv = g.preview()
        assert not pv.ok and pv.invalid_words == ("CTA",) and pv.breakdown.total == 10
        g.set_pending(place(g, "CA", "A1", ACROSS))
        assert g.preview().error.reason is Reason.FIRST_NOT_ON_START
        assert g.board.is_empty()

    def test_pending_tiles_are_checked_and_cleared(self):
        g = new_game()
        rig_rack(g, "CATXQIZ")
        g.set_pending(place(g, "CAT", "H8", ACROSS))
        theirs = g.racks[1][0]
        with pytest.raises(IllegalMove) as e:
            g.set_pending([Placement(theirs, coord("A1"), "A" if theirs.is_blank else theirs.letter)])
        assert e.value.reason is Reason.NOT_IN_RACK
        assert len(g.pending) == 3  # unchanged by the refused call
        g.play()
        assert g.pending == ()
        rig_rack(g, "SEEIOAA")
        s = g.rack()[0]
        with pytest.raises(IllegalMove) as e:
            g.set_pending([Placement(s, coord("H8"), "S")])
        assert e.value.reason is Reason.OCCUPIED

    def test_one_rack_tile_on_two_squares_is_refused(self):
        # a damaged save can name one tile twice; taking it as the candidate would leave the
        # rack a tile short when the tiles are recalled
        g = new_game()
        rig_rack(g, "CATXQIZ")
        g.set_pending(place(g, "CA", "H8", ACROSS))
        c = g.rack()[0]
        with pytest.raises(IllegalMove) as e:
            g.set_pending([Placement(c, coord("H8"), "C"), Placement(c, coord("H9"), "C")])
        assert e.value.reason is Reason.DUPLICATE_TILE and e.value.squares == (coord("H9"),)
        assert [p.coord for p in g.pending] == [coord("H8"), coord("I8")]  # unchanged

    def test_bingo_with_standard_rules(self):
        lex = LEXICON | {"RETAINS"}
        g = new_game(lexicon=lex)
        rig_rack(g, "RETAINS")
        rec = g.play(place(g, "RETAINS", "H8", ACROSS))
        assert rec.breakdown.bingo_bonus == 50 and rec.score == rec.breakdown.words[0].score + 50

    def test_blank_keeps_its_letter(self):
        g = new_game()
        rig_rack(g, "?ATXQIZ")
        g.play(place(g, "cAT", "H8", ACROSS))
        p = g.board[coord("H8")]
        assert p.is_blank and p.letter == "C"
        assert g.board.rows_text()[7][7:10] == "cAT"
        assert g.scores[0] == 4


class TestExchangeAndPass:
    def test_exchange_returns_then_draws(self):
        g = new_game()
        tiles = g.rack()[:3]
        rec = g.exchange(tiles)
        assert rec.kind is TurnKind.EXCHANGE and len(rec.drawn) == 3
        assert len(g.racks[0]) == 7 and len(g.bag) == 100 - 14
        assert g.fails == 1 and g.current == 1 and g.tile_count() == 100

    def test_exchange_needs_seven_in_the_bag(self):
        g = new_game()
        g.bag._tiles[:] = g.bag._tiles[:6]  # test setup: shrink the bag
        problem = g.can_exchange()
        assert problem.reason is Reason.EXCHANGE_BAG_TOO_SMALL and "6 left" in str(problem)
        with pytest.raises(IllegalMove):
            g.exchange(g.rack()[:1])
        with pytest.raises(IllegalMove) as e:
            new_game().exchange([])
        assert e.value.reason is Reason.EXCHANGE_EMPTY

    def test_six_scoreless_turns_end_the_game(self):
        g = new_game()
        for _ in range(5):
            g.pass_turn()
        assert not g.is_over
        g.pass_turn()
        assert g.is_over and g.outcome.reason is EndReason.FAIL_LIMIT
        racks = [g.rules.tiles.value(t.letter) for t in g.racks[0]], [
            g.rules.tiles.value(t.letter) for t in g.racks[1]]
        assert g.scores == [-sum(racks[0]), -sum(racks[1])]
        settle = [r for r in g.history if r.kind is TurnKind.SETTLEMENT]
        assert sorted(r.player for r in settle) == [0, 1]
        with pytest.raises(IllegalMove) as e:
            g.pass_turn()
        assert e.value.reason is Reason.GAME_OVER

    def test_a_scoring_play_resets_the_fail_count(self):
        g = new_game()
        g.pass_turn()
        g.pass_turn()
        rig_rack(g, "CATXQIZ")
        g.play(place(g, "CAT", "H8", ACROSS))
        assert g.fails == 0


class TestEndOfGame:
    def _endgame(self, rules, n=2):
        g = new_game(n=n, rules=rules, lexicon=None)
        for p in range(n):
            rig_rack(g, ["AT", "QXZ", "JK", "VW"][p], player=p)
        g.bag._tiles.clear()
        return g

    def test_standard_settlement(self):
        g = self._endgame(STANDARD, n=3)
        g.play(place(g, "AT", "H8", ACROSS))
        assert g.is_over and g.outcome.reason is EndReason.WENT_OUT and g.outcome.went_out == 0
        # AT: 2 x 2 = 4; others: QXZ = 28, JK = 13
        assert g.scores == [4 + 28 + 13, -28, -13]
        settle = [r for r in g.history if r.kind is TurnKind.SETTLEMENT]
        assert [(r.player, r.score) for r in settle] == [(1, -28), (2, -13), (0, 41)]
        assert g.outcome.winners == (0,)
        for p in range(3):
            assert sum(r.score for r in g.history if r.player == p) == g.scores[p]

    def test_tournament_settlement(self):
        g = self._endgame(TOURNAMENT)
        g.play(place(g, "AT", "H8", ACROSS))
        assert g.scores == [4 + 2 * 28, 0]
        settle = [r for r in g.history if r.kind is TurnKind.SETTLEMENT]
        assert [(r.player, r.score, "".join(t.letter for t in r.settled_tiles)) for r in settle] \
            == [(0, 56, "QXZ")]

    def test_classic_ends_when_the_bag_is_empty(self):
        g = new_game(rules=WORDBLER_CLASSIC, lexicon=None)
        rig_rack(g, "CATXQIZ")
        g.bag._tiles[:] = g.bag._tiles[:2]  # two tiles left
        g.play(place(g, "CAT", "H8", ACROSS))  # draws the last two
        assert g.is_over and g.outcome.reason is EndReason.BAG_EMPTY
        assert g.outcome.went_out is None
        # both lose their racks' values
        assert g.scores[0] == 10 - sum(g.rules.tiles.value(t.letter) for t in g.racks[0])

    def test_winners_on_a_tie(self):
        g = new_game(lexicon=None)
        rig_rack(g, "EEEEEEE", player=0)
        rig_rack(g, "AAAAAAA", player=1)
        for _ in range(6):
            g.pass_turn()
        assert g.scores == [-7, -7] and g.outcome.winners == (0, 1)


class TestHints:
    def test_hint_costs_points_and_is_recorded(self):
        g = new_game(rules=STANDARD.with_changes(hint_cost=5))
        rec = g.take_hint("CAT 8H")
        assert rec.kind is TurnKind.HINT and rec.score == -5 and g.scores[0] == -5
        assert g.current == 0  # the turn goes on

    def test_hints_can_be_disabled(self):
        g = new_game(rules=STANDARD.with_changes(hints_allowed=False))
        with pytest.raises(IllegalMove) as e:
            g.take_hint()
        assert e.value.reason is Reason.HINTS_DISABLED


def test_tiles_for_letters_and_reorder():
    g = new_game()
    rack = rig_rack(g, "CAT?XQI")
    assert [t.letter for t in g.tiles_for_letters("?C")] == ["?", "C"]
    with pytest.raises(IllegalMove):
        g.tiles_for_letters("CC")
    ids = [t.id for t in reversed(rack)]
    g.reorder_rack(ids)
    assert [t.id for t in g.rack()] == ids
    with pytest.raises(ValueError):
        g.reorder_rack(ids[:-1])


def test_player_specs_keep_mascots_and_levels():
    g = Game([PlayerSpec("Ann", "owl"), PlayerSpec("Bot", "fox", "strong")], seed=3)
    assert {p.name: (p.mascot, p.computer) for p in g.players} == {
        "Ann": ("owl", None), "Bot": ("fox", "strong")}


def test_a_judge_decides_words_for_one_play_only():
    g = new_game(rules=WORDBLER_CLASSIC)
    rig_rack(g, "CATXQIZ")
    rec = g.play(place(g, "CAT", "H8", ACROSS), judge=frozenset())  # judged as refused then
    assert rec.kind is TurnKind.FAILED_PLAY and rec.invalid_words == ("CAT",)
    assert g.lexicon is LEXICON  # the game's own word list is untouched
    rig_rack(g, "EARDOSN")
    rec = g.play(place(g, "EAR", "H8", ACROSS), judge=frozenset({"EAR"}))
    assert rec.kind is TurnKind.PLAY and "EAR" not in LEXICON


# --------------------------------------------------------------------------- head starts


def test_a_head_start_is_the_score_before_the_first_move():
    g = Game([PlayerSpec("Ann"), PlayerSpec("Bob", handicap=25)], lexicon=LEXICON, seed=7)
    by_name = {p.name: i for i, p in enumerate(g.players)}  # turn order follows the draw
    ann, bob = by_name["Ann"], by_name["Bob"]
    assert g.scores[bob] == 25 and g.scores[ann] == 0
    assert g.handicaps[bob] == 25 and g.handicaps[ann] == 0
    assert not g.history  # given, not played: no turn holds it
    # every total includes it; no turn's score does
    rig_rack(g, "CATXQIZ", player=g.current)
    first = g.play(place(g, "CAT", "H8", ACROSS))
    assert first.score == 10 and first.total == 10 + g.handicaps[first.player]
    second = g.pass_turn()
    assert second.score == 0 and second.total == g.handicaps[second.player]


def test_the_outcome_counts_the_head_start():
    """Ann plays CAT for 10 and both pass the game out: Ann is ahead on points made, Bob's
    head start of 40 makes him the winner (scores after the racks' values are taken off)."""
    g = Game([PlayerSpec("Ann"), PlayerSpec("Bob", handicap=40)], lexicon=LEXICON, seed=7)
    ann = next(i for i, p in enumerate(g.players) if p.name == "Ann")
    bob = 1 - ann
    while g.current != ann:
        g.pass_turn()
    rig_rack(g, "CATEEEE", player=ann)
    g.play(place(g, "CAT", "H8", ACROSS))
    rig_rack(g, "EEEEEEE", player=ann)  # racks worth 7 each: Ann is ahead on points made
    rig_rack(g, "AEIOULN", player=bob)
    while not g.is_over:
        g.pass_turn()
    assert g.outcome.reason is EndReason.FAIL_LIMIT
    made = [sum(r.score for r in g.history if r.player == p) for p in range(2)]
    assert (made[ann], made[bob]) == (10 - 7, -7)  # without the head start Ann would win
    assert g.scores == [made[0] + g.handicaps[0], made[1] + g.handicaps[1]]
    assert g.outcome.scores == tuple(g.scores) and g.outcome.winners == (bob,)


@pytest.mark.parametrize("bad", [-5, 1001, 2.5, "25", True, None])
def test_a_head_start_must_be_a_whole_number_of_points(bad):
    with pytest.raises(ValueError, match="head start"):
        Game([PlayerSpec("Ann"), PlayerSpec("Bob", handicap=bad)], seed=1)
