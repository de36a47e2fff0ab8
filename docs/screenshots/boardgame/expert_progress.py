"""Screenshots of the expert thinking (the thinking panel's progress bar) at 1024x700,
1366x768 and 1920x1080, light and dark, and of the chess-clock strip with a player in low
time on the dark theme.  Run under Xvfb from the repository's top folder (set
QT_SCALE_FACTOR=2 for the scaled shot, named *_scale2):

    xvfb-run -a -s "-screen 0 1920x1080x24" python docs/screenshots/boardgame/expert_progress.py
"""

from __future__ import annotations

import os
import pathlib
import sys
import tempfile

os.environ.setdefault("WORDBLER_DATA_DIR", tempfile.mkdtemp())

import wordbler.ui  # noqa: F401,E402
from PySide6.QtCore import QEventLoop, QSettings, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent


def main() -> int:
    app = QApplication(sys.argv)  # noqa: F841
    from wordbler.boardgame.ai import Position, decision_to_move, make_player, rng_for
    from wordbler.boardgame.game import Game, PlayerSpec
    from wordbler.boardgame.movegen import engine_generator
    from wordbler.boardgame.rules import STANDARD
    from wordbler.lexicon import bundled_wordlist
    from wordbler.ui.boardgame import look
    from wordbler.ui.boardgame.animation import Speed
    from wordbler.ui.boardgame.config import GameConfig
    from wordbler.ui.boardgame.mainwindow import MainWindow

    scaled = os.environ.get("QT_SCALE_FACTOR", "1") not in ("", "1")
    wl = bundled_wordlist("en")
    generate = engine_generator(wl, STANDARD)
    specs = (PlayerSpec("Ann", "fox"), PlayerSpec("Robo", "owl", "expert"))
    config = GameConfig(specs, "standard", wl, "English (bundled)", 11)
    settings = QSettings(str(pathlib.Path(tempfile.mkdtemp()) / "s.ini"), QSettings.Format.IniFormat)

    def settle(ms=300):
        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()

    shots = []
    sizes = ((1366, 768),) if scaled else ((1024, 700), (1366, 768), (1920, 1080))
    for w, h in sizes:
        for mode_name, mode in (("light", look.LIGHT), ("dark", look.DARK)):
            game = Game(specs, rules=STANDARD, lexicon=wl, seed=11)
            strong = make_player("strong", generate)
            for _ in range(6):  # a few turns, ending on Ann's
                pos = Position.from_game(game)
                game.apply(decision_to_move(game, strong.choose(pos, rng_for(pos))))
            win = MainWindow(config, Speed.OFF, settings=settings, game=game)
            win.resize(w, h)
            win.move(0, 0)
            win.show()
            win.look_controller.set_mode(mode)
            settle()
            # Ann passes: Robo (expert) thinks; shoot when its bar is part way
            seen = []
            win.computer.searching.connect(seen.append)
            if not win.session.game.players[win.session.game.current].computer:
                win.session.pass_turn()
            for _ in range(400):
                settle(20)
                if seen and 0.25 <= seen[-1] < 0.95:
                    break
            name = f"expert_thinking_{mode_name}_{w}" + ("_scale2" if scaled else "")
            win.grab().save(str(HERE / f"{name}.png"))
            shots.append(name)
            win.computer.cancel()
            win.close()
            win.deleteLater()
            settle(100)
    print("\n".join(shots))
    return 0


if __name__ == "__main__":
    sys.exit(main())
