"""Simulation for the expert computer player (two players, tiles still in the bag).

Each of the best few candidates by static value is played out over the same sampled
futures (common random numbers, so the candidates are compared on equal draws): the
opponent's rack is drawn from the unseen tiles, and the order of the bag after it; then

1. the candidate is played and its player draws from the bag,
2. the opponent answers with their best move by static value (score plus leave),
3. (``plies`` = 2) the player answers with theirs,

and the candidate is worth the score difference over those plies plus the value of the
player's leave at the end minus the opponent's.  Given the player's ``lead`` (the expert
gives it), each playout is then valued by the chance of winning from there
(:func:`win_chance`: the lead plus the playout's spread, with the rest of the game's spread
taken as normal around it, its width fitted by tiles left; exact when the playout ended the
game): far behind, a long shot can beat a play worth more points on average; ahead, the
safer play wins.  ``plies`` = 1 stops after the opponent's
answer and values both leaves: about three times faster, but it sees only the opponent's
chances a move opens, not the player's own, and measured against ``strong`` it did worse
(49% of 100 games, against 53% for two plies on the same seeds); the expert plays two.

The opponent's moves after each candidate are not generated from scratch: a move along
a line the candidate did not change (:func:`~.movegen.generator.changed_lines`) is the
same as before it, so the rack's moves are generated once per future on the board before
the candidate, and only the changed lines are searched again for each candidate.  When the bag runs empty during the
playout both racks are known, so the player to move then takes going out into account
(going out gains twice the other rack), and the playout goes on to the end of the game
(:meth:`Simulator.finish`: each side's best by that rule until one goes out or both are
stuck), so a candidate that empties the bag, or leaves one the opponent can empty and go
out, is valued by how such a game ends, not by a guess at the tiles left.

Opponent's rack: when the opponent's last turn was a tile play, the tiles they kept are
inferred: leaves are drawn from the unseen tiles and kept only if, with that leave, the
play they made was within a margin of the best they had by static value (a player who
held a much better move probably did not hold that leave).  Their rack in a playout is an
accepted leave plus tiles drawn at random.

Pre-endgame: with one or two tiles in the bag every split of the unseen tiles into the
opponent's rack and the bag is enumerated (weighted by how many ways it can happen)
instead of sampled (:meth:`Simulator.every_draw`); the expert then plays every split with
every candidate and takes the best mean.

Everything random comes from the ``random.Random`` given, and the search stops after a
fixed number of playouts (or when a candidate is clearly best), so a seed replays the same
choice; a time cap and a cancel flag are safety stops.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections import Counter
from dataclasses import dataclass
from operator import itemgetter
from typing import Callable, Sequence

from .endgame import board_after, placed_tiles, rack_less
from .rules import BLANK, RuleSet

MARGIN = 10.0  # points: a leave is implausible when a play this much better was there
_SCORE = itemgetter(0)  # a move record's score


@dataclass(frozen=True, slots=True)
class LastPlay:
    """The opponent's last turn as the player to move saw it."""

    board: tuple[str, ...]  # the board before it
    played: str  # rack letters it used ('?' for a blank)
    score: int


@dataclass(frozen=True, slots=True)
class Future:
    """One playout's hidden tiles: the opponent's rack and the bag, in drawing order."""

    opp_rack: str
    bag: str
    weight: float = 1.0


@dataclass(frozen=True, slots=True)
class ExchangeCandidate:
    """Exchanging ``thrown`` and keeping ``keep``, as a candidate beside the tile plays: in
    a playout the player draws as many tiles as they throw back (from the front of the
    future's bag, as a play of that many tiles would), and the thrown tiles go back into
    the bag at places drawn from the future and the tiles (the same in every replay)."""

    keep: str
    thrown: str
    equity: float = 0.0
    score: int = 0
    tiles: tuple = ()

    @property
    def leave(self) -> str:
        return self.keep

    def describe(self) -> str:
        return f"exchange {self.thrown}"


