"""UI responsiveness figures (printed, never pass/fail).

    python benchmarks/ui_drop.py [--rounds N] [--size WxH]

1. Drop to repaint: a tile's drop event is delivered to a board square (the path a real drag
   takes); the clock stops when the board's changed squares have been painted and the live
   preview (words, score, dictionary check with the bundled word list) shows the new
   placement.  Target: under 16 ms (one frame at 60 Hz).
2. Event-loop stall during animation: a 1 ms QTimer runs while tiles fly (undo flights and a
   bag shake with drawn tiles flying in); the largest gap between its ticks is how long the
   window could not react.  The same timer without animations gives the baseline.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import wordbler.ui  # noqa: E402,F401  (refcount guard)
from PySide6.QtCore import QElapsedTimer, QEvent, QEventLoop, QObject, QPointF, Qt, QTimer  # noqa: E402
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from wordbler.boardgame.game import PlayerSpec  # noqa: E402
from wordbler.boardgame.model import Coord  # noqa: E402
from wordbler.ui.boardgame.animation import Speed  # noqa: E402
from wordbler.ui.boardgame.config import GameConfig, load_lexicon  # noqa: E402
from wordbler.ui.boardgame.mainwindow import MainWindow  # noqa: E402
from wordbler.ui.boardgame.mime import tile_mime  # noqa: E402


class PaintCounter(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.painted: set[int] = set()

    def eventFilter(self, obj, event) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.painted.add(id(obj))
        return False


def send_drop(widget, mime) -> None:
    pos = QPointF(widget.rect().center())
    actions = Qt.DropAction.MoveAction
    for cls in (QDragEnterEvent, QDragMoveEvent):
        QApplication.sendEvent(widget, cls(pos, actions, mime, Qt.MouseButton.LeftButton,
                                           Qt.KeyboardModifier.NoModifier))
    QApplication.sendEvent(widget, QDropEvent(pos, actions, mime, Qt.MouseButton.LeftButton,
                                              Qt.KeyboardModifier.NoModifier))


def drop_to_repaint(app, window, rounds: int) -> list[float]:
    s = window.session
    board = window.board
    counter = PaintCounter()
    times = []
    tiles = [t for t in s.rack_tiles() if not t.is_blank][:2]
    first, second = tiles
    # one tile stays on the star, the other goes back and forth: every drop is scored
    send_drop(board.squares[Coord(7, 7)], tile_mime(first.id))
    app.processEvents()
    targets = [Coord(7, 8), Coord(8, 7)]
    for i in range(rounds):
        target = targets[i % 2]
        square = board.squares[target]
        square.installEventFilter(counter)
        window.table.preview_label.installEventFilter(counter)
        counter.painted.clear()
        origin = s.location_of(second.id)
        mime = tile_mime(second.id, origin if isinstance(origin, Coord) else None)
        t0 = time.perf_counter()
        send_drop(square, mime)
        app.processEvents()  # deliver the pending paint of the changed squares
        t1 = time.perf_counter()
        assert id(square) in counter.painted, "the square was not repainted"
        assert s.pending_at(target) is not None and window.table.preview_label.text()
        square.removeEventFilter(counter)
        times.append((t1 - t0) * 1000)
    return times


def tick_gaps(app, window, animate: bool, cycles: int) -> tuple[list[float], list[float]]:
    """Gaps (ms) between ticks of a 1 ms timer while flights run (or, as a baseline, while
    the same timer runs for as long with no animation), and how long starting each flight
    (the recall itself, on the GUI thread) took."""
    gaps: list[float] = []
    starts: list[float] = []
    clock = QElapsedTimer()
    last = [0]

    def tick() -> None:
        now = clock.nsecsElapsed()
        gaps.append((now - last[0]) / 1e6)
        last[0] = now

    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.setInterval(1)
    timer.timeout.connect(tick)
    s = window.session
    animator = window.animator
    for _ in range(cycles):
        loop = QEventLoop()
        if animate:
            # put tiles on the board, then undo them: each flies back to the rack
            rack = [t for t in s.rack_tiles() if not t.is_blank][:3]
            for n, t in enumerate(rack):
                s.move_tile(t.id, Coord(7, 6 + n))
            animator.idle.connect(loop.quit)
            clock.start()
            last[0] = 0
            timer.start()
            t0 = time.perf_counter()
            s.recall_all()  # three flights at once
            starts.append((time.perf_counter() - t0) * 1000)
            clock.start()  # the gaps below are those while the tiles fly
            last[0] = 0
            if not animator.busy:
                loop.quit()
                continue
            loop.exec()
            animator.idle.disconnect(loop.quit)
        else:
            QTimer.singleShot(int(animator.duration(320)), loop.quit)
            clock.start()
            last[0] = 0
            timer.start()
            loop.exec()
        timer.stop()
    return gaps, starts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args()
    w, h = (int(v) for v in args.size.lower().split("x"))
    app = QApplication.instance() or QApplication([])
    lexicon, label = load_lexicon(None)
    config = GameConfig((PlayerSpec("Ann", "fox"), PlayerSpec("Bob", "owl")), "standard", lexicon, label, seed=7)
    window = MainWindow(config, Speed.OFF)
    window.resize(w, h)
    window.show()
    app.processEvents()
    window.session.reveal()
    app.processEvents()

    times = drop_to_repaint(app, window, args.rounds)
    times.sort()
    print(f"window {w}x{h}, {args.rounds} drops, dictionary {label}")
    print(f"drop -> repainted board + preview: median {statistics.median(times):.2f} ms, "
          f"p90 {times[int(len(times) * 0.9)]:.2f} ms, max {times[-1]:.2f} ms (target < 16 ms)")

    window.session.recall_all()
    window.set_speed(Speed.NORMAL)
    app.processEvents()
    base, _ = tick_gaps(app, window, animate=False, cycles=10)
    anim, starts = tick_gaps(app, window, animate=True, cycles=10)
    print(f"1 ms timer, no animation:     median gap {statistics.median(base):.2f} ms, "
          f"max {max(base):.2f} ms over {len(base)} ticks")
    print(f"1 ms timer, 3 tiles flying:   median gap {statistics.median(anim):.2f} ms, "
          f"max {max(anim):.2f} ms over {len(anim)} ticks (event-loop stall during the flights)")
    print(f"starting the flights (recall of 3 tiles): median {statistics.median(starts):.2f} ms, "
          f"max {max(starts):.2f} ms")
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
