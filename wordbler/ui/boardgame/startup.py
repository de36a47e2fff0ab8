"""What ``wordbler`` shows first: an opened file, a resumed game, or a new one.

:class:`Startup` runs once the ``QApplication`` exists (from :func:`wordbler.ui.app.main`):

1. ``--open FILE``: our unfinished game goes on the table where it was; a finished game or
   another program's record opens in a replay window (whose "Continue playing from here"
   opens the table).  A file that cannot be read is a message box naming the file and what
   is wrong (and a line on stderr), then exit code 2; in a non-interactive run
   (:func:`interactive`: the ``offscreen`` or ``minimal`` Qt platform) only the line on
   stderr.
2. ``--players``: a new game at once, never a question first; an unfinished game kept in the
   data folder stays there (the message line says so: File > Resume).
3. Otherwise the newest unfinished game kept in the data folder that no other window holds
   is offered for resume (``--resume`` resumes it without asking); then a new game (the
   setup dialog).  Kept games that cannot be read have been set aside and the user is told,
   in a message over the window (and on stderr).

Each table window gets an :class:`~wordbler.ui.boardgame.autosave.Autosaver`.  If the data
folder cannot be used (a file where the folder should be, no permission), the game starts all
the same with autosave off: a message box says why, and a line at the bottom of the window
stays until autosave works again.  Closed table windows are deleted (``WA_DeleteOnClose``),
so a closed window's widgets do not outlive it.

The environment variable ``WORDBLER_TEST_SCRIPT`` (tests only) makes the first window play a
script (:mod:`wordbler.ui.boardgame.scripted`).
"""

from __future__ import annotations

import os
import sys

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMessageBox

from wordbler.boardgame.gcg import GCGError

from . import autosave
from .config import DictionaryUnavailable, GameConfig, lexicon_for_game, load_lexicon
from .files import OpenKind, config_for_game, open_record

__all__ = ["Startup", "interactive", "NON_INTERACTIVE_PLATFORMS"]

#: Startup is no QObject (no self.tr()): its texts are translate("Startup", ...)
translate = QCoreApplication.translate

#: Qt platforms with no one to look at the screen: a question there would wait for ever
NON_INTERACTIVE_PLATFORMS = ("offscreen", "minimal", "minimalegl")


def interactive() -> bool:
    """Is someone looking at the screen?  False on Qt's ``offscreen`` and ``minimal``
    platforms (``QT_QPA_PLATFORM=offscreen``: tests, scripts, CI), where a modal message box
    would block for ever."""
    return QGuiApplication.platformName() not in NON_INTERACTIVE_PLATFORMS


def _alive(widget) -> bool:
    try:
        import shiboken6

        return shiboken6.isValid(widget)
    except ImportError:  # pragma: no cover - shiboken6 comes with PySide6
        return True


