"""Rules as data: tile sets, board layouts and rule presets.

Nothing here is mutable and nothing is read from a global: a :class:`RuleSet` is passed to
whatever needs it.  Presets are looked up by name with :func:`get_ruleset`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from wordbler.lexicon.alphabet import Alphabet, get_alphabet

BLANK = "?"
#: The English letters (kept for callers of the English game; the rules of a game use
#: ``rules.alphabet``).
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


# French tiles have no accents: a word written with them is played, checked and scored
# without (ÉLÈVE as ELEVE, ŒUVRE as OEUVRE), as the bundled list is built
# (scripts/build_fr_dictionary.py); typed on the board, É is an E (Œ, two letters, is not
# one tile: it is read in words only).  The word engine's French alphabet reads them so.


def board_alphabet(language: str) -> Alphabet:
    """The alphabet the board game plays in ``language`` (``en``, ``ru``, ``fr``).

    Russian is the word engine's Russian alphabet with Ё folded into Е
    (:meth:`~wordbler.lexicon.alphabet.Alphabet.folded`): the common Russian tile sets have
    no Ё tile, so a word written with Ё is played, checked and scored as written with Е.
    French is the word engine's French, which reads accented letters and ligatures as the
    plain letters (:data:`~wordbler.lexicon.alphabet.FRENCH_ACCENTS`).
    ``ValueError`` for a language the board game does not play.
    """
    if language == "ru":
        return get_alphabet("ru").folded({"Ё": "Е"}, code="ru")
    if language in ("en", "fr"):
        return get_alphabet(language)
    raise ValueError(f"the board game has no tile set for the language {language!r}")


@dataclass(frozen=True, slots=True)
class TileSet:
    """Letters with their counts and values.  ``?`` is the blank.

    ``language`` names the board-game alphabet of the letters (:func:`board_alphabet`): the
    tiles are letters of that alphabet (a letter without a tile can still be played with a
    blank; its value is then 0 anyway).  ``name`` and ``source`` are for people (where the
    distribution comes from); they do not take part in comparisons.
    """

    counts: Mapping[str, int]
    values: Mapping[str, int]
    language: str = "en"
    name: str = field(default="English", compare=False)
    source: str = field(default="", compare=False)
    alphabet: Alphabet = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "counts", MappingProxyType(dict(self.counts)))
        object.__setattr__(self, "values", MappingProxyType(dict(self.values)))
        if set(self.counts) != set(self.values):
            raise ValueError("tile set counts and values name different letters")
        alphabet = board_alphabet(self.language)
        object.__setattr__(self, "alphabet", alphabet)
        stray = sorted(set(self.counts) - {BLANK} - set(alphabet.letters))
        if stray:
            raise ValueError(f"the {self.name} tile set has tiles that are not letters of its "
                             f"alphabet: {', '.join(stray)}")

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def value(self, letter: str) -> int:
        """Value of a tile with face ``letter`` (``?`` for a blank)."""
        return self.values[letter]

    def letters(self) -> list[str]:
        """Every tile of the set as a letter, in a fixed order (the alphabet's order, then
        blanks).  For A-Z this is A..Z then blanks, as it always was."""
        order = {c: i for i, c in enumerate(self.alphabet.letters)}
        out: list[str] = []
        for letter in sorted(self.counts, key=lambda c: (c == BLANK, order.get(c, -1))):
            out.extend(letter * self.counts[letter])
        return out

    @property
    def vowels(self) -> frozenset[str]:
        """The vowels of the tile set's alphabet (for leave valuations and tile trackers)."""
        return self.alphabet.vowels


_EN_DIST = (
    "A9 B2 C2 D4 E12 F2 G3 H2 I9 J1 K1 L4 M2 N6 O8 P2 Q1 R6 S4 T6 U4 V2 W2 X1 Y2 Z1 ?2"
)
_EN_VALUES = (
    "A1 B3 C3 D2 E1 F4 G2 H4 I1 J8 K5 L1 M3 N1 O1 P3 Q10 R1 S1 T1 U1 V4 W4 X8 Y4 Z10 ?0"
)

