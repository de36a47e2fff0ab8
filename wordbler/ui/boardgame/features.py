"""Installs the serious-play features on a board-game window (one call from MainWindow):
the unseen-tiles dock and the game clock."""

from __future__ import annotations


def install(window) -> None:
    from .clockview import ClockController
    from .tracker_panel import install as install_tracker

    window.tracker_dock = install_tracker(window)
    window.clock_controller = ClockController(window)
