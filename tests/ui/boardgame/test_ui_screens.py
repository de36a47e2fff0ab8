"""Every window and dialog of the board game at small screens and a big scale factor: each
opens inside the screen, and no text is cut anywhere.

The test starts this file as a program (``probe``) under the offscreen platform with a
screen of a given size and ``QT_SCALE_FACTOR`` (a scale factor can only be chosen before
the application starts): 1024 x 700, 1600 x 1000 at scale 2 (800 x 500 logical pixels),
and 1920 x 1080 (where the table keeps the 1100 x 800 it asks for).  The program opens the
table (first draw of four players, a live preview, the recaps of three and four players,
one human against one and against three computers), the hint list, the score
history, the scoreboard, the game-over dialog, the setup dialog (validation text, the
longest player type), the replay window, help, about, the blank chooser and the Pass and
Exchange questions, and for each walks every visible widget, comparing the width (and
height) its text needs with the room it has: labels (wrapped or not), buttons, check boxes,
combo boxes (every item, since any can be chosen), group titles, spin boxes, header sections
and the cells of lists, trees and tables.  It prints what it found as JSON; the test fails
on any finding.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]

SCREENS = [  # (width, height, scale factor)
    (1024, 700, 1),
    (1600, 1000, 2),
    (1920, 1080, 1),  # room for the 1100 x 800 window wordbler asks for
]


# ---------------------------------------------------------------------------------- checks
def _plain(text: str) -> str:
    """A button's text as shown: "&&" is "&", a single "&" marks the mnemonic."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def _where(w) -> str:
    names = []
    while w is not None:
        names.append(w.accessibleName() or w.objectName() or type(w).__name__)
        w = w.parentWidget()
    return " < ".join(names[:4])


def text_problems(root) -> list[str]:
    """Every visible piece of text under ``root`` that needs more room than it has."""
    from PySide6.QtCore import QRect, Qt
    from PySide6.QtGui import QFontMetrics
    from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QCheckBox, QComboBox,
                                   QGroupBox, QHeaderView, QLabel, QPushButton, QRadioButton,
                                   QAbstractSpinBox, QStyle, QStyleOptionComboBox,
                                   QToolButton, QWidget)

    out: list[str] = []
    widgets = [root] + root.findChildren(QWidget)
    for w in widgets:
        if not w.isVisible() or w.width() <= 0 or w.height() <= 0:
            continue
        fm = w.fontMetrics()
        where = _where(w)
        if isinstance(w, QLabel):
            text = w.text()
            if not text.strip() or (w.pixmap() is not None and not w.pixmap().isNull()):
                continue
            if w.wordWrap():
                need = w.heightForWidth(w.width())
                if need > w.height() + 1:
                    out.append(f"{where}: {text[:60]!r} needs {need} px of height, has {w.height()}")
                cr = w.contentsRect()
                plain = text if w.textFormat() == Qt.TextFormat.PlainText else text
                longest = max((fm.horizontalAdvance(word) for word in plain.split()), default=0)
                if longest > cr.width() + 1:
                    out.append(f"{where}: a word of {text[:60]!r} is wider than the label")
            else:
                hint = w.sizeHint()
                if hint.width() > w.width() + 1 or hint.height() > w.height() + 1:
                    out.append(f"{where}: {text[:60]!r} needs {hint.width()}x{hint.height()}, "
                               f"has {w.width()}x{w.height()}")
        elif isinstance(w, (QCheckBox, QRadioButton)):
            if w.text() and w.sizeHint().width() > w.width() + 1:
                out.append(f"{where}: {w.text()!r} needs {w.sizeHint().width()} px, has {w.width()}")
        elif isinstance(w, (QPushButton, QToolButton)):
            text = _plain(w.text())
            if not text:
                continue
            margin = 2 * w.style().pixelMetric(QStyle.PixelMetric.PM_ButtonMargin)
            icon = w.iconSize().width() + 4 if not w.icon().isNull() else 0
            need = max(fm.horizontalAdvance(line) for line in text.split("\n")) + icon + margin
            if need > w.width() + 1:
                out.append(f"{where}: button {text!r} needs {need} px, has {w.width()}")
            lines = len(text.split("\n"))
            if lines * fm.height() > w.height():
                out.append(f"{where}: button {text!r} needs {lines * fm.height()} px of height")
        elif isinstance(w, QComboBox):
            opt = QStyleOptionComboBox()
            w.initStyleOption(opt)
            field = w.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, opt,
                                             QStyle.SubControl.SC_ComboBoxEditField, w)
            for i in range(w.count()):
                need = fm.horizontalAdvance(w.itemText(i))
                if need > field.width() + 1:
                    out.append(f"{where}: choice {w.itemText(i)!r} needs {need} px, the box "
                               f"shows {field.width()}")
        elif isinstance(w, QGroupBox):
            if w.title() and fm.horizontalAdvance(_plain(w.title())) + 16 > w.width():
                out.append(f"{where}: group title {w.title()!r} wider than the group")
        elif isinstance(w, QAbstractSpinBox):
            if w.minimumSizeHint().width() > w.width() + 1:
                out.append(f"{where}: {w.text()!r} needs {w.minimumSizeHint().width()} px, "
                           f"has {w.width()}")
        elif isinstance(w, QHeaderView):
            model = w.model()
            if model is None:
                continue
            for s in range(w.count()):
                if w.isSectionHidden(s) or w.sectionSize(s) <= 0:
                    continue
                text = model.headerData(s, w.orientation())
                if not text:
                    continue
                font = model.headerData(s, w.orientation(), Qt.ItemDataRole.FontRole)
                hfm = QFontMetrics(font) if font is not None else fm
                need = hfm.horizontalAdvance(str(text)) + 4  # the style's margins
                room = w.sectionSize(s) if w.orientation() == Qt.Orientation.Horizontal else w.width()
                if need > room + 1:
                    out.append(f"{where}: header {text!r} needs {need} px, has {room}")
        elif isinstance(w, QAbstractItemView):
            out += _item_problems(w, where, fm)
    return out


