"""Computer players and hints.

A computer player is a pure function of a :class:`Position` (a snapshot of what the player
may know: board, own rack, unseen tiles, scores) plus a seeded ``random.Random``; it returns a
:class:`Decision`.  Nothing here touches a :class:`~wordbler.boardgame.game.Game` except
:meth:`Position.from_game` and :func:`decision_to_move`, so the search can run in a worker
thread on a snapshot while the game stays with its owner.

Levels (key, display name):

- ``beginner`` (Sprout): plays common words and not always its best.
- ``intermediate`` (Scholar): the highest score over common words.
- ``strong`` (Master): score plus the value of the tiles kept; exchanges when the rack is
  poor; in the pre-endgame (14 tiles or fewer in the bag) a simulation as the expert
  runs it (300 futures, a 3 s cap); in the endgame (bag empty, the opponent's tiles known)
  a short exact search.
- ``expert`` (Grandmaster): as strong, then simulates the opponent's replies to its best
  candidates (a fixed number of sampled racks, with a time cap for slow machines) and plays
  the one with the best chance of winning; searches the endgame longer.
"""

from __future__ import annotations

import itertools
import random
import time
from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

from .model import Coord, Direction, Move, Placement, TurnKind
from .rules import BLANK, RuleSet
from .simulation import LastPlay, SimOutcome, Simulator, paired_gain

LEVELS: Mapping[str, str] = {
    "beginner": "Sprout (beginner)",
    "intermediate": "Scholar (intermediate)",
    "strong": "Master (strong)",
    "expert": "Grandmaster (expert)",
}

# SCOWL sizes: 10-35 are common words, 40-50 less so, 55+ rare (see dictionaries/en/README.md)
COMMON_SIZE_BEGINNER = 35
COMMON_SIZE_INTERMEDIATE = 50

# Approximate value in points of keeping one tile, from play experience with this tile set.
TILE_LEAVE = {
    "?": 24.0, "S": 8.0, "Z": 2.0, "X": 3.0, "E": 3.5, "R": 1.5, "H": 1.0, "A": 1.0,
    "C": 0.5, "D": 0.5, "M": 0.5, "N": 0.5, "T": 0.5, "L": -0.5, "I": -0.5, "P": -0.5,
    "Y": -0.5, "K": -1.0, "O": -1.5, "J": -1.5, "B": -2.0, "F": -2.0, "G": -2.5, "U": -3.0,
    "W": -3.5, "V": -5.5, "Q": -7.0,
}
VOWELS = frozenset("AEIOU")