class Startup:
    def __init__(self, args, speed, settings, launcher=None) -> None:
        self.args = args
        self.launcher = launcher  # the suite's launcher: gives each window the Game menu
        self.speed = speed
        self.settings = settings
        self.windows: list = []  # the windows open now (a closed one leaves the list)
        self._lexicon: tuple | None = None
        self.config: GameConfig | None = None
        self.box: QMessageBox | None = None
        self.boxes: list[QMessageBox] = []  # every notice shown over a window

    # ----------------------------------------------------------------- helpers
    def lexicon(self, config: GameConfig | None):
        """(lexicon, label) of the command line's word list (the bundled one by default)."""
        if config is not None:
            return config.lexicon, config.lexicon_label
        if self._lexicon is None:
            try:
                self._lexicon = load_lexicon(self.args.lexicon)
            except DictionaryUnavailable as e:
                self._lexicon = (None, f"none ({e})")
        return self._lexicon

    def _keep(self, window) -> None:
        self.windows.append(window)
        window.destroyed.connect(lambda *_: self._forget(window))

    def _forget(self, window) -> None:
        self.windows = [w for w in self.windows if w is not window]

    def table(self, config: GameConfig, game=None, path: str | None = None,
              slot: autosave.Slot | None = None, record=None, resumed: bool = False):
        """A main window with ``game`` (or a new one from ``config``) and its autosaver.
        ``slot``: the kept game's file ``game`` was resumed from (locked for this window);
        ``record``: what ``game`` was read from (its turn's undo history is restored)."""
        from .mainwindow import MainWindow

        window = MainWindow(config, self.speed, settings=self.settings, game=game)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        if not window.restore_geometry():  # as the last window was, else 1100 x 800
            window.resize(1100, 800)
        if self.launcher is not None:
            self.launcher.install_game_menu(window)
        saver = autosave.Autosaver(window, slot=slot, record=record)
        saver.failed.connect(lambda text: window.show_message(text, "error"))
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(saver.close)
        if path is not None:
            window.files.mark_saved(path)
            window.show_message(translate("Startup", "Opened {path}.").format(path=path), "ok")
        if resumed:
            window.show_message(translate("Startup", "Resumed the unfinished game.{note}")
                                .format(note=saver.restore_note), "ok")
        window.show()
        self._keep(window)
        if saver.problem:
            self._error(saver.problem)
            self.notice(window, translate("Startup", "Autosave is off"), saver.problem)
        script = os.environ.get("WORDBLER_TEST_SCRIPT")
        if script and len(self.windows) == 1:
            from .scripted import Script

            window.script = Script.from_file(script, window, saver)
            window.script.start()
        return window

    def _error(self, text: str) -> None:
        print(f"wordbler: {text}", file=sys.stderr)

    def notice(self, parent, title: str, text: str) -> QMessageBox:
        """A message over ``parent`` that does not block (``open()``)."""
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok,
                          parent)
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        box.destroyed.connect(lambda *_: self._drop_box(box))
        self.box = box
        self.boxes.append(box)
        box.open()
        return box

    def _drop_box(self, box) -> None:
        self.boxes = [b for b in self.boxes if b is not box]
        if self.box is box:
            self.box = None

    # ----------------------------------------------------------------- the start
    def run(self, config: GameConfig | None) -> int | None:
        """Show the first window; an exit code if there is nothing to show."""
        args = self.args
        self.config = config
        if args.open_file:
            return self.open_file(args.open_file, config)
        # the word list is only needed if the game is resumed
        found = autosave.inspect()  # a folder it cannot use: the table's autosaver says so
        if found.corrupt:
            self._error(autosave.corrupt_notice(found).replace("\n\n", " "))
        game = None
        kept_note = ""
        if found.kind is autosave.FoundKind.UNFINISHED:
            assert found.game is not None
            if args.resume:
                game = found.game
            elif config is not None:  # --players: a new game was asked for, no question
                kept_note = translate(
                    "Startup", "The unfinished game ({players}) is kept: File > Resume."
                ).format(players=", ".join(p.name for p in found.game.players))
            else:
                offer = autosave.ResumeOffer(found.game)
                offer.exec()
                if offer.clickedButton() is offer.button(QMessageBox.StandardButton.Yes):
                    game = found.game
                offer.deleteLater()  # a window of its own: freed, not kept hidden
            if game is None:
                found.release()
        if args.resume and game is None:
            self._error("there is no unfinished game to resume; starting a new one")
        if game is not None:
            lexicon, label = lexicon_for_game(game, *self.lexicon(config))  # its language's
            game.lexicon = lexicon
            window = self.table(config_for_game(game, lexicon, label), game, slot=found.slot,
                                record=found.record, resumed=True)
        else:
            if config is None:
                from wordbler.boardgame.rules import PRESETS

                from .setup import SetupDialog, recall_setup

                # the setup of the last game started (in a session before this one)
                previous = recall_setup(self.settings)
                if previous is not None and args.rules != "standard" and args.rules in PRESETS:
                    from dataclasses import replace

                    previous = replace(previous, rules=args.rules)  # --rules asked for these
                dialog = SetupDialog(rules=args.rules if args.rules in PRESETS else "standard",
                                     previous=previous, settings=self.settings)
                accepted = dialog.exec() == SetupDialog.DialogCode.Accepted
                config = dialog.config() if accepted else None
                dialog.deleteLater()  # a window of its own: freed, not kept hidden
                if config is None:
                    return 0
            window = self.table(config)
            if kept_note:
                window.show_message(kept_note, "info")
        if found.busy and game is None and not kept_note:
            n = found.busy
            busy = (translate("Startup", "{n} unfinished game is open in another Wordbler "
                                         "window.") if n == 1 else
                    translate("Startup", "{n} unfinished games are open in another Wordbler "
                                         "window."))
            window.show_message(busy.format(n=n), "info")
        if found.blocked:
            window.show_message(autosave.blocked_notice(found), "error")
        if found.corrupt:
            self.notice(window, translate("Startup", "Autosave"),
                        autosave.corrupt_notice(found))
        return None

    def continue_game(self, game) -> None:
        """Play on from a replayed position: in the table window if there is one (one window
        per game), else in a new one."""
        tables = [w for w in self.windows
                  if _alive(w) and hasattr(w, "files") and w.isVisible()]
        if tables:
            tables[0].files.continue_game(game)
            return
        lexicon, label = lexicon_for_game(game, *self.lexicon(self.config))
        game.lexicon = lexicon
        self.table(config_for_game(game, lexicon, label), game)

    def open_file(self, path: str, config: GameConfig | None) -> int | None:
        lexicon, label = self.lexicon(config)
        try:
            opened = open_record(path, lexicon)
        except GCGError as e:
            self._error(str(e))
            if interactive():  # a desktop user sees the reason, not only a terminal
                box = QMessageBox(QMessageBox.Icon.Critical,
                                  translate("Startup", "Wordbler: cannot open the file"),
                                  translate("Startup", "Could not open {path}\n\n{error}")
                                  .format(path=path, error=e),
                                  QMessageBox.StandardButton.Ok)
                box.setTextFormat(Qt.TextFormat.PlainText)
                self.box = box
                box.exec()
            return 2
        if opened.kind is OpenKind.PLAY:
            assert opened.game is not None
            # a game of another language plays with its language's words
            lexicon, label = lexicon_for_game(opened.game, lexicon, label)
            opened.game.lexicon = lexicon
            window = self.table(config_for_game(opened.game, lexicon, label), opened.game,
                                path=opened.path, record=opened.record)
            if opened.warning:
                self._error(opened.warning)
                self.notice(window, translate("Startup", "Open game"), opened.warning)
            return None
        from .replay_view import ReplayWindow

        win = ReplayWindow(opened.result, opened.path, lexicon=lexicon)
        win.view.continue_requested.connect(self.continue_game)
        if self.launcher is not None:
            self.launcher.install_game_menu(win)
        win.show()
        self._keep(win)
        if opened.problem:
            self._error(opened.problem)
            self.notice(win, translate("Startup", "Replay"),
                        translate(
                            "Startup",
                            "Some moves of this record do not fit the board or do not add up:"
                            "\n\n{problem}\n\nThe replay shows the record as written, with "
                            "a warning at each such move.").format(problem=opened.problem))
        return None
