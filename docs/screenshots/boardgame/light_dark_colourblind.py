"""Screenshots of the board game's looks: light, dark and the colour-blind-safe premiums,
mid-game, at 1024x700 and 1920x1080; and in dark the hand-off, the analysis and the
statistics.  Run under Xvfb from the repository's top folder:

    xvfb-run -a -s "-screen 0 1920x1080x24" python docs/screenshots/boardgame/light_dark_colourblind.py

The game: two computer players (the bundled English list) play eight turns, then the window
shows it with the human's rack; the finished game for the analysis is played to the end.
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


def play(game, generate, turns):
    from wordbler.boardgame.ai import Position, decision_to_move, make_player, rng_for

    players = [make_player("strong", generate, None) for _ in game.players]
    for _ in range(turns):
        if game.is_over:
            break
        pos = Position.from_game(game)
        game.apply(decision_to_move(game, players[game.current].choose(pos, rng_for(pos))))


def main() -> int:
    app = QApplication(sys.argv)  # noqa: F841  (alive while the script runs)
    from wordbler.boardgame.game import Game, PlayerSpec
    from wordbler.boardgame.movegen import engine_generator
    from wordbler.boardgame.rules import STANDARD
    from wordbler.lexicon import bundled_wordlist
    from wordbler.ui.boardgame import look
    from wordbler.ui.boardgame.animation import Speed
    from wordbler.ui.boardgame.config import GameConfig
    from wordbler.ui.boardgame.mainwindow import MainWindow
    from wordbler.ui.boardgame.theme import COLOURBLIND, STANDARD as STD

    wl = bundled_wordlist("en")
    generate = engine_generator(wl, STANDARD)
    specs = (PlayerSpec("Ann", "fox"), PlayerSpec("Bob", "owl"))
    config = GameConfig(specs, "standard", wl, "English (bundled)", 11)
    settings = QSettings(str(pathlib.Path(tempfile.mkdtemp()) / "s.ini"), QSettings.Format.IniFormat)

    def window(game, w, h):
        win = MainWindow(config, Speed.OFF, settings=settings, game=game)
        win.resize(w, h)
        win.move(0, 0)
        win.show()
        return win

    def settle(ms=300):
        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()

    shots = []
    for w, h in ((1024, 700), (1920, 1080)):
        for name, mode, scheme in (("light", look.LIGHT, STD), ("dark", look.DARK, STD),
                                   ("colourblind", look.LIGHT, COLOURBLIND),
                                   ("colourblind_dark", look.DARK, COLOURBLIND)):
            game = Game(specs, rules=STANDARD, lexicon=wl, seed=11)
            play(game, generate, 8)
            win = window(game, w, h)
            win.look_controller.set_mode(mode)
            win.look_controller.set_scheme(scheme)
            settle()
            if name == "dark":
                win.table.handoff.isVisible() and win.grab().save(str(HERE / f"dark_handoff_{w}.png"))
                shots.append(f"dark_handoff_{w}.png")
            win.session.reveal()
            settle()
            win.grab().save(str(HERE / f"{name}_{w}.png"))
            shots.append(f"{name}_{w}.png")
            win.close()
            win.deleteLater()
            settle(50)
    # a finished game in dark: the analysis and the statistics
    game = Game(specs, rules=STANDARD, lexicon=wl, seed=11)
    play(game, generate, 400)
    win = window(game, 1024, 700)
    win.look_controller.set_mode(look.DARK)
    settle()
    win.stats_controller.record()
    dlg = win.analysis_controller.open()
    dlg.resize(1000, 640)
    for _ in range(200):
        settle(200)
        if not dlg.running:
            break
    dlg.grab().save(str(HERE / "dark_analysis.png"))
    shots.append("dark_analysis.png")
    dlg.close()
    sdlg = win.stats_controller.open()
    sdlg.resize(700, 520)
    settle()
    sdlg.grab().save(str(HERE / "dark_stats.png"))
    shots.append("dark_stats.png")
    view = look.view_menu(win)
    view.popup(win.mapToGlobal(win.rect().topLeft()) + win.menuBar().rect().bottomLeft() * 0)
    settle()
    view.grab().save(str(HERE / "dark_view_menu.png"))
    shots.append("dark_view_menu.png")
    view.hide()
    print("\n".join(shots))
    return 0


if __name__ == "__main__":
    sys.exit(main())
