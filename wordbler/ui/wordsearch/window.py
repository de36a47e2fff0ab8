"""The Word Search window: the grid, the word list, timer and count, menus."""

from __future__ import annotations

import os

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QSettings, QSize, QStandardPaths, Qt, QTimer
from PySide6.QtGui import QAction, QColor, QFont, QIcon, QKeySequence, QPixmap
from PySide6.QtWidgets import (QFileDialog, QFrame, QHBoxLayout, QLabel, QListWidget, QListWidgetItem,
                               QMainWindow, QMessageBox, QProgressDialog, QPushButton, QSizePolicy,
                               QVBoxLayout, QWidget)

from wordbler.lexicon.alphabet import get_alphabet
from wordbler.ui.common.helpdialog import show_help_dialog
from wordbler.ui.common.screen import fit_to_screen
from wordbler.wordsearch.play import HINT_COST, Selection
from wordbler.wordsearch.textexport import to_text

from .gridview import PALETTE, PLAYER_COLOURS, GridView
from .newdialog import NewPuzzleDialog, default_request
from .session import Request, WordSearchSession

HELP = QT_TRANSLATE_NOOP("wordsearch", """<h2>Word Search</h2>
<p>Find every word of the list in the grid. Words run in straight lines: across and down
(<b>easy</b>), also diagonally down (<b>medium</b>), or in all eight directions, backwards too
(<b>hard</b>).</p>
<p><b>Select a word</b> by dragging from its first letter to its last (the selection snaps to the
nearest straight line), or click its first letter and then its last. Escape forgets a first
click. A found word gets a coloured capsule and is struck through in the list.</p>
<p><b>Hint</b> (H) flashes the first letter of a word still to find. The clock runs while the
window is open; the puzzle is saved as you play and comes back when you return.</p>
<p><b>Extras</b>: shapes (circle, heart, diamond, or your own picture of cells), a hidden message
spelled by the unused letters (the first unused letters, row by row; revealed in red when
every word is found), secret bonus words that are not in the list, large print and
lower-case letters (View menu). File &gt; Export PDF or Print gives the puzzle page (a long
word list goes on on the next pages) and the answer key; Print preview shows those pages
first; Export text gives both as plain text.</p>
<h3>Hot-seat (2&ndash;4 players)</h3>
<p>Type the names in New puzzle &gt; Players. Players take turns; the panel shows whose turn it
is. On your turn, select one line:</p>
<ul><li>a listed word scores one point per letter, and <b>you go again</b>;</li>
<li>a secret bonus word scores double, and you go again;</li>
<li>a line that spells nothing passes the turn (a word already found costs nothing);</li>
<li>a hint costs {hint_cost} points and keeps the turn.</li></ul>
<p>When every listed word is found, the highest score wins. Each player's finds are shown in
their colour.</p>
<h3>Keys</h3>
<p>On the grid: the arrow keys move a dashed frame; Space or Enter marks a word's first
letter, then its last (Escape forgets the first).</p>
<p>Ctrl+N new puzzle &middot; H hint &middot; Ctrl+E export PDF &middot; Ctrl+P print &middot;
Ctrl+L large print &middot; F1 this help</p>""")  # the help page: one text for translators; {hint_cost} filled in when shown


EXPORT_FOLDER_KEY = "wordsearch/export_folder"  # where the last PDF or text export went


def fmt_time(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60:02d}:{s % 60:02d}"


