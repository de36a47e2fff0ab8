"""Helpers for the Word Snake window tests: a window on a fake clock, small word lists,
real mouse drags and key presses."""

from __future__ import annotations

import datetime as dt

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

import wordbler.ui  # noqa: F401  (installs the PySide6 refcount guard first)
from PySide6.QtCore import QEvent, QPoint, QSettings, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication
from PySide6.QtTest import QTest

from wordbler.snake import FakeClock

EN_WORDS = """
CAT CATS ACT ACTS SCAT TACT TACTS TAT TATS SAT EAT EATS SEAT SEATS TEA TEAS SEA SET SETS
EAST EASTS STATE STATES TASTE TASTES ATE ETA TEST TESTS NEST NESTS NET NETS TEN TENS SENT
QUIT QUITE QUITS SUITE SUITES SUIT SUITS TIE TIES SITE SITES SIT SITS ITS QUEST QUESTS
TOAST TOASTS OAT OATS COAT COATS COST COSTS COT COTS SCOT TACO TACOS ONSET NOTE NOTES TONE
TONES STONE STONES ONE ONES NOSE NOSES SON SONS TON TONS CONE CONES SCONE SCONES ONCE
CASTE CASTES ACES ACE CASE CASES TACIT CANTO CANTOS OCEAN OCEANS CANOE CANOES SECTION
RATE RATES STAR STARS TARS ARTS RAT RATS ART ARE EAR EARS ERA ERAS TEAR TEARS SEAR
""".split()

RU_WORDS = """
КОТ ТОК СОК КОСА ОСА ЛОСЬ НОС СОН ТОН НОТА ЛЁД ЁЖ ЕЛЬ ЛЕС СЕЛО ОСЕНЬ ЛЕТО ЛОТО КОЛЕСО
СТОЛ СТО ЛОТ ТЕЛО ОКНО НОЖ ЁЛКА ЛЕНТА СЕТЬ ТЕНЬ ЛЕНЬ КОНЬ СЛОН ОСЁЛ ТЁЛКА ЛАСКА КАСТА
""".split()

DAY = dt.date(2025, 11, 23)


