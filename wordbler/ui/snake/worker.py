"""Long work off the GUI thread: loading a word list, dealing a board, restoring a round.

A :class:`Job` runs one callable in the thread pool; progress and the result come back by
signals (queued to the GUI thread).  ``cancel()`` sets a flag the work checks between
solves; a cancelled job reports ``cancelled`` and nothing else.
"""

from __future__ import annotations

import threading
from typing import Any, Callable

from PySide6.QtCore import QObject, QRunnable, Signal

from wordbler.snake import GenerationCancelled
from wordbler.ui.common.jobs import emit


class JobSignals(QObject):
    progress = Signal(int, int)
    done = Signal(object)
    failed = Signal(str)
    cancelled = Signal()


class Job(QRunnable):
    """``work(cancelled, progress)`` in a worker thread.

    ``cancelled()`` -> bool, ``progress(done, total)``; ``work`` returns the result or
    raises ``ValueError``/``OSError`` (reported by message) or :class:`GenerationCancelled`.
    """

    def __init__(self, work: Callable[[Callable[[], bool], Callable[[int, int], None]], Any]) -> None:
        super().__init__()
        self.setAutoDelete(False)
        self.work = work
        self.signals = JobSignals()
        self._cancel = threading.Event()
        self.finished = threading.Event()

    def cancel(self) -> None:
        self._cancel.set()

    @property
    def is_cancelled(self) -> bool:
        return self._cancel.is_set()

    def run(self) -> None:
        try:
            result = self.work(self._cancel.is_set,
                               lambda done, total: emit(self.signals.progress, done, total))
        except GenerationCancelled:
            emit(self.signals.cancelled)
        except (ValueError, OSError) as e:
            if self._cancel.is_set():
                emit(self.signals.cancelled)
            else:
                emit(self.signals.failed, str(e))
        except Exception as e:  # a bug: say so rather than die silently in a thread
            emit(self.signals.failed, f"unexpected error: {type(e).__name__}: {e}")
        else:
            if self._cancel.is_set():
                emit(self.signals.cancelled)
            else:
                emit(self.signals.done, result)
        finally:
            self.finished.set()
