"""The Word Snake window: setup, the round, the hand-off between players, the results.

All signal wiring sits in :meth:`SnakeWindow._connect_signals` and
:meth:`SnakeWindow._connect_session`.  Loading a word list, dealing a board and restoring a
saved round run in a :class:`~.worker.Job` on the thread pool, with progress and cancel.
"""

from __future__ import annotations

import datetime as _dt
import os
import time
from pathlib import Path
from typing import Callable

from PySide6.QtCore import (QCoreApplication, QEvent, QLockFile, QSettings, QSize, Qt,
                            QThreadPool, QTimer, Signal)
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (QApplication, QFileDialog, QLabel, QMainWindow, QMessageBox,
                               QStackedWidget, QWidget)

from wordbler.snake import (BoardSpec, GenerationCancelled, Phase, Preview, ShareCode,
                            SnakeGame, SnakeWords, SpecError, Verdict, daily_seed,
                            format_seconds, generate, random_seed)
from wordbler.snake.codes import list_tag
from wordbler.snake.storage import (AUTOSAVE_NAME, HIGHSCORES_NAME, HighScores, StorageError,
                                    load_round_file, read_list_ref, restore_round, set_aside,
                                    snake_dir)

from .dialogs import CodeDialog, HelpDialog, HighScoresDialog, plain_labels, table_title
from .pages import HandoffPage, ResultsPage, RoundPage, SetupPage
from .session import SnakeSession
from .texts import duration_text, lang_name, points_text, verdict_text
from .theme import DEFAULT_THEME, SnakeTheme
from .worker import Job

SETTINGS_GROUP = "snake"
LOCK_NAME = "snake.lock"       # held by the window that keeps the autosave and high scores
LOW_TIME = 10.0


