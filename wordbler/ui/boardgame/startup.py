"""What ``wordbler`` shows first: an opened file, a resumed game, or a new one.

:class:`Startup` runs once the ``QApplication`` exists (from :func:`wordbler.ui.app.main`):

1. ``--open FILE``: our unfinished game goes on the table where it was; a finished game or
   another program's record opens in a replay window (whose "Continue playing from here"
   opens the table).  A file that cannot be read is an error on stderr, exit code 2.
2. Otherwise the autosave is inspected: an unfinished game is offered for resume
   (``--resume`` resumes it without asking); a corrupt one has been set aside and the user is
   told, in a message over the window (and on stderr).
3. Otherwise a new game: the setup dialog, or ``--players``.

Each table window gets an :class:`~wordbler.ui.boardgame.autosave.Autosaver`.  The environment
variable ``WORDBLER_TEST_SCRIPT`` (tests only) makes the first window play a script
(:mod:`wordbler.ui.boardgame.scripted`).
"""

from __future__ import annotations

import os
import sys

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QMessageBox

from wordbler.boardgame.gcg import GCGError

from . import autosave
from .config import DictionaryUnavailable, GameConfig, load_lexicon
from .files import OpenKind, config_for_game, open_record

__all__ = ["Startup"]


class Startup:
    def __init__(self, args, speed, settings, launcher=None) -> None:
        self.args = args
        self.launcher = launcher  # the suite's launcher: gives each window the Game menu
        self.speed = speed
        self.settings = settings
        self.windows: list = []  # every window opened, kept alive here
        self._lexicon: tuple | None = None
        self.config: GameConfig | None = None
        self.box: QMessageBox | None = None

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

    def table(self, config: GameConfig, game=None, resumed: bool = False, path: str | None = None):
        """A main window with ``game`` (or a new one from ``config``) and its autosaver."""
        from .mainwindow import MainWindow

        window = MainWindow(config, self.speed, settings=self.settings, game=game)
        window.resize(1100, 800)
        if self.launcher is not None:
            self.launcher.install_game_menu(window)
        saver = autosave.Autosaver(window, resumed=resumed)
        saver.failed.connect(lambda text: window.show_message(text, "error"))
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(saver.flush)
        if path is not None:
            window.files.mark_saved(path)
            window.show_message(f"Opened {path}.", "ok")
        if resumed:
            window.show_message("Resumed the unfinished game.", "ok")
        window.show()
        self.windows.append(window)
        script = os.environ.get("WORDBLER_TEST_SCRIPT")
        if script and len(self.windows) == 1:
            from .scripted import Script

            window.script = Script.from_file(script, window, saver)
            window.script.start()
        return window

    def _error(self, text: str) -> None:
        print(f"wordbler: {text}", file=sys.stderr)

    # ----------------------------------------------------------------- the start
    def run(self, config: GameConfig | None) -> int | None:
        """Show the first window; an exit code if there is nothing to show."""
        args = self.args
        self.config = config
        if args.open_file:
            return self.open_file(args.open_file, config)
        found = autosave.inspect()  # the word list is only needed if the game is resumed
        game = None
        if found.kind is autosave.FoundKind.CORRUPT:
            self._error(autosave.corrupt_notice(found).replace("\n\n", " "))
        elif found.kind is autosave.FoundKind.UNFINISHED:
            if args.resume:
                game = found.game
            else:
                offer = autosave.ResumeOffer(found.game)
                offer.exec()
                if offer.clickedButton() is offer.button(QMessageBox.StandardButton.Yes):
                    game = found.game
        if args.resume and game is None:
            self._error("there is no unfinished game to resume; starting a new one")
        if game is not None:
            lexicon, label = self.lexicon(config)
            game.lexicon = lexicon
            window = self.table(config_for_game(game, lexicon, label), game, resumed=True)
        else:
            if config is None:
                from wordbler.boardgame.rules import PRESETS

                from .setup import SetupDialog

                dialog = SetupDialog(rules=args.rules if args.rules in PRESETS else "standard")
                if dialog.exec() != SetupDialog.DialogCode.Accepted:
                    return 0
                config = dialog.config()
            window = self.table(config)
        if found.kind is autosave.FoundKind.CORRUPT:
            self.box = QMessageBox(QMessageBox.Icon.Warning, "Autosave",
                                   autosave.corrupt_notice(found), QMessageBox.StandardButton.Ok,
                                   window)
            self.box.setTextFormat(Qt.TextFormat.PlainText)
            self.box.open()
        return None

    def continue_game(self, game) -> None:
        """Play on from a replayed position: in the table window if there is one (one window
        per autosave file), else in a new one."""
        tables = [w for w in self.windows if hasattr(w, "files") and w.isVisible()]
        if tables:
            tables[0].files.continue_game(game)
            return
        lexicon, label = self.lexicon(self.config)
        self.table(config_for_game(game, lexicon, label), game)

    def open_file(self, path: str, config: GameConfig | None) -> int | None:
        lexicon, label = self.lexicon(config)
        try:
            opened = open_record(path, lexicon)
        except GCGError as e:
            self._error(str(e))
            return 2
        if opened.kind is OpenKind.PLAY:
            assert opened.game is not None
            window = self.table(config_for_game(opened.game, lexicon, label), opened.game,
                                path=opened.path)
            if opened.warning:
                self._error(opened.warning)
                self.box = QMessageBox(QMessageBox.Icon.Warning, "Open game", opened.warning,
                                       QMessageBox.StandardButton.Ok, window)
                self.box.setTextFormat(Qt.TextFormat.PlainText)
                self.box.open()
            return None
        from .replay_view import ReplayWindow

        win = ReplayWindow(opened.result, opened.path, lexicon=lexicon)
        win.view.continue_requested.connect(self.continue_game)
        if self.launcher is not None:
            self.launcher.install_game_menu(win)
        win.show()
        self.windows.append(win)
        if opened.problem:
            self._error(opened.problem)
            self.box = QMessageBox(QMessageBox.Icon.Warning, "Replay",
                                   f"Some moves of this record do not fit the board or do not "
                                   f"add up:\n\n{opened.problem}\n\nThe replay shows the record "
                                   f"as written, with a warning at each such move.",
                                   QMessageBox.StandardButton.Ok, win)
            self.box.setTextFormat(Qt.TextFormat.PlainText)
            self.box.open()
        return None
