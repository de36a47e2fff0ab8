"""Thread-pool jobs let go of what they hold once they are done.  PySide6 kept the Python
side of an auto-deleted QRunnable alive when jobs ran one after another, each waited for
(as computer moves and hints are), and a board game's move job held the game's move index
and word list: about 45 MB a game, for as long as the program ran."""

from __future__ import annotations

import gc
import threading
import weakref

from PySide6.QtCore import QThreadPool

from wordbler.ui.boardgame.moveindex import SearchJob, SearchResult
from wordbler.ui.wordtools.window import _Job, _Signals

ROUNDS = 10


class Payload:
    """Stands for a move index: weakly referable, so the test sees when it is freed."""

    def guarded(self, cancel):
        return lambda rows, rack: []


def test_finished_search_jobs_free_their_index(qtbot):
    result = SearchResult()
    gone = []
    for i in range(ROUNDS):  # one at a time, each result waited for
        index = Payload()
        gone.append(weakref.ref(index))
        with qtbot.waitSignal(result.done, timeout=10_000) as got:
            QThreadPool.globalInstance().start(
                SearchJob(index, lambda generate: len(generate((), "")), i, threading.Event(),
                          result))
        assert got.args == [i, 0]
        del index
    QThreadPool.globalInstance().waitForDone(10_000)
    gc.collect()
    assert sum(r() is not None for r in gone) == 0


def test_finished_word_tools_jobs_free_their_work(qtbot):
    signals = _Signals()
    gone = []
    for i in range(ROUNDS):
        held = Payload()
        gone.append(weakref.ref(held))
        with qtbot.waitSignal(signals.done, timeout=10_000) as got:
            QThreadPool.globalInstance().start(_Job(i, lambda held=held: "done", signals))
        assert got.args == [i, "done", ""]
        del held
    QThreadPool.globalInstance().waitForDone(10_000)
    gc.collect()
    assert sum(r() is not None for r in gone) == 0


def test_jobs_whose_signals_are_gone_end_quietly(qtbot):
    # quitting deletes the signals' objects while a job may still run: its emits raised
    # "Signal source has been deleted", printed as a traceback at quit
    import shiboken6

    from wordbler.ui.snake.worker import Job
    from wordbler.ui.wordgrid.session import GenerateJob

    grid = GenerateJob(5, "en", 3, None)
    shiboken6.delete(grid.signals)
    grid.run()  # made the puzzle; nobody to tell

    snake = Job(lambda cancelled, progress: progress(1, 2) or "board")
    shiboken6.delete(snake.signals)
    snake.run()
    assert snake.finished.is_set()
