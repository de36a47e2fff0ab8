"""The thinking indicator: "Robo is thinking" with pulsing dots while a computer player's
job runs, and a progress bar while the move index is being built for the first time.

It only shows what it is told (:meth:`ThinkingIndicator.show_thinking`,
:meth:`~ThinkingIndicator.show_progress`, :meth:`~ThinkingIndicator.stop`); the window
wires it to :class:`~.computer.ComputerRunner` and :class:`~.moveindex.MoveIndex` signals.
"""

from __future__ import annotations

import math

from PySide6.QtCore import Property, QEasingCurve, QPropertyAnimation, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QProgressBar, QSizePolicy, QVBoxLayout, QWidget

from .panels import MascotView
from .theme import DEFAULT_THEME, Theme


class BusyDots(QWidget):
    """Three dots that swell one after another (a looping QPropertyAnimation on ``phase``)."""

    def __init__(self, theme: Theme = DEFAULT_THEME, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.theme = theme
        self._phase = 0.0
        self.anim = QPropertyAnimation(self, b"phase", self)
        self.anim.setStartValue(0.0)
        self.anim.setEndValue(3.0)
        self.anim.setDuration(1200)
        self.anim.setLoopCount(-1)
        self.anim.setEasingCurve(QEasingCurve.Type.Linear)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setAccessibleName(self.tr("busy"))

    def _get_phase(self) -> float:
        return self._phase

    def _set_phase(self, v: float) -> None:
        self._phase = v
        self.update()

    phase = Property(float, _get_phase, _set_phase)

    def sizeHint(self) -> QSize:
        h = max(10, self.height() if self.height() > 0 else 14)
        return QSize(int(h * 3.2), h)

    def start(self) -> None:
        if self.anim.state() != QPropertyAnimation.State.Running:
            self.anim.start()

    def stop(self) -> None:
        self.anim.stop()

    def hideEvent(self, event) -> None:
        self.anim.stop()  # no animation ticking for a hidden widget
        super().hideEvent(event)

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        h = self.height()
        r = h * 0.32
        colour = QColor(self.theme.selected)
        for i in range(3):
            # each dot peaks once per cycle, a third of a cycle after the previous one
            d = (self._phase - i) % 3.0
            swell = max(0.0, math.cos(min(d, 3.0 - d) * math.pi / 1.5)) if min(d, 3.0 - d) < 0.75 else 0.0
            c = QColor(colour)
            c.setAlphaF(0.35 + 0.65 * swell)
            p.setBrush(c)
            p.setPen(Qt.PenStyle.NoPen)
            rr = r * (0.75 + 0.35 * swell)
            cx = h * 0.5 + i * h * 1.1
            p.drawEllipse(QRectF(cx - rr, h / 2 - rr, 2 * rr, 2 * rr))
        p.end()


class ThinkingIndicator(QFrame):
    """A small panel: mascot, "Robo is thinking" and dots; or a labelled progress bar."""

    def __init__(self, theme: Theme = DEFAULT_THEME, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.theme = theme
        self.setObjectName("Thinking")
        theme.apply_surface(self, theme.panel_background)
        self.setStyleSheet(f"QFrame#Thinking {{ background: {theme.panel_background}; "
                           f"border: 1px solid {theme.selected}; border-radius: 6px; }}"
                           f"QLabel {{ color: {theme.text}; border: none; }}")
        self.mascot = MascotView(None, self)
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        self.label.setAccessibleName(self.tr("Thinking"))
        self.dots = BusyDots(theme, self)
        self.bar = QProgressBar(self)
        self.bar.setRange(0, 100)
        self.bar.setTextVisible(False)
        self.bar.setMaximumHeight(8)
        self.bar.hide()
        text = QVBoxLayout()
        text.setSpacing(3)
        text.addWidget(self.label)
        text.addWidget(self.bar)
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 4, 6, 4)
        row.setSpacing(8)
        row.addWidget(self.mascot, 0, Qt.AlignmentFlag.AlignVCenter)
        row.addLayout(text, 1)
        row.addWidget(self.dots, 0, Qt.AlignmentFlag.AlignVCenter)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.thinking_name: str | None = None
        self.hide()

    def set_scale(self, unit: float) -> None:
        unit = min(unit, 94.0)  # as the side panel it sits in (mainwindow.SIDE_MAX / 9.5)
        self.mascot.setFixedSize(int(unit * 0.9), int(unit * 0.9))
        self.label.setFont(self.theme.font(max(11, unit * 0.4), bold=True))
        self.dots.setFixedSize(int(unit * 1.2), int(max(10, unit * 0.38)))

    def show_thinking(self, name: str, mascot: str | None) -> None:
        self.thinking_name = name
        self.mascot.set_mascot(mascot)
        self.mascot.show()
        text = self.tr("{name} is thinking").format(name=name)
        self.label.setText(text)
        self.setAccessibleName(text)
        self.bar.hide()
        self.dots.show()
        self.show()
        self.dots.start()

    def show_progress(self, fraction: float, what: str | None = None) -> None:
        """A build under way: ``fraction`` 0..1 (1 hides the bar).  ``what``: what is being
        done (by default "Preparing the word index", translated when shown)."""
        if fraction >= 1.0:
            self.bar.hide()
            if self.thinking_name is None:
                self.stop()
            else:
                self.label.setText(self.tr("{name} is thinking").format(name=self.thinking_name))
            return
        pct = int(fraction * 100)
        if self.thinking_name is None:
            if what is None:
                what = self.tr("Preparing the word index")
            text = self.tr("{what}… {percent} %").format(what=what, percent=pct)
        else:
            text = self.tr("{name} is getting ready… {percent} %").format(
                name=self.thinking_name, percent=pct)
        self.label.setText(text)
        self.bar.setValue(pct)
        self.bar.show()
        if self.thinking_name is None:
            self.mascot.hide()
            self.dots.hide()
        self.show()

    def show_search(self, fraction: float) -> None:
        """The expert's simulation under way: the bar fills as its playouts are done."""
        if self.thinking_name is None or not self.isVisible():
            return
        self.bar.setValue(max(0, min(100, int(fraction * 100))))
        self.bar.show()

    def stop(self) -> None:
        self.thinking_name = None
        self.dots.stop()
        self.bar.hide()
        self.hide()
