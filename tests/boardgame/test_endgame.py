"""The endgame solver against an exhaustive minimax written here (small lexicon, few tiles).

The reference plays moves from the generator's move objects (their ``tiles``), applies the
end-of-game rules itself and searches every line to the end with no pruning.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordbler.boardgame.endgame import EndgameSolver
from wordbler.boardgame.movegen import LexGraph, generate
from wordbler.boardgame.rules import STANDARD, TOURNAMENT

WORDS = """
AA AB AD AE AG AH AI AL AM AN AR AS AT AW AX AY BA BE BI BO BY DA DE DO ED EF EH EL EM EN ER
ES EX FA FE GO HA HE HI HM HO ID IF IN IS IT JO KA KI LA LI LO MA ME MI MO MU MY NA NE NO NU
OD OE OF OH OI OM ON OP OR OS OW OX OY PA PE PI QI RE SH SI SO TA TI TO UH UM UN UP US UT WE
WO XI XU YA YE YO ZA
ACE AGE AID AIL AIR ALE ANT APE ARE ART ATE BAD BAT BED BEE BET BIT BOA CAT DOG EAR EAT
EEL ERA ETA FAR HAT HEN ICE IRE JAB LOT NET NOT OAT ODE ONE ORE OAR PET QAT RAT RED ROE SAT
SEA SET SIT TAR TEA TEN TIE TOE ZAP ZEE
AREA ARTS BEAT CARE DARE DATE EAST EATS IRON NEAR NOTE RATE REST SEAT STAR TEAR TIER TONE
ZEST QUIT JOTA TEARS STARE RATES IRATE NOTES STONE ONSET OATER
""".split()
GRAPH = LexGraph.build(WORDS)
TILES = "AEIORSTNDQZXJ?"


def gen(rules):
    return lambda rows, rack: generate(rows, rack, GRAPH, rules)


def rack_value(rack, rules):
    return sum(rules.tiles.value(ch) for ch in rack)


def apply_move(rows, m, rack):
    """The board after the generated move ``m`` (a blank in lower case) and the tiles left
    on ``rack``, worked out from the move's own tiles."""
    new = [list(r) for r in rows]
    left = list(rack)
    for r, c, letter, blank in m.tiles:
        new[r][c] = letter.lower() if blank else letter
        left.remove("?" if blank else letter)
    return tuple("".join(r) for r in new), "".join(left)


def exhaustive(rows, me, opp, fails, rules):
    """Best spread gain for the player to move: every move, every reply, to the end."""
    best = None
    for m in generate(list(rows), me, GRAPH, rules):
        after, left = apply_move(rows, m, me)
        if not left:
            v = m.score + 2 * rack_value(opp, rules)
        else:
            nf = fails + 1 if m.score == 0 and rules.zero_score_play_counts else 0
            if nf >= rules.fail_limit:
                v = m.score - rack_value(left, rules) + rack_value(opp, rules)
            else:
                v = m.score - exhaustive(after, opp, left, nf, rules)
        best = v if best is None else max(best, v)
    nf = fails + 1
    if nf >= rules.fail_limit:
        v = rack_value(opp, rules) - rack_value(me, rules)
    else:
        v = -exhaustive(rows, opp, me, nf, rules)
    return v if best is None else max(best, v)


def small_position(rng: random.Random, n_me: int, n_opp: int):
    rows = [["."] * 15 for _ in range(15)]
    word = rng.choice([w for w in WORDS if len(w) >= 4])
    r, c = 7, 7 - rng.randrange(len(word))
    if rng.random() < 0.5:
        for i, ch in enumerate(word):
            rows[r][c + i] = ch
    else:
        for i, ch in enumerate(word):
            rows[c + i][r] = ch
    me = "".join(rng.choice(TILES) for _ in range(n_me))
    opp = "".join(rng.choice(TILES) for _ in range(n_opp))
    return tuple("".join(x) for x in rows), me, opp


