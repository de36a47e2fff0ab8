"""Autosave cost (printed, never pass/fail).

    python benchmarks/autosave.py [--rounds N] [--folder DIR]

A full game (computer against computer, seed 2026) is put on a table one move before its
end, with a tile of the last turn on the board: the largest record an autosave writes.
Then, ``--rounds`` times, the tile is moved to another square (a real ``changed`` from the
session) and the autosave is flushed.  Printed, in milliseconds:

- GUI thread: building the GCG text (what the window waits for);
- worker thread: writing it (temporary file, fsync, rename, fsync of the folder);
- the session's tile move alone, for scale.

``--folder`` chooses where to write (default: a temporary folder; the disk matters for fsync).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import wordbler.ui  # noqa: E402,F401  (refcount guard)
from PySide6.QtWidgets import QApplication  # noqa: E402

from wordbler.boardgame import gcg, savegame  # noqa: E402
from wordbler.boardgame.continuation import game_at  # noqa: E402
from wordbler.lexicon.dictionary import load_bundled  # noqa: E402
from wordbler.boardgame.movegen import engine_generator  # noqa: E402
from wordbler.boardgame.selfplay import play_game  # noqa: E402
from wordbler.ui.boardgame.animation import Speed  # noqa: E402
from wordbler.ui.boardgame.autosave import Autosaver  # noqa: E402
from wordbler.ui.boardgame.files import config_for_game  # noqa: E402
from wordbler.ui.boardgame.mainwindow import MainWindow  # noqa: E402


def _stats(name: str, values: list[float]) -> None:
    values = sorted(values)
    print(f"{name:<34} median {statistics.median(values):6.2f}  "
          f"p90 {values[int(len(values) * 0.9)]:6.2f}  max {values[-1]:6.2f}  (n={len(values)})")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=100)
    ap.add_argument("--folder", type=Path, default=None)
    args = ap.parse_args()
    app = QApplication.instance() or QApplication([])
    lexicon = load_bundled()
    full = play_game(["intermediate", "intermediate"], 2026, lexicon, engine_generator(lexicon),
                     max_turns=500).game
    # the computer played both seats; at the table two people take them over
    record = gcg.parse(savegame.game_to_gcg(full).replace(" computer=intermediate", ""))
    plays = [i for i, ev in enumerate(record.events) if ev.kind is gcg.EventKind.PLAY]
    late = game_at(record, plays[-1], lexicon)  # before the last play
    window = MainWindow(config_for_game(late, lexicon, "bundled"), Speed.OFF, game=late)
    window.show()
    folder = args.folder or Path(tempfile.mkdtemp(prefix="wordbler-autosave-bench-"))
    saver = Autosaver(window, folder)
    saver.flush()
    s = window.session
    s.reveal()
    tile = next(t for t in s.rack_tiles() if not t.is_blank)
    empty = [c for c in window.board.squares if s.committed(c) is None]
    saver.gui_ms.clear()
    saver.write_ms.clear()
    move_ms = []
    for i in range(args.rounds):
        started = time.perf_counter()
        s.move_tile(tile.id, empty[i % len(empty)])
        move_ms.append((time.perf_counter() - started) * 1000)
        saver.flush()
        app.processEvents()
    size = saver.path.stat().st_size  # the game's own file in the games folder
    print(f"record: {len(record.events)} events, {len(late.history)} turns before the last "
          f"play, {size} bytes; folder {folder}")
    _stats("GUI thread: build the text", saver.gui_ms)
    _stats("worker: write + fsync + rename", saver.write_ms)
    _stats("session move_tile (for scale)", move_ms)
    window.files._close_confirmed = True
    window.close()


if __name__ == "__main__":
    main()
