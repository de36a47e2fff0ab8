"""The Word Search window (Qt).  Engine: :mod:`wordbler.wordsearch`.

=================  ==========================================================================
``window``         :class:`WordSearchWindow`: grid, word list, clock, count, menus, help.
``gridview``       :class:`GridView`: painting, drag / click-click selection, hint flash.
``session``        :class:`WordSearchSession`: play state, autosave, generation worker.
``newdialog``      :class:`NewPuzzleDialog`: words, size, level, shape, extras, players.
``printing``       PDF (``QPdfWriter``) and print (``QPrinter``): puzzle page + answer key,
                   bundled DejaVu Sans embedded.
=================  ==========================================================================
"""

from __future__ import annotations


def create_window(parent=None):
    """The Word Search main window (not shown), sized for the screen."""
    from ..common.screen import fit_to_screen
    from .window import WordSearchWindow

    window = WordSearchWindow(parent)
    fit_to_screen(window, window.sizeHint())
    return window
