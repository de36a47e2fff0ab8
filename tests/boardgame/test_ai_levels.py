"""Fitted leave model, the baseline level, expert's simulation and exact endgame."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordbler.boardgame.ai import (
    ALL_LEVELS, LEVELS, LeaveModel, Position, fitted_leaves, handmade_leaves, leave_bound,
    leave_value, make_player,
    rng_for,
)
from wordbler.boardgame.endgame import EndgameSolver
from wordbler.boardgame.movegen import LexGraph, generate
from wordbler.boardgame.rules import STANDARD, TileSet

WORDS = """
AA AB AD AE AG AH AI AL AM AN AR AS AT AW AX AY BA BE BI BO BY DA DE DO ED EF EH EL EM EN ER
ES EX FA FE GO HA HE HI HM HO ID IF IN IS IT JO KA KI LA LI LO MA ME MI MO MU MY NA NE NO NU
OD OE OF OH OI OM ON OP OR OS OW OX OY PA PE PI QI RE SH SI SO TA TI TO UH UM UN UP US UT WE
ACE AGE AID AIL AIR ALE ANT APE ARE ART ATE BAD BAT BED BEE BET BIT BOA CAT DOG EAR EAT
EEL ERA ETA FAR HAT HEN ICE IRE JAB LOT NET NOT OAT ODE ONE ORE OAR PET QAT RAT RED ROE SAT
AREA ARTS BEAT CARE DARE DATE EAST EATS IRON NEAR NOTE RATE REST SEAT STAR TEAR TIER TONE
TEARS STARE RATES IRATE NOTES STONE ONSET OATER
""".split()
GRAPH = LexGraph.build(WORDS)


def gen(rows, rack):
    return generate(rows, rack, GRAPH, STANDARD)


BOARD = tuple(
    "." * 15 if r != 7 else "....STONE......" for r in range(15)
)


def test_model_terms_and_features():
    m = LeaveModel({"t:S": 8.0, "d:E": -3.0, "t:E": 2.0, "p:ES": 1.5, "vc:2,1": 0.5})
    assert m("") == 0.0
    assert m("SEE") == 8.0 + 2 * 2.0 - 3.0 + 1.5 + 0.5
    assert m("SEE", bag_count=0) == 0.0
    assert LeaveModel.features("Q?") == {"t:?": 1, "t:Q": 1, "p:?Q": 1, "vc:0,1": 1}


_LETTERS = "?AEIOUBCDST"


@settings(max_examples=60, deadline=None)
@given(values=st.lists(st.integers(-900, 900).map(lambda k: k / 37.0), min_size=45,
                       max_size=45),  # fractions with long binary tails: order shows
       leaves=st.lists(st.text(_LETTERS, max_size=7), min_size=1, max_size=30))
def test_model_value_is_the_sum_of_its_terms_over_the_features_in_their_order(values,
                                                                                leaves):
    """The leave value, bit for bit: each feature's term times its count, added in the
    order features() lists them, then the leave's own correction (the simulation breaks
    ties by these values, so a value summed in another order would change moves)."""
    pool = iter(values)
    terms = {}
    for ch in _LETTERS:
        terms["t:" + ch] = next(pool)
        terms["d:" + ch] = next(pool)
    for a, b in itertools.combinations(sorted(_LETTERS), 2):
        if a in "?AES" and b in "?AEST":
            terms["p:" + a + b] = next(pool)
    for vc in ("1,1", "2,1", "1,2", "0,1", "3,2"):
        terms["vc:" + vc] = next(pool)
    for leave in leaves[:5]:
        terms["l:" + "".join(sorted(leave))] = next(pool)
    m = LeaveModel(terms)
    for leave in leaves:
        key = "".join(sorted(leave))
        want = sum(terms.get(k, 0.0) * x for k, x in LeaveModel.features(key).items())
        want += terms.get("l:" + key, 0.0)
        assert m.raw(leave) == want
        assert m(leave) == (want if leave else 0.0)


def test_shipped_model_loads_and_covers_every_leave():
    model = fitted_leaves(STANDARD)
    assert model is not None, "wordbler/boardgame/data/leaves_en.json did not load"
    assert model.meta["games"] > 0 and model.meta["tiles"] == "en"
    # the table part: each corrected leave is a sorted leave of 1-6 tiles the bag can hold
    table = [k[2:] for k in model.terms if k.startswith("l:")]
    assert table
    for leave in table:
        assert 1 <= len(leave) <= 6 and leave == "".join(sorted(leave))
        assert all(leave.count(ch) <= STANDARD.tiles.counts.get(ch, 0) for ch in leave)
    letters = sorted(STANDARD.tiles.counts)
    rng = random.Random(1)
    bag = [ch for ch in letters for _ in range(STANDARD.tiles.counts[ch])]
    for _ in range(300):  # any sub-rack of 1-6 tiles gets a finite value
        leave = "".join(rng.sample(bag, rng.randint(1, 6)))
        v = model(leave)
        assert v == v and abs(v) < 200
    assert model("?") > model("Q")


def test_other_tile_sets_fall_back_to_hand_made_values():
    tiles = TileSet({"A": 5, "B": 5, "?": 1}, {"A": 1, "B": 2, "?": 0})
    rules = STANDARD.with_changes(tiles=tiles)
    assert fitted_leaves(rules) is None
    p = make_player("strong", gen)
    pos = Position(BOARD, "AB", "AB", 10, (0, 0), 0, rules)
    fn = p.leave_fn(pos)
    assert fn is handmade_leaves(rules) and fn is not leave_value
    # the generic shape: a blank is the best keep, the 2-point B worse than the 1-point A,
    # and a duplicate costs
    assert fn("?") > fn("A") > fn("B") and fn("AA") < 2 * fn("A")


def test_russian_hand_made_leaves_use_its_own_letters_and_vowels():
    ru = STANDARD.with_language("ru")
    fn = handmade_leaves(ru)
    assert fn("?") == leave_value("?")
    # balanced keeps beat all-vowel and all-consonant ones (the Russian vowels are known)
    assert fn("АРТ") > fn("ААО") and fn("АРТ") > fn("РТН")
    # a 10-point letter is worse to keep than a 1-point one
    ten = next(ch for ch in ru.tiles.counts if ru.tiles.value(ch) == 10)
    assert fn(ten) < fn("О")


def test_damaged_model_file_is_refused():
    import pytest

    with pytest.raises(ValueError):
        LeaveModel.from_json(json.loads('{"terms": {"t:A": "x"}}'))


def test_baseline_level_is_selectable_but_not_in_the_menu():
    assert "strong-handmade" in ALL_LEVELS and "strong-handmade" not in LEVELS
    p = make_player("strong-handmade", gen)
    pos = Position(BOARD, "AERST?Q", "EIOU" * 5, 50, (0, 0), 0, STANDARD)
    assert p.leave_fn(pos) is leave_value
    # the baseline is the level as it was: the static choice in the pre-endgame too
    late = Position(BOARD, "AERTIDE", "SONATEBR", 1, (100, 90), 0, STANDARD, turn=20, seed=3)
    assert "pre-endgame" not in p.choose(late, rng_for(late)).reason


def _expert_pos(seed):
    return Position(BOARD, "AERTIDE", "AEIOUNRSTLDGBCMP" * 2, 40, (10, 12), 0, STANDARD,
                    turn=5, seed=seed)


def test_simulation_is_reproducible_from_a_seed():
    p = make_player("expert", gen)
    p.budget_s = 1e9  # no time cap: rounds are a fixed count
    pos = _expert_pos(42)
    a = p.choose(pos, rng_for(pos))
    b = p.choose(pos, rng_for(pos))
    assert a == b and a.kind == "play"


def test_pre_endgame_choice_plays_every_draw_and_is_reproducible():
    from wordbler.boardgame.simulation import Simulator

    p = make_player("expert", gen)
    p.budget_s = 1e9
    pos = Position(BOARD, "AERTIDE", "SONATEBR", 1, (100, 90), 0, STANDARD, turn=20, seed=3)
    a = p.choose(pos, rng_for(pos))
    assert a == p.choose(pos, rng_for(pos))
    every = len(Simulator.enumerate_futures(pos.unseen, pos.bag_count))
    assert a.reason.startswith(f"pre-endgame {every} futures")


def test_strong_simulates_the_pre_endgame_only_when_asked_as_the_expert_would():
    pos = Position(BOARD, "AERTIDE", "SONATEBR", 1, (100, 90), 0, STANDARD, turn=20, seed=3)
    static = make_player("strong", gen)
    static.presim_bag = 0
    plain = static.choose(pos, rng_for(pos))
    assert "pre-endgame" not in plain.reason  # presim_bag 0: the static choice
    p = make_player("strong", gen)
    assert p.presim_bag >= 1  # the level simulates the pre-endgame
    p.presim_bag, p.presim_budget_s = 2, 1e9
    a = p.choose(pos, rng_for(pos))
    assert a.reason.startswith("pre-endgame") and a == p.choose(pos, rng_for(pos))
    e = make_player("expert", gen)
    e.playouts, e.width, e.budget_s = p.presim_playouts, p.presim_width, 1e9
    assert a == e.choose(pos, rng_for(pos))  # the expert's choice with those counts
    # more tiles in the bag than presim_bag: the static choice
    mid = _expert_pos(5)
    assert p.choose(mid, rng_for(mid)) == static.choose(mid, rng_for(mid))


def test_simulation_stops_when_cancelled():
    p = make_player("expert", gen)
    p.budget_s = 1e9
    calls = []
    p.should_stop = lambda: calls.append(1) or True
    pos = _expert_pos(1)
    d = p.choose(pos, rng_for(pos))
    assert d.kind == "play" and len(calls) <= 2  # gave up in the first round


@pytest.mark.parametrize("level", ["strong", "expert"])
def test_endgame_is_the_exact_search(level):
    p = make_player(level, gen)
    p.endgame_budget_s = None
    p.endgame_nodes = None
    rows = BOARD
    pos = Position(rows, "AT", "ED", 0, (100, 90), 0, STANDARD)
    d = p.choose(pos, rng_for(pos))
    res = EndgameSolver(gen, STANDARD).solve(rows, "AT", "ED")
    assert res.exact
    if res.move is None:
        assert d.kind == "pass"
    else:
        assert d.kind == "play" and d.play.word == res.move[4]
        assert d.play.equity == res.value


@pytest.mark.parametrize("level", ["strong", "expert"])
def test_endgame_node_limit_still_gives_a_move(level):
    p = make_player(level, gen)
    p.endgame_budget_s = None
    p.endgame_nodes = 5
    pos = Position(BOARD, "AERTIDE", "SONATEB", 0, (100, 90), 0, STANDARD)
    d = p.choose(pos, rng_for(pos))
    assert d.kind in ("play", "pass")


@settings(max_examples=60, deadline=None)
@given(rack=st.text(alphabet="AEIQSTUVXZ?", min_size=0, max_size=7),
       bag=st.integers(min_value=0, max_value=90))
def test_model_leave_bound_is_the_best_part_of_the_rack(rack, bag):
    """The fitted model's remembered bound equals the brute force over every part of the
    rack (the simulation and the ranking stop on it: too low would skip the best move)."""
    model = fitted_leaves(STANDARD)
    brute = max(model("".join(c), bag) for k in range(len(rack) + 1)
                for c in itertools.combinations(rack, k))
    assert leave_bound(rack, bag, model) == brute
    assert model.bound(rack, bag) == brute  # again, from the memo


def test_model_memos_stay_within_their_limit_and_keep_the_values():
    """A long session values many racks: the remembered values and bounds are capped, and
    a capped model gives the same values and bounds as a fresh one."""
    shipped = fitted_leaves(STANDARD)
    small = LeaveModel(shipped.terms)
    small.memo_limit = 25
    rng = random.Random(7)
    bag = [ch for ch, n in STANDARD.tiles.counts.items() for _ in range(n)]
    for _ in range(400):
        rack = "".join(rng.sample(bag, rng.randint(1, 7)))
        fresh = LeaveModel(shipped.terms)
        assert small(rack) == fresh(rack)
        assert small.bound(rack, 50) == fresh.bound(rack, 50)
        assert len(small._memo) <= 25 and len(small._bounds) <= 25


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), turns=st.integers(0, 6), bag=st.integers(0, 40))
def test_simulated_reply_is_the_best_of_every_move_valued(seed, turns, bag):
    """The simulation's reply (which skips moves its bound rules out) equals valuing every
    move: the highest score plus leave (bag left) or going-out value (bag empty), the
    earliest of equal values in score order."""
    from wordbler.boardgame.endgame import play_record
    from wordbler.boardgame.simulation import Simulator

    rng = random.Random(seed)
    tiles = "AAEEIORSTTNDBC??"
    rows = BOARD
    for _ in range(turns):  # a board from random legal plays
        drawn = "".join(rng.sample(tiles, 7))
        recs = gen(rows, drawn).records
        if recs:
            rows, _ = play_record(rows, rng.choice(recs), drawn)
    rack = "".join(rng.sample(tiles, 7))
    other = "".join(rng.sample(tiles, 5))
    model = fitted_leaves(STANDARD)
    sim = Simulator(gen, STANDARD, model)
    recs = gen(rows, rack).records
    got = sim.best_of(rows, rack, recs, bag, other)
    assert sim.best_of(rows, rack, recs, bag, other) == got  # its leaves remembered
    if not recs:
        assert got == (0, rows, rack, False)
        return
    order = sorted(recs, key=lambda r: -r[0])

    def value(rec):
        _after, leave = play_record(rows, rec, rack)
        if bag > 0:
            return rec[0] + model(leave, bag)
        return rec[0] + (2 * sim.rack_points(other) if not leave else -sim.rack_points(leave))

    best = max(range(len(order)), key=lambda i: (value(order[i]), -i))
    after, leave = play_record(rows, order[best], rack)
    assert got == (order[best][0], after, leave, bag == 0 and not leave)
