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
    """The Word Grid main window (not shown yet)."""
    from .window import WordGridWindow

    return WordGridWindow(parent)
