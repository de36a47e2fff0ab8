"""The pages of the Word Snake window: setup, round, hand-off, results.

Pages show what they are given and emit intent; the window wires them to the session.
"""

from __future__ import annotations

from html import escape as html_escape

from PySide6.QtCore import QEvent, QSize, Qt, QThreadPool, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QFormLayout, QFrame,
                               QGridLayout, QHBoxLayout, QHeaderView, QLabel, QLineEdit,
                               QListWidget, QListWidgetItem, QProgressBar, QPushButton,
                               QScrollArea, QSizePolicy, QSpinBox, QTableWidget,
                               QTableWidgetItem, QTabWidget, QTextBrowser, QVBoxLayout,
                               QWidget)

from wordbler.lexicon import definitions

from wordbler.snake import Hints, Results, default_min_len, format_seconds, word_points
from wordbler.snake.rules import MAX_DURATION, MAX_PLAYERS, MIN_DURATION
from wordbler.ui.common.wrapped import WrappedLabel

from .board_view import BoardView
from .texts import LANG_NAMES, lang_name, points_text, word_line
from .theme import DEFAULT_THEME, SnakeTheme
from .worker import Job

WORD_ROLE = Qt.ItemDataRole.UserRole


def _scale_for(height: int) -> float:
    return max(1.0, min(1.7, height / 700))


def _short_scale(height: int) -> float:
    """As :func:`_scale_for`, and a page under 600 high shrinks its type, down to 80%: on a
    1920 x 1080 screen at 2x scale (540 logical pixels, less a title bar and a task bar) the
    round with its hints and the results asked for 558 and 503."""
    return _scale_for(height) if height >= 600 else max(0.8, height / 600)


def _px(widget: QWidget, px: float, bold: bool = False) -> None:
    f = QFont(widget.font())
    f.setPixelSize(max(9, int(px)))
    f.setBold(bold)
    widget.setFont(f)


