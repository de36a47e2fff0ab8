"""The expert's simulation (wordbler.boardgame.simulation), checked by hand and by brute force."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from wordbler.boardgame.ai import Candidate, apply_to_rows, to_candidate
from wordbler.boardgame.model import Direction
from wordbler.boardgame.rules import STANDARD, WORDBLER_CLASSIC
from wordbler.boardgame.simulation import (
    MARGIN, Future, LastPlay, Simulator, spread_sd, win_chance,
)

from .test_endgame import TILES, apply_move, gen, greedy_reference, rack_value, small_position

EMPTY = tuple("." * 15 for _ in range(15))


class M:
    """A generated move as the fake generators below give it."""

    def __init__(self, row, col, word, score, rack):
        self.row, self.col, self.direction, self.word, self.score = row, col, "across", word, score
        self.tiles = tuple((row, col + i, ch.upper(), ch.islower()) for i, ch in enumerate(word))
        left = list(rack)
        for ch in word:
            left.remove("?" if ch.islower() else ch)
        self.leave = "".join(left)


def flat_leave(leave, bag_count=100):
    return 0.0


def test_enumerated_futures_match_a_brute_force_count_of_draws():
    unseen = "AABCCCE?"
    for bag_count in (1, 2):
        futures = Simulator.enumerate_futures(unseen, bag_count)
        # brute force: the unseen tiles as distinct objects, every set of bag_count of them
        brute: Counter = Counter()
        for idx in itertools.combinations(range(len(unseen)), bag_count):
            bag = "".join(sorted(unseen[i] for i in idx))
            brute[bag] += 1
        got: Counter = Counter()
        for f in futures:
            got["".join(sorted(f.bag))] += f.weight
        assert got == {k: float(v) for k, v in brute.items()}
        # both orders of a two-letter draw, equally likely
        ordered = {f.bag: f.weight for f in futures}
        for bag, w in ordered.items():
            assert ordered[bag[::-1]] == w
        for f in futures:
            assert Counter(f.opp_rack + f.bag) == Counter(unseen)


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="AEIRSTQZ?", min_size=8, max_size=30), st.integers(0, 2**32 - 1),
       st.integers(1, 6))
def test_sampled_futures_split_the_unseen_tiles(unseen, seed, leave_len):
    sim = Simulator(lambda rows, rack: [], STANDARD, flat_leave)
    bag_count = len(unseen) - 7
    leaves = ["".join(sorted(random.Random(seed).sample(unseen, min(leave_len, len(unseen)))))]
    for use in ((), leaves):
        futures = sim.futures(unseen, bag_count, random.Random(seed), 12, use)
        if 1 <= bag_count <= 2:
            every = Simulator.enumerate_futures(unseen, bag_count)
            if len(every) <= 12:  # every split, weighted
                assert futures == every
            else:  # more splits than playouts: drawn from them by weight
                assert len(futures) == 12
                assert {(f.opp_rack, f.bag) for f in futures} <= {(f.opp_rack, f.bag) for f in every}
            continue
        assert len(futures) == 12
        for f in futures:
            assert len(f.opp_rack) == 7 and len(f.bag) == bag_count
            assert Counter(f.opp_rack + f.bag) == Counter(unseen)
            if use:
                assert not Counter(use[0]) - Counter(f.opp_rack)  # the kept leave is in the rack
        # the same seed gives the same futures
        assert futures == sim.futures(unseen, bag_count, random.Random(seed), 12, use)


def test_a_playout_is_the_score_race_over_three_plies_plus_the_final_leaves():
    # every rack answers with its first tile in the first free cell of row 0, scoring
    # 5 for the opponent's rack (it holds a Z) and 3 for the player's
    def gen(rows, rack):
        col = rows[0].index(".")
        return [M(0, col, rack[0], 5 if "Z" in rack else 3, rack)]

    def leave_fn(leave, bag_count=100):
        return float(len(leave))  # a point a tile kept

    sim = Simulator(gen, STANDARD, leave_fn)
    cand = Candidate(7, 7, Direction.ACROSS, "AT", 4, ((7, 7, "A", False), (7, 8, "T", False)),
                     "BCDEF")
    fut = Future(opp_rack="ZZZZZZZ", bag="GHIJKLMNOP")
    # ply 0: +4, the player draws GH (rack BCDEFGH); ply 1: the opponent -5, draws I;
    # ply 2: the player +3 keeps 6 tiles, the opponent keeps 6 (+1 drawn = 7 on the rack,
    # but the leave valued is what they kept after their play)
    value = sim.playout(EMPTY, cand, fut)
    assert value == 4 - 5 + 3 + 6 - 6


def test_going_out_when_the_bag_is_empty_counts_twice_the_other_rack():
    def gen(rows, rack):
        col = rows[0].index(".")
        return [M(0, col, rack, 1, rack)]  # every rack plays all its tiles as one word

    sim = Simulator(gen, STANDARD, flat_leave)
    cand = Candidate(7, 7, Direction.ACROSS, "A", 2, ((7, 7, "A", False),), "")
    # the candidate uses the last tile and the bag is empty: it goes out, +2 x the Q
    assert sim.playout(EMPTY, cand, Future("Q", "")) == 2 + 2 * 10
    # with a tile kept and none to draw, the opponent goes out at once
    cand2 = Candidate(7, 7, Direction.ACROSS, "A", 2, ((7, 7, "A", False),), "K")
    assert sim.playout(EMPTY, cand2, Future("Q", "")) == 2 - 1 - 2 * 5


def test_inference_keeps_only_leaves_that_fit_the_play_made():
    # the opponent played A for 2 keeping 6 tiles; any rack with an S had a 30-point play
    def gen(rows, rack):
        out = [M(7, 7, "A", 2, rack)] if "A" in rack else []
        if "S" in rack:
            out.append(M(7, 7, "S", 30, rack))
        return out

    sim = Simulator(gen, STANDARD, flat_leave)
    last = LastPlay(EMPTY, "A", 2)
    unseen = "SSBCDEFGHIJKLMNOP"
    leaves = sim.infer_leaves(last, unseen, random.Random(4), tries=40)
    # the same draws by hand: a leave is kept exactly when it holds no S (30 - 2 > MARGIN)
    rng = random.Random(4)
    drawn = ["".join(sorted(rng.sample(list(unseen), 6))) for _ in range(40)]
    assert 30 - 2 > MARGIN
    assert leaves == [leave for leave in drawn if "S" not in leave]
    assert leaves and len(leaves) < len(drawn)


def test_run_compares_candidates_on_the_same_futures_and_stops_when_cancelled():
    def gen(rows, rack):
        col = rows[0].index(".")
        return [M(0, col, rack[0], 1, rack)]

    sim = Simulator(gen, STANDARD, flat_leave)
    a = Candidate(7, 7, Direction.ACROSS, "A", 10, ((7, 7, "A", False),), "BCDEFG")
    b = Candidate(7, 7, Direction.ACROSS, "B", 2, ((7, 7, "B", False),), "ACDEFG")
    futures = sim.futures("HIJKLMNOPQRSTUVWXYZ" * 2, 31, random.Random(1), 20)
    out = sim.run(EMPTY, [a, b], futures, min_playouts=5)
    assert out.stopped == "clear" and len(out.values) == 5  # 8 points ahead in every future
    assert all(v[0] - v[1] == 8 for v in out.values)
    calls = []
    stop = Simulator(gen, STANDARD, flat_leave, should_stop=lambda: calls.append(1) or True)
    out = stop.run(EMPTY, [a, b], futures)
    assert out.stopped == "cancel" and out.values == [] and len(calls) == 1
    # a time cap is a clock reading, not a sleep
    ticks = iter(range(100))
    timed = Simulator(gen, STANDARD, flat_leave, deadline=3, clock=lambda: next(ticks))
    out = timed.run(EMPTY, [a, b], futures, min_playouts=50)
    assert out.stopped == "time" and len(out.values) == 2  # clock read 0-3: two futures done


def test_apply_to_rows_places_blanks_in_lower_case():
    cand = Candidate(0, 0, Direction.ACROSS, "Ab", 1, ((0, 0, "A", False), (0, 1, "B", True)), "")
    assert apply_to_rows(EMPTY, cand)[0].startswith("Ab.")


@settings(max_examples=80, deadline=None)
@given(st.floats(-300, 300, allow_nan=False), st.floats(0.01, 100), st.integers(0, 90))
def test_win_chance_is_a_monotone_symmetric_probability(margin, more, bag):
    w = win_chance(margin, bag, False)
    assert 0.0 <= w <= 1.0
    assert win_chance(margin + more, bag, False) >= w  # more points never lower the chance
    assert abs(w + win_chance(-margin, bag, False) - 1.0) < 1e-12  # a lead and a deficit mirror
    assert win_chance(0.0, bag, False) == 0.5
    # a finished game is decided by its sign alone
    assert win_chance(margin, bag, True) == (1.0 if margin > 0 else 0.5 if margin == 0 else 0.0)


def test_spread_sd_grows_with_the_tiles_left():
    sds = [spread_sd(b) for b in range(0, 100)]
    assert sds == sorted(sds) and sds[0] > 0


def _risk_case(lead):
    """Candidate A: the opponent's answer always scores 20.  Candidate B: it scores 0 or 60
    in turn (10 points worse on average).  The player's own answer scores 0."""
    replies = itertools.cycle([0, 60])

    def gen(rows, rack):
        col = rows[0].index(".")
        if not set(rack) <= set("OPQRSTUVWXYZ"):  # the player's rack: no points
            return [M(0, col, rack[0], 0, rack)]
        score = 20 if rows[7][7] == "A" else next(replies)
        return [M(0, col, rack[0], score, rack)]

    sim = Simulator(gen, STANDARD, flat_leave, lead=lead)
    a = Candidate(7, 7, Direction.ACROSS, "A", 10, ((7, 7, "A", False),), "BCDEFG")
    b = Candidate(7, 7, Direction.ACROSS, "B", 10, ((7, 7, "B", False),), "ACDEFG")
    futures = [Future("OPQRSTU", "VWXYZ" * 8) for _ in range(20)]
    return sim.run(EMPTY, [a, b], futures, min_playouts=100)