@dataclass
class SimOutcome:
    values: list[list[float]]  # per playout: each candidate's value
    weights: list[float]
    stopped: str  # "done", "clear", "time", "cancel"
    spreads: list[list[float]] | None = None  # the points values (None: the values are)

    def means(self, values: list[list[float]] | None = None) -> list[float]:
        values = self.values if values is None else values
        total = sum(self.weights)
        n = len(values[0]) if values else 0
        return [sum(w * v[i] for w, v in zip(self.weights, values)) / total
                for i in range(n)] if total else []

    def spread_means(self) -> list[float]:
        """Each candidate's mean value in points (the same as :meth:`means` unless the
        simulation chose by the chance of winning)."""
        return self.means(self.spreads if self.spreads is not None else self.values)


def spread_sd(bag: int) -> float:
    """How far (standard deviation, points) the final spread still moves from a position
    with ``bag`` tiles in the bag: fitted to 400 strong-vs-strong games (30 at an empty bag,
    43 at 1-7 tiles, 60 at 22-28, 92 at 73-86)."""
    return 30.0 + 6.5 * math.sqrt(max(0, bag))


def win_chance(margin: float, bag: int, ended: bool) -> float:
    """The chance that a lead of ``margin`` points with ``bag`` tiles left ends in a win
    (a draw counts half): exact when the game ended, else a normal spread of
    :func:`spread_sd` around it."""
    if ended:
        return 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
    return 0.5 * math.erfc(-margin / (spread_sd(bag) * math.sqrt(2.0)))


def paired_gain(values: Sequence[Sequence[float]], weights: Sequence[float], i: int,
                j: int) -> tuple[float, float]:
    """How much candidate ``i`` beat ``j`` over the same futures: the weighted mean of the
    paired differences and its standard error (0 with fewer than two futures)."""
    n = len(values)
    total = sum(weights)
    d = [v[i] - v[j] for v in values]
    m = sum(w * x for w, x in zip(weights, d)) / total
    if n < 2:
        return m, 0.0
    var = sum(w * (x - m) ** 2 for w, x in zip(weights, d)) / total * n / (n - 1)
    return m, math.sqrt(var / n)


