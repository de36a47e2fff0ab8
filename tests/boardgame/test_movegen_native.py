"""The compiled move search (``_movegen.c``) against the pure-Python one: the very same
records in the very same order (callers break ties and replay seeded games by record order),
on the golden positions, on random games in English (with ``lines=`` restrictions, the first
move and other rule settings), in Russian (32 letters: 8-byte masks) and French; and a
corrupt graph gives no moves rather than a crash."""

from __future__ import annotations

import random
from array import array

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordbler.boardgame.movegen import LexGraph, generate, parse_rack
from wordbler.boardgame.movegen import generator
from wordbler.boardgame.rules import STANDARD, BoardLayout, board_alphabet
from wordbler.lexicon.graph import _ARRAY_NAMES

from .test_movegen_properties import WORDS as SMALL_WORDS

needs_native = pytest.mark.skipif(
    generator._native is None,
    reason="the compiled move search is not built (python setup.py build_ext --inplace)")


def both(rows, rack, graph, rules=STANDARD, lines=None):
    """The pure-Python and the compiled records (asserting they are the same)."""
    py = generate(rows, rack, graph, rules, lines, native=False).records
    c = generate(rows, rack, graph, rules, lines, native=True).records
    assert c == py, (rows, rack, lines)
    return py


def play(rows, rec):
    """The board after the record's move (a blank's letter is already lower case)."""
    _score, down, line, start, word = rec
    grid = [list(r) for r in rows]
    for i, ch in enumerate(word):
        r, c = (start + i, line) if down else (line, start + i)
        grid[r][c] = ch
    return ["".join(r) for r in grid]


# ---------------------------------------------------------------------------- golden files
@needs_native
@pytest.mark.parametrize("number", [f"{i:02d}" for i in range(1, 15)])
def test_golden_positions_same_records(number, shared_dir, golden_graph):
    pos = shared_dir / "positions"
    board = (pos / f"{number}.board").read_text().splitlines()
    rack = (pos / f"{number}.rack").read_text().strip()
    both(board, rack, golden_graph)
    assert generate(board, rack, golden_graph, native=True).lines() == \
        (pos / f"{number}.moves").read_text().splitlines()
    rng = random.Random(int(number))
    for _ in range(3):  # the simulation's restricted generations
        rows = frozenset(rng.sample(range(15), rng.randint(0, 4)))
        cols = frozenset(rng.sample(range(15), rng.randint(0, 4)))
        both(board, rack, golden_graph, lines=(rows, cols))


# ---------------------------------------------------------------------------- random games
def _english_words() -> list[str]:
    """The small list of the property tests and a fixed sample of the bundled dictionary
    (denser games); the small list alone when the bundled one is not there."""
    words = set(SMALL_WORDS)
    try:
        from wordbler.lexicon.dictionary import load_bundled

        bundled = sorted(w for w in load_bundled() if len(w) <= 8)
    except Exception:  # pragma: no cover - a checkout without the bundled dictionary
        return sorted(words)
    words.update(w for w in bundled if len(w) == 2)
    words.update(random.Random(7).sample(bundled, 3000))
    return sorted(words)


EN_GRAPH = LexGraph.build(_english_words())
SMALL_LAYOUT = BoardLayout.from_rows(  # not square: rows and columns differ in length
    [
        "T..d.d..T",
        ".D..t..D.",
        "..d...d..",
        "d...*...d",
        "..d...d..",
        ".D..t..D.",
        "T..d.d..T",
    ],
    start=(3, 4),
)
EN_RULES = [
    STANDARD,
    STANDARD.with_changes(layout=SMALL_LAYOUT, bingo_bonus=35, min_first_move_tiles=3),
    STANDARD.with_changes(rack_size=8, bingo_bonus=20),
]
EN_LETTERS = "AAAAEEEEIIIOOUBCDDGHLLMNNPRRRSSSTTTUWYKFVJXQZ"


