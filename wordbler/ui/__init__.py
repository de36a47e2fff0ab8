"""Qt user interface of Wordbler (the only package that imports Qt).

Layout: ``app`` (the ``wordbler`` entry point), ``start`` (the start page, the Game menu and
the launcher that opens the games' windows), ``common/`` (widgets shared by the games) and
one package per game: ``boardgame/`` (the crossword-tile game: see its package docstring),
``snake/``, ``wordgrid/``, ``wordsearch/``, ``wordtools/``.  Each game package offers
``create_window(parent=None)``; the board game starts through ``boardgame.startup.Startup``.

Layers (see DESIGN.md): widgets emit intent -> a session QObject per game calls the engine
-> the session's signals make the widgets repaint.
"""

from ._refcount_guard import install as _install_refcount_guard

_install_refcount_guard()
