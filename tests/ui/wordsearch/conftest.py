import pytest

import wordbler.ui  # noqa: F401  (installs the PySide6 refcount guard first)
from PySide6.QtCore import QSettings

from wordbler.wordsearch import Settings, generate
from wordbler.wordsearch.words import Entry

WORDS = ["PLANET", "COMET", "ORBIT", "GALAXY", "ROCKET", "METEOR", "NEBULA", "SATURN", "VENUS", "MOON"]


@pytest.fixture
def puzzle():
    return generate(Settings(cols=12, rows=12, level="hard", bonus=("OWL",), message="hi there",
                             title="Space"), [Entry(w.lower(), w) for w in WORDS], 11)


@pytest.fixture
def make_window(qtbot, tmp_path):
    from wordbler.ui.wordsearch.session import WordSearchSession
    from wordbler.ui.wordsearch.window import WordSearchWindow

    made = []

    def make(puzzle=None, players=("Player",), autoload=False, save_path=None):
        session = WordSearchSession(save_path=save_path or tmp_path / "wordsearch" / "autosave.json")
        settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
        w = WordSearchWindow(session=session, settings=settings, autoload=autoload)
        w.confirm_abandon = False
        qtbot.addWidget(w)
        if puzzle is not None:
            session.start(puzzle, list(players))
        w.resize(1024, 700)
        w.show()
        qtbot.waitExposed(w)
        made.append(w)
        return w

    yield make
    for w in made:
        w.timer.stop()
