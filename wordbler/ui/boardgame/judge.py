"""Game > Word judge… (Ctrl+J): settle a dispute about words during play.

The player types one or more words (separated by spaces or commas) and presses Enter; each is
shown as VALID or NOT VALID for the game's own word list (``word in session.game.lexicon``).
For valid words of an English list the meaning follows, from
:mod:`wordbler.lexicon.definitions` (the file is read once, in a worker thread).  Invalid words
never get a meaning, and the dialog shows nothing of any rack.  The score history's context
menu ("Meaning of WORD") opens the same dialog with that word looked up.
"""

from __future__ import annotations

import re
from html import escape
from typing import Callable

from PySide6.QtCore import QCoreApplication, QObject, QRunnable, Qt, QThreadPool, Signal
from PySide6.QtWidgets import (
    QDialog, QDialogButtonBox, QLabel, QLineEdit, QMenu, QTextBrowser, QVBoxLayout, QWidget,
)

from wordbler.lexicon import definitions
from wordbler.ui.common.jobs import emit, release

_SPLIT = re.compile(r"[\s,;]+")
_ASCII = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def game_lang(lexicon, tiles=None) -> str | None:
    """The language of a game's word list: its alphabet's code when it has one (a WordList),
    else "en" when the tile letters are A-Z; None when it cannot be told."""
    alphabet = getattr(lexicon, "alphabet", None)
    code = getattr(alphabet, "code", None)
    if isinstance(code, str):
        return code
    letters = {k for k in getattr(tiles, "counts", {}) if k != "?"}
    return "en" if letters and letters <= _ASCII else None


def split_words(text: str) -> list[str]:
    """The words typed, upper-case, in order, each once."""
    out: list[str] = []
    for w in _SPLIT.split(text.strip()):
        w = w.strip().upper()
        if w and w not in out:
            out.append(w)
    return out


def meaning_menu(parent: QWidget, words, requested: Callable[[str], object]) -> QMenu:
    """A menu of "Meaning of WORD", one action per word (its data: the word); choosing one
    calls ``requested(word)``.  The score history, the recaps, the hint list and the game-over
    screen all offer their words this way; the word judge shows the meaning."""
    menu = QMenu(parent)
    for w in words:
        act = menu.addAction(QCoreApplication.translate("WordJudgeDialog", "Meaning of {word}")
                             .format(word=w))
        act.setData(w)
        act.triggered.connect(lambda _=False, w=w: requested(w))
    return menu


def _italic(text: str) -> str:
    return f"<i>{escape(text)}</i>"


class _Signals(QObject):
    done = Signal(int)


class _LoadJob(QRunnable):
    def __init__(self, ticket: int, defs: definitions.Definitions, signals: _Signals) -> None:
        super().__init__()
        self.ticket, self.defs, self.signals = ticket, defs, signals

    def run(self) -> None:  # worker thread; an error is kept by defs and shown later
        try:
            self.defs.load()
        except (ValueError, OSError):
            pass
        emit(self.signals.done, self.ticket)
        release(self)