def test_chance_of_winning_takes_a_risk_only_when_behind():
    for lead in (-120, 0, 120):
        out = _risk_case(lead)
        spread_a, spread_b = out.spread_means()
        assert spread_a - spread_b == 10  # the points are the same whatever the lead
        for v, sp in zip(out.values, out.spreads):  # each value is the chance of its spread
            assert v == [win_chance(lead + x, 40 - 1 - 1 - 1, False) for x in sp]
    behind, even, ahead = (_risk_case(lead).means() for lead in (-120, 0, 120))
    assert behind[1] > behind[0]  # far behind: the long shot is the better chance
    assert even[0] > even[1] and ahead[0] > ahead[1]  # otherwise the safer, better play


def test_expert_gives_the_later_futures_to_the_finalists_only():
    from wordbler.boardgame.ai import make_player

    def gen(rows, rack):
        col = rows[0].index(".")
        return [M(0, col, rack[0], 1, rack)]  # every answer scores 1: values = scores - 1 + 1

    sim = Simulator(gen, STANDARD, flat_leave)
    scores = [10, 14, 12, 3, 14]  # the static choice first, as the expert ranks them
    cands = [Candidate(7, 7, Direction.ACROSS, "ABCDE"[i], s, ((7, 7, "ABCDE"[i], False),),
                       "FGHIJK") for i, s in enumerate(scores)]
    futures = sim.futures("LMNOPQRSTUVWXYZ" * 3, 38, random.Random(3), 30)
    expert = make_player("expert", gen)
    expert.first_round, expert.finalists, expert.min_playouts = 8, 3, 4
    seen = []
    expert.progress = lambda done, planned: seen.append((done, planned))
    out, kept = expert._rounds(sim, EMPTY, cands, futures, sampled=True)
    # the leader B (14, the first of two), E level with it, C 2 points behind in every
    # future (clearly behind), D far behind: the finalists are the static choice, B and E
    assert kept == [0, 1, 4]
    assert len(out.values) == 30 and all(len(v) == 3 for v in out.values)
    assert all(v == [10.0, 14.0, 14.0] for v in out.values)
    plan = 5 * 8 + 3 * 22
    assert seen[-1] == (plan, plan) and [d for d, _ in seen] == sorted(d for d, _ in seen)
    # enumerated draws (a bag of one or two) are played by every candidate
    out, kept = expert._rounds(sim, EMPTY, cands, futures, sampled=False)
    assert kept == [0, 1, 2, 3, 4] and len(out.values) == 30


