"""Word Search: generator, shapes, puzzle state, solver and text export (no Qt).

=================  ==========================================================================
``words``          :class:`Entry` (shown text and grid form), normalising, themed lists
                   (package data ``data/themes_<lang>.json``), common-word draws, the
                   offensive-word lists (``data/offensive_<lang>.txt``).
``grid``           directions, levels, :class:`Placement`, shapes (:class:`Mask`: rectangle,
                   circle, heart, diamond, a picture of cells).
``generator``      :func:`generate` (settings, words, seed) -> :class:`Puzzle`.
``puzzle``         :class:`Puzzle` (frozen) and its validated JSON.
``solver``         every occurrence of words in a grid; ``solve`` for the CLI.
``play``           :class:`PlayState`: finding words, hints, timer, hot-seat scores, autosave.
``textexport``     the puzzle and its answer key as plain text.
=================  ==========================================================================
"""

from .generator import Cancelled, Settings, generate, max_word_length, normalise_message
from .grid import DIRECTIONS, LEVELS, Mask, Placement, make_mask, mask_from_picture
from .puzzle import Puzzle
from .words import Entry, WordSearchError, make_entries, read_entries, theme_entries, theme_names

__all__ = [
    "Cancelled", "DIRECTIONS", "Entry", "LEVELS", "Mask", "Placement", "Puzzle", "Settings",
    "WordSearchError", "generate", "make_entries", "make_mask", "mask_from_picture",
    "max_word_length", "normalise_message", "read_entries", "theme_entries", "theme_names",
]
