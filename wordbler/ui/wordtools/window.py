"""The Word tools window: guess-the-word, anagrams and patterns, and a letter-grid solver.

Every query runs on :mod:`wordbler.lexicon.queries` in a worker thread (the first query of a
list may build its word graph), so the window never freezes; a query's answer that arrives
after a newer query was asked is dropped.  Results are grouped by length, longest first, with
a count.  Clicking a grid result shows its path on the grid (the cells in order, numbered).
Selecting a result word shows its meaning in the panel below the results (English: WordNet
glosses from :mod:`wordbler.lexicon.definitions`, read in the worker the first time; other
languages have no offline source and the panel says so).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape as html_escape
from typing import Callable

from PySide6.QtCore import (QT_TRANSLATE_NOOP, QCoreApplication, QObject, QRunnable, QSettings, QSize, Qt,
                            QThreadPool, Signal, Slot)
from PySide6.QtGui import QAction, QBrush, QColor, QFont, QKeySequence
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QSplitter,
    QStyledItemDelegate,
    QTextBrowser,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from wordbler.lexicon import WordList, bundled_wordlist, get_alphabet, load_wordlist
from wordbler.lexicon import definitions, queries
from wordbler.ui.common.elided import ElidedLabel
from wordbler.ui.common.jobs import emit, release

LANGUAGES = (("en", "English"), ("ru", "Russian"), ("fr", "French"))
SHOWN_LIMIT = 5000  # results listed at most (the count says how many there are)
SETTINGS_GROUP = "wordtools"
GUESS_MAX_LENGTH = 30  # the Length box's top while no letters are typed

HELP_TEXT = QT_TRANSLATE_NOOP("wordtools", """<h3>Word tools</h3>
<p><b>Guess the word</b>: type the letters you have and choose a length: every word of exactly
that many letters made from part of them (each letter used at most as often as typed).
<code>?</code> stands for any letter.</p>
<p><b>Anagrams and patterns</b>:
<ul><li><i>Anagrams</i> use every letter exactly once.</li>
<li><i>Words from part of the letters</i> use any of them (each at most as often as typed), with
at least the minimum length.</li>
<li><i>Pattern</i>: <code>?</code> or <code>.</code> is one letter, <code>*</code> any run of
letters (also none), <code>[ABC]</code> one of those letters, <code>[^ABC]</code> one letter not
among them, anything else is that letter. With letters typed in the second box, the open
places are filled only from those letters.</li></ul></p>
<p><b>Grid</b>: type a letter (or several, such as QU) in each cell, or paste rows separated by
<code>/</code> (cells of several letters in parentheses: <code>(QU)</code>) and press Enter;
Find words pastes rows typed in the box first if they are not in the grid yet. A word is a path
through cells each next to the one before (across, down or diagonal), each cell used once.
Click a word to see its path.</p>
<p><b>Meanings</b>: select a result word to see what it means in the panel below the results
(English words, from WordNet 3.0; an inflected word such as RUNNING or GEESE is shown with its
base form RUN or GOOSE). Russian and French words have no definitions yet.</p>
<p><b>French</b>: accented letters and ligatures are read as the plain letters, as French word
games play: type <i>élève</i> or <i>ELEVE</i>, <i>cœur</i> or <i>COEUR</i>.</p>
<p>Results are grouped by length, longest first, then in the alphabet's order.
Keys: Enter searches; Ctrl+1, Ctrl+2, Ctrl+3 switch tabs; F1 shows this help.</p>""")


# ------------------------------------------------------------------------------ worker
class _Signals(QObject):
    done = Signal(int, object, str)  # ticket, result, error message ("" when none)


class _Job(QRunnable):
    def __init__(self, ticket: int, work: Callable[[], object], signals: _Signals) -> None:
        super().__init__()
        self.ticket = ticket
        self.work = work
        self.signals = signals

    def run(self) -> None:  # worker thread
        try:
            result, error = self.work(), ""
        except (ValueError, OSError) as e:  # QueryError, AlphabetError, WordListError...
            result, error = None, str(e)
        emit(self.signals.done, self.ticket, result, error)
        release(self)


ORDER_ROLE = Qt.ItemDataRole.UserRole + 1  # a cell's place in the shown path (1, 2, ...)


class _PathDelegate(QStyledItemDelegate):
    """Paints a cell as usual, plus its number in the shown word's path in the corner."""

    def paint(self, painter, option, index) -> None:
        super().paint(painter, option, index)
        order = index.data(ORDER_ROLE)
        if order:
            painter.save()
            f = QFont(option.font)
            f.setBold(True)
            f.setPixelSize(max(9, int(option.rect.height() * 0.2)))
            painter.setFont(f)
            painter.setPen(QColor("#1b4d2c"))
            r = option.rect.adjusted(4, 2, -4, -2)
            painter.drawText(r, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop), str(order))
            painter.restore()


