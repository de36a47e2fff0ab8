"""Wordbler: a crossword-tile word game.  This package is the GUI-agnostic rules engine;
the Qt application lives in :mod:`wordbler.ui` and is the only place that imports Qt."""

__version__ = "0.1.0"