def _write_list(path, lang, extra):
    """A few thousand common words of the language and ``extra``: boards with a few dozen
    words, quick to load (the bundled lists take a second each)."""
    from wordbler.lexicon import common_words

    words = {w for w in common_words(lang)[:6000] if 3 <= len(w) <= 8} | set(extra)
    path.write_text("\n".join(sorted(w.lower() for w in words)) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def en_list(tmp_path_factory):
    return _write_list(tmp_path_factory.mktemp("lists") / "english.txt", "en", EN_WORDS)


@pytest.fixture(scope="session")
def ru_list(tmp_path_factory):
    return _write_list(tmp_path_factory.mktemp("lists") / "russian.txt", "ru", RU_WORDS)


class SnakeDriver:
    """Plays the window through its widgets: clicks, drags and keys."""

    def __init__(self, qtbot, window, clock: FakeClock) -> None:
        self.qtbot = qtbot
        self.window = window
        self.clock = clock

    @property
    def session(self):
        return self.window.session

    @property
    def game(self):
        return self.window.session.game

    @property
    def view(self):
        return self.window.round.board_view

    def click(self, widget) -> None:
        self.qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)

    def deal(self, *, word_list=None, players=1, names=None, seed=None, lang="en",
             duration=180, size=None) -> None:
        """Fill the setup page through its widgets and deal a board."""
        s = self.window.setup
        if self.window.pages.currentWidget() is not s:
            self.window.show_setup()
        s.lang.setCurrentIndex(s.lang.findData(lang))
        s.list_edit.clear()
        if word_list is not None:
            self.qtbot.keyClicks(s.list_edit, str(word_list))
        if size is not None:
            s.cols.setValue(size[0])
            s.rows.setValue(size[1])
        s.players.setValue(players)
        for i, n in enumerate(names or ()):
            s.names[i].clear()
            self.qtbot.keyClicks(s.names[i], n)
        if duration != "keep":           # seconds, or None for an untimed round
            s.duration.setCurrentIndex(s.duration.findData(duration))
        if seed == "rich":
            seed = self.rich_seed(word_list, lang, size or (4, 4))
        with self.qtbot.waitSignal(self.window.deal_ready, timeout=20000):
            if seed is None:
                self.click(s.new_button)
            else:
                self.window.new_board(seed=seed)

    @staticmethod
    def rich_seed(word_list, lang="en", size=(4, 4), min_words=12, plain=3) -> int:
        """A seed whose board holds at least ``min_words`` words, ``plain`` of them without a
        multi-letter tile at the start (found with the engine, dealt through the window)."""
        from wordbler.snake import BoardSpec, SnakeWords, generate

        words = SnakeWords.from_file(word_list, lang)
        for seed in range(500):
            deal = generate(BoardSpec(*size, lang), words, seed)
            simple = [w for w, p in deal.words if len(deal.board.tile(p[0])) == 1]
            if deal.count >= min_words and len(simple) >= plain:
                return seed
        raise AssertionError("no rich board in 500 seeds")

    def start_turn(self) -> None:
        h = self.window.handoff
        assert self.window.pages.currentWidget() is h, "the hand-off page should be showing"
        self.click(h.button)

    # ---- the board ------------------------------------------------------------------------
    def point(self, cell) -> QPoint:
        return self.view.tile_centre(cell).toPoint()

    def drag(self, path, release: bool = True) -> None:
        """Press on the first tile, move through the others, release: real mouse events."""
        view = self.view
        QTest.mousePress(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, self.point(path[0]))
        prev = self.point(path[0])
        for cell in path[1:]:
            target = self.point(cell)
            # two moves per step, like a real hand: half-way (between tiles) then the centre
            mid = QPoint((prev.x() + target.x()) // 2, (prev.y() + target.y()) // 2)
            QTest.mouseMove(view, mid)
            QTest.mouseMove(view, target)
            prev = target
        if release:
            QTest.mouseRelease(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, prev)

    def click_tile(self, cell) -> None:
        QTest.mouseClick(self.view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, self.point(cell))

    def type(self, text: str, enter: bool = True, widget=None) -> None:
        """Key presses for ``text`` (a Cyrillic letter as the key event a Russian layout
        sends: the key code is the upper-case letter's code point, the text the letter)."""
        target = widget or self.view
        for ch in text:
            if ch.isascii():
                self.qtbot.keyClicks(target, ch)
            else:
                for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
                    QApplication.sendEvent(target, QKeyEvent(kind, ord(ch.upper()),
                                                             Qt.KeyboardModifier.NoModifier, ch))
        if enter:
            self.qtbot.keyClick(target, Qt.Key.Key_Return)

    def found(self, index=None) -> list[str]:
        return [f.word for f in self.game.found_words(index)]

    def word_path(self, word):
        return self.game.deal.word_paths[word]

    def some_words(self, n: int, common: bool | None = None, plain: bool = True) -> list[str]:
        """``n`` words of the board (``plain``: not starting on a multi-letter tile)."""
        deal = self.game.deal
        out = [w for w, p in deal.words if (common is None or (w in deal.common) == common)
               and (not plain or len(deal.board.tile(p[0])) == 1)]
        assert len(out) >= n, f"only {len(out)} words on the board"
        return out[:n]


@pytest.fixture
def make_driver(qtbot, tmp_path):
    from wordbler.ui.snake.window import SnakeWindow

    made = []

    def make(size=(1024, 700), clock=None, settings_name="snake.ini"):
        clock = clock or FakeClock()
        settings = QSettings(str(tmp_path / settings_name), QSettings.Format.IniFormat)
        window = SnakeWindow(settings=settings, clock=clock, data_dir=tmp_path / "data",
                             today=lambda: DAY)
        qtbot.addWidget(window)
        window.confirm_discard = False  # tests that want the question turn it back on
        window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        with qtbot.waitActive(window):  # shortcuts go to the active window
            window.activateWindow()
        d = SnakeDriver(qtbot, window, clock)
        made.append(d)
        return d

    yield make
    for d in made:  # no job may outlive its test
        job = d.window.job
        if job is not None:
            job.cancel()
            job.finished.wait(10)
