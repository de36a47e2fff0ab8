"""Sound effects: the right effect for each event of a game played through the window, mute
and volume from the View menu, silence where Qt Multimedia is missing, and the WAV files
(valid, small, and exactly what scripts/make_sounds.py makes)."""

from __future__ import annotations

import importlib.util
import pathlib
import wave

import pytest

import wordbler.ui  # noqa: F401  (the PySide6 refcount guard first)
from PySide6.QtCore import QSettings, Qt

from wordbler.boardgame.model import Coord, TurnKind
from wordbler.ui.boardgame import sound
from tests.ui.conftest import Words

ROOT = pathlib.Path(__file__).resolve().parents[3]


class FakePlayer:
    def __init__(self) -> None:
        self.calls: list[tuple[str, float]] = []

    def play(self, name: str, volume: float) -> None:
        self.calls.append((name, volume))

    @property
    def names(self) -> list[str]:
        return [n for n, _ in self.calls]


def with_fake(window) -> FakePlayer:
    fake = FakePlayer()
    window.sound_controller.set_player(fake)
    window.sound_controller.set_enabled(True)
    return fake


def place_word(d, coords) -> str:
    """Drop rack tiles on ``coords`` (a blank becomes E); returns the word they make."""
    from PySide6.QtTest import QTest

    letters = []
    for t, coord in zip(list(d.session.rack_tiles()), coords):
        assert d.drop_on_square(t.id, coord)
        if t.is_blank:
            dlg = d.window.wildcard_dialog
            assert dlg is not None and dlg.isVisible()
            QTest.keyClick(dlg, Qt.Key.Key_E)
            letters.append("E")
        else:
            letters.append(t.letter)
    return "".join(letters)


def test_each_event_plays_its_effect(driver, qtbot):
    words = Words()
    d = driver(lexicon=words)
    w = d.window
    fake = with_fake(w)
    d.reveal()
    assert fake.names == []  # the hand-off and the reveal are quiet
    # placing a tile, and another
    word = place_word(d, [Coord(7, 7), Coord(7, 8)])
    assert fake.names == ["place", "place"]
    # Done with a word not in the dictionary: refused
    d.done()
    assert len(d.game.history) == 0
    assert fake.names[-1] == "invalid"
    # Done with a word that is: played
    words.add(word)
    d.key(Qt.Key.Key_Return)
    assert d.game.history[-1].kind is TurnKind.PLAY
    assert fake.names == ["place", "place", "invalid", "done"]
    # taking a tile back is not placing one
    d.reveal()
    t = d.session.rack_tiles()[0]
    assert d.drop_on_square(t.id, Coord(8, 7))
    assert fake.names[-1] == "place"
    n = len(fake.names)
    d.key(Qt.Key.Key_Escape)  # recall
    assert not d.session.pending() and len(fake.names) == n
    # a bingo: all seven tiles, down from the first word's first letter
    coords = [Coord(8 + i, 7) for i in range(7)]
    before = len(fake.names)
    bingo = place_word(d, coords)
    first_letter = d.session.committed(Coord(7, 7)).letter
    words.add(first_letter + bingo)
    d.done()
    rec = d.game.history[-1]
    assert rec.kind is TurnKind.PLAY and len(rec.move.placements) == 7
    assert fake.names[before:] == ["place"] * 7 + ["bingo"]


def test_the_end_of_the_game_is_heard(driver, qtbot):
    d = driver(lexicon=Words())
    fake = with_fake(d.window)
    s = d.session
    while not s.is_over:  # scoreless turns until the limit ends the game
        if s.handoff:
            d.reveal()
        s.pass_turn()
    assert fake.names[-1] == "end" and fake.names.count("end") == 1


def test_mute_with_ctrl_m_and_the_volume_menu(driver, qtbot):
    words = Words()
    d = driver(lexicon=words)
    w = d.window
    fake = with_fake(w)
    ctl = w.sound_controller
    with qtbot.waitActive(w):
        w.activateWindow()
    d.reveal()
    assert ctl.action.isChecked() and ctl.action.isEnabled()
    qtbot.keyClick(w, Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier)
    assert not ctl.enabled and not ctl.action.isChecked()
    t = d.session.rack_tiles()[0]
    assert d.drop_on_square(t.id, Coord(7, 7))
    assert fake.calls == []  # muted
    qtbot.keyClick(w, Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier)
    assert ctl.enabled
    ctl.volume_actions[50].trigger()
    t = d.session.rack_tiles()[0]
    assert d.drop_on_square(t.id, Coord(7, 8))
    assert fake.calls == [("place", 0.5)]
    ctl.volume_actions[100].trigger()
    d.key(Qt.Key.Key_Return)  # not a word: refused
    assert fake.calls[-1] == ("invalid", 1.0)


