"""Games as files: the File menu, Open / Save / Save As, recent files, unsaved changes.

:class:`FileController` belongs to a :class:`~wordbler.ui.boardgame.mainwindow.MainWindow`.  It builds
the File menu (New game, Open…, Open recent, Resume the previous game, Save, Save As…,
Replay this game, Quit), knows the file the game on show came from, and whether the game
changed since it was last saved:

* *modified* means: the history grew since the save (a turn, a hint), or the in-turn undo
  stack left its clean index (a tile placed, moved or reordered and not undone);
* closing, or opening another game in its place, with changes asks Save / Close without
  saving / Cancel (the wording says that the game is also kept automatically).

Opening (:func:`open_record`) reads the file with the GCG reader, which trusts nothing: an
unreadable, truncated, binary, oversized file or one in an unknown encoding is a
:class:`~wordbler.boardgame.gcg.GCGError` naming the file and the line, shown in one message box, and
the game on screen is not touched.  Then:

* an unfinished game of ours reopens exactly where it was (board, racks, bag order, scores,
  whose turn, fail count, tiles placed this turn), in the window;
* anything else (a finished game, another program's record) opens in a replay window; if the
  replay finds lines that do not fit the board or do not add up, one message names the file
  and the first such line, and the replay can still be looked at, with inline warnings.

File > Resume lists the games the autosave keeps (the last 10 played, each in its own file,
newest first, see :mod:`wordbler.ui.boardgame.autosave`): an unfinished one goes back on the
table exactly as it was, its turn's undo history too, and the window goes on keeping it in
the same file; a finished one opens in the replay view.  A game another window holds is
listed, not offered.

Dialogs are opened with ``open()`` (never ``exec()``), so tests drive them.
"""

from __future__ import annotations

import enum
import os
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Callable, Container

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox, QWidget

from wordbler.boardgame import gcg, savegame
from wordbler.boardgame.game import Game
from wordbler.boardgame.gcg import GCGError, GCGRecord
from wordbler.boardgame.replay import ReplayResult, replay
from wordbler.boardgame.rules import PRESETS

from . import autosave
from .autosave import last_line
from .config import GameConfig

__all__ = ["OpenKind", "Opened", "open_record", "config_for_game", "FileController",
           "MAX_RECENT", "FILE_FILTER"]

MAX_RECENT = 8
FILE_FILTER = "Game records (*.gcg);;All files (*)"
RECENT_KEY = "files/recent"
FOLDER_KEY = "files/last_folder"


class OpenKind(enum.Enum):
    PLAY = "play"  # one of our unfinished games: play on
    REPLAY = "replay"  # a finished game or another program's record: step through it


@dataclass(frozen=True)
class Opened:
    path: str
    kind: OpenKind
    record: GCGRecord
    game: Game | None = None  # PLAY
    result: ReplayResult | None = None  # REPLAY
    warning: str | None = None  # opened, but something is wrong (naming the file and line)

    @property
    def problem(self) -> str | None:
        """What the user must be told: the warning, or (REPLAY) the first line the replay does
        not confirm, as a sentence naming the file (None when all is well)."""
        if self.warning:
            return self.warning
        if self.result is None or not self.result.mismatches:
            return None
        first = self.result.mismatches[0]
        more = len(self.result.mismatches) - 1
        tail = f" (and {more} more line{'s' if more != 1 else ''})" if more else ""
        return QCoreApplication.translate("Opened", "{path}, line {line}: {message}{tail}").format(path=self.path, line=first.line, message=first.message, tail=tail)


def open_record(path: str | os.PathLike, lexicon: Container[str] | None = None) -> Opened:
    """Read the record at ``path`` and decide how to show it.  Raises :class:`GCGError`
    (naming the file and the line) for anything that cannot be read or rebuilt."""
    shown = os.fspath(path)
    record = gcg.read_file(shown)
    if not savegame.is_wordbler_record(record):
        if _looks_ours(record):
            raise GCGError("a game saved by Wordbler, but without its #wordbler-seed line: the "
                           "file is incomplete (cut short?) and cannot be rebuilt",
                           path=shown, line=last_line(record))
        return Opened(shown, OpenKind.REPLAY, record, result=replay(record))
    try:
        game = savegame.game_from_gcg(record, lexicon)
    except GCGError as e:
        if record.incomplete:
            raise  # an unfinished game that does not rebuild cannot be played on
        # a finished game of ours that does not rebuild: it can still be looked at
        return Opened(shown, OpenKind.REPLAY, record, result=replay(record), warning=str(e))
    if game.is_over:
        return Opened(shown, OpenKind.REPLAY, record, result=replay(record))
    warning = None
    if not record.incomplete:  # we write #incomplete at the end of every unfinished game
        warning = (f"{shown}, line {last_line(record)}: the game stops here, before it is "
                   f"over, and without the lines a saved game ends with: the file may have "
                   f"been cut short. The game is opened as far as it goes.")
    return Opened(shown, OpenKind.PLAY, record, game=game, warning=warning)


