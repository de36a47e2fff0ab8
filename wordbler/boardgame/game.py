"""The game: the one owner of mutable state (board, bag, racks, scores, history).

Every public method validates first and mutates second, so a refused move leaves no trace.
All randomness of the bag goes through ``Game.rng``, a ``random.Random`` seeded from
``Game.seed``: replaying the same moves on a game with the same seed gives the same draws.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from typing import Container, Iterable, Sequence

from .board import Board
from .model import (
    Coord,
    DrawRound,
    EndReason,
    FirstDraw,
    Move,
    MoveKind,
    Outcome,
    Placement,
    ScoreBreakdown,
    Tile,
    TurnKind,
    TurnRecord,
)
from .placement import IllegalMove, Reason, analyze, invalid_words
from .rules import STANDARD, ChallengeRule, InvalidWordPolicy, RuleSet, Settlement


#: the largest head start a player may be given (the setup dialog offers 0 to 200 points)
MAX_HANDICAP = 1000


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """Who sits in a seat.  ``computer`` is a level name, or None for a human.

    ``handicap`` is the player's head start: the points they have before the first move
    (0 to :data:`MAX_HANDICAP`), to even a game between players of different strength.  It
    is in every total and the final score, and in no turn's score."""

    name: str
    mascot: str | None = None
    computer: str | None = None
    handicap: int = 0


class Bag:
    """The undrawn tiles.  Draws take from the end of a list shuffled by the game's rng."""

    __slots__ = ("_tiles", "_rng")

    def __init__(self, tiles: Iterable[Tile], rng: random.Random) -> None:
        self._tiles = list(tiles)
        self._rng = rng
        self._rng.shuffle(self._tiles)

    def __len__(self) -> int:
        return len(self._tiles)

    def tiles(self) -> tuple[Tile, ...]:
        """The tiles in draw order (the next drawn is last)."""
        return tuple(self._tiles)

    def draw(self, n: int) -> list[Tile]:
        n = min(n, len(self._tiles))
        if n <= 0:
            return []
        drawn = self._tiles[-n:]
        del self._tiles[-n:]
        drawn.reverse()
        return drawn

    def put_back(self, tiles: Iterable[Tile]) -> None:
        """Return tiles and shuffle them in."""
        self._tiles.extend(tiles)
        self._rng.shuffle(self._tiles)


@dataclass(frozen=True, slots=True)
class Preview:
    """What a placement would do: a breakdown (when the shape is legal), or the error."""

    breakdown: ScoreBreakdown | None
    error: IllegalMove | None
    invalid_words: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.breakdown is not None and self.error is None and not self.invalid_words


def draw_rank(tile: Tile, alphabet=None) -> int:
    """Lower is better in the draw for first player: a blank, then the alphabet's order
    (A, B, ... in English; А, Б, ... in Russian).  ``alphabet`` defaults to A-Z."""
    if tile.is_blank:
        return -1
    if alphabet is not None and tile.letter in alphabet:
        return alphabet.index(tile.letter)
    return ord(tile.letter) - ord("A")


