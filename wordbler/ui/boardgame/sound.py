"""Sound effects of the board game: placing a tile, a play made (Done), something refused,
a bingo (every tile of the rack played) and the end of the game.

The effects are WAV files in ``sounds/`` made by ``scripts/make_sounds.py``, played with Qt
Multimedia's ``QSoundEffect`` (in the PySide6-Addons package).  Where Qt Multimedia cannot be
loaded or there is no audio output (a headless machine), the game runs silently and View >
Sound effects says "(unavailable)".  View > Sound effects (Ctrl+M) turns them on and off,
View > Sound volume sets the volume; both are kept in QSettings.

:class:`SoundController` listens to the window's session and asks its *player* to play an
effect by name; the player is anything with ``play(name, volume)`` (tests pass a fake one).
"""

from __future__ import annotations

import functools
import os
import pathlib

from PySide6.QtCore import QObject, QUrl, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu

from wordbler.boardgame.model import TurnKind

EFFECTS = ("place", "done", "invalid", "bingo", "end")
SOUND_DIR = pathlib.Path(__file__).resolve().with_name("sounds")
VOLUMES = (25, 50, 75, 100)  # per cent, View > Sound volume
ENABLED_KEY = "sound/enabled"
VOLUME_KEY = "sound/volume"
DEFAULT_VOLUME = 75


def sound_path(name: str) -> pathlib.Path:
    return SOUND_DIR / f"{name}.wav"


@functools.lru_cache(maxsize=1)
def multimedia_problem() -> str:
    """Why Qt Multimedia cannot play here ("" if it can).  WORDBLER_SOUND=off says no too."""
    if os.environ.get("WORDBLER_SOUND", "").lower() in ("off", "0", "no"):
        return "turned off by WORDBLER_SOUND"
    try:
        from PySide6.QtMultimedia import QMediaDevices  # noqa: F401  (PySide6-Addons)
    except (ImportError, OSError) as e:  # not installed, or a system library missing
        return f"Qt Multimedia cannot be loaded ({e})"
    try:
        if not QMediaDevices.audioOutputs():
            return "no audio output device"
    except Exception as e:  # pragma: no cover - a backend that fails to start
        return f"no audio output ({e})"
    return ""