def _looks_ours(record: GCGRecord) -> bool:
    return (record.description == "Created with Wordbler"
            or any(p.name.startswith(savegame.PREFIX) for p in record.extra))


def config_for_game(game: Game, lexicon: Container[str] | None, label: str) -> GameConfig:
    """A :class:`GameConfig` describing a loaded game (players in their seats), so that "New
    game" offers the same table."""
    by_seat = sorted(zip(game.seat_order, game.players), key=lambda pair: pair[0])
    preset = PRESETS.get(game.rules.name)
    changes = () if preset is None else tuple(
        (f.name, getattr(game.rules, f.name)) for f in fields(game.rules)
        if getattr(game.rules, f.name) != getattr(preset, f.name))
    return GameConfig(tuple(spec for _, spec in by_seat), game.rules.name, lexicon, label, None,
                      changes)


def _message(parent: QWidget, icon: QMessageBox.Icon, title: str, text: str) -> QMessageBox:
    box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, parent)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.open()
    return box


class FileController(QObject):
    """The File menu and the game's file of one main window."""

    def __init__(self, window, settings=None) -> None:
        super().__init__(window)
        self.window = window
        self.settings = settings  # a QSettings for the recent files, or None (kept in memory)
        self.path: str | None = None  # the file the game on show was opened from / saved to
        self._saved_turns: int | None = None  # history length at the last save (None: never)
        self._recent: list[str] = []
        if settings is not None:
            value = settings.value(RECENT_KEY, [])
            if isinstance(value, str):
                value = [value]
            self._recent = [str(v) for v in (value or []) if str(v)][:MAX_RECENT]
        self.box: QMessageBox | None = None  # the last message or question on show
        self.file_dialog: QFileDialog | None = None
        self.replay_windows: list = []
        self._close_confirmed = False

    # ================================================================= menu
    def build_menu(self, bar, new_action: QAction) -> QMenu:
        w = self.window
        menu = bar.addMenu(self.tr("&File"))
        menu.setObjectName("file-menu")  # found by the launcher whatever the language
        menu.addAction(new_action)
        self.open_action = QAction(self.tr("&Open…"), w)
        self.open_action.setShortcut(QKeySequence.StandardKey.Open)
        self.open_action.setStatusTip(self.tr("Open a saved game, or replay a game record (.gcg)"))
        self.open_action.triggered.connect(self.open_dialog)
        menu.addAction(self.open_action)
        self.recent_menu = menu.addMenu(self.tr("Open &recent"))
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self._fill_recent()
        self.resume_menu = menu.addMenu(self.tr("Resu&me"))
        self.resume_menu.setToolTipsVisible(True)
        self.resume_menu.aboutToShow.connect(self._fill_resume)
        self._fill_resume()
        menu.addSeparator()
        self.save_action = QAction(self.tr("&Save"), w)
        self.save_action.setShortcut(QKeySequence.StandardKey.Save)
        self.save_action.triggered.connect(lambda: self.save())
        menu.addAction(self.save_action)
        self.save_as_action = QAction(self.tr("Save &as…"), w)
        self.save_as_action.setShortcut(QKeySequence.StandardKey.SaveAs)
        self.save_as_action.triggered.connect(lambda: self.save_as())
        menu.addAction(self.save_as_action)
        # (P: R is Open recent's)
        self.replay_action = QAction(self.tr("Re&play this game"), w)
        self.replay_action.setStatusTip(self.tr("Step through the game so far, move by move"))
        self.replay_action.triggered.connect(self.replay_current)
        menu.addAction(self.replay_action)
        menu.addSeparator()
        self.quit_action = QAction(self.tr("&Quit"), w)
        self.quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        self.quit_action.triggered.connect(w.close)
        menu.addAction(self.quit_action)
        self.menu = menu
        return menu

    # ================================================================= kept games
    def kept_games(self) -> list[autosave.Entry]:
        """The games the autosave keeps, newest first."""
        return autosave.Store().entries()

    def _fill_resume(self) -> None:
        menu = self.resume_menu
        menu.clear()
        saver = getattr(self.window, "autosaver", None)
        here = saver.path if saver is not None else None
        entries = self.kept_games()
        for i, entry in enumerate(entries):
            text = entry.describe().replace("&", "&&")
            if here is not None and entry.path == here:
                text += " (on the table)"
            elif entry.busy:
                text += " (open in another window)"
            a = QAction(f"&{i + 1} {text}" if i < 9 else text, menu)
            a.setToolTip(entry.error or str(entry.path))
            a.setStatusTip(str(entry.path))
            a.setEnabled(not entry.error and not entry.busy
                         and not (here is not None and entry.path == here))
            a.triggered.connect(lambda _=False, p=entry.path: self.resume_path(p))
            menu.addAction(a)
        if not entries:
            empty = QAction(self.tr("No games kept yet"), menu)
            empty.setEnabled(False)
            menu.addAction(empty)
        menu.addSeparator()
        note = QAction(self.tr("The last {KEEP} games played are kept automatically")
                       .format(KEEP=autosave.KEEP), menu)
        note.setEnabled(False)
        menu.addAction(note)
        self.resume_actions = [a for a in menu.actions() if not a.isSeparator()][:len(entries)]

    def resume_path(self, path) -> Opened | None:
        """Put the kept game ``path`` back on the table (unfinished: where it was, and this
        window goes on keeping it in the same file), or replay it (finished)."""
        title = "Resume"
        slot = autosave.Slot(Path(path))
        if slot.held_elsewhere():
            self.box = _message(self.window, QMessageBox.Icon.Information, title,
                                self.tr("This game is open in another Wordbler window:\n{path}")
                                .format(path=path))
            return None
        try:
            opened = open_record(path, self.window.config.lexicon)
        except GCGError as e:
            self.box = _message(self.window, QMessageBox.Icon.Warning, title,
                                self.tr("This game cannot be resumed.\n\n{error}").format(error=e))
            return None
        if opened.kind is OpenKind.REPLAY:  # it was finished: look at it
            self.show_replay(opened)
            return opened
        assert opened.game is not None

        def play() -> None:
            saver = getattr(self.window, "autosaver", None)
            if saver is not None:
                if not slot.acquire():
                    self.box = _message(self.window, QMessageBox.Icon.Information, title,
                                        self.tr("This game cannot be resumed here: "
                                                "{error}.\n{path}")
                                                .format(error=slot.error, path=path))
                    return
                saver.adopt(opened.game, slot, opened.record)
            self.play(opened.game, None)
            note = saver.restore_note if saver is not None else ""
            self.window.show_message(
                f"The game is back on the table, {opened.game.players[opened.game.current].name} "
                f"to play (kept automatically; not saved to a file yet).{note}", "ok")

        self.maybe_save_then(play, "resuming another game")
        return opened

    def _fill_recent(self) -> None:
        menu = self.recent_menu
        menu.clear()
        for i, path in enumerate(self._recent):
            shown = os.path.basename(path) or path
            a = QAction(f"&{i + 1} {shown}" if i < 9 else shown, menu)
            a.setToolTip(path)
            a.setStatusTip(path)
            a.triggered.connect(lambda _=False, p=path: self.open_path(p))
            menu.addAction(a)
        if not self._recent:
            empty = QAction(self.tr("No recent files"), menu)
            empty.setEnabled(False)
            menu.addAction(empty)
        else:
            menu.addSeparator()
            clear = QAction(self.tr("Clear the list"), menu)
            clear.triggered.connect(self.clear_recent)
            menu.addAction(clear)

    @property
    def recent(self) -> list[str]:
        return list(self._recent)

    def add_recent(self, path: str) -> None:
        path = os.path.abspath(path)
        self._recent = [path] + [p for p in self._recent if p != path]
        del self._recent[MAX_RECENT:]
        self._store_recent()

    def clear_recent(self) -> None:
        self._recent = []
        self._store_recent()

    def _store_recent(self) -> None:
        if self.settings is not None:
            self.settings.setValue(RECENT_KEY, list(self._recent))
        if hasattr(self, "recent_menu"):
            self._fill_recent()

    def _folder(self) -> str:
        if self.path:
            return os.path.dirname(self.path)
        if self.settings is not None:
            folder = str(self.settings.value(FOLDER_KEY, "") or "")
            if folder and os.path.isdir(folder):
                return folder
        return os.path.expanduser("~")

    def _remember_folder(self, path: str) -> None:
        if self.settings is not None:
            self.settings.setValue(FOLDER_KEY, os.path.dirname(os.path.abspath(path)))

    # ================================================================= the game's state
    @property
    def session(self):
        return self.window.session

    def game_started(self) -> None:
        """A new game is on show (not from a file): nothing saved yet."""
        self.path = None
        self._saved_turns = None

    def mark_saved(self, path: str | None) -> None:
        """The game on show is the one in ``path`` (just saved or opened)."""
        self.path = path
        self._saved_turns = len(self.session.game.history)
        self.session.undo_stack.setClean()
        self.session.state_changed.emit()  # the window's title shows the file, unmodified

    def title(self, title: str) -> str:
        """The window's ``title`` with the file's name, and the mark for unsaved changes."""
        if self.path:
            return f"{os.path.basename(self.path)}[*] — {title}"
        return f"{title}[*]"

    def is_modified(self) -> bool:
        s = self.session
        turns = len(s.game.history)
        if self._saved_turns is None:
            grew = turns > 0
        else:
            grew = turns != self._saved_turns
        return grew or not s.undo_stack.isClean()

    # ================================================================= saving
    def save(self, then: Callable[[], None] | None = None) -> bool:
        """Save to the game's file, or ask for one.  ``then`` runs after a successful save."""
        if self.path:
            ok = self.save_to(self.path)
            if ok and then is not None:
                then()
            return ok
        self.save_as(then)
        return False

    def save_as(self, then: Callable[[], None] | None = None) -> QFileDialog:
        dlg = QFileDialog(self.window, "Save game", self._folder(), FILE_FILTER)
        dlg.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dlg.setFileMode(QFileDialog.FileMode.AnyFile)
        dlg.setDefaultSuffix("gcg")
        if self.path:
            dlg.selectFile(os.path.basename(self.path))
        else:
            dlg.selectFile(self._suggested_name())
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)

        def chosen(path: str) -> None:
            if self.save_to(path) and then is not None:
                then()

        dlg.fileSelected.connect(chosen)
        self.file_dialog = dlg
        dlg.destroyed.connect(lambda *_: setattr(self, "file_dialog", None))
        dlg.open()
        return dlg

    def _suggested_name(self) -> str:
        names = [p.name for p in self.session.game.players]
        stem = " vs ".join(names)
        safe = "".join(c if c.isalnum() or c in " -_" else "_" for c in stem).strip() or "game"
        return f"{safe[:80]}.gcg"

    def save_to(self, path: str) -> bool:
        """Write the game to ``path`` (atomically).  Shows a message and returns False if it
        cannot be written."""
        try:
            savegame.save_game(self.session.game, path)
        except (OSError, ValueError) as e:
            reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            self.box = _message(self.window, QMessageBox.Icon.Warning, self.tr("Save game"),
                                self.tr("Could not save the game to {path}: {reason}.\n\nThe "
                                        "game on screen is unchanged (and still kept "
                                        "automatically).").format(path=path, reason=reason))
            return False
        self.mark_saved(path)
        self.add_recent(path)
        self._remember_folder(path)
        self.window.show_message(f"Saved to {path}.", "ok")
        return True

    # ================================================================= unsaved changes
    def maybe_save_then(self, action: Callable[[], None], doing: str) -> None:
        """Run ``action`` now if nothing is unsaved; else ask Save / Don't save / Cancel.

        ``doing``: what the action is, for the question ("closing", "opening another game").
        """
        if not self.is_modified():
            action()
            return
        over = self.session.is_over
        kept = ("" if over else
                " Wordbler also keeps the game in progress automatically and offers to resume "
                "it when it starts again.")
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Unsaved changes"),
                          self.tr("Save this game to a file before {doing}?{kept}")
                          .format(doing=doing, kept=kept),
                          QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                          | QMessageBox.StandardButton.Cancel, self.window)
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        box.button(QMessageBox.StandardButton.Save).setText(self.tr("Save…") if not self.path else self.tr("Save"))
        box.button(QMessageBox.StandardButton.Discard).setText(self.tr("Don't save"))
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        save_b = box.button(QMessageBox.StandardButton.Save)
        discard_b = box.button(QMessageBox.StandardButton.Discard)

        def answered(button) -> None:
            if button is save_b:
                self.save(then=action)
            elif button is discard_b:
                action()

        box.buttonClicked.connect(answered)
        self.box = box
        box.open()

    def confirm_close(self) -> bool:
        """From ``closeEvent``: True to close now; False if a question is on show (the window
        closes itself once it is answered)."""
        if self._close_confirmed or not self.is_modified():
            return True

        def close() -> None:
            self._close_confirmed = True
            self.window.close()

        self.maybe_save_then(close, "closing")
        return False

    # ================================================================= opening
    def open_dialog(self) -> QFileDialog:
        dlg = QFileDialog(self.window, "Open game", self._folder(), FILE_FILTER)
        dlg.setAcceptMode(QFileDialog.AcceptMode.AcceptOpen)
        dlg.setFileMode(QFileDialog.FileMode.ExistingFile)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dlg.fileSelected.connect(self.open_path)
        self.file_dialog = dlg
        dlg.destroyed.connect(lambda *_: setattr(self, "file_dialog", None))
        dlg.open()
        return dlg

    def open_path(self, path: str) -> Opened | None:
        """Open ``path``: play on (our unfinished game) or replay it; on error, one message
        naming the file and the line, and nothing else changes."""
        try:
            opened = open_record(path, self.window.config.lexicon)
        except GCGError as e:
            gone = not os.path.exists(path)
            if gone and os.path.abspath(path) in self._recent:  # a recent file since deleted
                self._recent.remove(os.path.abspath(path))
                self._store_recent()
            self.box = _message(self.window, QMessageBox.Icon.Warning, self.tr("Open game"),
                                self.tr("Could not open this file.\n\n{error}").format(error=e))
            return None
        self.add_recent(opened.path)
        self._remember_folder(opened.path)
        if opened.kind is OpenKind.PLAY:
            assert opened.game is not None

            def play() -> None:
                saver = getattr(self.window, "autosaver", None)
                if saver is not None:
                    saver.adopt(opened.game, None, opened.record)
                self.play(opened.game, opened.path)
                if opened.warning:
                    self.box = _message(self.window, QMessageBox.Icon.Warning, self.tr("Open game"),
                                        opened.warning)

            self.maybe_save_then(play, "opening another game")
            return opened
        window = self.show_replay(opened)
        if opened.problem:
            self.box = _message(window, QMessageBox.Icon.Warning, self.tr("Replay"),
                                self.tr("Some moves of this record do not fit the board or do "
                                        "not add up:\n\n{problem}\n\nThe replay shows the "
                                        "record as written, with a warning at each such move.")
                                        .format(problem=opened.problem))
        return opened

    def show_replay(self, opened: Opened):
        from .replay_view import ReplayWindow

        assert opened.result is not None
        win = ReplayWindow(opened.result, opened.path, self.window.theme,
                           self.window.config.lexicon, self.window)
        win.view.continue_requested.connect(self.continue_game)
        win.destroyed.connect(lambda *_: self.replay_windows.remove(win)
                              if win in self.replay_windows else None)
        self.replay_windows.append(win)
        win.show()
        return win

    def replay_current(self) -> None:
        """Show the game on screen in a replay window (from its own record)."""
        game = self.session.game
        try:
            record = gcg.parse(savegame.game_to_gcg(game), "this game")
        except (ValueError, GCGError) as e:
            self.box = _message(self.window, QMessageBox.Icon.Warning, self.tr("Replay"),
                                self.tr("This game cannot be replayed: {error}").format(error=e))
            return
        opened = Opened(self.path or "this game", OpenKind.REPLAY, record, result=replay(record))
        win = self.show_replay(opened)
        win.view.last()

    def continue_game(self, game: Game) -> None:
        """Play on from a replayed position (a new game from there: no file yet)."""
        def start() -> None:
            self.play(game, None)
            self.window.raise_()
            self.window.activateWindow()

        self.maybe_save_then(start, "playing on from the replay")

    def play(self, game: Game, path: str | None) -> None:
        """Put ``game`` on the table (the window's session is replaced)."""
        w = self.window
        # a game of another language than the table's plays with its language's words
        from .config import lexicon_for_game

        lexicon, label = lexicon_for_game(game, w.config.lexicon, w.config.lexicon_label)
        game.lexicon = lexicon
        config = config_for_game(game, lexicon, label)
        w.start_game(config, game)
        if path is not None:
            self.mark_saved(path)
            w.show_message(f"Opened {path}. {game.players[game.current].name} to play.", "ok")
        else:
            self._saved_turns = None
