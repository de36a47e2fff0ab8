"""The New Puzzle dialog: words, size, level, shape, extras and players."""

from __future__ import annotations

import random

from PySide6.QtCore import QSettings, QSize, Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout,
                               QLabel, QLayout, QLineEdit, QPlainTextEdit, QPushButton, QSizePolicy,
                               QSpinBox, QStackedWidget, QVBoxLayout, QWidget)

from wordbler.lexicon import WordListError
from wordbler.lexicon.alphabet import AlphabetError, get_alphabet
from wordbler.wordsearch import Settings, WordSearchError, make_entries, make_mask, mask_from_picture
from wordbler.wordsearch.generator import normalise_message
from wordbler.wordsearch.grid import LEVELS, longest_line
from wordbler.wordsearch.play import MAX_PLAYERS
from wordbler.wordsearch.words import common_pool, draw_words, read_text_file, theme_entries, theme_names

from .session import Request

LANGS = [("en", "English"), ("ru", "Russian"), ("fr", "French")]
SOURCES = [("common", "Common words"), ("theme", "A themed list"), ("mine", "My own words")]
SHAPES = [("rectangle", "Rectangle"), ("circle", "Circle"), ("heart", "Heart"), ("diamond", "Diamond"),
          ("picture", "My picture of cells")]
DEFAULT_PICTURE = "\n".join([
    "..####...####..", ".######.######.", "###############", "###############", "###############",
    ".#############.", "..###########..", "...#########...", "....#######....", ".....#####.....",
    "......###......",
])


