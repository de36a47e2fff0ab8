"""Hint and computer-turn figures with the bundled dictionary (printed, never pass/fail).

    python benchmarks/ui_hints.py [--repeat N]

1. Hint click to list: the Hint button is clicked in a real window (offscreen) on a mid-game
   position; the clock stops when the panel shows the list (worker search, the rows' words
   and scores, the record in the history, the panel filled).  The rack is the dealt one, then
   one with a blank and one with two blanks (tiles swapped in from the bag for the figure).
2. Computer decision time per level: ``make_player(level).choose(position)`` over positions
   of one strong-vs-strong game (the time a computer turn spends in its worker).
3. The move index: loading it from the disk cache (every start after the first).
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
from PySide6.QtCore import QEventLoop, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from wordbler.boardgame import ai  # noqa: E402
from wordbler.lexicon.dictionary import load_bundled  # noqa: E402
from wordbler.boardgame.game import Game, PlayerSpec  # noqa: E402
from wordbler.boardgame.movegen import engine_generator  # noqa: E402
from wordbler.ui.boardgame.animation import Speed  # noqa: E402
from wordbler.ui.boardgame.config import GameConfig  # noqa: E402
from wordbler.ui.boardgame.mainwindow import MainWindow  # noqa: E402


def ms(xs) -> str:
    return (f"median {statistics.median(xs) * 1000:8.1f} ms   min {min(xs) * 1000:8.1f}   "
            f"max {max(xs) * 1000:8.1f}   (n={len(xs)})")


def give_rack(game: Game, letters: str) -> None:
    """Put tiles showing ``letters`` on the current rack, swapping with the bag or another rack
    (figures only: this reaches into the bag's list)."""
    rack = game.racks[game.current]
    pools = [game.bag._tiles] + [r for p, r in enumerate(game.racks) if p != game.current]  # noqa: SLF001
    for i, ch in enumerate(letters):
        if rack[i].letter == ch:
            continue
        for pool in pools:
            j = next((k for k, t in enumerate(pool) if t.letter == ch), None)
            if j is not None:
                rack[i], pool[j] = pool[j], rack[i]
                break
        else:
            raise SystemExit(f"no {ch} left in the bag or on another rack for the figure")


def wait_for(signal, timeout_ms: int = 60000) -> None:
    loop = QEventLoop()
    signal.connect(loop.quit)
    QTimer.singleShot(timeout_ms, loop.quit)
    loop.exec()
    signal.disconnect(loop.quit)


def hint_figures(app, lexicon, generate, repeat: int) -> None:
    specs = (PlayerSpec("Ann", "fox"), PlayerSpec("Bob", "owl"))
    strong = ai.make_player("strong", generate, lexicon.size_of)
    for seed in range(11, 40):  # a mid-game position with both blanks still to play
        w = MainWindow(GameConfig(specs, "standard", lexicon, "bundled", seed), Speed.OFF)
        w.resize(1280, 800)
        w.show()
        s, g = w.session, w.session.game
        for _ in range(10):
            pos = ai.Position.from_game(g)
            s.apply_move(ai.decision_to_move(g, strong.choose(pos, ai.rng_for(pos))))
        if not any(p.tile.is_blank for p in g.board.placements()):
            break
        w.close()
    for _ in range(5):
        app.processEvents()
    s.reveal()
    # the move index: loaded (or built) before the clock runs, as after the first hint
    idx = w._move_index()
    idx.prepare()
    while not idx.is_ready:
        wait_for(idx.ready, 30000)
    base = "".join(ch for ch in g.rack_letters() if ch != "?")
    base = (base + "EAI")[:7]  # the dealt rack without blanks
    cases = [(f"rack {base}", base), (f"rack ?{base[1:]}", "?" + base[1:]),
             (f"rack ??{base[2:]}", "??" + base[2:]), ("rack ??AEIRS (a worst case)", "??AEIRS")]
    print(f"1. Hint click to list shown (mid-game, {len(g.history)} turns, {len(g.board)} tiles on the board)")
    for label, letters in cases:
        try:
            give_rack(g, letters)
        except SystemExit as e:
            print(f"   {label:<26} skipped: {e}")
            continue
        s._rack = [t.id for t in g.rack()]  # the session's view of the rack, refreshed
        times = []
        moves = len(generate(g.board.rows_text(), g.rack_letters()))
        for _ in range(repeat):
            w.hints._cached = None  # ask afresh each time (a new turn would do the same)
            t0 = time.perf_counter()
            w.table.hint_button.click()
            wait_for(w.hints.shown)
            times.append(time.perf_counter() - t0)
            s.recall_all()
        print(f"   {label:<26} {moves:>7} moves   {ms(times)}")
    w.close()


def level_figures(lexicon, generate, positions) -> None:
    print(f"2. Computer decision time per level ({len(positions)} positions of one game)")
    for level in ai.LEVELS:
        player = ai.make_player(level, generate, lexicon.size_of)
        times = []
        for pos in positions:
            t0 = time.perf_counter()
            player.choose(pos, ai.rng_for(pos))
            times.append(time.perf_counter() - t0)
        print(f"   {level:<13} {ms(times)}")


def game_positions(lexicon, generate, every: int = 2) -> list:
    g = Game([PlayerSpec("A", computer="strong"), PlayerSpec("B", computer="strong")],
             lexicon=lexicon, seed=2026)
    strong = ai.make_player("strong", generate, lexicon.size_of)
    strong.presim_bag = 0  # static to the end of the bag: the same positions as before
    out = []
    while not g.is_over and len(g.history) < 60:
        pos = ai.Position.from_game(g)
        if len(g.history) % every == 0:
            out.append(pos)
        g.apply(ai.decision_to_move(g, strong.choose(pos, ai.rng_for(pos))))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    app = QApplication.instance() or QApplication([])
    try:
        print(f"machine: {os.cpu_count()} cores; load {os.getloadavg()}")
    except OSError:
        pass
    lexicon = load_bundled()
    t0 = time.perf_counter()
    generate = engine_generator(lexicon)
    print(f"0. move index from the user cache (or first build): {(time.perf_counter() - t0) * 1000:.0f} ms")
    hint_figures(app, lexicon, generate, args.repeat)
    level_figures(lexicon, generate, game_positions(lexicon, generate))
    with tempfile.TemporaryDirectory() as d:
        os.environ["WORDBLER_CACHE_DIR"] = d
        t0 = time.perf_counter()
        engine_generator(lexicon, cache_dir=Path(d))
        build = time.perf_counter() - t0
        t0 = time.perf_counter()
        engine_generator(lexicon, cache_dir=Path(d))
        load = time.perf_counter() - t0
    print(f"3. move index: first build {build:.2f} s (in a worker, progress shown); "
          f"cache load {load * 1000:.0f} ms")


if __name__ == "__main__":
    main()
