"""The move generator on a 32-letter Russian alphabet (and French), against brute force.

The brute force knows nothing of graphs or letter indices: on a tiny 7x7 board, for every
word of a small Russian list, every line and every start, it lays the word over the board,
tries every way of covering the new squares with the rack (blanks included: a blank may be
any of the 32 letters, so every word letter is tried as a blank), lets
``wordbler.boardgame.placement.analyze`` validate and score the placement, and checks every
word formed against the list.  The generator must list exactly the same moves.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from wordbler.boardgame.board import Board
from wordbler.boardgame.model import Coord, Placement, Tile
from wordbler.boardgame.movegen import BoardFormatError, LexGraph, generate, parse_rack
from wordbler.boardgame.placement import IllegalMove, analyze
from wordbler.boardgame.rules import STANDARD, BoardLayout, board_alphabet

RU_ALPHA = board_alphabet("ru")
LAYOUT = BoardLayout.from_rows(
    [
        "T..d..T",
        ".D...D.",
        "..t.t..",
        "d..*..d",
        "..t.t..",
        ".D...D.",
        "T..d..T",
    ],
    start=(3, 3),
)
RULES = STANDARD.with_language("ru").with_changes(layout=LAYOUT)
SIZE = 7

# Ё words are given as written and folded like the game's list (ЁЖ -> ЕЖ)
SOURCE = """
ДА ОН ОНА ДОМ ДЫМ ЁЖ ЕЖ МЁД ЛЕС СОК КОТ ТОК РОТ ЯМА ЩИ ЭХО ЮГ ЪЕМ ШУМ ФА ЦЕХ ЧАЙ ЖУК
ЗОВ ИЛ ЙОД ЕЛЬ МЫЛО ДОМА КОТЫ СТОЛ ОКНО ЛЕСА ЁЛКА ВЕДРО ВЁДРО РЕКА МОРЕ САД ДАР РАЙ
АД ОД ТО ЭТО НО ОК СОН НОС ОСА ЛЕД ЛЁД ДОЛ ЛОДКА ТЕЛО ЛЕТО ОТЕЦ ЩУКА ЯЩИК ЪЯ АЯ
""".split()
WORDS = sorted({RU_ALPHA.normalise(w) for w in SOURCE})
LEX = frozenset(WORDS)
GRAPH = LexGraph.build(WORDS, letters="".join(RU_ALPHA.letters))
RACK_LETTERS = "ОАЕДМКТСЛНРЫЁЩЯ??"


def board_from_rows(rows: list[str]) -> Board:
    board = Board(LAYOUT)
    tid = 10_000
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch != ".":
                tile = Tile(tid, "?" if ch.islower() else ch)
                board.put([Placement(tile, Coord(r, c), ch.upper())])
                tid += 1
    return board


def brute_force(rows: list[str], rack: str) -> set[str]:
    board = board_from_rows(rows)
    found: dict[frozenset, str] = {}
    blanks = rack.count("?")
    letters = [ch for ch in rack if ch != "?"]
    for down in (False, True):
        dr, dc = (1, 0) if down else (0, 1)
        for word in WORDS:
            n = len(word)
            for line in range(SIZE):
                for s in range(SIZE - n + 1):
                    squares = [(s + i, line) if down else (line, s + i) for i in range(n)]
                    before = (squares[0][0] - dr, squares[0][1] - dc)
                    after = (squares[-1][0] + dr, squares[-1][1] + dc)
                    if any(0 <= r < SIZE and 0 <= c < SIZE and rows[r][c] != "."
                           for r, c in (before, after)):
                        continue
                    new = []
                    ok = True
                    for (r, c), ch in zip(squares, word):
                        b = rows[r][c]
                        if b == ".":
                            new.append((r, c, ch))
                        elif b.upper() != ch:
                            ok = False
                            break
                    if not ok or not new or len(new) > len(rack):
                        continue
                    for k in range(min(blanks, len(new)) + 1):
                        for chosen in combinations(range(len(new)), k):
                            pool = list(letters)
                            try:
                                for i, (_, _, ch) in enumerate(new):
                                    if i not in chosen:
                                        pool.remove(ch)
                            except ValueError:
                                continue
                            placements = [
                                Placement(Tile(i, "?" if i in chosen else ch), Coord(r, c), ch)
                                for i, (r, c, ch) in enumerate(new)
                            ]
                            try:
                                bd = analyze(board, placements, RULES)
                            except IllegalMove:
                                continue
                            if any(w.word not in LEX for w in bd.words):
                                continue
                            text = "".join(RU_ALPHA.lower[RU_ALPHA.index(ls.letter)]
                                           if ls.is_blank else ls.letter
                                           for ls in bd.main_word.letters)
                            key = frozenset((p.coord, p.letter, p.is_blank) for p in placements)
                            found[key] = f"{bd.main_word.gcg_position} {text} {bd.total}"
    return set(found.values())


def generated(rows: list[str], rack: str) -> list[str]:
    moves = generate(rows, rack, GRAPH, RULES)
    return moves.lines()


def play(rows: list[str], move) -> list[str]:
    grid = [list(r) for r in rows]
    for r, c, letter, blank in move.tiles:
        grid[r][c] = RU_ALPHA.lower[RU_ALPHA.index(letter)] if blank else letter
    return ["".join(r) for r in grid]


def positions(seed: int, turns: int) -> list[tuple[list[str], str]]:
    """Positions reached by playing random generated moves from the empty board."""
    rng = random.Random(seed)
    rows = ["." * SIZE] * SIZE
    out = []
    for _ in range(turns):
        rack = parse_rack("".join(rng.sample(RACK_LETTERS, 7)), RULES)  # Ё read as Е
        out.append((rows, rack))
        moves = list(generate(rows, rack, GRAPH, RULES))
        if not moves:
            continue
        rows = play(rows, rng.choice(moves))
    return out


def test_the_word_list_is_folded():
    assert "ЕЖ" in LEX and "ЁЖ" not in LEX and "ВЕДРО" in LEX and "ЛЕД" in LEX
    assert len(RU_ALPHA.letters) == 32


def test_empty_board_matches_brute_force():
    for rack in ("ДОМАЕЛК", "ЩУКА?ЯИ", "??ОДАМЕ", "ЁЛКАЕСТ"):
        rack = parse_rack(rack, RULES)  # Ё on a rack is read as Е
        assert "Ё" not in rack
        got = generated(["." * SIZE] * SIZE, rack)
        assert sorted(got) == sorted(brute_force(["." * SIZE] * SIZE, rack)), rack
        assert got  # there is something to play


@pytest.mark.parametrize("seed", range(8))
def test_random_positions_match_brute_force(seed):
    checked = 0
    for rows, rack in positions(seed, 6):
        got = generated(rows, rack)
        want = brute_force(rows, rack)
        assert len(got) == len(set(got))  # each move once
        assert set(got) == want, (rows, rack)
        checked += bool(want)
    assert checked


def test_blanks_show_lower_case_cyrillic_and_leave_is_in_rack_order():
    rows = ["." * SIZE] * SIZE
    moves = generate(rows, "??ОДАМЕ", GRAPH, RULES)
    blank_moves = [m for m in moves if any(b for *_, b in m.tiles)]
    assert blank_moves
    for m in blank_moves:
        for (r, c, letter, blank), ch in zip(m.tiles, m.word):
            assert letter in RU_ALPHA
        assert any(ch in RU_ALPHA.lower for ch in m.word)
        used = ["?" if b else letter for *_, letter, b in m.tiles]
        rest = list("??ОДАМЕ")
        for u in used:
            rest.remove(u)
        assert m.leave == "".join(rest)


def test_board_and_rack_formats_name_the_alphabet():
    rows = ["." * SIZE] * SIZE
    with pytest.raises(BoardFormatError, match="Russian"):
        generate(rows, "ABC", GRAPH, RULES)
    bad = list(rows)
    bad[0] = "A" + "." * (SIZE - 1)
    with pytest.raises(BoardFormatError, match="Russian"):
        generate(bad, "ДОМ", GRAPH, RULES)
    assert parse_rack("дом?ё", RULES) == "ДОМ?Е"


def test_a_graph_of_other_letters_is_refused():
    english = LexGraph.build(["CAT", "DOG"])
    with pytest.raises(ValueError, match="Russian"):
        generate(["." * SIZE] * SIZE, "ДОМ", english, RULES)
    with pytest.raises(ValueError):
        generate(["." * 15] * 15, "CAT", GRAPH, STANDARD)


def test_french_uses_the_a_to_z_path():
    fr = STANDARD.with_language("fr")
    g = LexGraph.build(["ETE", "TE", "ET", "COEUR"])
    moves = generate(["." * 15] * 15, "ETECOUR", g, fr)
    assert {m.word for m in moves} >= {"ETE", "COEUR"}
    # French values C 3, O 1, E 1, U 1, R 1; best: 8D, C on the 2L of D8, the star's 2W:
    # (3 * 2 + 4) * 2 = 20
    best = max((m for m in moves if m.word == "COEUR"), key=lambda m: m.score)
    assert (best.coord, best.score) == ("8D", 20)
