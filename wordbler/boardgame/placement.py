"""Placement validation and scoring.

:func:`analyze` checks the shape of a placement against the committed board (line, gaps,
occupied squares, first move, connection) and scores every word it forms.  It does not look
at a dictionary: :func:`invalid_words` does that, so a caller can preview a score for a
placement whose words are not (yet) known to be valid.
"""

from __future__ import annotations

import enum
from typing import Container, Iterable, Mapping, Sequence

from .board import Board
from .model import (
    Coord,
    Direction,
    LetterScore,
    Placement,
    ScoreBreakdown,
    WordScore,
)
from .rules import RuleSet


class Reason(enum.Enum):
    """Why a move was refused."""

    NO_TILES = "no tiles placed"
    OFF_BOARD = "a tile is off the board"
    OCCUPIED = "a square is already occupied"
    DUPLICATE_SQUARE = "two tiles on one square"
    DUPLICATE_TILE = "one tile placed twice"
    NOT_IN_LINE = "tiles are not in one row or column"
    GAP = "there is a gap between the tiles"
    FIRST_NOT_ON_START = "the first word must cover the centre star"
    FIRST_TOO_FEW_TILES = "the first word needs more tiles"
    NOT_CONNECTED = "the word must touch tiles already on the board"
    NOT_IN_RACK = "a tile is not on the player's rack"
    NOT_A_LETTER = "a tile shows a letter that is not in this game's alphabet"
    INVALID_WORDS = "not in the dictionary"
    EXCHANGE_EMPTY = "choose at least one tile to exchange"
    EXCHANGE_BAG_TOO_SMALL = "too few tiles in the bag to exchange"
    GAME_OVER = "the game is over"
    HINTS_DISABLED = "hints are disabled by the rules"
    CHALLENGE_OFF = "challenges are not part of these rules"
    NOTHING_TO_CHALLENGE = "there is no play to challenge"


class IllegalMove(ValueError):
    """A refused move.  ``reason`` is a :class:`Reason`; ``squares`` and ``words`` name the fault."""

    def __init__(
        self,
        reason: Reason,
        squares: Iterable[Coord] = (),
        words: Iterable[str] = (),
        detail: str = "",
    ) -> None:
        self.reason = reason
        self.squares = tuple(squares)
        self.words = tuple(words)
        self.detail = detail
        text = reason.value
        if self.words:
            text = f"{', '.join(self.words)}: {text}"
        elif self.squares:
            text = f"{text} ({', '.join(c.label for c in self.squares)})"
        if detail:
            text = f"{text}: {detail}"
        super().__init__(text)


def analyze(board: Board, placements: Sequence[Placement], rules: RuleSet) -> ScoreBreakdown:
    """Validate the shape of ``placements`` on ``board`` and score them.

    Raises :class:`IllegalMove` with the precise reason; never changes ``board``.
    """
    if not placements:
        raise IllegalMove(Reason.NO_TILES)
    new: dict[Coord, Placement] = {}
    seen_tiles: set[int] = set()
    for p in placements:
        if not board.in_bounds(p.coord):
            raise IllegalMove(Reason.OFF_BOARD, [p.coord])
        if board.is_occupied(p.coord):
            raise IllegalMove(Reason.OCCUPIED, [p.coord])
        if p.coord in new:
            raise IllegalMove(Reason.DUPLICATE_SQUARE, [p.coord])
        if p.tile.id in seen_tiles:
            raise IllegalMove(Reason.DUPLICATE_TILE, [p.coord])
        seen_tiles.add(p.tile.id)
        new[p.coord] = p
    alphabet = rules.alphabet
    for p in placements:
        if p.letter not in alphabet:
            raise IllegalMove(Reason.NOT_A_LETTER, [p.coord],
                              detail=f"{p.letter} is not a letter of the {alphabet.name} game")

    coords = sorted(new)
    rows = {c.row for c in coords}
    cols = {c.col for c in coords}
    if len(rows) > 1 and len(cols) > 1:
        raise IllegalMove(Reason.NOT_IN_LINE, coords)

    first_move = board.is_empty()
    if first_move:
        start = Coord(*board.layout.start)
        if start not in new:
            raise IllegalMove(Reason.FIRST_NOT_ON_START, [start])
        if len(new) < rules.min_first_move_tiles:
            raise IllegalMove(Reason.FIRST_TOO_FEW_TILES, coords,
                              detail=f"at least {rules.min_first_move_tiles}")

    def letter(c: Coord) -> Placement | None:
        return new.get(c) or board[c]

    # the line of the main word
    if len(coords) > 1:
        direction = Direction.ACROSS if len(rows) == 1 else Direction.DOWN
    else:
        c = coords[0]
        across = _extent(letter, c, Direction.ACROSS)
        down = _extent(letter, c, Direction.DOWN)
        direction = Direction.ACROSS if len(across) >= len(down) else Direction.DOWN

    step = direction.step
    gaps = []
    c = coords[0]
    while c != coords[-1]:
        c = c + step
        if letter(c) is None:
            gaps.append(c)
    if gaps:
        raise IllegalMove(Reason.GAP, gaps)

    values = rules.tiles.values
    words: list[WordScore] = []
    main = _extent(letter, coords[0], direction)
    if len(main) >= 2:
        words.append(_score_word(board, main, direction, new, values))
    for c in coords:
        cross = _extent(letter, c, direction.other)
        if len(cross) >= 2:
            words.append(_score_word(board, cross, direction.other, new, values))

    if not words:
        # a single tile standing alone (the first move case is caught above)
        raise IllegalMove(Reason.NOT_CONNECTED, coords)
    if not first_move and not any(not ls.is_new for w in words for ls in w.letters):
        raise IllegalMove(Reason.NOT_CONNECTED, coords)

    bonus = rules.bingo_bonus if len(new) == rules.rack_size else 0
    total = sum(w.score for w in words) + bonus
    return ScoreBreakdown(tuple(words), bonus, total)


def _extent(letter, start: Coord, direction: Direction) -> list[Coord]:
    """The run of filled squares through ``start`` along ``direction``."""
    step = direction.step
    first = start
    while letter(first - step) is not None:
        first = first - step
    run = [first]
    c = first + step
    while letter(c) is not None:
        run.append(c)
        c = c + step
    return run


def _score_word(
    board: Board,
    run: list[Coord],
    direction: Direction,
    new: dict[Coord, Placement],
    values: Mapping[str, int],
) -> WordScore:
    letters = []
    word_mult = 1
    total = 0
    for c in run:
        placed = new.get(c)
        p = placed or board[c]
        assert p is not None
        value = 0 if p.is_blank else values[p.letter]
        premium = board.layout.premium(c.row, c.col) if placed else None
        lm = premium.letter_multiplier if premium else 1
        if premium:
            word_mult *= premium.word_multiplier
        points = value * lm
        total += points
        letters.append(LetterScore(p.letter, c, p.is_blank, placed is not None, premium, value, points))
    word = "".join(ls.letter for ls in letters)
    return WordScore(word, run[0], direction, tuple(letters), word_mult, total * word_mult)


def invalid_words(breakdown: ScoreBreakdown, lexicon: Container[str] | None) -> list[str]:
    """The words of ``breakdown`` not in ``lexicon`` (each once, in order); none if no lexicon."""
    if lexicon is None:
        return []
    bad: list[str] = []
    for w in breakdown.words:
        if w.word not in lexicon and w.word not in bad:
            bad.append(w.word)
    return bad