class WordSearchWindow(QMainWindow):
    def __init__(self, parent: QWidget | None = None, *, session: WordSearchSession | None = None,
                 settings: QSettings | None = None, autoload: bool = True):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Word Search \u2013 Wordbler"))
        self.settings = settings or QSettings()
        self.session = session or WordSearchSession(self)
        self.confirm_abandon = True  # tests turn the question off
        self.progress: QProgressDialog | None = None
        self.file_dialog: QFileDialog | None = None  # Export PDF / Export text's, while open

        self.grid = GridView()
        self.grid.setObjectName("grid")
        self.side = QWidget()
        self.side.setObjectName("side")
        self.side.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        side = QVBoxLayout(self.side)
        side.setContentsMargins(8, 8, 8, 8)
        self.title_label = QLabel()
        self.title_label.setWordWrap(True)
        self.info_label = QLabel()
        self.info_label.setWordWrap(True)
        row = QHBoxLayout()
        self.clock_label = QLabel("00:00")
        self.clock_label.setObjectName("clock")
        self.count_label = QLabel()
        self.count_label.setObjectName("count")
        row.addWidget(self.clock_label)
        row.addStretch(1)
        row.addWidget(self.count_label)
        self.hint_button = QPushButton(self.tr("Hint"))
        self.hint_button.setObjectName("hint")
        self.hint_button.setToolTip(self.tr("Flash the first letter of a word still to find (H)"))
        self.players_box = QLabel()
        self.players_box.setObjectName("players")
        self.players_box.setWordWrap(True)
        self.players_box.setTextFormat(Qt.TextFormat.RichText)
        self.words_list = QListWidget()
        self.words_list.setObjectName("words")
        self.words_list.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        self.words_list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.words_list.setMinimumWidth(200)
        self.extra_label = QLabel()
        self.extra_label.setObjectName("extras")
        self.extra_label.setWordWrap(True)
        self.banner = QLabel()
        self.banner.setObjectName("banner")
        self.banner.setWordWrap(True)
        self.banner.setFrameShape(QFrame.Shape.StyledPanel)
        self.banner.setStyleSheet("QLabel#banner { background: #fff4c2; color: #1d1d1d; padding: 6px; border-radius: 4px; }")
        self.banner.hide()
        # text from puzzle files (title, theme, names, message, words) is shown as it is:
        # Qt's rich-text guess would render a crafted <img src=...> and read that path
        for label in (self.title_label, self.info_label, self.clock_label, self.count_label,
                      self.extra_label, self.banner):
            label.setTextFormat(Qt.TextFormat.PlainText)
        for w in (self.title_label, self.info_label):
            side.addWidget(w)
        side.addLayout(row)
        side.addWidget(self.hint_button)
        side.addWidget(self.players_box)
        side.addWidget(self.words_list, 1)
        side.addWidget(self.extra_label)
        side.addWidget(self.banner)

        central = QWidget()
        lay = QHBoxLayout(central)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.grid, 2)
        lay.addWidget(self.side, 1)
        self.setCentralWidget(central)
        self.setMinimumSize(640, 460)
        self._scale = 0.0

        self.timer = QTimer(self)
        self.timer.setInterval(1000)
        self.files_label = QLabel()
        self.files_label.setObjectName("files-note")
        self.files_label.setTextFormat(Qt.TextFormat.PlainText)
        self.files_label.setStyleSheet("color: #a93226;")
        self.files_label.hide()
        self.statusBar().addPermanentWidget(self.files_label)
        self._make_actions()
        self._connect_signals()
        self._show_files_note()
        self._restore_view()
        self._refresh()
        if autoload and not self.session.load():
            self.session.request_new(default_request())
        self.timer.start()

    # ---- menus --------------------------------------------------------------------------
    def _make_actions(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu(self.tr("&File"))
        file.setObjectName("file-menu")  # found by the launcher whatever the language
        self.new_action = QAction(self.tr("&New puzzle\u2026"), self, shortcut=QKeySequence.StandardKey.New)
        self.pdf_action = QAction(self.tr("Export P&DF\u2026"), self, shortcut=QKeySequence("Ctrl+E"))
        self.print_action = QAction(self.tr("&Print\u2026"), self, shortcut=QKeySequence.StandardKey.Print)
        self.preview_action = QAction(self.tr("Print pre&view\u2026"), self)
        self.text_action = QAction(self.tr("Export &text\u2026"), self)
        self.close_action = QAction(self.tr("&Close"), self, shortcut=QKeySequence.StandardKey.Close)
        for a in (self.new_action, None, self.pdf_action, self.preview_action, self.print_action, self.text_action, None,
                  self.close_action):
            file.addSeparator() if a is None else file.addAction(a)
        game = bar.addMenu(self.tr("&Game"))
        game.setObjectName("game-menu")  # found by the launcher whatever the language
        self.hint_action = QAction(self.tr("&Hint"), self, shortcut=QKeySequence("H"))
        game.addAction(self.new_action)
        game.addAction(self.hint_action)
        view = bar.addMenu(self.tr("&View"))
        self.large_action = QAction(self.tr("&Large print"), self, checkable=True, shortcut=QKeySequence("Ctrl+L"))
        self.lower_action = QAction(self.tr("L&ower-case letters"), self, checkable=True)
        view.addAction(self.large_action)
        view.addAction(self.lower_action)
        help_menu = bar.addMenu(self.tr("&Help"))
        self.help_action = QAction(self.tr("&How to play"), self, shortcut=QKeySequence.StandardKey.HelpContents)
        help_menu.addAction(self.help_action)

    def _connect_signals(self) -> None:
        s = self.session
        s.puzzle_changed.connect(self._on_puzzle)
        s.state_changed.connect(self._refresh)
        s.selected.connect(self._on_selected)
        s.hint_shown.connect(lambda p: self.grid.flash(p.cells[0]))
        s.generating.connect(self._on_generating)
        s.generation_failed.connect(self._on_generation_failed)
        s.notice.connect(lambda text: self.statusBar().showMessage(text, 8000))
        s.files_changed.connect(self._show_files_note)
        s.resume_other = self._resume_other
        self.grid.line_selected.connect(s.select)
        self.hint_button.clicked.connect(s.hint)
        self.hint_action.triggered.connect(s.hint)
        self.new_action.triggered.connect(self.new_puzzle)
        # lambdas: triggered passes ``checked`` (False), which the exports took as the path
        self.pdf_action.triggered.connect(lambda: self.export_pdf())
        self.print_action.triggered.connect(self.print_puzzle)
        self.preview_action.triggered.connect(lambda: self.print_preview())
        self.text_action.triggered.connect(lambda: self.export_text())
        self.close_action.triggered.connect(self.close)
        self.large_action.toggled.connect(self._on_view)
        self.lower_action.toggled.connect(self._on_view)
        self.help_action.triggered.connect(self.show_help)
        self.timer.timeout.connect(self._on_tick)

    # ---- view options ------------------------------------------------------------------
    def _restore_view(self) -> None:
        self.large_action.setChecked(self.settings.value("wordsearch/large", False, type=bool))
        self.lower_action.setChecked(self.settings.value("wordsearch/lower", False, type=bool))
        self._on_view()

    def _on_view(self) -> None:
        large, lower = self.large_action.isChecked(), self.lower_action.isChecked()
        self.settings.setValue("wordsearch/large", large)
        self.settings.setValue("wordsearch/lower", lower)
        self.grid.set_view(large=large, lower=lower)
        self._scale = 0.0
        self._apply_scale()
        self._refresh()
        preview = getattr(self, "preview_dialog", None)
        if preview is not None:  # it shows what will print: the pages follow the view
            from PySide6.QtPrintSupport import QPrintPreviewWidget

            widget = preview.findChild(QPrintPreviewWidget)
            if widget is not None:
                widget.updatePreview()

    def _apply_scale(self) -> None:
        """Side-panel text grows with the window (and with large print), within limits."""
        scale = max(1.0, min(2.0, self.width() / 1100, self.height() / 720))
        if self.large_action.isChecked():
            scale *= 1.35
        scale = round(scale, 2)
        if scale == self._scale:
            return
        self._scale = scale
        base = QFont(self.font()).pointSizeF()
        if base <= 0:
            base = 10.0

        def sized(factor: float, bold: bool = False) -> QFont:
            f = QFont(self.font())
            f.setPointSizeF(base * scale * factor)
            f.setBold(bold)
            return f

        self.title_label.setFont(sized(1.4, True))
        self.info_label.setFont(sized(1.0))
        self.clock_label.setFont(sized(1.3, True))
        self.count_label.setFont(sized(1.3, True))
        self.hint_button.setFont(sized(1.0))
        self.players_box.setFont(sized(1.05))
        self.words_list.setFont(sized(1.1))
        self.extra_label.setFont(sized(0.95))
        self.banner.setFont(sized(1.05, True))
        self.side.setMinimumWidth(int(230 * scale))
        self._refresh()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._apply_scale()

    # ---- session updates ------------------------------------------------------------------
    def _on_puzzle(self) -> None:
        preview = getattr(self, "preview_dialog", None)
        if preview is not None:  # it shows the pages of the puzzle that went
            preview.close()
        self.grid.set_puzzle(self.session.puzzle)
        self.banner.hide()
        self._refresh()

    def _colour_for(self, index: int, player: int) -> QColor:
        st = self.session.state
        if st is not None and st.hot_seat:
            return QColor(PLAYER_COLOURS[player % len(PLAYER_COLOURS)])
        return QColor(PALETTE[index % len(PALETTE)])

    def _shown(self, word: str) -> str:
        p = self.session.puzzle
        text = p.shown(word) if p else word
        if self.lower_action.isChecked() and p is not None:
            a = get_alphabet(p.lang)
            text = "".join(a.lower[a.index(ch)] if ch in a else ch for ch in text)
        return text

    def _refresh(self) -> None:
        st = self.session.state
        for a in (self.pdf_action, self.preview_action, self.print_action, self.text_action,
                  self.hint_action):
            a.setEnabled(st is not None)
        if st is None:
            self.title_label.setText(self.tr("Word Search"))
            self.count_label.setText("")
            self.words_list.clear()
            return
        p = st.puzzle
        self.title_label.setText(p.title or self.tr("Word Search"))
        bits = [f"{p.n_cols}\u00d7{p.n_rows}", p.level]
        if p.shape != "rectangle":
            bits.append(p.shape)
        if p.theme:
            bits.insert(0, p.theme)
        self.info_label.setText(" \u00b7 ".join(bits))
        self.clock_label.setText(fmt_time(st.elapsed))
        self.count_label.setText(f"{st.found_count()} / {len(p.placed)}")
        capsules = []
        for i, w in enumerate(st.order):
            f = st.found[w]
            capsules.append((f.placement.cells, self._colour_for(i, f.player)))
        self.grid.set_capsules(capsules)
        # the list, in the alphabet's order, found ones struck through
        a = get_alphabet(p.lang)
        self.words_list.clear()
        order_index = {w: i for i, w in enumerate(st.order)}
        for pl in sorted(p.placed, key=lambda x: a.sort_key(x.word)):
            item = QListWidgetItem(self._shown(pl.word))
            found = st.found.get(pl.word)
            if found is not None:
                font = QFont(self.words_list.font())
                font.setStrikeOut(True)
                item.setFont(font)
                item.setForeground(QColor("#8a8a8a"))
                pix = QPixmap(12, 12)
                pix.fill(self._colour_for(order_index[pl.word], found.player))
                item.setIcon(QIcon(pix))
                item.setData(Qt.ItemDataRole.UserRole, "found")
            else:
                item.setData(Qt.ItemDataRole.UserRole, "todo")
            self.words_list.addItem(item)
        extras = []
        if p.bonus:
            extras.append(self.tr("Bonus words found: {found} of {count} secret").format(
                found=st.bonus_count(), count=len(p.bonus))
                          + (": " + ", ".join(self._shown(w) for w in st.order if st.found[w].bonus)
                             if st.bonus_count() else ""))
        if p.message and not st.finished:
            extras.append(self.tr("A hidden message of {count} letters waits in the unused "
                                  "letters.").format(count=len(p.message)))
        if p.unplaced:
            extras.append(self.tr("Could not be placed: {words}").format(
                words=", ".join(self._shown(w) for w in p.unplaced)))
        if p.unplaced_bonus:
            extras.append(self.tr("Could not be hidden (bonus words): {words}").format(
                words=", ".join(self._shown(w) for w in p.unplaced_bonus)))
        self.extra_label.setText("\n".join(extras))
        self.extra_label.setVisible(bool(extras))
        if st.hot_seat:
            parts = []
            for i, (name, score) in enumerate(zip(st.players, st.scores)):
                colour = PLAYER_COLOURS[i % len(PLAYER_COLOURS)]
                mark = "\u25b6 " if i == st.current and not st.finished else ""
                weight = "bold" if i == st.current else "normal"
                parts.append(f"<span style='background:{colour}; color:#1d1d1d;'>&nbsp;&nbsp;</span> "
                             f"<span style='font-weight:{weight}'>{mark}{_esc(name)}: {score}</span>")
            self.players_box.setText("<br>".join(parts))
            self.players_box.show()
        else:
            self.players_box.hide()
        self.grid.message_cells = p.message_cells if st.finished else ()
        if st.finished:
            self._show_finished()
        self.hint_button.setEnabled(not st.finished)

    def _show_finished(self) -> None:
        st = self.session.state
        p = st.puzzle
        lines = [self.tr("All {count} words found in {time}!").format(count=len(p.placed),
                                                                       time=fmt_time(st.elapsed))]
        if st.hot_seat:
            names = [st.players[i] for i in st.winners()]
            won = (self.tr("Winner: {names} with {points} points.") if len(names) == 1
                   else self.tr("Shared win: {names} with {points} points."))
            lines.append(won.format(names=", ".join(names), points=max(st.scores)))
        if p.message:
            lines.append(self.tr("Hidden message: {message}").format(
                message=p.message_shown or p.message))
        self.banner.setText("\n".join(lines))
        self.banner.show()

    def _on_selected(self, result: Selection) -> None:
        st = self.session.state
        texts = {
            "found": f"Found {self._shown(result.word)}!",
            "bonus": f"A secret bonus word: {self._shown(result.word)}! (+{result.points})",
            "again": f"{self._shown(result.word)} is found already.",
            "inside": f"{self._shown(result.word)} is hidden somewhere else too \u2013 keep looking.",
            "miss": "No word there.",
            "not_line": "Words run in straight lines.",
            "gap": "Words never cross the gaps in the shape.",
            "short": "",
        }
        text = texts.get(result.kind, "")
        if st is not None and st.hot_seat and result.turn_passed:
            text += f" {st.players[st.current]}'s turn."
        if text:
            self.statusBar().showMessage(text, 4000)
        if st is not None and st.hot_seat and result.kind in ("found", "bonus"):
            self.statusBar().showMessage(self.tr("{text} {players} +{points}, go again.")
                                         .format(text=text, players=st.players[result.player],
                                                 points=result.points), 4000)

    def _on_tick(self) -> None:
        st = self.session.state
        if st is None or st.finished or not self.isVisible() or self.isMinimized():
            return
        self.session.tick(1.0)
        self.clock_label.setText(fmt_time(st.elapsed))

    def _on_generating(self, busy: bool) -> None:
        self.new_action.setEnabled(not busy)
        if self.progress is not None:
            self.progress.close()
            self.progress.deleteLater()
            self.progress = None
        if busy:
            # shown only when the work takes longer than a moment
            progress = QProgressDialog(self.tr("Making the puzzle\u2026"), self.tr("Cancel"), 0, 0, self)
            progress.setWindowTitle(self.tr("Word Search"))
            progress.setWindowModality(Qt.WindowModality.WindowModal)
            progress.setMinimumDuration(400)
            progress.canceled.connect(self.session.cancel_generation)
            progress.setValue(0)
            self.progress = progress

    def _on_generation_failed(self, message: str) -> None:
        QMessageBox.warning(self, self.tr("Word Search"), self.tr("Could not make the puzzle:\n{message}")
                                                          .format(message=message))

    # ---- actions ---------------------------------------------------------------------------
    def new_puzzle(self) -> Request | None:
        dialog = NewPuzzleDialog(self, self.settings)
        if dialog.exec() != NewPuzzleDialog.DialogCode.Accepted or dialog.request is None:
            return None
        if not self._may_abandon():
            return None
        self.session.request_new(dialog.request)
        return dialog.request

    def _resume_other(self, saved) -> bool:
        """The window that kept the saved puzzle closed, and this one has a puzzle going:
        which one goes on (the other is not kept)?"""
        ours = self.session.state
        answer = QMessageBox.question(
            self, self.tr("Word Search"),
            self.tr("The other Word Search window has closed. Its unfinished puzzle is saved "
                    "({saved_found} of {saved_count} found); this one is not "
                    "({found_count} of {count} found).\n\nGo on with the saved puzzle? "
                    "No keeps this one and saves it in its place.")
            .format(saved_found=saved.found_count(), saved_count=len(saved.puzzle.placed),
                    found_count=ours.found_count(), count=len(ours.puzzle.placed)))
        return answer == QMessageBox.StandardButton.Yes

    def _may_abandon(self) -> bool:
        st = self.session.state
        if st is None or not st.started or st.finished or not self.confirm_abandon:
            return True
        answer = QMessageBox.question(
            self, self.tr("Word Search"),
            self.tr("Start a new puzzle? This one ({found_count} of {count} found) stays saved "
                    "until the new one is played.")
                    .format(found_count=st.found_count(), count=len(st.puzzle.placed)))
        return answer == QMessageBox.StandardButton.Yes

    def export_pdf(self, path: str | None = None, paper: str | None = None) -> bool:
        """Write the PDF to ``path`` (True when written); without a path, open the save
        dialog (``file_dialog``), which writes the file chosen in it."""
        from .printing import export_pdf

        p = self.session.puzzle
        if p is None:
            return False
        if path is None:
            self._ask_where("pdf")
            return False
        try:
            export_pdf(p, path, paper=paper or "a4", lower=self.lower_action.isChecked(),
                       large=self.large_action.isChecked())
        except OSError as e:
            self._write_failed(path, e)
            return False
        self._written(path)
        return True

    def export_text(self, path: str | None = None) -> bool:
        """Write the text export to ``path`` (True when written); without a path, open the
        save dialog (``file_dialog``), which writes the file chosen in it."""
        from wordbler.wordsearch.play import write_text_atomic

        p = self.session.puzzle
        if p is None:
            return False
        if path is None:
            self._ask_where("text")
            return False
        try:
            folder = os.path.dirname(os.path.abspath(path))
            if not os.path.isdir(folder):  # as Export PDF (and --text): a mistyped path makes no folders
                raise OSError(f"no folder {folder!r}")
            write_text_atomic(path, to_text(p, lower=self.lower_action.isChecked()))
        except OSError as e:
            self._write_failed(path, e)
            return False
        self._written(path)
        return True

    def _export_folder(self) -> str:
        """Where the save dialogs open: the folder of the last export, else Documents, else home."""
        folder = str(self.settings.value(EXPORT_FOLDER_KEY, "") or "")
        if folder and os.path.isdir(folder):
            return folder
        docs = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
        return docs if docs and os.path.isdir(docs) else os.path.expanduser("~")

    def _ask_where(self, kind: str) -> QFileDialog:
        """The save dialog of Export PDF or Export text, opened (not run: tests answer it)."""
        if kind == "pdf":
            dlg = QFileDialog(self, self.tr("Export PDF"), self._export_folder(),
                              self.tr("PDF, A4 (*.pdf);;PDF, Letter (*.pdf)"))
            dlg.setDefaultSuffix("pdf")
            dlg.selectFile("word-search.pdf")
        else:
            dlg = QFileDialog(self, self.tr("Export text"), self._export_folder(), self.tr("Text (*.txt)"))
            dlg.setDefaultSuffix("txt")
            dlg.selectFile("word-search.txt")
        dlg.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dlg.setFileMode(QFileDialog.FileMode.AnyFile)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)

        def chosen(path: str) -> None:
            if kind == "pdf":
                self.export_pdf(path, "letter" if dlg.selectedNameFilter() == dlg.nameFilters()[1] else "a4")
            else:
                self.export_text(path)

        dlg.fileSelected.connect(chosen)
        self.file_dialog = dlg
        dlg.destroyed.connect(lambda *_: setattr(self, "file_dialog", None))
        dlg.open()
        return dlg

    def _written(self, path: str) -> None:
        self.settings.setValue(EXPORT_FOLDER_KEY, os.path.dirname(os.path.abspath(path)))
        self.statusBar().showMessage(self.tr("Saved {path}").format(path=path), 5000)

    def _write_failed(self, path: str, e: OSError) -> None:
        """Say which file could not be written and why, as the CLI does: the path the user
        chose (not the temporary file beside it that the error may name) and the reason."""
        QMessageBox.warning(self, self.tr("Word Search"), self.tr("Could not write '{path}':\n{reason}")
                            .format(path=path, reason=e.strerror or e))

    def print_puzzle(self) -> None:
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        from .printing import print_puzzle

        p = self.session.puzzle
        if p is None:
            return
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dialog = QPrintDialog(printer, self)
        if dialog.exec() != QPrintDialog.DialogCode.Accepted:
            return
        try:
            print_puzzle(p, printer, lower=self.lower_action.isChecked(), large=self.large_action.isChecked())
        except OSError as e:
            QMessageBox.warning(self, self.tr("Word Search"), self.tr("Could not print:\n{e}")
                                                              .format(e=e))

    def print_preview(self):
        """Open the pages as they will print (the pages of Print and Export PDF) in Qt's
        print preview: zoom, paper and orientation, and a Print button.  Not modal, so the
        puzzle stays playable; the dialog (also ``preview_dialog``), or None without a
        puzzle."""
        from PySide6.QtPrintSupport import QPrintPreviewDialog, QPrinter

        from .printing import print_puzzle

        p = self.session.puzzle
        if p is None:
            return None
        old = getattr(self, "preview_dialog", None)
        if old is not None:
            old.close()
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dlg = QPrintPreviewDialog(printer, self)
        dlg.setWindowTitle(self.tr("Print preview \u2014 {title}").format(
            title=p.title or self.tr("Word Search")))
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dlg._printer = printer  # the printer lives as long as its dialog
        self.preview_error = ""

        def paint(device) -> None:  # called again on every change of paper or orientation
            try:
                print_puzzle(p, device, lower=self.lower_action.isChecked(),
                             large=self.large_action.isChecked())
            except OSError as e:
                self.preview_error = str(e)
                self.statusBar().showMessage(self.tr("Could not lay out the pages: {e}")
                                             .format(e=e), 8000)

        dlg.paintRequested.connect(paint)
        fit_to_screen(dlg, QSize(900, 1100))  # a page's height where the screen has it
        self.preview_dialog = dlg
        dlg.destroyed.connect(lambda *_: setattr(self, "preview_dialog", None))
        dlg.setModal(False)
        dlg.show()
        return dlg

    def show_help(self) -> None:
        self._help_box = show_help_dialog(
            self, self.tr("How to play Word Search"),
            QCoreApplication.translate("wordsearch", HELP).format(hint_cost=HINT_COST),
            QSize(560, 620))

    # ---- window ---------------------------------------------------------------------------
    def sizeHint(self) -> QSize:
        return QSize(1100, 760)

    def _show_files_note(self) -> None:
        """Why autosave is off, kept in view (a status-bar message would time out or be
        replaced by the next one) until it works again."""
        note = self.session.files_note or self.session.aside_note
        self.files_label.setText(note or "")
        if note and note == self.session.aside_note:
            tip = self.session.aside_detail
        else:
            tip = f"{note} ({self.session.save_path})" if note else ""
        self.files_label.setToolTip(tip)
        self.files_label.setVisible(bool(note))

    def showEvent(self, event) -> None:
        # shown again after a close (the launcher keeps the window): hold the saved game again
        self.session.take_file()
        super().showEvent(event)

    def closeEvent(self, event) -> None:
        self.session.cancel_generation()
        self.session.save()
        self.session.release_file()
        self.timer.stop()
        super().closeEvent(event)


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