class QtSoundPlayer(QObject):
    """One ``QSoundEffect`` per effect, loaded when made (a QSoundEffect loads in the
    background and plays once it is ready)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        from PySide6.QtMultimedia import QSoundEffect

        self.effects = {}
        for name in EFFECTS:
            effect = QSoundEffect(self)
            effect.setSource(QUrl.fromLocalFile(str(sound_path(name))))
            self.effects[name] = effect

    def play(self, name: str, volume: float) -> None:
        effect = self.effects[name]
        effect.setVolume(max(0.0, min(1.0, volume)))
        effect.play()


def make_player(parent: QObject | None = None):
    """(a player, "") or (None, why there is no sound)."""
    problem = multimedia_problem()
    if problem:
        return None, problem
    try:
        return QtSoundPlayer(parent), ""
    except Exception as e:  # pragma: no cover - a backend failing at run time
        return None, f"sound effects cannot be made ({e})"


class SoundController(QObject):
    """Plays the effects for the window's game; the View menu's sound entries."""

    played = Signal(str)  # the effect just played (not emitted when muted or unavailable)

    def __init__(self, window, settings=None, player="auto") -> None:
        super().__init__(window)
        self.window = window
        self.settings = settings
        self.enabled = True
        self.volume = DEFAULT_VOLUME
        if settings is not None:
            self.enabled = str(settings.value(ENABLED_KEY, "true")).lower() != "false"
            try:
                v = int(settings.value(VOLUME_KEY, DEFAULT_VOLUME))
            except (TypeError, ValueError):
                v = DEFAULT_VOLUME
            self.volume = v if v in VOLUMES else DEFAULT_VOLUME
        if player == "auto":
            self.player, self.problem = make_player(self)
        else:
            self.player, self.problem = player, ("" if player is not None else "no player")
        self._session = None
        self._pending = 0
        self._build_menu()
        window.game_started.connect(self.follow)
        self.follow()

    # ------------------------------------------------------------------ menu
    def _build_menu(self) -> None:
        from .look import view_menu

        self.action = QAction(self.tr("&Sound effects"), self.window)
        self.action.setCheckable(True)
        self.action.setShortcut(QKeySequence("Ctrl+M"))
        self.action.toggled.connect(self.set_enabled)
        self.volume_menu = QMenu(self.tr("Sound &volume"), self.window)
        self.volume_group = QActionGroup(self)
        self.volume_actions: dict[int, QAction] = {}
        for v in VOLUMES:
            a = QAction(f"&{v}%", self.window)  # its first digit is its menu key
            a.setCheckable(True)
            a.setChecked(v == self.volume)
            a.triggered.connect(lambda _=False, v=v: self.set_volume(v))
            self.volume_group.addAction(a)
            self.volume_menu.addAction(a)
            self.volume_actions[v] = a
        self._sync_menu()
        view = view_menu(self.window)
        if view is not None:
            view.addSeparator()
            view.addAction(self.action)
            view.addMenu(self.volume_menu)
        else:
            self.window.addAction(self.action)

    def _sync_menu(self) -> None:
        available = self.player is not None
        self.action.blockSignals(True)
        self.action.setChecked(available and self.enabled)
        self.action.blockSignals(False)
        self.action.setEnabled(available)
        self.action.setText(self.tr("&Sound effects") if available
                            else self.tr("&Sound effects (unavailable)"))
        self.action.setToolTip("" if available else self.problem)
        self.action.setStatusTip("" if available else self.problem)
        self.volume_menu.setEnabled(available)

    @property
    def available(self) -> bool:
        return self.player is not None

    def set_player(self, player) -> None:
        """Another player (tests: a fake that records what it is asked to play)."""
        self.player = player
        self.problem = "" if player is not None else "no player"
        self._sync_menu()

    def set_enabled(self, on: bool) -> None:
        self.enabled = bool(on)
        if self.settings is not None:
            self.settings.setValue(ENABLED_KEY, "true" if on else "false")
        self._sync_menu()

    def set_volume(self, percent: int) -> None:
        if percent not in VOLUMES:
            raise ValueError(f"volume {percent} is not one of {VOLUMES}")
        self.volume = percent
        self.volume_actions[percent].setChecked(True)
        if self.settings is not None:
            self.settings.setValue(VOLUME_KEY, percent)

    # ------------------------------------------------------------------ events
    def play(self, name: str) -> None:
        if name not in EFFECTS:
            raise ValueError(f"unknown sound effect {name!r}")
        if self.player is None or not self.enabled:
            return
        self.player.play(name, self.volume / 100.0)
        self.played.emit(name)

    def follow(self) -> None:
        """Listen to the window's present session (a new, opened or resumed game)."""
        session = getattr(self.window, "session", None)
        if session is None or session is self._session:
            return
        self._session = session
        self._pending = len(session.pending())
        session.board_changed.connect(self._on_board)
        session.message.connect(self._on_message)
        session.turn_ended.connect(self._on_turn)
        session.game_over.connect(self._on_game_over)

    def _mine(self) -> bool:
        return self._session is not None and self._session is getattr(self.window, "session", None)

    def _on_board(self) -> None:
        if not self._mine():
            return
        s = self._session
        n = len(s.pending())
        if s.handoff:  # a resumed turn's tiles shown again are not placed now
            self._pending = n
            return
        if n > self._pending:
            self.play("place")
        self._pending = n

    def _on_message(self, _text: str, level: str) -> None:
        if self._mine() and level == "error":
            self.play("invalid")  # a refused Done, a letter not on the rack, a taken square...

    def _on_turn(self, record) -> None:
        if not self._mine():
            return
        self._pending = 0
        if record.kind is TurnKind.PLAY:
            placements = getattr(record.move, "placements", ()) or ()
            rack_size = self._session.rules.rack_size
            bingo = (record.breakdown is not None and record.breakdown.bingo_bonus > 0) or \
                len(placements) >= rack_size
            self.play("bingo" if bingo else "done")

    def _on_game_over(self, _outcome) -> None:
        if self._mine():
            self.play("end")