def _clear_case():
    """Candidate B (index 1) scores 5 more than the static choice A in every future: the
    sampled search calls it clearly best after ``min_playouts`` futures."""
    from wordbler.boardgame.ai import make_player

    def gen(rows, rack):
        col = rows[0].index(".")
        return [M(0, col, rack[0], 1, rack)]

    sim = Simulator(gen, STANDARD, flat_leave)
    cands = [Candidate(7, 7, Direction.ACROSS, w, s, ((7, 7, w, False),), "FGHIJK")
             for w, s in (("A", 10), ("B", 15))]
    unseen = "LMNOPQRS"  # the opponent's seven and one in the bag
    futures = sim.futures(unseen, 1, random.Random(1), 300)
    expert = make_player("expert", gen)
    expert.min_playouts = 3
    return sim, cands, futures, expert, unseen


def test_every_draw_is_played_by_every_candidate_without_an_early_stop():
    sim, cands, futures, expert, unseen = _clear_case()
    assert sim.every_draw(unseen, 1) == futures and len(futures) == 8
    # the old way: the early stop judged on the first draws in letter order
    out, _kept = expert._rounds(sim, EMPTY, cands, futures, sampled=False)
    assert out.stopped == "clear" and len(out.values) == 3
    out, kept = expert._rounds(sim, EMPTY, cands, futures, sampled=False, exact=True)
    assert len(out.values) == 8 and kept == [0, 1]  # (a verdict after the last is moot)
    assert sorted(out.weights) == sorted(f.weight for f in futures)


