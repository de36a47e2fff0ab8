"""Alphabets as data: the letters of a language in order, its case table, its vowels.

An :class:`Alphabet` is a frozen value.  Input is read through the alphabet's *own* case
table (each upper-case letter and its lower-case partner) and nothing else: no Unicode case
folding, no compatibility mapping, so ``ß``, ``ſ`` (long s) and ``ı`` (dotless i) are not
English letters, and in Russian ``Ё`` is a letter of its own, between ``Е`` and ``Ж``.

A game may declare a *folding* on top of an alphabet (:meth:`Alphabet.folded`): the Russian
board game plays ``Ё`` as ``Е`` because common Russian tile sets have no ``Ё`` tile.  The
word tools and the puzzle games keep the alphabet as it is.

Adding a language is adding an entry to :data:`ALPHABETS`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Iterable, Mapping


class AlphabetError(ValueError):
    """Text holding a character outside the alphabet, or an unknown language code."""


@dataclass(frozen=True, slots=True)
class Alphabet:
    """The letters of one language.

    ``letters``: the upper-case letters in alphabetical order (the order listings use).
    ``lower``: each letter's lower-case partner, position for position.
    ``vowels``: the upper-case vowels.
    ``multi``: multi-letter cells a grid may hold (``QU`` in English), each of letters of
    this alphabet.
    ``aliases``: extra input characters and the letter each stands for (a game's folding).
    ``expansions``: extra input characters that stand for several letters in words (a
    ligature: French Œ is OE); a single character of them is no letter (:meth:`letter`).
    """

    code: str
    name: str
    letters: tuple[str, ...]
    lower: tuple[str, ...]
    vowels: frozenset[str]
    multi: tuple[str, ...] = ()
    aliases: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    expansions: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    _table: Mapping[str, str] = field(init=False, repr=False, compare=False)
    _word_table: Mapping[str, str] = field(init=False, repr=False, compare=False)
    _order: Mapping[str, int] = field(init=False, repr=False, compare=False)
    _upper_table: Mapping[int, str] = field(init=False, repr=False, compare=False)
    _collate_table: Mapping[int, str] = field(init=False, repr=False, compare=False)
    _collate_swaps: tuple[tuple[str, str], ...] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.letters) != len(self.lower) or len(set(self.letters)) != len(self.letters):
            raise ValueError(f"alphabet {self.code}: letters and lower case do not pair up")
        table = {}
        for up, low in zip(self.letters, self.lower):
            if len(up) != 1 or len(low) != 1:
                raise ValueError(f"alphabet {self.code}: {up!r}/{low!r} is not one character")
            table[up] = up
            table[low] = up
        for ch, target in self.aliases.items():
            if target not in self.letters:
                raise ValueError(f"alphabet {self.code}: alias {ch!r} -> {target!r} is no letter")
            table[ch] = target
        words = dict(table)
        for ch, target in self.expansions.items():
            if len(ch) != 1 or not target or any(c not in self.letters for c in target):
                raise ValueError(f"alphabet {self.code}: expansion {ch!r} -> {target!r} is "
                                 "not letters")
            words.setdefault(ch, target)
        object.__setattr__(self, "_table", MappingProxyType(table))
        object.__setattr__(self, "_word_table", MappingProxyType(words))
        object.__setattr__(self, "_order", MappingProxyType({c: i for i, c in enumerate(self.letters)}))
        # str.translate tables: input characters -> upper-case letters (case table and
        # aliases only), and letters -> characters whose code points follow the alphabet's
        # order (a C-speed sort key).
        object.__setattr__(self, "_upper_table", {ord(k): v for k, v in words.items()})
        object.__setattr__(
            self, "_collate_table", {ord(c): chr(0x100 + i) for i, c in enumerate(self.letters)}
        )
        object.__setattr__(self, "_collate_swaps", _collate_swaps(self.letters))

    # ---- single letters ------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.letters)

    def __contains__(self, ch: object) -> bool:
        return ch in self._order

    def index(self, letter: str) -> int:
        """The 0-based position of an upper-case letter; ``AlphabetError`` otherwise."""
        try:
            return self._order[letter]
        except KeyError:
            raise AlphabetError(f"{letter!r} is not a letter of the {self.name} alphabet") from None

    def letter(self, ch: str) -> str | None:
        """The upper-case letter an input character stands for, or None."""
        return self._table.get(ch)

    def is_vowel(self, letter: str) -> bool:
        return letter in self.vowels

    # ---- words ---------------------------------------------------------------------
    def normalise(self, text: str, *, what: str = "text", quote: bool = True) -> str:
        """``text`` in upper case through the case table; ``AlphabetError`` naming the first
        character outside the alphabet (``what`` names the input in the message, followed by
        the text itself unless ``quote`` is False: for a ``what`` that shows it already)."""
        table = self._word_table
        try:
            return "".join([table[ch] for ch in text])
        except KeyError:
            bad = next(ch for ch in text if ch not in table)
            where = f"{what} {_shown(text)}" if quote else what
            raise AlphabetError(
                f"{where} has {_describe(bad)}, which is not a letter of the {self.name} alphabet"
            ) from None

    def try_normalise(self, text: str) -> str | None:
        """Like :meth:`normalise`, but None instead of an error."""
        table = self._word_table
        out = [table.get(ch) for ch in text]
        return None if None in out else "".join(out)  # type: ignore[arg-type]

    def is_word(self, text: str) -> bool:
        """True when ``text`` is non-empty and made of upper-case letters of this alphabet."""
        order = self._order
        return bool(text) and all(ch in order for ch in text)

    def sort_key(self, word: str) -> tuple[int, ...]:
        """Alphabetical order by this alphabet (Russian: Е before Ё before Ж)."""
        order = self._order
        return tuple([order[ch] for ch in word])

    def collation_key(self, word: str) -> str:
        """A string key with the same order as :meth:`sort_key`, made at C speed (the word
        itself when the letters' code points already follow the alphabet)."""
        swaps = self._collate_swaps
        if swaps is None:
            return word.translate(self._collate_table)
        for src, dst in swaps:
            if src in word:
                word = word.replace(src, dst)
        return word

    def upper(self, text: str) -> str:
        """``text`` with every character of the case table (and alias) replaced by its
        upper-case letter; other characters are kept as they are (no error)."""
        return text.translate(self._upper_table)

    def listing_key(self, word: str) -> tuple[int, tuple[int, ...]]:
        """The order of every listing: longest first, then alphabetical."""
        return (-len(word), self.sort_key(word))

    def sorted_listing(self, words: Iterable[str]) -> list[str]:
        """``words`` in listing order (see :meth:`listing_key`)."""
        out = sorted(words) if self._collate_swaps == () else sorted(words, key=self.collation_key)
        out.sort(key=len, reverse=True)  # stable: alphabetical within each length
        return out

    def reading(self, aliases: Mapping[str, str], expansions: Mapping[str, str] | None = None,
                *, code: str | None = None) -> "Alphabet":
        """This alphabet, also reading each ``aliases`` character as its letter and each
        ``expansions`` character as its letters in words (French: É as E, Œ as OE); the
        letters, their order and everything else stay."""
        return Alphabet(
            code=code or self.code, name=self.name, letters=self.letters, lower=self.lower,
            vowels=self.vowels, multi=self.multi,
            aliases=MappingProxyType({**self.aliases, **aliases}),
            expansions=MappingProxyType({**self.expansions, **(expansions or {})}),
        )

    def folded(self, folding: Mapping[str, str], *, code: str | None = None) -> "Alphabet":
        """A game's view of this alphabet: each key letter is read as its value and is no
        longer a letter of its own (``{"Ё": "Е"}`` for the Russian board game)."""
        for src, dst in folding.items():
            if src not in self._order or dst not in self._order:
                raise ValueError(f"folding {src!r} -> {dst!r} is not within {self.code}")
        keep = [i for i, c in enumerate(self.letters) if c not in folding]
        aliases = dict(self.aliases)
        for src, dst in folding.items():
            aliases[src] = dst
            aliases[self.lower[self._order[src]]] = dst
        return Alphabet(
            code=code or f"{self.code}-folded",
            name=self.name,
            letters=tuple(self.letters[i] for i in keep),
            lower=tuple(self.lower[i] for i in keep),
            vowels=frozenset(v for v in self.vowels if v not in folding),
            multi=tuple(m for m in self.multi if not set(m) & set(folding)),
            aliases=MappingProxyType(aliases),
            expansions=self.expansions,
        )


def _collate_swaps(letters: tuple[str, ...]) -> tuple[tuple[str, str], ...] | None:
    """Plain ``str.replace`` steps that make code-point order follow the alphabet: ``()``
    when it already does; for each letter out of place (Russian Ё, U+0401, which comes
    after Е, U+0415) ``letter -> previous letter + U+FFFF``, which sorts after every word
    continuing the previous letter and before the next letter.  None when that is not
    enough (then a translate table is used)."""
    swaps = []
    rest = [c for c in letters]
    for i, c in enumerate(letters):
        if i and not letters[i - 1] < c:
            swaps.append((c, letters[i - 1] + "\uffff"))
            rest.remove(c)
    ok = all(a < b for a, b in zip(rest, rest[1:]))
    # a chain (the previous letter swapped too) would need more than one step
    ok = ok and all(letters[letters.index(src) - 1] in rest for src, _ in swaps)
    return tuple(swaps) if ok else None


def _shown(text: str, limit: int = 40) -> str:
    return repr(text if len(text) <= limit else text[:limit] + "…")


def _describe(ch: str) -> str:
    if ch.isprintable() and not ch.isspace():
        return f"{ch!r} (U+{ord(ch):04X})"
    return f"the character U+{ord(ch):04X}"


ENGLISH = Alphabet(
    code="en",
    name="English",
    letters=tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
    lower=tuple("abcdefghijklmnopqrstuvwxyz"),
    vowels=frozenset("AEIOU"),
    multi=("QU",),
)

RUSSIAN = Alphabet(
    code="ru",
    name="Russian",
    letters=tuple("АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"),
    lower=tuple("абвгдеёжзийклмнопрстуфхцчшщъыьэюя"),
    vowels=frozenset("АЕЁИОУЫЭЮЯ"),
)

#: French accented letters and the plain letter each is read as (French word games and
#: crosswords play without accents).
FRENCH_ACCENTS: Mapping[str, str] = MappingProxyType({ch: base for bases, base in (
    ("ÀÂÄàâä", "A"), ("Çç", "C"), ("ÉÈÊËéèêë", "E"), ("ÎÏîï", "I"), ("ÔÖôö", "O"),
    ("ÙÛÜùûü", "U"), ("Ÿÿ", "Y")) for ch in bases})
#: French ligatures and the letters each is spelt with in words.
FRENCH_LIGATURES: Mapping[str, str] = MappingProxyType({"Œ": "OE", "œ": "OE", "Æ": "AE",
                                                         "æ": "AE"})

# French as the board game and most French word games write it: the 26 letters A-Z, accents
# and ligatures read as the plain letters wherever a word comes in (a typed query, a user's
# own list: É -> E, Ç -> C, Œ -> OE, Æ -> AE), as the bundled list was folded when it was
# built (scripts/build_fr_dictionary.py).  Its own code, so French lists and caches never mix
# with English ones.
FRENCH = Alphabet(
    code="fr",
    name="French",
    letters=tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
    lower=tuple("abcdefghijklmnopqrstuvwxyz"),
    vowels=frozenset("AEIOUY"),
    aliases=FRENCH_ACCENTS,
    expansions=FRENCH_LIGATURES,
)

ALPHABETS: Mapping[str, Alphabet] = MappingProxyType(
    {"en": ENGLISH, "ru": RUSSIAN, "fr": FRENCH})


def get_alphabet(code: str) -> Alphabet:
    """The alphabet of a language code (``en``, ``ru``, ``fr``); ``AlphabetError`` otherwise."""
    try:
        return ALPHABETS[code]
    except (KeyError, TypeError):
        known = ", ".join(ALPHABETS)
        raise AlphabetError(f"unknown language {code!r} (known: {known})") from None
