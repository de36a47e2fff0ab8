"""Game > Analyse the game: per turn the best move the move generator finds (by score and by
the strong levels' valuation), the points left on the table and the bingos missed, with a
chart of the score race painted with QPainter.  The analysis runs in a worker of the global
thread pool with progress and a Cancel button; closing the dialog cancels it."""

from __future__ import annotations

import threading

from PySide6.QtCore import (QT_TRANSLATE_NOOP, QCoreApplication, QObject, QPointF, QRectF, QRunnable, Qt,
                            QThreadPool, Signal)
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (QDialogButtonBox, QHBoxLayout, QHeaderView, QLabel,
                               QProgressBar, QPushButton, QSizePolicy, QSplitter, QTreeWidget,
                               QTreeWidgetItem, QVBoxLayout, QWidget)

from wordbler.boardgame.analysis import (TurnAnalysis, iter_analysis, score_race, summarise,
                                         turn_numbers)
from wordbler.ui.common.jobs import emit, release

from .dialogs import FittedDialog

PLAYER_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")  # distinct in colour and tone
PLAYER_DASHES = (Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine,
                 Qt.PenStyle.DashDotLine)  # and by line style, for colour-blind readers


class ScoreRaceChart(QWidget):
    """Each player's score after every turn: one line per player, a legend, labelled axes."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumSize(260, 160)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.names: list[str] = []
        self.race: list[tuple[int, ...]] = []
        self.turns = 0
        self.setAccessibleName(self.tr("Score race chart"))

    def set_race(self, names, race, turns: int | None = None) -> None:
        """``race``: the scores at the start and after each point; ``turns``: how many of
        those points are turns (the rest, at the end, is the end-of-game settlement)."""
        self.names = list(names)
        self.race = list(race)
        self.turns = len(self.race) - 1 if turns is None else turns
        self.update()

    def axis_label(self) -> str:
        n = len(self.race) - 1
        if self.turns < n:
            return f"turns (1–{self.turns}), then the end of the game"
        return f"turns (1–{n})"

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), self.palette().base())
        fm = p.fontMetrics()
        if len(self.race) < 2:
            p.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "No turns yet")
            return
        lo = min(0, min(min(r) for r in self.race))
        hi = max(1, max(max(r) for r in self.race))
        legend_h = fm.height() + 8
        left = fm.horizontalAdvance(str(hi if abs(hi) > abs(lo) else lo)) + 14
        area = QRectF(left, 8 + legend_h, self.width() - left - 12,
                      self.height() - 8 - legend_h - fm.height() - 12)
        if area.width() < 10 or area.height() < 10:
            return
        n = len(self.race) - 1

        def pt(i: int, v: int) -> QPointF:
            return QPointF(area.left() + area.width() * i / n,
                           area.bottom() - area.height() * (v - lo) / (hi - lo))

        text = self.palette().text().color()
        grid = QColor(text)
        grid.setAlpha(50)
        # horizontal grid lines at round steps
        step = _nice_step((hi - lo) / 5)
        v = (lo // step) * step
        while v <= hi:
            if v >= lo:
                y = pt(0, v).y()
                p.setPen(QPen(grid, 1))
                p.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
                p.setPen(text)
                p.drawText(QRectF(0, y - fm.height() / 2, left - 6, fm.height()),
                           Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, str(int(v)))
            v += step
        p.setPen(QPen(text, 1))
        p.drawLine(area.bottomLeft(), area.bottomRight())
        p.drawLine(area.bottomLeft(), area.topLeft())
        p.drawText(QRectF(area.left(), area.bottom() + 4, area.width(), fm.height()),
                   Qt.AlignmentFlag.AlignCenter, self.axis_label())
        for k, name in enumerate(self.names):
            path = QPainterPath(pt(0, self.race[0][k]))
            for i in range(1, n + 1):
                path.lineTo(pt(i, self.race[i][k]))
            pen = QPen(QColor(PLAYER_COLOURS[k % 4]), 2.5)
            pen.setStyle(PLAYER_DASHES[k % 4])
            p.setPen(pen)
            p.drawPath(path)
        # legend
        x = area.left()
        for k, name in enumerate(self.names):
            pen = QPen(QColor(PLAYER_COLOURS[k % 4]), 2.5)
            pen.setStyle(PLAYER_DASHES[k % 4])
            p.setPen(pen)
            y = 8 + legend_h / 2
            p.drawLine(QPointF(x, y), QPointF(x + 24, y))
            p.setPen(text)
            label = f"{name} {self.race[-1][k]}"
            p.drawText(QPointF(x + 30, y + fm.ascent() / 2 - 1), label)
            x += 30 + fm.horizontalAdvance(label) + 18
        p.end()


def _nice_step(raw: float) -> float:
    if raw <= 0:
        return 1
    mag = 10 ** len(str(int(raw))) / 10
    for m in (1, 2, 5, 10):
        if raw <= m * mag:
            return max(1, m * mag)
    return max(1, 10 * mag)


class _Relay(QObject):
    """Signals from the worker (parentless; kept alive by the job and the dialog)."""

    turn = Signal(object)  # a TurnAnalysis
    finished = Signal(str)  # "" when complete, else the error


class AnalysisJob(QRunnable):
    def __init__(self, game, index, cancel: threading.Event, relay: _Relay) -> None:
        super().__init__()
        self._game, self._index, self._cancel, self._relay = game, index, cancel, relay

    def run(self) -> None:
        error = ""
        try:
            generate = self._index.guarded(self._cancel)
            for t in iter_analysis(self._game, generate, self._cancel.is_set):
                self._relay.turn.emit(t)
        except Exception as e:  # Cancelled included: the dialog knows it asked
            error = str(e) or type(e).__name__
        emit(self._relay.finished, error)
        release(self)


def _cand(c) -> str:
    return "—" if c is None else f"{c.coord} {c.word} {c.score}"


COLUMNS = (QT_TRANSLATE_NOOP("analysis", "Turn"), QT_TRANSLATE_NOOP("analysis", "Player"),
           QT_TRANSLATE_NOOP("analysis", "Rack"), QT_TRANSLATE_NOOP("analysis", "Played"),
           QT_TRANSLATE_NOOP("analysis", "Best by score"),
           QT_TRANSLATE_NOOP("analysis", "Best by valuation"),
           QT_TRANSLATE_NOOP("analysis", "Left on the table"),
           QT_TRANSLATE_NOOP("analysis", "Bingo missed"))  # translated when shown


class AnalysisDialog(FittedDialog):
    def __init__(self, game, index, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Analysis of the game — Wordbler"))
        self.game = game
        self.names = [p.name for p in game.players]
        self.turns: list[TurnAnalysis] = []
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        self.progress = QProgressBar(self)
        self.total_turns = sum(1 for r in game.history if r.kind.value in
                               ("play", "failed", "exchange", "pass"))
        self.progress.setRange(0, max(1, self.total_turns))
        self.cancel_button = QPushButton(self.tr("Cancel"), self)
        self.cancel_button.clicked.connect(self.cancel)
        top = QHBoxLayout()
        top.addWidget(self.progress, 1)
        top.addWidget(self.cancel_button)
        self.tree = QTreeWidget(self)
        self.tree.setHeaderLabels([QCoreApplication.translate("analysis", c) for c in COLUMNS])
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setAccessibleName(self.tr("Turns analysed"))
        header = self.tree.header()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.chart = ScoreRaceChart(self)
        numbers = [n for n in turn_numbers(game.history) if n != "End"]
        self.chart.set_race(self.names, score_race(game), int(numbers[-1]) if numbers else 0)
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        split = QSplitter(Qt.Orientation.Vertical, self)
        split.addWidget(self.chart)
        split.addWidget(self.tree)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        box.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.status)
        lay.addLayout(top)
        lay.addWidget(split, 1)
        lay.addWidget(self.summary)
        lay.addWidget(box)
        self.resize(900, 640)
        self._cancel = threading.Event()
        self._relay = _Relay()
        self._relay.turn.connect(self._on_turn)
        self._relay.finished.connect(self._on_finished)
        self.running = False
        if index is None:
            self.status.setText(self.tr("No dictionary in this game: there are no moves to compare."))
            self._done_ui()
        else:
            self.status.setText(self.tr("Looking for the best move of every turn…"))
            self.running = True
            QThreadPool.globalInstance().start(AnalysisJob(game, index, self._cancel, self._relay))

    def _on_turn(self, t: TurnAnalysis) -> None:
        self.turns.append(t)
        row = [str(t.turn), self.names[t.player], t.rack or "—", t.played, _cand(t.best),
               _cand(t.best_equity), str(t.left_on_table),
               _cand(t.missed_bingo) if t.missed_bingo else ("played one" if t.bingo else "")]
        item = QTreeWidgetItem(row)
        if t.left_on_table == 0 and t.best is not None:
            item.setToolTip(3, self.tr("The best-scoring move was played"))
        self.tree.addTopLevelItem(item)
        self.progress.setValue(len(self.turns))

    def _on_finished(self, error: str) -> None:
        self.running = False
        if self._cancel.is_set():
            self.status.setText(self.tr("Cancelled after {count} of {total_turns} turns.")
                                .format(count=len(self.turns), total_turns=self.total_turns))
        elif error:
            self.status.setText(self.tr("The analysis stopped: {error}").format(error=error))
        else:
            self.status.setText(self.tr("All {count} turns analysed. Best by valuation: score "
                                        "plus the value of the tiles kept, as the Master and "
                                        "Grandmaster levels rank their moves.")
                                        .format(count=len(self.turns)))
        self._done_ui()

    def _done_ui(self) -> None:
        self.progress.setValue(self.progress.maximum() if not self._cancel.is_set()
                               else len(self.turns))
        self.cancel_button.setEnabled(False)
        parts = []
        for s in summarise(self.game, self.turns):
            parts.append(f"{self.names[s.player]}: {s.points} points from {s.turns} moves, "
                         f"{s.left_on_table} left on the table, "
                         f"{s.bingos_missed} bingo{'s' if s.bingos_missed != 1 else ''} missed")
        self.summary.setText(".  ".join(parts) + ("." if parts else ""))

    def cancel(self) -> None:
        self._cancel.set()

    def done(self, result: int) -> None:
        self._cancel.set()  # closing stops the worker at its next move generation
        super().done(result)


class AnalysisController(QObject):
    """Game > Analyse the game (enabled once the game is over)."""

    def __init__(self, window) -> None:
        super().__init__(window)
        from PySide6.QtGui import QAction

        self.window = window
        self.dialog: AnalysisDialog | None = None
        self.action = QAction(self.tr("&Analyse the game…"), window)
        self.action.triggered.connect(self.open)
        menu = None
        for a in window.menuBar().actions():
            if a.menu() is not None and a.text().replace("&", "") == "Game":
                menu = a.menu()
        (menu or window).addAction(self.action)
        self.session = None
        window.game_started.connect(self.follow)
        self.follow()

    def follow(self) -> None:
        s = getattr(self.window, "session", None)
        if s is None or s is self.session:
            return
        self.session = s
        s.state_changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        s = self.session
        self.action.setEnabled(s is not None and s.game.is_over)
        self.action.setToolTip("" if s is not None and s.game.is_over
                               else self.tr("Available when the game is over"))

    def open(self) -> AnalysisDialog | None:
        s = self.session
        if s is None or not s.game.is_over:
            return None
        if self.dialog is not None:
            self.dialog.close()
            self.dialog.deleteLater()
        index = self.window._move_index()
        self.dialog = AnalysisDialog(s.game, index, self.window)
        self.dialog.show()
        return self.dialog
