"""Screenshots of the board game in Russian and French, mid-game, at 1024x700 and 1920x1080,
plus the blank chooser (32 Russian letters) and the setup with Russian chosen.  Run under
Xvfb from the repository's top folder:

    xvfb-run -a -s "-screen 0 1920x1080x24" python docs/screenshots/boardgame/languages.py

The game: two computer players play eight turns with the bundled list of the language, then
the window shows it with the next player's rack (lang_ru_1024.png, lang_fr_1920.png ...).
"""

from __future__ import annotations

import os
import pathlib
import sys
import tempfile

os.environ.setdefault("WORDBLER_DATA_DIR", tempfile.mkdtemp())

import wordbler.ui  # noqa: F401,E402
from PySide6.QtCore import QSettings, QTimer  # noqa: E402
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
    app = QApplication(sys.argv)
    from wordbler.boardgame.game import Game, PlayerSpec
    from wordbler.boardgame.languages import load_bundled_words
    from wordbler.boardgame.movegen import engine_generator
    from wordbler.boardgame.rules import STANDARD
    from wordbler.ui.boardgame.animation import Speed
    from wordbler.ui.boardgame.config import GameConfig
    from wordbler.ui.boardgame.dialogs import WildcardDialog
    from wordbler.ui.boardgame.mainwindow import MainWindow
    from wordbler.ui.boardgame.setup import SetupDialog

    settings = QSettings(str(pathlib.Path(tempfile.mkdtemp()) / "s.ini"),
                         QSettings.Format.IniFormat)

    def settle(ms=300):
        QTimer.singleShot(ms, lambda: app.exit(0))  # quit() would ask to close the windows
        app.exec()

    shots = []
    names = {"ru": ("Аня", "Борис"), "fr": ("Amélie", "Bruno")}
    for code, seed in (("ru", 5), ("fr", 4)):
        rules = STANDARD.with_language(code)
        words = load_bundled_words(code)
        generate = engine_generator(words, rules)
        specs = (PlayerSpec(names[code][0], "fox"), PlayerSpec(names[code][1], "owl"))
        config = GameConfig(specs, "standard", words, words.name, seed, language=code)
        for w, h in ((1024, 700), (1920, 1080)):
            game = Game(specs, rules=rules, lexicon=words, seed=seed)
            play(game, generate, 8)
            win = MainWindow(config, Speed.OFF, settings=settings, game=game)
            win.resize(w, h)
            win.move(0, 0)
            win.show()
            settle()
            win.session.reveal()
            settle()
            name = f"lang_{code}_{w}.png"
            win.grab().save(str(HERE / name))
            shots.append(name)
            if code == "ru" and w == 1024:
                dlg = WildcardDialog(win, win.theme, rules.alphabet)
                dlg.show()
                settle()
                dlg.grab().save(str(HERE / "lang_ru_blank_chooser.png"))
                shots.append("lang_ru_blank_chooser.png")
                dlg.close()
            win.close()
            win.deleteLater()
            settle(50)
    setup = SetupDialog()
    setup.language.setCurrentIndex(setup.language.findData("ru"))
    setup.resize(900, 1000)
    setup.show()
    settle()
    bar = setup.scroll.verticalScrollBar()
    bar.setValue(bar.maximum())
    settle()
    setup.grab().save(str(HERE / "lang_setup_ru.png"))
    shots.append("lang_setup_ru.png")
    print("\n".join(shots))
    return 0


if __name__ == "__main__":
    sys.exit(main())
