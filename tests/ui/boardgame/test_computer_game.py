"""Human against computer through the window, and interrupting a computer that is thinking.

The human plays with real drops and clicks (an exchange, a hint, a pass, then the engine's
best word each turn, decided with the move generator); the computer answers from its worker.
The interrupt tests hold the computer's move generator on a ``threading.Event`` and close the
window (or start a new game) while it waits: nothing hangs, and the late result is dropped.
"""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import Qt, QThreadPool
from PySide6.QtWidgets import QMessageBox

from wordbler.boardgame.game import PlayerSpec
from wordbler.boardgame.model import Coord, TurnKind
from wordbler.ui.boardgame.animation import Speed
from wordbler.ui.boardgame.config import GameConfig
from wordbler.ui.boardgame.mainwindow import MainWindow
from wordbler.ui.boardgame.moveindex import Cancelled, MoveIndex

from tests.ui.conftest import Driver

SMALL = frozenset({"AT", "TA", "IT", "TI", "ON", "NO", "TO", "OE", "EAT", "TEA", "ATE", "RAT",
                   "TAR", "ART", "ONE", "EON", "TEN", "NET", "SIT", "ITS", "TIS", "SAT", "AS",
                   "IS", "OR", "RE", "ER", "ES"})


def _window(qtbot, players, lexicon, seed=7, factory=None, size=(1000, 760), speed=Speed.OFF):
    config = GameConfig(tuple(players), "standard", lexicon, "test words", seed)
    w = MainWindow(config, speed)
    qtbot.addWidget(w)
    if factory is not None:  # restart with the test's move generator
        w.generator_factory = factory
        w.start_game(config)
    w.resize(*size)
    w.show()
    qtbot.waitExposed(w)
    return w


def _play_word(d: Driver, qtbot, generate) -> bool:
    """Drop the tiles of the best-scoring word on the board and press Done; False if none."""
    g = d.game
    moves = generate(g.board.rows_text(), g.rack_letters())
    if not len(moves):
        return False
    best = moves.best(1)[0]
    used: set[int] = set()
    for r, c, letter, blank in best.tiles:
        tile = next(t for t in d.session.rack_tiles() if t.id not in used
                    and (t.is_blank if blank else (t.letter == letter and not t.is_blank)))
        used.add(tile.id)
        coord = Coord(r, c)
        d.drop_on_square(tile.id, coord)  # a blank is refused until its letter is chosen
        if blank:
            dlg = d.window.wildcard_dialog
            assert dlg is not None and dlg.isVisible()
            d.click(dlg.buttons[letter])
        assert d.session.pending_at(coord) is not None, f"{letter} not placed on {coord.label}"
    text = d.window.table.preview_label.text()
    assert best.word.upper() in text and str(best.score) in text, text
    before = len(g.history)
    d.done()
    assert len(g.history) > before and g.history[before].kind is TurnKind.PLAY
    assert g.history[before].score == best.score
    return True


def _pass(d: Driver) -> None:
    d.click(d.window.table.pass_button)
    d.click(d.window.pass_box.button(QMessageBox.StandardButton.Yes))


@pytest.mark.parametrize("level", ["beginner", "strong"])
def test_a_human_plays_a_computer_to_the_end(qtbot, bundled_lexicon, bundled_generator, level):
    w = _window(qtbot, (PlayerSpec("Ann", "fox"), PlayerSpec("Robo", "owl", level)),
                bundled_lexicon, seed=2026)
    d = Driver(qtbot, w)
    g = w.session.game
    ann = next(i for i, p in enumerate(g.players) if p.computer is None)
    thinking_seen = []
    w.computer.thinking.connect(lambda i: thinking_seen.append(w.table.thinking.isVisible()))
    human_turns = 0
    for _ in range(80):
        # the computer answers by itself, and Ann, the only human, needs no hand-off: her
        # rack comes up by itself (or the game ends)
        qtbot.waitUntil(lambda: g.is_over or (g.current == ann and d.session.can_act()),
                        timeout=60000)
        if g.is_over:
            break
        assert not w.computer.busy and not w.table.handoff.isVisible()
        human_turns += 1
        if human_turns == 1 and g.can_exchange() is None:
            for t in d.session.rack_tiles()[:3]:  # swap three tiles
                d.click_rack_tile(t.id, ctrl=True)
            d.click(w.table.exchange_button)
            d.click(w.exchange_box.button(QMessageBox.StandardButton.Yes))  # it asks first
            assert g.history[-1].kind is TurnKind.EXCHANGE
        elif human_turns == 2:
            d.click(w.table.hint_button)  # the best move, through the hint panel
            panel = w.table.hint_panel
            qtbot.waitUntil(lambda: panel.tree.topLevelItemCount() > 0 or "No word" in panel.status.text(),
                            timeout=30000)
            if panel.rows:
                assert g.history[-1].kind is TurnKind.HINT
                panel.tree.setCurrentItem(panel.item(0))
                d.click(panel.play_button)
                assert g.history[-1].kind is TurnKind.PLAY
            else:
                _pass(d)
        elif human_turns == 3:
            _pass(d)
            assert g.history[-1].kind is TurnKind.PASS
        elif not _play_word(d, qtbot, bundled_generator):
            _pass(d)
    assert g.is_over, "the game should have ended"
    qtbot.waitUntil(lambda: w.game_over_dialog is not None and w.game_over_dialog.isVisible())
    assert any(r.player != ann and r.kind in (TurnKind.PLAY, TurnKind.EXCHANGE, TurnKind.PASS)
               for r in g.history), "the computer moved"
    assert thinking_seen and all(thinking_seen), "the thinking indicator showed on every computer turn"
    assert not w.table.thinking.isVisible()
    for i, panel in enumerate(w.table.player_panels):
        assert g.scores[i] == sum(r.score for r in g.history if r.player == i)
        assert panel.score.text() == str(g.scores[i])
    assert human_turns >= 4


