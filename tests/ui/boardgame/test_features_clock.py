"""The game clock in the window, driven with a fake time source (no sleeping)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel, QMessageBox

from wordbler.boardgame.clock import ClockMode, ClockSettings
from wordbler.boardgame.game import PlayerSpec
from wordbler.boardgame.model import TurnKind
from wordbler.ui.boardgame.animation import Speed
from wordbler.ui.boardgame.clockview import ClockController, ClockOptionsBox
from wordbler.ui.boardgame.config import GameConfig

from tests.ui.conftest import Driver, Words


class FakeTime:
    def __init__(self) -> None:
        self.t = 50.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def clocked(qtbot):
    from wordbler.ui.boardgame.mainwindow import MainWindow

    def make(settings, players=("Ann", "Bob"), seed=12):
        specs = tuple(PlayerSpec(p, m) for p, m in zip(players, ("fox", "owl")))
        config = GameConfig(specs, "standard", Words(), "test words", seed, clock=settings)
        window = MainWindow(config, Speed.OFF)
        qtbot.addWidget(window)
        ft = FakeTime()
        ctl = getattr(window, "clock_controller", None)
        if ctl is None:
            ctl = window.clock_controller = ClockController(window)
        ctl.now = ft
        if ctl.clock is not None:
            ctl.clock._now = ft
        window.resize(1000, 760)
        window.show()
        qtbot.waitExposed(window)
        return Driver(qtbot, window), ctl, ft

    return make


def test_time_per_move_passes_the_turn_and_pauses_in_the_handoff(clocked):
    d, ctl, ft = clocked(ClockSettings(ClockMode.MOVE, per_move=30))
    g = d.game
    assert ctl.dock.isVisible() and ctl.clock is g.clock
    ft.t += 1000  # the first hand-off: the clock waits
    ctl.tick()
    assert ctl.clock.turn_elapsed() == 0 and ctl.clock.paused
    d.reveal()
    first = g.current
    ft.t += 20
    ctl.tick()
    assert ctl.strip.labels[first].text().endswith("0:10")
    # a dialog open: the clock stops while it is shown
    d.click(d.window.table.pass_button)
    assert d.window.pass_box is not None and d.window.pass_box.isVisible()
    ctl.tick()
    assert ctl.clock.paused
    ft.t += 500
    d.click(d.window.pass_box.button(QMessageBox.StandardButton.No))
    ctl.tick()
    assert not ctl.clock.paused
    assert ctl.clock.turn_elapsed() == pytest.approx(20)
    ft.t += 10  # 30 s used: time is up
    ctl.tick()
    assert g.history[-1].kind is TurnKind.PASS and g.history[-1].player == first
    assert "Time is up" in d.window.table.message_label.text()
    assert d.session.handoff and ctl.clock.paused
    d.reveal()
    assert g.current != first and ctl.clock.turn_elapsed() == 0


def test_chess_clock_shows_time_left_and_penalty(clocked):
    d, ctl, ft = clocked(ClockSettings(ClockMode.CHESS, total=60, penalty=10))
    d.reveal()
    p = d.game.current
    ft.t += 75
    ctl.tick()
    text = ctl.strip.labels[p].text()
    assert "-0:15" in text and "−10 for time" in text
    assert d.game.history == [] or d.game.history[-1].kind is not TurnKind.PASS


def test_clock_is_saved_and_resumed(clocked, tmp_path, qtbot):
    from wordbler.boardgame.savegame import load_game, save_game

    d, ctl, ft = clocked(ClockSettings(ClockMode.SOFT))
    d.reveal()
    p = d.game.current
    ft.t += 65
    ctl.tick()
    path = tmp_path / "g.gcg"
    save_game(d.game, path)
    back = load_game(path, Words())
    assert back.clock.settings.mode is ClockMode.SOFT
    assert back.clock.used[p] == pytest.approx(65)
    d.window.start_game(d.window.config, back)  # as File > Open does
    ctl.tick()
    assert ctl.clock is back.clock
    assert ctl.strip.labels[p].text().endswith("1:05")


def test_no_clock_no_strip(clocked):
    d, ctl, ft = clocked(ClockSettings(ClockMode.NONE))
    assert ctl.clock is None and not ctl.dock.isVisible()


def test_setup_box_gives_the_settings(qtbot):
    box = ClockOptionsBox()
    qtbot.addWidget(box)
    box.show()
    assert box.settings().mode is ClockMode.NONE
    box.set_mode(ClockMode.CHESS)
    assert box.total.isVisible() and not box.per_move.isVisible()
    box.total.setValue(10)
    box.penalty.setValue(5)
    assert box.settings() == ClockSettings(ClockMode.CHESS, 120, 600, 5)
    box.set_mode(ClockMode.MOVE)
    box.per_move.setValue(30)
    assert box.settings().per_move == 30 and box.per_move.isVisible()


def test_chess_clock_penalty_is_taken_off_at_the_end(clocked):
    from PySide6.QtWidgets import QMessageBox as Box

    d, ctl, ft = clocked(ClockSettings(ClockMode.CHESS, total=60, penalty=10))
    g = d.game
    d.reveal()
    slow = g.current
    ft.t += 130  # 70 s over: two started minutes
    ctl.tick()
    while not g.is_over:
        if d.session.handoff:
            d.reveal()
        d.click(d.window.table.pass_button)
        d.click(d.window.pass_box.button(Box.StandardButton.Yes))
    pens = [r for r in g.history if r.kind is TurnKind.TIME_PENALTY]
    assert [(r.player, r.score) for r in pens] == [(slow, -20)]
    before = [r for r in g.history if r.player == slow and r.kind is not TurnKind.TIME_PENALTY]
    assert g.scores[slow] == before[-1].total - 20 and g.outcome.scores == tuple(g.scores)
    assert str(g.scores[slow]) in d.window.table.player_panels[slow].score.text().replace("−", "-")
    # the game-over table shows the time penalty in a column of its own, and says it under
    # the table (it was folded into "Before" and explained nowhere)
    over = d.window.game_over_dialog
    assert over is not None and over.isVisible()
    texts = [lab.text() for lab in over.findChildren(QLabel)]
    assert "<b>Time</b>" in texts and "-20" in texts
    assert any("went over time: 20 points off" in line for line in over.settlement_lines)
    settled = sum(r.score for r in g.history if r.player == slow and r.kind is TurnKind.SETTLEMENT)
    assert str(g.scores[slow] - settled + 20) in texts  # "Before": before the time and tiles
    # the clocks stand: the strip no longer says "paused"
    assert ctl.strip.state.text() == ""


def test_the_low_time_red_reads_on_light_and_dark_backgrounds(qtbot):
    from PySide6.QtGui import QColor, QPalette
    from PySide6.QtWidgets import QLabel

    from wordbler.ui.boardgame.clockview import warning_colour

    def luminance(c: QColor) -> float:
        def ch(v):
            v /= 255
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
        return 0.2126 * ch(c.red()) + 0.7152 * ch(c.green()) + 0.0722 * ch(c.blue())

    for bg in ("#ffffff", "#f0f0f0", "#2b2b2b", "#1e1e1e"):
        label = QLabel("0:05")
        qtbot.addWidget(label)
        pal = label.palette()
        pal.setColor(QPalette.ColorRole.Window, QColor(bg))
        label.setPalette(pal)
        hi, lo = sorted((luminance(QColor(warning_colour(label))), luminance(QColor(bg))),
                        reverse=True)
        assert (hi + 0.05) / (lo + 0.05) >= 4.5, bg


# four players with names as long as the setup dialog takes
LONG = ("Maximilian-Alexander", "Анастасия Владимировна", "Jean-Baptiste Éloi", "Christopher")


@pytest.mark.parametrize("size", [(1100, 768), (900, 600), (800, 500)],
                         ids=["1100x768", "900x600", "800x500"])
def test_every_clock_shows_its_time_at_any_window_size(qtbot, size):
    """Short of room the names are shortened with "…", never a time: at 900 x 600 and
    800 x 500 the last clock was cut off, its time not shown at all."""
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QApplication

    from wordbler.ui.boardgame.mainwindow import MainWindow

    specs = tuple(PlayerSpec(n, m) for n, m in zip(LONG, ("fox", "owl", "frog", "cat")))
    config = GameConfig(specs, "standard", Words(), "test words", 5,
                        clock=ClockSettings(ClockMode.CHESS, total=25 * 60, penalty=10))
    w = MainWindow(config, Speed.OFF)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    for _ in range(3):  # its work after showing done (fitted to the offscreen screen)
        QApplication.processEvents()
    w.resize(*size)
    for _ in range(3):  # the layouts' work after the resize done
        QApplication.processEvents()
    assert (w.width(), w.height()) == size
    strip = w.clock_controller.strip
    window = w.rect()
    right = strip.mapTo(w, strip.rect().topRight()).x()
    assert right < window.width(), f"the clock strip goes on to x={right}, out of the window"
    names = [p.name for p in w.session.game.players]  # in the order of play
    for clock, name in zip(strip.labels, names):
        time = clock.time
        assert time.text().strip() == "25:00"
        shown = QRect(time.mapTo(w, time.rect().topLeft()), time.size())
        assert window.contains(shown), f"the time of {name} is cut off: {shown} in {window}"
        assert time.width() >= time.fontMetrics().horizontalAdvance(time.text())
        label = clock.name
        assert label.fontMetrics().horizontalAdvance(label.text()) <= label.width()
        if name not in label.text():  # shortened, all of it in the tooltip
            assert label.text().endswith("…") and name in label.toolTip()
    if size == (1100, 768):  # room enough: every name whole
        assert all(name in clock.name.text() for clock, name in zip(strip.labels, names))


def test_the_strip_does_not_say_paused_once_the_game_is_over(clocked):
    # the clocks stop at the end; the strip kept saying "paused" under a per-move clock
    d, ctl, ft = clocked(ClockSettings(ClockMode.MOVE, per_move=120))
    g = d.game
    while not g.is_over:
        if d.session.handoff:
            d.reveal()
        assert ctl.strip.state.text() == ""  # running while a player can see the rack
        d.click(d.window.table.pass_button)
        d.click(d.window.pass_box.button(QMessageBox.StandardButton.Yes))
    ctl.refresh()
    assert ctl.strip.state.text() == ""
    ctl.clock.pause("dialog")  # as a question or the game-over screen pauses it
    ctl.refresh()
    assert ctl.strip.state.text() == ""
