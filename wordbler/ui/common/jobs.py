"""Thread-pool jobs: letting go of what a finished job holds."""

from __future__ import annotations


def release(job) -> None:
    """Drop every reference a finished ``QRunnable`` subclass holds.

    A job the thread pool deletes itself (auto-delete, the default) leaves its Python side
    alive in PySide6 after the Qt side is gone, and with it whatever the job refers to. For
    the board game's computer moves that was the game's move index and word list, about 45 MB
    a game, kept for as long as the program ran. Called last in ``run``, on the worker
    thread, once the result has been handed over."""
    job.__dict__.clear()


def emit(signal, *args) -> bool:
    """Emit ``signal`` from a worker thread; False when its object is gone.

    Quitting deletes the signals' objects while a job may still be running (a puzzle being
    made, a round's last words checked); nobody waits for the result then, and the emit's
    RuntimeError ("Signal source has been deleted") was printed as a traceback at quit."""
    try:
        signal.emit(*args)
    except RuntimeError:
        return False
    return True