def _item_problems(view, where: str, fm) -> list[str]:
    from PySide6.QtCore import QModelIndex, QRect, Qt
    from PySide6.QtGui import QFont, QFontMetrics
    from PySide6.QtWidgets import QTreeView

    model = view.model()
    if model is None:
        return []
    hbar = view.horizontalScrollBar()
    scrolls = hbar is not None and hbar.maximum() > 0  # what is cut can be scrolled to
    out: list[str] = []
    wrap = getattr(view, "wordWrap", lambda: False)()

    def walk(parent: QModelIndex):
        for r in range(model.rowCount(parent)):
            try:
                columns = model.columnCount(parent)
            except TypeError:  # a list's model keeps it private: one column
                columns = 1
            for c in range(columns):
                index = model.index(r, c, parent)
                yield index
            first = model.index(r, 0, parent)
            if isinstance(view, QTreeView) and view.isExpanded(first):
                yield from walk(first)

    for index in walk(QModelIndex()):
        text = index.data(Qt.ItemDataRole.DisplayRole)
        if text is None or str(text) == "":
            continue
        rect = view.visualRect(index)
        if rect.width() <= 0 or rect.height() <= 0:
            continue
        font = index.data(Qt.ItemDataRole.FontRole)
        ifm = QFontMetrics(font if isinstance(font, QFont) else view.font())
        text = str(text)
        room = rect.width() - 6  # the delegate's margins
        if wrap:
            lines = max(1, round(ifm.boundingRect(QRect(0, 0, max(1, room), 100000),
                                                  int(Qt.TextFlag.TextWordWrap), text).height()
                                 / ifm.lineSpacing()))
            need_h = ifm.height() + (lines - 1) * ifm.lineSpacing()
            too_wide = any(ifm.horizontalAdvance(word) > room + 1 for word in text.split())
            if need_h > rect.height() + 1:
                out.append(f"{where}: cell {text[:50]!r} needs {need_h} px of height, has "
                           f"{rect.height()} (width {room})")
            if too_wide and not scrolls:
                out.append(f"{where}: a word of cell {text[:50]!r} is wider than its column")
        else:
            lines = text.split("\n")
            need = max(ifm.horizontalAdvance(line) for line in lines)
            if need > room + 1 and not scrolls:
                out.append(f"{where}: cell {text[:50]!r} needs {need} px, has {room}")
            if len(lines) * ifm.lineSpacing() > rect.height() + 1:
                out.append(f"{where}: cell {text[:50]!r} needs {len(lines)} lines of height")
    return out