class Simulator:
    def __init__(self, generate: Callable, rules: RuleSet, leave_fn: Callable[[str, int], float],
                 *, should_stop: Callable[[], bool] | None = None,
                 deadline: float | None = None, clock: Callable[[], float] = time.perf_counter,
                 plies: int = 2, lead: float | None = None, to_end: bool | None = None,
                 rollout_bag: int = 0):
        self._generate = generate
        self.rules = rules
        self.leave_fn = leave_fn
        self.should_stop = should_stop
        self.deadline = deadline
        self.clock = clock
        self._values = {ch: rules.tiles.value(ch) for ch in rules.tiles.values}
        self._values[BLANK] = 0
        self.plies = plies  # 1: the opponent's reply only, then both leaves valued
        # the player's lead in points: when given, each playout is valued by the chance of
        # winning from lead + its spread (win_chance) instead of by the spread alone
        self.lead = lead
        # a playout that empties the bag is played out to the end of the game (finish);
        # not under rules that end the game when the bag is empty
        self.to_end = (not rules.end_when_bag_empty) if to_end is None else to_end
        # with ``to_end``: a playout whose bag holds at most this many tiles after the
        # candidate's draw goes on past its two plies to the end of the game (play_out)
        # instead of stopping at the leaves' values
        self.rollout_bag = rollout_bag
        self._cand_cache: dict = {}
        self._bounds: dict = {}
        # a move's leave by (rack, tiles it places): the same few letters are placed from
        # the same racks all through a simulation, and working a leave out (taking the
        # tiles off, sorting) was a sixth of its time
        self._leaves: dict = {}
        self.lines_ok = bool(getattr(generate, "takes_lines", False))

    def _after(self, rows, cand):
        key = (id(rows), cand)
        got = self._cand_cache.get(key)
        if got is None:
            from .ai import apply_to_rows

            got = self._cand_cache[key] = apply_to_rows(rows, cand)
        return got

    def _changed(self, rows, cand, after):
        key = ("lines", id(rows), cand)
        got = self._cand_cache.get(key)
        if got is None:
            from .movegen.generator import changed_lines

            got = self._cand_cache[key] = changed_lines(
                after, [(r, c) for r, c, _l, _b in cand.tiles])
        return got

    def rack_points(self, rack: str) -> int:
        v = self._values
        return sum(v.get(ch, 0) for ch in rack)

    def _out_of_time(self) -> str | None:
        if self.should_stop is not None and self.should_stop():
            return "cancel"
        if self.deadline is not None and self.clock() > self.deadline:
            return "time"
        return None

    # ------------------------------------------------------------------ one reply
    def best_reply(self, rows: Sequence[str], rack: str, bag_left: int, other_rack: str | None):
        """The static choice for ``rack``: (score, board after, leave, went out).

        With tiles in the bag (``bag_left`` > 0, after this player's draw is counted by
        the caller) moves are valued by score plus leave; with the bag empty the other
        rack is known and going out is worth twice its points, a tile kept costs its
        points.  No move: a pass (score 0, board and rack unchanged)."""
        return self.best_of(rows, rack, self._records(rows, rack), bag_left, other_rack)

    def _records(self, rows, rack, lines=None) -> list:
        moves = self._generate(rows, rack) if lines is None else \
            self._generate(rows, rack, lines=lines)
        recs = moves.records if hasattr(moves, "records") else None
        if recs is None:
            from .endgame import _rec_of

            recs = [_rec_of(m) for m in moves]
        return recs

    def _leave_of(self, rows, rec, rack: str) -> str:
        """What stays on ``rack`` (sorted) after the move record ``rec`` on ``rows``:
        :func:`~.endgame.leave_after`, remembered by the rack and the tiles placed."""
        placed = placed_tiles(rows, rec)
        got = self._leaves.get((rack, placed))
        if got is None:
            if len(self._leaves) >= 200_000:
                self._leaves.clear()
            got = self._leaves[rack, placed] = rack_less(rack, placed)
        return got

    def best_of(self, rows, rack: str, recs: list, bag_left: int, other_rack: str | None):
        """:meth:`best_reply` over the given move records of ``rack``.

        Moves are visited by score, highest first (ties in generation order), and the visit
        stops when even the best a move could add (its leave's bound, or going out) cannot
        reach the best found.  Only the moves that bound lets through are sorted: the first
        move visited sets a floor, and a move below the floor minus the bound would never be
        reached before the stop."""
        if not recs:
            return 0, tuple(rows), rack, False
        rows = tuple(rows)
        leave_of = self._leave_of
        top = max(recs, key=_SCORE)  # the first of the highest scores: visited first
        if bag_left > 0:
            leave_fn = self.leave_fn
            bound = self._bound(rack, bag_left)
            leave = leave_of(rows, top, rack)
            memo: dict[str, float] = {leave: leave_fn(leave, bag_left)}
            floor = top[0] + memo[leave]  # the best equity is at least this
            # the stop test below (score + bound < best, and best >= floor), one
            # subtraction for the list instead of an addition a move; the margin keeps
            # every move the test would reach (float rounding), and the test still stops
            low = floor - bound - 1e-6
            order = [r for r in recs if r[0] >= low]
            order.sort(key=_SCORE, reverse=True)  # stable: ties stay in generation order
            best = None
            for rec in order:
                if best is not None and rec[0] + bound < best[0]:
                    break
                leave = leave_of(rows, rec, rack)
                v = memo.get(leave)
                if v is None:
                    v = memo[leave] = leave_fn(leave, bag_left)
                if best is None or rec[0] + v > best[0]:
                    best = (rec[0] + v, rec, leave)
            _v, rec, leave = best
            return rec[0], board_after(rows, rec), leave, False
        other = self.rack_points(other_rack or "")
        leave = leave_of(rows, top, rack)
        floor = top[0] + (2 * other if not leave else -self.rack_points(leave))
        low = floor - 2 * other  # whole points: exact
        order = [r for r in recs if r[0] >= low]
        order.sort(key=_SCORE, reverse=True)
        best = None
        for rec in order:
            # a move can be worth at most its score plus going out
            if best is not None and rec[0] + 2 * other < best[0]:
                break
            leave = leave_of(rows, rec, rack)
            v = rec[0] + (2 * other if not leave else -self.rack_points(leave))
            if best is None or v > best[0]:
                best = (v, rec, leave)
        _v, rec, leave = best
        return rec[0], board_after(rows, rec), leave, not leave

    def _bound(self, rack: str, bag_left: int) -> float:
        """:func:`~.ai.leave_bound`, remembered per (rack, bag): in a simulation the same
        racks come back in every candidate's playout of a future."""
        key = ("".join(sorted(rack)), bag_left)
        got = self._bounds.get(key)
        if got is None:
            from .ai import leave_bound

            got = self._bounds[key] = leave_bound(rack, bag_left, self.leave_fn)
        return got

    # ------------------------------------------------------------------ futures
    def infer_leaves(self, last: LastPlay, unseen: str, rng: random.Random,
                     tries: int = 24) -> list[str]:
        """Leaves the opponent plausibly kept after ``last`` (see the module doc)."""
        keep = self.rules.rack_size - len(last.played)
        if keep <= 0 or len(unseen) < keep:
            return []
        pool = list(unseen)
        accepted = []
        seen: dict[str, bool] = {}
        for _ in range(tries):
            if self._out_of_time():
                break
            leave = "".join(sorted(rng.sample(pool, keep)))
            ok = seen.get(leave)
            if ok is None:
                rack = last.played + leave
                actual = last.score + self.leave_fn(leave, 100)
                score, _after, best_leave, _out = self.best_reply(last.board, rack, 100, None)
                best = score + self.leave_fn(best_leave, 100)
                ok = seen[leave] = best - actual <= MARGIN
            if ok:
                accepted.append(leave)
        return accepted

    def futures(self, unseen: str, bag_count: int, rng: random.Random, count: int,
                leaves: Sequence[str] = ()) -> list[Future]:
        """``count`` sampled futures, or every split of the unseen tiles when the bag holds
        one or two tiles (weighted by the number of ways)."""
        every = self.every_draw(unseen, bag_count)
        if every is not None:
            if len(every) <= count:
                return every
            # more splits than playouts: draw them in proportion to how likely they are
            picks = rng.choices(every, weights=[f.weight for f in every], k=count)
            return [Future(f.opp_rack, f.bag) for f in picks]
        opp_n = len(unseen) - bag_count  # in a game the unseen tiles are their rack + the bag
        if not 0 <= opp_n <= self.rules.rack_size:  # a position that does not add up
            opp_n = min(self.rules.rack_size, len(unseen))
        out = []
        for i in range(count):
            pool = list(unseen)
            rack = ""
            if leaves:
                leave = leaves[i % len(leaves)]
                for ch in leave:
                    pool.remove(ch)
                rack = leave
            rng.shuffle(pool)
            need = opp_n - len(rack)
            rack += "".join(pool[:need])
            out.append(Future("".join(sorted(rack)), "".join(pool[need:])))
        return out

    def every_draw(self, unseen: str, bag_count: int) -> list[Future] | None:
        """Every split of the unseen tiles into the opponent's rack and the bag when the
        bag holds one or two tiles and the position adds up (the unseen tiles are a rack
        and the bag); None otherwise."""
        if 1 <= bag_count <= 2 and 0 <= len(unseen) - bag_count <= self.rules.rack_size:
            return self.enumerate_futures(unseen, bag_count)
        return None

    @staticmethod
    def enumerate_futures(unseen: str, bag_count: int) -> list[Future]:
        from .ai import _minus

        counts = Counter(unseen)
        out = []
        letters = sorted(counts)
        for combo in itertools.combinations_with_replacement(letters, bag_count):
            c = Counter(combo)
            if any(c[ch] > counts[ch] for ch in c):
                continue
            ways = 1
            for ch, n in c.items():
                ways *= math.comb(counts[ch], n)
            bag = "".join(combo)
            rack = "".join(sorted(_minus(unseen, bag)))
            if len(set(bag)) > 1:  # the order of the draw matters to a one-tile play
                out.append(Future(rack, bag, ways / 2))
                out.append(Future(rack, bag[::-1], ways / 2))
            else:
                out.append(Future(rack, bag, float(ways)))
        return out

    # ------------------------------------------------------------------ playouts
    def playout(self, rows, cand, future: Future, base: list | None = None) -> float:
        """The value of ``cand`` (an ai.Candidate) in one future.  ``base``: the opponent
        rack's moves on ``rows`` (before the candidate), when the generator can search
        only the lines the candidate changed (the rest of its moves are the same)."""
        return self._playout(rows, cand, future, base)[0]

    def _playout(self, rows, cand, future: Future, base: list | None):
        """:meth:`playout`'s value, the tiles left in the bag at its end, and whether
        someone went out (the value is then the rest of the game's spread, exactly)."""
        rp = self.rack_points
        bag = future.bag
        opp = future.opp_rack
        if type(cand) is ExchangeCandidate:
            n = len(cand.thrown)
            mine = cand.keep + bag[:n]
            rest = list(bag[n:])
            mix = random.Random(f"{future.bag}|{cand.thrown}")
            for ch in cand.thrown:
                rest.insert(mix.randrange(len(rest) + 1), ch)
            bag = "".join(rest)
            board = tuple(rows)
            value = 0.0
            recs = base if base is not None else self._records(board, opp)
            return self._replies(board, opp, mine, bag, value, recs, cand.keep)
        drawn = min(len(cand.tiles), len(bag))
        mine = cand.leave + bag[:drawn]
        bag = bag[drawn:]
        board = self._after(rows, cand)
        value = float(cand.score)
        if not mine:  # the candidate went out
            return value + 2 * rp(opp), 0, True
        # ply 1: the opponent
        if base is not None:
            rows_c, cols_c = self._changed(rows, cand, board)
            recs = [m for m in base if m[2] not in (cols_c if m[1] else rows_c)]
            recs += self._records(board, opp, (rows_c, cols_c))
        else:
            recs = self._records(board, opp)
        return self._replies(board, opp, mine, bag, value, recs, cand.leave)

    def _replies(self, board, opp: str, mine: str, bag: str, value: float, recs: list,
                 kept: str):
        """The playout after the candidate: ``mine`` the player's rack after their draw,
        ``bag`` what is left of it, ``recs`` the opponent's moves on ``board``, ``kept``
        the candidate's leave (valued when only one ply is played)."""
        rp = self.rack_points
        full = self.to_end and len(bag) <= self.rollout_bag
        o_score, board, o_leave, o_out = self.best_of(board, opp, recs, len(bag), mine)
        value -= o_score
        if o_out:
            return value - 2 * rp(mine), 0, True
        o_drawn = min(len(opp) - len(o_leave), len(bag))
        opp_after = o_leave + bag[:o_drawn]
        bag = bag[o_drawn:]
        if self.plies < 2 and (bag or not opp_after):
            # one ply: each side's leave valued (the opponent's after their draw is unknown
            # to them too, so what they kept)
            return value + self.leave_fn(kept, len(bag) + o_drawn) - \
                self.leave_fn(o_leave, len(bag)), len(bag), False
        # ply 2: the player again
        m_score, board, m_leave, m_out = self.best_reply(board, mine, len(bag), opp_after)
        value += m_score
        if m_out:
            return value + 2 * rp(opp_after), 0, True
        m_drawn = min(len(mine) - len(m_leave), len(bag))
        bag_after = len(bag) - m_drawn
        if full and bag_after:
            return value + self.play_out(board, opp_after, m_leave + bag[:m_drawn],
                                         bag[m_drawn:]), 0, True
        if bag_after or (bag and not self.to_end):
            return value + self.leave_fn(m_leave, bag_after) - \
                self.leave_fn(o_leave, bag_after), bag_after, False
        mine_after = m_leave + bag[:m_drawn]
        if self.to_end:  # both racks known: the rest of the game is played out
            passes = (1 if o_leave == opp and o_score == 0 else 0)
            passes = passes + 1 if (m_leave == mine and m_score == 0) else 0
            return value + self.finish(board, opp_after, mine_after, passes), 0, True
        return value - rp(mine_after) + rp(opp_after), 0, False

    def play_out(self, board, opp: str, mine: str, bag: str) -> float:
        """The rest of a game with ``bag`` still to draw (in that order), the opponent to
        move: each side makes the static choice (:meth:`best_reply`) and draws, until the
        bag is empty; then :meth:`finish`.  Both passing in turn with tiles still in the bag
        ends it too, each rack counted against its owner.  Returns the spread of it for the
        player."""
        rp = self.rack_points
        racks, sign, turn, passes = [opp, mine], (-1, 1), 0, 0
        value = 0.0
        while bag:
            rack = racks[turn]
            score, board, leave, _out = self.best_reply(board, rack, len(bag), None)
            value += sign[turn] * score
            passes = passes + 1 if (leave == rack and score == 0) else 0
            if passes >= 2:  # both stuck: nothing changes after that
                return value - rp(racks[1]) + rp(racks[0])
            drawn = min(len(rack) - len(leave), len(bag))
            racks[turn], bag = leave + bag[:drawn], bag[drawn:]
            turn ^= 1
        # the bag is empty (a play emptied it, so no pass just before); finish() takes the
        # opponent to move first
        if turn == 0:
            return value + self.finish(board, racks[0], racks[1])
        return value - self.finish(board, racks[1], racks[0])

    def finish(self, board, opp: str, mine: str, passes: int = 0) -> float:
        """The rest of a game whose bag is empty, the opponent to move: each side plays
        its best by :meth:`best_reply` (going out, or the fewest points left on the
        rack), until one goes out (twice the other rack to them) or both pass in turn
        (each rack counted against its owner: nothing changes after that, so the game
        would only pass on to its end).  Returns the spread of it for the player.
        ``passes``: the passes just before (0-2, both pass in turn -> already over)."""
        rp = self.rack_points
        racks = [opp, mine]  # by turn: the opponent first
        sign = (-1, 1)
        value = 0.0
        turn = 0
        # each play uses a tile, so the racks run out within their tile count of plays
        for _ in range(2 * (len(opp) + len(mine)) + 2):
            if passes >= 2:
                break
            me, other = racks[turn], racks[1 - turn]
            score, board, leave, out = self.best_reply(board, me, 0, other)
            value += sign[turn] * score
            if out:
                return value + sign[turn] * 2 * rp(other)
            passes = passes + 1 if (leave == me and score == 0) else 0
            racks[turn] = leave
            turn ^= 1
        return value - rp(racks[1]) + rp(racks[0])

    def run(self, rows, cands: Sequence, futures: Sequence[Future], *,
            min_playouts: int = 8, clear_margin: float = 3.0,
            progress: Callable[[int, int], None] | None = None) -> SimOutcome:
        """Play every candidate out in each future, in order; stop early when the leader
        is ahead of every other candidate by ``clear_margin`` standard errors.
        ``progress(futures done, futures planned)`` after each future."""
        values: list[list[float]] = []
        spreads: list[list[float]] = []  # with a lead: the playouts' spreads (values: chances)
        chances: list[float] = []
        weights: list[float] = []
        stopped = "done"
        for k, fut in enumerate(futures):
            row = []
            base = None
            if self.lines_ok and len(cands) > 1:
                why = self._out_of_time()
                if why:
                    stopped = why
                    break
                base = self._records(rows, fut.opp_rack)
            for c in cands:
                why = self._out_of_time()
                if why:
                    stopped = why
                    break
                v, bag_left, ended = self._playout(rows, c, fut, base)
                row.append(v)
                if self.lead is not None:
                    chances.append(win_chance(self.lead + v, bag_left, ended))
            if stopped != "done":
                break
            if self.lead is not None:  # the choice goes by the chance of winning
                spreads.append(row)
                row, chances = chances, []
            values.append(row)
            weights.append(fut.weight)
            if progress is not None:
                progress(k + 1, len(futures))
            if k + 1 >= min_playouts and len(cands) > 1 and self._clear(values, weights, clear_margin):
                stopped = "clear"
                break
        return SimOutcome(values, weights, stopped, spreads if self.lead is not None else values)

    @staticmethod
    def _clear(values, weights, margin) -> bool:
        means = SimOutcome(values, weights, "").means()
        lead = max(range(len(means)), key=means.__getitem__)
        for i in range(len(means)):
            if i != lead:
                m, se = paired_gain(values, weights, lead, i)
                if m <= margin * se:
                    return False
        return True


__all__ = ["Simulator", "LastPlay", "Future", "SimOutcome", "ExchangeCandidate", "MARGIN", "paired_gain",
           "spread_sd", "win_chance"]