def test_every_draw_is_the_enumeration_and_futures_samples_otherwise():
    sim = Simulator(lambda rows, rack: [], STANDARD, flat_leave)
    unseen = "AABCDEFGH"  # seven on the opponent's rack, two in the bag
    every = sim.every_draw(unseen, 2)
    assert every == Simulator.enumerate_futures(unseen, 2)
    assert sim.futures(unseen, 2, random.Random(2), 300) == every  # all of them fit
    # fewer playouts than draws: a weighted sample of them, not the whole
    sample = sim.futures(unseen, 2, random.Random(2), 5)
    assert len(sample) == 5 < len(every) and all(f.weight == 1.0 for f in sample)
    assert {(f.opp_rack, f.bag) for f in sample} <= {(f.opp_rack, f.bag) for f in every}
    # three in the bag, or unseen tiles that are not a rack and the bag: no enumeration
    assert sim.every_draw(unseen + "I", 3) is None
    assert sim.every_draw(unseen + "IJKLMN", 2) is None


def test_with_every_draw_played_the_best_mean_is_chosen():
    """The gate guards a sampled mean against noise; over every draw there is none, so the
    best mean is played even when its edge is small against the spread of the draws."""
    from wordbler.boardgame.ai import make_player
    from wordbler.boardgame.simulation import SimOutcome

    expert = make_player("expert", lambda rows, rack: [])
    # B gains 1 on average, -9 or +11 by draw: under half a standard error
    values = [[0.0, -9.0], [0.0, 11.0]] * 2
    out = SimOutcome(values, [1.0] * 4, "done")
    assert expert._pick(out) == 0
    assert expert._pick(out, exact=True) == 1
    level = SimOutcome([[0.0, 0.0], [1.0, 1.0]], [1.0, 1.0], "done")
    assert expert._pick(level, exact=True) == 0  # a tie: the static choice


# ------------------------------------------------------------ played to the end
def _greedy_to_end(rows, to_move, other):
    """The reference for Simulator.finish: test_endgame's plain playout with the
    simulation's tie order (the higher score first, then generation order) and no
    scoreless-turn limit (finish ends only on going out or both stuck).  Returns the spread
    for the side to move first."""
    rules = STANDARD.with_changes(fail_limit=10**6)
    return greedy_reference(rows, to_move, other, 0, rules, order=lambda o: -o[0].score)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), n_me=st.integers(1, 5), n_opp=st.integers(1, 5))
def test_finish_plays_both_racks_to_the_end_as_the_reference_does(seed, n_me, n_opp):
    rows, mine, opp = small_position(random.Random(seed), n_me, n_opp)
    sim = Simulator(gen(STANDARD), STANDARD, flat_leave)
    # finish: the opponent to move, the value for the player
    assert sim.finish(rows, opp, mine) == -_greedy_to_end(rows, opp, mine)


def test_finish_after_two_passes_counts_the_racks_only():
    sim = Simulator(lambda rows, rack: [], STANDARD, flat_leave)
    assert sim.finish(EMPTY, "QZ", "AE") == 20 - 2  # nobody can play: racks counted
    assert sim.finish(EMPTY, "QZ", "AE", passes=2) == 20 - 2
    # a player who can play goes on after the other passes
    def gen(rows, rack):
        col = rows[0].index(".")
        return [M(0, col, rack[0], 4, rack)] if rack[0] == "A" else []

    sim = Simulator(gen, STANDARD, flat_leave)
    # the opponent (QZ) passes, the player plays A (4), the opponent passes, the player's
    # E is stuck (it plays only a rack starting with A): the racks are counted
    assert sim.finish(EMPTY, "QZ", "AE") == 4 - 1 + 20


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), n_opp=st.integers(1, 6))
def test_a_playout_that_empties_the_bag_is_played_to_the_end(seed, n_opp):
    rng = random.Random(seed)
    rows, rack, opp = small_position(rng, 5, n_opp)
    moves = gen(STANDARD)(rows, rack)
    if not moves:
        return
    cand = to_candidate(rng.choice(moves), rack)
    bag = "".join(rng.choice(TILES) for _ in range(len(cand.tiles)))  # the draw empties it
    sim = Simulator(gen(STANDARD), STANDARD, flat_leave)
    value, bag_left, ended = sim._playout(rows, cand, Future(opp, bag), None)
    after = apply_to_rows(rows, cand)
    assert (bag_left, ended) == (0, True)
    assert value == cand.score - _greedy_to_end(after, opp, cand.leave + bag)
    # under rules where an empty bag ends the game there is nothing to play out
    assert sim.to_end and not Simulator(gen(WORDBLER_CLASSIC), WORDBLER_CLASSIC,
                                        flat_leave).to_end