class Gate:
    """A move generator that waits on an event before each call (the test releases it)."""

    def __init__(self, lexicon=SMALL) -> None:
        from wordbler.boardgame.movegen import engine_generator

        self.real = engine_generator(lexicon)
        self.open = threading.Event()
        self.entered = threading.Event()

    def factory(self, lexicon, rules, progress=None):
        def generate(rows, rack):
            self.entered.set()
            self.open.wait(30)
            return self.real(rows, rack)
        return generate


def _computer_thinking(qtbot, w, gate) -> int:
    """Make the computer's turn start; returns the number of turns played before it."""
    s = w.session
    robo = next(i for i, p in enumerate(s.game.players) if p.computer)
    if s.current != robo:
        qtbot.waitUntil(s.can_act)  # the only human: no hand-off to click
        _pass(Driver(qtbot, w))
    qtbot.waitUntil(gate.entered.is_set, timeout=10000)
    assert w.computer.busy and w.table.thinking.isVisible()
    return len(s.game.history)


def test_closing_the_window_while_the_computer_thinks(qtbot):
    gate = Gate()
    w = _window(qtbot, (PlayerSpec("Ann", "fox"), PlayerSpec("Robo", "owl", "beginner")), SMALL,
                factory=gate.factory)
    turns = _computer_thinking(qtbot, w, gate)
    game, session, runner = w.session.game, w.session, w.computer
    late = []
    session.turn_ended.connect(late.append)
    w.close()  # returns at once although the worker is still blocked
    assert not runner.busy
    gate.open.set()
    assert QThreadPool.globalInstance().waitForDone(10000), "the worker should finish"
    qtbot.waitUntil(lambda: not runner.busy)  # deliver any queued result
    QThreadPool.globalInstance().waitForDone(1000)
    assert late == [] and len(game.history) == turns, "a late result touched the closed game"


def test_a_new_game_while_the_computer_thinks(qtbot):
    gate = Gate()
    players = (PlayerSpec("Ann", "fox"), PlayerSpec("Robo", "owl", "beginner"))
    w = _window(qtbot, players, SMALL, factory=gate.factory)
    turns = _computer_thinking(qtbot, w, gate)
    old_game, old_runner = w.session.game, w.computer
    late = []
    w.session.turn_ended.connect(late.append)
    w.start_game(GameConfig((PlayerSpec("Ann", "fox"), PlayerSpec("Bob", "owl")), "standard",
                            SMALL, "test words", 9))
    assert w.computer is None and w.session.game is not old_game
    assert not w.table.thinking.isVisible()
    gate.open.set()
    assert QThreadPool.globalInstance().waitForDone(10000)
    qtbot.waitUntil(lambda: not old_runner.busy)
    assert late == [] and len(old_game.history) == turns
    assert w.session.game.history == []