@dataclass(frozen=True, slots=True)
class Position:
    """What the player to move knows."""

    board: tuple[str, ...]  # rows text: '.', A-Z tiles, a-z blanks
    rack: str  # letters, '?' for blanks
    unseen: str  # tiles in the bag and on the other racks
    bag_count: int
    scores: tuple[int, ...]
    player: int
    rules: RuleSet
    turn: int = 0
    seed: int = 0
    fails: int = 0  # consecutive scoreless turns so far (the endgame needs it)
    # the opponent's last turn when it was a tile play (the simulation infers their leave)
    last_play: "LastPlay | None" = None

    @classmethod
    def from_game(cls, game) -> "Position":
        return cls(
            board=tuple(game.board.rows_text()),
            rack=game.rack_letters(),
            unseen=game.unseen_letters(),
            bag_count=len(game.bag),
            scores=tuple(game.scores),
            player=game.current,
            rules=game.rules,
            turn=len(game.history),
            seed=game.seed,
            fails=getattr(game, "fails", 0),
            last_play=_last_play(game),
        )

    @property
    def opponents(self) -> int:
        return len(self.scores) - 1

    @property
    def lead(self) -> int:
        """The player's score less the best other score."""
        return self.scores[self.player] - max(
            sc for i, sc in enumerate(self.scores) if i != self.player)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A tile play in engine-neutral form."""

    row: int
    col: int
    direction: Direction
    word: str  # the whole main word; lowercase for blanks
    score: int
    tiles: tuple[tuple[int, int, str, bool], ...]  # (row, col, letter, is_blank)
    leave: str
    equity: float = 0.0

    @property
    def coord(self) -> str:
        return Coord(self.row, self.col).gcg(self.direction)

    def describe(self) -> str:
        return f"{self.coord} {self.word} {self.score}"


@dataclass(frozen=True, slots=True)
class Decision:
    """What a computer player (or a hint) proposes."""

    kind: str  # "play", "exchange" or "pass"
    play: Candidate | None = None
    exchange: str = ""  # letters to exchange
    reason: str = ""
    considered: int = 0
    alternatives: tuple[Candidate, ...] = field(default=())


Generator = Callable[[Sequence[str], str], list]


# ---------------------------------------------------------------------------- leaves
def leave_value(leave: str, bag_count: int = 100) -> float:
    """Heuristic value, in points, of keeping ``leave`` for the next turn."""
    return _leave_shape(leave, bag_count, TILE_LEAVE, VOWELS, qu=("Q", "U"))


handmade_leave_value = leave_value


def generic_tile_leave(tiles) -> dict[str, float]:
    """Per-tile leave values for a tile set without tuned ones (Russian, French, a custom
    set): a blank is worth what it is in English; a letter is worth less the more points it
    carries (high-value letters are the hard ones to place) and the fewer copies of it the
    bag has (rare letters have fewer words).  Fitted by eye to the English table's trend:
    1-point letters +1, a 10-point letter about -6."""
    out: dict[str, float] = {BLANK: TILE_LEAVE[BLANK]}
    for ch, n in tiles.counts.items():
        if ch == BLANK:
            continue
        pts = tiles.value(ch)
        out[ch] = max(-7.0, 1.5 - 0.8 * (pts - 1) - (1.0 if n <= 2 else 0.0))
    return out


_HANDMADE: dict[int, Callable[[str, int], float]] = {}


def handmade_leaves(rules: RuleSet) -> Callable[[str, int], float]:
    """The hand-made leave valuation for the rules' tile set: :func:`leave_value` for the
    English tiles; for others the same shape (duplicates, vowel balance) with the tile set's
    own vowels and :func:`generic_tile_leave` values."""
    from .rules import ENGLISH_TILES

    tiles = rules.tiles
    if tiles == ENGLISH_TILES:
        return leave_value
    key = id(tiles)
    fn = _HANDMADE.get(key)
    if fn is None:
        table = generic_tile_leave(tiles)
        vowels = frozenset(tiles.vowels)

        def fn(leave: str, bag_count: int = 100, _t=table, _v=vowels) -> float:
            return _leave_shape(leave, bag_count, _t, _v)

        _HANDMADE[key] = fn
    return fn


def _leave_shape(leave: str, bag_count: int, table: Mapping[str, float], vowels,
                 qu: tuple[str, str] | None = None) -> float:
    """Per-tile values, less duplicates and an unbalanced vowel/consonant mix; ``qu``: a
    letter that is worse kept without its partner (English Q without U); all of it scaled
    down when fewer than seven tiles are left to draw (what is kept matters less)."""
    if not leave:
        return 0.0
    value = sum(table.get(ch, 0.0) for ch in leave)
    counts: dict[str, int] = {}
    for ch in leave:
        counts[ch] = counts.get(ch, 0) + 1
    for ch, n in counts.items():
        if n > 1 and ch != BLANK:
            value -= (4.0 if ch in vowels else 3.0) * (n - 1) * (n - 1)
    nv = sum(1 for ch in leave if ch in vowels)
    ideal = 0.42 * (len(leave) - counts.get(BLANK, 0))
    value -= 2.0 * abs(nv - ideal) ** 1.5
    if qu and qu[0] in counts and qu[1] not in counts and BLANK not in counts:
        value -= 5.0
    if bag_count < 7:
        value *= bag_count / 7
    return value


class LeaveModel:
    """A fitted leave model: per-tile, duplicate, pair and vowel/consonant-balance terms.

    ``terms`` maps ``t:X`` (each tile X kept), ``d:X`` (each copy of X beyond the first),
    ``p:XY`` (X and Y both kept, X < Y), ``vc:V,C`` (V vowels and C consonants kept) to
    points, and ``l:LEAVE`` (the sorted leave itself) to a correction for that one leave:
    the table part, fitted for the leaves that self-play met often enough.  Built by
    ``scripts/fit_leaves_td.py`` from self-play games.
    """

    # values and bounds remembered per sub-rack, at most this many of each: a long session
    # (a simulation meets thousands of racks a move) would otherwise grow them without end
    memo_limit = 200_000

    def __init__(self, terms: Mapping[str, float], vowels: str = "AEIOU", meta=None):
        self.terms = dict(terms)
        self.vowels = frozenset(vowels)
        self.meta = dict(meta or {})
        self._memo: dict[str, float] = {}
        self._bounds: dict[str, float] = {}
        # the terms by kind, for raw(): a simulation values tens of thousands of new
        # sub-racks a move, and building each one's feature dict was a sixth of its time
        self._t: dict[str, float] = {}
        self._d: dict[str, float] = {}
        self._p: dict[str, float] = {}
        self._vc: dict[str, float] = {}
        self._l: dict[str, float] = {}
        kinds = {"t": self._t, "d": self._d, "p": self._p, "vc": self._vc, "l": self._l}
        for k, v in self.terms.items():
            kind, sep, rest = k.partition(":")
            if sep and kind in kinds:
                kinds[kind][rest] = v

    @staticmethod
    def features(leave: str, vowels=VOWELS) -> dict[str, float]:
        counts: dict[str, int] = {}
        for ch in leave:
            counts[ch] = counts.get(ch, 0) + 1
        out: dict[str, float] = {}
        letters = sorted(counts)
        for ch in letters:
            n = counts[ch]
            out["t:" + ch] = n
            if n > 1:
                out["d:" + ch] = n - 1
        for i, a in enumerate(letters):
            for b in letters[i + 1:]:
                out["p:" + a + b] = 1
        if leave:
            v = sum(n for ch, n in counts.items() if ch in vowels)
            c = sum(n for ch, n in counts.items() if ch not in vowels and ch != BLANK)
            out[f"vc:{v},{c}"] = 1
        return out

    def raw(self, leave: str) -> float:
        key = "".join(sorted(leave))
        got = self._memo.get(key)
        if got is None:
            got = self._raw(key)
            if len(self._memo) >= self.memo_limit:
                self._memo.clear()
            self._memo[key] = got
        return got

    def _raw(self, key: str) -> float:
        """The sum of ``terms`` over :meth:`features` of the sorted ``key`` (its own
        correction last), added in the order :meth:`features` lists them, so the value is
        the same to the last bit: a simulation's ties are broken by it."""
        t, d, p = self._t, self._d, self._p
        runs: list[tuple[str, int]] = []
        for ch in key:
            if runs and runs[-1][0] == ch:
                runs[-1] = (ch, runs[-1][1] + 1)
            else:
                runs.append((ch, 1))
        got = 0  # as sum() starts
        for ch, n in runs:
            got += t.get(ch, 0.0) * n
            if n > 1:
                got += d.get(ch, 0.0) * (n - 1)
        for i, (a, _n) in enumerate(runs):
            for b, _m in runs[i + 1:]:
                got += p.get(a + b, 0.0) * 1
        if key:
            vowels = self.vowels
            v = sum(n for ch, n in runs if ch in vowels)
            c = sum(n for ch, n in runs if ch not in vowels and ch != BLANK)
            got += self._vc.get(f"{v},{c}", 0.0) * 1
        return got + self._l.get(key, 0.0)  # the leave's own correction, when fitted

    def __call__(self, leave: str, bag_count: int = 100) -> float:
        if not leave:
            return 0.0
        value = self.raw(leave)
        if bag_count < 7:
            value *= bag_count / 7
        return value

    def bound(self, rack: str, bag_count: int = 100) -> float:
        """The best value any part of ``rack`` (the empty part included) has as a leave:
        :func:`leave_bound` for this model, remembered per rack (the bag only scales it)."""
        best = self._part_bound("".join(sorted(rack)))
        return best * (bag_count / 7) if bag_count < 7 else best  # as __call__ scales

    def _part_bound(self, key: str) -> float:
        """The best raw value of any part of the sorted rack ``key``: its own, or the best
        part of the rack with one tile less.  Remembered per rack, so the parts that racks
        share (a simulation meets thousands of racks that differ by a tile or two) are
        valued once, instead of every rack walking its up to 128 parts again."""
        best = self._bounds.get(key)
        if best is None:
            best = self.raw(key) if key else 0.0
            prev = ""
            for i, ch in enumerate(key):
                if ch != prev:  # one tile less: each distinct letter once
                    sub = self._part_bound(key[:i] + key[i + 1:])
                    if sub > best:
                        best = sub
                    prev = ch
            if len(self._bounds) >= self.memo_limit:
                self._bounds.clear()
            self._bounds[key] = best
        return best

    @classmethod
    def from_json(cls, data: Mapping) -> "LeaveModel":
        terms = data.get("terms")
        if not isinstance(terms, Mapping) or not all(
            isinstance(k, str) and isinstance(v, (int, float)) for k, v in terms.items()
        ):
            raise ValueError("leave model: 'terms' must map names to numbers")
        return cls(terms, str(data.get("vowels", "AEIOU")),
                   {k: v for k, v in data.items() if k != "terms"})


