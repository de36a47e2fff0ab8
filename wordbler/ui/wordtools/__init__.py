"""The Word tools window: guess the word, anagrams and patterns, the letter-grid solver."""

from __future__ import annotations


def create_window(parent=None):
    from .window import WordToolsWindow

    window = WordToolsWindow(parent)
    window.resize(window.sizeHint())
    return window