def test_closing_stops_a_first_build_at_its_next_progress_report(qtbot):
    started = threading.Event()
    stopped = []

    def slow_build(lexicon, rules, progress=None):
        try:
            for i in range(10000):  # a "build" that would take minutes
                progress(i / 10000)
                started.set()
                threading.Event().wait(0.01)
        except Cancelled:
            stopped.append(True)
            raise
        raise AssertionError("the build should have been cancelled")

    index = MoveIndex(SMALL, GameConfig((), "standard").ruleset(), slow_build)
    seen = []
    index.progress.connect(seen.append)
    index.prepare()
    qtbot.waitUntil(started.is_set, timeout=5000)
    qtbot.waitUntil(lambda: len(seen) > 1, timeout=5000)  # progress reaches the GUI thread
    assert 0.0 <= seen[-1] < 1.0
    index.close()
    assert QThreadPool.globalInstance().waitForDone(5000)
    assert stopped == [True] and not index.is_ready


EXIT_SCRIPT = r'''
import os, sys, threading
os.environ["QT_QPA_PLATFORM"] = "offscreen"
import wordbler.ui
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from wordbler.boardgame.game import PlayerSpec
from wordbler.boardgame.movegen import engine_generator
from wordbler.ui.boardgame.animation import Speed
from wordbler.ui.boardgame.config import GameConfig
from wordbler.ui.boardgame.mainwindow import MainWindow

WORDS = frozenset(sys.argv[1].split(","))
real = engine_generator(WORDS)
calls = []

def factory(lexicon, rules, progress=None):
    def generate(rows, rack):  # a slow generator: 0.4 s a call
        calls.append(1)
        threading.Event().wait(0.4)
        return real(rows, rack)
    return generate

app = QApplication([])
config = GameConfig((PlayerSpec("Robo", "owl", "expert"), PlayerSpec("Ann", "fox")), "standard",
                    WORDS, "test", 7)
w = MainWindow(config, Speed.OFF)
w.generator_factory = factory
w.start_game(config)
w.show()
state = {}

def poll():
    s = w.session
    if not s.game.players[s.current].computer and (s.handoff or s.can_act()):
        s.reveal(); s.pass_turn()  # (the only human's rack comes up by itself: no hand-off)
    if w.computer.busy and len(calls) >= 2 and "at_quit" not in state:
        state["at_quit"] = len(calls)
        app.exit(0)  # quits without asking the window (whose close may wait for a question)

timer = QTimer(); timer.timeout.connect(poll); timer.start(10)
QTimer.singleShot(20000, app.quit)
app.exec()
# what Qt does when the application object goes: wait for the pool's jobs
from PySide6.QtCore import QThreadPool
QThreadPool.globalInstance().waitForDone()
print("CALLS_AFTER_QUIT", len(calls) - state["at_quit"], "CALLS", len(calls), flush=True)
'''


