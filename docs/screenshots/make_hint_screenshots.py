"""Take ``hint-panel.png`` and ``computer-thinking.png`` (offscreen, no display needed).

    QT_QPA_PLATFORM=offscreen python docs/screenshots/make_hint_screenshots.py [--size WxH]

Ann (human) plays against Robo (the computer, "strong") with the bundled dictionary; a few
opening moves are made by the engine so the board shows real words.  The computer's move
generator is held back while ``computer-thinking.png`` is taken, so the indicator is on show.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

import wordbler.ui  # noqa: E402,F401  (refcount guard)
from PySide6.QtCore import QEventLoop, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from wordbler.boardgame import ai  # noqa: E402
from wordbler.lexicon.dictionary import load_bundled  # noqa: E402
from wordbler.boardgame.game import PlayerSpec  # noqa: E402
from wordbler.boardgame.movegen import engine_generator  # noqa: E402
from wordbler.ui.boardgame.animation import Speed  # noqa: E402
from wordbler.ui.boardgame.config import GameConfig  # noqa: E402
from wordbler.ui.boardgame.mainwindow import MainWindow  # noqa: E402


def wait_until(app, cond, timeout_ms: int = 30000) -> None:
    loop = QEventLoop()
    timer = QTimer()
    timer.timeout.connect(lambda: loop.quit() if cond() else None)
    timer.start(20)
    QTimer.singleShot(timeout_ms, loop.quit)
    loop.exec()
    timer.stop()
    if not cond():
        raise SystemExit("timed out")


def settle(app) -> None:
    for _ in range(5):
        app.processEvents()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", default="1280x800")
    args = ap.parse_args()
    w_, h_ = (int(x) for x in args.size.split("x"))
    app = QApplication.instance() or QApplication([])
    lexicon = load_bundled()
    real = engine_generator(lexicon)
    gate = threading.Event()
    gate.set()

    def factory(lex, rules, progress=None):
        def generate(rows, rack):
            gate.wait()
            return real(rows, rack)
        return generate

    specs = (PlayerSpec("Ann", "fox"), PlayerSpec("Robo", "owl", "strong"))
    config = GameConfig(specs, "standard", lexicon, "bundled", 2026)
    window = MainWindow(config, Speed.OFF)
    window.generator_factory = factory
    window.start_game(config)
    window.resize(w_, h_)
    window.show()
    settle(app)
    s = window.session
    g = s.game
    # a few opening moves by the engine for both sides
    strong = ai.make_player("strong", real, lexicon.size_of)
    gate.clear()  # Robo may not move by itself meanwhile
    for _ in range(4):
        if g.players[g.current].computer:
            break
        pos = ai.Position.from_game(g)
        s.reveal() if s.handoff else None
        s.apply_move(ai.decision_to_move(g, strong.choose(pos, ai.rng_for(pos))))
        settle(app)
        if g.players[g.current].computer:
            gate.set()
            wait_until(app, lambda: not g.players[g.current].computer and not window.computer.busy)
            gate.clear()
    # Robo's turn, held back: the thinking indicator
    if not g.players[g.current].computer:
        s.reveal()
        s.pass_turn()
    wait_until(app, lambda: window.computer.busy)
    settle(app)
    QTimer.singleShot(400, lambda: None)
    wait_until(app, lambda: window.table.thinking.isVisible())
    window.grab().save(str(HERE / "computer-thinking.png"))
    gate.set()
    wait_until(app, lambda: not g.players[g.current].computer and not window.computer.busy)
    # Ann's turn: hints, the first one previewed on the board
    settle(app)
    window.table.handoff.button.click()
    window.table.hint_button.click()
    wait_until(app, lambda: window.table.hint_panel.tree.topLevelItemCount() > 0)
    panel = window.table.hint_panel
    panel.tree.setCurrentItem(panel.item(0))
    settle(app)
    window.grab().save(str(HERE / "hint-panel.png"))
    print("saved", HERE / "computer-thinking.png", HERE / "hint-panel.png")
    window.close()


if __name__ == "__main__":
    main()
