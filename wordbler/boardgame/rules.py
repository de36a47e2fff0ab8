"""Rules as data: tile sets, board layouts and rule presets.

Nothing here is mutable and nothing is read from a global: a :class:`RuleSet` is passed to
whatever needs it.  Presets are looked up by name with :func:`get_ruleset`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

BLANK = "?"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class Premium(enum.Enum):
    """A premium square.  ``letter`` multiplies one tile, ``word`` the whole word."""

    DL = ("2L", 2, 1)
    TL = ("3L", 3, 1)
    DW = ("2W", 1, 2)
    TW = ("3W", 1, 3)

    def __init__(self, label: str, letter: int, word: int) -> None:
        self.label = label
        self.letter_multiplier = letter
        self.word_multiplier = word


@dataclass(frozen=True, slots=True)
class TileSet:
    """Letters with their counts and values.  ``?`` is the blank."""

    counts: Mapping[str, int]
    values: Mapping[str, int]

    def __post_init__(self) -> None:
        object.__setattr__(self, "counts", MappingProxyType(dict(self.counts)))
        object.__setattr__(self, "values", MappingProxyType(dict(self.values)))
        if set(self.counts) != set(self.values):
            raise ValueError("tile set counts and values name different letters")

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def value(self, letter: str) -> int:
        """Value of a tile with face ``letter`` (``?`` for a blank)."""
        return self.values[letter]

    def letters(self) -> list[str]:
        """Every tile of the set as a letter, in a fixed order (A..Z then blanks)."""
        out: list[str] = []
        for letter in sorted(self.counts, key=lambda c: (c == BLANK, c)):
            out.extend(letter * self.counts[letter])
        return out


_EN_DIST = (
    "A9 B2 C2 D4 E12 F2 G3 H2 I9 J1 K1 L4 M2 N6 O8 P2 Q1 R6 S4 T6 U4 V2 W2 X1 Y2 Z1 ?2"
)
_EN_VALUES = (
    "A1 B3 C3 D2 E1 F4 G2 H4 I1 J8 K5 L1 M3 N1 O1 P3 Q10 R1 S1 T1 U1 V4 W4 X8 Y4 Z10 ?0"
)


def _parse_pairs(text: str) -> dict[str, int]:
    return {item[0]: int(item[1:]) for item in text.split()}


ENGLISH_TILES = TileSet(_parse_pairs(_EN_DIST), _parse_pairs(_EN_VALUES))


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """Board size, premium squares (row, col) -> Premium, 0-based, and the start square."""

    rows: int
    cols: int
    premiums: Mapping[tuple[int, int], Premium]
    start: tuple[int, int]

    def __post_init__(self) -> None:
        object.__setattr__(self, "premiums", MappingProxyType(dict(self.premiums)))

    def premium(self, row: int, col: int) -> Premium | None:
        return self.premiums.get((row, col))

    @classmethod
    def from_rows(cls, rows: list[str], start: tuple[int, int]) -> "BoardLayout":
        """Build from a picture: ``.`` plain, ``d`` 2L, ``t`` 3L, ``D`` 2W, ``T`` 3W, ``*`` 2W start."""
        code = {"d": Premium.DL, "t": Premium.TL, "D": Premium.DW, "*": Premium.DW, "T": Premium.TW}
        premiums = {}
        for r, line in enumerate(rows):
            if len(line) != len(rows[0]):
                raise ValueError("layout rows differ in length")
            for c, ch in enumerate(line):
                if ch in code:
                    premiums[(r, c)] = code[ch]
                elif ch != ".":
                    raise ValueError(f"unknown layout character {ch!r}")
        return cls(len(rows), len(rows[0]), premiums, start)


STANDARD_LAYOUT = BoardLayout.from_rows(
    [
        "T..d...T...d..T",
        ".D...t...t...D.",
        "..D...d.d...D..",
        "d..D...d...D..d",
        "....D.....D....",
        ".t...t...t...t.",
        "..d...d.d...d..",
        "T..d...*...d..T",
        "..d...d.d...d..",
        ".t...t...t...t.",
        "....D.....D....",
        "d..D...d...D..d",
        "..D...d.d...D..",
        ".D...t...t...D.",
        "T..d...T...d..T",
    ],
    start=(7, 7),
)


class InvalidWordPolicy(enum.Enum):
    REFUSE = "refuse"  # the play is refused; the player may try again, no penalty
    FORFEIT = "forfeit"  # tiles return, the turn is lost and counts as failed


class ChallengeRule(enum.Enum):
    """Classic play: a play stands until challenged (the dictionary is not consulted at Done)."""

    NONE = "none"  # no challenges: the invalid-word policy decides at Done
    # an invalid play challenged is taken back (the turn is lost); a wrong challenge costs
    # the challenger their turn
    DOUBLE = "double"
    # an invalid play challenged is taken back; a wrong challenge gives the player challenged
    # challenge_bonus points, and the challenger still plays
    SINGLE = "single"


class Settlement(enum.Enum):
    # each player loses the value of their rack; a player who went out gains the sum
    STANDARD = "standard"
    # a player who went out gains twice the others' racks; the others lose nothing
    TOURNAMENT = "tournament"


@dataclass(frozen=True, slots=True)
class RuleSet:
    name: str
    title: str
    description: str
    layout: BoardLayout = STANDARD_LAYOUT
    tiles: TileSet = ENGLISH_TILES
    rack_size: int = 7
    bingo_bonus: int = 50
    fail_limit: int = 6
    # does a tile play that scores 0 count toward fail_limit (a scoreless turn)?
    zero_score_play_counts: bool = True
    invalid_word_policy: InvalidWordPolicy = InvalidWordPolicy.REFUSE
    end_when_bag_empty: bool = False
    settlement: Settlement = Settlement.STANDARD
    min_bag_for_exchange: int = 7
    min_first_move_tiles: int = 2
    min_players: int = 2
    max_players: int = 4
    hints_allowed: bool = True
    hint_cost: int = 0
    challenge: ChallengeRule = ChallengeRule.NONE
    challenge_bonus: int = 5  # SINGLE: points to the player wrongly challenged
    # the live preview says whether the words are valid (classic play turns it off)
    show_validity: bool = True
    extra: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "extra", MappingProxyType(dict(self.extra)))

    def with_changes(self, **changes: object) -> "RuleSet":
        from dataclasses import replace

        return replace(self, **changes)


STANDARD = RuleSet(
    name="standard",
    title="Standard",
    description=(
        "50-point bonus for playing all 7 tiles. An invalid word is refused and you may try "
        "again. The game ends when a player goes out with the bag empty, or after 6 "
        "consecutive scoreless turns."
    ),
)

WORDBLER_CLASSIC = RuleSet(
    name="wordbler-classic",
    title="Wordbler classic",
    description=(
        "The original rules: no bingo bonus; an invalid word loses the turn; 6 consecutive "
        "failed turns end the game, and so does an empty bag."
    ),
    bingo_bonus=0,
    zero_score_play_counts=False,
    invalid_word_policy=InvalidWordPolicy.FORFEIT,
    end_when_bag_empty=True,
)

TOURNAMENT = RuleSet(
    name="tournament",
    title="Tournament (two players)",
    description=(
        "As standard, but a player who goes out gains twice the opponent's rack and the "
        "opponent loses nothing."
    ),
    settlement=Settlement.TOURNAMENT,
    max_players=2,
)

PRESETS: Mapping[str, RuleSet] = MappingProxyType(
    {r.name: r for r in (STANDARD, WORDBLER_CLASSIC, TOURNAMENT)}
)


def get_ruleset(name: str) -> RuleSet:
    """Return the preset called ``name`` (case-insensitive); ``ValueError`` if unknown."""
    key = name.strip().lower()
    try:
        return PRESETS[key]
    except KeyError:
        raise ValueError(
            f"unknown rules preset {name!r}; choose one of: {', '.join(PRESETS)}"
        ) from None
