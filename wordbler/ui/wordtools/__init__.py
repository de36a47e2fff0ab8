"""The Word tools window: guess the word, anagrams and patterns, the letter-grid solver."""

from __future__ import annotations


def create_window(parent=None):
    from ..common.screen import fit_to_screen
    from .window import WordToolsWindow

    window = WordToolsWindow(parent)
    fit_to_screen(window, window.sizeHint())
    return window
