"""Game > Statistics: the figures kept across games for each player name, with a chart of
the player's recent scores.  A finished game is counted when it ends (each game once)."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QAction, QColor, QPainter, QPen
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout,
                               QLabel, QSizePolicy, QVBoxLayout, QWidget)

from wordbler.boardgame import stats as stats_mod


class ScoresChart(QWidget):
    """Bars of a player's final scores, oldest first, with the average as a line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scores: list[int] = []
        self.setMinimumSize(240, 140)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName(self.tr("Scores of recent games"))

    def set_scores(self, scores) -> None:
        self.scores = list(scores)
        self.update()

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), self.palette().base())
        text = self.palette().text().color()
        fm = p.fontMetrics()
        if not self.scores:
            p.setPen(text)
            p.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "No games yet")
            return
        lo = min(0, min(self.scores))
        hi = max(1, max(self.scores))
        left = fm.horizontalAdvance(str(hi)) + 12
        top = fm.height() + 6
        area = QRectF(left, top, self.width() - left - 10,
                      self.height() - top - fm.height() - 10)
        if area.width() < 10 or area.height() < 10:
            return

        def y(v: float) -> float:
            return area.bottom() - area.height() * (v - lo) / (hi - lo)

        n = len(self.scores)
        slot = area.width() / n
        bar = QColor("#3d8fd1")
        width = min(slot * 0.7, 48.0)  # one game is a bar, not a wall
        for i, s in enumerate(self.scores):
            x = area.left() + i * slot + (slot - width) / 2
            r = QRectF(x, min(y(s), y(0)), width, abs(y(s) - y(0)))
            p.fillRect(r, bar)
        avg = sum(self.scores) / n
        pen = QPen(QColor("#c0392b"), 2)
        pen.setStyle(Qt.PenStyle.DashLine)
        p.setPen(pen)
        p.drawLine(QPointF(area.left(), y(avg)), QPointF(area.right(), y(avg)))
        p.setPen(text)
        p.drawLine(area.bottomLeft(), area.bottomRight())
        p.drawText(QRectF(0, y(hi) - fm.height() / 2, left - 4, fm.height()),
                   Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, str(hi))
        p.drawText(QRectF(0, y(lo) - fm.height() / 2, left - 4, fm.height()),
                   Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, str(lo))
        p.drawText(QRectF(area.left(), 0, area.width(), fm.height() + 2),
                   Qt.AlignmentFlag.AlignLeft, f"Last {n} game{'s' if n != 1 else ''} "
                   f"(bars) and the average {avg:.0f} (dashed)")
        p.drawText(QRectF(area.left(), area.bottom() + 4, area.width(), fm.height()),
                   Qt.AlignmentFlag.AlignCenter, "oldest → newest")
        p.end()


FIELDS = (  # titles marked for translation (context "stats"), translated when shown
    (QT_TRANSLATE_NOOP("stats", "Games"), lambda s: str(s.games)),
    (QT_TRANSLATE_NOOP("stats", "Wins"),
     lambda s: f"{s.wins} ({100 * s.wins / s.games:.0f}%)" if s.games else "0"),
    (QT_TRANSLATE_NOOP("stats", "Average score"), lambda s: f"{s.average_score:.1f}"),
    (QT_TRANSLATE_NOOP("stats", "Average per turn"), lambda s: f"{s.average_per_turn:.1f}"),
    (QT_TRANSLATE_NOOP("stats", "Best move"),
     lambda s: f"{s.best_word} {s.best_score}" if s.best_word else "—"),
    (QT_TRANSLATE_NOOP("stats", "Bingos"), lambda s: str(s.bingos)))


class StatsDialog(QDialog):
    def __init__(self, path=None, select: str | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Statistics — Wordbler"))
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        try:
            self.stats = stats_mod.load(path)
        except stats_mod.StatsError as e:
            self.stats = stats_mod.Stats()
            self.note.setText(self.tr("The statistics cannot be read: {error}").format(error=e))
        self.player = QComboBox(self)
        self.player.setAccessibleName(self.tr("Player"))
        for name in self.stats.names():
            self.player.addItem(name)
        if select and self.player.findText(select) >= 0:
            self.player.setCurrentIndex(self.player.findText(select))
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Player:"), self))
        top.addWidget(self.player, 1)
        form = QFormLayout()
        self.values: dict[str, QLabel] = {}
        for title, _ in FIELDS:
            label = QLabel(self)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.values[title] = label
            form.addRow(QCoreApplication.translate("stats", "{title}:").format(
                title=QCoreApplication.translate("stats", title)), label)
        self.chart = ScoresChart(self)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        box.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.note)
        lay.addLayout(top)
        lay.addLayout(form)
        lay.addWidget(self.chart, 1)
        lay.addWidget(box)
        if not self.stats.players and not self.note.text():
            self.note.setText(self.tr("No finished games yet: a game is counted here when it ends."))
        self.note.setVisible(bool(self.note.text()))
        self.player.currentTextChanged.connect(self.show_player)
        self.show_player(self.player.currentText())
        self.resize(520, 520)

    def show_player(self, name: str) -> None:
        ps = self.stats.player(name) if name else None
        for title, fmt in FIELDS:
            self.values[title].setText(fmt(ps) if ps is not None else "—")
        self.chart.set_scores(ps.recent if ps is not None else [])


class StatsController(QObject):
    """Counts each finished game; Game > Statistics opens the view."""

    def __init__(self, window, path=None) -> None:
        super().__init__(window)
        self.window = window
        self.path = path  # None: the user data folder
        self.dialog: StatsDialog | None = None
        self.action = QAction(self.tr("S&tatistics…"), window)
        self.action.triggered.connect(self.open)
        menu = None
        for a in window.menuBar().actions():
            if a.menu() is not None and a.text().replace("&", "") == "Game":
                menu = a.menu()
        (menu or window).addAction(self.action)
        self.session = None
        self.last_message = ""
        window.game_started.connect(self.follow)
        self.follow()

    def follow(self) -> None:
        s = getattr(self.window, "session", None)
        if s is None or s is self.session:
            return
        self.session = s
        s.game_over.connect(self.record)

    def record(self, *_args) -> None:
        s = self.session
        if s is None or not s.game.is_over:
            return
        ok, msg = stats_mod.record_game(s.game, self.path)
        self.last_message = msg
        # a failure, or recorded after setting an unreadable file aside: the player is told
        # (the games it held are not counted any more)
        if (not ok and "already" not in msg) or (ok and msg != stats_mod.UPDATED):
            show = getattr(self.window, "show_message", None)
            if show is not None:
                show(msg, "error")

    def open(self) -> StatsDialog:
        if self.dialog is not None:
            self.dialog.close()
            self.dialog.deleteLater()
        s = self.session
        current = s.game.players[s.game.current].name if s is not None else None
        self.dialog = StatsDialog(self.path, current, self.window)
        self.dialog.show()
        return self.dialog
