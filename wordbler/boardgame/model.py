"""Immutable values of the game: coordinates, tiles, placements, moves, scores and turns."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from .rules import BLANK, LETTERS, Premium  # noqa: F401  (LETTERS: English, re-exported)

COLUMN_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class Direction(enum.Enum):
    ACROSS = "across"
    DOWN = "down"

    @property
    def step(self) -> tuple[int, int]:
        return (0, 1) if self is Direction.ACROSS else (1, 0)

    @property
    def other(self) -> "Direction":
        return Direction.DOWN if self is Direction.ACROSS else Direction.ACROSS


@dataclass(frozen=True, slots=True, order=True)
class Coord:
    """A square, 0-based.  ``Coord(7, 7)`` is the centre of the standard board (GCG ``8H``)."""

    row: int
    col: int

    def __add__(self, other: tuple[int, int]) -> "Coord":
        return Coord(self.row + other[0], self.col + other[1])

    def __sub__(self, other: tuple[int, int]) -> "Coord":
        return Coord(self.row - other[0], self.col - other[1])

    @property
    def label(self) -> str:
        """Human label: column letter then row number, e.g. ``H8``."""
        return f"{COLUMN_LETTERS[self.col]}{self.row + 1}"

    def gcg(self, direction: Direction) -> str:
        """GCG position: ``8H`` for a word running across from here, ``H8`` for down."""
        if direction is Direction.ACROSS:
            return f"{self.row + 1}{COLUMN_LETTERS[self.col]}"
        return f"{COLUMN_LETTERS[self.col]}{self.row + 1}"

    @staticmethod
    def parse_gcg(text: str, rows: int = 15, cols: int = 15) -> tuple["Coord", Direction]:
        """Parse ``8H`` (across) or ``H8`` (down); case-insensitive.  ``ValueError`` if bad."""
        t = text.strip().upper()
        if not t:
            raise ValueError("empty position")
        if t[0].isdigit():
            digits = t.rstrip(COLUMN_LETTERS)
            letters = t[len(digits):]
            direction = Direction.ACROSS
        else:
            letters = t.rstrip("0123456789")
            digits = t[len(letters):]
            direction = Direction.DOWN
        if len(letters) != 1 or not digits.isdigit() or letters not in COLUMN_LETTERS:
            raise ValueError(f"bad position {text!r}")
        row, col = int(digits) - 1, COLUMN_LETTERS.index(letters)
        if not (0 <= row < rows and 0 <= col < cols):
            raise ValueError(f"position {text!r} is off the board")
        return Coord(row, col), direction


@dataclass(frozen=True, slots=True)
class Tile:
    """A physical tile.  ``id`` is unique within a game; ``letter`` is ``?`` for a blank."""

    id: int
    letter: str

    @property
    def is_blank(self) -> bool:
        return self.letter == BLANK


@dataclass(frozen=True, slots=True)
class Placement:
    """A tile on a square.  ``letter`` is the face it shows: for a blank, the letter it names."""

    tile: Tile
    coord: Coord
    letter: str

    def __post_init__(self) -> None:
        # any language's upper-case letter: the game's rules check it is one of their
        # alphabet (placement.analyze); A-Z is the English game's, not every game's
        letter = self.letter
        if not (isinstance(letter, str) and len(letter) == 1 and letter.isalpha()
                and letter.isupper()):
            raise ValueError(f"a placed tile must show one upper-case letter, not {letter!r}")
        if not self.tile.is_blank and self.tile.letter != self.letter:
            raise ValueError(f"tile {self.tile.letter} cannot show {self.letter}")

    @property
    def is_blank(self) -> bool:
        return self.tile.is_blank


class MoveKind(enum.Enum):
    PLAY = "play"
    EXCHANGE = "exchange"
    PASS = "pass"


@dataclass(frozen=True, slots=True)
class Move:
    kind: MoveKind
    placements: tuple[Placement, ...] = ()
    exchanged: tuple[Tile, ...] = ()

    @classmethod
    def play(cls, placements) -> "Move":
        return cls(MoveKind.PLAY, placements=tuple(placements))

    @classmethod
    def exchange(cls, tiles) -> "Move":
        return cls(MoveKind.EXCHANGE, exchanged=tuple(tiles))

    @classmethod
    def pass_turn(cls) -> "Move":
        return cls(MoveKind.PASS)


@dataclass(frozen=True, slots=True)
class LetterScore:
    """One letter of a scored word."""

    letter: str
    coord: Coord
    is_blank: bool
    is_new: bool  # placed this turn
    premium: Premium | None  # the premium used by this letter (only new tiles use one)
    value: int  # face value (0 for a blank)
    points: int  # value times the letter multiplier


@dataclass(frozen=True, slots=True)
class WordScore:
    word: str
    start: Coord
    direction: Direction
    letters: tuple[LetterScore, ...]
    word_multiplier: int
    score: int

    @property
    def gcg_position(self) -> str:
        return self.start.gcg(self.direction)


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """Every word a placement forms (main word first) and the bonus."""

    words: tuple[WordScore, ...]
    bingo_bonus: int
    total: int

    @property
    def main_word(self) -> WordScore:
        return self.words[0]


class TurnKind(enum.Enum):
    PLAY = "play"
    EXCHANGE = "exchange"
    PASS = "pass"
    FAILED_PLAY = "failed"  # words not in the dictionary under the forfeit policy
    SETTLEMENT = "settlement"  # end-of-game rack adjustment
    HINT = "hint"  # a hint taken (costs hint_cost points, may be 0)
    CHALLENGE_BONUS = "challenge"  # single challenge: the wrongly challenged player's bonus
    TIME_PENALTY = "time"  # chess clock: points off for time over, at the end of the game


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """One entry of the game's history."""

    number: int  # 1-based index in the history
    player: int
    kind: TurnKind
    rack_before: tuple[Tile, ...] = ()
    move: Move | None = None
    breakdown: ScoreBreakdown | None = None
    invalid_words: tuple[str, ...] = ()
    score: int = 0
    total: int = 0
    drawn: tuple[Tile, ...] = ()
    # SETTLEMENT: the rack tiles counted; for the player who went out, the opponents' tiles
    settled_tiles: tuple[Tile, ...] = ()
    note: str = ""

    @property
    def words(self) -> tuple[WordScore, ...]:
        return self.breakdown.words if self.breakdown else ()


class EndReason(enum.Enum):
    WENT_OUT = "went_out"
    FAIL_LIMIT = "fail_limit"
    BAG_EMPTY = "bag_empty"


@dataclass(frozen=True, slots=True)
class Outcome:
    reason: EndReason
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    went_out: int | None = None


@dataclass(frozen=True, slots=True)
class DrawRound:
    """One round of the draw for first player: who drew what (only those still in contention)."""

    draws: tuple[tuple[int, Tile], ...]


@dataclass(frozen=True, slots=True)
class FirstDraw:
    rounds: tuple[DrawRound, ...]
    winner: int = field(default=0)
