"""Classic-rules play: the setup options (hide the live validity preview, challenge mode) and
the Challenge button and action of the window.

Under challenge rules a play is not looked up at Done: it stands unless the next player
challenges it before moving.  Double challenge: a phony is taken back (its player's turn is
lost), a wrong challenge loses the challenger's turn.  Single challenge: a phony is taken
back, a wrong challenge gives the player challenged 5 points (the rules' challenge_bonus).
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (QCheckBox, QComboBox, QGroupBox, QHBoxLayout, QLabel,
                               QPushButton, QSizePolicy, QVBoxLayout, QWidget)

from wordbler.boardgame.model import TurnKind
from wordbler.boardgame.placement import Reason
from wordbler.boardgame.rules import ChallengeRule

CHALLENGE_TITLES = {  # marked for translation, translated when shown
    ChallengeRule.NONE: QT_TRANSLATE_NOOP("classic", "No challenges"),
    ChallengeRule.DOUBLE: QT_TRANSLATE_NOOP(
        "classic", "Double challenge (a wrong challenge loses your turn)"),
    ChallengeRule.SINGLE: QT_TRANSLATE_NOOP(
        "classic", "Single challenge (a wrong challenge gives 5 points)"),
}


def without_validity(preview):
    """The preview with the dictionary's verdict left out (shape and score stay)."""
    if preview is None:
        return None
    error = preview.error
    if error is not None and error.reason is Reason.INVALID_WORDS:
        error = None
    return replace(preview, error=error, invalid_words=())


class ClassicOptionsBox(QGroupBox):
    """Setup: the live validity preview and the challenge rule."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Classic play", parent)
        self.show_validity = QCheckBox(self.tr("Show while placing whether the words are valid"), self)
        self.show_validity.setChecked(True)
        self.show_validity.setToolTip(self.tr("Off: you learn whether a word is valid only at "
                                              "Done (or when it is challenged)"))
        self.challenge = QComboBox(self)
        for rule, title in CHALLENGE_TITLES.items():
            self.challenge.addItem(QCoreApplication.translate("classic", title), rule.value)
        self.challenge.setAccessibleName(self.tr("Challenges"))
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Challenges:"), self))
        row.addWidget(self.challenge, 1)
        lay = QVBoxLayout(self)
        lay.addWidget(self.show_validity)
        lay.addLayout(row)
        self.challenge.currentIndexChanged.connect(self._sync)
        self._sync()

    def _sync(self) -> None:
        # with challenges the preview must not tell: a phony is for the opponent to spot
        challenging = self.rule() is not ChallengeRule.NONE
        if challenging:
            self.show_validity.setChecked(False)
        self.show_validity.setEnabled(not challenging)

    def rule(self) -> ChallengeRule:
        return ChallengeRule(self.challenge.currentData())

    def set_changes(self, changes: dict) -> None:
        rule = changes.get("challenge", ChallengeRule.NONE)
        self.challenge.setCurrentIndex(self.challenge.findData(ChallengeRule(rule).value))
        self.show_validity.setChecked(bool(changes.get("show_validity", True))
                                      and self.rule() is ChallengeRule.NONE)

    def rule_changes(self) -> tuple[tuple[str, object], ...]:
        out: list[tuple[str, object]] = []
        if self.rule() is not ChallengeRule.NONE:
            out.append(("challenge", self.rule()))
        if not self.show_validity.isChecked():
            out.append(("show_validity", False))
        return tuple(out)


class ChallengeController(QObject):
    """The Challenge button (beside Done) and Turn > Challenge the last play (Ctrl+L)."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.action = QAction(self.tr("&Challenge the last play"), window)
        self.action.setShortcut(QKeySequence("Ctrl+L"))
        self.action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.action.triggered.connect(self.challenge)
        menu = getattr(window, "turn_menu", None)
        (menu or window).addAction(self.action)
        self.button: QPushButton | None = None
        self.session = None
        window.game_started.connect(self.follow)
        self.follow()

    def follow(self) -> None:
        w = self.window
        session = getattr(w, "session", None)
        if session is None or session is self.session:
            return
        self.session = session
        self.button = None
        on = session.rules.challenge is not ChallengeRule.NONE
        self.action.setVisible(on)
        if on:
            table = w.table
            self.button = QPushButton(self.tr("Challenge"), table)
            self.button.setObjectName("ChallengeButton")
            self.button.setToolTip(self.tr("Challenge the last play: it is looked up now (Ctrl+L)"))
            self.button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            self.button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            self.button.clicked.connect(self.challenge)
            lay = table.side.layout()
            lay.insertWidget(lay.indexOf(table.recap_label), self.button)
            session.state_changed.connect(self.refresh)
        self.refresh()

    def can_challenge(self) -> bool:
        s = self.session
        return (s is not None and s.rules.challenge is not ChallengeRule.NONE and s.can_act()
                and s.game.challengeable() is not None)

    def refresh(self) -> None:
        ok = self.can_challenge()
        self.action.setEnabled(ok)
        if self.button is not None:
            last = self.session.game.challengeable() if self.session is not None else None
            self.button.setEnabled(ok)
            self.button.setText(self.tr("Challenge {word}")
                                .format(word=last.words[0].word) if ok and last and last.words
                                else self.tr("Challenge"))

    def challenge(self) -> None:
        if not self.can_challenge():
            return
        s = self.session
        names = s.names()
        last = s.game.challengeable()
        mover = names[last.player]
        words = ", ".join(w.word for w in last.words)
        record = s.challenge()
        if record is None:
            return
        show = getattr(self.window, "show_message", None)
        if record.kind is TurnKind.FAILED_PLAY:
            bad = ", ".join(record.invalid_words)
            verb = "is" if len(record.invalid_words) == 1 else "are"
            text = f"Challenge upheld: {bad} {verb} not in the dictionary. {mover}'s play is taken back."
            kind = "info"
        elif record.kind is TurnKind.PASS:
            text = f"{words}: all valid. The challenge fails and {names[record.player]} loses this turn."
            kind = "error"
        else:
            text = (f"{words}: all valid. The challenge fails: {mover} gets "
                    f"{record.score} points.")
            kind = "error"
        if show is not None:
            show(text, kind)
        self.refresh()