_FITTED: dict[str, LeaveModel | None] = {}
_LEAVE_FILES = {"en": "leaves_en.json"}


def fitted_leaves(rules: RuleSet) -> LeaveModel | None:
    """The fitted leave model shipped for the rules' tile set (loaded once), or None."""
    from .rules import ENGLISH_TILES

    lang = "en" if rules.tiles == ENGLISH_TILES else None
    if lang is None:
        return None
    if lang not in _FITTED:
        import json
        from pathlib import Path

        path = Path(__file__).resolve().parent / "data" / _LEAVE_FILES[lang]
        model = None
        try:
            if path.is_file() and path.stat().st_size < 2_000_000:
                model = LeaveModel.from_json(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            model = None  # a damaged file: the hand-made values play instead
        _FITTED[lang] = model
    return _FITTED[lang]


def tile_points(letters: str, rules: RuleSet) -> int:
    return sum(rules.tiles.value(ch) for ch in letters)


# ---------------------------------------------------------------------------- players
class Player:
    """Base: generate, rank, choose."""

    level = ""

    fitted = False  # value leaves with the fitted model when the tile set has one

    def __init__(self, generate: Generator, sizes: Callable[[str], int | None] | None = None,
                 leaves: Callable[[str, int], float] | None = None):
        self._generate = generate
        self._size_of = sizes or (lambda word: None)
        self._leaves = leaves

    def leave_fn(self, pos: Position) -> Callable[[str, int], float]:
        if self._leaves is not None:
            return self._leaves
        if self.fitted:
            model = fitted_leaves(pos.rules)
            if model is not None:
                return model
        return handmade_leaves(pos.rules)

    def candidates(self, pos: Position) -> list[Candidate]:
        return [to_candidate(m, pos.rack) for m in self._generate(pos.board, pos.rack)]

    def is_common(self, cand: Candidate, limit: int) -> bool:
        size = self._size_of(cand.word.upper())
        return size is None or size <= limit

    def choose(self, pos: Position, rng: random.Random) -> Decision:
        raise NotImplementedError

    def _fallback(self, pos: Position, considered: int) -> Decision:
        """No tile play: exchange the worst tiles if allowed, else pass."""
        if pos.bag_count >= pos.rules.min_bag_for_exchange and pos.rack:
            keep = best_keep(pos.rack, pos.bag_count, self.leave_fn(pos))
            ex = _minus(pos.rack, keep)
            if ex:
                return Decision("exchange", exchange=ex, reason="no play found",
                                considered=considered)
        return Decision("pass", reason="no play found", considered=considered)


class Beginner(Player):
    level = "beginner"

    def choose(self, pos: Position, rng: random.Random) -> Decision:
        cands = self.candidates(pos)
        common = [c for c in cands if self.is_common(c, COMMON_SIZE_BEGINNER)] or cands
        if not common:
            return self._fallback(pos, 0)
        common.sort(key=lambda c: -c.score)
        # a random pick from the better half, weighted toward the top but rarely the best
        top = common[: max(2, (len(common) + 1) // 2)]
        weights = [1.0 / (1 + i) ** 0.5 for i in range(len(top))]
        pick = rng.choices(top, weights)[0]
        return Decision("play", play=pick, considered=len(cands), alternatives=tuple(top[:5]))


class Intermediate(Player):
    level = "intermediate"

    def choose(self, pos: Position, rng: random.Random) -> Decision:
        """The highest score over common words (fewest tiles on a tie, then the first
        generated); any word when no move makes a common one."""
        moves = self._generate(pos.board, pos.rack)
        if not len(moves):
            return self._fallback(pos, 0)
        scores = _scores(moves)
        counts = _tile_counts(moves)
        # by score, then fewest tiles; the sort is stable, so generation order breaks ties
        order = sorted(range(len(scores)), key=lambda i: (-scores[i], counts[i]))
        for i in order:  # stop at the first common word: no need to look at every move
            c = to_candidate(moves[i], pos.rack)
            if self.is_common(c, COMMON_SIZE_INTERMEDIATE):
                return Decision("play", play=c, considered=len(scores))
        return Decision("play", play=to_candidate(moves[order[0]], pos.rack),
                        considered=len(scores))


class Strong(Player):
    level = "strong"
    endgame_width = 12
    fitted = True
    # Bag empty, one opponent: the exact endgame search (both racks are known), stopped by a
    # node count (deterministic) with a time cap for a slow machine; it falls back to the
    # deepest finished iteration, and to one reply ahead if it finds nothing.
    exact_endgame = True
    # 20,000 against 5,000: on 1,000 paired games against the strong as filed, +0.55% of
    # games (standard error 0.42), +0.8 points a game.  On 41 endgames solved exactly
    # (benchmarks/endgame_play.py) 5,000 gave away 3.15 points a move in 0.37 s, 15,000 0.83
    # in 0.59 s, 50,000 0.24 in 0.66 s: the 1 s cap below bounds the larger counts
    endgame_nodes: int | None = 20000
    endgame_budget_s: float | None = 1.0
    # where the search stops short of the end, the position is played out (each side's
    # best move after settlement) instead of counting both racks as if the game ended
    endgame_horizon = True
    should_stop: Callable[[], bool] | None = None  # the worker's cancel flag
    progress: Callable[[int, int], None] | None = None  # simulated: (playouts done, planned)
    # pre-endgame: with 1 to ``presim_bag`` tiles in the bag and one opponent, the choice
    # is simulated as the expert simulates it (every draw played out when the bag holds one
    # or two tiles), with the counts below; 0: the static choice there too
    # 300 futures (the expert's count) against 100: on 1,000 paired games against the strong
    # as filed, +1.5% of games (standard error 0.6), +2.2 points a game: the pre-endgame is
    # where simulation gains most; a few moves a game take 1-3 s instead of under 1 s
    presim_bag = 14
    presim_playouts = 300
    presim_width = 8
    presim_budget_s = 3.0

    def ranked(self, pos: Position, n: int | None = None) -> list[Candidate]:
        """Moves by equity (score plus leave value), best first: all, or the top ``n``."""
        moves = self._generate(pos.board, pos.rack)
        leave_fn = self.leave_fn(pos)
        if n is not None:
            return top_by_equity(moves, pos, n, leave_fn)
        ranked = [
            _with_equity(c, c.score + leave_fn(c.leave, pos.bag_count))
            for c in (to_candidate(m, pos.rack) for m in moves)
        ]
        ranked.sort(key=lambda c: -c.equity)
        return ranked

    def _needs_all(self, pos: Position) -> bool:
        """The endgame looks at every move; elsewhere the top few by equity are enough."""
        return pos.bag_count == 0 and pos.opponents == 1

    def _endgame_applies(self, pos: Position) -> bool:
        return (self.exact_endgame and pos.bag_count == 0 and pos.opponents == 1
                and bool(pos.unseen) and not pos.rules.end_when_bag_empty)

    def choose(self, pos: Position, rng: random.Random) -> Decision:
        if self._endgame_applies(pos):
            exact = self._exact_endgame(pos)
            if exact is not None:
                return exact
        if 0 < pos.bag_count <= self.presim_bag and pos.opponents == 1 and pos.unseen:
            return self._pre_endgame(pos, rng)
        return self._decide(pos, self.ranked(pos, None if self._needs_all(pos) else 5))

    def _pre_endgame(self, pos: Position, rng: random.Random) -> Decision:
        """The choice simulated by an expert with this player's leaves and the presim
        counts."""
        expert = Expert(self._generate, self._size_of, self._leaves)
        expert.leave_fn = self.leave_fn  # the same leave values, a variant's included
        expert.should_stop = self.should_stop
        expert.progress = self.progress
        expert.playouts = self.presim_playouts
        expert.first_round = min(expert.first_round, self.presim_playouts)
        expert.width = self.presim_width
        expert.budget_s = self.presim_budget_s
        return expert.choose(pos, rng)

    def _exact_endgame(self, pos: Position) -> Decision | None:
        from .endgame import EndgameSolver

        solver = EndgameSolver(self._generate, pos.rules, node_limit=self.endgame_nodes,
                               budget_s=self.endgame_budget_s, should_stop=self.should_stop,
                               greedy_horizon=bool(self.endgame_horizon))
        res = solver.solve(pos.board, pos.rack, pos.unseen, pos.fails)
        how = "exact endgame" if res.exact else f"endgame searched {res.depth} plies"
        if res.move is None:
            return Decision("pass", reason=how, considered=res.nodes)
        score, down, line, start, word = res.move
        r, c = (start, line) if down else (line, start)
        for m in self._generate(pos.board, pos.rack):
            if (m.row, m.col, m.word) == (r, c, word) and \
                    (m.direction is Direction.DOWN) == bool(down):
                cand = _with_equity(to_candidate(m, pos.rack), float(res.value))
                return Decision("play", play=cand, reason=how, considered=res.nodes)
        return None

    def _decide(self, pos: Position, ranked: list[Candidate]) -> Decision:
        if pos.bag_count == 0 and pos.opponents == 1 and ranked:
            return self._endgame(pos, ranked)
        exch = self._exchange_option(pos)
        if not ranked:
            return exch or self._fallback(pos, 0)
        best = ranked[0]
        if exch is not None and exch_equity(pos, exch.exchange, self.leave_fn(pos)) > \
                best.equity + 2.0:
            return exch
        return Decision("play", play=best, considered=len(ranked), alternatives=tuple(ranked[:5]))

    def _exchange_option(self, pos: Position) -> Decision | None:
        if pos.bag_count < pos.rules.min_bag_for_exchange:
            return None
        keep = best_keep(pos.rack, pos.bag_count, self.leave_fn(pos))
        ex = _minus(pos.rack, keep)
        if not ex:
            return None
        return Decision("exchange", exchange=ex, reason=f"keeps {keep or 'nothing'}")

    def _endgame(self, pos: Position, ranked: list[Candidate]) -> Decision:
        """Bag empty, one opponent whose rack is the unseen tiles: look one reply ahead."""
        opp_rack = pos.unseen
        rules = pos.rules
        # going out swings the spread by twice the opponent's rack under every settlement:
        # standard (we gain it, they lose it) and tournament (we gain it twice)
        opp_value = tile_points(opp_rack, rules)
        best, best_val = None, None
        # out-plays first, then the top by score
        outs = [c for c in ranked if not c.leave]
        pool = outs[:3] + sorted(ranked, key=lambda c: -c.score)[: self.endgame_width]
        seen = set()
        for c in pool:
            key = (c.row, c.col, c.direction, c.word)
            if key in seen:
                continue
            seen.add(key)
            if not c.leave:
                val = c.score + 2 * opp_value
            else:
                board = apply_to_rows(pos.board, c)
                replies = self._generate(board, opp_rack)
                reply = max(_scores(replies), default=0)
                # if the opponent can go out, we also lose our leave (and they gain it)
                out_reply = len(opp_rack) in _tile_counts(replies)
                mine = tile_points(c.leave, rules)
                val = c.score - reply - (2 * mine if out_reply else 0)
            if best_val is None or val > best_val:
                best, best_val = c, val
        assert best is not None
        return Decision("play", play=_with_equity(best, float(best_val)), considered=len(ranked),
                        reason="endgame")


class Expert(Strong):
    level = "expert"
    width = 8  # candidates simulated: the best by static value
    playouts = 300  # sampled futures at most (a fixed count, so a seed replays the choice)
    first_round = 48  # futures every candidate meets; then only the finalists go on
    finalists = 3  # the static choice and the best others not clearly behind the leader
    min_playouts = 10  # before a candidate may be called clearly best
    infer_tries = 24  # leaves tested when inferring what the opponent kept
    plies = 2  # plies played out after the candidate: the opponent's reply, then the player's
    gate = 0.5  # standard errors a simulated gain must clear to leave the static choice
    # "win": each playout valued by the chance of winning from the score so far plus its
    # spread (simulation.win_chance); "spread": by its spread alone
    objective = "win"
    # a playout that empties the bag is played to the end of the game (Simulator.finish)
    to_end = True
    # a playout whose bag holds at most this many tiles after the candidate's draw is
    # played on to the end of the game (static moves and draws, Simulator.play_out)
    rollout_bag = 0
    # the best exchange (by the tiles kept) is simulated beside the plays when it is among
    # the best few by static value, or is the static choice
    exchanges = True
    # a safety cap for a slow or busy machine, not the normal stopping rule: the fixed counts
    # (playouts, endgame nodes) stop the search, so a seed replays the same choice
    budget_s = 3.5  # leaves room for ranking, inference and one slow generation under 5 s

    endgame_budget_s: float | None = 3.5  # exact search: a safety time cap; None: no cap
    endgame_nodes: int | None = 50000  # the normal stopping rule (deterministic): 1-3 s
    # one or two tiles in the bag: every draw is played out, so the means are not estimates
    # from a sample; every candidate plays every draw (no early stop, which in the draws'
    # letter order would judge on the first letters only), the draws in an order taken from
    # the seed (a time cap then cuts a fair part), and the best mean is played (no gate:
    # that guards against sampling noise, and there is none)
    exact_pre_endgame = True
    # the expert simulates every choice with tiles in the bag, the pre-endgame's included,
    # with its own counts above: Strong's hand-off to a simulation (presim_*) is not used
    presim_bag = 0

    def choose(self, pos: Position, rng: random.Random) -> Decision:
        if self._endgame_applies(pos):
            exact = self._exact_endgame(pos)
            if exact is not None:
                return exact
        everything = self.ranked(pos, None if self._needs_all(pos) else self.width)
        base = self._decide(pos, everything)
        if base.kind == "pass" or pos.bag_count == 0 or not pos.unseen or pos.opponents != 1:
            return base
        ranked: list = everything[: self.width]
        exch = None  # the best exchange, simulated beside the plays
        if self.exchanges:
            exch = base if base.kind == "exchange" else self._exchange_option(pos)
        if exch is None:
            if base.kind == "exchange":
                return base  # not simulated
        else:
            from .simulation import ExchangeCandidate

            keep = _minus(pos.rack, exch.exchange)
            ex = ExchangeCandidate(keep, exch.exchange,
                                   exch_equity(pos, exch.exchange, self.leave_fn(pos)))
            if base.kind == "exchange":  # the static choice comes first
                ranked = [ex] + ranked[: self.width - 1]
            elif len(ranked) < self.width or ex.equity > ranked[-1].equity:
                # the exchange is simulated when it is among the best by static value
                ranked = ranked[: self.width - 1] + [ex]
        if len(ranked) < 2:
            return base
        return self.simulate(pos, ranked, rng, base)

    def _pick(self, out, exact: bool = False) -> int:
        """The candidate to play: the static choice (index 0) unless another beats it in
        the playouts by more than ``gate`` standard errors of the paired difference (every
        candidate met the same futures).  The plain maximum of a few dozen noisy means
        picks near random among close candidates: measured, it played no better than the
        static choice.  With the finalists' few hundred futures, a gate of one standard
        error won 58.5% of 200 games against strong where two won 53.5% (same seeds); on
        200 other seeds, half a standard error won 56.8% (+17 a game), one 54.5% (+13) and
        none (the plain maximum) 57.2% but only +10 a game.  ``exact``: the values cover
        every draw (one or two tiles in the bag), not a sample, so the best mean is played."""
        means = out.means()
        if self.gate <= 0 or exact:  # ties: the static choice, then the order of ranking
            return max(range(len(means)), key=lambda i: (means[i], -i))
        best_i, best_gain = 0, 0.0
        for i in range(1, len(means)):
            m, se = paired_gain(out.values, out.weights, i, 0)
            if m > self.gate * se and m > best_gain:
                best_i, best_gain = i, m
        return best_i

    def _rounds(self, sim: Simulator, board, ranked: list[Candidate], futures: list,
                sampled: bool, exact: bool = False):
        """Every candidate over the first ``first_round`` futures; then the finalists (the
        static choice, index 0, and the best by mean of those not clearly behind the
        leader) over the rest, so the playouts go where the choice is close.  Returns the
        outcome over the finalists (their first-round values joined to the rest) and the
        finalists' indices in ``ranked`` (the static choice first).  Enumerated futures
        (one or two tiles in the bag) are all played by every candidate; ``exact``: every
        one of them, without the early stop."""
        first = futures[: self.first_round] if sampled else futures
        rest = futures[len(first):]
        width = len(ranked)
        plan = width * len(first) + min(self.finalists, width) * len(rest)
        progress = self.progress

        def step(offset: int, per: int):
            if progress is None:
                return None
            return lambda done, _planned: progress(offset + done * per, plan)

        out1 = sim.run(board, ranked, first, progress=step(0, width),
                       min_playouts=len(first) if exact else min(self.min_playouts, len(first)))
        if not rest or out1.stopped != "done" or len(out1.values) < 2:
            return out1, list(range(width))
        means = out1.means()
        lead = max(range(width), key=lambda i: (means[i], -i))
        others = []
        for i in sorted(range(1, width), key=lambda i: (-means[i], i)):
            if i != lead:
                m, se = paired_gain(out1.values, out1.weights, lead, i)
                if m > self.gate * se:
                    continue  # clearly behind the leader: no more playouts
            others.append(i)
        kept = [0] + others[: self.finalists - 1]
        if len(kept) < 2:
            return out1, list(range(width))
        out2 = sim.run(board, [ranked[i] for i in kept], rest,
                       progress=step(width * len(first), len(kept)),
                       min_playouts=min(self.min_playouts, len(rest)))

        def pick(rows):
            return [[row[i] for i in kept] for row in rows]

        joined = SimOutcome(pick(out1.values) + out2.values, out1.weights + out2.weights,
                            out2.stopped, pick(out1.spreads) + out2.spreads)
        return joined, kept

    def simulate(self, pos: Position, ranked: list[Candidate], rng: random.Random,
                 base: Decision) -> Decision:
        """Play the candidates out two plies over the same futures (see simulation.py)."""
        leave_fn = self.leave_fn(pos)
        lead = None
        if self.objective == "win":
            lead = pos.lead
        sim = Simulator(self._generate, pos.rules, leave_fn, should_stop=self.should_stop,
                        deadline=time.perf_counter() + self.budget_s, plies=self.plies,
                        lead=lead, to_end=bool(self.to_end) and not pos.rules.end_when_bag_empty,
                        rollout_bag=self.rollout_bag)
        leaves: list[str] = []
        if pos.last_play is not None and pos.bag_count > 2:
            leaves = sim.infer_leaves(pos.last_play, pos.unseen, rng, self.infer_tries)
        every = sim.every_draw(pos.unseen, pos.bag_count)  # one or two tiles in the bag
        enumerated = every is not None
        exact = self.exact_pre_endgame and enumerated and len(every) <= self.playouts
        if exact:
            futures = every
            rng.shuffle(futures)
        else:
            futures = sim.futures(pos.unseen, pos.bag_count, rng, self.playouts, leaves)
        out, kept = self._rounds(sim, pos.board, ranked, futures, not enumerated, exact)
        if len(out.values) < 2:
            return base
        means = out.spread_means()  # the equity shown: points, whatever the objective
        # among the finalists; the best mean when every draw was played out
        j = self._pick(out, exact and out.stopped not in ("time", "cancel"))
        best_i = kept[j]
        how = "pre-endgame" if enumerated else "simulated"
        note = f"{how} {len(out.values)} futures"
        if leaves:
            note += f", opponent's leave inferred ({len(set(leaves))} kept)"
        if out.stopped in ("time", "cancel"):  # a safety stop, not the fixed count
            note += f" ({'time cap' if out.stopped == 'time' else 'cancelled'})"
        plays = tuple(c for c in ranked if type(c) is Candidate)[:5]
        chosen = ranked[best_i]
        if type(chosen) is not Candidate:  # the exchange
            return Decision("exchange", exchange=chosen.thrown, considered=base.considered,
                            reason=f"{note}; keeps {chosen.keep or 'nothing'}",
                            alternatives=plays)
        best = _with_equity(chosen, means[j])
        return Decision("play", play=best, considered=base.considered, reason=note,
                        alternatives=plays)


class StrongHandmade(Strong):
    """The strong level as it was before the fitted leaves and the pre-endgame simulation:
    the hand-made tile values, the static choice until the bag is empty."""

    level = "strong-handmade"
    fitted = False
    presim_bag = 0
    endgame_nodes = 5000  # the search strong had then (a baseline does not move with it)


# baseline levels for benchmarks and self-play (not offered in the game's level menu)
BASELINE_LEVELS: Mapping[str, str] = {
    "strong-handmade": "Master with hand-made leave values (baseline)",
}
ALL_LEVELS: Mapping[str, str] = {**LEVELS, **BASELINE_LEVELS}

PLAYER_CLASSES: Mapping[str, type[Player]] = {
    "beginner": Beginner, "intermediate": Intermediate, "strong": Strong, "expert": Expert,
    "strong-handmade": StrongHandmade,
}


def make_player(level: str, generate: Generator, sizes=None, leaves=None) -> Player:
    try:
        return PLAYER_CLASSES[level](generate, sizes, leaves)
    except KeyError:
        raise ValueError(f"unknown computer level {level!r}; choose one of: "
                         f"{', '.join(ALL_LEVELS)}") from None


def rng_for(pos: Position) -> random.Random:
    """The player's randomness for this turn: derived from the game's seed, so games replay."""
    return random.Random(f"{pos.seed}:{pos.turn}:{pos.player}")


def hints(pos: Position, generate: Generator, n: int = 10) -> list[Candidate]:
    """The top ``n`` moves for the rack by equity (score plus leave value)."""
    return Strong(generate).ranked(pos, n) if n > 0 else []


def leave_bound(rack: str, bag_count: int, leave_fn) -> float:
    """The best value any part of ``rack`` (the empty part included) has as a leave: no
    move of the rack can be worth more than its score plus this."""
    if isinstance(leave_fn, LeaveModel):
        return leave_fn.bound(rack, bag_count)
    return _best_part(rack, lambda part: leave_fn(part, bag_count))


def _best_part(rack: str, value: Callable[[str], float]) -> float:
    """The highest ``value`` of any part of ``rack`` (as a sorted string; "" included)."""
    return max(value("".join(c)) for k in range(len(rack) + 1)
               for c in set(itertools.combinations(sorted(rack), k)))


def top_by_equity(moves, pos: Position, n: int, leave_fn=None) -> list[Candidate]:
    """The top ``n`` of ``moves`` by equity: exactly the full ranking's first ``n``, without
    making every move a candidate.

    A move's equity is at most its score plus the best leave value any part of the rack can
    have, so the moves are visited by score, highest first, and the visit stops when even
    that bound falls below the ``n``-th best equity found.  A rack with two blanks has
    100 000 moves; only the few hundred near the top are made into candidates.
    """
    if n <= 0:
        return []
    leave_value = leave_fn or handmade_leaves(pos.rules)
    scores = _scores(moves)
    bound = leave_bound(pos.rack, pos.bag_count, leave_value)
    values: dict[str, float] = {}
    best: list[tuple[float, int, Candidate]] = []  # (-equity, generation index, candidate)
    for i in sorted(range(len(scores)), key=scores.__getitem__, reverse=True):
        if len(best) >= n and scores[i] + bound < -best[-1][0]:
            break  # no move from here on can reach the n-th best equity
        c = to_candidate(moves[i], pos.rack)
        if c.leave not in values:
            values[c.leave] = leave_value(c.leave, pos.bag_count)
        item = (-(c.score + values[c.leave]), i, c)
        if len(best) < n or item[:2] < best[-1][:2]:
            best.append(item)
            best.sort(key=lambda t: t[:2])  # ties in generation order, as a stable sort has them
            del best[n:]
    return [_with_equity(c, -neg) for neg, _i, c in best]


# ---------------------------------------------------------------------------- helpers
def _last_play(game) -> LastPlay | None:
    """The opponent's turn just before this one, when it was a tile play (two players)."""
    if len(game.players) != 2 or not game.history:
        return None
    rec = game.history[-1]
    if rec.kind is not TurnKind.PLAY or rec.player == game.current or rec.move is None:
        return None
    rows = [list(r) for r in game.board.rows_text()]
    played = []
    for pl in rec.move.placements:
        rows[pl.coord.row][pl.coord.col] = "."
        played.append(BLANK if pl.tile.is_blank else pl.letter.upper())
    return LastPlay(tuple("".join(r) for r in rows), "".join(played), rec.score)


def to_candidate(move, rack: str) -> Candidate:
    """Adapt a generated move (row, col, direction, word, score, tiles, leave)."""
    direction = move.direction
    if not isinstance(direction, Direction):
        direction = Direction(direction)
    tiles = tuple((r, c, letter.upper(), bool(blank)) for r, c, letter, blank in move.tiles)
    leave = getattr(move, "leave", None)
    if leave is None:
        used = "".join(BLANK if b else letter for _, _, letter, b in tiles)
        leave = _minus(rack, used)
    return Candidate(move.row, move.col, direction, move.word, move.score, tiles, leave)


def _scores(moves) -> list[int]:
    """Scores of generated moves; the engine's MoveList gives them without building moves."""
    return moves.scores() if hasattr(moves, "scores") else [m.score for m in moves]


def _tile_counts(moves) -> list[int]:
    """Tiles placed by each generated move, in generation order, without building moves."""
    return moves.tile_counts() if hasattr(moves, "tile_counts") else [len(m.tiles) for m in moves]


def _with_equity(c: Candidate, equity: float) -> Candidate:
    return Candidate(c.row, c.col, c.direction, c.word, c.score, c.tiles, c.leave, equity)


def _minus(rack: str, used: str) -> str:
    out = list(rack)
    for ch in used:
        out.remove(ch)
    return "".join(out)


def best_keep(rack: str, bag_count: int = 100, leave_fn=None) -> str:
    """The subset of ``rack`` with the best leave value (what to keep when exchanging)."""
    leave_value = leave_fn or handmade_leave_value
    best, best_val = "", leave_value("", bag_count)
    letters = sorted(rack)
    seen = set()
    for k in range(1, len(letters)):
        for combo in itertools.combinations(letters, k):
            if combo in seen:
                continue
            seen.add(combo)
            v = leave_value("".join(combo), bag_count)
            if v > best_val:
                best, best_val = "".join(combo), v
    return best


def exch_equity(pos: Position, exchange: str, leave_fn=None) -> float:
    keep = _minus(pos.rack, exchange)
    return (leave_fn or handmade_leaves(pos.rules))(keep, pos.bag_count)


def apply_to_rows(board: Sequence[str], cand: Candidate) -> tuple[str, ...]:
    rows = [list(r) for r in board]
    for r, c, letter, blank in cand.tiles:
        rows[r][c] = letter.lower() if blank else letter
    return tuple("".join(r) for r in rows)


def decision_to_move(game, decision: Decision) -> Move:
    """Turn a decision into a Move with the current player's real tiles."""
    if decision.kind == "play" and decision.play is not None:
        letters = "".join(BLANK if blank else letter for _, _, letter, blank in decision.play.tiles)
        tiles = game.tiles_for_letters(letters)
        return Move.play(
            Placement(t, Coord(r, c), letter)
            for t, (r, c, letter, _) in zip(tiles, decision.play.tiles)
        )
    if decision.kind == "exchange":
        return Move.exchange(game.tiles_for_letters(decision.exchange))
    return Move.pass_turn()


__all__ = [
    "LEVELS", "ALL_LEVELS", "BASELINE_LEVELS", "LeaveModel", "fitted_leaves", "Position", "Candidate", "Decision", "leave_value", "handmade_leaves", "make_player", "hints",
    "decision_to_move", "rng_for", "best_keep",
]
