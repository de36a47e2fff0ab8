"""Installs the serious-play features on a board-game window (one call from MainWindow):
the unseen-tiles dock, the game clock, the Challenge button, the analysis and the statistics."""

from __future__ import annotations


def install(window) -> None:
    from .classic import ChallengeController
    from .clockview import ClockController
    from .tracker_panel import install as install_tracker

    window.tracker_dock = install_tracker(window)
    window.clock_controller = ClockController(window)
    window.challenge_controller = ChallengeController(window)
    from .analysis_view import AnalysisController

    window.analysis_controller = AnalysisController(window)
    from .stats_view import StatsController

    window.stats_controller = StatsController(window)