# ---------------------------------------------------------------------------------- setup
class SetupPage(QWidget):
    """Board size, language, word list, time, players; new / daily / code / resume."""

    new_requested = Signal()
    daily_requested = Signal()
    code_requested = Signal()
    resume_requested = Signal()
    highscores_requested = Signal()
    browse_requested = Signal()
    cancel_requested = Signal()

    def __init__(self, theme: SnakeTheme = DEFAULT_THEME, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.theme = theme
        self.setObjectName("snake-setup")
        inner = QWidget()
        self.title = QLabel(self.tr("Word Snake"))
        _px(self.title, 34, True)
        self.intro = QLabel(self.tr("Drag through neighbouring letters to spell words before "
                                    "the time runs out. Every board hides a long word."))
        self.intro.setWordWrap(True)

        self.cols = QSpinBox()
        self.rows = QSpinBox()
        for box, name in ((self.cols, "columns"), (self.rows, "rows")):
            box.setRange(3, 6)
            box.setValue(4)
            box.setAccessibleName(self.tr("board {name}").format(name=name))
            box.setObjectName(f"snake-{name}")
        self.presets = []
        size_row = QHBoxLayout()
        size_row.addWidget(self.cols)
        size_row.addWidget(QLabel("×"))
        size_row.addWidget(self.rows)
        size_row.addSpacing(12)
        for n in (3, 4, 5, 6):
            b = QPushButton(f"{n}×{n}")
            b.setObjectName(f"snake-preset-{n}")
            b.setAutoDefault(False)
            b.clicked.connect(lambda _=False, n=n: (self.cols.setValue(n), self.rows.setValue(n)))
            self.presets.append(b)
            size_row.addWidget(b)
        size_row.addStretch(1)

        self.lang = QComboBox()
        self.lang.setObjectName("snake-lang")
        for code in LANG_NAMES:
            self.lang.addItem(lang_name(code), code)

        self.list_edit = QLineEdit()
        self.list_edit.setObjectName("snake-list")
        self.list_edit.setPlaceholderText(self.tr("the bundled list of the language"))
        self.list_edit.setAccessibleName(self.tr("own word list file"))
        self.list_edit.setClearButtonEnabled(True)
        self.browse = QPushButton(self.tr("Browse…"))
        self.browse.setAutoDefault(False)
        self.browse.clicked.connect(self.browse_requested)
        list_row = QHBoxLayout()
        list_row.addWidget(self.list_edit, 1)
        list_row.addWidget(self.browse)

        self.min_len = QComboBox()
        self.min_len.setObjectName("snake-min")
        self.min_len.addItem("", None)
        for n in range(3, 7):
            self.min_len.addItem(self.tr("{n} letters").format(n=n), n)

        self.duration = QComboBox()
        self.duration.setObjectName("snake-duration")
        for s in range(MIN_DURATION, MAX_DURATION + 1, 60):
            self.duration.addItem(format_seconds(s), s)
        self.duration.addItem(self.tr("Untimed"), None)
        self.duration.setCurrentIndex(2)

        self.players = QSpinBox()
        self.players.setObjectName("snake-players")
        self.players.setRange(1, MAX_PLAYERS)
        self.names = []
        names_row = QHBoxLayout()
        for i in range(MAX_PLAYERS):
            e = QLineEdit(self.tr("Player {value}").format(value=i + 1))
            e.setObjectName(f"snake-name-{i}")
            e.setMaxLength(24)
            e.setAccessibleName(self.tr("name of player {value}").format(value=i + 1))
            self.names.append(e)
            names_row.addWidget(e)
        self.cancel_rule = QCheckBox(self.tr("A word found by two or more players scores nothing"))
        self.cancel_rule.setObjectName("snake-cancel-rule")
        self.cancel_rule.setChecked(True)

        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        form.addRow(self.tr("Board (columns × rows):"), size_row)
        form.addRow(self.tr("Language:"), self.lang)
        form.addRow(self.tr("Own word list:"), list_row)
        form.addRow(self.tr("Shortest word:"), self.min_len)
        form.addRow(self.tr("Time per player:"), self.duration)
        form.addRow(self.tr("Players:"), self.players)
        form.addRow(self.tr("Names:"), names_row)
        form.addRow("", self.cancel_rule)

        self.new_button = QPushButton(self.tr("New board"))
        self.new_button.setObjectName("snake-new")
        self.new_button.setDefault(True)
        self.daily_button = QPushButton(self.tr("Daily board"))
        self.daily_button.setObjectName("snake-daily")
        self.code_button = QPushButton(self.tr("Board code…"))
        self.code_button.setObjectName("snake-code")
        self.scores_button = QPushButton(self.tr("High scores"))
        self.scores_button.setObjectName("snake-scores")
        for b in (self.new_button, self.daily_button, self.code_button, self.scores_button):
            _px(b, 16, b is self.new_button)
            b.setMinimumHeight(38)
        self.new_button.clicked.connect(self.new_requested)
        self.daily_button.clicked.connect(self.daily_requested)
        self.code_button.clicked.connect(self.code_requested)
        self.scores_button.clicked.connect(self.highscores_requested)
        buttons = QHBoxLayout()
        buttons.addWidget(self.new_button)
        buttons.addWidget(self.daily_button)
        buttons.addWidget(self.code_button)
        buttons.addStretch(1)
        buttons.addWidget(self.scores_button)

        self.resume_box = QFrame()
        self.resume_box.setObjectName("snake-resume-box")
        self.resume_box.setFrameShape(QFrame.Shape.StyledPanel)
        self.resume_label = QLabel()
        self.resume_label.setWordWrap(True)
        self.resume_button = QPushButton(self.tr("Resume round"))
        self.resume_button.setObjectName("snake-resume")
        _px(self.resume_button, 16, True)
        self.resume_button.clicked.connect(self.resume_requested)
        rb = QHBoxLayout(self.resume_box)
        rb.addWidget(self.resume_label, 1)
        rb.addWidget(self.resume_button)
        self.resume_box.hide()

        self.status = QLabel()
        self.status.setObjectName("snake-status")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.progress = QProgressBar()
        self.progress.setObjectName("snake-progress")
        self.progress.setTextVisible(False)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setObjectName("snake-cancel")
        self.cancel_button.clicked.connect(self.cancel_requested)
        busy = QHBoxLayout()
        busy.addWidget(self.progress, 1)
        busy.addWidget(self.cancel_button)
        self.busy_row = QWidget()
        self.busy_row.setLayout(busy)
        self.busy_row.hide()

        self.inner = inner
        col = QVBoxLayout(inner)
        col.addWidget(self.title)
        col.addWidget(self.intro)
        col.addSpacing(8)
        col.addWidget(self.resume_box)
        col.addLayout(form)
        col.addSpacing(8)
        col.addLayout(buttons)
        col.addWidget(self.busy_row)
        col.addWidget(self.status)
        col.addStretch(1)
        inner.setMaximumWidth(860)
        holder = QWidget()
        h = QHBoxLayout(holder)
        h.addStretch(1)
        h.addWidget(inner, 10)
        h.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(holder)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)

        self.players.valueChanged.connect(self._players_changed)
        self.cols.valueChanged.connect(self._size_changed)
        self.rows.valueChanged.connect(self._size_changed)
        self._players_changed(self.players.value())
        self._size_changed()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        s = _scale_for(self.height())
        _px(self.inner, 14 * s)
        _px(self.title, 34 * s, True)
        for b in (self.new_button, self.daily_button, self.code_button, self.scores_button,
                  self.resume_button):
            _px(b, 16 * s, b in (self.new_button, self.resume_button))
            b.setMinimumHeight(int(38 * s))
        self.inner.setMaximumWidth(int(860 * s))

    def _players_changed(self, n: int) -> None:
        for i, e in enumerate(self.names):
            e.setVisible(i < n)
        self.cancel_rule.setEnabled(n > 1)

    def _size_changed(self) -> None:
        d = default_min_len(self.cols.value(), self.rows.value())
        self.min_len.setItemText(0, self.tr("Usual ({d} letters)").format(d=d))

    # values
    def player_names(self) -> list[str]:
        out = []
        for i in range(self.players.value()):
            n = self.names[i].text().strip() or f"Player {i + 1}"
            out.append(n)
        # names must differ: number repeats
        seen: dict[str, int] = {}
        for i, n in enumerate(out):
            k = n.casefold()
            if k in seen:
                seen[k] += 1
                out[i] = f"{n} ({seen[k]})"
            else:
                seen[k] = 1
        return out

    def set_busy(self, busy: bool, text: str = "") -> None:
        self.busy_row.setVisible(busy)
        self.progress.setRange(0, 0)
        for w in (self.new_button, self.daily_button, self.code_button, self.resume_button):
            w.setEnabled(not busy)
        self.show_status(text)

    def set_progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, max(1, total))
        self.progress.setValue(done)

    def show_status(self, text: str, error: bool = False) -> None:
        colour = self.theme.bad if error else self.theme.text
        self.status.setStyleSheet(f"color: {colour};")
        self.status.setText(text)

    def show_resume(self, text: str | None) -> None:
        self.resume_box.setVisible(text is not None)
        self.resume_label.setText(text or "")