class Game:
    def __init__(
        self,
        players: Sequence[PlayerSpec | str],
        rules: RuleSet = STANDARD,
        lexicon: Container[str] | None = None,
        seed: int | None = None,
    ) -> None:
        specs = tuple(p if isinstance(p, PlayerSpec) else PlayerSpec(p) for p in players)
        if not rules.min_players <= len(specs) <= rules.max_players:
            raise ValueError(
                f"the {rules.title} rules are for {rules.min_players}-{rules.max_players} "
                f"players, not {len(specs)}"
            )
        names = [s.name.strip() for s in specs]
        if any(not n for n in names):
            raise ValueError("every player needs a name")
        if len({n.casefold() for n in names}) != len(names):
            raise ValueError("player names must be unique")
        for spec in specs:
            h = spec.handicap
            if isinstance(h, bool) or not isinstance(h, int) or not 0 <= h <= MAX_HANDICAP:
                raise ValueError(f"a head start is a whole number of points from 0 to "
                                 f"{MAX_HANDICAP}, not {h!r} ({spec.name})")

        self.rules = rules
        self.lexicon = lexicon
        self.seed = seed if seed is not None else secrets.randbits(63)
        self.rng = random.Random(self.seed)
        self.tiles: tuple[Tile, ...] = tuple(
            Tile(i, letter) for i, letter in enumerate(rules.tiles.letters())
        )
        self.bag = Bag(self.tiles, self.rng)
        self.board = Board(rules.layout)
        self.first_draw = self._draw_for_first(len(specs))
        # seats in turn order: the draw's winner first
        w = self.first_draw.winner
        self.seat_order: tuple[int, ...] = tuple((w + i) % len(specs) for i in range(len(specs)))
        self.players: tuple[PlayerSpec, ...] = tuple(specs[i] for i in self.seat_order)
        self.racks: list[list[Tile]] = [self.bag.draw(rules.rack_size) for _ in self.players]
        self.scores: list[int] = [p.handicap for p in self.players]  # the head starts
        self.current = 0
        self.fails = 0  # consecutive failed (scoreless) turns
        self.history: list[TurnRecord] = []
        self.outcome: Outcome | None = None
        self.pending: tuple[Placement, ...] = ()
        # the game clock (wordbler.boardgame.clock.GameClock) when one is used: saved with
        # the game as #wordbler-clock; the rules never read it
        self.clock = None

    # ----------------------------------------------------------------- queries
    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def handicaps(self) -> tuple[int, ...]:
        """Each player's head start (turn order): their score before the first move."""
        return tuple(p.handicap for p in self.players)

    @property
    def first_move(self) -> bool:
        return self.board.is_empty()

    def rack(self, player: int | None = None) -> tuple[Tile, ...]:
        return tuple(self.racks[self.current if player is None else player])

    def rack_letters(self, player: int | None = None) -> str:
        return "".join(t.letter for t in self.rack(player))

    def rack_value(self, player: int) -> int:
        return sum(self.rules.tiles.value(t.letter) for t in self.racks[player])

    def tile_count(self) -> int:
        """Tiles in the bag, on the racks and on the board: always the whole set."""
        return len(self.bag) + sum(len(r) for r in self.racks) + len(self.board)

    def can_exchange(self) -> IllegalMove | None:
        """None if the current player may exchange now, else why not."""
        if self.is_over:
            return IllegalMove(Reason.GAME_OVER)
        if len(self.bag) < self.rules.min_bag_for_exchange:
            return IllegalMove(
                Reason.EXCHANGE_BAG_TOO_SMALL,
                detail=f"{len(self.bag)} left, {self.rules.min_bag_for_exchange} needed",
            )
        return None

    def unseen_letters(self, player: int | None = None) -> str:
        """Letters not on the board and not on ``player``'s rack (bag + other racks)."""
        p = self.current if player is None else player
        out = [t.letter for t in self.bag.tiles()]
        for i, r in enumerate(self.racks):
            if i != p:
                out.extend(t.letter for t in r)
        return "".join(sorted(out))

    def preview(self, placements: Sequence[Placement] | None = None) -> Preview:
        """Validate and score ``placements`` (default: the pending ones) without changing state."""
        placements = self.pending if placements is None else tuple(placements)
        try:
            self._check_tiles_in_rack(placements)
            breakdown = analyze(self.board, placements, self.rules)
        except IllegalMove as e:
            return Preview(None, e)
        bad = tuple(invalid_words(breakdown, self.lexicon))
        err = IllegalMove(Reason.INVALID_WORDS, words=bad) if bad else None
        return Preview(breakdown, err, bad)

    # ----------------------------------------------------------------- pending tiles
    def set_pending(self, placements: Sequence[Placement]) -> None:
        """Record the tiles placed this turn but not yet submitted (the candidate).

        Checks only that the tiles are the current player's, each placed once, and the squares
        free; the shape is checked by :meth:`preview` and :meth:`play`.
        """
        placements = tuple(placements)
        if self.is_over and placements:
            raise IllegalMove(Reason.GAME_OVER)
        self._check_tiles_in_rack(placements)
        seen: set[Coord] = set()
        used: set[int] = set()  # one rack tile on two squares would leave the rack short
        for p in placements:
            if not self.board.in_bounds(p.coord):
                raise IllegalMove(Reason.OFF_BOARD, [p.coord])
            if self.board.is_occupied(p.coord):
                raise IllegalMove(Reason.OCCUPIED, [p.coord])
            if p.coord in seen:
                raise IllegalMove(Reason.DUPLICATE_SQUARE, [p.coord])
            if p.tile.id in used:
                raise IllegalMove(Reason.DUPLICATE_TILE, [p.coord])
            if p.letter not in self.rules.alphabet:
                raise IllegalMove(Reason.NOT_A_LETTER, [p.coord])
            seen.add(p.coord)
            used.add(p.tile.id)
        self.pending = placements

    # ----------------------------------------------------------------- moves
    def apply(self, move: Move) -> TurnRecord:
        if move.kind is MoveKind.PLAY:
            return self.play(move.placements)
        if move.kind is MoveKind.EXCHANGE:
            return self.exchange(move.exchanged)
        return self.pass_turn()

    def play(
        self,
        placements: Sequence[Placement] | None = None,
        *,
        judge: Container[str] | None = None,
    ) -> TurnRecord:
        """Play ``placements`` (default: the pending tiles) for the current player.

        ``judge``, if given, decides which words are valid instead of the game's lexicon:
        rebuilding a recorded game replays each play as it was judged then.
        """
        placements = self.pending if placements is None else tuple(placements)
        self._check_not_over()
        self._check_tiles_in_rack(placements)
        breakdown = analyze(self.board, placements, self.rules)
        bad = tuple(invalid_words(breakdown, self.lexicon if judge is None else judge))
        player = self.current
        rack_before = self.rack()
        move = Move.play(placements)
        if bad and judge is None and self.rules.challenge is not ChallengeRule.NONE:
            bad = ()  # challenge rules: the play stands unless it is challenged
        elif bad and judge is not None and self.rules.challenge is not ChallengeRule.NONE:
            # a rebuilt record: the play was challenged off (written as play, then "--")
            record = self._record(
                player, TurnKind.FAILED_PLAY, rack_before, move=move, breakdown=breakdown,
                invalid_words=bad,
            )
            self.fails += 1
            return self._end_turn(record, played=False)
        if bad:
            if self.rules.invalid_word_policy is InvalidWordPolicy.REFUSE:
                raise IllegalMove(Reason.INVALID_WORDS, words=bad)
            record = self._record(
                player, TurnKind.FAILED_PLAY, rack_before, move=move, breakdown=breakdown,
                invalid_words=bad,
            )
            self.fails += 1
            return self._end_turn(record, played=False)

        self._fails_before_play = self.fails  # what a challenge that takes it back restores
        self.board.put(placements)
        used = {p.tile.id for p in placements}
        self.racks[player] = [t for t in self.racks[player] if t.id not in used]
        drawn = tuple(self.bag.draw(self.rules.rack_size - len(self.racks[player])))
        self.racks[player].extend(drawn)
        self.scores[player] += breakdown.total
        record = self._record(
            player, TurnKind.PLAY, rack_before, move=move, breakdown=breakdown,
            score=breakdown.total, drawn=drawn,
        )
        if breakdown.total == 0 and self.rules.zero_score_play_counts:
            self.fails += 1
        else:
            self.fails = 0
        return self._end_turn(record, played=True)

    def exchange(self, tiles: Sequence[Tile]) -> TurnRecord:
        self._check_not_over()
        tiles = tuple(tiles)
        if not tiles:
            raise IllegalMove(Reason.EXCHANGE_EMPTY)
        problem = self.can_exchange()
        if problem:
            raise problem
        self._check_tiles_in_rack(tiles)
        if len({t.id for t in tiles}) != len(tiles):
            raise IllegalMove(Reason.DUPLICATE_TILE)
        player = self.current
        rack_before = self.rack()
        ids = {t.id for t in tiles}
        # returned tiles go in by letter, so the bag's future depends on letters only, not on
        # which of two equal tiles the player picked: a record of letters replays exactly
        returned = sorted((t for t in self.racks[player] if t.id in ids), key=lambda t: t.letter)
        self.racks[player] = [t for t in self.racks[player] if t.id not in ids]
        self.bag.put_back(returned)
        drawn = tuple(self.bag.draw(len(returned)))
        self.racks[player].extend(drawn)
        record = self._record(
            player, TurnKind.EXCHANGE, rack_before, move=Move.exchange(returned), drawn=drawn
        )
        self.fails += 1
        return self._end_turn(record, played=False)

    def pass_turn(self) -> TurnRecord:
        self._check_not_over()
        record = self._record(self.current, TurnKind.PASS, self.rack(), move=Move.pass_turn())
        self.fails += 1
        return self._end_turn(record, played=False)

    def take_hint(self, note: str = "") -> TurnRecord:
        """Record that the current player took a hint; it costs ``rules.hint_cost`` points.

        Does not end the turn.
        """
        self._check_not_over()
        if not self.rules.hints_allowed:
            raise IllegalMove(Reason.HINTS_DISABLED)
        player = self.current
        cost = self.rules.hint_cost
        self.scores[player] -= cost
        record = self._record(player, TurnKind.HINT, self.rack(), score=-cost, note=note)
        self.history.append(record)
        return record

    # ----------------------------------------------------------------- challenges
    def challengeable(self) -> TurnRecord | None:
        """The play the player to move may challenge now, or None.

        Only under challenge rules, only the play just made (nothing since, not even a
        hint), by another player, and not one that ended the game.
        """
        if self.rules.challenge is ChallengeRule.NONE or self.is_over or not self.history:
            return None
        last = self.history[-1]
        if last.kind is not TurnKind.PLAY or last.player == self.current:
            return None
        return last

    def challenge(self, judge: Container[str] | None = None) -> TurnRecord:
        """The player to move challenges the play just made.

        Every word the play formed is looked up (in ``judge`` if given, else the game's
        lexicon).  If one is not valid, the play is taken back: its tiles go back to the
        player's rack, the tiles drawn go back to the bag as they were, its score is taken
        off, and its record becomes a failed play (exactly what a failed play would have
        left).  If all are valid: under double challenge the challenger loses this turn (a
        pass with a note); under single challenge the player challenged gains
        ``rules.challenge_bonus`` points and the challenger plays on.
        """
        if self.rules.challenge is ChallengeRule.NONE:
            raise IllegalMove(Reason.CHALLENGE_OFF)
        self._check_not_over()
        last = self.challengeable()
        if last is None or last.breakdown is None or last.move is None:
            raise IllegalMove(Reason.NOTHING_TO_CHALLENGE)
        bad = tuple(invalid_words(last.breakdown, self.lexicon if judge is None else judge))
        mover = last.player
        if bad:
            placements = last.move.placements
            self.board.take(p.coord for p in placements)
            self.bag._tiles.extend(reversed(last.drawn))  # back where they were drawn from
            self.racks[mover] = list(last.rack_before)
            self.scores[mover] -= last.score
            self.fails = getattr(self, "_fails_before_play", 0) + 1
            record = TurnRecord(
                number=last.number, player=mover, kind=TurnKind.FAILED_PLAY,
                rack_before=last.rack_before, move=last.move, breakdown=last.breakdown,
                invalid_words=bad, score=0, total=self.scores[mover], note=last.note,
            )
            self.history[-1] = record
            self.pending = ()
            # the end of the game as a failed play would have decided it (an empty bag under
            # end_when_bag_empty has ended the game already: no challenge then)
            if self.fails >= self.rules.fail_limit:
                self.current = mover
                self._finish(EndReason.FAIL_LIMIT)
            return record
        if self.rules.challenge is ChallengeRule.DOUBLE:
            self.pending = ()
            record = self._record(self.current, TurnKind.PASS, self.rack(), move=Move.pass_turn(),
                                  note="lost turn: the challenge failed")
            self.fails += 1
            return self._end_turn(record, played=False)
        bonus = self.rules.challenge_bonus
        self.scores[mover] += bonus
        record = self._record(mover, TurnKind.CHALLENGE_BONUS, self.rack(mover), score=bonus)
        self.history.append(record)
        return record

    # ----------------------------------------------------------------- time
    def time_penalty(self, player: int, points: int) -> TurnRecord:
        """Take ``points`` off ``player``'s final score for time over (a chess clock).

        Only once the game is over, once per player; the winners are decided again.
        """
        if not self.is_over:
            raise ValueError("time penalties are settled when the game is over")
        if not 0 <= player < len(self.players):
            raise ValueError(f"no player {player}")
        if isinstance(points, bool) or not isinstance(points, int) or points <= 0:
            raise ValueError(f"a time penalty is a positive number of points, not {points!r}")
        if any(r.kind is TurnKind.TIME_PENALTY and r.player == player for r in self.history):
            raise ValueError(f"{self.players[player].name} already has a time penalty")
        self.scores[player] -= points
        record = self._record(player, TurnKind.TIME_PENALTY, self.rack(player), score=-points)
        self.history.append(record)
        assert self.outcome is not None
        best = max(self.scores)
        self.outcome = Outcome(self.outcome.reason, tuple(self.scores),
                               tuple(i for i, s in enumerate(self.scores) if s == best),
                               self.outcome.went_out)
        return record

    # ----------------------------------------------------------------- rack order
    def reorder_rack(self, tile_ids: Sequence[int], player: int | None = None) -> None:
        """Put the rack in the given order (a permutation of its tile ids)."""
        p = self.current if player is None else player
        by_id = {t.id: t for t in self.racks[p]}
        if sorted(tile_ids) != sorted(by_id):
            raise ValueError("reorder must name exactly the tiles on the rack")
        self.racks[p] = [by_id[i] for i in tile_ids]

    def tiles_for_letters(self, letters: str, player: int | None = None) -> list[Tile]:
        """Tiles of the rack showing ``letters`` (``?`` for a blank), first match each.

        Raises :class:`IllegalMove` (NOT_IN_RACK) when the rack lacks a letter.
        """
        pool = list(self.racks[self.current if player is None else player])
        out = []
        for ch in letters:
            for i, t in enumerate(pool):
                if t.letter == ch:
                    out.append(pool.pop(i))
                    break
            else:
                raise IllegalMove(Reason.NOT_IN_RACK, detail="blank" if ch == "?" else ch)
        return out

    # ----------------------------------------------------------------- internals
    def _check_not_over(self) -> None:
        if self.is_over:
            raise IllegalMove(Reason.GAME_OVER)

    def _check_tiles_in_rack(self, items: Iterable[Placement | Tile]) -> None:
        rack_ids = {t.id for t in self.racks[self.current]}
        for item in items:
            tile = item.tile if isinstance(item, Placement) else item
            if tile.id not in rack_ids or self.tiles[tile.id] != tile:
                squares = [item.coord] if isinstance(item, Placement) else []
                raise IllegalMove(Reason.NOT_IN_RACK, squares, detail=f"tile {tile.letter}")

    def _record(self, player: int, kind: TurnKind, rack_before, **kw) -> TurnRecord:
        score = kw.pop("score", 0)
        return TurnRecord(
            number=len(self.history) + 1,
            player=player,
            kind=kind,
            rack_before=tuple(rack_before),
            score=score,
            total=self.scores[player],
            **kw,
        )

    def _end_turn(self, record: TurnRecord, played: bool) -> TurnRecord:
        self.history.append(record)
        self.pending = ()
        player = record.player
        if played and not self.racks[player] and not len(self.bag):
            self._finish(EndReason.WENT_OUT, went_out=player)
        elif self.rules.end_when_bag_empty and not len(self.bag):
            self._finish(EndReason.BAG_EMPTY, went_out=player if not self.racks[player] else None)
        elif self.fails >= self.rules.fail_limit:
            self._finish(EndReason.FAIL_LIMIT)
        else:
            self.current = (self.current + 1) % len(self.players)
        return record

    def _finish(self, reason: EndReason, went_out: int | None = None) -> None:
        n = len(self.players)
        order = [(self.current + 1 + i) % n for i in range(n)]  # after the mover, in turn order
        tournament = self.rules.settlement is Settlement.TOURNAMENT
        gained: list[Tile] = []
        gain = 0
        for p in order:
            if p == went_out:
                continue
            rack = tuple(self.racks[p])
            value = self.rack_value(p)
            gained.extend(rack)
            gain += value
            if went_out is not None and tournament:
                continue  # the opponent loses nothing under tournament rules
            if rack:
                self.scores[p] -= value
                self.history.append(
                    self._record(p, TurnKind.SETTLEMENT, rack, score=-value, settled_tiles=rack)
                )
        if went_out is not None and gained:
            points = gain * (2 if tournament else 1)
            self.scores[went_out] += points
            self.history.append(
                self._record(
                    went_out, TurnKind.SETTLEMENT, (), score=points, settled_tiles=tuple(gained)
                )
            )
        best = max(self.scores)
        winners = tuple(i for i, s in enumerate(self.scores) if s == best)
        self.outcome = Outcome(reason, tuple(self.scores), winners, went_out)
        self.pending = ()

    def _draw_for_first(self, n: int) -> FirstDraw:
        """Each player draws a tile; a blank wins, else the letter nearest A; ties redraw."""
        contenders = list(range(n))
        rounds = []
        alphabet = self.rules.alphabet
        while True:
            drawn = self.bag.draw(len(contenders))
            pairs = tuple(zip(contenders, drawn))
            rounds.append(DrawRound(pairs))
            self.bag.put_back(drawn)
            best = min(draw_rank(t, alphabet) for _, t in pairs)
            contenders = [p for p, t in pairs if draw_rank(t, alphabet) == best]
            if len(contenders) == 1:
                return FirstDraw(tuple(rounds), contenders[0])
