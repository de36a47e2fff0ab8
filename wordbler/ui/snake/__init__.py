"""The Word Snake window (Qt); the game itself is :mod:`wordbler.snake`.

=================  ======================================================================
``window``         :class:`SnakeWindow`: pages, menus, dealing and resuming in a worker
``session``        :class:`SnakeSession`: the board's intents -> the engine; tick, autosave,
                   high scores
``board_view``     :class:`BoardView`: tiles, the line through the path, mouse and keys
``pages``          setup, round (side panel, hints table), hand-off, results
``dialogs``        board code, high scores, help
``worker``         :class:`Job`: long work in the thread pool with progress and cancel
``theme``          colours, fonts, the line styles of the word states
``texts``          wording
=================  ======================================================================
"""

from __future__ import annotations


def create_window(parent=None):
    """The Word Snake window (not shown yet), sized to fit the screen."""
    from ..common.screen import fit_to_screen
    from .window import SnakeWindow

    window = SnakeWindow(parent)
    fit_to_screen(window, window.sizeHint())
    return window
