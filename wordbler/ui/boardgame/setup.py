"""The setup dialog: players (name, mascot, human or computer, head start), rules preset,
dictionary.

A mascot is picked by dragging it from the palette onto a player's box (MIME type
``application/x-wordbler-mascot``); each pick is a command on the dialog's undo stack, so
"Undo pick" (Ctrl+Z) gives the previous mascot back, also to a player it was taken from.
"""

from __future__ import annotations

import json

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QPoint, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QDrag, QKeySequence, QPainter, QPixmap, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QApplication,
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QCheckBox,
    QRadioButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from wordbler.boardgame.game import PlayerSpec
from wordbler.boardgame.languages import LANGUAGES
from wordbler.boardgame.rules import PRESETS

from .config import (DictionaryUnavailable, GameConfig, computer_levels, load_lexicon,
                     preload_bundled)
from .mascots import mascot_names, mascot_title, paint_mascot
from .mime import mascot_mime, read_mascot_mime
from .panels import MascotView
from .dialogs import FittedDialog
from .theme import theme_of

#: the names a new game offers (marked for translation; translated when put in the form)
DEFAULT_NAMES = (QT_TRANSLATE_NOOP("SetupDialog", "Player 1"),
                 QT_TRANSLATE_NOOP("SetupDialog", "Player 2"),
                 QT_TRANSLATE_NOOP("SetupDialog", "Player 3"),
                 QT_TRANSLATE_NOOP("SetupDialog", "Player 4"))


def default_name(seat: int) -> str:
    """The name offered for ``seat`` (0-based), in the UI's language."""
    return QCoreApplication.translate("SetupDialog", DEFAULT_NAMES[seat])


