"""The Word Grid window: header, board, swap counter and stars, result panel, menus."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from PySide6.QtCore import QEvent, QLockFile, QSettings, QSize, QThreadPool, QTimer
from PySide6.QtGui import QAction, QActionGroup, QFont, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (QBoxLayout, QDialog, QDialogButtonBox, QFileDialog,
                               QFormLayout, QFrame, QHBoxLayout, QInputDialog, QLabel,
                               QMainWindow, QMessageBox, QProgressBar, QPushButton,
                               QSizePolicy, QVBoxLayout, QWidget)

from wordbler.wordgrid.game import MAX_STARS, Status, star_text

from .board import GridBoard
from .palette import COLOUR_BLIND, STANDARD
from .session import WordGridSession
from wordbler.ui.common.helpdialog import show_help_dialog
from wordbler.ui.common.surface import light_surface

from .texts import LANG_NAMES, help_html, lang_name

SETTINGS_GROUP = "wordgrid"
LOCK_NAME = "wordgrid.lock"  # held by the window that keeps the progress and statistics


# the window's own light look, whatever the desktop's palette (wordbler.ui.common.surface)
LIGHT = dict(window="#f6f4ef", button="#e9e6de", text="#1f2328", muted="#5d646d",
             panel="#efece4", link="#1f6feb")


class WordGridWindow(QMainWindow):
    def __init__(self, parent: QWidget | None = None, *, settings: QSettings | None = None,
                 save_path: Path | None = None, pool: QThreadPool | None = None,
                 today: dt.date | None = None, autostart: bool = True) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Word Grid"))
        self.settings = settings if settings is not None else QSettings()
        self.session = WordGridSession(self, save_path=save_path, pool=pool, today=today)
        self._revealed = False
        # one window at a time writes the progress and statistics (two would overwrite each
        # other's games and counts): the first takes the lock, a second writes nothing
        self._lock = QLockFile(str(self.session.save_path.parent / LOCK_NAME))
        self._lock.setStaleLockTime(0)  # stale only when its process is gone, never by age
        self.files_note: str | None = None
        self.confirm_give_up = True  # ask before a new puzzle gives up the one going on
        self._trying_list: str | None = None  # an own list chosen, its first puzzle in making
        self.list_problem: QMessageBox | None = None  # the last list that failed, explained
        self.files_elsewhere = False  # another window holds the files (not just unwritable)
        self.owns_files = self._take_files()
        self.session.can_save = self.owns_files
        self.session.before_change = self._claim_files
        self._build()
        self._build_menus()
        self._connect_signals()
        self._apply_settings()
        self.setMinimumSize(QSize(560, 480))
        self.resize(1024, 700)
        self.board.setFocus()  # the keyboard plays at once
        self._busy_timer = QTimer(self)
        self._busy_timer.setSingleShot(True)
        self._busy_timer.setInterval(200)
        self._busy_timer.timeout.connect(self._show_busy)
        self._show_files_note()
        self._autostart = autostart
        if autostart:
            # the files are read unless another window holds them (it may be playing that
            # game): a folder that cannot be written still shows the player's progress
            if self.files_elsewhere or not self.session.restore():
                self.session.start_daily(self.grid_size, self.lang)
            self._refresh()

    # ---- building ------------------------------------------------------------------
    def _build(self) -> None:
        central = QWidget(self)
        central.setObjectName("wordgridCentral")
        # the page's own light look for every child, by palette (a style sheet on the page
        # kept its children on the system's palette: on a dark desktop the buttons were dark
        # grey on the light page)
        light_surface(self, **LIGHT)
        self.setCentralWidget(central)
        self.body = QBoxLayout(QBoxLayout.Direction.TopToBottom, central)
        self.body.setContentsMargins(18, 12, 18, 12)
        self.body.setSpacing(12)

        self.board = GridBoard(central)
        self.panel = QWidget(central)
        panel = QVBoxLayout(self.panel)
        panel.setContentsMargins(0, 0, 0, 0)
        panel.setSpacing(8)

        self.title = QLabel(self.panel)
        tf = QFont()
        tf.setPointSizeF(tf.pointSizeF() * 1.5)
        tf.setBold(True)
        self.title.setFont(tf)
        self.title.setWordWrap(True)
        self.subtitle = QLabel(self.panel)
        self.subtitle.setStyleSheet("color: #5d646d;")
        self.subtitle.setWordWrap(True)

        counter = QHBoxLayout()
        self.swaps_label = QLabel(self.panel)
        self.swaps_label.setObjectName("swapsLabel")
        sf = QFont()
        sf.setPointSizeF(sf.pointSizeF() * 1.3)
        sf.setBold(True)
        self.swaps_label.setFont(sf)
        self.stars_label = QLabel(self.panel)
        stf = QFont()
        stf.setPointSizeF(stf.pointSizeF() * 1.6)
        self.stars_label.setFont(stf)
        self.stars_label.setStyleSheet("color: #c28a00;")
        counter.addWidget(self.swaps_label)
        counter.addStretch(1)
        counter.addWidget(self.stars_label)

        self.busy_row = QWidget(self.panel)
        busy = QHBoxLayout(self.busy_row)
        busy.setContentsMargins(0, 0, 0, 0)
        self.busy_label = QLabel(self.tr("Making a puzzle…"), self.busy_row)
        self.progress_bar = QProgressBar(self.busy_row)
        self.progress_bar.setTextVisible(False)
        self.progress_bar.setRange(0, 0)
        self.cancel_button = QPushButton(self.tr("Cancel"), self.busy_row)
        busy.addWidget(self.busy_label)
        busy.addWidget(self.progress_bar, 1)
        busy.addWidget(self.cancel_button)
        self.busy_row.hide()

        self.result = QFrame(self.panel)
        self.result.setObjectName("wordgridResult")
        self.result.setStyleSheet("#wordgridResult { background: #ffffff; border: 1px solid #d0d7de;"
                                  " border-radius: 8px; } QLabel { color: #1f2328; }")
        res = QVBoxLayout(self.result)
        self.result_label = QLabel(self.result)
        self.result_label.setWordWrap(True)
        rf = QFont()
        rf.setPointSizeF(rf.pointSizeF() * 1.2)
        rf.setBold(True)
        self.result_label.setFont(rf)
        self.result_stars = QLabel(self.result)
        self.result_stars.setFont(stf)
        self.result_stars.setStyleSheet("color: #c28a00;")
        res_buttons = QHBoxLayout()
        self.copy_button = QPushButton(self.tr("Copy result"), self.result)
        self.stats_button = QPushButton(self.tr("Statistics"), self.result)
        self.next_button = QPushButton(self.tr("New free play"), self.result)
        for b in (self.copy_button, self.stats_button, self.next_button):
            res_buttons.addWidget(b)
            # the card's style sheet keeps its children off the window's palette
            light_surface(b, **LIGHT)
        res.addWidget(self.result_label)
        res.addWidget(self.result_stars)
        res.addLayout(res_buttons)
        self.result.hide()

        buttons = QHBoxLayout()
        self.undo_button = QPushButton(self.tr("Undo (costs a swap)"), self.panel)
        self.daily_button = QPushButton(self.tr("Daily puzzle"), self.panel)
        self.free_button = QPushButton(self.tr("Free play"), self.panel)
        for b in (self.undo_button, self.daily_button, self.free_button):
            buttons.addWidget(b)

        self.hint = QLabel(self.tr("Drag a letter onto another, or click two letters, to swap "
                                   "them. Green letters are in place. F1: how to play."), self.panel)
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: #5d646d;")

        panel.addWidget(self.title)
        panel.addWidget(self.subtitle)
        panel.addLayout(counter)
        panel.addWidget(self.busy_row)
        panel.addWidget(self.result)
        panel.addLayout(buttons)
        panel.addWidget(self.hint)
        panel.addStretch(1)
        self.panel.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)

        self.body.addStretch(0)
        self.body.addWidget(self.board, 1)
        self.body.addWidget(self.panel, 0)
        self.body.addStretch(0)
        self.files_label = QLabel(self)
        self.files_label.setObjectName("wordgridFilesNote")
        self.files_label.setStyleSheet("color: #b3261e;")
        self.files_label.setWordWrap(True)
        self.statusBar().addPermanentWidget(self.files_label, 1)
        self.statusBar().showMessage("")

    def _take_files(self) -> bool:
        """Take the lock on the progress file's folder; False (and :attr:`files_note` says
        why) when another window holds it or the folder cannot be used."""
        folder = self.session.save_path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            self.files_note = (f"Progress and statistics are not saved: the folder {folder} "
                               f"cannot be made ({e.strerror or e}).")
            return False
        if self._lock.tryLock(0):
            self.files_elsewhere = False
            return True
        self.files_elsewhere = self._lock.error() == QLockFile.LockError.LockFailedError
        if self.files_elsewhere:
            self.files_note = ("Another Word Grid window is open: this one does not save "
                               "progress or statistics (close the other one for that).")
        else:
            self.files_note = f"Progress and statistics are not saved: {folder} cannot be written."
        return False

    def _show_files_note(self, *_) -> None:
        """The lasting note in the status bar: another window holds the files, or the last
        save failed (kept until a save works); and what was wrong with the file when it was
        read (set aside, or a newer version's)."""
        lines = (self.files_note or self.session.save_problem, self._file_note())
        text = "\n".join(line for line in lines if line)
        self.files_label.setText(text)
        self.files_label.setVisible(bool(text))

    def _file_note(self) -> str:
        """The file could not be used: said for as long as the window is open (it was a
        status-bar message gone after 8 seconds, and then Statistics showed zeros)."""
        s = self.session
        if s.newer_file:
            return self.tr("{path} was written by a newer version of Wordbler: this window does "
                           "not save progress or statistics over it, so that version still "
                           "finds them.").format(path=s.save_path)
        bad = s.set_aside
        if bad is None:
            return ""
        where = (self.tr("The file was moved to {path}.").format(path=bad.kept_as)
                 if bad.kept_as is not None else
                 self.tr("The file ({path}) could not be moved aside.").format(path=s.save_path))
        if bad.stats_read:
            return self.tr("The saved game could not be read ({reason}) and was dropped; the "
                           "statistics were kept. {where}").format(reason=bad.reason, where=where)
        return self.tr("The saved progress could not be read ({reason}): the statistics start "
                       "again from zero. {where}").format(reason=bad.reason, where=where)

    def _build_menus(self) -> None:
        mb = self.menuBar()
        game = mb.addMenu(self.tr("&Game"))
        game.setObjectName("game-menu")  # found by the launcher whatever the language
        self.act_daily = QAction(self.tr("New &daily puzzle"), self)
        self.act_daily.setShortcut(QKeySequence("Ctrl+D"))
        self.act_free = QAction(self.tr("New &free play"), self)
        self.act_free.setShortcut(QKeySequence.StandardKey.New)
        self.act_seed = QAction(self.tr("Play a s&eed…"), self)
        self.act_seed.setShortcut(QKeySequence("Ctrl+Shift+N"))
        game.addActions([self.act_daily, self.act_free, self.act_seed])
        game.addSeparator()
        size_menu = game.addMenu(self.tr("&Size"))
        self.size_group = QActionGroup(self)
        self.size_actions = {}
        for n in (5, 7):
            a = QAction(f"{n}×{n}", self, checkable=True)
            a.setData(n)
            self.size_group.addAction(a)
            size_menu.addAction(a)
            self.size_actions[n] = a
        lang_menu = game.addMenu(self.tr("&Language"))
        self.lang_group = QActionGroup(self)
        self.lang_actions = {}
        for code in LANG_NAMES:
            a = QAction(lang_name(code), self, checkable=True)
            a.setData(code)
            self.lang_group.addAction(a)
            lang_menu.addAction(a)
            self.lang_actions[code] = a
        words_menu = game.addMenu(self.tr("&Words"))
        self.words_group = QActionGroup(self)
        self.act_common = QAction(self.tr("&Common words"), self, checkable=True)
        self.act_own_list = QAction(self.tr("&Own word list…"), self, checkable=True)
        for a in (self.act_common, self.act_own_list):
            self.words_group.addAction(a)
            words_menu.addAction(a)
        game.addSeparator()
        self.act_copy = QAction(self.tr("&Copy result"), self)
        self.act_copy.setShortcut(QKeySequence("Ctrl+Shift+C"))
        self.act_stats = QAction(self.tr("S&tatistics…"), self)
        game.addActions([self.act_copy, self.act_stats])
        game.addSeparator()
        self.act_close = QAction(self.tr("Cl&ose"), self)
        self.act_close.setShortcut(QKeySequence.StandardKey.Close)
        game.addAction(self.act_close)
        edit = mb.addMenu(self.tr("&Edit"))
        self.act_undo = QAction(self.tr("&Undo swap (costs a swap)"), self)
        self.act_undo.setShortcut(QKeySequence.StandardKey.Undo)
        edit.addAction(self.act_undo)
        view = mb.addMenu(self.tr("&View"))
        self.act_cb = QAction(self.tr("&Colour-blind colours"), self, checkable=True)
        view.addAction(self.act_cb)
        help_menu = mb.addMenu(self.tr("&Help"))
        self.act_help = QAction(self.tr("&How to play"), self)
        self.act_help.setShortcut(QKeySequence.StandardKey.HelpContents)
        help_menu.addAction(self.act_help)
        # shortcuts work wherever the focus is in the window, menus open or not
        self.addActions([self.act_daily, self.act_free, self.act_seed, self.act_copy,
                         self.act_close, self.act_undo, self.act_help])

    def _connect_signals(self) -> None:
        s = self.session
        s.changed.connect(self._refresh)
        s.message.connect(lambda m: self.statusBar().showMessage(m, 8000))
        s.save_problem_changed.connect(self._show_files_note)
        s.file_problem_changed.connect(self._show_files_note)
        s.finished.connect(self._on_finished)
        s.busy_changed.connect(self._on_busy)
        s.progress.connect(self._on_progress)
        s.generation_failed.connect(self._refresh)
        s.game_ready.connect(self._on_game_ready)
        self.board.swap_requested.connect(s.request_swap)
        self.board.refused.connect(lambda m: self.statusBar().showMessage(m, 5000))
        self.board.animation_finished.connect(self._refresh)
        self.cancel_button.clicked.connect(s.cancel_generation)
        self.undo_button.clicked.connect(s.undo)
        self.act_undo.triggered.connect(s.undo)
        self.daily_button.clicked.connect(self.new_daily)
        self.act_daily.triggered.connect(self.new_daily)
        # lambdas: clicked/triggered pass ``checked`` (False), which new_free took as seed 0,
        # so every "new free puzzle" was the same puzzle
        self.free_button.clicked.connect(lambda: self.new_free())
        self.next_button.clicked.connect(lambda: self.new_free())
        self.act_free.triggered.connect(lambda: self.new_free())
        self.act_seed.triggered.connect(self.ask_seed)
        self.copy_button.clicked.connect(self.copy_result)
        self.act_copy.triggered.connect(self.copy_result)
        self.stats_button.clicked.connect(self.show_stats)
        self.act_stats.triggered.connect(self.show_stats)
        self.act_close.triggered.connect(self.close)
        self.act_help.triggered.connect(self.show_help)
        self.act_cb.toggled.connect(self._set_colour_blind)
        self.size_group.triggered.connect(self._size_chosen)
        self.lang_group.triggered.connect(self._lang_chosen)
        self.act_common.triggered.connect(self.use_common_words)
        self.act_own_list.triggered.connect(self.choose_word_list)
        self.session.game_ready.connect(self._list_tried)
        self.session.generation_failed.connect(self._list_failed)

    # ---- settings ------------------------------------------------------------------
    def _setting(self, key: str, default):
        self.settings.beginGroup(SETTINGS_GROUP)
        try:
            return self.settings.value(key, default)
        finally:
            self.settings.endGroup()

    def _set_setting(self, key: str, value) -> None:
        self.settings.beginGroup(SETTINGS_GROUP)
        self.settings.setValue(key, value)
        self.settings.endGroup()

    def _apply_settings(self) -> None:
        try:
            size = int(self._setting("size", 5))
        except (TypeError, ValueError):
            size = 5
        self.grid_size = size if size in (5, 7) else 5
        lang = str(self._setting("lang", "en"))
        self.lang = lang if lang in LANG_NAMES else "en"
        cb = str(self._setting("colour_blind", "false")).lower() in ("true", "1")
        self.size_actions[self.grid_size].setChecked(True)
        self.lang_actions[self.lang].setChecked(True)
        self.act_cb.setChecked(cb)
        self.board.set_palette(COLOUR_BLIND if cb else STANDARD)
        # free play's words: the common ones, or the user's list (a path; "" for none)
        self.lexicon = str(self._setting("lexicon", "") or "") or None
        self._show_words_choice()

    def _show_words_choice(self) -> None:
        own = self.lexicon is not None
        self.act_own_list.setChecked(own)
        self.act_common.setChecked(not own)
        self.act_own_list.setText(
            self.tr("&Own word list ({name})…").format(name=Path(self.lexicon).name) if own
            else self.tr("&Own word list…"))

    def _size_chosen(self, action: QAction) -> None:
        self.grid_size = int(action.data())
        self._set_setting("size", self.grid_size)
        self.statusBar().showMessage(self.tr("New puzzles will be {size}×{size}.")
                                     .format(size=self.grid_size), 5000)

    def _lang_chosen(self, action: QAction) -> None:
        self.lang = str(action.data())
        self._set_setting("lang", self.lang)
        self.statusBar().showMessage(self.tr("New puzzles will be in {language}.")
                                     .format(language=lang_name(self.lang)), 5000)

    def _set_colour_blind(self, on: bool) -> None:
        self._set_setting("colour_blind", "true" if on else "false")
        self.board.set_palette(COLOUR_BLIND if on else STANDARD)

    def use_common_words(self) -> None:
        self._trying_list = None
        self.lexicon = None
        self._set_setting("lexicon", "")
        self._show_words_choice()
        self.statusBar().showMessage(self.tr("New free puzzles will use the common words."),
                                     5000)

    def choose_word_list(self) -> None:
        """Ask for a word list file; a free puzzle is made from it at once.  The choice is
        kept only when that works; a list that cannot be used is named in a message box,
        and the game on the table and the earlier choice stay."""
        self._show_words_choice()  # until a list has worked, the menu shows the old choice
        path = self.ask_word_list_file()
        self._claim_files()
        if not path or not self.may_give_up():
            return
        self._trying_list = path
        self.session.start_free(self.grid_size, self.lang, None, path)

    def ask_word_list_file(self) -> str | None:
        """The file dialog (a method of its own so tests can answer it)."""
        start = str(Path(self.lexicon).parent) if self.lexicon else str(Path.home())
        path, _filter = QFileDialog.getOpenFileName(
            self, self.tr("Choose a word list"), start,
            self.tr("Word lists (*.txt);;All files (*)"))
        return path or None

    def _list_tried(self) -> None:
        path, self._trying_list = self._trying_list, None
        g = self.session.game
        if path is None or g is None or g.source != path:
            return
        self.lexicon = path
        self._set_setting("lexicon", path)
        self._show_words_choice()
        self.statusBar().showMessage(
            self.tr("New free puzzles will use the words of {name} (the daily puzzle keeps "
                    "the common words).").format(name=Path(path).name), 8000)

    def _list_failed(self, message: str, source: str) -> None:
        """A puzzle from the own list ``source`` could not be made: the list just chosen
        (the choice goes back), or the kept one (moved, changed or deleted since: it stays
        chosen)."""
        trying, self._trying_list = self._trying_list, None
        if not source:
            return  # the common words: the session's message says it
        self._show_words_choice()
        self.statusBar().showMessage(self.tr("That word list cannot be used."), 15000)
        if source == trying:
            after = self.tr("The puzzle on the table and the words you chose before stay.")
        else:
            after = self.tr("The puzzle on the table stays. Choose another list, or the "
                            "common words, in Game › Words.")
        # the reason in a box of its own: a file's path and problem can be longer than the
        # status bar is wide
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Own word list"),
                          self.tr("That word list cannot be used:\n{message}\n\n{after}")
                          .format(message=message, after=after),
                          QMessageBox.StandardButton.Ok, self)
        box.setObjectName("word-list-problem")
        self.list_problem = box
        box.open()

    # ---- actions -------------------------------------------------------------------
    def may_give_up(self) -> bool:
        """A new puzzle gives up the one going on, which counts as a loss (and ends the
        streak): asked first, as the other games ask before leaving a game."""
        g = self.session.game
        if g is None or not g.started or g.over or not self.confirm_give_up:
            return True
        answer = QMessageBox.question(
            self, self.tr("Word Grid"),
            self.tr("Start a new puzzle? This one (swaps made: {swaps}) will count as given "
                    "up: a loss, and the streak starts again.").format(swaps=g.swaps_used))
        return answer == QMessageBox.StandardButton.Yes

    def new_daily(self) -> None:
        self._claim_files()  # before asking: the game going on may be the other window's
        if not self.may_give_up():
            return
        self._trying_list = None
        self.session.start_daily(self.grid_size, self.lang)

    def new_free(self, seed: int | None = None) -> None:
        self._claim_files()
        if not self.may_give_up():
            return
        self._trying_list = None
        self.session.start_free(self.grid_size, self.lang, seed, self.lexicon)

    def ask_seed(self) -> None:
        seed, ok = QInputDialog.getInt(self, self.tr("Play a seed"), self.tr("Seed:"), 1, 0, 2**31 - 1)
        if ok:
            self.new_free(seed)

    def copy_result(self) -> None:
        text = self.session.share_text()
        if text:
            QGuiApplication.clipboard().setText(text)
            self.statusBar().showMessage(self.tr("The result is copied: paste it anywhere to share."), 6000)

    def show_stats(self) -> QDialog:
        self._claim_files()  # taken over: the statistics on disk, the latest
        dlg = StatsDialog(self.session.stats, self)
        dlg.show()
        return dlg

    def show_help(self) -> QDialog:
        self.help_dialog = show_help_dialog(self, self.tr("Word Grid: how to play"), help_html())
        return self.help_dialog

    # ---- reacting to the session -----------------------------------------------------
    def _on_busy(self, busy: bool) -> None:
        if busy:
            self.progress_bar.setRange(0, 0)
            self._busy_timer.start()
        else:
            self._busy_timer.stop()
            self.busy_row.hide()
        self._refresh()

    def _show_busy(self) -> None:
        if self.session.busy:
            self.busy_row.show()

    def _on_progress(self, done: int, total: int) -> None:
        self.busy_label.setText(self.tr("Making a puzzle… (grid {min})")
                                .format(min=min(done + 1, total)))

    def _on_game_ready(self) -> None:
        """A new (or resumed) game is on the table: drop what the last one was showing."""
        self.board.stop_animation()
        self.board.selected = None
        self._revealed = False
        self._refresh()

    def _on_finished(self, outcome: str) -> None:
        g = self.session.game
        if outcome == "lost" and g is not None:
            self._revealed = True
            self.board.animate_swaps(g.solving_swaps(), marks_after=[None] * g.layout.n_cells)
        self._refresh()

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._scale_fonts()
        wide = self.width() > self.height() * 1.25
        self.body.setDirection(QBoxLayout.Direction.LeftToRight if wide
                               else QBoxLayout.Direction.TopToBottom)
        # the panel as wide as its buttons and counters need with the font in use (with a
        # 14-point system font "Undo (costs a swap)" needs 205 pixels), at most 60% of the
        # window; the board gives up the room
        need = min(self.panel.sizeHint().width(), int(self.width() * 0.6))
        self.panel.setMaximumWidth(max(360, int(self.width() * 0.36), need) if wide
                                   else 16777215)
        # wide: a square board and the panel side by side, centred together
        room = self.centralWidget().height() if self.centralWidget() else self.height()
        if wide:
            side = max(220, min(room - 24, self.width() - self.panel.maximumWidth() - 60))
            self.board.setMinimumWidth(side)
            self.board.setMaximumWidth(side)
        else:
            self.board.setMinimumWidth(220)
            self.board.setMaximumWidth(16777215)
        for index, factor in ((0, 1 if wide else 0), (1, 0 if wide else 1), (3, 1 if wide else 0)):
            self.body.setStretch(index, factor)

    def _scale_fonts(self) -> None:
        """The panel's text grows with the window (up to 1.6 times), like the board."""
        from PySide6.QtWidgets import QApplication

        factor = max(1.0, min(1.6, self.height() / 760))
        if abs(factor - getattr(self, "_font_factor", 0.0)) < 0.05:
            return
        self._font_factor = factor
        base = QApplication.font().pointSizeF()
        sizes = [(self.title, 1.5, True), (self.subtitle, 1.0, False),
                 (self.swaps_label, 1.3, True), (self.stars_label, 1.6, False),
                 (self.result_label, 1.2, True), (self.result_stars, 1.6, False),
                 (self.hint, 1.0, False), (self.busy_label, 1.0, False)]
        sizes += [(b, 1.0, False) for b in (self.undo_button, self.daily_button, self.free_button,
                                            self.copy_button, self.stats_button,
                                            self.next_button, self.cancel_button)]
        for widget, k, bold in sizes:
            f = widget.font()
            f.setPointSizeF(base * k * factor)
            f.setBold(bold)
            widget.setFont(f)

    def _refresh(self) -> None:
        g = self.session.game
        busy = self.session.busy
        for w in (self.undo_button, self.act_undo):
            w.setEnabled(g is not None and g.can_undo() and not busy)
        self.act_copy.setEnabled(g is not None)
        if g is None:
            self.title.setText(self.tr("Word Grid"))
            self.subtitle.setText(self.tr("Making today's puzzle…") if busy else "")
            self.swaps_label.setText("")
            self.stars_label.setText("")
            self.result.hide()
            return
        lang = lang_name(g.lang)
        if g.daily:
            day = dt.date.fromisoformat(g.daily)
            self.title.setText(self.tr("Daily puzzle · {day} {day2:%B %Y}")
                               .format(day=day.day, day2=day))
        else:
            self.title.setText(self.tr("Free play · seed {seed}").format(seed=g.puzzle.seed))
        subtitle = self.tr("{size}×{size} · {lang} · {swaps} swaps can solve it").format(
            size=g.size, lang=lang, swaps=g.puzzle.swaps)
        if g.source:
            subtitle += self.tr(" · words of {name}").format(name=Path(g.source).name)
        self.subtitle.setText(subtitle)
        left = g.swaps_left
        self.swaps_label.setText(self.tr("Swaps left: {left} of {limit}")
                                 .format(left=left, limit=g.limit))
        status = g.status
        if status is Status.WON:
            stars = g.stars
        elif status is Status.LOST:
            stars = 0
        else:
            stars = max(0, min(MAX_STARS, left - g.fewest_swaps_left()))
        self.stars_label.setText(star_text(stars))
        self.stars_label.setToolTip(self.tr("Stars you can still earn: the swaps you will "
                                            "have left if you solve it in the fewest swaps "
                                            "from here"))
        if self.board.animating():
            return
        if status is Status.LOST and self._revealed:
            self.board.show_state(g.size, g.puzzle.solution, [None] * g.layout.n_cells,
                                  [True] * g.layout.n_cells, interactive=False)
        else:
            marks = g.marks()
            self.board.show_state(g.size, g.letters, marks, [g.locked(i) for i in range(len(marks))],
                                  interactive=status is Status.PLAYING and not busy)
        if status is Status.PLAYING:
            self._revealed = False
            self.result.hide()
        else:
            if status is Status.WON:
                self.result_label.setText(self.tr("Solved in {swaps_used} swaps!")
                                          .format(swaps_used=g.swaps_used))
                self.result_stars.setText(star_text(g.stars))
            else:
                self.result_label.setText(self.tr("Out of swaps. The solution is shown."))
                self.result_stars.setText(star_text(0))
            self.result.show()
            if status is Status.LOST and not self._revealed:
                self._revealed = True
                self.board.show_state(g.size, g.puzzle.solution, [None] * g.layout.n_cells,
                                      [True] * g.layout.n_cells, interactive=False)

    def showEvent(self, event) -> None:  # noqa: N802
        """Shown again after a close (the start page keeps the window): take the files back,
        or take them now that the window which held them has closed.  Without this, a window
        opened a second time saved nothing: swaps, a finished puzzle and the statistics were
        lost at quit."""
        self._try_take_files()
        if self._autostart and self.session.game is None and not self.session.busy:
            # closed while its first puzzle was being made (closing cancels that): make it
            # again, or the window came back with an empty grid and nothing under way
            self.session.start_daily(self.grid_size, self.lang)
        super().showEvent(event)

    def changeEvent(self, event) -> None:  # noqa: N802
        super().changeEvent(event)
        if event.type() == QEvent.Type.ActivationChange and self.isActiveWindow():
            self._claim_files()

    def _claim_files(self) -> None:
        """The moments that matter (the window activated; before a swap, an undo, a new
        puzzle or the statistics): a window that did not hold the files takes them over once
        the window that held them has closed, so what it plays from then on is saved.  A
        second window used to try only when it was shown again: played on after the first
        one closed, its swaps, wins and statistics were never written.  A save that failed
        (a full disk) is tried again here too."""
        if self.isVisible():  # a closed window leaves the files to others
            self._try_take_files()
            self.session.save_if_due()

    def _try_take_files(self) -> bool:
        """Hold the files (True); taken over from another window, safely
        (:meth:`_take_over_saved_game`)."""
        if self.owns_files:
            return True
        if not self._take_files():
            self._show_files_note()  # why not may have changed
            return False
        self.owns_files = True
        self.files_note = None
        self._take_over_saved_game()
        self.session.save_if_due()  # statistics kept from a file set aside just now
        self._show_files_note()
        return True

    def _take_over_saved_game(self) -> None:
        """Taking the files over: an unfinished game another window saved is not written over
        unasked.  With no game going here it comes back to the table (as when a window
        opens); with one going, the player is asked which goes on once the window shows."""
        saved = self.session.take_over_files()  # and the statistics on disk, the latest
        ours = self.session.game
        if saved is None:
            self.session.can_save = True
        elif ours is None or not ours.started or ours.over:
            self.session.can_save = True
            self.session.set_game(saved)
            self._refresh()
            self.statusBar().showMessage(self.tr("The other Word Grid window has closed: its "
                                                 "unfinished puzzle goes on here."), 8000)
        else:
            self.session.can_save = False  # nothing is written until the player says
            QTimer.singleShot(0, self, lambda: self._ask_which_goes_on(saved))

    def _ask_which_goes_on(self, saved) -> None:
        if not self.owns_files:
            return  # closed meanwhile
        ours = self.session.game
        answer = QMessageBox.question(
            self, self.tr("Word Grid"),
            self.tr("The other Word Grid window has closed. Its unfinished puzzle is saved "
                    "(swaps made: {saved_swaps}); this one is not (swaps made: {swaps}).\n\n"
                    "Go on with the saved puzzle? No keeps this one and saves it in its "
                    "place; the saved one then counts as given up.")
            .format(saved_swaps=saved.swaps_used, swaps=ours.swaps_used if ours else 0))
        self.session.can_save = True
        if answer == QMessageBox.StandardButton.Yes:
            self.session.set_game(saved)
            self._refresh()
            self.session.save_now()  # a result recorded here meanwhile goes in the statistics
        else:
            self.session.stats.record_abandoned(saved)
            self.session.save_now()

    def closeEvent(self, event) -> None:  # noqa: N802
        self.session.cancel_generation()
        self.board.stop_animation()
        if self.owns_files:
            # the last save failed (a full disk): a last try, the player may have made room;
            # closing never saved, so a puzzle won meanwhile came back unsolved, not counted
            self.session.save_if_due()
            self._lock.unlock()
            self.owns_files = False
            self.session.can_save = False
        super().closeEvent(event)


class StatsDialog(QDialog):
    def __init__(self, stats, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Word Grid statistics"))
        form = QFormLayout(self)
        avg = f"{stats.stars / stats.won:.1f}" if stats.won else "–"
        self.values = {
            "Played": str(stats.played),
            "Won": f"{stats.won} ({stats.win_percent}%)",
            "Stars": f"{stats.stars} (average {avg} a win)",
            "Win streak": str(stats.streak),
            "Best streak": str(stats.best_streak),
        }
        for k, v in self.values.items():
            form.addRow(f"{k}:", QLabel(v, self))
        dist = "   ".join(f"{n}★ {c}" for n, c in enumerate(stats.star_counts))
        form.addRow(self.tr("Wins by stars:"), QLabel(dist, self))
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        box.rejected.connect(self.close)
        form.addRow(box)
