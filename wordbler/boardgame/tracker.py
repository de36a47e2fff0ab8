"""Tile tracking: the tiles the player to move has not seen (the bag plus the other racks).

Pure and Qt-free.  :func:`unseen_for` reads a :class:`~wordbler.boardgame.game.Game`;
:func:`tally` works on any letters, so a test (or a replay) can check counts directly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from .rules import BLANK, TileSet

DEFAULT_VOWELS = frozenset("AEIOU")


@dataclass(frozen=True, slots=True)
class Unseen:
    """Counts of unseen tiles.  ``counts`` lists every letter of the tile set in alphabetical
    order (blank last), with 0 for letters all seen; ``bag`` is how many are in the bag."""

    counts: tuple[tuple[str, int], ...]
    bag: int
    vowels: int
    consonants: int
    blanks: int

    @property
    def total(self) -> int:
        return self.vowels + self.consonants + self.blanks

    def count(self, letter: str) -> int:
        return dict(self.counts).get(letter, 0)

    def present(self) -> tuple[tuple[str, int], ...]:
        """Only the letters with at least one unseen tile."""
        return tuple((ch, n) for ch, n in self.counts if n)

    def letters(self) -> str:
        """All unseen tiles as one alphabetical string (blanks last)."""
        return "".join(ch * n for ch, n in self.counts)


def tally(
    letters: Iterable[str],
    tiles: TileSet,
    bag: int = 0,
    vowels: frozenset[str] = DEFAULT_VOWELS,
) -> Unseen:
    """Count ``letters`` (``?`` for a blank) against the tile set's letters.

    Raises ``ValueError`` for a letter the tile set does not have, or more of a letter than
    the set holds: unseen tiles are always a part of the set.
    """
    counts: dict[str, int] = {ch: 0 for ch in tiles.counts}
    for ch in letters:
        if ch not in counts:
            raise ValueError(f"{ch!r} is not a tile of this set")
        counts[ch] += 1
    for ch, n in counts.items():
        if n > tiles.counts[ch]:
            raise ValueError(f"{n} unseen {ch} but the set has only {tiles.counts[ch]}")
    order = sorted(counts, key=lambda c: (c == BLANK, c))
    v = sum(n for ch, n in counts.items() if ch in vowels)
    b = counts.get(BLANK, 0)
    c = sum(counts.values()) - v - b
    return Unseen(tuple((ch, counts[ch]) for ch in order), bag, v, c, b)


def unseen_for(game, player: int | None = None, vowels: frozenset[str] = DEFAULT_VOWELS) -> Unseen:
    """The tiles ``player`` (default: the player to move) has not seen: bag + other racks."""
    p = game.current if player is None else player
    letters = [t.letter for t in game.bag.tiles()]
    for i, rack in enumerate(game.racks):
        if i != p:
            letters.extend(t.letter for t in rack)
    return tally(letters, game.rules.tiles, len(game.bag), vowels)


def vowels_for(tiles: TileSet, alphabet_vowels: Iterable[str] | None = None) -> frozenset[str]:
    """The vowels among the tile set's letters (English AEIOU unless told otherwise)."""
    pool = DEFAULT_VOWELS if alphabet_vowels is None else frozenset(alphabet_vowels)
    return frozenset(ch for ch in tiles.counts if ch in pool)


__all__ = ["Unseen", "tally", "unseen_for", "vowels_for", "DEFAULT_VOWELS"]
