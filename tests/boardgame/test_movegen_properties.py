"""The move generator against a brute-force enumerator, on small random positions.

The brute force knows nothing of graphs: for every word of a small list, every line and
every start it fits the word over the board, tries every way of covering the new squares with
the rack (blanks included), lets ``wordbler.boardgame.placement.analyze`` (the trusted reference)
validate the shape and score it, and checks every word formed against the list.
"""

from __future__ import annotations

from itertools import combinations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from wordbler.boardgame.board import Board
from wordbler.boardgame.model import Coord, Direction, Placement, Tile
from wordbler.boardgame.movegen import LexGraph, generate
from wordbler.boardgame.placement import IllegalMove, analyze
from wordbler.boardgame.rules import STANDARD

WORDS = """
AA AB AD AE AG AH AI AL AM AN AR AS AT AW AX AY BA BE BI BO BY DA DE DO ED EF EH EL EM EN ER
ES EX FA FE GO HA HE HI HM HO ID IF IN IS IT JO KA KI LA LI LO MA ME MI MO MU MY NA NE NO NU
OD OE OF OH OI OM ON OP OR OS OW OX OY PA PE PI QI RE SH SI SO TA TI TO UH UM UN UP US UT WE
WO XI XU YA YE YO ZA
ACE AGE AID AIL AIR ALE ANT APE ARE ART ATE BAD BAT BED BEE BET BIT BOA CAT DOG EAR EAT
EEL ERA ETA FAR HAT HEN ICE IRE JAB LOT NET NOT OAT ODE ONE ORE OAR PET QAT RAT RED ROE SAT
SEA SET SIT TAR TEA TEN TIE TOE ZAP ZEE
AREA ARTS BEAT CARE DARE DATE EAST EATS IRON NEAR NOTE RATE REST SEAT STAR TEAR TIER TONE
ZEST QUIT JOTA
TEARS STARE RATES IRATE NOTES STONE ONSET OATER
""".split()

LEX = frozenset(WORDS)
GRAPH = LexGraph.build(WORDS)
SIZE = 15
LETTERS = "AEIORSTNDLBQZXJ?"


def board_from_rows(rows: list[str]) -> Board:
    board = Board(STANDARD.layout)
    tid = 10_000
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch != ".":
                tile = Tile(tid, "?" if ch.islower() else ch)
                board.put([Placement(tile, Coord(r, c), ch.upper())])
                tid += 1
    return board


def brute_force(rows: list[str], rack: str) -> set[str]:
    """Every legal move as ``"<coord> <word> <score>"`` by exhaustive search."""
    board = board_from_rows(rows)
    found: dict[frozenset, str] = {}
    blanks = rack.count("?")
    letters = [ch for ch in rack if ch != "?"]
    for direction in (Direction.ACROSS, Direction.DOWN):
        dr, dc = direction.step
        for word in WORDS:
            n = len(word)
            for line in range(SIZE):
                for s in range(SIZE - n + 1):
                    squares = [(line, s + i) if dr == 0 else (s + i, line) for i in range(n)]
                    before = (squares[0][0] - dr, squares[0][1] - dc)
                    after = (squares[-1][0] + dr, squares[-1][1] + dc)
                    if any(
                        0 <= r < SIZE and 0 <= c < SIZE and rows[r][c] != "."
                        for r, c in (before, after)
                    ):
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
                    # which new tiles are blanks: any subset of size <= blanks that leaves
                    # the rest coverable by the rack letters
                    for k in range(min(blanks, len(new)) + 1):
                        for chosen in combinations(range(len(new)), k):
                            need = [ch for i, (_, _, ch) in enumerate(new) if i not in chosen]
                            pool = list(letters)
                            try:
                                for ch in need:
                                    pool.remove(ch)
                            except ValueError:
                                continue
                            placements = []
                            for i, (r, c, ch) in enumerate(new):
                                tile = Tile(i, "?" if i in chosen else ch)
                                placements.append(Placement(tile, Coord(r, c), ch))
                            try:
                                bd = analyze(board, placements, STANDARD)
                            except IllegalMove:
                                continue
                            if any(w.word not in LEX for w in bd.words):
                                continue
                            main = bd.main_word
                            text = "".join(
                                ls.letter.lower() if ls.is_blank else ls.letter
                                for ls in main.letters
                            )
                            key = frozenset((p.coord, p.letter, p.is_blank) for p in placements)
                            found[key] = f"{main.gcg_position} {text} {bd.total}"
    return set(found.values())


def play_rows(rows: list[str], move) -> list[str]:
    grid = [list(r) for r in rows]
    for r, c, letter, blank in move.tiles:
        grid[r][c] = letter.lower() if blank else letter
    return ["".join(r) for r in grid]


racks = st.lists(st.sampled_from(LETTERS), min_size=1, max_size=7).map("".join).filter(
    lambda r: r.count("?") <= 2
)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(
    setup=st.lists(st.tuples(racks, st.integers(0, 10_000)), min_size=0, max_size=4),
    rack=racks,
)
def test_generator_matches_brute_force(setup, rack):
    rows = ["." * SIZE] * SIZE
    for setup_rack, pick in setup:  # build a position from a few generated moves
        moves = generate(rows, setup_rack, GRAPH)
        if len(moves):
            rows = play_rows(rows, moves[pick % len(moves)])
    got = generate(rows, rack, GRAPH)
    lines = got.lines()
    assert len(lines) == len(set(lines)), "a move was generated twice"
    assert set(lines) == brute_force(rows, rack)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    setup=st.lists(st.tuples(racks, st.integers(0, 10_000)), min_size=1, max_size=5),
    rack=racks,
)
def test_move_objects_agree_with_analyze(setup, rack):
    """Tiles, score and leave of each GeneratedMove agree with the reference scorer."""
    rows = ["." * SIZE] * SIZE
    for setup_rack, pick in setup:
        moves = generate(rows, setup_rack, GRAPH)
        if len(moves):
            rows = play_rows(rows, moves[pick % len(moves)])
    moves = generate(rows, rack, GRAPH)
    assume(len(moves))
    board = board_from_rows(rows)
    for m in moves:
        placements = [
            Placement(Tile(i, "?" if blank else letter), Coord(r, c), letter)
            for i, (r, c, letter, blank) in enumerate(m.tiles)
        ]
        bd = analyze(board, placements, STANDARD)
        assert bd.total == m.score
        assert bd.main_word.start == Coord(m.row, m.col)
        assert bd.main_word.direction == m.direction
        assert all(w.word in LEX for w in bd.words)
        used = sorted("?" if blank else letter for _, _, letter, blank in m.tiles)
        assert sorted(m.leave + "".join(used)) == sorted(rack)