class NewPuzzleDialog(QDialog):
    """Builds a :class:`Request`; input errors show in the dialog, which stays open."""

    def __init__(self, parent: QWidget | None = None, settings: QSettings | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("New word search"))
        self.setMinimumWidth(560)
        self.request: Request | None = None
        self._settings = settings
        self._fitted: QSize | None = None  # the size _fit gave the dialog last
        self._user_sized = False  # the user has resized the dialog since it showed
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)

        self.lang = QComboBox()
        for code, name in LANGS:
            self.lang.addItem(name, code)
        form.addRow(self.tr("&Language:"), self.lang)

        self.source = QComboBox()
        for key, name in SOURCES:
            self.source.addItem(name, key)
        form.addRow(self.tr("&Words:"), self.source)
        self.source_pages = QStackedWidget()
        self.count = QSpinBox()
        self.count.setRange(1, 200)
        self.count.setValue(20)
        self.count.setSuffix(self.tr(" words"))
        self.theme = QComboBox()
        mine = QWidget()
        ml = QVBoxLayout(mine)
        ml.setContentsMargins(0, 0, 0, 0)
        self.words = QPlainTextEdit()
        self.words.setPlaceholderText(self.tr("One word a line (spaces and hyphens are fine: ice cream)"))
        self.words.setMinimumHeight(90)
        load = QPushButton(self.tr("Load from a file\u2026"))
        load.clicked.connect(self._load_file)
        ml.addWidget(self.words)
        ml.addWidget(load, 0, Qt.AlignmentFlag.AlignLeft)
        for control in (self.count, self.theme):  # at the top of its page, its own height
            page = QWidget()
            pl = QVBoxLayout(page)
            pl.setContentsMargins(0, 0, 0, 0)
            pl.addWidget(control, 0, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            self.source_pages.addWidget(page)
        self.source_pages.addWidget(mine)
        form.addRow("", self.source_pages)

        size = QWidget()
        sl = QHBoxLayout(size)
        sl.setContentsMargins(0, 0, 0, 0)
        self.cols = QSpinBox()
        self.rows = QSpinBox()
        for s in (self.cols, self.rows):
            s.setRange(5, 50)
            s.setValue(15)
        sl.addWidget(self.cols)
        sl.addWidget(QLabel(self.tr("columns \u00d7")))
        sl.addWidget(self.rows)
        sl.addWidget(QLabel(self.tr("rows")))
        sl.addStretch(1)
        form.addRow(self.tr("&Size:"), size)

        self.level = QComboBox()
        for key, text in [("easy", "Easy \u2013 across and down"),
                          ("medium", "Medium \u2013 and diagonally down"),
                          ("hard", "Hard \u2013 all eight directions, backwards too")]:
            self.level.addItem(text, key)
        self.level.setCurrentIndex(1)
        form.addRow(self.tr("&Level:"), self.level)

        self.shape = QComboBox()
        for key, name in SHAPES:
            self.shape.addItem(name, key)
        form.addRow(self.tr("S&hape:"), self.shape)
        self.picture = QPlainTextEdit(DEFAULT_PICTURE)
        self.picture.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.picture.setToolTip(self.tr("# is a cell, . is a hole; each line is a row (5 to 50 of each)"))
        self.picture.setMinimumHeight(120)
        self.picture_label = QLabel(self.tr("Picture:"))
        form.addRow(self.picture_label, self.picture)

        self.title = QLineEdit()
        self.title.setPlaceholderText(self.tr("Printed above the puzzle"))
        form.addRow(self.tr("&Title:"), self.title)
        self.message = QLineEdit()
        self.message.setPlaceholderText(self.tr("Spelled by the unused letters (optional)"))
        form.addRow(self.tr("Hidden &message:"), self.message)
        self.bonus = QLineEdit()
        self.bonus.setPlaceholderText(self.tr("Secret words, not in the list, comma-separated (optional)"))
        form.addRow(self.tr("&Bonus words:"), self.bonus)
        self.players = QLineEdit()
        self.players.setPlaceholderText(self.tr("Hot-seat: 2 to {MAX_PLAYERS} names, "
                                                "comma-separated (empty: play alone)")
                                                .format(MAX_PLAYERS=MAX_PLAYERS))
        form.addRow(self.tr("&Players:"), self.players)
        self.seed = QLineEdit()
        self.seed.setPlaceholderText(self.tr("Empty: a new random puzzle"))
        form.addRow(self.tr("S&eed:"), self.seed)

        self.error = QLabel()
        self.error.setObjectName("error")
        self.error.setTextFormat(Qt.TextFormat.PlainText)  # messages quote file contents
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020;")
        self.error.hide()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Make puzzle"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.buttons = buttons
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

        self.lang.currentIndexChanged.connect(self._fill_themes)
        self.source.currentIndexChanged.connect(self._show_source_page)
        self.shape.currentIndexChanged.connect(self._shape_changed)
        self._fill_themes()
        self._restore()
        self._shape_changed()
        self._show_source_page(self.source.currentIndex())

    # ---- helpers ------------------------------------------------------------------------
    def _show_source_page(self, index: int) -> None:
        """Show the controls of the chosen word source, as tall as they are: a stack is as
        tall as its tallest page, and the word-count box was stretched to the height of the
        own-words page (about 180 pixels, with giant arrows in some styles)."""
        pages = self.source_pages
        for i in range(pages.count()):
            vertical = (QSizePolicy.Policy.Preferred if i == index
                        else QSizePolicy.Policy.Ignored)
            pages.widget(i).setSizePolicy(QSizePolicy.Policy.Preferred, vertical)
        pages.setCurrentIndex(index)
        pages.updateGeometry()  # the form's cached size of the stack goes
        for layout in self.findChildren(QLayout):  # the new policies count from now
            layout.invalidate()
        self._fit()  # as the picture's box does when it shows or goes

    def _fit(self) -> None:
        """Take the size the controls shown need; a size the user gave the dialog is kept
        (only grown where the controls need more): it snapped back to its natural size at
        every change of the word source or the shape."""
        fitted = self._fitted
        # the layout itself grows the dialog to its new minimum as the change happens
        if fitted is not None and self.isVisible() and \
                self.size() not in (fitted, fitted.expandedTo(self.minimumSizeHint())):
            self._user_sized = True
        if self._user_sized:
            layout = self.layout()
            if layout is not None:
                layout.activate()
            self.resize(self.size().expandedTo(self.minimumSizeHint()))
        else:
            self.adjustSize()
        self._fitted = self.size()

    def _fill_themes(self) -> None:
        current = self.theme.currentText()
        self.theme.clear()
        self.theme.addItems(theme_names(self.lang.currentData()))
        i = self.theme.findText(current)
        if i >= 0:
            self.theme.setCurrentIndex(i)

    def _shape_changed(self) -> None:
        picture = self.shape.currentData() == "picture"
        self.picture.setVisible(picture)
        self.picture_label.setVisible(picture)
        self.cols.setEnabled(not picture)
        self.rows.setEnabled(not picture)
        self._fit()

    def _load_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Words file"), "", self.tr("Text files (*.txt);;All files (*)"))
        if not path:
            return
        try:
            self.words.setPlainText(read_text_file(path))
            self._show_error("")
        except WordSearchError as e:
            self._show_error(str(e))

    def _show_error(self, text: str) -> None:
        self.error.setText(text)
        self.error.setVisible(bool(text))

    def _restore(self) -> None:
        s = self._settings
        if s is None:
            return
        s.beginGroup("wordsearch/new")
        for combo, key in ((self.lang, "lang"), (self.source, "source"), (self.level, "level"), (self.shape, "shape")):
            i = combo.findData(s.value(key, combo.currentData()))
            if i >= 0:
                combo.setCurrentIndex(i)
        self._fill_themes()
        i = self.theme.findText(str(s.value("theme", "")))
        if i >= 0:
            self.theme.setCurrentIndex(i)
        for spin, key in ((self.count, "count"), (self.cols, "cols"), (self.rows, "rows")):
            try:
                value = int(s.value(key, spin.value()))
            except (TypeError, ValueError, OverflowError):
                continue
            if spin.minimum() <= value <= spin.maximum():  # a number too large for Qt raised
                spin.setValue(value)
        self.words.setPlainText(str(s.value("words", "")))
        self.picture.setPlainText(str(s.value("picture", DEFAULT_PICTURE)))
        self.players.setText(str(s.value("players", "")))
        s.endGroup()

    def _remember(self) -> None:
        s = self._settings
        if s is None:
            return
        s.beginGroup("wordsearch/new")
        for combo, key in ((self.lang, "lang"), (self.source, "source"), (self.level, "level"), (self.shape, "shape")):
            s.setValue(key, combo.currentData())
        s.setValue("theme", self.theme.currentText())
        s.setValue("count", self.count.value())
        s.setValue("cols", self.cols.value())
        s.setValue("rows", self.rows.value())
        s.setValue("words", self.words.toPlainText())
        s.setValue("picture", self.picture.toPlainText())
        s.setValue("players", self.players.text())
        s.endGroup()

    # ---- building the request -------------------------------------------------------------
    def build(self) -> Request:
        """The request the dialog describes; ``WordSearchError`` naming the first problem."""
        lang = self.lang.currentData()
        alphabet = get_alphabet(lang)
        seed_text = self.seed.text().strip()
        if seed_text:
            try:
                seed = int(seed_text)
            except ValueError:
                raise WordSearchError(f"the seed {seed_text!r} is not a whole number") from None
        else:
            seed = random.SystemRandom().randrange(2 ** 31)
        if self.shape.currentData() == "picture":
            mask = mask_from_picture(self.picture.toPlainText())
        else:
            mask = make_mask(self.shape.currentData(), self.cols.value(), self.rows.value())
        level = self.level.currentData()
        limit = max(mask.cols, mask.rows)
        source = self.source.currentData()
        theme = ""
        if source == "common":
            top = min(10, longest_line(mask, LEVELS[level]) or limit)
            pool = common_pool(lang)
            try:
                entries = draw_words(pool, self.count.value(), random.Random(seed ^ 0x5EED), alphabet=alphabet,
                                     min_len=min(4, top), max_len=top)
            except WordSearchError:
                entries = draw_words(pool, self.count.value(), random.Random(seed ^ 0x5EED), alphabet=alphabet,
                                     min_len=2, max_len=top)
        elif source == "theme":
            theme = self.theme.currentText()
            if not theme:
                raise WordSearchError("there are no themed lists for this language")
            entries = [e for e in theme_entries(lang, theme) if len(e.word) <= limit]
        else:
            entries = make_entries(self.words.toPlainText().splitlines(), alphabet, max_len=limit)
            if not entries:
                raise WordSearchError("type some words (one a line), or choose common words or a theme")
        normalise_message(self.message.text(), alphabet)  # errors now, not in the worker
        bonus = tuple(b.strip() for b in self.bonus.text().split(",") if b.strip())
        make_entries(bonus, alphabet, max_len=limit)
        names = [n.strip() for n in self.players.text().split(",") if n.strip()]
        if len(names) == 1 or len(names) > MAX_PLAYERS:
            raise WordSearchError(f"hot-seat needs 2 to {MAX_PLAYERS} player names (or none to play alone)")
        if any(len(n) > 40 for n in names):
            raise WordSearchError("a player name is longer than 40 characters")
        settings = Settings(cols=mask.cols, rows=mask.rows, level=level, lang=lang, mask=mask,
                            message=self.message.text(), title=self.title.text().strip(), theme=theme, bonus=bonus)
        return Request(settings, tuple(entries), seed, tuple(names) or ("Player",))

    def accept(self) -> None:
        try:
            self.request = self.build()
        except (WordSearchError, AlphabetError, WordListError) as e:
            self._show_error(str(e))
            return
        self._show_error("")
        self._remember()
        super().accept()


def default_request(lang: str = "en") -> Request:
    """A first puzzle: 20 common words, 15x15, medium, a random seed."""
    seed = random.SystemRandom().randrange(2 ** 31)
    alphabet = get_alphabet(lang)
    entries = draw_words(common_pool(lang), 20, random.Random(seed ^ 0x5EED), alphabet=alphabet)
    return Request(Settings(lang=lang), tuple(entries), seed)