# ------------------------------------------------------------ rolled out past two plies
def test_a_short_bag_is_rolled_out_past_the_two_plies_to_the_end():
    # every rack plays its first tile in the first free cell of the top rows, scoring 5
    # when the rack holds a Z and 3 otherwise; going out gains twice the other rack
    def first_tile(rows, rack):
        r = next(i for i, row in enumerate(rows) if "." in row)
        return [M(r, rows[r].index("."), rack[0], 5 if "Z" in rack else 3, rack)]

    cand = Candidate(7, 7, Direction.ACROSS, "AT", 4, ((7, 7, "A", False), (7, 8, "T", False)),
                     "BCDEF")
    fut = Future(opp_rack="ZZZZZZZ", bag="GHIJK")
    two = Simulator(first_tile, STANDARD, flat_leave)
    assert two._playout(EMPTY, cand, fut, None) == (4 - 5 + 3, 1, False)  # K still in the bag
    sim = Simulator(first_tile, STANDARD, flat_leave, rollout_bag=3)
    # the candidate +4 (rack BCDEFGH, bag IJK: 3 tiles, so rolled out), the opponent -5
    # (draws I), the player +3 (draws J), the opponent -5 (draws K: the bag is empty); then
    # the player (CDEFGHJ) and the opponent (IZZZZZK; a rack is kept in letter order after
    # a play, so its I and K go before the Zs) a tile each in turn: the player's seven
    # plays score 3 each and go out first, +2 x the Z left; the opponent's six score 5 each
    # (a Z always on the rack)
    assert sim._playout(EMPTY, cand, fut, None) == (
        4 - 5 + 3 - 5 + 7 * 3 + 2 * 10 - 6 * 5, 0, True)
    # a bag longer than rollout_bag after the candidate's draw stops after two plies
    assert Simulator(first_tile, STANDARD, flat_leave, rollout_bag=2)._playout(
        EMPTY, cand, fut, None) == (4 - 5 + 3, 1, False)


def _static_to_end(rows, to_move, other, bag):
    """The reference for Simulator.play_out with leaves worth nothing: each side plays its
    highest-scoring move (the first generated on ties) or passes, then draws, until the bag
    is empty or both pass in turn (each rack against its owner); then
    :func:`_greedy_to_end`.  Returns the spread for the side to move first."""
    racks, turn, sign, spread, passes = [to_move, other], 0, 1, 0, 0
    while bag:
        rack = racks[turn]
        moves = gen(STANDARD)(list(rows), rack)
        if moves:
            best = max(moves, key=lambda m: m.score)  # max keeps the first of the ties
            rows, left = apply_move(rows, best, rack)
            score, passes = best.score, 0
        else:
            score, left, passes = 0, rack, passes + 1
        spread += sign * score
        if passes >= 2:
            return spread + sign * (rack_value(racks[1 - turn], STANDARD) -
                                    rack_value(rack, STANDARD))
        racks[turn], bag = left + bag[:len(rack) - len(left)], bag[len(rack) - len(left):]
        turn, sign = 1 - turn, -sign
    return spread + sign * _greedy_to_end(rows, racks[turn], racks[1 - turn])


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), n_opp=st.integers(1, 7), extra=st.integers(1, 9))
def test_play_out_draws_to_the_end_as_the_reference_does(seed, n_opp, extra):
    rng = random.Random(seed)
    rows, mine, opp = small_position(rng, 7, n_opp)
    bag = "".join(rng.choice(TILES) for _ in range(extra))
    sim = Simulator(gen(STANDARD), STANDARD, flat_leave)
    # play_out: the opponent to move, the value for the player
    assert sim.play_out(rows, opp, mine, bag) == -_static_to_end(rows, opp, mine, bag)
