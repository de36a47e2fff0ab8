"""Word Grid: crossing words on a 5x5 or 7x7 grid, played as a swap puzzle (no Qt).

=============  ===========================================================================
``grid``       the shape: cells, holes, word slots; reading and writing rows
``fill``       the slot search (letter-position bitsets, most constrained slot first,
               forward checking, letter budgets)
``swaps``      the exact fewest swaps with repeated letters, and a fewest-swaps sequence
``feedback``   green / yellow / grey marks with per-word letter counts
``puzzle``     :func:`generate`: fill, scramble to exactly 10 / 20 swaps, uniqueness check
``solve``      the valid grid a scramble makes, reachable in the fewest swaps
``game``       a game in play: swaps, locks, limit, undo (costs a swap), stars, share text,
               statistics, the daily seed
``storage``    the autosave file (atomic JSON, checked on load)
``words``      which words make the grids (common words with a cut-off, or a user list)
=============  ===========================================================================
"""