def overlap_problems(root) -> list[str]:
    """Widgets a layout places must not overlap (they do when it is squeezed below their
    minimum: the buttons piled on one another at 800 x 500)."""
    from PySide6.QtWidgets import QLayout, QWidget

    out: list[str] = []

    def widgets_of(layout: QLayout) -> list:
        found = []
        for i in range(layout.count()):
            item = layout.itemAt(i)
            if item.widget() is not None:
                if item.widget().isVisible() and not item.widget().isWindow():
                    found.append(item.widget())
            elif item.layout() is not None:
                found += widgets_of(item.layout())
        return found

    for w in [root] + root.findChildren(QWidget):
        lay = w.layout()
        if lay is None or not w.isVisible() or lay.count() > 60:  # (the board's 225 squares)
            continue
        placed = widgets_of(lay)
        for i, a in enumerate(placed):
            for b in placed[i + 1:]:
                if a.geometry().intersects(b.geometry()):
                    out.append(f"{_where(a)} overlaps {_where(b)}: {a.geometry()} / {b.geometry()}")
    return out


def window_problems(window) -> list[str]:
    """``window`` (frame included) must lie in its screen's available area."""
    screen = window.screen()
    free = screen.availableGeometry()
    frame = window.frameGeometry()
    if not free.contains(frame):
        return [f"window {window.windowTitle()!r} at {frame.x()},{frame.y()} "
                f"{frame.width()}x{frame.height()} is not inside the screen's "
                f"{free.width()}x{free.height()}"]
    return []


# ---------------------------------------------------------------------------------- probe
WORDS = frozenset({
    "AT", "TA", "IT", "TI", "ON", "NO", "TO", "OE", "EAT", "TEA", "ATE", "RAT", "TAR", "ART",
    "ONE", "EON", "TEN", "NET", "SIT", "ITS", "TIS", "SAT", "AS", "IS", "OR", "RE", "ER", "ES",
    "DO", "GO", "IN", "AN", "AND", "END", "DEN", "RED", "LED", "OLD", "SOD", "NOD", "GOD", "DOG",
    "LOG", "LEG", "NAG", "RAG", "TAG", "GET", "SET", "LET", "OIL", "SOIL", "TOIL", "RAIN",
    "TRAIN", "STAIN", "SAINT", "SATIN", "STONE", "NOTES", "ONSET", "TONES", "RATE", "TEAR",
    "STARE", "ASTER", "RATES", "TREAD", "TRADE", "DATE", "LATE", "TALE", "EL", "LA", "AL",
    "ID", "DE", "ED", "EN", "NE", "OD", "AD", "DA", "AI", "AE", "EA", "OI", "IO", "US", "UT",
})


