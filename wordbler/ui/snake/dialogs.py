"""Dialogs of the Word Snake window: a board code, the high scores, the help."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QDialog, QDialogButtonBox,
                               QHeaderView, QLabel, QLineEdit, QTableWidget, QTableWidgetItem,
                               QTextBrowser, QVBoxLayout, QWidget)

from wordbler.snake import CodeError, ShareCode, parse_code
from wordbler.snake.storage import HighScores

from .texts import help_html, lang_name


def plain_labels(widget: QWidget) -> None:
    """Show every label under ``widget`` as plain text.  Labels here show text that comes
    from files (player names and messages from a saved round, file names, error messages
    quoting a file's values); Qt's automatic rich-text guess would render a crafted
    ``<img src=...>`` in such text and read that path, which hangs on a FIFO."""
    for label in widget.findChildren(QLabel):
        label.setTextFormat(Qt.TextFormat.PlainText)


class CodeDialog(QDialog):
    """Type a board code; a bad one is explained under the box and OK stays off."""

    def __init__(self, list_tag: str | None, parent: QWidget | None = None, *,
                 own_list: bool = False) -> None:
        """``list_tag``: the tag of the player's own list when it is known; ``own_list``:
        whether the setup names an own list at all (its tag may not be known yet)."""
        super().__init__(parent)
        self.setWindowTitle(self.tr("Board code"))
        self.setObjectName("snake-code-dialog")
        self.list_tag = list_tag
        self.own_list = own_list or list_tag is not None
        self.code: ShareCode | None = None
        self.edit = QLineEdit()
        self.edit.setObjectName("snake-code-edit")
        self.edit.setPlaceholderText(self.tr("for example EN-4X4-1Z3K9"))
        self.message = QLabel(" ")
        self.message.setObjectName("snake-code-message")
        self.message.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText(self.tr("Play this board"))
        self.ok.setEnabled(False)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        col = QVBoxLayout(self)
        col.addWidget(QLabel(self.tr("The code of a board (language, size and seed):")))
        col.addWidget(self.edit)
        col.addWidget(self.message)
        col.addWidget(self.buttons)
        plain_labels(self)
        self.edit.textChanged.connect(self._check)
        self.setMinimumWidth(420)

    def _check(self, text: str) -> None:
        self.code = None
        if not text.strip():
            self.message.setText(" ")
            self.ok.setEnabled(False)
            return
        try:
            code = parse_code(text)
        except CodeError as e:
            self.message.setText(str(e))
            self.message.setStyleSheet("color: #a93226;")
            self.ok.setEnabled(False)
            return
        self.code = code
        note = self.tr("{language}, {cols}×{rows} board.").format(
            language=lang_name(code.lang), cols=code.cols, rows=code.rows)
        warning = None
        if code.list_tag and not self.own_list:
            warning = ("This code was made with someone's own word list: with the bundled "
                       "list the board will differ.")
        elif self.own_list and not code.list_tag:
            warning = ("This code was made with the bundled list: with your own list the "
                       "board will differ.")
        elif code.list_tag and self.list_tag is None:
            warning = (f"This code was made with an own word list ({code.list_tag}): the board "
                       "is the same only with that list.")
        elif code.list_tag and code.list_tag != self.list_tag:
            warning = "This code was made with another word list: the board will differ."
        if warning:
            note += " " + warning
            self.message.setStyleSheet("color: #b9770e;")
        else:
            self.message.setStyleSheet("")
        self.message.setText(note)
        self.ok.setEnabled(True)


class HighScoresDialog(QDialog):
    """The high-score tables, one per language, size (and own word list)."""

    def __init__(self, scores: HighScores, current: str | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Word Snake high scores"))
        self.setObjectName("snake-scores-dialog")
        self.scores = scores
        self.chooser = QComboBox()
        self.chooser.setObjectName("snake-scores-table-choice")
        keys = sorted(scores.tables)
        if current and current not in keys:
            keys.insert(0, current)
        for k in keys:
            self.chooser.addItem(table_title(k), k)
        self.table = QTableWidget()
        self.table.setObjectName("snake-scores-table")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.empty = QLabel(self.tr("No scores yet: finish a round to make the table."))
        self.note = QLabel(scores.problem or "")
        self.note.setWordWrap(True)
        self.note.setVisible(bool(scores.problem))
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        box.rejected.connect(self.reject)
        box.accepted.connect(self.accept)
        col = QVBoxLayout(self)
        col.addWidget(self.chooser)
        col.addWidget(self.table, 1)
        col.addWidget(self.empty)
        col.addWidget(self.note)
        col.addWidget(box)
        plain_labels(self)
        self.chooser.currentIndexChanged.connect(self._show)
        if current and current in keys:
            self.chooser.setCurrentIndex(keys.index(current))
        self._show()

    def _show(self) -> None:
        key = self.chooser.currentData()
        rows = self.scores.table(key) if key else []
        headers = ["#", "Name", "Score", "Words", "Found", "Date", "Board", "Notes"]
        self.table.setColumnCount(len(headers))
        self.table.setHorizontalHeaderLabels(headers)
        self.table.setRowCount(len(rows))
        for r, e in enumerate(rows):
            notes = []
            if e.hinted:
                notes.append("with hints")
            if e.players > 1:
                notes.append(f"{e.players} players")
            vals = [str(r + 1), e.name, str(e.score), str(e.words), f"{e.percent:.0f}%", e.date,
                    e.code, ", ".join(notes)]
            for c, v in enumerate(vals):
                self.table.setItem(r, c, QTableWidgetItem(v))
        self.empty.setVisible(not rows)
        self.table.setVisible(bool(rows))

    def sizeHint(self) -> QSize:
        return QSize(720, 420)


def table_title(key: str) -> str:
    parts = key.split("-")
    lang = lang_name(parts[0])
    size = parts[1].replace("x", "×") if len(parts) > 1 else "?"
    own = f", own list {parts[2]}" if len(parts) > 2 else ""
    return f"{lang} {size}{own}"


class HelpDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Word Snake: rules and keys"))
        self.setObjectName("snake-help")
        text = QTextBrowser()
        text.setHtml(help_html())
        text.setOpenExternalLinks(False)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        box.rejected.connect(self.reject)
        col = QVBoxLayout(self)
        col.addWidget(text)
        col.addWidget(box)
        self.text = text
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)

    def sizeHint(self) -> QSize:
        return QSize(640, 620)