# Russian: the Russian edition's distribution as listed on Wikipedia's "Letter
# distributions of the crossword-tile game" page (en.wikipedia.org, the Russian section),
# in its common form without a Ё tile: 101 letter tiles of the 32 letters other than Ё and
# 3 blanks, 104 tiles.  Ё is played as Е (see board_alphabet).
_RU_DIST = (
    "А8 Б2 В4 Г2 Д4 Е8 Ж1 З2 И5 Й1 К4 Л4 М3 Н5 О10 П4 Р5 С5 Т5 У4 Ф1 Х1 Ц1 Ч1 Ш1 Щ1 "
    "Ъ1 Ы2 Ь2 Э1 Ю1 Я2 ?3"
)
_RU_VALUES = (
    "А1 Б3 В1 Г3 Д2 Е1 Ж5 З5 И1 Й4 К2 Л2 М2 Н1 О1 П2 Р1 С1 Т1 У2 Ф10 Х5 Ц5 Ч5 Ш8 Щ10 "
    "Ъ10 Ы4 Ь3 Э8 Ю8 Я3 ?0"
)

# French: the French edition's distribution on the same Wikipedia page (the French section):
# 100 letter tiles A-Z and 2 blanks, 102 tiles.  Accented letters are played as the plain
# letter (É as E, Ç as C), as French tile games do.
_FR_DIST = (
    "A9 B2 C2 D3 E15 F2 G2 H2 I8 J1 K1 L5 M3 N6 O6 P2 Q1 R6 S6 T6 U6 V2 W1 X1 Y1 Z1 ?2"
)
_FR_VALUES = (
    "A1 B3 C3 D2 E1 F4 G2 H4 I1 J8 K10 L1 M2 N1 O1 P3 Q8 R1 S1 T1 U1 V4 W10 X10 Y10 Z10 ?0"
)

_WIKIPEDIA = ("Wikipedia, \"Letter distributions of the crossword-tile game\" "
              "(en.wikipedia.org), the {} section")


def _parse_pairs(text: str) -> dict[str, int]:
    return {item[0]: int(item[1:]) for item in text.split()}


#: The English edition's 100 tiles (98 letters A-Z, 2 blanks).
ENGLISH_TILES = TileSet(_parse_pairs(_EN_DIST), _parse_pairs(_EN_VALUES), "en", "English",
                        _WIKIPEDIA.format("English"))
#: The Russian edition's common 104 tiles without Ё (101 letters, 3 blanks).
RUSSIAN_TILES = TileSet(_parse_pairs(_RU_DIST), _parse_pairs(_RU_VALUES), "ru", "Russian",
                        _WIKIPEDIA.format("Russian"))
#: The French edition's 102 tiles (100 letters A-Z, 2 blanks).
FRENCH_TILES = TileSet(_parse_pairs(_FR_DIST), _parse_pairs(_FR_VALUES), "fr", "French",
                       _WIKIPEDIA.format("French"))

#: The tile set of each language the board game plays, by language code.
TILE_SETS: Mapping[str, TileSet] = MappingProxyType(
    {"en": ENGLISH_TILES, "ru": RUSSIAN_TILES, "fr": FRENCH_TILES})


def tiles_for(language: str) -> TileSet:
    """The tile set of ``language`` (``en``, ``ru``, ``fr``); ``ValueError`` otherwise."""
    try:
        return TILE_SETS[language]
    except (KeyError, TypeError):
        raise ValueError(f"the board game has no tile set for the language {language!r} "
                         f"(known: {', '.join(TILE_SETS)})") from None


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

    @property
    def alphabet(self) -> Alphabet:
        """The letters tiles and blanks may show (the tile set's board-game alphabet)."""
        return self.tiles.alphabet

    @property
    def language(self) -> str:
        """The language code of the tile set (``en``, ``ru``, ``fr``)."""
        return self.tiles.language

    def with_language(self, language: str) -> "RuleSet":
        """These rules with ``language``'s tile set (the same object for the same language)."""
        if language == self.tiles.language:
            return self
        return self.with_changes(tiles=tiles_for(language))


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