class WordJudgeDialog(QDialog):
    """Non-modal: type words, Enter, see each VALID / NOT VALID (and a valid word's meaning)."""

    judged = Signal()  # the verdicts (and any meanings) are on screen

    def __init__(self, lexicon, lang: str | None, parent: QWidget | None = None,
                 definitions_for: Callable[[str], definitions.Definitions | None] | None = None,
                 ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Word judge"))
        self.setModal(False)
        self.resize(520, 420)
        self.lexicon = lexicon
        self.lang = lang
        self.definitions_for = definitions_for or definitions.bundled_definitions
        self.verdicts: list[tuple[str, bool]] = []
        self._ticket = 0
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._signals = _Signals()
        self._signals.done.connect(self._loaded)
        layout = QVBoxLayout(self)
        prompt = QLabel(self.tr("Type words (separate them with spaces or commas) and press Enter:"),
                        self)
        prompt.setTextFormat(Qt.TextFormat.PlainText)
        prompt.setWordWrap(True)
        layout.addWidget(prompt)
        self.entry = QLineEdit(self)
        self.entry.setAccessibleName(self.tr("Words to judge"))
        self.entry.setPlaceholderText(self.tr("e.g. cat, dogz"))
        self.entry.returnPressed.connect(self.judge)
        layout.addWidget(self.entry)
        prompt.setBuddy(self.entry)
        self.result = QTextBrowser(self)
        self.result.setAccessibleName(self.tr("Verdicts"))
        self.result.setOpenLinks(False)
        layout.addWidget(self.result, 1)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close = box.button(QDialogButtonBox.StandardButton.Close)
        close.setAutoDefault(False)  # Enter judges the words; it never closes the dialog
        close.setDefault(False)
        box.rejected.connect(self.close)
        layout.addWidget(box)
        if lexicon is None:
            self.entry.setEnabled(False)
            self._set_html(_italic(self.no_lexicon_text()))
        else:
            self._set_html(_italic(self.tr("Words are judged against this game's word list.")))

    @staticmethod
    def no_lexicon_text() -> str:
        return QCoreApplication.translate(
            "WordJudgeDialog", "This game has no word list, so words cannot be judged.")

    @staticmethod
    def english_only_text() -> str:
        return QCoreApplication.translate(
            "WordJudgeDialog", "Meanings are available for English words only.")

    # ------------------------------------------------------------------ judging
    def look_up(self, text: str) -> None:
        """Put ``text`` in the entry and judge it (the score history's "Meaning of WORD")."""
        self.entry.setText(text)
        self.judge()

    def judge(self) -> None:
        self._ticket += 1
        if self.lexicon is None:
            self.verdicts = []
            self._set_html(_italic(self.no_lexicon_text()))
            self.judged.emit()
            return
        words = split_words(self.entry.text())
        self.verdicts = [(w, self._valid(w)) for w in words]
        if not words:
            self._set_html(_italic(self.tr("Type a word first.")))
            self.judged.emit()
            return
        defs = self._defs()
        if defs is not None and any(ok for _, ok in self.verdicts) \
                and not defs.loaded and defs.error is None:
            self._render(defs, pending=True)
            self._pool.start(_LoadJob(self._ticket, defs, self._signals))
            return
        self._render(defs)

    def _valid(self, word: str) -> bool:
        # the list's own letters: in Russian Ё is read as Е, as the tiles play it
        normalise = getattr(getattr(self.lexicon, "alphabet", None), "try_normalise", None)
        if callable(normalise):
            word = normalise(word)
            if word is None:  # a character outside the alphabet
                return False
        try:
            return word in self.lexicon
        except (TypeError, ValueError):
            return False

    def _defs(self) -> definitions.Definitions | None:
        return self.definitions_for(self.lang) if self.lang == "en" else None

    def _loaded(self, ticket: int) -> None:
        if ticket == self._ticket:
            self._render(self._defs())

    def _render(self, defs: definitions.Definitions | None, pending: bool = False) -> None:
        parts = []
        valid = escape(self.tr("VALID"))
        not_valid = escape(self.tr("NOT VALID"))
        from .theme import theme_of

        th = theme_of(self)  # lighter red and green on the dark theme's dark page
        bad, good = (th.invalid, th.ok) if th.dark else ("#b03a2e", "#1e7b34")
        for word, ok in self.verdicts:
            w = escape(word)
            if not ok:
                parts.append(f"<p><b>{w}</b> — <span style='color:{bad}'><b>{not_valid}</b>"
                             "</span></p>")
                continue
            parts.append(f"<p><b>{w}</b> — <span style='color:{good}'><b>{valid}</b></span></p>")
            if defs is None:
                continue
            if pending:
                parts.append(f"<p><i>{escape(self.tr('Looking up {word}…').format(word=word))}"
                             "</i></p>")
                continue
            try:
                senses = defs.lookup(word)
            except definitions.DefinitionsError as e:
                parts.append("<p><i>" + escape(self.tr("Definitions cannot be shown: {error}")
                                               .format(error=e)) + "</i></p>")
            else:
                parts.append("<div style='margin-left:12px'>"
                             + definitions.describe_html(word, senses, lang=self.lang or "en",
                                                         title=False) + "</div>")
        if defs is None and any(ok for _, ok in self.verdicts):
            # a Russian (or other) game: say why a valid word has no meaning
            parts.append(f"<p>{_italic(self.english_only_text())}</p>")
        self._set_html("".join(parts))
        if not pending:
            self.judged.emit()

    def forget(self) -> None:
        """Clear the words and verdicts (a hint's word must not stay on show for the next
        player)."""
        self._ticket += 1
        self.verdicts = []
        self.entry.clear()
        self._set_html(_italic(self.tr("Words are judged against this game's word list.")))

    def _set_html(self, html: str) -> None:
        self.result.setHtml(html)

    def result_text(self) -> str:
        """What the player reads, as plain text."""
        return self.result.toPlainText()