@pytest.mark.parametrize("rules", [STANDARD, TOURNAMENT], ids=["standard", "tournament"])
def test_equals_exhaustive_on_random_small_positions(rules):
    rules = rules.with_changes(fail_limit=4)  # keeps the reference's pass chains short
    rng = random.Random(7)
    for _ in range(12):
        rows, me, opp = small_position(rng, rng.randint(1, 2), rng.randint(1, 2))
        want = exhaustive(rows, me, opp, 0, rules)
        got = EndgameSolver(gen(rules), rules).solve(rows, me, opp)
        assert got.exact
        assert got.value == want, (rows, me, opp)


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**6), n_me=st.integers(1, 2), n_opp=st.integers(1, 2),
       fails=st.integers(0, 3))
def test_property_equals_exhaustive(seed, n_me, n_opp, fails):
    rules = STANDARD.with_changes(fail_limit=4)
    rows, me, opp = small_position(random.Random(seed), n_me, n_opp)
    want = exhaustive(rows, me, opp, fails, rules)
    got = EndgameSolver(gen(rules), rules).solve(rows, me, opp, fails)
    assert got.exact and got.value == want


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**6), n_me=st.integers(2, 5), n_opp=st.integers(2, 5),
       nodes=st.integers(20, 400))
def test_compiled_and_python_leaves_search_alike(seed, n_me, n_opp, nodes):
    """Cut short (horizon playouts) or not, the search with the compiled leaves and with
    the Python ones gives the same value, move, depth and node count, over the same move
    lists (each with its leaves and their points)."""
    from wordbler.boardgame.movegen import generator

    if generator._native is None:
        pytest.skip("the compiled move search is not built")
    rows, me, opp = small_position(random.Random(seed), n_me, n_opp)
    got, lists = [], []
    for native in (True, False):
        solver = EndgameSolver(gen(STANDARD), STANDARD, node_limit=nodes, native=native)
        r = solver.solve(rows, me, opp)
        got.append((r.value, r.move, r.exact, r.nodes, r.depth, r.leave))
        lists.append(solver._moves)
    assert got[0] == got[1]
    assert lists[0] == lists[1] and lists[0]


def test_native_flag_follows_the_build_and_the_environment(monkeypatch):
    from wordbler.boardgame import endgame
    from wordbler.boardgame.movegen import generator

    monkeypatch.setenv(generator.PURE_PYTHON_ENV, "1")
    assert not EndgameSolver(gen(STANDARD), STANDARD)._native_leaves
    monkeypatch.setattr(endgame, "_native", None)
    monkeypatch.setattr(generator, "_native", None)
    monkeypatch.delenv(generator.PURE_PYTHON_ENV)
    assert not EndgameSolver(gen(STANDARD), STANDARD)._native_leaves
    with pytest.raises(RuntimeError):
        EndgameSolver(gen(STANDARD), STANDARD, native=True)
    rows, me, opp = small_position(random.Random(5), 2, 2)
    assert EndgameSolver(gen(STANDARD), STANDARD, native=False).solve(rows, me, opp).exact


def test_best_move_reaches_the_value():
    """The move returned, followed by the exhaustive value of the reply, gives the value."""
    rules = STANDARD.with_changes(fail_limit=4)
    rng = random.Random(3)
    for _ in range(6):
        rows, me, opp = small_position(rng, 2, 2)
        res = EndgameSolver(gen(rules), rules).solve(rows, me, opp)
        assert res.exact
        if res.move is None:  # pass
            v = -exhaustive(rows, opp, me, 1, rules)
        else:
            from wordbler.boardgame.endgame import play_record

            after, leave = play_record(rows, res.move, "".join(sorted(me)))
            if not leave:
                v = res.move[0] + 2 * rack_value(opp, rules)
            else:
                v = res.move[0] - exhaustive(after, opp, leave, 0, rules)
        assert v == res.value