def probe() -> dict:  # pragma: no cover - runs in the child process
    import wordbler.ui  # noqa: F401  (the PySide6 refcount guard)
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from wordbler.boardgame import gcg, savegame
    from wordbler.boardgame.game import PlayerSpec
    from wordbler.boardgame.model import Coord, TurnKind
    from wordbler.boardgame.replay import replay
    from wordbler.ui.boardgame.animation import Speed
    from wordbler.ui.boardgame.config import GameConfig
    from wordbler.ui.boardgame.mainwindow import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    results: dict[str, list[str]] = {}
    keep: list = []

    def settle(ms: int = 60) -> None:
        for _ in range(3):
            QTest.qWait(ms // 3 or 1)

    def wait_for(cond, timeout: float = 30000) -> bool:
        waited = 0
        while not cond() and waited < timeout:
            QTest.qWait(20)
            waited += 20
        return cond()

    def check(name: str, widget, top=None) -> None:
        settle()
        top = top or widget.window()
        found = window_problems(top) + text_problems(top) + overlap_problems(top)
        results[name] = found

    def window(names, seed=7, levels=None):
        levels = levels or {}
        specs = tuple(PlayerSpec(n, m, levels.get(n))
                      for n, m in zip(names, ("fox", "owl", "frog", "cat")))
        w = MainWindow(GameConfig(specs, "standard", WORDS, "test words", seed), Speed.OFF)
        w.resize(1100, 800)  # what wordbler asks for
        w.show()
        QTest.qWaitForWindowExposed(w)
        keep.append(w)
        settle(150)
        return w

    def reveal(w):
        if w.session.handoff:
            QTest.mouseClick(w.table.handoff.button, Qt.MouseButton.LeftButton)
        settle()

    def opening(w):
        s = w.session
        a, b = [t for t in s.rack_tiles() if not t.is_blank][:2]
        s.move_tile(a.id, Coord(7, 7))
        s.move_tile(b.id, Coord(7, 8))
        settle()
        return a.letter + b.letter

    def close(w):
        w.files.confirm_close = lambda: True  # no question about saving
        w.close()
        settle()

    try:
        # the first draw of four players (with a tie, long names) on the hand-off
        w = window(("Annabelle Smith", "Bob", "Cleo", "Dmitri Alexandrovich"), seed=75)
        check("table: first draw, four players", w)
        reveal(w)
        # a long live preview: a word not in the list
        opening(w)
        check("table: live preview", w)
        # the four-player recap (three lines)
        s = w.session
        s.recall_all()
        for _ in range(4):
            reveal(w)
            s.pass_turn()
        check("hand-off: four-player recap", w)
        close(w)

        w = window(("Ann", "Bob", "Cyd"), seed=5)
        s = w.session
        for _ in range(3):
            reveal(w)
            s.pass_turn()
        check("hand-off: three-player recap", w)
        close(w)

        # hints, history, scoreboard, replay, game over
        w = window(("Ann", "Bob"), seed=7)
        s = w.session
        reveal(w)
        w.hints.request()
        wait_for(lambda: w.table.hint_panel.isVisible() and not w.hints.busy)
        panel = w.table.hint_panel
        if panel.rows:
            panel.tree.expandAll()
        check("hint list", w)
        if panel.rows:
            panel.tree.setCurrentItem(panel.item(0))
            QTest.mouseClick(panel.play_button, Qt.MouseButton.LeftButton)
        settle()
        w.show_history(None)
        wait_for(lambda: w.history_dialog is not None and w.history_dialog.isVisible())
        w.history_dialog.tree.expandAll()
        check("score history", w.history_dialog)
        w.history_dialog.close()
        w.show_scoreboard()
        check("scoreboard", w.scoreboard_dialog)
        w.scoreboard_dialog.close()
        w.files.replay_current()
        replay_win = w.files.replay_windows[-1]
        QTest.qWaitForWindowExposed(replay_win)
        replay_win.view.last()
        check("replay window", replay_win)
        replay_win.close()
        w.show_help()
        check("help", w.help_dialog)
        w.help_dialog.close()
        w.show_about()
        check("about", w.about_dialog)
        w.about_dialog.close()
        reveal(w)
        t = w.table
        blank = next((x for x in s.rack_tiles() if x.is_blank), None)
        w._ask_blank_letter(blank.id if blank else s.rack_tiles()[0].id, Coord(0, 0))
        check("blank chooser", w.wildcard_dialog)
        w.wildcard_dialog.reject()
        QTest.mouseClick(t.pass_button, Qt.MouseButton.LeftButton)
        check("pass question", w.pass_box)
        w.pass_box.reject()
        settle()
        s.toggle_mark(s.rack_tiles()[0].id)
        s.toggle_mark(s.rack_tiles()[1].id)
        settle()
        QTest.mouseClick(t.exchange_button, Qt.MouseButton.LeftButton)
        check("exchange question", w.exchange_box)
        w.exchange_box.reject()
        settle()
        while not s.is_over:  # six scoreless turns end the game
            reveal(w)
            s.pass_turn()
        wait_for(lambda: w.game_over_dialog is not None and w.game_over_dialog.isVisible())
        check("table: game over", w)
        check("game over dialog", w.game_over_dialog)
        w.game_over_dialog.close()

        # the setup dialog: four seats, the longest player type, and a validation message
        from wordbler.ui.boardgame.setup import SetupDialog

        dlg = SetupDialog(w)
        dlg.count.setValue(4)
        for box in dlg.boxes:
            box.kind.setCurrentIndex(box.kind.count() - 1)
        dlg.boxes[1].name_edit.setText(dlg.boxes[0].name_edit.text())
        dlg.boxes[2].name_edit.setText("")
        dlg.validate()
        dlg.show()
        QTest.qWaitForWindowExposed(dlg)
        check("setup dialog", dlg)
        dlg.close()
        close(w)

        # one human against a computer: no hand-off, the recap on the table
        w = window(("Ann", "Robo"), seed=7, levels={"Robo": "beginner"})
        s = w.session
        ann = next(i for i, p in enumerate(s.game.players) if p.computer is None)
        wait_for(lambda: not s.handoff and s.current == ann and not w.computer.busy)
        if not s.game.history:
            s.pass_turn()
            wait_for(lambda: not s.handoff and s.current == ann and len(s.game.history) >= 2)
        check("table: one human, the recap", w)
        close(w)

        # one human against three computers: four players and the longest recap
        w = window(("Ann", "Robo", "Cyborg", "Droid"), seed=7,
                   levels={"Robo": "beginner", "Cyborg": "beginner", "Droid": "beginner"})
        s = w.session
        ann = next(i for i, p in enumerate(s.game.players) if p.computer is None)
        for _ in range(2):
            wait_for(lambda: s.game.is_over or (s.can_act() and s.current == ann))
            if sum(1 for r in s.game.history if r.player != ann) >= 3:
                break
            s.pass_turn()
        wait_for(lambda: s.game.is_over or (s.can_act() and s.current == ann))
        check("table: one human, three computers", w)
        close(w)
    except Exception as e:  # a scenario that cannot even run is a finding too
        import traceback

        results["probe"] = [f"{type(e).__name__}: {e}", traceback.format_exc()]
    screen = app.primaryScreen()
    return {"screen": [screen.availableGeometry().width(), screen.availableGeometry().height(),
                       screen.devicePixelRatio()], "results": results}


def run_probe(width: int, height: int, scale: float, tmp: Path) -> dict:
    config = tmp / "screen.json"
    config.write_text(json.dumps({
        "synchronousWindowSystemEvents": False, "windowFrameMargins": True,
        "screens": [{"name": "S", "x": 0, "y": 0, "width": width, "height": height,
                     "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
    env = dict(os.environ)
    env["QT_QPA_PLATFORM"] = f"offscreen:configfile={config}"
    env["QT_SCALE_FACTOR"] = str(scale)
    env["WORDBLER_DATA_DIR"] = str(tmp / "data")
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run([sys.executable, __file__, "probe"], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    last = [line for line in done.stdout.splitlines() if line.startswith("{")]
    assert done.returncode == 0 and last, f"the probe failed:\n{done.stdout}\n{done.stderr[-3000:]}"
    return json.loads(last[-1])


# ---------------------------------------------------------------------------------- tests
@pytest.mark.parametrize("width,height,scale", SCREENS,
                         ids=[f"{w}x{h}@{s}" for w, h, s in SCREENS])
def test_every_window_fits_and_no_text_is_cut(width, height, scale, tmp_path):
    report = run_probe(width, height, scale, tmp_path)
    logical = (round(width / scale), round(height / scale))
    assert tuple(report["screen"][:2]) == logical
    results = report["results"]
    assert "probe" not in results, "\n".join(results["probe"])
    expected = {"table: first draw, four players", "table: live preview",
                "hand-off: four-player recap", "hand-off: three-player recap", "hint list",
                "score history", "scoreboard", "replay window", "help", "about",
                "blank chooser", "pass question", "exchange question", "table: game over",
                "game over dialog", "setup dialog", "table: one human, the recap",
                "table: one human, three computers"}
    assert expected <= set(results), f"not checked: {expected - set(results)}"
    found = {name: problems for name, problems in results.items() if problems}
    assert not found, json.dumps(found, indent=1)


def test_the_checks_find_cut_text_and_a_window_off_screen(qtbot):
    """The checks themselves: a label too narrow for its text, a combo box whose longest
    choice is cut, a button too narrow and a window past the screen's edge are found."""
    import wordbler.ui  # noqa: F401
    from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QWidget

    top = QWidget()
    qtbot.addWidget(top)
    row = QHBoxLayout(top)
    label = QLabel("Move 4 of 4 (end)")
    combo = QComboBox()
    combo.addItems(["Human", "Computer: Scholar (intermediate)"])
    button = QPushButton("Exchange 7")
    for w in (label, combo, button):
        w.setFixedWidth(40)
        row.addWidget(w)
    top.show()
    qtbot.waitExposed(top)
    found = "\n".join(text_problems(top))
    assert "Move 4 of 4" in found and "Computer: Scholar" in found and "Exchange 7" in found
    for w in (label, combo, button):
        w.setMinimumWidth(0)
        w.setMaximumWidth(16777215)
    top.resize(900, 60)
    qtbot.waitUntil(lambda: label.width() > 200)
    assert text_problems(top) == []
    free = top.screen().availableGeometry()
    assert overlap_problems(top) == []
    label.setMinimumWidth(600)  # the row's minimums no longer fit: the layout piles them up
    qtbot.waitUntil(lambda: label.geometry().intersects(combo.geometry()))
    assert overlap_problems(top)
    label.setMinimumWidth(0)
    top.move(free.right() - 50, free.top())
    qtbot.waitUntil(lambda: top.frameGeometry().right() > free.right())
    assert window_problems(top)


if __name__ == "__main__":  # pragma: no cover - the probe, started by the test
    if sys.argv[1:] == ["probe"]:
        print(json.dumps(probe()))