@st.composite
def english_games(draw):
    """A position reached by random generated moves from the empty board (full racks drawn
    by a seeded generator, so the boards fill up), a rack to generate for (Hypothesis's own,
    0-2 blanks, or a full one) and maybe a ``lines=`` restriction."""
    rules = draw(st.sampled_from(EN_RULES))
    lay = rules.layout
    rows = ["." * lay.cols] * lay.rows
    size = rules.rack_size
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))

    def full_rack():
        blanks = rng.choice((0, 0, 0, 1, 2))
        return "".join(rng.choice(EN_LETTERS) for _ in range(size - blanks)) + "?" * blanks

    history = []
    for _ in range(draw(st.integers(0, 20))):
        r = full_rack()
        moves = generate(rows, r, EN_GRAPH, rules, native=False).records
        history.append((rows, r))
        if moves:
            rows = play(rows, rng.choice(moves))
    if draw(st.booleans()):
        rack = full_rack()
    else:
        blanks = draw(st.integers(0, 2))
        rack = "".join(draw(st.lists(st.sampled_from(EN_LETTERS), min_size=0 if blanks else 1,
                                     max_size=size - blanks))) + "?" * blanks
    lines = draw(st.none() | st.tuples(st.frozensets(st.integers(0, lay.rows - 1), max_size=4),
                                       st.frozensets(st.integers(0, lay.cols - 1), max_size=4)))
    return rules, rows, rack, lines, history


@needs_native
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(english_games())
def test_random_english_games_same_records(game):
    rules, rows, rack, lines, history = game
    both(rows, rack, EN_GRAPH, rules)
    both(rows, rack, EN_GRAPH, rules, lines)
    for before, r in history[-3:]:  # the positions on the way, the first move among them
        both(before, r, EN_GRAPH, rules)


@needs_native
def test_first_moves_and_racks_of_blanks():
    for rules in EN_RULES:
        empty = ["." * rules.layout.cols] * rules.layout.rows
        for rack in ("RETAINS", "?", "??", "A?", "QZXJ", "EAT??", "S"):
            both(empty, rack, EN_GRAPH, rules)
        both(empty, "RETAINS", EN_GRAPH, rules, lines=((), ()))
        both(empty, "RETAINS", EN_GRAPH, rules, lines=((rules.layout.start[0],), ()))
        assert generate(empty, "", EN_GRAPH, rules, native=True).records == []


# ---------------------------------------------------------------------------- endgame leaves
def reference_leaves(rows, rack, records, rules):
    """What stays on ``rack`` after each record, and its points, worked out square by
    square: a letter on an empty square came from the rack (lower case: a blank)."""
    out = []
    for rec in records:
        score, down, line, start, word = rec
        left = list(rack)
        for i, ch in enumerate(word):
            r, c = (start + i, line) if down else (line, start + i)
            if rows[r][c] == ".":
                left.remove("?" if ch == ch.lower() and ch != ch.upper() else ch)
        leave = "".join(left)
        out.append((score, rec, leave, sum(rules.tiles.value(ch) if ch != "?" else 0
                                           for ch in leave)))
    return out


def leaves_agree(rows, rack, graph, rules):
    """The compiled leaves, the endgame search's Python ones and the reference agree."""
    from wordbler.boardgame.endgame import EndgameSolver

    rows = tuple(rows)
    rack = "".join(sorted(rack))
    records = generate(rows, rack, graph, rules, native=False).records
    solver = EndgameSolver(lambda r, k: generate(r, k, graph, rules), rules)
    want = reference_leaves(rows, rack, records, rules)
    assert solver._leaves(rows, rack, records) == want
    got = generator._native.leaves(rows, rack, records, solver._values)
    assert got == want
    return got


@needs_native
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(english_games())
def test_endgame_leaves_compiled_equal_python(game):
    rules, rows, rack, _lines, history = game
    leaves_agree(rows, rack, EN_GRAPH, rules)
    for before, r in history[-2:]:
        leaves_agree(before, r, EN_GRAPH, rules)


@needs_native
@pytest.mark.parametrize("seed", range(3))
def test_endgame_leaves_in_russian(seed):
    rng = random.Random(seed)
    rows = _random_games(RU_GRAPH, RU_RULES, RU_RACK, seed, 6)
    for _ in range(5):
        rack = parse_rack("".join(rng.sample(RU_RACK, RU_RULES.rack_size)), RU_RULES)
        got = leaves_agree(rows, rack, RU_GRAPH, RU_RULES)
        assert all(len(leave) < len(rack) for _s, _r, leave, _v in got)