def test_node_limit_falls_back_to_a_legal_move():
    rules = STANDARD
    rows, me, opp = small_position(random.Random(11), 7, 7)
    me, opp = "AEIRST?", "DENOTZQ"
    res = EndgameSolver(gen(rules), rules, node_limit=30).solve(rows, me, opp)
    assert not res.exact
    legal = {tuple(r) for r in generate(list(rows), me, GRAPH, rules).records}
    assert res.move is None or tuple(res.move) in legal


def test_cancel_flag_stops_the_search():
    rules = STANDARD
    rows, _, _ = small_position(random.Random(5), 1, 1)
    calls = []

    def stop():
        calls.append(1)
        return True

    res = EndgameSolver(gen(rules), rules, should_stop=stop).solve(rows, "AEIRST?", "DENOTZQ")
    assert calls and not res.exact and res.nodes <= 64


def search_order(option):
    """The endgame search's move order: going out first, higher score, fewer tiles left."""
    m, left = option
    return bool(left), -m.score, len(left)


def greedy_reference(rows, me, opp, fails, rules, order=search_order):
    """A bag-empty position played out plainly: each side plays the move worth the most
    after settlement (going out: +2 x the other rack; else score - its own rack left), the
    first on ties in ``order`` (generation order after that); no move is a pass; the game
    ends on going out, at the scoreless-turn limit, or when both have passed in turn (each
    rack against its owner).  Returns the spread for ``me``, who moves first."""
    racks, turn, sign, spread, passes = [me, opp], 0, 1, 0, 0
    while True:
        mover, other = racks[turn], racks[1 - turn]
        options = sorted(((m, apply_move(rows, m, mover)[1])
                          for m in generate(list(rows), mover, GRAPH, rules)), key=order)
        best = None
        for m, left in options:
            v = m.score + 2 * rack_value(other, rules) if not left else \
                m.score - rack_value(left, rules)
            if best is None or v > best[0]:
                best = (v, m, left)
        if best is None:
            score, left = 0, mover
            fails, passes = fails + 1, passes + 1
        else:
            _v, m, left = best
            rows = apply_move(rows, m, mover)[0]
            score = m.score
            if not left:
                return spread + sign * (score + 2 * rack_value(other, rules))
            fails = fails + 1 if score == 0 and rules.zero_score_play_counts else 0
            passes = 0
        spread += sign * score
        racks[turn] = left
        if fails >= rules.fail_limit or passes >= 2:
            return spread + sign * (rack_value(other, rules) - rack_value(left, rules))
        turn, sign = 1 - turn, -sign


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**6), n_me=st.integers(1, 6), n_opp=st.integers(1, 6),
       fails=st.integers(0, 3))
def test_the_horizon_plays_the_position_out_as_the_reference_does(seed, n_me, n_opp, fails):
    rules = STANDARD.with_changes(fail_limit=4)
    rows, me, opp = small_position(random.Random(seed), n_me, n_opp)
    me, opp = "".join(sorted(me)), "".join(sorted(opp))
    solver = EndgameSolver(gen(rules), rules)
    assert solver._horizon(rows, me, opp, fails) == greedy_reference(rows, me, opp, fails,
                                                                     rules)


def test_a_one_ply_search_values_each_move_by_the_playout_after_it():
    rules = STANDARD
    rng = random.Random(21)
    for _ in range(8):
        rows, me, opp = small_position(rng, 4, 4)
        me, opp = "".join(sorted(me)), "".join(sorted(opp))
        res = EndgameSolver(gen(rules), rules).solve(rows, me, opp, max_depth=1)
        want = None
        for m in generate(list(rows), me, GRAPH, rules):
            after, left = apply_move(rows, m, me)
            left = "".join(sorted(left))
            v = m.score + 2 * rack_value(opp, rules) if not left else \
                m.score - greedy_reference(after, opp, left, 0, rules)
            want = v if want is None else max(want, v)
        # passing hands the move over with one scoreless turn
        v = -greedy_reference(rows, opp, me, 1, rules)
        want = v if want is None else max(want, v)
        assert res.value == want
