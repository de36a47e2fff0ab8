"""Exact endgame search: the bag is empty, so both racks are known.

Negamax with alpha-beta over both players' tile plays and the pass, with move ordering
(the transposition table's best move, then plays that go out, then by score) and a
transposition table keyed on (board, racks, consecutive scoreless turns).  Iterative
deepening gives the ordering and the answer to fall back to: each depth is searched in
full; when a depth's tree reached no horizon the value is exact and the search stops.  A
position at the horizon is valued by playing it out, each side making its best move after
settlement (``EndgameSolver._horizon``), not by counting both racks as if the game ended
there.

The value is the spread the player to move gains from here to the end of the game,
settlement included: going out gains twice the opponent's rack under both settlements
(standard: +rack to the one who went out, -rack to the other; tournament: +2 racks), and a
game ended by the scoreless-turn limit costs each player their own rack.

Budgets: ``node_limit`` (deterministic, for tests) and ``budget_s`` with an injectable
``clock``, plus ``should_stop`` (a cancel flag from a worker); when one runs out the best
move of the deepest finished iteration is returned with ``exact=False``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Sequence

from .movegen.generator import _native, native_available
from .rules import BLANK, RuleSet

INF_DEPTH = 10**6
_EXACT, _LOWER, _UPPER = 0, 1, 2

# a move: (score, down, line, start, word) as in the generator's records; None = pass
Record = tuple


@dataclass(frozen=True, slots=True)
class EndgameResult:
    value: int  # spread gained by the player to move from now on (settlement included)
    move: Record | None  # best move (None: pass)
    exact: bool  # True when the whole game tree was resolved
    nodes: int
    depth: int  # deepest finished iteration (plies)
    leave: str = ""


class _Stop(Exception):
    pass


def placed_tiles(rows: Sequence[str], rec: Record) -> str:
    """The letters the move record ``rec`` puts on the empty squares of ``rows``, in word
    order (a lower-case letter is a blank)."""
    _score, down, line, start, word = rec
    if down:
        return "".join([ch for i, ch in enumerate(word) if rows[start + i][line] == "."])
    return "".join([ch for ch, b in zip(word, rows[line][start:start + len(word)])
                    if b == "."])


def _take(rack: str, placed: str) -> str:
    """``rack`` less the tiles of ``placed`` (a blank's lower-case letter is a "?"), the
    rack's order kept."""
    left = list(rack)
    for ch in placed:
        left.remove(BLANK if ch.islower() else ch)
    return "".join(left)


def leave_after(rows: Sequence[str], rec: Record, rack: str) -> str:
    """What stays on ``rack`` (sorted) after the move record ``rec`` on the board ``rows``."""
    return rack_less(rack, placed_tiles(rows, rec))


def rack_less(rack: str, placed: str) -> str:
    """What stays on ``rack`` (sorted) once the tiles of ``placed`` (as
    :func:`placed_tiles` gives them) are played."""
    return "".join(sorted(_take(rack, placed)))


def board_after(rows: tuple[str, ...], rec: Record) -> tuple[str, ...]:
    """The board after the move record ``rec``."""
    _score, down, line, start, word = rec
    new = list(rows)
    if down:
        for i, ch in enumerate(word):
            r = start + i
            row = new[r]
            if row[line] == ".":
                new[r] = row[:line] + ch + row[line + 1:]
        return tuple(new)
    row = rows[line]
    new[line] = row[:start] + word + row[start + len(word):]
    return tuple(new)


def play_record(rows: tuple[str, ...], rec: Record, rack: str) -> tuple[tuple[str, ...], str]:
    """The board after ``rec`` and what stays on ``rack`` (sorted)."""
    return board_after(rows, rec), leave_after(rows, rec, rack)


class EndgameSolver:
    """Solve two-player endgames; ``generate(board_rows, rack)`` is the move generator."""

    def __init__(self, generate: Callable, rules: RuleSet, *, node_limit: int | None = None,
                 budget_s: float | None = None, clock: Callable[[], float] = time.perf_counter,
                 should_stop: Callable[[], bool] | None = None, greedy_horizon: bool = True,
                 native: bool | None = None):
        self._generate = generate
        # positions at the search's horizon are played out (_horizon) instead of ending
        # there with both racks counted
        self.greedy_horizon = greedy_horizon
        self.rules = rules
        self.node_limit = node_limit
        self.budget_s = budget_s
        self.clock = clock
        self.should_stop = should_stop
        self._moves: dict = {}
        self._tt: dict = {}
        self._greedy: dict = {}
        self.nodes = 0
        self._deadline: float | None = None
        self._values = {ch: rules.tiles.value(ch) for ch in rules.tiles.values}
        self._values[BLANK] = 0
        # each move's leave worked out by the compiled move search's module (True), by
        # Python (False; the same results), or by the compiled one when it is built (None,
        # looked up once here: it reads the environment), as movegen's generate(native=)
        if native is None:
            native = native_available()
        elif native and _native is None:
            raise RuntimeError("the compiled move search is not built")
        self._native_leaves = native

    def rack_value(self, rack: str) -> int:
        v = self._values
        return sum(v.get(ch, 0) for ch in rack)

    # ------------------------------------------------------------------ moves
    def moves(self, rows: tuple[str, ...], rack: str) -> list[tuple[int, Record, str, int]]:
        """(score, record, leave, points left on the leave) per tile play, cached per
        (board, rack), in search order: going out first, then by score, then by tiles
        played.  ``rack`` is sorted; so is each leave.  The board after a move is made
        only when the search visits it (:func:`board_after`)."""
        return self._entry(rows, rack)[0]

    def _entry(self, rows: tuple[str, ...], rack: str):
        """(moves, the playout's best going-out move or None, its best other move or None):
        the playout (:meth:`_horizon`) needs only those two of a position's moves."""
        key = (rows, rack)
        got = self._moves.get(key)
        if got is not None:
            return got
        ml = self._generate(rows, rack)
        recs = ml.records if hasattr(ml, "records") else [_rec_of(m) for m in ml]
        if self._native_leaves:
            moves = _native.leaves(rows, rack, recs, self._values)
        else:
            moves = self._leaves(rows, rack, recs)
        moves.sort(key=lambda t: (bool(t[2]), -t[0], len(t[2])))
        # the playout's choice: the first, in this order, with the most points after
        # settlement; going out (score + twice the other rack) comes first in the order,
        # so it wins a tie with a move that does not go out
        best_out = next((m for m in moves if not m[2]), None)
        best_other = None
        for m in moves:
            if m[2] and (best_other is None or m[0] - m[3] > best_other[0] - best_other[3]):
                best_other = m
        got = (moves, best_out, best_other)
        if len(self._moves) > 200_000:
            self._moves.clear()
        self._moves[key] = got
        return got

    def _leaves(self, rows: tuple[str, ...], rack: str, recs) -> list:
        """(score, record, leave, points left on the leave) per record, in their order
        (the compiled ``_movegen.leaves`` gives the same); ``rack`` is sorted, so is each
        leave."""
        values = self._values
        leaves: dict[str, tuple[str, int]] = {}  # tiles placed -> (leave, its points)
        moves = []
        for rec in recs:
            placed = placed_tiles(rows, rec)
            lv = leaves.get(placed)
            if lv is None:
                leave = _take(rack, placed)
                lv = leaves[placed] = (leave, sum(values.get(ch, 0) for ch in leave))
            moves.append((rec[0], rec, lv[0], lv[1]))
        return moves

    # ------------------------------------------------------------------ search
    def solve(self, board: Sequence[str], rack: str, opp_rack: str, fails: int = 0,
              max_depth: int | None = None) -> EndgameResult:
        rows = tuple(board)
        me = "".join(sorted(rack))
        opp = "".join(sorted(opp_rack))
        self.nodes = 0
        self._deadline = None if self.budget_s is None else self.clock() + self.budget_s
        best: tuple[int, Record | None, str] | None = None
        done_depth = 0
        exact = False
        depth = 1
        limit = INF_DEPTH if max_depth is None else max_depth
        try:
            while depth <= limit:
                self.horizons = 0
                value, move, leave = self._root(rows, me, opp, fails, depth,
                                                best[1] if best else None)
                best, done_depth = (value, move, leave), depth
                if self.horizons == 0:
                    exact = True
                    break
                depth += 1
        except _Stop:
            pass
        if best is None:  # not even one ply finished: the highest-scoring play (or pass)
            moves = self.moves(rows, me)
            if moves:
                score, rec, leave, _lv = max(moves, key=lambda t: (not t[2], t[0]))
                return EndgameResult(score, rec, False, self.nodes, 0, leave)
            return EndgameResult(0, None, False, self.nodes, 0, me)
        value, move, leave = best
        return EndgameResult(value, move, exact, self.nodes, done_depth, leave)

    def _tick(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise _Stop
        if not self.nodes & 7:  # a node can cost a whole generation: look often
            if self._deadline is not None and self.clock() > self._deadline:
                raise _Stop
            if self.should_stop is not None and self.should_stop():
                raise _Stop

    def _children(self, rows, me, opp, fails):
        """(value if terminal else None, score, record, leave, next fails); the board
        after a play is made by the caller, only for the children it searches."""
        rules = self.rules
        opp_value = self.rack_value(opp)
        zero_counts = rules.zero_score_play_counts
        limit = rules.fail_limit
        for score, rec, leave, lv in self.moves(rows, me):
            if not leave:
                yield score + 2 * opp_value, score, rec, leave, 0
                continue
            nf = fails + 1 if (score == 0 and zero_counts) else 0
            if nf >= limit:
                yield score - lv + opp_value, score, rec, leave, nf
            else:
                yield None, score, rec, leave, nf
        nf = fails + 1
        if nf >= limit:
            yield opp_value - self.rack_value(me), 0, None, me, nf
        else:
            yield None, 0, None, me, nf

    def _ordered(self, rows, me, opp, fails, first):
        kids = list(self._children(rows, me, opp, fails))
        if first is not None:
            for i, k in enumerate(kids):
                if k[2] == first:
                    kids.insert(0, kids.pop(i))
                    break
        return kids

    def _root(self, rows, me, opp, fails, depth, first):
        self._tick()
        alpha, beta = -10**9, 10**9
        best_v, best_m, best_l = None, None, me
        for term, score, rec, leave, nf in self._ordered(rows, me, opp, fails, first):
            if term is not None:
                v = term
            else:
                after = rows if rec is None else board_after(rows, rec)
                v = score - self._search(after, opp, leave, nf, score - beta, score - alpha,
                                         depth - 1)
            if best_v is None or v > best_v:
                best_v, best_m, best_l = v, rec, leave
                if v > alpha:
                    alpha = v
        return best_v, best_m, best_l

    def _search(self, rows, me, opp, fails, alpha, beta, depth):
        self._tick()
        key = (rows, me, opp, fails)
        entry = self._tt.get(key)
        first = None
        if entry is not None:
            e_depth, flag, value, first = entry
            if e_depth >= depth:
                if e_depth < INF_DEPTH:
                    self.horizons += 1
                if flag == _EXACT:
                    return value
                if flag == _LOWER and value >= beta:
                    return value
                if flag == _UPPER and value <= alpha:
                    return value
        if depth <= 0:
            self.horizons += 1
            return self._horizon(rows, me, opp, fails)
        h0 = self.horizons
        a0 = alpha
        best_v, best_m = -10**9, None
        for term, score, rec, leave, nf in self._ordered(rows, me, opp, fails, first):
            if term is not None:
                v = term
            else:
                after = rows if rec is None else board_after(rows, rec)
                v = score - self._search(after, opp, leave, nf, score - beta, score - alpha,
                                         depth - 1)
            if v > best_v:
                best_v, best_m = v, rec
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        flag = _EXACT if a0 < best_v < beta else (_LOWER if best_v >= beta else _UPPER)
        stored = INF_DEPTH if self.horizons == h0 else depth
        if len(self._tt) > 1_000_000:
            self._tt.clear()
        self._tt[key] = (stored, flag, best_v, best_m)
        return best_v

    def _horizon(self, rows, me, opp, fails) -> int:
        """A position the search does not look into: valued by playing it out, each side
        making the move with the most points after settlement (going out: twice the other
        rack; otherwise the score less the points left on its rack), the first in the
        search's move order on ties, until one goes out or the scoreless-turn limit ends
        it.  (Counting both racks as if the game ended there ignores that the side who can
        still play keeps scoring: a depth-limited search then dumps points instead of
        setting up going out.)  Each move of the playout counts as a searched position."""
        if not self.greedy_horizon:
            return self.rack_value(opp) - self.rack_value(me)
        key = (rows, me, opp, fails)
        got = self._greedy.get(key)
        if got is not None:
            return got
        rules = self.rules
        rv = self.rack_value
        racks = [me, opp]
        value, sign, turn = 0, 1, 0
        board = rows
        nf = fails
        passes = 0
        while True:
            self._tick()
            mover, other = racks[turn], racks[1 - turn]
            ov = rv(other)
            _moves, out, rest = self._entry(board, mover)
            if out is not None and (rest is None or out[0] + 2 * ov >= rest[0] - rest[3]):
                best = out
            else:
                best = rest
            if best is None:  # no play: a pass
                score, leave = 0, mover
                nf += 1
                passes += 1
            else:
                score, rec, leave, _lv = best
                if not leave:
                    value += sign * (score + 2 * ov)
                    break
                board = board_after(board, rec)
                nf = nf + 1 if (score == 0 and rules.zero_score_play_counts) else 0
                passes = 0
            value += sign * score
            racks[turn] = leave
            # the scoreless-turn limit, or both stuck (passing on to the limit): each rack
            # counts against its owner
            if nf >= rules.fail_limit or passes >= 2:
                value += sign * (ov - rv(leave))
                break
            turn ^= 1
            sign = -sign
        if len(self._greedy) > 200_000:
            self._greedy.clear()
        self._greedy[key] = value
        return value


def _rec_of(m) -> Record:
    down = 1 if getattr(m.direction, "value", m.direction) in (1, "down", "DOWN") or \
        str(m.direction).lower().endswith("down") else 0
    return (m.score, down, m.col if down else m.row, m.row if down else m.col, m.word)


__all__ = ["EndgameSolver", "EndgameResult", "board_after", "leave_after", "play_record"]