@needs_native
def test_endgame_leaves_bad_input_raises():
    rows = ("." * 15,) * 15
    values = {"A": 1, "T": 1}
    with pytest.raises(ValueError):  # a tile the rack lacks
        generator._native.leaves(rows, "AT", [(2, 0, 7, 7, "AX")], values)
    with pytest.raises(IndexError):  # off the board
        generator._native.leaves(rows, "AT", [(2, 0, 7, 14, "AT")], values)
    with pytest.raises(TypeError):
        generator._native.leaves(rows, "AT", [(2, 0, 7)], values)
    with pytest.raises(ValueError):  # a blank's letter needs a "?" on the rack
        generator._native.leaves(rows, "AT", [(1, 0, 7, 7, "aT")], values)
    rec = (1, 0, 7, 7, "aT")
    assert generator._native.leaves(rows, "?AT", [rec], {**values, "?": 0}) == \
        [(1, rec, "A", 1)]


# ---------------------------------------------------------------------------- other alphabets
RU_ALPHA = board_alphabet("ru")
RU_LAYOUT = BoardLayout.from_rows(
    ["T..d..T", ".D...D.", "..t.t..", "d..*..d", "..t.t..", ".D...D.", "T..d..T"], start=(3, 3))
RU_RULES = STANDARD.with_language("ru").with_changes(layout=RU_LAYOUT)
RU_WORDS = sorted({RU_ALPHA.normalise(w) for w in """
ДА ОН ОНА ДОМ ДЫМ ЁЖ ЕЖ МЁД ЛЕС СОК КОТ ТОК РОТ ЯМА ЩИ ЭХО ЮГ ЪЕМ ШУМ ФА ЦЕХ ЧАЙ ЖУК
ЗОВ ИЛ ЙОД ЕЛЬ МЫЛО ДОМА КОТЫ СТОЛ ОКНО ЛЕСА ЁЛКА ВЕДРО ВЁДРО РЕКА МОРЕ САД ДАР РАЙ
АД ОД ТО ЭТО НО ОК СОН НОС ОСА ЛЕД ЛЁД ДОЛ ЛОДКА ТЕЛО ЛЕТО ОТЕЦ ЩУКА ЯЩИК ЪЯ АЯ
""".split()})
RU_GRAPH = LexGraph.build(RU_WORDS, letters="".join(RU_ALPHA.letters))
RU_RACK = "ОАЕДМКТСЛНРЫЁЩЯ??"

FR_RULES = STANDARD.with_language("fr")
FR_WORDS = """
ETE TE ET COEUR EU AU EAU EAUX OU OUI NON SI IL ELLE LE LA LES DE DU UN UNE MER MERE PERE
RUE ROUE TOUR TOUT TOUS SEL SOL SOLEIL LUNE NUIT JOUR ROI REINE LOI LIRE RIRE DIRE DOS
ART ARTS TAS SAC LAC RAT RATS SOT SOTS OSE OSER ROSE ROSES NEZ ZOO KIWI WAGON QUE QUI
""".split()
FR_GRAPH = LexGraph.build(FR_WORDS)
FR_RACK = "EEAUOISTRLNCDMPQZ??"


def _random_games(graph, rules, bag, seed, turns):
    rng = random.Random(seed)
    lay = rules.layout
    rows = ["." * lay.cols] * lay.rows
    for _ in range(turns):
        rack = parse_rack("".join(rng.sample(bag, rules.rack_size)), rules)
        records = both(rows, rack, graph, rules)
        lines = (frozenset(rng.sample(range(lay.rows), 3)),
                 frozenset(rng.sample(range(lay.cols), 3)))
        both(rows, rack, graph, rules, lines)
        if records:
            rows = play(rows, rng.choice(records))
    return rows


@needs_native
@pytest.mark.parametrize("seed", range(6))
def test_russian_games_same_records(seed):
    assert RU_GRAPH.fmask.itemsize == 8  # 32 letters and the final bit: wide masks
    rows = _random_games(RU_GRAPH, RU_RULES, RU_RACK, seed, 8)
    assert any(ch != "." for r in rows for ch in r)


@needs_native
def test_russian_blank_letters_are_cyrillic():
    records = both(["." * 7] * 7, "??ОДАМЕ", RU_GRAPH, RU_RULES)
    assert any(ch in RU_ALPHA.lower for *_, w in records for ch in w)