def test_quitting_while_an_expert_thinks_exits_at_once(tmp_path):
    """A real process quits while the computer's worker is busy: Qt waits for the thread
    pool when the application ends, and the worker stops at its next generator call."""
    import os
    import subprocess
    import sys

    script = tmp_path / "exit.py"
    script.write_text(EXIT_SCRIPT)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([sys.executable, str(script), ",".join(sorted(SMALL))], env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "CALLS_AFTER_QUIT" in out.stdout, out.stdout + out.stderr
    after = int(out.stdout.split("CALLS_AFTER_QUIT")[1].split()[0])
    # the expert's search makes dozens of generator calls (6 candidates x 16 racks); once
    # the application quits, at most the call already in flight completes
    assert after <= 1, out.stdout


def test_the_first_build_shows_its_progress_then_the_computer_moves(qtbot):
    from wordbler.boardgame.movegen import engine_generator

    gate = threading.Event()

    def building(lexicon, rules, progress=None):
        progress(0.0)
        progress(0.3)
        gate.wait(30)
        progress(1.0)
        return engine_generator(lexicon, rules)

    w = _window(qtbot, (PlayerSpec("Ann", "fox"), PlayerSpec("Robo", "owl", "beginner")), SMALL,
                factory=building)
    t = w.table
    qtbot.waitUntil(lambda: t.thinking.isVisible() and "30 %" in t.thinking.label.text())
    assert t.thinking.bar.isVisible() and t.thinking.bar.value() == 30
    assert w.centralWidget() is t  # the window is live meanwhile: the build is in a worker
    gate.set()
    qtbot.waitUntil(lambda: not t.thinking.bar.isVisible())
    s = w.session
    robo = next(i for i, p in enumerate(s.game.players) if p.computer)
    if s.current != robo:
        qtbot.waitUntil(s.can_act)  # the only human: no hand-off to click
        _pass(Driver(qtbot, w))
    qtbot.waitUntil(lambda: any(r.player == robo for r in s.game.history), timeout=30000)
    qtbot.waitUntil(lambda: not t.thinking.isVisible())


def test_the_move_index_is_built_once_then_loaded_from_the_cache(qtbot, monkeypatch, tmp_path):
    monkeypatch.setenv("WORDBLER_CACHE_DIR", str(tmp_path))
    rules = GameConfig((), "standard").ruleset()
    seen: list[list[float]] = []
    for _ in range(2):  # two starts of the program
        index = MoveIndex(SMALL, rules)
        reports: list[float] = []
        index.progress.connect(reports.append)
        with qtbot.waitSignal(index.ready, timeout=30000):
            index.prepare()
        assert index.is_ready
        seen.append(reports)
    assert any(0.0 < f < 1.0 for f in seen[0]), "the first start builds, reporting progress"
    assert seen[1] == [1.0], "a later start loads the cache"
    assert list(tmp_path.glob("lexgraph-*.bin")), "the graph is cached in the user cache folder"


def test_a_computer_play_flies_its_tiles_to_the_board(qtbot):
    w = _window(qtbot, (PlayerSpec("Ann", "fox"), PlayerSpec("Robo", "owl", "beginner")), SMALL,
                speed=Speed.FAST)
    s = w.session
    robo = next(i for i, p in enumerate(s.game.players) if p.computer)
    flights = []
    s.flights.connect(flights.append)
    started = []
    w.animator.started.connect(lambda: started.append(True))
    if s.current != robo:
        qtbot.waitUntil(s.can_act)  # the only human: no hand-off to click
        _pass(Driver(qtbot, w))
    qtbot.waitUntil(lambda: any(r.player == robo for r in s.game.history), timeout=30000)
    rec = next(r for r in s.game.history if r.player == robo)
    assert rec.kind is TurnKind.PLAY  # seed 7 gives Robo a word
    moved = [f for batch in flights for f in batch if isinstance(f.target, Coord)]
    assert {f.target for f in moved} == {p.coord for p in rec.move.placements}
    assert all(isinstance(f.source, int) for f in moved), "from the rack, like a human's"
    assert started, "the flights were animated"
    qtbot.waitUntil(lambda: not w.animator.busy, timeout=10000)


def test_a_move_index_serves_a_game_with_the_same_words_and_move_rules():
    from wordbler.boardgame.rules import get_ruleset

    class Hashed(frozenset):
        content_hash = "test-hash"

    standard = get_ruleset("standard")
    index = MoveIndex(Hashed(SMALL), standard)
    assert index.matches(Hashed(SMALL), standard.with_changes(hint_cost=3))
    assert index.matches(Hashed(SMALL), standard.with_changes(hints_allowed=False))
    assert not index.matches(Hashed(SMALL), standard.with_changes(bingo_bonus=0))
    assert not index.matches(Hashed(SMALL), get_ruleset("wordbler-classic"))
    assert not index.matches(SMALL, standard), "a plain set may have changed: no reuse"
    index.close()
    assert not index.matches(Hashed(SMALL), standard), "a closed index serves nobody"


def test_the_expert_shows_how_far_its_simulation_is(qtbot):
    """The expert's playouts fill the thinking panel's bar, in order, then the panel goes."""
    from wordbler.boardgame.movegen import engine_generator

    real = engine_generator(SMALL)

    def factory(lexicon, rules, progress=None):
        return real

    w = _window(qtbot, (PlayerSpec("Ann", "fox"), PlayerSpec("Robo", "owl", "expert")), SMALL,
                factory=factory)
    seen = []
    bar = w.table.thinking.bar
    w.computer.searching.connect(lambda f: seen.append((f, bar.isVisible(), bar.value())))
    s = w.session
    robo = next(i for i, p in enumerate(s.game.players) if p.computer)
    if s.current != robo:
        qtbot.waitUntil(s.can_act)
        _pass(Driver(qtbot, w))
    qtbot.waitUntil(lambda: any(r.player == robo for r in s.game.history), timeout=60000)
    assert seen, "the expert reported its simulation"
    fractions = [f for f, _v, _p in seen]
    assert fractions == sorted(fractions) and 0 < fractions[0] and fractions[-1] <= 1
    assert all(visible for _f, visible, _p in seen)
    assert [p for _f, _v, p in seen] == [int(f * 100) for f in fractions]
    qtbot.waitUntil(lambda: not w.table.thinking.isVisible())


def test_help_describes_every_computer_level():
    from wordbler.boardgame.ai import LEVELS
    from wordbler.boardgame.rules import STANDARD
    from wordbler.ui.boardgame.dialogs import help_markdown

    text = help_markdown(STANDARD)
    assert "**Computer players**" in text
    for title in LEVELS.values():  # "Sprout (beginner)", ... as the setup lists them
        assert title in text, title