class GridEditor(QTableWidget):
    """The letter grid: typing a letter fills the current cell and moves to the next one
    (row by row), Backspace clears a cell and steps back, arrows move; F2 or a double-click
    edits a cell by hand (for a cell of several letters such as QU)."""

    def __init__(self, rows: int, cols: int, parent: QWidget | None = None) -> None:
        super().__init__(rows, cols, parent)
        self.setItemDelegate(_PathDelegate(self))
        self.setEditTriggers(QTableWidget.EditTrigger.DoubleClicked
                             | QTableWidget.EditTrigger.EditKeyPressed)

    def keyPressEvent(self, event) -> None:
        text = event.text()
        r, c = self.currentRow(), self.currentColumn()
        if r >= 0 and c >= 0 and self.state() != QTableWidget.State.EditingState:
            if len(text) == 1 and text.isalpha():
                self.item(r, c).setText(text.upper())
                self._step(r, c, +1)
                return
            if event.key() in (Qt.Key.Key_Backspace, Qt.Key.Key_Delete):
                if event.key() == Qt.Key.Key_Backspace and not self.item(r, c).text():
                    r, c = self._step(r, c, -1)
                self.item(r, c).setText("")
                return
        super().keyPressEvent(event)

    def _step(self, r: int, c: int, delta: int) -> tuple[int, int]:
        cols = self.columnCount()
        k = max(0, min(self.rowCount() * cols - 1, r * cols + c + delta))
        self.setCurrentCell(k // cols, k % cols)
        return k // cols, k % cols


@dataclass
class _Source:
    lang: str
    path: str | None  # None: the bundled list
    words: WordList | None = None


class WordToolsWindow(QMainWindow):
    """Three tools on one word list (the bundled one of the chosen language, or the user's)."""

    results_ready = Signal()  # a query's results (or its error) are on screen
    list_ready = Signal()  # the word list is loaded (or failed to)
    definition_ready = Signal()  # the meaning panel shows the selected word's meaning (or why not)

    def __init__(self, parent: QWidget | None = None, settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Word tools — Wordbler"))
        self.setObjectName("wordtools")
        self.settings = settings if settings is not None else QSettings()
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)  # one query at a time, in order
        self._signals = _Signals()
        self._signals.done.connect(self._on_done)
        self._ticket = 0
        self._pending: dict[int, Callable[[object, str], None]] = {}
        self.source = _Source(lang="en", path=None)
        self.grid_paths: dict[str, tuple[tuple[int, int], ...]] = {}
        self._paste_pending = False  # rows in the paste box not in the table yet
        #: the grid's cells the grid results listed are for (None: no results listed)
        self._solved_cells: list[list[str]] | None = None
        #: lang -> its Definitions (None: no source); tests may put their own here
        self.definitions_for: Callable[[str], definitions.Definitions | None] = (
            definitions.bundled_definitions)
        self.definition_word: str | None = None  # the word whose meaning is asked/shown

        self._build()
        self._connect_signals()
        lang = str(self.settings.value(f"{SETTINGS_GROUP}/lang", "en"))
        self.lang_combo.blockSignals(True)
        self.lang_combo.setCurrentIndex(max(0, self.lang_combo.findData(lang)))
        self.lang_combo.blockSignals(False)
        self.source = _Source(lang=self.lang, path=None)
        self._load_list()

    # ---------------------------------------------------------------- building
    def _build(self) -> None:
        central = QWidget()
        outer = QVBoxLayout(central)

        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Language:")))
        self.lang_combo = QComboBox()
        for code, name in LANGUAGES:
            self.lang_combo.addItem(name, code)
        self.lang_combo.setAccessibleName(self.tr("Language"))
        top.addWidget(self.lang_combo)
        top.addSpacing(16)
        top.addWidget(QLabel(self.tr("Word list:")))
        self.list_label = ElidedLabel(self.tr("bundled"), keep_after=": ")
        self.list_label.setObjectName("list-label")
        self.list_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        top.addWidget(self.list_label, 1)
        self.choose_list_button = QPushButton(self.tr("Choose word list…"))
        self.bundled_button = QPushButton(self.tr("Use the bundled list"))
        top.addWidget(self.choose_list_button)
        top.addWidget(self.bundled_button)
        outer.addLayout(top)
        # errors show here, between the word list's controls and the query fields, where
        # the eye is after typing a query or choosing a list (not under the meaning panel)
        self.error_label = QLabel("")
        self.error_label.setObjectName("error-label")
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet("color: #b03a2e;")
        outer.addWidget(self.error_label)

        self.tabs = QTabWidget()
        self.tabs.addTab(self._build_guess(), self.tr("Guess the word"))
        self.tabs.addTab(self._build_anagram(), self.tr("Anagrams and patterns"))
        self.tabs.addTab(self._build_grid(), self.tr("Grid"))
        split = QSplitter(Qt.Orientation.Vertical)
        split.setChildrenCollapsible(False)
        split.addWidget(self.tabs)
        split.addWidget(self._build_definition_panel())
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        outer.addWidget(split, 1)
        self.setCentralWidget(central)
        self.statusBar().showMessage(self.tr("Loading the word list…"))

        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        self.help_action = QAction(self.tr("Word tools &help"), self)
        self.help_action.setShortcut(QKeySequence(QKeySequence.StandardKey.HelpContents))
        help_menu.addAction(self.help_action)
        self.tab_actions = []
        for i in range(3):
            a = QAction(self)
            a.setShortcut(QKeySequence(f"Ctrl+{i + 1}"))
            a.triggered.connect(lambda _=False, k=i: self.tabs.setCurrentIndex(k))
            self.addAction(a)
            self.tab_actions.append(a)

    def _build_definition_panel(self) -> QWidget:
        box = QWidget()
        lay = QVBoxLayout(box)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        title = QLabel(self.tr("Meaning"))
        f = title.font()
        f.setBold(True)
        title.setFont(f)
        lay.addWidget(title)
        self.definition_view = QTextBrowser()
        self.definition_view.setObjectName("definition-view")
        self.definition_view.setAccessibleName(self.tr("Meaning of the selected word"))
        self.definition_view.setOpenLinks(False)
        self.definition_view.setMinimumHeight(self.fontMetrics().lineSpacing() * 3)
        lay.addWidget(self.definition_view, 1)
        self._set_definition_text("<i>Select a result word to see its meaning.</i>")
        return box

    def _results_view(self) -> tuple[QWidget, QTreeWidget, QLabel]:
        box = QWidget()
        lay = QVBoxLayout(box)
        lay.setContentsMargins(0, 0, 0, 0)
        count = QLabel("")
        tree = QTreeWidget()
        tree.setHeaderHidden(True)
        tree.setUniformRowHeights(True)
        lay.addWidget(count)
        lay.addWidget(tree, 1)
        return box, tree, count

    def _build_guess(self) -> QWidget:
        page = QWidget()
        lay = QVBoxLayout(page)
        form = QFormLayout()
        self.guess_letters = QLineEdit()
        self.guess_letters.setPlaceholderText(self.tr("the letters you have, e.g. SATIRE?"))
        self.guess_letters.setAccessibleName(self.tr("Letters"))
        self.guess_length = QSpinBox()
        self.guess_length.setRange(2, GUESS_MAX_LENGTH)
        self.guess_length.setValue(5)
        self.guess_length.setAccessibleName(self.tr("Length"))
        row = QHBoxLayout()
        row.addWidget(self.guess_length)
        self.guess_button = QPushButton(self.tr("Find words"))
        row.addWidget(self.guess_button)
        row.addStretch(1)
        form.addRow(self.tr("Letters:"), self.guess_letters)
        form.addRow(self.tr("Length:"), row)
        lay.addLayout(form)
        box, self.guess_results, self.guess_count = self._results_view()
        lay.addWidget(box, 1)
        return page

    def _build_anagram(self) -> QWidget:
        page = QWidget()
        lay = QVBoxLayout(page)
        modes = QHBoxLayout()
        self.mode_group = QButtonGroup(self)
        self.mode_full = QRadioButton(self.tr("Anagrams (every letter)"))
        self.mode_sub = QRadioButton(self.tr("Words from part of the letters"))
        self.mode_pattern = QRadioButton(self.tr("Pattern"))
        for i, b in enumerate((self.mode_full, self.mode_sub, self.mode_pattern)):
            self.mode_group.addButton(b, i)
            modes.addWidget(b)
        modes.addStretch(1)
        self.mode_full.setChecked(True)
        lay.addLayout(modes)
        form = QFormLayout()
        self.query_edit = QLineEdit()
        self.query_edit.setAccessibleName(self.tr("Letters or pattern"))
        self.query_edit.setPlaceholderText(self.tr("letters, ? for any letter"))
        self.pattern_letters = QLineEdit()
        self.pattern_letters.setAccessibleName(self.tr("Letters for the pattern"))
        self.pattern_letters.setPlaceholderText(self.tr("optional: fill the open places only from these"))
        self.min_length = QSpinBox()
        self.min_length.setRange(1, 30)
        self.min_length.setValue(3)
        self.min_length.setAccessibleName(self.tr("Minimum length"))
        row = QHBoxLayout()
        row.addWidget(self.min_length)
        self.anagram_button = QPushButton(self.tr("Search"))
        row.addWidget(self.anagram_button)
        row.addStretch(1)
        form.addRow(self.tr("Letters / pattern:"), self.query_edit)
        form.addRow(self.tr("Pattern letters:"), self.pattern_letters)
        form.addRow(self.tr("Minimum length:"), row)
        lay.addLayout(form)
        box, self.anagram_results, self.anagram_count = self._results_view()
        lay.addWidget(box, 1)
        self._update_mode()
        return page

    def _build_grid(self) -> QWidget:
        page = QWidget()
        lay = QVBoxLayout(page)
        controls = QGridLayout()
        self.grid_rows = QSpinBox()
        self.grid_rows.setRange(1, 12)
        self.grid_rows.setValue(4)
        self.grid_cols = QSpinBox()
        self.grid_cols.setRange(1, 12)
        self.grid_cols.setValue(4)
        self.grid_min = QSpinBox()
        self.grid_min.setRange(1, 30)
        self.grid_min.setValue(3)
        self.grid_paste = QLineEdit()
        self.grid_paste.setPlaceholderText(self.tr("or paste rows: SETE/ABLK/ORTS/NIEM  ((QU) for a cell of two letters)"))
        self.grid_paste.setAccessibleName(self.tr("Grid rows"))
        self.grid_solve = QPushButton(self.tr("Find words"))
        self.grid_clear = QPushButton(self.tr("Clear"))
        controls.addWidget(QLabel(self.tr("Rows:")), 0, 0)
        controls.addWidget(self.grid_rows, 0, 1)
        controls.addWidget(QLabel(self.tr("Columns:")), 0, 2)
        controls.addWidget(self.grid_cols, 0, 3)
        controls.addWidget(QLabel(self.tr("Minimum length:")), 0, 4)
        controls.addWidget(self.grid_min, 0, 5)
        controls.addWidget(self.grid_solve, 0, 6)
        controls.addWidget(self.grid_clear, 0, 7)
        controls.setColumnStretch(8, 1)
        controls.addWidget(self.grid_paste, 1, 0, 1, 9)
        lay.addLayout(controls)
        split = QSplitter(Qt.Orientation.Horizontal)
        self.grid_table = GridEditor(4, 4)
        self.grid_table.setObjectName("grid-table")
        self.grid_table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.grid_table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.grid_table.horizontalHeader().hide()
        self.grid_table.verticalHeader().hide()
        self.grid_table.setMinimumSize(QSize(200, 160))
        split.addWidget(self.grid_table)
        box, self.grid_results, self.grid_count = self._results_view()
        split.addWidget(box)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        lay.addWidget(split, 1)
        self._fill_grid_items()
        return page

    def _connect_signals(self) -> None:
        self.lang_combo.currentIndexChanged.connect(self._on_language)
        self.choose_list_button.clicked.connect(self.choose_list)
        self.bundled_button.clicked.connect(self.use_bundled)
        self.guess_button.clicked.connect(self.run_guess)
        self.guess_letters.returnPressed.connect(self.run_guess)
        self.guess_letters.textChanged.connect(self._on_guess_letters)
        self.anagram_button.clicked.connect(self.run_anagram)
        self.query_edit.returnPressed.connect(self.run_anagram)
        self.pattern_letters.returnPressed.connect(self.run_anagram)
        self.mode_group.idToggled.connect(lambda _i, on: on and self._update_mode())
        self.grid_solve.clicked.connect(self.run_grid)
        self.grid_paste.returnPressed.connect(self.paste_grid)
        self.grid_paste.textChanged.connect(self._on_grid_paste_text)
        self.grid_clear.clicked.connect(self.clear_grid)
        self.grid_rows.valueChanged.connect(self._resize_grid)
        self.grid_cols.valueChanged.connect(self._resize_grid)
        self.grid_table.itemChanged.connect(self._on_grid_item_changed)
        self.grid_results.currentItemChanged.connect(self._show_path)
        for tree in (self.guess_results, self.anagram_results, self.grid_results):
            tree.currentItemChanged.connect(self._show_definition)
        self.tabs.currentChanged.connect(self._on_tab)
        self.help_action.triggered.connect(self.show_help)

    # ---------------------------------------------------------------- the word list
    @property
    def lang(self) -> str:
        return str(self.lang_combo.currentData())

    def _on_language(self) -> None:
        self.settings.setValue(f"{SETTINGS_GROUP}/lang", self.lang)
        self.source = _Source(lang=self.lang, path=self.source.path)
        self._load_list()

    def use_bundled(self) -> None:
        self.source = _Source(lang=self.lang, path=None)
        self._load_list()

    def choose_list(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Choose a word list"), "",
                                              self.tr("Word lists (*.txt *.dic *.lst);;All files (*)"))
        if path:
            self.load_user_list(path)

    def load_user_list(self, path: str) -> None:
        """Use the user's list (one word a line); a bad file is reported and the list in use
        stays."""
        previous = self.source
        src = _Source(lang=self.lang, path=path)

        def done(result, error):
            if error:
                self.source = previous
                self._show_error(f"That word list cannot be used: {error}")
                self.list_ready.emit()
                return
            src.words = result
            self.source = src
            self._list_loaded(src)

        self._submit(lambda: load_wordlist(path, src.lang), done)

    def _load_list(self) -> None:
        src = self.source
        self.statusBar().showMessage(self.tr("Loading the word list…"))

        def work():
            if src.path is None:
                return bundled_wordlist(src.lang)
            return load_wordlist(src.path, src.lang)

        def done(result, error):
            if src is not self.source:
                return  # another list was asked for since
            if error:
                self._show_error(f"The word list cannot be loaded: {error}")
                self.list_label.setText(self.tr("none (it could not be loaded)"))
                self.list_label.setToolTip(error)
                self.statusBar().showMessage(self.tr("No word list."))
                self.list_ready.emit()
                return
            src.words = result
            self._list_loaded(src)

        self._submit(work, done)

    def _list_loaded(self, src: _Source) -> None:
        wl = src.words
        assert wl is not None
        name = "bundled " + dict(LANGUAGES)[self.source.lang] if self.source.path is None \
            else self.source.path
        skipped = f", {wl.skipped:,} lines skipped (not words of this alphabet)" if wl.skipped else ""
        self.list_label.setText(self.tr("{name}: {count:,} words{skipped}")
                                .format(name=name, count=len(wl), skipped=skipped))
        self.statusBar().showMessage(self.tr("Ready."))
        self._show_error("")
        self.list_ready.emit()

    # ---------------------------------------------------------------- queries
    def _submit(self, work: Callable[[], object], done: Callable[[object, str], None]) -> int:
        self._ticket += 1
        self._pending[self._ticket] = done
        self._pool.start(_Job(self._ticket, work, self._signals))
        return self._ticket

    @Slot(int, object, str)
    def _on_done(self, ticket: int, result, error: str) -> None:
        done = self._pending.pop(ticket, None)
        if done is not None:
            done(result, error)

    def _query(self, work: Callable[[WordList], list], tree: QTreeWidget, count: QLabel,
               grid: list[list[str]] | None = None) -> None:
        """Run ``work`` in the worker; its words go to ``tree`` (``grid``: the grid's cells
        as searched, for a grid query)."""
        src = self.source
        self._show_error("")
        self.statusBar().showMessage(self.tr("Searching…"))

        def run():
            if src.words is None:
                raise ValueError("there is no word list to search: choose one, or another language")
            return work(src.words)

        def done(result, error):
            self.statusBar().showMessage(self.tr("Ready."))
            if error:
                self._show_error(error)
                tree.clear()
                count.setText("")
            else:
                self._show_results(result, tree, count, grid)
            self.results_ready.emit()

        self._submit(run, done)

    def run_guess(self) -> None:
        letters, length = self.guess_letters.text(), self.guess_length.value()
        self._query(lambda wl: queries.anagrams(wl, letters, length=length),
                    self.guess_results, self.guess_count)

    def _on_guess_letters(self, text: str) -> None:
        """The length cannot be set above the number of letters typed, but the length the
        player chose stays while the letters are typed one by one (the maximum is never
        below it: at the second key it was clamped to 2, and Enter listed 2-letter words).
        With no letters the whole range is open again.  A French ligature counts as the
        two letters it stands for (ŒUF is four letters)."""
        alphabet = get_alphabet(self.lang)
        n = sum(len(alphabet.try_normalise(ch) or "?") for ch in text if not ch.isspace())
        top = GUESS_MAX_LENGTH if n == 0 else max(n, self.guess_length.value())
        self.guess_length.setMaximum(max(self.guess_length.minimum(), top))

    def _update_mode(self) -> None:
        pattern = self.mode_pattern.isChecked()
        self.pattern_letters.setEnabled(pattern)
        self.min_length.setEnabled(self.mode_sub.isChecked())
        self.query_edit.setPlaceholderText(
            self.tr("pattern: ? one letter, * any run, [ABC], [^ABC]") if pattern
            else self.tr("letters, ? for any letter"))

    def run_anagram(self) -> None:
        text = self.query_edit.text()
        if self.mode_pattern.isChecked():
            letters = self.pattern_letters.text().strip() or None
            work = lambda wl: queries.pattern(wl, text, letters)  # noqa: E731
        elif self.mode_sub.isChecked():
            m = self.min_length.value()
            work = lambda wl: queries.anagrams(wl, text, sub=True, min_len=m)  # noqa: E731
        else:
            work = lambda wl: queries.anagrams(wl, text)  # noqa: E731
        self._query(work, self.anagram_results, self.anagram_count)

    # ---------------------------------------------------------------- the grid
    def _fill_grid_items(self) -> None:
        f = QFont()
        f.setBold(True)
        f.setPointSizeF(f.pointSizeF() * 1.6)
        for r in range(self.grid_table.rowCount()):
            for c in range(self.grid_table.columnCount()):
                if self.grid_table.item(r, c) is None:
                    item = QTableWidgetItem("")
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                    item.setFont(f)
                    self.grid_table.setItem(r, c, item)

    def _resize_grid(self) -> None:
        self.grid_table.setRowCount(self.grid_rows.value())
        self.grid_table.setColumnCount(self.grid_cols.value())
        self._fill_grid_items()
        self._clear_path()
        if self._solved_cells is not None and self.grid_cells() != self._solved_cells:
            self._grid_changed()

    def _on_grid_item_changed(self, item: QTableWidgetItem) -> None:
        """A cell's letters typed over: the results listed are no longer the grid's."""
        solved = self._solved_cells
        if solved is None:
            return
        r, c = item.row(), item.column()
        if not (0 <= r < len(solved) and 0 <= c < len(solved[r])) \
                or (item.text() or "").strip() != solved[r][c]:
            self._grid_changed()

    def _grid_changed(self) -> None:
        """The grid is not the one searched: its results go (they stayed, and clicking one
        lit a path cut off or spelling another word), and the count says why."""
        self._solved_cells = None
        self.grid_paths = {}
        self.grid_results.clear()
        self._clear_path()
        self.grid_count.setText(self.tr("The grid has changed: click Find words again."))

    def clear_grid(self) -> None:
        self.grid_paste.clear()  # else Find words pasted the cleared rows again
        for r in range(self.grid_table.rowCount()):
            for c in range(self.grid_table.columnCount()):
                self.grid_table.item(r, c).setText("")
        self.grid_results.clear()
        self.grid_count.setText("")
        self._clear_path()

    def grid_cells(self) -> list[list[str]]:
        return [[(self.grid_table.item(r, c).text() or "").strip()
                 for c in range(self.grid_table.columnCount())]
                for r in range(self.grid_table.rowCount())]

    def set_grid(self, cells: list[list[str]]) -> None:
        self.grid_rows.blockSignals(True)
        self.grid_cols.blockSignals(True)
        self.grid_rows.setValue(len(cells))
        self.grid_cols.setValue(len(cells[0]))
        self.grid_rows.blockSignals(False)
        self.grid_cols.blockSignals(False)
        self._resize_grid()
        for r, row in enumerate(cells):
            for c, cell in enumerate(row):
                self.grid_table.item(r, c).setText(cell)

    def paste_grid(self) -> bool:
        """Read the ``/``-separated rows typed or pasted in the box into the grid; False
        (and the error shown) when they cannot be read."""
        text = self.grid_paste.text()
        try:
            cells = queries.parse_grid(text, get_alphabet(self.lang))
        except ValueError as e:
            self._show_error(str(e))
            return False
        if len(cells) > self.grid_rows.maximum() or len(cells[0]) > self.grid_cols.maximum():
            self._show_error(f"the grid may have at most {self.grid_rows.maximum()} rows and "
                             f"{self.grid_cols.maximum()} columns")
            return False
        self._show_error("")
        self.set_grid(cells)
        self._paste_pending = False
        return True

    def _on_grid_paste_text(self, text: str) -> None:
        self._paste_pending = bool(text.strip())

    def run_grid(self) -> None:
        """Find the grid's words.  Rows typed in the paste box and not pasted yet (or with
        the table empty) are pasted first: Find words solved the table's old grid instead,
        and a paste that failed went on to search and said a cell was empty.  Rows that
        cannot be read are reported and nothing is searched."""
        empty_table = not any(any(row) for row in self.grid_cells())
        if self.grid_paste.text().strip() and (self._paste_pending or empty_table):
            if not self.paste_grid():  # the error is shown
                self.grid_results.clear()
                self.grid_count.setText("")
                self.results_ready.emit()
                return
        raw = self.grid_cells()
        m = self.grid_min.value()
        lang = self.lang

        def work(wl):
            alphabet = get_alphabet(lang)
            empty = [(r, c) for r, row in enumerate(raw) for c, v in enumerate(row) if not v]
            if empty:
                r, c = empty[0]
                raise ValueError(f"the cell in row {r + 1}, column {c + 1} is empty: type a letter in every cell")
            cells = [[alphabet.normalise(v, what=f"the cell in row {r + 1}, column {c + 1}")
                      for c, v in enumerate(row)] for r, row in enumerate(raw)]
            return queries.grid_words(wl, cells, min_len=m)

        self._solved_cells = None  # the results listed are for another grid, or none
        self._query(work, self.grid_results, self.grid_count, grid=raw)

    def _clear_path(self) -> None:
        for r in range(self.grid_table.rowCount()):
            for c in range(self.grid_table.columnCount()):
                item = self.grid_table.item(r, c)
                if item is not None:
                    item.setBackground(QBrush())
                    item.setData(Qt.ItemDataRole.ForegroundRole, None)
                    item.setToolTip("")
                    item.setData(ORDER_ROLE, None)
        self.shown_path: tuple[tuple[int, int], ...] = ()

    def _show_path(self, current: QTreeWidgetItem | None, _previous=None) -> None:
        self._clear_path()
        if current is None:
            return
        word = current.data(0, Qt.ItemDataRole.UserRole)
        path = self.grid_paths.get(word) if word else None
        if not path:
            return
        n = len(path)
        for i, (r, c) in enumerate(path):
            item = self.grid_table.item(r, c)
            if item is None:
                continue
            # first cell darkest: the order reads from the shade and from the tooltip number
            shade = QColor.fromHsv(130, 160 - int(110 * i / max(1, n - 1)), 230)
            item.setBackground(QBrush(shade))
            # dark letters on the light shade whatever the palette: on a dark desktop they
            # were the palette's white text on pale green (1.4:1)
            item.setForeground(QBrush(QColor("#1b1b1b")))
            item.setToolTip(self.tr("{value} of {n}").format(value=i + 1, n=n))
            item.setData(ORDER_ROLE, i + 1)
        self.shown_path = tuple(path)

    # ---------------------------------------------------------------- meanings
    def _current_tree(self) -> QTreeWidget:
        return (self.guess_results, self.anagram_results, self.grid_results)[
            max(0, self.tabs.currentIndex())]

    def _on_tab(self, _index: int) -> None:
        self._show_definition(self._current_tree().currentItem())

    def _set_definition_text(self, html: str) -> None:
        self.definition_view.setHtml(html)

    def _show_definition(self, current: QTreeWidgetItem | None, _previous=None) -> None:
        tree = self.sender() if isinstance(self.sender(), QTreeWidget) else None
        if tree is not None and tree is not self._current_tree():
            return  # a tab not in view
        word = current.data(0, Qt.ItemDataRole.UserRole) if current is not None else None
        self.definition_word = word or None
        if not word:
            self._set_definition_text("<i>Select a result word to see its meaning.</i>")
            return
        lang = self.source.lang
        defs = self.definitions_for(lang)
        if defs is None:
            self._set_definition_text(definitions.describe_html(word, None, lang=lang))
            self.definition_ready.emit()
            return
        if defs.loaded or defs.error is not None:
            self._render_definition(word, defs, lang)
            return
        self._set_definition_text(f"<i>Looking up {word}…</i>")

        def done(_result, _error):  # the error is kept by defs and shown by _render
            if self.definition_word == word:
                self._render_definition(word, defs, lang)

        self._submit(defs.load, done)

    def _render_definition(self, word: str, defs: definitions.Definitions, lang: str) -> None:
        try:
            senses = defs.lookup(word)
        except definitions.DefinitionsError as e:
            self._set_definition_text(
                "<span style='color:#b03a2e'>Definitions cannot be shown: "
                f"{html_escape(str(e))}</span>")
        else:
            self._set_definition_text(definitions.describe_html(word, senses, lang=lang))
        self.definition_ready.emit()

    def definition_text(self) -> str:
        """The meaning panel's text as plain text (what a person reads)."""
        return self.definition_view.toPlainText()

    # ---------------------------------------------------------------- results
    def _show_results(self, result, tree: QTreeWidget, count: QLabel,
                      grid: list[list[str]] | None) -> None:
        tree.clear()
        if grid is not None:
            words = [w for w, _ in result]
            self.grid_paths = {w: p for w, p in result}
            self._clear_path()
            self._solved_cells = grid
        else:
            words = list(result)
        total = len(words)
        shown = words[:SHOWN_LIMIT]
        count.setText((self.tr("{total:,} word") if total == 1 else self.tr("{total:,} words"))
                      .format(total=total)
                      + (self.tr(" (the first {shown:,} are listed)").format(shown=SHOWN_LIMIT)
                         if total > SHOWN_LIMIT else ""))
        groups: dict[int, QTreeWidgetItem] = {}
        group_counts: dict[int, int] = {}
        for w in words:
            group_counts[len(w)] = group_counts.get(len(w), 0) + 1
        for w in shown:  # already longest first, then alphabetical
            n = len(w)
            if n not in groups:
                k = group_counts[n]
                groups[n] = QTreeWidgetItem(tree, [f"{n} letters ({k})"])
                groups[n].setFlags(Qt.ItemFlag.ItemIsEnabled)
                groups[n].setExpanded(True)
            item = QTreeWidgetItem(groups[n], [w])
            item.setData(0, Qt.ItemDataRole.UserRole, w)
        if grid is not None and self.grid_cells() != grid:  # changed while it was searched
            self._grid_changed()

    def result_words(self, tree: QTreeWidget) -> list[str]:
        out = []
        for i in range(tree.topLevelItemCount()):
            g = tree.topLevelItem(i)
            out.extend(g.child(j).text(0) for j in range(g.childCount()))
        return out

    def _show_error(self, text: str) -> None:
        self.error_label.setText(text)
        self.error_label.setVisible(bool(text))

    def show_help(self) -> None:
        box = QMessageBox(QMessageBox.Icon.Information, self.tr("Word tools help"),
                          QCoreApplication.translate("wordtools", HELP_TEXT),
                          QMessageBox.StandardButton.Ok, self)
        box.setTextFormat(Qt.TextFormat.RichText)
        self._help_box = box
        box.open()

    def sizeHint(self) -> QSize:
        return QSize(960, 680)

    def closeEvent(self, event) -> None:
        self._pending.clear()
        self._pool.clear()
        super().closeEvent(event)

    def showEvent(self, event) -> None:  # noqa: N802
        # shown again after a close that dropped the list's loading (the start page keeps
        # the window): load it now, or every search said there was no word list
        if self.source.words is None and not self._pending:
            self._load_list()
        super().showEvent(event)
