"""After the game: for each turn, the best move the move generator finds (by score, and by the
valuation the strong computer levels rank with: score plus the value of the tiles kept), the
points left on the table, the bingos missed, and the score race.

Pure and Qt-free: ``generate`` is a ``generate(board_rows, rack)`` function
(:func:`wordbler.boardgame.movegen.engine_generator`), so the window runs this in a worker.

The strongest level (Grandmaster) ranks its candidates by that same valuation and then
samples opponent replies with a time cap; the analysis uses the valuation alone, so it is
the same on every machine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

from . import ai
from .board import Board
from .model import MoveKind, TurnKind, TurnRecord
from .movegen import sort_key

ANALYSED = (TurnKind.PLAY, TurnKind.FAILED_PLAY, TurnKind.EXCHANGE, TurnKind.PASS)


@dataclass(frozen=True, slots=True)
class TurnAnalysis:
    number: int  # the record's number in the history (1-based; hints have records too)
    player: int
    rack: str
    kind: TurnKind
    played: str  # what was done, e.g. "8H CAT 10", "exchange ABC", "pass"
    score: int  # points the turn made (0 for a failed play, exchange or pass)
    best: ai.Candidate | None  # the highest-scoring move
    best_equity: ai.Candidate | None  # the best by score plus leave value
    missed_bingo: ai.Candidate | None  # the best move using the whole rack, if not played
    played_tiles: int = 0  # tiles the turn put down
    bingo: bool = False  # the turn played the whole rack
    turn: int = 0  # the number the history lists the turn under (see turn_numbers)

    @property
    def left_on_table(self) -> int:
        """Points the best-scoring move would have made over the turn's."""
        return max(0, self.best.score - self.score) if self.best is not None else 0



def describe_turn(r: TurnRecord) -> str:
    if r.kind in (TurnKind.PLAY, TurnKind.FAILED_PLAY) and r.breakdown is not None:
        main = r.breakdown.main_word
        text = f"{main.gcg_position} {main.word} {r.breakdown.total}"
        return text + (" (failed)" if r.kind is TurnKind.FAILED_PLAY else "")
    if r.kind is TurnKind.EXCHANGE and r.move is not None:
        return "exchange " + "".join(t.letter for t in r.move.exchanged)
    return "pass"


def iter_analysis(game, generate: Callable[[Sequence[str], str], Sequence],
                  should_stop: Callable[[], bool] | None = None) -> Iterator[TurnAnalysis]:
    """One :class:`TurnAnalysis` per turn a player moved (plays, failed plays, exchanges,
    passes), in order."""
    rules = game.rules
    board = Board(rules.layout)
    n = len(game.players)
    bag = rules.tiles.total - n * rules.rack_size
    scores = list(game.handicaps)  # the head starts, zeros without
    for r, turn in zip(game.history, turn_numbers(game.history)):
        if should_stop is not None and should_stop():
            return
        if r.kind in ANALYSED:
            rack = "".join(t.letter for t in r.rack_before)
            rows = tuple(board.rows_text())
            moves = generate(rows, rack) if rack else []
            best = _best_by_score(moves, rack)
            pos = ai.Position(board=rows, rack=rack, unseen="", bag_count=max(0, bag),
                              scores=tuple(scores), player=r.player, rules=rules)
            top = ai.hints(pos, generate, 1) if rack else []
            placed = len(r.move.placements) if (r.move is not None and
                                               r.move.kind is MoveKind.PLAY) else 0
            bingo = None
            if len(rack) == rules.rack_size and not (r.kind is TurnKind.PLAY
                                                      and placed == rules.rack_size):
                bingo = _best_bingo(moves, rack, rules.rack_size)
            yield TurnAnalysis(r.number, r.player, rack, r.kind, describe_turn(r),
                               r.score if r.kind is TurnKind.PLAY else 0, best,
                               top[0] if top else None, bingo, placed,
                               r.kind is TurnKind.PLAY and placed == rules.rack_size,
                               int(turn))
        if r.kind is TurnKind.PLAY and r.move is not None:
            board.put(r.move.placements)
            bag -= len(r.drawn)
        scores[r.player] = r.total


def analyse_game(game, generate, should_stop=None) -> list[TurnAnalysis]:
    return list(iter_analysis(game, generate, should_stop))


def _best_by_score(moves, rack: str) -> ai.Candidate | None:
    """The first move in the generator's own order (score, then position, then word)."""
    if not len(moves):
        return None
    if hasattr(moves, "best"):
        return ai.to_candidate(moves.best(1)[0], rack)
    return ai.to_candidate(min(moves, key=sort_key), rack)


def _best_bingo(moves, rack: str, size: int) -> ai.Candidate | None:
    if not len(moves):
        return None
    scores = ai._scores(moves)
    counts = ai._tile_counts(moves)
    full = [i for i in range(len(scores)) if counts[i] == size]
    if not full:
        return None
    ranked = sorted((moves[i] for i in full), key=sort_key)
    return ai.to_candidate(ranked[0], rack)


def turn_numbers(history) -> list[str]:
    """The number each record of ``history`` is listed under: turns count one by one; a hint
    is part of the turn it was taken in (that turn's number, never one of its own); the
    end-of-game settlement is "End"."""
    out, n = [], 0
    for rec in history:
        if rec.kind is TurnKind.HINT:
            out.append(str(n + 1))
        elif rec.kind is TurnKind.SETTLEMENT:
            out.append("End")
        else:
            n += 1
            out.append(str(n))
    return out


def score_race(game) -> list[tuple[int, ...]]:
    """Every player's score at the start (the head starts, zeros without) and after each
    turn of the history, then after the end-of-game settlement if there is one: one point
    a turn, as the history numbers them, so a hint (and what it cost) counts in the turn it
    was taken in."""
    scores = list(game.handicaps)
    out = [tuple(scores)]
    pending = False
    for r in game.history:
        scores[r.player] = r.total
        pending = r.kind is TurnKind.HINT
        if not pending:
            out.append(tuple(scores))
    if pending:  # a turn under way: its hints so far
        out.append(tuple(scores))
    return out


@dataclass(frozen=True, slots=True)
class Summary:
    player: int
    turns: int
    points: int
    left_on_table: int
    bingos_missed: int


def summarise(game, turns: Sequence[TurnAnalysis]) -> list[Summary]:
    out = []
    for p in range(len(game.players)):
        mine = [t for t in turns if t.player == p]
        out.append(Summary(p, len(mine), sum(t.score for t in mine),
                           sum(t.left_on_table for t in mine),
                           sum(1 for t in mine if t.missed_bingo is not None)))
    return out


__all__ = ["TurnAnalysis", "iter_analysis", "analyse_game", "score_race", "summarise",
           "Summary", "describe_turn", "turn_numbers"]