class SnakeWindow(QMainWindow):
    deal_ready = Signal()          # a new session is in place
    job_finished = Signal()        # a worker job ended (done, failed or cancelled)

    def __init__(self, parent: QWidget | None = None, *, settings: QSettings | None = None,
                 clock: Callable[[], float] = time.monotonic, data_dir: Path | None = None,
                 pool: QThreadPool | None = None, theme: SnakeTheme = DEFAULT_THEME,
                 today: Callable[[], _dt.date] = _dt.date.today) -> None:
        super().__init__(parent)
        self.setObjectName("snake-window")
        self.setWindowTitle(self.tr("Word Snake"))
        self.theme = theme
        self.settings = settings if settings is not None else QSettings()
        self.clock = clock
        self.today = today
        self.data_dir = data_dir if data_dir is not None else snake_dir()
        self.pool = pool or QThreadPool.globalInstance()
        app = QApplication.instance()
        if app is not None:  # a round pauses when the player turns to another window
            app.focusWindowChanged.connect(self._on_focus_window)
        self.words_cache: dict[tuple[str, str | None], SnakeWords] = {}
        self.session: SnakeSession | None = None
        self.job: Job | None = None
        # one window at a time keeps the autosave and the high scores (two windows writing
        # them would overwrite each other's rounds and scores): the first takes the lock
        self._lock = QLockFile(str(self.data_dir / LOCK_NAME))
        self._lock.setStaleLockTime(0)   # stale only when its process is gone, never by age
        self.files_note: str | None = None
        self.files_elsewhere = False  # another window holds the files (not just unwritable)
        self.owns_files = self._take_files()
        # read unless another window holds them: a folder that cannot be written still shows
        # the high scores (and offers the saved round), though nothing new is saved
        self.highscores = (HighScores(self.data_dir / HIGHSCORES_NAME) if self.files_elsewhere
                           else HighScores.load(self.data_dir / HIGHSCORES_NAME))
        self._saved_doc = None
        self.confirm_discard = True  # ask before a new board ends a round (tests turn it off)
        self._help: HelpDialog | None = None
        self._dialog = None
        theme.apply_surface(self)

        self.setup = SetupPage(theme)
        self.round = RoundPage(theme)
        self.handoff = HandoffPage(theme)
        self.results = ResultsPage(theme)
        self.pages = QStackedWidget()
        for page in (self.setup, self.round, self.handoff, self.results):
            self.pages.addWidget(page)
        self.setCentralWidget(self.pages)
        self.files_label = QLabel()
        self.files_label.setObjectName("snake-files-note")
        self.files_label.setStyleSheet(f"color: {theme.bad};")
        self.statusBar().addPermanentWidget(self.files_label)
        plain_labels(self)
        self._build_menus()
        self._connect_signals()
        self._load_settings()
        if self.files_note or self.highscores.problem:
            self.setup.show_status(" ".join(filter(None, (self.files_note, self.highscores.problem))),
                                   error=True)
        self.refresh_resume()
        self._show_files_note()
        self._update_actions()

    # ------------------------------------------------------------------ construction
    def _build_menus(self) -> None:
        game = self.menuBar().addMenu(self.tr("&Game"))
        game.setObjectName("game-menu")  # found by the launcher whatever the language
        self.new_action = self._action(game, self.tr("&New board"), "Ctrl+N", self.new_from_menu)
        self.daily_action = self._action(game, self.tr("&Daily board"), "Ctrl+D", self.daily_board)
        self.code_action = self._action(game, self.tr("Board c&ode…"), "Ctrl+L", self.ask_code)
        self.copy_action = self._action(game, self.tr("Cop&y board code"), "Ctrl+Shift+C", self.copy_code)
        game.addSeparator()
        self.pause_action = self._action(game, self.tr("&Pause"), "Ctrl+P", self.toggle_pause)
        self.hints_action = self._action(game, self.tr("&Hints"), "Ctrl+H", self.toggle_hints)
        self.end_action = self._action(game, self.tr("&End turn"), "Ctrl+E", self.end_turn)
        game.addSeparator()
        self.scores_action = self._action(game, self.tr("High &scores…"), None, self.show_high_scores)
        self.close_action = self._action(game, self.tr("&Close"), "Ctrl+W", self.close)
        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        self.help_action = self._action(help_menu, self.tr("&Rules and keys"), "F1",
                                        self.show_help)

    def _action(self, menu, text, shortcut, slot) -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            a.setShortcut(QKeySequence(shortcut))
        a.triggered.connect(slot)
        menu.addAction(a)
        return a

    def _connect_signals(self) -> None:
        s = self.setup
        s.new_requested.connect(self.new_board)
        s.daily_requested.connect(self.daily_board)
        s.code_requested.connect(self.ask_code)
        s.resume_requested.connect(self.resume)
        s.highscores_requested.connect(self.show_high_scores)
        s.browse_requested.connect(self.browse_list)
        s.cancel_requested.connect(self.cancel_job)
        r = self.round
        r.hints_toggled.connect(self.set_hints)
        r.pause_clicked.connect(self.toggle_pause)
        r.end_clicked.connect(self.end_turn)
        r.board_view.cover_clicked.connect(self.toggle_pause)
        self.handoff.start_clicked.connect(self.begin_turn)
        res = self.results
        res.new_clicked.connect(self.new_board)
        res.setup_clicked.connect(self.show_setup)
        res.copy_clicked.connect(self.copy_code)
        res.scores_clicked.connect(self.show_high_scores)

    def _connect_session(self, session: SnakeSession) -> None:
        v = self.round.board_view
        v.pressed.connect(session.press)
        v.entered.connect(session.enter)
        v.released.connect(session.release)
        v.cleared.connect(session.clear)
        v.escape.connect(session.clear)
        v.typed.connect(session.type_text)
        v.backspace.connect(session.backspace)
        v.enter.connect(session.submit)
        session.selection_changed.connect(self._show_selection)
        session.word_played.connect(self._show_played)
        session.time_changed.connect(self._show_time)
        session.phase_changed.connect(self._show_phase)
        session.round_finished.connect(self._show_results)
        session.message.connect(self._show_message)
        session.save_error_changed.connect(self._show_files_note)

    def _disconnect_session(self, session: SnakeSession) -> None:
        v = self.round.board_view
        for sig in (v.pressed, v.entered, v.released, v.cleared, v.escape, v.typed, v.backspace, v.enter):
            try:
                sig.disconnect()
            except (RuntimeError, TypeError):
                pass
        for sig in (session.selection_changed, session.word_played, session.time_changed,
                    session.phase_changed, session.round_finished, session.message):
            try:
                sig.disconnect()
            except (RuntimeError, TypeError):
                pass

    # ------------------------------------------------------------------ settings
    def _load_settings(self) -> None:
        st = self.settings
        st.beginGroup(SETTINGS_GROUP)
        try:
            s = self.setup
            s.cols.setValue(_int(st.value("cols"), 4, 3, 6))
            s.rows.setValue(_int(st.value("rows"), 4, 3, 6))
            lang = st.value("lang", "en")
            s.lang.setCurrentIndex(max(0, s.lang.findData(lang)))
            s.list_edit.setText(str(st.value("list", "") or ""))
            min_len = st.value("min", "")
            s.min_len.setCurrentIndex(max(0, s.min_len.findData(_int(min_len, None, 3, 6))))
            dur = st.value("duration", "180")
            dur_v = None if str(dur) == "untimed" else _int(dur, 180, 60, 600)
            s.duration.setCurrentIndex(max(0, s.duration.findData(dur_v)))
            s.players.setValue(_int(st.value("players"), 1, 1, 4))
            for i, e in enumerate(s.names):
                name = st.value(f"name{i}")
                if isinstance(name, str) and name.strip():
                    e.setText(name.strip()[:24])
            s.cancel_rule.setChecked(str(st.value("cancel_rule", "true")).lower() != "false")
        finally:
            st.endGroup()

    def _save_settings(self) -> None:
        st = self.settings
        s = self.setup
        st.beginGroup(SETTINGS_GROUP)
        try:
            st.setValue("cols", s.cols.value())
            st.setValue("rows", s.rows.value())
            st.setValue("lang", s.lang.currentData())
            st.setValue("list", s.list_edit.text().strip())
            st.setValue("min", s.min_len.currentData() or "")
            dur = s.duration.currentData()
            st.setValue("duration", "untimed" if dur is None else dur)
            st.setValue("players", s.players.value())
            for i, e in enumerate(s.names):
                st.setValue(f"name{i}", e.text().strip())
            st.setValue("cancel_rule", "true" if s.cancel_rule.isChecked() else "false")
        finally:
            st.endGroup()

    # ------------------------------------------------------------------ dealing
    def _spec_from_setup(self, lang: str | None = None, cols: int | None = None,
                         rows: int | None = None) -> BoardSpec:
        s = self.setup
        return BoardSpec(cols or s.cols.value(), rows or s.rows.value(),
                         lang or s.lang.currentData(), s.min_len.currentData())

    def _list_path(self) -> str | None:
        text = self.setup.list_edit.text().strip()
        return os.path.expanduser(text) if text else None

    def new_from_menu(self) -> None:
        """Ctrl+N: straight to a new board from the setup's settings, unless a round is on
        (then the setup page, where the round can be resumed)."""
        if self.session is not None and self.session.game.started and not self.session.game.finished:
            self.show_setup()
        else:
            self.new_board()

    def may_discard(self) -> bool:
        """A new board ends the round going on, or takes the place of the saved one: asked
        first, as Word Grid and Word Search ask before a new puzzle.  It used to start at
        once (Daily board, New board, a board code) and write the new round over the old."""
        ses = self.session
        if not self.confirm_discard:
            return True
        if ses is not None and ses.game.started and not ses.game.finished:
            g = ses.game
            words = sum(len(p.found) for p in g.players)
            text = self.tr("Start a new board? The round going on ({name}'s turn, {left} left, "
                           "{words} words found) ends and cannot be resumed.").format(
                name=g.player.name, left=self._time_left_text(g.remaining), words=words)
        elif self._saved_doc is not None and not self.files_elsewhere:
            text = self.tr("Start a new board? {saved} It is replaced by the new round and "
                           "cannot be resumed.").format(saved=describe_saved(self._saved_doc))
        else:
            return True
        self._pause_running()  # the clock does not run while the player reads the question
        answer = QMessageBox.question(self, self.tr("Word Snake"), text)
        return answer == QMessageBox.StandardButton.Yes

    def new_board(self, seed: int | None = None, code: ShareCode | None = None) -> None:
        if self.job is not None:
            return
        self.claim_files()  # first: a round the other window saved is then asked about
        self.save_scores_if_due()
        if not self.may_discard():
            return
        if code is not None:
            s = self.setup
            s.lang.setCurrentIndex(s.lang.findData(code.lang))
            s.cols.setValue(code.cols)
            s.rows.setValue(code.rows)
            # the code's shortest word, or the usual one (the first entry) without one
            s.min_len.setCurrentIndex(max(0, s.min_len.findData(code.min_len))
                                      if code.min_len is not None else 0)
            seed = code.seed
        try:
            spec = self._spec_from_setup()
        except SpecError as e:
            self.setup.show_status(str(e), error=True)
            return
        if seed is None or isinstance(seed, bool):
            seed = random_seed()
        path = self._list_path()
        names = self.setup.player_names()
        duration = self.setup.duration.currentData()
        cancel_rule = self.setup.cancel_rule.isChecked()
        self._save_settings()
        cached = self.words_cache.get((spec.lang, path))

        def work(cancelled, progress):
            words = cached or load_words(spec.lang, path)
            if cancelled():
                raise GenerationCancelled()
            deal = generate(spec, words, seed, cancel=cancelled, progress=progress)
            return words, deal

        def done(result):
            words, deal = result
            self.words_cache[(spec.lang, path)] = words
            tag = None if words.bundled else list_tag(words.content_hash)
            code_text = str(ShareCode(spec.lang, spec.cols, spec.rows, seed, tag, spec.min_len))
            game = SnakeGame(deal, names, duration=duration, clock=self.clock, cancel_rule=cancel_rule)
            self._start_session(game, words, code_text)

        what = self.tr("Dealing a {cols}×{rows} {language} board").format(
            cols=spec.cols, rows=spec.rows, language=lang_name(spec.lang))
        if cached is None:
            what += self.tr(" (loading the word list first)")
        self._run(work, done, what + "…")

    def daily_board(self) -> None:
        self.new_board(seed=daily_seed(self.today()))

    def ask_code(self) -> None:
        if self.job is not None:
            return
        path = self._list_path()
        lang = self.setup.lang.currentData()
        cached = self.words_cache.get((lang, path))
        tag = list_tag(cached.content_hash) if (path and cached) else None
        dlg = CodeDialog(tag, self, own_list=bool(path))
        dlg.accepted.connect(lambda: dlg.code and self.new_board(code=dlg.code))
        self._dialog = dlg
        dlg.open()

    def _run(self, work, done, text: str) -> None:
        self._pause_running()
        self.show_page(self.setup)
        self.setup.set_busy(True, text)
        job = Job(work)
        self.job = job

        def finish():
            if self.job is job:
                self.job = None
            self.setup.set_busy(False, self.setup.status.text())
            self._update_actions()
            self.job_finished.emit()

        def on_done(result):
            finish()
            self.setup.show_status("")
            done(result)

        def on_failed(msg):
            finish()
            self.setup.show_status(msg, error=True)

        def on_cancelled():
            finish()
            self.setup.show_status("Cancelled.")
            self._return_to_round()

        job.signals.done.connect(on_done)
        job.signals.failed.connect(on_failed)
        job.signals.cancelled.connect(on_cancelled)
        job.signals.progress.connect(self.setup.set_progress)
        self._update_actions()
        self.pool.start(job)

    def cancel_job(self) -> None:
        if self.job is not None:
            self.job.cancel()

    def _start_session(self, game: SnakeGame, words: SnakeWords, code_text: str) -> None:
        old = self.session
        if old is not None:
            old.stop()
            self._disconnect_session(old)
            old.deleteLater()
            self.session = None
        owner = self.claim_files()
        if owner:
            self.files_note = None  # a round kept for another window's sake has ended
        session = SnakeSession(game, words, code_text,
                               autosave_path=self.data_dir / AUTOSAVE_NAME if owner else None,
                               highscores=self.highscores if owner else None, parent=self)
        self.session = session
        self._connect_session(session)
        self._show_files_note()
        deal = game.deal
        self.round.board_view.set_board(deal.board)
        self.round.words_list.clear()
        self.round.feedback_label.setText(" ")
        self.round.show_hints_panel(False)
        self.round.code_label.setText(self.tr("Board {code_text}").format(code_text=code_text)
                                      + ("" if deal.in_band else self.tr(" · fewer or more words than usual")))
        self.setWindowTitle(self.tr("Word Snake — {code_text}").format(code_text=code_text))
        self.setup.show_resume(None)
        if len(game.players) == 1 and game.phase is Phase.READY:
            session.begin_turn()
            # dealt while the player was in another window: the round waits, paused (it
            # started and ran with nobody there)
            self._pause_if_away()
        self._show_phase()
        self._show_selection()
        self._refresh_words()
        self.deal_ready.emit()

    def _take_files(self) -> bool:
        """Take the lock on this game's files; False (and :attr:`files_note` says why) when
        another window holds it or the folder cannot be used."""
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            self.files_note = (f"Rounds and high scores are not saved: the folder {self.data_dir} "
                               f"cannot be made ({e.strerror or e}).")
            return False
        if self._lock.tryLock(0):
            self.files_elsewhere = False
            return True
        self.files_elsewhere = self._lock.error() == QLockFile.LockError.LockFailedError
        if self.files_elsewhere:
            self.files_note = ("Another Word Snake window is open: this one does not resume or save "
                               "rounds, nor keep high scores (close the other one for that).")
        else:
            self.files_note = (f"Rounds and high scores are not saved: {self.data_dir} cannot be "
                               "written.")
        return False

    # ------------------------------------------------------------------ resuming
    def refresh_resume(self) -> None:
        """Offer the round in memory (if one is on) or the autosaved one."""
        ses = self.session
        if ses is not None and not ses.game.finished and ses.game.started:
            g = ses.game
            self.setup.show_resume(f"A round is on: {g.player.name}'s turn, "
                                   f"{self._time_left_text(g.remaining)} left.")
            self._saved_doc = None
            return
        path = self.data_dir / AUTOSAVE_NAME
        if self.files_elsewhere:   # the window that holds the files may be playing that round
            self._saved_doc = None
            self.setup.show_resume(None)
            return
        try:
            doc = load_round_file(path)
        except StorageError as e:
            self.setup.show_status(_set_aside_text(set_aside(path), e), error=True)
            doc = None
        self._saved_doc = doc
        if doc is None:
            self.setup.show_resume(None)
            return
        self.setup.show_resume(describe_saved(doc))

    def resume(self) -> None:
        ses = self.session
        if ses is not None and not ses.game.finished and ses.game.started:
            self._return_to_round()
            return
        doc = self._saved_doc
        if doc is None or self.job is not None:
            return
        try:
            ref = read_list_ref(doc["deal"])
        except StorageError as e:
            self.setup.show_status(_set_aside_text(set_aside(self.data_dir / AUTOSAVE_NAME), e),
                                   error=True)
            self.refresh_resume()
            return
        key = (ref.lang, None if ref.bundled else ref.path)
        cached = self.words_cache.get(key)
        autosave = self.data_dir / AUTOSAVE_NAME
        clock = self.clock

        def work(cancelled, progress):
            words = cached or load_words(ref.lang, key[1])
            try:
                game = restore_round(doc, words, clock)
            except StorageError:
                set_aside(autosave)
                raise
            return words, game

        def done(result):
            words, game = result
            self.words_cache[key] = words
            spec = game.deal.spec
            tag = None if words.bundled else list_tag(words.content_hash)
            code_text = str(ShareCode(spec.lang, spec.cols, spec.rows, game.deal.seed, tag,
                                      spec.min_len))
            self._saved_doc = None
            self._start_session(game, words, code_text)

        self._run(work, done, "Restoring the saved round…")

    def _return_to_round(self) -> None:
        if self.session is not None and not self.session.game.finished:
            self._show_phase()

    # ------------------------------------------------------------------ round actions
    def begin_turn(self) -> None:
        if self.session is not None:
            self.session.begin_turn()

    def toggle_pause(self) -> None:
        if self.session is not None:
            if self.pages.currentWidget() is not self.round and self.session.game.phase is Phase.PAUSED:
                self._show_phase()
                return
            self.session.toggle_pause()

    def end_turn(self) -> None:
        if self.session is not None:
            self.session.end_turn()

    def _pause_running(self) -> None:
        if self.session is not None and self.session.game.phase is Phase.PLAYING:
            self.session.pause()

    def set_hints(self, on: bool) -> None:
        ses = self.session
        if ses is None or ses.game.phase not in (Phase.PLAYING, Phase.PAUSED):
            self.round.show_hints_panel(False)
            return
        if on:
            self.round.hints_table.show_hints(ses.hints())
        self.round.show_hints_panel(on)

    def toggle_hints(self) -> None:
        if self.pages.currentWidget() is self.round:
            self.set_hints(not self.round.hints_table.isVisible())

    def show_setup(self) -> None:
        self._pause_running()
        self.refresh_resume()
        self.show_page(self.setup)

    def copy_code(self) -> None:
        if self.session is None:
            return
        QApplication.clipboard().setText(self.session.code)
        self.statusBar().showMessage(self.tr("Board code {code} copied.")
                                     .format(code=self.session.code), 4000)

    def browse_list(self) -> None:
        start = self.setup.list_edit.text().strip() or str(Path.home())
        dlg = QFileDialog(self, "Choose a word list", start, "Word lists (*.txt);;All files (*)")
        dlg.setFileMode(QFileDialog.FileMode.ExistingFile)
        dlg.fileSelected.connect(self.setup.list_edit.setText)
        self._dialog = dlg
        dlg.open()

    def show_high_scores(self) -> None:
        key = getattr(self.session, "table_key", None) if self.session else None
        dlg = HighScoresDialog(self.highscores, key, self)
        self._dialog = dlg
        dlg.open()

    def show_help(self) -> None:
        if self._help is None:
            self._help = HelpDialog(self)
        self._help.show()
        self._help.raise_()

    # ------------------------------------------------------------------ showing
    def show_page(self, page: QWidget) -> None:
        self.pages.setCurrentWidget(page)
        self._update_actions()

    def _update_actions(self) -> None:
        ses = self.session
        phase = ses.game.phase if ses else None
        on_round = self.pages.currentWidget() is self.round
        busy = self.job is not None
        self.pause_action.setEnabled(phase in (Phase.PLAYING, Phase.PAUSED))
        self.pause_action.setText(self.tr("&Resume") if phase is Phase.PAUSED else self.tr("&Pause"))
        self.hints_action.setEnabled(on_round and phase in (Phase.PLAYING, Phase.PAUSED))
        self.end_action.setEnabled(phase in (Phase.PLAYING, Phase.PAUSED))
        self.copy_action.setEnabled(ses is not None)
        for a in (self.new_action, self.daily_action, self.code_action):
            a.setEnabled(not busy)

    def _show_phase(self) -> None:
        ses = self.session
        if ses is None:
            return
        g = ses.game
        r = self.round
        if g.phase is Phase.READY:
            r.show_hints_panel(False)
            r.board_view.set_cover("")
            before = [p.name for p in g.players[:g.current]]
            self.handoff.show_turn(g.player.name, g.current, len(g.players),
                                   duration_text(g.duration), before)
            self.show_page(self.handoff)
            self.handoff.button.setFocus()
        elif g.phase is Phase.FINISHED:
            r.board_view.set_cover(None)
            if ses.results is not None:
                self._show_results(ses.results)
        else:
            paused = g.phase is Phase.PAUSED
            r.board_view.set_cover("Paused — click to go on" if paused else None)
            r.pause_button.setText(self.tr("Resume") if paused else self.tr("Pause"))
            r.end_button.setText(self.tr("End turn") if len(g.players) > 1 else self.tr("End round"))
            self._refresh_words()
            self._show_time()
            self.show_page(r)
            if not paused:
                r.board_view.setFocus()
        self._update_actions()

    def _show_selection(self) -> None:
        ses = self.session
        if ses is None:
            return
        r = self.round
        r.board_view.set_path(ses.path, ses.preview)
        text = ses.current_text
        r.word_label.setText(text or " ")
        if ses.typed_path_missing:
            r.state_label.setText(self.tr("✗ not on the board"))
            r.state_label.setStyleSheet(f"color: {self.theme.bad};")
            return
        state = ses.preview
        if state is Preview.EMPTY:
            r.state_label.setText(" ")
            return
        style = self.theme.line_style(state)
        extra = ""
        if state is Preview.NEW_WORD:
            extra = f" · {points_text(_points(text))}"
        elif state is Preview.NOT_WORD and len(text) < ses.game.deal.min_len:
            extra = f" · at least {ses.game.deal.min_len} letters"
        r.state_label.setText(f"{style.badge} {style.label}{extra}")
        r.state_label.setStyleSheet(f"color: {style.colour};")

    def _show_played(self, sub) -> None:
        ses = self.session
        if ses is None:
            return
        r = self.round
        r.feedback_label.setText(verdict_text(sub, ses.game.deal.min_len))
        if sub.path:
            colour = (self.theme.line_style(Preview.NEW_WORD).colour if sub.accepted else
                      self.theme.line_style(Preview.PLAYED).colour
                      if sub.verdict is Verdict.ALREADY_PLAYED else self.theme.bad)
            r.board_view.flash(sub.path, colour)
        if sub.accepted:
            self._refresh_words()
            if r.hints_table.isVisible():
                r.hints_table.show_hints(ses.hints())

    def _refresh_words(self) -> None:
        ses = self.session
        if ses is None:
            return
        g = ses.game
        r = self.round
        found = g.found_words()
        r.words_list.clear()
        common = g.deal.common
        for f in reversed(found):
            pts = _points(f.word)
            star = "" if f.word in common else "  ★ bonus"
            r.words_list.addItem(f"{f.word}  +{pts}{star}")
        n = len(found)
        r.score_label.setText((self.tr("{points} · {n} word") if n == 1 else
                               self.tr("{points} · {n} words")).format(points=points_text(g.score()),
                                                                      n=n))
        r.words_title.setText(self.tr("Words played ({n})").format(n=n))
        who = g.player.name
        r.player_label.setText(who if len(g.players) == 1 else
                               self.tr("{who} — player {value} of {count}")
                               .format(who=who, value=g.current + 1, count=len(g.players)))

    def _show_time(self) -> None:
        ses = self.session
        if ses is None:
            return
        g = ses.game
        rem = g.remaining
        if rem is None:
            self.round.set_timer("Untimed", None, False)
        else:
            frac = rem / g.duration if g.duration else 0
            self.round.set_timer(format_seconds(rem), frac, -(-rem // 1) <= LOW_TIME)

    def _show_results(self, results) -> None:
        ses = self.session
        if ses is None:
            return
        if self.owns_files and self.files_note and self.files_note.startswith("This round"):
            self.files_note = None  # it was about the round now over
        self._show_files_note()  # the high scores may not have been written
        spec = ses.game.deal.spec
        key = getattr(ses, "table_key", None)
        self.results.show_results(results, ses.game.deal, ses.places,
                                  table_title(key) if key else f"{spec.lang} {spec.size_text}")
        self.round.board_view.set_cover(None)
        self.show_page(self.results)
        self.results.new_button.setFocus()

    def _show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 6000)

    def _show_files_note(self) -> None:
        """Why rounds are not saved, kept in view (a status-bar message times out and the
        next one replaces it) until saving works again."""
        ses = self.session
        err = ses.save_error if ses is not None else None
        if self.files_note:
            short, full = "Rounds are not saved (another window, or the folder)", self.files_note
            if "Another Word Snake window" in self.files_note:
                short = "Rounds are not saved: another Word Snake window is open"
            elif self.files_note.startswith("This round is not saved"):
                short = "This round is not saved: the other window's saved round is kept"
        elif err:
            short, full = f"Could not save the round: {ses.save_error_short}", f"Could not save the round: {err}"
        elif self.highscores.unsaved:
            short = "The high scores are not saved yet (tried again later)"
            full = f"Could not save the high scores: {self.highscores.unsaved}"
        else:
            short = full = ""
        self.files_label.setText(short)     # short: a status bar must not be clipped
        self.files_label.setToolTip(full)
        self.files_label.setVisible(bool(short))

    @staticmethod
    def _time_left_text(rem) -> str:
        return QCoreApplication.translate("SnakeWindow", "no time limit") if rem is None else format_seconds(rem)

    # ------------------------------------------------------------------ events
    def keyPressEvent(self, event) -> None:
        # letters typed anywhere on the round page build the word
        if self.pages.currentWidget() is self.round and self.session is not None \
                and self.session.playing:
            self.round.board_view.setFocus()
            self.round.board_view.keyPressEvent(event)
            return
        super().keyPressEvent(event)

    def showEvent(self, event) -> None:
        """Shown again after a close (the launcher keeps the window): take the files back,
        or take them now that the window which held them has closed."""
        self.claim_files()
        super().showEvent(event)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.ActivationChange and self.isActiveWindow():
            self.claim_files()  # the other window may have closed meanwhile
            self.save_scores_if_due()
        elif event.type() == QEvent.Type.WindowStateChange and self.isMinimized():
            self.pause_for_switch()

    def _on_focus_window(self, _window=None) -> None:
        """The program's focus moved (between any of its windows, or away from it): from
        this window, or from one of its dialogs, which the window's own activation change
        does not see.  The next active window is known once the change is over."""
        QTimer.singleShot(0, self, self._pause_if_away)

    def _pause_if_away(self) -> None:
        """The player clicked onto another window (another Wordbler game, another program):
        the round pauses, as when the window is minimised; it ran on unseen and could end
        with nobody there.  A window of this one's own (its dialogs) is not away."""
        if self.isActiveWindow():
            return
        active = QApplication.activeWindow()
        while active is not None:
            if active is self:
                return
            active = active.parentWidget()
        self.pause_for_switch()

    def save_scores_if_due(self) -> None:
        """Write the high scores again when the last save failed (a full disk): the round's
        autosave is gone once it ends, so a score not written was lost at quit.  Tried when
        the window is activated, at the next deal and when it closes."""
        if self.owns_files and self.highscores.unsaved is not None:
            self.highscores.save_if_due()
            self._show_files_note()

    def pause_for_switch(self) -> None:
        """The player turns to something else (another game from the Game menu, the window
        minimised): a round being played pauses, with its board covered.  It ran on behind
        the other game's window, and ended with nobody there."""
        self._pause_running()

    def claim_files(self) -> bool:
        """Take the autosave and the high scores when this window does not hold them and no
        other window does any more.  Tried when the window is shown or activated and when a
        round is dealt: a second window used to try only when shown again, so after the
        first one closed its rounds and scores were still never saved."""
        if self.owns_files or not self._take_files():
            return self.owns_files
        self.owns_files = True
        self.files_note = None
        self.highscores = HighScores.load(self.data_dir / HIGHSCORES_NAME)
        if self.session is not None:
            self.session.highscores = self.highscores
            if not self.session.game.finished and self._saved_round_kept():
                # the round going on here is not written over the one the other window
                # saved: that one is offered when this round ends
                self.files_note = ("This round is not saved: the round the other Word "
                                   "Snake window saved is kept, and offered when this "
                                   "round ends.")
            else:
                self.session.autosave_path = self.data_dir / AUTOSAVE_NAME
        if self.session is None or self.session.game.finished:
            self.refresh_resume()
        self.setup.show_status(self.highscores.problem or "", error=bool(self.highscores.problem))
        self._show_files_note()
        return True

    def _saved_round_kept(self) -> bool:
        """Does the autosave hold a round (read, not set aside: only a look)?"""
        try:
            return load_round_file(self.data_dir / AUTOSAVE_NAME) is not None
        except StorageError:
            return False

    def closeEvent(self, event) -> None:
        if self.job is not None:
            self.job.cancel()
        if self.session is not None:
            self.session.stop()
        self._save_settings()
        self.save_scores_if_due()
        if self.owns_files:
            self._lock.unlock()
            self.owns_files = False
        super().closeEvent(event)

    def sizeHint(self) -> QSize:
        return QSize(1100, 760)


def _set_aside_text(aside: Path | None, error: Exception) -> str:
    where = f" as {aside.name}" if aside is not None else ""
    return f"The saved round could not be read and was set aside{where}: {error}"


def load_words(lang: str, path: str | None) -> SnakeWords:
    """The bundled list of ``lang``, or the player's file (``WordListError`` if unusable)."""
    if path:
        return SnakeWords.from_file(path, lang)
    return SnakeWords.bundled_list(lang)


def describe_saved(doc) -> str:
    """One line about an autosaved round for the resume offer."""
    try:
        deal, game = doc["deal"], doc["game"]
        names = [p["name"] for p in game["players"]]
        cur = names[int(game.get("current", 0))]
        size = f"{deal['cols']}×{deal['rows']}"
        lang = lang_name(deal["lang"])
        dur = game.get("duration")
        if dur is None:
            left = "untimed"
        else:
            used = game.get("turn_elapsed", 0)
            ok = all(isinstance(x, (int, float)) and not isinstance(x, bool) and 0 <= x < 1e7
                     for x in (dur, used))   # NaN, infinity, 5,000-digit numbers: no time shown
            left = (format_seconds(max(0.0, dur - used)) + " left") if ok else "time unknown"
        who = names[0] if len(names) == 1 else f"{', '.join(names)}; {cur}'s turn"
        return QCoreApplication.translate("snake.window", "A saved round: {lang} {size} ({who}, "
                                                          "{left}).").format(lang=lang, size=size, who=who, left=left)
    except (KeyError, TypeError, ValueError, IndexError, ArithmeticError):
        return QCoreApplication.translate("snake.window", "A saved round.")


def _int(value, default, lo, hi):
    try:
        n = int(value)
    except (TypeError, ValueError):
        return default
    return n if lo <= n <= hi else default


def _points(word: str) -> int:
    from wordbler.snake import word_points

    return word_points(word)

