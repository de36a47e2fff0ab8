"""Screenshots of games as files: the replay view, the resume offer, the unsaved-changes
question, a bad file's message, the File menu (offscreen, no display needed).

    QT_QPA_PLATFORM=offscreen python docs/screenshots/make_file_screenshots.py

The replayed game is a fixed computer-vs-computer game (seed 2026, "intermediate" players),
so the board shows real words.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
os.environ["WORDBLER_DATA_DIR"] = tempfile.mkdtemp(prefix="wordbler-shots-")

import wordbler.ui  # noqa: E402,F401  (refcount guard)
from PySide6.QtWidgets import QApplication, QMessageBox  # noqa: E402

from make_screenshots import composite, settle  # noqa: E402
from wordbler.boardgame import gcg, savegame  # noqa: E402
from wordbler.boardgame.continuation import game_at  # noqa: E402
from wordbler.lexicon.dictionary import load_bundled  # noqa: E402
from wordbler.boardgame.game import PlayerSpec  # noqa: E402
from wordbler.boardgame.movegen import engine_generator  # noqa: E402
from wordbler.boardgame.replay import replay  # noqa: E402
from wordbler.boardgame.selfplay import play_game  # noqa: E402
from wordbler.ui.boardgame.animation import Speed  # noqa: E402
from wordbler.ui.boardgame.autosave import ResumeOffer  # noqa: E402
from wordbler.ui.boardgame.config import GameConfig  # noqa: E402
from wordbler.ui.boardgame.files import config_for_game  # noqa: E402
from wordbler.ui.boardgame.mainwindow import MainWindow  # noqa: E402
from wordbler.ui.boardgame.replay_view import ReplayWindow  # noqa: E402

WARNED = """#character-encoding UTF-8
#player1 ann Ann Example
#player2 bob Bob Example
#title A record with a slip
#lexicon NWL23
#note Annotated by hand: the scores of the third move are wrong.
>ann: ADEHNRT 8D HARDEN +28 28
#note A strong start.
>bob: EILORSV H4 SOLV. +9 9
#note SOLVE through the E.
>ann: AEIKTUW 9C WAKE +30 58
#note Written +30: the board gives less.
>bob: ?EILORS 10A ReOILS +31 40
"""


def main() -> None:
    app = QApplication.instance() or QApplication([])
    lexicon = load_bundled()
    result = play_game(["intermediate", "intermediate"], 2026, lexicon,
                       engine_generator(lexicon), max_turns=500)
    # the computer played both seats; the record shows two people with mascots instead
    text = savegame.game_to_gcg(result.game)
    for old, new in (("Intermediate1", "Ann"), ("Intermediate2", "Bob")):
        text = text.replace(old, new)
    text = text.replace("Ann computer=intermediate", "Ann mascot=fox")
    text = text.replace("Bob computer=intermediate", "Bob mascot=owl")
    record = gcg.parse(text, "Ann vs Bob.gcg")

    # the replay view, a game of ours in the middle
    win = ReplayWindow(replay(record), record.source)
    win.resize(1280, 800)
    win.show()
    win.view.set_step(14)
    settle(app)
    win.grab().save(str(HERE / "replay-view.png"))
    win.close()

    # a hand-made record with notes and a slip: the warning inline
    win = ReplayWindow(replay(gcg.parse(WARNED, "slip.gcg")), "slip.gcg")
    win.resize(1280, 800)
    win.show()
    win.view.set_step(3)
    settle(app)
    win.grab().save(str(HERE / "replay-warning.png"))
    win.close()

    # the table, mid-game, for the dialogs
    specs = (PlayerSpec("Ann", "fox"), PlayerSpec("Bob", "owl"))
    window = MainWindow(GameConfig(specs, "standard", lexicon, "English (SCOWL 80)", seed=7),
                        Speed.OFF)
    window.resize(1280, 800)
    window.show()
    mid = game_at(record, 10, lexicon)  # the same game after ten moves
    window.start_game(config_for_game(mid, lexicon, "English (SCOWL 80)"), mid)
    window.session.reveal()
    settle(app)
    table = window.grab()

    offer = ResumeOffer(mid, window)
    offer.show()
    settle(app)
    composite(table, offer.grab()).save(str(HERE / "resume-offer.png"))
    offer.close()

    window.session.shuffle()  # a change not saved
    window.close()
    settle(app)
    box = window.files.box
    composite(table, box.grab()).save(str(HERE / "unsaved-changes.png"))
    box.button(QMessageBox.StandardButton.Cancel).click()

    bad = Path(tempfile.gettempdir()) / "wordbler-screenshots" / "truncated.gcg"
    bad.parent.mkdir(exist_ok=True)
    bad.write_text("#player1 ann Ann\n#player2 bob Bob\n>ann: ADEHNRT 8D HARDEN +28 28\n"
                   ">bob: EILORSV H4 SOLV. +9")
    window.files.open_path(str(bad))
    settle(app)
    composite(table, window.files.box.grab()).save(str(HERE / "open-error.png"))
    window.files.box.close()

    menu = window.files.menu
    menu.popup(window.mapToGlobal(window.rect().topLeft()))
    settle(app)
    menu.grab().save(str(HERE / "file-menu.png"))
    menu.close()
    window.files._close_confirmed = True
    window.close()


if __name__ == "__main__":
    main()