class MascotChip(MascotView):
    """A mascot in the palette: drag it onto a player."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(name, parent)
        self._press: QPoint | None = None
        self.setToolTip(self.tr("{mascot}: drag onto a player").format(mascot=mascot_title(name)))
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.setFixedSize(52, 52)
        self.setAccessibleName(mascot_title(name))

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position().toPoint()

    def mouseMoveEvent(self, event) -> None:
        if self._press is None:
            return
        if (event.position().toPoint() - self._press).manhattanLength() < QApplication.startDragDistance():
            return
        self._press = None
        drag = QDrag(self)
        drag.setMimeData(mascot_mime(self.mascot()))
        dpr = self.devicePixelRatioF()
        pm = QPixmap(self.size() * dpr)
        pm.setDevicePixelRatio(dpr)
        pm.fill(Qt.GlobalColor.transparent)
        p = QPainter(pm)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        paint_mascot(p, QRectF(0, 0, self.width(), self.height()), self.mascot())
        p.end()
        drag.setPixmap(pm)
        drag.setHotSpot(QPoint(self.width() // 2, self.height() // 2))
        drag.exec(Qt.DropAction.CopyAction)

    def mouseReleaseEvent(self, event) -> None:
        self._press = None


#: the head starts the dialog offers (points; the engine allows up to MAX_HANDICAP)
HEAD_START_MAX = 200
HEAD_START_STEP = 5


class PlayerBox(QFrame):
    """One seat: name, mascot (a drop target), human or computer, and a head start in points."""

    mascot_dropped = Signal(int, str)  # seat, mascot
    changed = Signal()

    def __init__(self, seat: int, levels: dict[str, str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seat = seat
        self.setObjectName("PlayerBox")
        theme_of(self).apply_surface(self, theme_of(self).panel_background)
        self.setAcceptDrops(True)
        self._hover = False
        self.mascot_view = MascotView(None, self)
        self.mascot_view.setFixedSize(64, 64)
        self.mascot_view.setToolTip(self.tr("Drag a mascot here"))
        self.mascot_hint = QLabel(self.tr("Drag a mascot here"), self)
        self.mascot_hint.setStyleSheet(f"color: {theme_of(self).muted_text}; font-size: 11px")
        self.name_edit = QLineEdit(self)
        self.name_edit.setPlaceholderText(self.tr("Name (required)"))
        self.name_edit.setMaxLength(24)
        self.name_edit.setAccessibleName(self.tr("Name of player {number}").format(number=seat + 1))
        self.name_error = QLabel(self)
        self.name_error.setStyleSheet(f"color: {theme_of(self).invalid}; font-size: 11px")
        self.kind = QComboBox(self)
        self.kind.addItem(self.tr("Human"), None)
        for key, title in levels.items():
            self.kind.addItem(self.tr("Computer: {level}").format(level=title), key)
        self.kind.setVisible(bool(levels))
        self.kind.setAccessibleName(self.tr("Player {number} is").format(number=seat + 1))
        # every choice fits: the box is as wide as its longest ("Computer: Scholar (intermed…")
        self.kind.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        # a head start: points the player has before the first move (PlayerSpec.handicap)
        self.head_start = QSpinBox(self)
        self.head_start.setRange(0, HEAD_START_MAX)
        self.head_start.setSingleStep(HEAD_START_STEP)
        self.head_start.setSuffix(self.tr(" points"))
        self.head_start.setAccessibleName(self.tr("Head start of player {number}").format(
            number=seat + 1))
        tip = self.tr("The player starts the game with these points: a head start evens a "
                      "game between players of different strength, for instance against a "
                      "strong computer. It counts in the final score and for the win.")
        self.head_start.setToolTip(tip)
        self.head_start_label = QLabel(self.tr("Head start:"), self)
        self.head_start_label.setBuddy(self.head_start)
        self.head_start_label.setToolTip(tip)
        head_row = QHBoxLayout()
        head_row.addWidget(self.head_start_label)
        head_row.addWidget(self.head_start)
        head_row.addStretch(1)
        title = QLabel("<b>" + self.tr("Player {number}").format(number=seat + 1) + "</b>", self)
        grid = QGridLayout(self)
        grid.setContentsMargins(8, 6, 8, 6)
        grid.addWidget(self.mascot_view, 0, 0, 3, 1, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(title, 0, 1)
        grid.addWidget(self.mascot_hint, 0, 2, Qt.AlignmentFlag.AlignRight)
        grid.addWidget(self.name_edit, 1, 1, 1, 2)
        grid.addWidget(self.kind, 2, 1, 1, 2)
        grid.addLayout(head_row, 3, 1, 1, 2)
        grid.addWidget(self.name_error, 4, 0, 1, 3)  # the whole width: never cut
        grid.setColumnStretch(1, 1)
        self.name_error.setWordWrap(True)
        self.name_error.hide()
        self.setMinimumHeight(104)
        self.setMinimumWidth(300)
        self.name_edit.textChanged.connect(self.changed)
        self.kind.currentIndexChanged.connect(self.changed)
        self._style()

    def _style(self) -> None:
        border = theme_of(self).selected if self._hover else theme_of(self).player_border
        self.setStyleSheet(f"QFrame#PlayerBox {{ background: {theme_of(self).panel_background}; "
                           f"border: 2px {'solid' if self._hover else 'dashed'} {border}; border-radius: 8px; }}"
                           f"QLabel {{ color: {theme_of(self).text}; }}")

    def mascot(self) -> str | None:
        return self.mascot_view.mascot()

    def set_mascot(self, name: str | None) -> None:
        self.mascot_view.set_mascot(name)
        self.mascot_hint.setText(mascot_title(name) if name else self.tr("Drag a mascot here"))
        colour = theme_of(self).muted_text if name else theme_of(self).invalid
        self.mascot_hint.setStyleSheet(f"color: {colour}; font-size: 11px")
        self.mascot_view.setAccessibleName(mascot_title(name) if name else self.tr("no mascot"))
        self.changed.emit()

    def set_error(self, text: str) -> None:
        self.name_error.setText(text)
        self.name_error.setVisible(bool(text))

    def name(self) -> str:
        return self.name_edit.text().strip()

    def computer(self) -> str | None:
        return self.kind.currentData()

    def handicap(self) -> int:
        """The head start chosen, in points."""
        return self.head_start.value()

    def dragEnterEvent(self, event) -> None:
        if read_mascot_mime(event.mimeData()):
            event.acceptProposedAction()
            self._hover = True
            self._style()
        else:
            event.ignore()

    def dragMoveEvent(self, event) -> None:
        if read_mascot_mime(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragLeaveEvent(self, event) -> None:
        self._hover = False
        self._style()

    def dropEvent(self, event) -> None:
        self._hover = False
        self._style()
        name = read_mascot_mime(event.mimeData())
        if not name:
            event.ignore()
            return
        event.setDropAction(Qt.DropAction.CopyAction)
        event.accept()
        self.mascot_dropped.emit(self.seat, name)


class PickMascotCommand(QUndoCommand):
    """Give ``mascot`` to ``seat``; a player who had it loses it (undo restores both)."""

    def __init__(self, dialog: "SetupDialog", seat: int, mascot: str) -> None:
        # a QUndoCommand is no QObject: no self.tr(); its class name is the context
        super().__init__(QCoreApplication.translate(
            "PickMascotCommand", "Pick {mascot} for player {number}").format(
                mascot=mascot_title(mascot), number=seat + 1))
        self.dialog = dialog
        self.before = dialog.mascots()
        after = list(self.before)
        for i, m in enumerate(after):
            if m == mascot:
                after[i] = None
        after[seat] = mascot
        self.after = after

    def redo(self) -> None:
        self.dialog._set_mascots(self.after)

    def undo(self) -> None:
        self.dialog._set_mascots(self.before)


#: the last setup started (QSettings), offered by the next New game dialog after a restart
SETUP_KEY = "boardgame/last_setup"


def remember_setup(settings, config: GameConfig) -> None:
    """Keep ``config``'s choices (players' names, mascots, computer levels and head starts;
    rules, language, hint and classic-play options, clock) in ``settings`` (a QSettings, or
    None: nothing kept), as JSON, for :func:`recall_setup`."""
    if settings is None:
        return
    changes = {}
    for key, value in dict(config.rule_changes).items():
        if key in ("hints_allowed", "show_validity"):
            changes[key] = bool(value)
        elif key == "hint_cost":
            changes[key] = int(value)
        elif key == "challenge":
            changes[key] = getattr(value, "value", value)
    clock = config.clock
    data = {
        "players": [{"name": p.name, "mascot": p.mascot, "computer": p.computer,
                     "handicap": int(getattr(p, "handicap", 0))} for p in config.players],
        "rules": config.rules,
        "language": config.language,
        "rule_changes": changes,
        "clock": None if clock is None else {
            "mode": clock.mode.value, "per_move": clock.per_move, "total": clock.total,
            "penalty": clock.penalty},
    }
    settings.setValue(SETUP_KEY, json.dumps(data, ensure_ascii=False))


def recall_setup(settings) -> GameConfig | None:
    """The setup :func:`remember_setup` kept, as a configuration for the dialog's
    ``previous`` (no word list, no seed); None if there is none.  Whatever does not make
    sense in it (an older or damaged settings file) is left out: the dialog's default takes
    its place, never an error."""
    if settings is None:
        return None
    try:
        data = json.loads(str(settings.value(SETUP_KEY, "") or ""))
    except (TypeError, ValueError):
        return None
    if not isinstance(data, dict):
        return None

    def whole(value, lo: int, hi: int) -> int | None:
        ok = isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi
        return value if ok else None

    rules = data.get("rules")
    rules = rules if isinstance(rules, str) and rules in PRESETS else "standard"
    language = data.get("language")
    language = language if isinstance(language, str) and language in LANGUAGES else "en"
    mascots, levels = mascot_names(), computer_levels()
    players: list[PlayerSpec] = []
    given = data.get("players")
    for seat, p in enumerate(given[:4] if isinstance(given, list) else []):
        p = p if isinstance(p, dict) else {}
        name = p.get("name")
        name = name.strip()[:24] if isinstance(name, str) and name.strip() else default_name(seat)
        mascot = p.get("mascot") if p.get("mascot") in mascots else None
        computer = p.get("computer") if p.get("computer") in levels else None
        handicap = whole(p.get("handicap"), 0, HEAD_START_MAX) or 0
        players.append(PlayerSpec(name, mascot, computer, handicap))
    if len(players) < 2:
        players = [PlayerSpec(default_name(i), None) for i in range(2)]
    # every player a mascot of their own (a missing or repeated one: the first one free)
    taken: set = set()
    for i, p in enumerate(players):
        if p.mascot is None or p.mascot in taken:
            free = next((m for m in mascots if m not in taken
                         and m not in {q.mascot for q in players[i + 1:]}), None)
            players[i] = PlayerSpec(p.name, free, p.computer, p.handicap)
        taken.add(players[i].mascot)
    changes: list[tuple[str, object]] = []
    kept = data.get("rule_changes")
    kept = kept if isinstance(kept, dict) else {}
    for key in ("hints_allowed", "show_validity"):
        if isinstance(kept.get(key), bool):
            changes.append((key, kept[key]))
    cost = whole(kept.get("hint_cost"), 0, 50)
    if cost:
        changes.append(("hint_cost", cost))
    try:
        from wordbler.boardgame.rules import ChallengeRule

        changes.append(("challenge", ChallengeRule(kept["challenge"])))
    except (KeyError, TypeError, ValueError):
        pass
    clock = None
    c = data.get("clock")
    if isinstance(c, dict):
        try:
            from wordbler.boardgame.clock import ClockMode, ClockSettings

            clock = ClockSettings(ClockMode(c.get("mode")), c.get("per_move"), c.get("total"),
                                  c.get("penalty"))
        except (TypeError, ValueError):  # ClockError is a ValueError
            clock = None
    return GameConfig(tuple(players), rules, rule_changes=tuple(changes), clock=clock,
                      language=language)


class SetupDialog(FittedDialog):
    def __init__(self, parent: QWidget | None = None, rules: str = "standard",
                 previous: GameConfig | None = None, settings=None) -> None:
        """``previous``: the setup to offer (the last game's); ``settings``: a QSettings
        the setup started is kept in, for the next start (:func:`remember_setup`)."""
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle(self.tr("New game — Wordbler"))
        self.undo_stack = QUndoStack(self)
        self._config: GameConfig | None = None
        self._file_lexicon = None  # (path, lexicon, label, language) once a file loaded
        # {language: future (lexicon, label)}: the bundled lists read on a thread while the
        # form is filled in (config.preload_bundled); Start takes the chosen one's result
        self._bundled: dict = {}
        levels = computer_levels()
        outer = QVBoxLayout(self)
        # the form scrolls on a small screen (800 x 500 logical: 1600 x 1000 at scale 2); the
        # problems and the buttons below it stay in view
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(0, 0, 0, 0)
        self.scroll_area = QScrollArea(self)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)

        # players
        players = QGroupBox(self.tr("Players"), self)
        pl = QVBoxLayout(players)
        count_row = QHBoxLayout()
        count_row.addWidget(QLabel(self.tr("Number of players:")))
        self.count = QSpinBox(self)
        self.count.setRange(2, 4)
        self.count.setAccessibleName(self.tr("Number of players"))
        count_row.addWidget(self.count)
        count_row.addStretch(1)
        self.undo_button = QPushButton(self.tr("Undo pick"), self)
        self.undo_button.setToolTip(self.tr("Take back the last mascot pick (Ctrl+Z)"))
        self.undo_button.setShortcut(QKeySequence.StandardKey.Undo)
        self.undo_button.setEnabled(False)
        count_row.addWidget(self.undo_button)
        pl.addLayout(count_row)
        palette = QHBoxLayout()
        palette.setSpacing(4)
        self.chips = [MascotChip(name, self) for name in mascot_names()]
        for chip in self.chips:
            palette.addWidget(chip)
        palette.addStretch(1)
        pl.addWidget(QLabel(self.tr("Drag a mascot onto each player:")))
        pl.addLayout(palette)
        boxes = QGridLayout()
        self.boxes = [PlayerBox(i, levels, self) for i in range(4)]
        for i, box in enumerate(self.boxes):
            boxes.addWidget(box, i // 2, i % 2)
            box.name_edit.setText("" if i >= 2 else default_name(i))
        pl.addLayout(boxes)
        if not levels:
            note = QLabel(self.tr("Computer players are not available in this build: every seat is "
                                  "human."))
            note.setStyleSheet(f"color: {theme_of(self).muted_text}")
            pl.addWidget(note)
        layout.addWidget(players)

        # language (tile set) and dictionary: next to the players, in view without
        # scrolling at 1366 x 768 (it came last, below the clock and classic play)
        dict_box = QGroupBox(self.tr("Language and dictionary"), self)
        dl = QGridLayout(dict_box)
        self.language = QComboBox(self)
        for code, lang in LANGUAGES.items():
            title = self.tr(lang.name)  # "Russian"; the native name is never translated
            self.language.addItem(title if lang.native == lang.name
                                  else f"{title} ({lang.native})", code)
        self.language.setAccessibleName(self.tr("Language of the tiles and the word list"))
        self.language.setToolTip(self.tr("The tile set (letters, counts and values) and the "
                                         "bundled word list; a word list file is read in its "
                                         "alphabet"))
        self.language_text = QLabel(self)
        self.language_text.setWordWrap(True)
        lang_row = QHBoxLayout()
        lang_row.addWidget(QLabel(self.tr("Language:"), self))
        lang_row.addWidget(self.language)
        lang_row.addStretch(1)
        self.bundled_radio = QRadioButton(self.tr("Bundled {language} word list").format(
            language=self.tr("English")), self)
        self.file_radio = QRadioButton(self.tr("A word list file:"), self)
        group = QButtonGroup(self)
        group.addButton(self.bundled_radio)
        group.addButton(self.file_radio)
        self.bundled_radio.setChecked(True)
        self.file_edit = QLineEdit(self)
        self.file_edit.setPlaceholderText(self.tr("one word per line, or a JSON array"))
        self.browse = QPushButton(self.tr("Browse…"), self)
        self.dict_status = QLabel(self)
        self.dict_status.setWordWrap(True)
        dl.addLayout(lang_row, 0, 0, 1, 3)
        dl.addWidget(self.language_text, 1, 0, 1, 3)
        dl.addWidget(self.bundled_radio, 2, 0, 1, 3)
        dl.addWidget(self.file_radio, 3, 0)
        dl.addWidget(self.file_edit, 3, 1)
        dl.addWidget(self.browse, 3, 2)
        dl.addWidget(self.dict_status, 4, 0, 1, 3)
        dl.setColumnStretch(1, 1)
        layout.addWidget(dict_box)

        # rules
        rules_box = QGroupBox(self.tr("Rules"), self)
        rl = QVBoxLayout(rules_box)
        self.rules = QComboBox(self)
        for preset in PRESETS.values():
            self.rules.addItem(preset.title, preset.name)
        self.rules.setAccessibleName(self.tr("Rules preset"))
        self.rules_text = QLabel(self)
        self.rules_text.setWordWrap(True)
        rl.addWidget(self.rules)
        rl.addWidget(self.rules_text)
        hint_row = QHBoxLayout()
        self.hints_check = QCheckBox(self.tr("Allow hints"), self)
        self.hints_check.setChecked(True)
        self.hints_check.setToolTip(self.tr("A Hint button shows the best moves for the rack; "
                                            "every hint is written in the score history"))
        self.hint_cost = QSpinBox(self)
        self.hint_cost.setRange(0, 50)
        self.hint_cost.setSuffix(self.tr(" points"))
        self.hint_cost.setSpecialValueText(self.tr("free"))
        self.hint_cost.setAccessibleName(self.tr("Cost of a hint"))
        hint_row.addWidget(self.hints_check)
        hint_row.addWidget(QLabel(self.tr("cost of a hint:"), self))
        hint_row.addWidget(self.hint_cost)
        hint_row.addStretch(1)
        rl.addLayout(hint_row)
        layout.addWidget(rules_box)
        from .clockview import ClockOptionsBox  # the game clock (none, per move, chess, soft)

        self.clock_box = ClockOptionsBox(self)
        if previous is not None and getattr(previous, "clock", None) is not None:
            self.clock_box.set_settings(previous.clock)
        layout.addWidget(self.clock_box)
        from .classic import ClassicOptionsBox  # validity preview, challenges

        self.classic_box = ClassicOptionsBox(self)
        layout.addWidget(self.classic_box)

        layout.addStretch(1)
        self.scroll_area.setWidget(body)
        outer.addWidget(self.scroll_area, 1)
        layout = outer

        self.problem = QLabel(self)
        self.problem.setStyleSheet(f"color: {theme_of(self).invalid}")
        self.problem.setWordWrap(True)
        layout.addWidget(self.problem)
        self.buttons = QDialogButtonBox(self)
        self.start_button = self.buttons.addButton(self.tr("Start game"),
                                                   QDialogButtonBox.ButtonRole.AcceptRole)
        self.start_button.setDefault(True)
        self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        layout.addWidget(self.buttons)

        self._connect_signals()
        index = self.rules.findData(previous.rules if previous else rules)
        self.rules.setCurrentIndex(max(0, index))
        defaults = mascot_names()
        self._set_mascots([defaults[i] if i < len(defaults) else None for i in range(4)])
        if previous is not None:
            self.count.setValue(len(previous.players))
            for box, spec in zip(self.boxes, previous.players):
                box.name_edit.setText(spec.name)
                box.set_mascot(spec.mascot)
                i = box.kind.findData(spec.computer)
                box.kind.setCurrentIndex(max(0, i))
                box.head_start.setValue(getattr(spec, "handicap", 0))
            changes = dict(getattr(previous, "rule_changes", ()))
            self.hints_check.setChecked(bool(changes.get("hints_allowed", True)))
            self.hint_cost.setValue(int(changes.get("hint_cost", 0)))
            self.classic_box.set_changes(changes)
            lang_index = self.language.findData(getattr(previous, "game_language", "en"))
            self.language.setCurrentIndex(max(0, lang_index))
        self._on_language()
        self._on_count()
        self._on_rules()
        self.validate()
        self.resize(self.sizeHint())

    def _connect_signals(self) -> None:
        self.count.valueChanged.connect(self._on_count)
        self.rules.currentIndexChanged.connect(self._on_rules)
        self.language.currentIndexChanged.connect(self._on_language)
        self.hints_check.toggled.connect(self.hint_cost.setEnabled)
        for box in self.boxes:
            box.mascot_dropped.connect(self.pick_mascot)
            box.changed.connect(self.validate)
        self.undo_button.clicked.connect(self.undo_stack.undo)
        self.undo_stack.canUndoChanged.connect(self.undo_button.setEnabled)
        self.browse.clicked.connect(self._browse)
        self.file_edit.editingFinished.connect(lambda: self.load_file(self.file_edit.text()))
        self.file_radio.toggled.connect(lambda _on: self.validate())
        self.buttons.accepted.connect(self._on_start)
        self.buttons.rejected.connect(self.reject)

    # ---------------------------------------------------------------- mascots
    def mascots(self) -> list[str | None]:
        return [box.mascot() for box in self.boxes]

    def _set_mascots(self, mascots) -> None:
        for box, m in zip(self.boxes, mascots):
            box.set_mascot(m)
        self.validate()

    def pick_mascot(self, seat: int, mascot: str) -> None:
        if self.boxes[seat].mascot() == mascot:
            return
        self.undo_stack.push(PickMascotCommand(self, seat, mascot))

    # ---------------------------------------------------------------- rules, count
    def _on_rules(self) -> None:
        preset = PRESETS[self.rules.currentData()]
        self.rules_text.setText(preset.description)
        self.count.setRange(preset.min_players, preset.max_players)
        self._on_count()

    def _on_count(self) -> None:
        n = self.count.value()
        for i, box in enumerate(self.boxes):
            box.setVisible(i < n)
            if i < n and not box.name_edit.text() and not box.name_edit.isModified():
                box.name_edit.setText(default_name(i))
        self.validate()

    # ---------------------------------------------------------------- language
    def language_code(self) -> str:
        return self.language.currentData() or "en"

    def _on_language(self) -> None:
        code = self.language_code()
        if code not in self._bundled:
            self._bundled[code] = preload_bundled(code)
        lang = LANGUAGES[code]
        tiles = lang.tiles
        blanks = tiles.counts.get("?", 0)
        letters = len([c for c in tiles.counts if c != "?"])
        text = self.tr("{total} tiles: {letters} letters of {kinds} kinds and {blanks} "
                       "blanks.").format(total=tiles.total, letters=tiles.total - blanks,
                                         kinds=letters, blanks=blanks)
        if code == "ru":
            text += " " + self.tr("There is no Ё tile: Ё is played as Е (type Ё or Е).")
        elif code == "fr":
            text += " " + self.tr("Accents are not written: É is played as E, Ç as C.")
        self.language_text.setText(text)
        self.bundled_radio.setText(self.tr("Bundled {language} word list").format(
            language=self.tr(lang.name)))
        # a word list file is read in the language's alphabet: read it again
        path = self.file_edit.text().strip()
        stale = self._file_lexicon is not None and self._file_lexicon[3] != code
        if stale or (self.file_radio.isChecked() and path and self._file_lexicon is None):
            self.load_file(path or self._file_lexicon[0])
        self.validate()

    # ---------------------------------------------------------------- dictionary
    def _browse(self) -> None:
        dlg = QFileDialog(self, self.tr("Choose a word list"))
        dlg.setNameFilters([self.tr("Word lists (*.txt *.json *.dic)"), self.tr("All files (*)")])
        dlg.fileSelected.connect(self.load_file)
        dlg.open()

    def load_file(self, path: str) -> bool:
        """Load a word list file now and say inline whether it worked."""
        path = path.strip()
        if not path:
            return False
        self.file_edit.setText(path)
        self.file_radio.setChecked(True)
        code = self.language_code()
        try:
            lexicon, label = load_lexicon(path, code)
        except DictionaryUnavailable as e:
            self._file_lexicon = None
            self._dict_message(self.tr("Could not load this word list: {error}").format(error=e),
                               error=True)
            self.validate()
            return False
        self._file_lexicon = (path, lexicon, label, code)
        self._dict_message(self.tr("Loaded {label}.").format(label=label), error=False)
        self.validate()
        return True

    def _dict_message(self, text: str, error: bool) -> None:
        colour = theme_of(self).invalid if error else theme_of(self).ok
        self.dict_status.setStyleSheet(f"color: {colour}")
        self.dict_status.setText(text)

    # ---------------------------------------------------------------- validation
    def problems(self) -> list[str]:
        out = []
        n = self.count.value()
        seen: dict[str, int] = {}
        for box in self.boxes[:n]:
            name = box.name()
            error = ""
            if not name:
                error = self.tr("A name is required.")
            elif name.casefold() in seen:
                error = self.tr("Player {number} already has this name.").format(
                    number=seen[name.casefold()] + 1)
            else:
                seen[name.casefold()] = box.seat
            box.name_edit.setStyleSheet(f"border: 2px solid {theme_of(self).invalid}" if error else "")
            if box.mascot() is None:
                # its mascot was dragged to another player: every player needs one
                error = (error + " " if error else "") + self.tr("Drag a mascot onto this player.")
            box.set_error(error)
            if error:
                out.append(self.tr("Player {number}: {problem}").format(number=box.seat + 1,
                                                                       problem=error))
        if self.file_radio.isChecked() and (self._file_lexicon is None
                                            or self._file_lexicon[0] != self.file_edit.text().strip()):
            out.append(self.tr("Choose a word list file that loads, or use the bundled one."))
        return out

    def validate(self) -> bool:
        problems = self.problems()
        self.problem.setText(" ".join(problems))
        self.start_button.setEnabled(not problems)
        self.start_button.setToolTip(" ".join(problems))
        return not problems

    def _on_start(self) -> None:
        if not self.validate():
            return
        code = self.language_code()
        if self.file_radio.isChecked():
            _path, lexicon, label, _code = self._file_lexicon
        else:
            future = self._bundled.get(code)
            try:
                # read by now, unless Start came at once (then it is waited for)
                lexicon, label = future.result() if future else load_lexicon(None, code)
            except DictionaryUnavailable as e:
                self._bundled.pop(code, None)  # read it again on the next Start
                self._dict_message(self.tr("The bundled word list cannot be used: {error}").format(
                    error=e), error=True)
                return
        n = self.count.value()
        specs = tuple(PlayerSpec(b.name(), b.mascot(), b.computer(), b.handicap())
                      for b in self.boxes[:n])
        self._config = GameConfig(specs, self.rules.currentData(), lexicon, label,
                                  rule_changes=self.rule_changes(),
                                  clock=self.clock_box.settings(), language=code)
        remember_setup(self.settings, self._config)
        self.accept()

    def done(self, result: int) -> None:
        # the lists read for other languages go (the dialog may live on as the window's child)
        self._bundled.clear()
        super().done(result)

    def rule_changes(self) -> tuple[tuple[str, object], ...]:
        """The hint options, as changes to the preset's rules."""
        changes: list[tuple[str, object]] = []
        if not self.hints_check.isChecked():
            changes.append(("hints_allowed", False))
        elif self.hint_cost.value():
            changes.append(("hint_cost", self.hint_cost.value()))
        return tuple(changes) + self.classic_box.rule_changes()

    def config(self) -> GameConfig:
        if self._config is None:
            raise RuntimeError("the dialog was not accepted")
        return self._config

    def sizeHint(self) -> QSize:
        """Room for the whole form (it scrolls where the screen has less)."""
        body = self.scroll_area.widget()
        want = body.sizeHint() if body is not None else QSize(720, 560)
        return QSize(max(760, want.width() + 40), max(640, want.height() + 120))