@needs_native
@pytest.mark.parametrize("seed", range(4))
def test_french_games_same_records(seed):
    _random_games(FR_GRAPH, FR_RULES, FR_RACK, seed, 10)


# ---------------------------------------------------------------------------- bad input
@needs_native
def test_corrupt_graph_arrays_give_no_crash():
    graph = LexGraph.build(SMALL_WORDS)
    rows = ["." * 15] * 15
    rows[7] = "....TEARS......"
    rows[8] = "......TA......."
    rng = random.Random(3)
    results = 0
    for trial in range(300):
        arrays = {n: array(getattr(graph, n).typecode, getattr(graph, n)) for n in _ARRAY_NAMES}
        for _ in range(rng.randint(1, 6)):
            name = rng.choice(_ARRAY_NAMES)
            a = arrays[name]
            if not a:
                continue
            kind = rng.random()
            if kind < 0.2:  # truncated
                del a[rng.randrange(len(a)):]
            elif kind < 0.6:  # a wild value
                a[rng.randrange(len(a))] = rng.choice([0, 1, len(a), 2**31, 2**32 - 1,
                                                      rng.randrange(2**32)])
            else:  # a plausible but wrong value
                a[rng.randrange(len(a))] = rng.randrange(len(a) + 2)
        froot, rroot = graph.froot, graph.rroot
        if trial % 10 == 0:
            froot, rroot = rng.choice([(0, 0), (2**32 - 1, 2**32 - 1), (froot, 10**6)])
        bad = LexGraph(arrays, froot, rroot, graph.word_count, graph.letters)
        for rack in ("AERST", "TE?"):
            moves = generate(rows, rack, bad, native=True)
            results += len(moves)
            moves = generate(["." * 15] * 15, rack, bad, native=True)
            results += len(moves)
    assert results >= 0  # got here: every generation returned


def test_native_flag_and_environment(monkeypatch):
    if generator._native is not None:
        monkeypatch.delenv(generator.PURE_PYTHON_ENV, raising=False)
        monkeypatch.delenv("WORDBLER_PURE_PYTHON", raising=False)
        assert generator.native_available()
        for var in (generator.PURE_PYTHON_ENV, "WORDBLER_PURE_PYTHON"):
            monkeypatch.setenv(var, "1")
            assert not generator.native_available()
            monkeypatch.setenv(var, "0")
            assert generator.native_available()
    monkeypatch.setattr(generator, "_native", None)
    assert not generator.native_available()
    with pytest.raises(RuntimeError, match="not built"):
        generate(["." * 15] * 15, "CAT", EN_GRAPH, native=True)
    assert any(r[4] == "CAT" for r in generate(["." * 15] * 15, "CAT", EN_GRAPH).records)


@needs_native
def test_format_errors_are_the_pure_paths():
    good = ["." * 15] * 15
    bad_char = list(good)
    bad_char[4] = "..A#..........."
    cases = [
        (good, "AB1"),  # rack
        (bad_char, "AB"),  # board letter
        (bad_char, "AB1"),  # both: the board's error first
        (good[:14], "AB"),  # rows
        (good[:14] + ["." * 14], "AB"),  # a short row
        (good[:14] + ["." * 14 + "\r\n"], "AB"),  # line ends are not squares
        (good, "ABCDEFGH"),  # too many tiles
        (bad_char, ""),  # an empty rack still checks the board
    ]
    for rows, rack in cases:
        errors = []
        for native in (False, True):
            with pytest.raises(ValueError) as info:
                generate(rows, rack, EN_GRAPH, native=native)
            errors.append((type(info.value), str(info.value)))
        assert errors[0] == errors[1], (rows, rack)
    ru_rows = ["." * 7] * 7
    ru_rows[3] = "..ДaМ.."  # a Latin a on a Russian board
    with pytest.raises(ValueError, match="Russian"):
        generate(ru_rows, "ДОМ", RU_GRAPH, RU_RULES, native=True)
    ok = ["." * 15] * 14 + ["...CAT.........\n"]
    assert generate(ok, "s", EN_GRAPH, native=True).records == \
        generate(ok, "s", EN_GRAPH, native=False).records
