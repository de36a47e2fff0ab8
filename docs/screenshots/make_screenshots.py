"""Take the screenshots in this folder (offscreen, no display needed).

    QT_QPA_PLATFORM=offscreen python docs/screenshots/make_screenshots.py

A fixed game: the computer's "intermediate" player makes the first moves for both sides
with common words of the bundled dictionary, so the board shows real words.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

import wordbler.ui  # noqa: E402,F401  (refcount guard)
from PySide6.QtCore import QPoint  # noqa: E402
from PySide6.QtGui import QColor, QPainter, QPixmap  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from wordbler.boardgame import ai  # noqa: E402
from wordbler.lexicon.dictionary import load_bundled  # noqa: E402
from wordbler.boardgame.game import PlayerSpec  # noqa: E402
from wordbler.boardgame.model import Coord  # noqa: E402
from wordbler.boardgame.movegen.generator import generate  # noqa: E402
from wordbler.lexicon.graph import load_or_build  # noqa: E402
from wordbler.ui.boardgame.animation import Speed  # noqa: E402
from wordbler.ui.boardgame.config import GameConfig  # noqa: E402
from wordbler.ui.boardgame.mainwindow import MainWindow  # noqa: E402
from wordbler.ui.boardgame.setup import SetupDialog  # noqa: E402


def settle(app: QApplication) -> None:
    for _ in range(5):
        app.processEvents()


def composite(window_pm: QPixmap, dialog_pm: QPixmap) -> QPixmap:
    """The window dimmed, with the dialog drawn over its centre (as a user sees it)."""
    out = QPixmap(window_pm)
    p = QPainter(out)
    p.fillRect(out.rect(), QColor(0, 0, 0, 70))
    x = (out.width() - dialog_pm.width()) // 2
    y = (out.height() - dialog_pm.height()) // 2
    p.fillRect(x + 6, y + 6, dialog_pm.width(), dialog_pm.height(), QColor(0, 0, 0, 60))
    p.drawPixmap(QPoint(x, y), dialog_pm)
    p.end()
    return out


def main() -> None:
    app = QApplication.instance() or QApplication([])
    lexicon = load_bundled()
    common = [w for w in lexicon if (lexicon.size_of(w) or 99) <= 35]
    with tempfile.TemporaryDirectory() as cache:
        graph = load_or_build(common, "screenshots-common", cache_dir=Path(cache))

    def gen(board, rack):
        return generate(board, rack, graph)

    player = ai.make_player("intermediate", gen)
    specs = (PlayerSpec("Ann", "fox"), PlayerSpec("Bob", "owl"), PlayerSpec("Cleo", "penguin"))
    config = GameConfig(specs, "standard", lexicon, "English (SCOWL 80)", seed=2026)

    # setup dialog
    with_computer = GameConfig(specs[:2] + (PlayerSpec("Cleo", "penguin", "intermediate"),), "standard",
                               lexicon, "English (SCOWL 80)")
    setup = SetupDialog(previous=with_computer)
    setup.show()
    settle(app)
    setup.grab().save(str(HERE / "setup-dialog.png"))
    setup.close()

    window = MainWindow(config, Speed.OFF)
    window.resize(1920, 1080)
    window.show()
    settle(app)
    window.grab().save(str(HERE / "first-draw-1920x1080.png"))
    s = window.session
    for _ in range(7):
        pos = ai.Position.from_game(s.game)
        decision = player.choose(pos, ai.rng_for(pos))
        s.apply_move(ai.decision_to_move(s.game, decision))
    settle(app)
    window.grab().save(str(HERE / "handoff-1920x1080.png"))
    s.reveal()
    # the current player has started a move: a live preview and the cursor
    pos = ai.Position.from_game(s.game)
    decision = player.choose(pos, ai.rng_for(pos))
    if decision.play is not None:
        move = ai.decision_to_move(s.game, decision)
        for p in move.placements:
            s.move_tile(p.tile.id, p.coord, letter=p.letter)
        window.board.set_cursor(move.placements[-1].coord)
    for size in ((1920, 1080), (800, 600)):
        window.resize(*size)
        settle(app)
        window.grab().save(str(HERE / f"mid-game-{size[0]}x{size[1]}.png"))
    window.resize(1280, 800)
    settle(app)
    # wildcard chooser over the window
    blank_id = next((t.id for t in s.game.tiles if t.is_blank), 0)
    window._ask_blank_letter(blank_id, Coord(7, 7))
    dlg = window.wildcard_dialog
    settle(app)
    composite(window.grab(), dlg.grab()).save(str(HERE / "wildcard-chooser.png"))
    dlg.reject()
    # score history of every player, all expanded
    window.show_history(None)
    hist = window.history_dialog
    hist.resize(900, 640)
    settle(app)
    hist.grab().save(str(HERE / "score-history.png"))
    hist.close()
    window.close()
    print("screenshots written to", HERE)


if __name__ == "__main__":
    main()
