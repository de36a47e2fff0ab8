"""Tile flights and the bag's shake, with QPropertyAnimation only.

The session has already changed the state when an animation starts: animations only show
it.  A tile in flight is hidden at its destination until it lands.  With speed ``off`` nothing
is animated and :attr:`Animator.idle` fires at once, so tests never wait for time to pass.
"""

from __future__ import annotations

import enum
from typing import Callable

from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QObject,
    QParallelAnimationGroup,
    QPropertyAnimation,
    QRect,
    QSequentialAnimationGroup,
    Qt,
    Signal,
)
from PySide6.QtWidgets import QWidget

from .theme import DEFAULT_THEME, Theme
from .tiles import TileFace, TileView


class Speed(enum.Enum):
    OFF = ("Off", 0.0)
    FAST = ("Fast", 0.5)
    NORMAL = ("Normal", 1.0)
    SLOW = ("Slow", 2.0)

    def __init__(self, title: str, factor: float) -> None:
        self.title = title
        self.factor = factor

    @classmethod
    def parse(cls, text: str) -> "Speed":
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise ValueError(f"unknown animation speed {text!r}; choose one of: "
                             f"{', '.join(s.name.lower() for s in cls)}") from None


FLIGHT_MS = 320
SHAKE_MS = 360
STAGGER_MS = 70


class FlightLayer(QWidget):
    """A transparent layer over the table on which flying tiles are drawn."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground, True)
        self.setGeometry(parent.rect())


class Animator(QObject):
    """Runs flights one group at a time; ``idle`` when nothing is moving."""

    started = Signal()
    idle = Signal()
    landed = Signal(object)  # tile ids that arrived

    def __init__(self, host: QWidget, theme: Theme = DEFAULT_THEME, speed: Speed = Speed.NORMAL) -> None:
        super().__init__(host)
        self.host = host
        self.theme = theme
        self.speed = speed
        self.layer = FlightLayer(host)
        self._running: list[QAbstractAnimation] = []
        self._in_flight: set[int] = set()

    @property
    def busy(self) -> bool:
        return bool(self._running)

    def in_flight(self) -> frozenset[int]:
        return frozenset(self._in_flight)

    def duration(self, ms: int) -> int:
        return int(ms * self.speed.factor)

    def sync_geometry(self) -> None:
        self.layer.setGeometry(self.host.rect())
        self.layer.raise_()

    # ---------------------------------------------------------------- building blocks
    def fly(self, flights: list[tuple[int, TileFace, QRect, QRect]], on_land: Callable[[], None] | None = None,
            shake: QWidget | None = None, stagger: bool = True) -> None:
        """Fly tiles (id, face, from, to in host coordinates); optionally shake ``shake`` first."""
        if self.speed is Speed.OFF or not self.host.isVisible():
            if on_land:
                on_land()
            self.landed.emit(frozenset(i for i, *_ in flights))
            if not self.busy:
                self.idle.emit()
            return
        self.sync_geometry()
        seq = QSequentialAnimationGroup(self)
        if shake is not None:
            seq.addAnimation(self._shake_animation(shake))
        group = QParallelAnimationGroup()
        widgets = []
        ids = set()
        for n, (tile_id, face, src, dst) in enumerate(flights):
            w = TileView(face, self.theme, self.layer)
            w.setGeometry(src)
            w.show()
            widgets.append(w)
            ids.add(tile_id)
            one = QSequentialAnimationGroup()
            if stagger and n:
                one.addPause(self.duration(STAGGER_MS * n))
            anim = QPropertyAnimation(w, b"geometry")
            anim.setStartValue(src)
            anim.setEndValue(dst)
            anim.setDuration(self.duration(FLIGHT_MS))
            anim.setEasingCurve(QEasingCurve.Type.OutCubic)
            one.addAnimation(anim)
            group.addAnimation(one)
        seq.addAnimation(group)
        self._in_flight |= ids
        self.layer.raise_()

        def finished() -> None:
            for w in widgets:
                w.hide()
                w.deleteLater()
            self._in_flight -= ids
            if seq in self._running:
                self._running.remove(seq)
            if on_land:
                on_land()
            self.landed.emit(frozenset(ids))
            seq.deleteLater()
            if not self._running:
                self.idle.emit()

        seq.finished.connect(finished)
        self._running.append(seq)
        self.started.emit()
        seq.start()

    def shake(self, widget: QWidget) -> None:
        if self.speed is Speed.OFF:
            return
        anim = self._shake_animation(widget)
        self._running.append(anim)

        def finished() -> None:
            if anim in self._running:
                self._running.remove(anim)
            anim.deleteLater()
            if not self._running:
                self.idle.emit()

        anim.finished.connect(finished)
        anim.start()

    def _shake_animation(self, widget: QWidget) -> QPropertyAnimation:
        anim = QPropertyAnimation(widget, b"shake", self)
        anim.setDuration(self.duration(SHAKE_MS))
        anim.setStartValue(0.0)
        for t, v in ((0.15, 1.0), (0.35, -1.0), (0.55, 0.8), (0.75, -0.6), (0.9, 0.3)):
            anim.setKeyValueAt(t, v)
        anim.setEndValue(0.0)
        return anim

    def finish_all(self) -> None:
        """Jump every running animation to its end (new game, window closing)."""
        for anim in list(self._running):
            anim.setCurrentTime(anim.totalDuration())  # ends it: finished() runs
