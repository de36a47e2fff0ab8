"""Wordbler: a suite of word games (the crossword-tile board game, Word Snake, Word Grid,
Word Search, word tools) on one word engine (:mod:`wordbler.lexicon`).  The games' rules
and generators are GUI-agnostic; the Qt application lives in :mod:`wordbler.ui` and is the
only place that imports Qt."""

__version__ = "0.1.0"