# ---------------------------------------------------------------------------------- round
class HintsTable(QTableWidget):
    """Words left by first letter (rows) and length (columns).

    The rows have one fixed height, measured on two rows (the first and the bold "all"
    row) and their labels: with the vertical header resizing to its contents, every cell
    set while the table was rebuilt measured every row again (1,350 row measures, 43-56 ms
    for a 6x6 board, on each word played with the hints open)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("snake-hints")
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.hints: Hints | None = None

    def _fit_rows(self) -> None:
        """Every row as tall as its contents and its label need (what ResizeToContents
        gave), measured on the first row and the last (bold) one only."""
        n = self.rowCount()
        if not n:
            return
        vh = self.verticalHeader()
        h = max(max(self.sizeHintForRow(r), vh.sectionSizeHint(r)) for r in {0, n - 1})
        if h <= 0:
            return
        if h < vh.minimumSectionSize():
            vh.setMinimumSectionSize(h)
        vh.setDefaultSectionSize(h)
        for r in range(n):
            if vh.sectionSize(r) != h:
                vh.resizeSection(r, h)

    def changeEvent(self, event) -> None:  # noqa: N802
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit_rows()  # the side panel's type follows the window's height

    def show_hints(self, hints: Hints) -> None:
        self.hints = hints
        cols = [f"{n}+" if i == len(hints.lengths) - 1 else str(n)
                for i, n in enumerate(hints.lengths)] + ["all"]
        self.setColumnCount(len(cols))
        self.setHorizontalHeaderLabels(cols)
        rows = list(hints.letters) + ["all"]
        self.setRowCount(len(rows))
        self.setVerticalHeaderLabels([r if len(r) == 1 or r == "all" else r for r in rows])
        for i, letter in enumerate(rows):
            for j, n in enumerate(list(hints.lengths) + [None]):
                if letter == "all":
                    v = hints.total if n is None else hints.column_total(n)
                elif n is None:
                    v = hints.row_total(letter)
                else:
                    v = hints.count(letter, n)
                item = QTableWidgetItem(str(v) if v else "·")
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if letter == "all" or n is None:
                    f = item.font()
                    f.setBold(True)
                    item.setFont(f)
                self.setItem(i, j, item)
        self._fit_rows()


class RoundPage(QWidget):
    """The board and the side panel: player, timer, score, current word, words, hints."""

    hints_toggled = Signal(bool)
    pause_clicked = Signal()
    end_clicked = Signal()

    def __init__(self, theme: SnakeTheme = DEFAULT_THEME, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.theme = theme
        self.setObjectName("snake-round")
        self.board_view = BoardView(theme)
        self.board_view.setObjectName("snake-board")

        self.side = QFrame()
        self.side.setObjectName("snake-side")
        theme.apply_surface(self.side, theme.panel)
        self.side.setFrameShape(QFrame.Shape.StyledPanel)
        self.player_label = QLabel()
        self.player_label.setObjectName("snake-player")
        self.player_label.setWordWrap(True)
        self.timer_label = QLabel("3:00")
        self.timer_label.setObjectName("snake-timer")
        self.timer_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.timer_label.setAccessibleName(self.tr("time left"))
        self.time_bar = QProgressBar()
        self.time_bar.setTextVisible(False)
        self.time_bar.setMaximumHeight(8)
        self.score_label = QLabel()
        self.score_label.setObjectName("snake-score")
        self.word_label = QLabel(" ")
        self.word_label.setObjectName("snake-word")
        self.word_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.word_label.setMinimumHeight(40)
        self.state_label = QLabel(" ")
        self.state_label.setObjectName("snake-state")
        self.state_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.feedback_label = QLabel(" ")
        self.feedback_label.setObjectName("snake-feedback")
        self.feedback_label.setWordWrap(True)
        self.feedback_label.setAlignment(Qt.AlignmentFlag.AlignCenter)

        self.hints_button = QPushButton(self.tr("Hints"))
        self.hints_button.setObjectName("snake-hints-button")
        self.hints_button.setCheckable(True)
        self.hints_button.setToolTip(self.tr("How many common words are left, by first letter and length (Ctrl+H)"))
        self.pause_button = QPushButton(self.tr("Pause"))
        self.pause_button.setObjectName("snake-pause")
        self.end_button = QPushButton(self.tr("End turn"))
        self.end_button.setObjectName("snake-end")
        for b in (self.hints_button, self.pause_button, self.end_button):
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            b.setMinimumHeight(32)
        self.hints_button.toggled.connect(self.hints_toggled)
        self.pause_button.clicked.connect(self.pause_clicked)
        self.end_button.clicked.connect(self.end_clicked)
        buttons = QHBoxLayout()
        buttons.addWidget(self.hints_button)
        buttons.addWidget(self.pause_button)
        buttons.addWidget(self.end_button)

        self.words_title = QLabel(self.tr("Words played"))
        self.words_list = QListWidget()
        self.words_list.setObjectName("snake-words")
        self.words_list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.words_list.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.hints_title = QLabel(self.tr("Common words left — first letter × length"))
        self.hints_title.setWordWrap(True)  # the side panel is narrow at 1024 x 700: it cut
        self.hints_table = HintsTable()
        self.hints_title.hide()
        self.hints_table.hide()
        self.code_label = QLabel()
        self.code_label.setObjectName("snake-code-label")
        self.code_label.setWordWrap(True)  # "Board … · fewer or more words than usual" was cut
        self.code_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.code_label.setStyleSheet(f"color: {theme.muted};")

        col = QVBoxLayout(self.side)
        col.addWidget(self.player_label)
        col.addWidget(self.timer_label)
        col.addWidget(self.time_bar)
        col.addWidget(self.score_label)
        col.addSpacing(6)
        col.addWidget(self.word_label)
        col.addWidget(self.state_label)
        col.addWidget(self.feedback_label)
        col.addLayout(buttons)
        col.addWidget(self.words_title)
        col.addWidget(self.words_list, 3)
        col.addWidget(self.hints_title)
        col.addWidget(self.hints_table, 4)
        col.addWidget(self.code_label)

        self.side.setMinimumWidth(300)
        self.side.setMaximumWidth(560)
        self.side.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        row = QHBoxLayout(self)
        row.addWidget(self.board_view, 2)
        row.addWidget(self.side, 1)
        self._rescale()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._rescale()

    def _rescale(self) -> None:
        # a short page shrinks the side panel's type and its two lists (to about two lines
        # each), so that it fits with the hints shown
        s = _short_scale(self.height())
        _px(self.player_label, 18 * s, True)
        _px(self.timer_label, 46 * s, True)
        _px(self.score_label, 16 * s)
        _px(self.word_label, 30 * s, True)
        _px(self.state_label, 15 * s)
        _px(self.feedback_label, 15 * s)
        _px(self.words_title, 14 * s, True)
        _px(self.hints_title, 13 * s, True)
        _px(self.words_list, 15 * s)
        _px(self.hints_table, 12 * s)
        for b in (self.hints_button, self.pause_button, self.end_button):
            _px(b, 14 * s)
        self.word_label.setMinimumHeight(int(44 * s))
        for view in (self.words_list, self.hints_table):
            line = view.fontMetrics().height()
            view.setMinimumHeight(2 * line + 2 * view.frameWidth() + 8)

    def set_timer(self, text: str, fraction: float | None, low: bool) -> None:
        self.timer_label.setText(text)
        colour = self.theme.timer_low if low else self.theme.text
        self.timer_label.setStyleSheet(f"color: {colour};")
        self.time_bar.setVisible(fraction is not None)
        if fraction is not None:
            self.time_bar.setRange(0, 1000)
            self.time_bar.setValue(int(1000 * fraction))

    def show_hints_panel(self, on: bool) -> None:
        self.hints_title.setVisible(on)
        self.hints_table.setVisible(on)
        if self.hints_button.isChecked() != on:
            self.hints_button.blockSignals(True)
            self.hints_button.setChecked(on)
            self.hints_button.blockSignals(False)


# ---------------------------------------------------------------------------------- hand-off
class HandoffPage(QWidget):
    """Between hot-seat turns: the board is hidden until the next player starts."""

    start_clicked = Signal()

    def __init__(self, theme: SnakeTheme = DEFAULT_THEME, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("snake-handoff")
        theme.apply_surface(self, theme.board_background)
        self.title = QLabel()
        self.title.setObjectName("snake-handoff-title")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title.setWordWrap(True)
        self.info = QLabel()
        self.info.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.info.setWordWrap(True)
        for lab in (self.title, self.info):
            lab.setStyleSheet("color: white;")
        self.button = QPushButton()
        self.button.setObjectName("snake-handoff-start")
        self.button.setDefault(True)
        self.button.clicked.connect(self.start_clicked)
        col = QVBoxLayout(self)
        col.addStretch(2)
        col.addWidget(self.title)
        col.addSpacing(12)
        col.addWidget(self.info)
        col.addSpacing(24)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.button)
        row.addStretch(1)
        col.addLayout(row)
        col.addStretch(3)

    def show_turn(self, name: str, index: int, count: int, duration: str, before: list[str]) -> None:
        self.title.setText(self.tr("{name}, your turn")
                           .format(name=name) if index else self.tr("{name} starts").format(name=name))
        done = ""
        if before:
            done = f"{' and '.join(before) if len(before) < 3 else ', '.join(before)} " \
                   f"{'has' if len(before) == 1 else 'have'} played. "
        self.info.setText(self.tr("Player {value} of {count}. {done}The board stays hidden "
                                  "until you start; you have {duration}.")
                                  .format(value=index + 1, count=count, done=done,
                                          duration=duration))
        self.button.setText(self.tr("Start {name}'s turn").format(name=name))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        s = _scale_for(self.height())
        _px(self.title, 40 * s, True)
        _px(self.info, 18 * s)
        _px(self.button, 20 * s, True)
        self.button.setMinimumSize(int(260 * s), int(54 * s))


# ---------------------------------------------------------------------------------- results
class ResultsPage(QWidget):
    """Scores, each player's words, the missed words, who found what; a word's path and,
    where the language has an offline source (English), its meaning beside the board."""

    new_clicked = Signal()
    setup_clicked = Signal()
    copy_clicked = Signal()
    scores_clicked = Signal()
    definition_ready = Signal()  # the meaning of the clicked word is shown (or why not)

    def __init__(self, theme: SnakeTheme = DEFAULT_THEME, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.theme = theme
        self.setObjectName("snake-results")
        self.results: Results | None = None
        self.paths: dict[str, tuple] = {}
        self.lang = "en"
        #: lang -> its Definitions (None: no source); tests may put their own here
        self.definitions_for = definitions.bundled_definitions
        self.definition_word: str | None = None
        self._definitions_job: Job | None = None
        # the shared pool, not one of the page's own: destroying a page-owned pool waits for
        # a load under way, and where the waiting thread holds Python's lock (Qt's test
        # waits, the interpreter's exit) the load can never finish: the program hung.  A
        # load that outlives its page fills the shared definitions and reports to nobody
        self._definitions_pool = QThreadPool.globalInstance()
        self.title = QLabel()
        self.title.setObjectName("snake-results-title")
        self.title.setWordWrap(True)
        self.summary = QLabel()
        self.summary.setObjectName("snake-results-summary")
        self.summary.setWordWrap(True)
        self.highscore_label = QLabel()
        self.highscore_label.setObjectName("snake-results-highscore")
        self.highscore_label.setWordWrap(True)
        self.highscore_label.setStyleSheet(f"color: {theme.good};")

        self.board_view = BoardView(theme, interactive=False)
        self.board_view.setObjectName("snake-results-board")
        self.board_view.show_steps = True
        self.caption = WrappedLabel(self.tr("Click a word to see its path."))
        self.caption.setObjectName("snake-results-caption")
        self.caption.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.definition = QTextBrowser()
        self.definition.setObjectName("snake-results-definition")
        self.definition.setAccessibleName(self.tr("Meaning of the word"))
        self.definition.setOpenLinks(False)
        self.definition.setFrameShape(QFrame.Shape.NoFrame)
        self.definition.setStyleSheet(f"background: {theme.panel}; color: {theme.text};")
        self.definition.setHtml("")

        self.scores = QTableWidget()
        self.scores.setObjectName("snake-results-scores")
        self.scores.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.scores.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.scores.verticalHeader().hide()
        self.scores.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.scores.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Maximum)

        self.tabs = QTabWidget()
        self.tabs.setObjectName("snake-results-tabs")
        self.legend = QLabel(self.tr("Who found: ✓ found it · ✗ scores nothing (found by more than one player)"))
        self.legend.setObjectName("snake-results-legend")
        self.legend.setWordWrap(True)
        self.legend.setStyleSheet(f"color: {theme.muted};")
        self.legend.hide()

        self.new_button = QPushButton(self.tr("New board"))
        self.new_button.setObjectName("snake-results-new")
        self.new_button.setDefault(True)
        self.setup_button = QPushButton(self.tr("Change settings"))
        self.copy_button = QPushButton(self.tr("Copy board code"))
        self.scores_button = QPushButton(self.tr("High scores"))
        self.new_button.clicked.connect(self.new_clicked)
        self.setup_button.clicked.connect(self.setup_clicked)
        self.copy_button.clicked.connect(self.copy_clicked)
        self.scores_button.clicked.connect(self.scores_clicked)
        buttons = QHBoxLayout()
        for b in (self.new_button, self.setup_button, self.copy_button, self.scores_button):
            buttons.addWidget(b)
        buttons.addStretch(1)

        left = QVBoxLayout()
        left.addWidget(self.board_view, 1)
        left.addWidget(self.caption)
        left.addWidget(self.definition)
        right = QVBoxLayout()
        right.addWidget(self.title)
        right.addWidget(self.summary)
        right.addWidget(self.highscore_label)
        right.addWidget(self.scores)
        right.addWidget(self.tabs, 1)
        right.addWidget(self.legend)
        right.addLayout(buttons)
        row = QHBoxLayout(self)
        row.addLayout(left, 4)
        row.addLayout(right, 5)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        s = _short_scale(self.height())
        _px(self.title, 26 * s, True)
        for w in (self.summary, self.highscore_label, self.caption):
            _px(w, 15 * s)
        _px(self.definition, 14 * s)
        self._fit_definition()
        _px(self.legend, 13 * s)
        for b in (self.new_button, self.setup_button, self.copy_button, self.scores_button):
            _px(b, 14 * s, b is self.new_button)
        _px(self.tabs, 14 * s)
        _px(self.scores, 14 * s)
        self._fit_scores()

    def _fit_definition(self) -> None:
        """The meaning panel takes the height the square board leaves below the caption:
        at least 5 lines and a quarter of the page, at most 14 lines."""
        line = self.definition.fontMetrics().lineSpacing()
        m = self.layout().contentsMargins()
        left_w = self.board_view.width() or int(self.width() * 4 / 9)
        caption = max(self.caption.sizeHint().height(), self.caption.heightForWidth(left_w))
        spare = (self.height() - m.top() - m.bottom() - left_w
                 - caption - 2 * self.layout().spacing())
        self.definition.setFixedHeight(int(max(5 * line, self.height() * 0.24,
                                               min(spare, 14 * line))))

    def _fit_scores(self) -> None:
        h = self.scores.horizontalHeader().height() + 4
        for r in range(self.scores.rowCount()):
            h += self.scores.rowHeight(r)
        self.scores.setFixedHeight(h)

    # content
    def show_results(self, results: Results, deal, places: dict, table_name: str) -> None:
        self.results = results
        self.paths = dict(deal.words)
        self.board_view.set_board(deal.board)
        self.lang = deal.spec.lang
        has_meanings = self.definitions_for(self.lang) is not None
        self.caption.setText(self.tr("Click a word to see its path and meaning.") if has_meanings
                             else self.tr("Click a word to see its path."))
        self.definition_word = None
        self.definition.setHtml("")
        self.definition.setVisible(has_meanings)  # no offline source: no panel at all
        if has_meanings:
            self._start_definitions_load()  # read now, so a click finds them ready
        players = results.players
        if len(players) == 1:
            p = players[0]
            self.title.setText(self.tr("Round over: {points_text}")
                               .format(points_text=points_text(p.score)))
        else:
            best = [players[i].name for i in results.winners]
            score = players[results.winners[0]].score
            if len(best) == 1:
                text = self.tr("{name} wins with {points}")
            else:
                text = self.tr("{names} tie with {points}")
            names = self.tr(" and ").join(best)
            self.title.setText(text.format(name=best[0], names=names, points=points_text(score)))
        longest = results.longest
        target = results.target
        found_by = results.finders.get(target, ())
        lines = []
        if longest:
            others = ", ".join(longest[1:4]) + (" …" if len(longest) > 4 else "")
            more = self.tr(" (also {others})").format(others=others) if len(longest) > 1 else ""
            lines.append(self.tr("Longest word on the board: {word}, {count} letters{more}.")
                         .format(word=longest[0], count=len(longest[0]), more=more))
        if target:
            who = ", ".join(players[i].name for i in found_by)
            lines.append((self.tr("Hidden word: {word} — found by {who}.") if who
                          else self.tr("Hidden word: {word} — not found.")).format(word=target,
                                                                                  who=who))
        if len(players) == 1:
            p = players[0]
            found = (self.tr("You found {found} of {total} common words ({percent:.0f}%) and "
                             "{bonus} bonus words.") if p.bonus_words else
                     self.tr("You found {found} of {total} common words ({percent:.0f}%)."))
            lines.append(found.format(found=p.common_found, total=results.total_common,
                                      percent=p.percent, bonus=len(p.bonus_words)))
        else:
            lines.append(self.tr("Together you found {found} of {total} common words "
                                 "({percent:.0f}%).").format(found=results.found_together,
                                                             total=results.total_common,
                                                             percent=results.percent_together)
                         + (self.tr(" Words found by more than one player score nothing.")
                            if results.cancel_rule else ""))
        self.summary.setText(" ".join(lines))
        made = [self.tr("{name} is #{place}").format(name=players[i].name, place=place + 1)
                for i, place in places.items() if place is not None]
        self.highscore_label.setText(self.tr("New high score on {table}: {made}.")
                                     .format(table=table_name,
                                             made=", ".join(made)) if made else "")
        self.highscore_label.setVisible(bool(made))

        headers = [self.tr("Player"), self.tr("Score"), self.tr("Words"), self.tr("Cancelled"),
                   self.tr("Found"), self.tr("Hints")]
        self.scores.clear()
        self.scores.setColumnCount(len(headers))
        self.scores.setHorizontalHeaderLabels(headers)
        self.scores.setRowCount(len(players))
        for r, p in enumerate(players):
            vals = [p.name, str(p.score), str(len(p.words)), str(p.cancelled),
                    f"{p.percent:.0f}%", "yes" if p.hinted else "no"]
            for c, v in enumerate(vals):
                item = QTableWidgetItem(v)
                if c:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if r in results.winners and len(players) > 1:
                    f = item.font()
                    f.setBold(True)
                    item.setFont(f)
                self.scores.setItem(r, c, item)
        self.scores.setColumnHidden(3, len(players) == 1)
        self._fit_scores()

        # QTabWidget.clear() only takes the pages out: delete them, or every round's word
        # lists (about 36 widgets) stayed alive, hidden, for as long as the program ran
        old = [self.tabs.widget(i) for i in range(self.tabs.count())]
        self.tabs.clear()
        for page in old:
            page.deleteLater()
        self.legend.setVisible(len(players) > 1 and results.cancel_rule)
        for p in players:
            lst = self._word_list(f"snake-found-{p.index}")
            for w in p.words:
                item = QListWidgetItem(word_line(w.word, w.points, bonus=w.bonus, cancelled=w.cancelled))
                item.setData(WORD_ROLE, w.word)
                if w.cancelled:
                    f = item.font()
                    f.setStrikeOut(True)
                    item.setFont(f)
                    item.setForeground(QBrush(QColor(self.theme.muted)))
                lst.addItem(item)
            if not p.words:
                lst.addItem(QListWidgetItem(self.tr("(no words)")))
            label = "Your words" if len(players) == 1 else f"{p.name}"
            self.tabs.addTab(lst, f"{label} ({len(p.words)})")
        missed = self._word_list("snake-missed")
        for w in results.missed:
            item = QListWidgetItem(word_line(w, word_points(w)))
            item.setData(WORD_ROLE, w)
            missed.addItem(item)
        if not results.missed:
            missed.addItem(QListWidgetItem(self.tr("(none: every common word was found)")))
        self.tabs.addTab(missed, self.tr("Missed ({count})").format(count=len(results.missed)))
        if len(players) > 1:
            table = QTableWidget()
            table.setObjectName("snake-who-found")
            table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
            table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
            table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
            words = [w for w, _ in deal.words if w in results.finders]
            table.setColumnCount(len(players) + 1)
            table.setHorizontalHeaderLabels([self.tr("Word")] + [p.name for p in players])
            table.setRowCount(len(words))
            table.verticalHeader().hide()
            table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
            for r, w in enumerate(words):
                who = results.finders[w]
                item = QTableWidgetItem(w)
                item.setData(WORD_ROLE, w)
                table.setItem(r, 0, item)
                for c in range(len(players)):
                    mark = ("✓" + (" ✗" if len(who) > 1 and results.cancel_rule else "")) if c in who else ""
                    cell = QTableWidgetItem(mark)
                    cell.setData(WORD_ROLE, w)
                    cell.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                    table.setItem(r, c + 1, cell)
            table.itemClicked.connect(lambda item: self.show_word(item.data(WORD_ROLE)))
            self.tabs.addTab(table, self.tr("Who found"))
        every = self._word_list("snake-all-words")
        for w, _ in deal.words:
            item = QListWidgetItem(word_line(w, word_points(w), bonus=w not in deal.common))
            item.setData(WORD_ROLE, w)
            every.addItem(item)
        self.tabs.addTab(every, self.tr("All ({count})").format(count=len(deal.words)))

    def _word_list(self, name: str) -> QListWidget:
        lst = QListWidget()
        lst.setObjectName(name)
        lst.itemClicked.connect(lambda item: self.show_word(item.data(WORD_ROLE)))
        lst.currentItemChanged.connect(lambda item, _prev: item and self.show_word(item.data(WORD_ROLE)))
        return lst

    def show_word(self, word) -> None:
        if not word or word not in self.paths or self.results is None:
            return
        self.board_view.set_path(self.paths[word])
        who = self.results.finders.get(word, ())
        names = ", ".join(self.results.players[i].name for i in who)
        found = f"found by {names}" if names else "not found"
        if len(self.results.players) == 1:
            found = "found" if who else "not found"
        self.caption.setText(self.tr("{word}: {count} letters, {found}.")
                             .format(word=word, count=len(word), found=found))
        self.show_definition(word)

    # meanings
    def show_definition(self, word: str) -> None:
        """The meaning of ``word`` beside its path; the definitions are read in a worker the
        first time (the panel says so meanwhile)."""
        defs = self.definitions_for(self.lang)
        if defs is None:
            return
        self.definition_word = word
        if defs.loaded or defs.error is not None:
            self._render_definition(word, defs)
            return
        self.definition.setHtml(self.tr("<i>Looking up {word}…</i>").format(word=word))
        self._start_definitions_load()

    def _start_definitions_load(self) -> None:
        """Read the language's definitions in the worker (once); when done, the latest
        clicked word's meaning is shown."""
        defs = self.definitions_for(self.lang)
        if defs is None or defs.loaded or defs.error is not None:
            return
        if self._definitions_job is not None and not self._definitions_job.finished.is_set():
            return  # a load is under way
        job = Job(lambda _cancelled, _progress: defs.load())
        # bound methods, so the connection ends with this page
        job.signals.done.connect(self._definitions_loaded)
        job.signals.failed.connect(self._definitions_loaded)
        self._definitions_job = job
        self._definitions_pool.start(job)

    def _definitions_loaded(self, _result=None) -> None:
        defs = self.definitions_for(self.lang)
        if self.definition_word and defs is not None:
            self._render_definition(self.definition_word, defs)

    def _render_definition(self, word: str, defs) -> None:
        try:
            senses = defs.lookup(word)
        except definitions.DefinitionsError as e:
            self.definition.setHtml(
                self.tr("<span style='color:{bad}'>Definitions cannot be shown: "
                        "{html_escape}</span>")
                        .format(bad=self.theme.bad, html_escape=html_escape(str(e))))
        else:
            self.definition.setHtml(definitions.describe_html(word, senses, lang=self.lang,
                                                              title=False))
        self.definition_ready.emit()

    def definition_text(self) -> str:
        return self.definition.toPlainText()

    def sizeHint(self) -> QSize:
        return QSize(1000, 680)
