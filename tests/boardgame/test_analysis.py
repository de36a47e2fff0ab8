"""Analysis after the game: its best moves are the move generator's, turn by turn."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from wordbler.boardgame import ai
from wordbler.boardgame.analysis import (analyse_game, describe_turn, iter_analysis, score_race,
                                         summarise, turn_numbers)
from wordbler.boardgame.game import Game, PlayerSpec
from wordbler.boardgame.model import Direction, TurnKind
from wordbler.boardgame.rules import STANDARD


@pytest.fixture(scope="module")
def played(bundled_lexicon, bundled_generator):
    """A game between a beginner and a strong player; the positions before each turn."""
    g = Game([PlayerSpec("A", computer="beginner"), PlayerSpec("B", computer="strong")],
             lexicon=bundled_lexicon, seed=2024)
    players = [ai.make_player(p.computer, bundled_generator) for p in g.players]
    positions = {}
    while not g.is_over and len(g.history) < 14:
        pos = ai.Position.from_game(g)
        positions[len(g.history) + 1] = pos
        d = players[g.current].choose(pos, ai.rng_for(pos))
        g.apply(ai.decision_to_move(g, d))
    return g, positions


def test_best_moves_equal_the_move_generator(played, bundled_generator):
    g, positions = played
    turns = analyse_game(g, bundled_generator)
    assert [t.number for t in turns] == [r.number for r in g.history
                                         if r.kind is not TurnKind.SETTLEMENT]
    for t in turns:
        pos = positions[t.number]
        assert t.rack == pos.rack
        moves = bundled_generator(pos.board, pos.rack)
        want = moves.best(1)[0]
        assert (t.best.row, t.best.col, t.best.direction, t.best.word, t.best.score) == (
            want.row, want.col, want.direction, want.word, want.score)
        # the strong levels' valuation, on the same position (what the game knew then)
        eq = ai.hints(pos, bundled_generator, 1)[0]
        assert t.best_equity == eq or (t.best_equity.word, t.best_equity.coord) == (eq.word, eq.coord)
        assert t.left_on_table == max(0, want.score - t.score)
        assert t.left_on_table >= 0 and t.best.score >= t.score
        # a missed bingo is the best-scoring move placing the whole rack
        full = [m for m in moves if len(m.tiles) == 7]
        if t.bingo or len(pos.rack) < 7 or not full:
            assert t.missed_bingo is None
        else:
            best_full = min(full, key=lambda m: (-m.score, m.coord, m.word))
            assert (t.missed_bingo.word, t.missed_bingo.score) == (best_full.word, best_full.score)


def test_score_race_follows_the_history(played):
    g, _ = played
    race = score_race(g)
    assert race[0] == (0, 0) and race[-1] == tuple(g.scores)
    counted = [r for r in g.history if r.kind is not TurnKind.HINT]
    assert len(race) == len(counted) + 1
    for r, after in zip(counted, race[1:]):
        assert after[r.player] == r.total


def test_hints_are_part_of_their_turn_in_the_analysis_and_the_race(bundled_generator):
    # the history lists a hint under the turn it was taken in; the analysis numbered its
    # rows by history record, so after a hint every turn was one higher than the history's,
    # and the chart drew a point for each hint
    rules = replace(STANDARD, hint_cost=5)
    g = Game([PlayerSpec("A"), PlayerSpec("B", handicap=10)], rules=rules, seed=3)
    g.take_hint()
    g.pass_turn()  # turn 1, after a hint
    g.take_hint()
    g.take_hint()
    g.pass_turn()  # turn 2, after two
    g.pass_turn()  # turn 3
    assert turn_numbers(g.history) == ["1", "1", "2", "2", "2", "3"]
    turns = analyse_game(g, bundled_generator)
    assert [(t.turn, t.player, t.played) for t in turns] == [(1, 0, "pass"), (2, 1, "pass"),
                                                             (3, 0, "pass")]
    assert [t.number for t in turns] == [2, 5, 6]  # the records, hints counted
    assert score_race(g) == [(0, 10), (-5, 10), (-5, 0), (-5, 0)]
    g.take_hint()  # a turn under way: its hint shows as the point it leads to
    assert score_race(g)[-1] == (-5, -5) and len(score_race(g)) == 5


def test_score_race_starts_at_the_head_starts():
    g = Game([PlayerSpec("A"), PlayerSpec("B", handicap=35)], seed=3)
    g.pass_turn()
    g.pass_turn()
    race = score_race(g)
    assert race[0] == g.handicaps and sorted(race[0]) == [0, 35]
    assert race[-1] == tuple(g.scores) == g.handicaps


def test_summary_adds_up(played, bundled_generator):
    g, _ = played
    turns = analyse_game(g, bundled_generator)
    for s in summarise(g, turns):
        mine = [t for t in turns if t.player == s.player]
        assert s.turns == len(mine) and s.points == sum(t.score for t in mine)
        assert s.left_on_table == sum(t.left_on_table for t in mine)


@dataclass
class Fake:
    row: int
    col: int
    direction: Direction
    word: str
    score: int
    tiles: tuple
    leave: str

    @property
    def coord(self) -> str:
        from wordbler.boardgame.model import Coord
        return Coord(self.row, self.col).gcg(self.direction)


def fake_generator(table):
    def gen(board, rack):
        return table.get(rack, [])
    return gen


def test_left_on_table_and_missed_bingo_with_a_fake_generator():
    g = Game(["A", "B"], seed=3)
    g.pass_turn()
    g.pass_turn()
    racks = ["".join(t.letter for t in r.rack_before) for r in g.history]
    bingo = Fake(7, 1, Direction.ACROSS, "ABCDEFG", 80,
                 tuple((7, 1 + i, racks[0][i], False) for i in range(7)), "")
    small = Fake(7, 7, Direction.ACROSS, "AB", 12, ((7, 7, racks[0][0], False),), racks[0][1:])
    turns = analyse_game(g, fake_generator({racks[0]: [small, bingo]}))
    first, second = turns
    assert first.best.score == 80 and first.left_on_table == 80 and first.played == "pass"
    assert first.missed_bingo.word == "ABCDEFG"
    assert second.best is None and second.missed_bingo is None and second.left_on_table == 0


def test_stops_when_asked():
    g = Game(["A", "B"], seed=3)
    for _ in range(4):
        g.pass_turn()
    calls = []

    def stop():
        calls.append(1)
        return len(calls) > 2

    assert len(list(iter_analysis(g, fake_generator({}), stop))) == 2


def test_describe_turn():
    g = Game(["A", "B"], seed=3)
    g.pass_turn()
    assert describe_turn(g.history[-1]) == "pass"
    g.exchange(g.rack()[:2])
    assert describe_turn(g.history[-1]).startswith("exchange ")