def test_settings_are_remembered(make_window, qtbot, tmp_path):
    from wordbler.ui.boardgame.mainwindow import MainWindow

    settings = QSettings(str(tmp_path / "sound.ini"), QSettings.Format.IniFormat)
    first = make_window()
    w = MainWindow(first.config, first.speed, settings=settings)
    qtbot.addWidget(w)
    w.sound_controller.set_player(FakePlayer())
    w.sound_controller.set_enabled(False)
    w.sound_controller.set_volume(25)
    settings.sync()
    w2 = MainWindow(first.config, first.speed, settings=settings)
    qtbot.addWidget(w2)
    assert not w2.sound_controller.enabled and w2.sound_controller.volume == 25
    assert w2.sound_controller.volume_actions[25].isChecked()
    settings.setValue(sound.VOLUME_KEY, "loud")  # a spoiled value: the default
    assert sound.SoundController(w2, settings, player=None).volume == sound.DEFAULT_VOLUME


def test_without_qt_multimedia_the_game_is_silent_and_says_so(make_window, qtbot, monkeypatch):
    monkeypatch.setenv("WORDBLER_SOUND", "off")
    sound.multimedia_problem.cache_clear()
    try:
        w = make_window()
        ctl = w.sound_controller
        assert not ctl.available
        assert "(unavailable)" in ctl.action.text() and not ctl.action.isEnabled()
        assert not ctl.volume_menu.isEnabled()
        assert "WORDBLER_SOUND" in ctl.action.toolTip()
        ctl.play("done")  # nothing happens, nothing breaks
    finally:
        monkeypatch.delenv("WORDBLER_SOUND")
        sound.multimedia_problem.cache_clear()


def test_the_view_menu_has_the_sound_entries(make_window):
    from wordbler.ui.boardgame.look import view_menu

    w = make_window()
    texts = [a.text().replace("&", "") for a in view_menu(w).actions()]
    assert any(t.startswith("Sound effects") for t in texts)
    assert "Sound volume" in texts and "Theme" in texts and "Premium squares" in texts
    assert w.sound_controller.action.shortcut().toString() == "Ctrl+M"
    # no other action of the window has Ctrl+M
    from PySide6.QtGui import QAction

    owners = [a for a in w.findChildren(QAction) if any(
        k.toString() == "Ctrl+M" for k in a.shortcuts())]
    assert owners == [w.sound_controller.action]


# ---------------------------------------------------------------------- the files
def load_script():
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "scripts" / "make_sounds.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("name", sound.EFFECTS)
def test_wav_files_are_valid_small_and_made_by_the_script(name):
    path = sound.sound_path(name)
    data = path.read_bytes()
    assert len(data) < 40_000
    with wave.open(str(path), "rb") as wf:
        assert wf.getnchannels() == 1 and wf.getsampwidth() == 2
        assert wf.getframerate() == 48000  # what Qt recommends for QSoundEffect
        frames = wf.readframes(wf.getnframes())
        seconds = wf.getnframes() / wf.getframerate()
    assert 0.05 <= seconds <= 0.41
    import array

    samples = array.array("h", frames)
    peak = max(abs(v) for v in samples)
    assert 8000 < peak < 32767  # heard, never clipped
    assert abs(samples[0]) < 300 and abs(samples[-1]) < 300  # faded: no click
    assert load_script().render(name) == data  # byte for byte what the script makes


def test_script_check_mode(tmp_path):
    mod = load_script()
    assert mod.main(["--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{n}.wav" for n in sound.EFFECTS)
    assert mod.main(["--out", str(tmp_path), "--check"]) == 0
    (tmp_path / "done.wav").write_bytes(b"RIFF")
    assert mod.main(["--out", str(tmp_path), "--check"]) == 1


def test_the_sounds_are_shipped():
    import fnmatch
    import tomllib

    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    pats = globs.get("wordbler.ui.boardgame", [])
    for name in sound.EFFECTS:
        assert any(fnmatch.fnmatch(f"sounds/{name}.wav", p) for p in pats)
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    assert any(d.startswith("PySide6-Addons") for d in deps)


def test_the_score_history_lines_up_a_bingo_bonus_with_the_other_figures(driver, qtbot):
    # the "Bonus for using every tile" row's 50 was the one figure left-aligned
    words = Words()
    d = driver(lexicon=words)
    d.reveal()
    word = place_word(d, [Coord(7, 4 + i) for i in range(7)])
    words.add(word)
    d.done()
    rec = d.game.history[-1]
    assert rec.kind is TurnKind.PLAY and rec.breakdown.bingo_bonus == 50
    d.click(d.window.table.player_panels[rec.player].mascot)  # the score history
    qtbot.waitUntil(lambda: d.window.history_dialog is not None
                    and d.window.history_dialog.isVisible())
    hist = d.window.history_dialog
    play = hist.tree.topLevelItem(0)
    rows = [play.child(i) for i in range(play.childCount())]
    bonus = [r for r in rows if r.text(1) == "Bonus for using every tile"]
    assert len(bonus) == 1 and bonus[0].text(2) == "50"
    word_row = rows[0]
    assert word_row.textAlignment(2) & Qt.AlignmentFlag.AlignRight
    assert bonus[0].textAlignment(2) & Qt.AlignmentFlag.AlignRight
