"""The Word Grid window (Qt): :func:`create_window`.

=============  ===============================================================================
``window``     :class:`WordGridWindow`: menus, header, counter and stars, result, statistics
``board``      :class:`GridBoard`: the painted grid; drag and drop, click-click, keyboard swaps;
               the solving swaps animated
``session``    :class:`WordGridSession`: the game, generation in a worker with progress and
               cancel, the autosave
``palette``    standard and colour-blind colours (marks as well as colours)
``texts``      the help
=============  ===============================================================================
"""

from __future__ import annotations


def create_window(parent=None):
    """The Word Grid main window (not shown yet), sized to fit the screen."""
    from PySide6.QtCore import QSize

    from ..common.screen import fit_to_screen
    from .window import WordGridWindow

    window = WordGridWindow(parent)
    fit_to_screen(window, QSize(1024, 700))
    return window
