"""A one-line label that shortens its text with "…" to the width it is given."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class ElidedLabel(QLabel):
    """A one-line label that ends (or, for a file path, middles) in "…" when its text does not
    fit; the whole text is its tooltip and what :meth:`text` returns.  A plain label as wide
    as a long path set the window's minimum width: a word list chosen from a deep folder made
    Word tools wider than a 1024-pixel screen."""

    def __init__(self, text: str = "", parent: QWidget | None = None,
                 mode: Qt.TextElideMode = Qt.TextElideMode.ElideMiddle,
                 keep_after: str | None = None) -> None:
        """``keep_after``: the text from its last occurrence on is always shown whole and
        only what comes before it is shortened (a list's name, never its word count)."""
        super().__init__(parent)
        self._full = text
        self._mode = mode
        self._keep_after = keep_after
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._elide()

    def text(self) -> str:  # the whole text, not the part shown
        return self._full

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        self._full = text
        self._elide()

    def _elide(self) -> None:
        fm, room = self.fontMetrics(), max(10, self.width())
        head, tail = self._full, ""
        if self._keep_after and self._keep_after in self._full:
            cut = self._full.rindex(self._keep_after)
            head, tail = self._full[:cut], self._full[cut:]
        if fm.horizontalAdvance(self._full) <= room or not tail:
            shown = fm.elidedText(self._full, self._mode, room)
        else:
            shown = fm.elidedText(head, self._mode,
                                  max(10, room - fm.horizontalAdvance(tail))) + tail
        super().setText(shown)
        self.setToolTip(self._full if shown != self._full else "")

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._elide()

    def changeEvent(self, event) -> None:  # noqa: N802
        super().changeEvent(event)
        if event.type() == event.Type.FontChange:
            self._elide()

    def sizeHint(self) -> QSize:  # noqa: N802 - as wide as the whole text, if there is room
        return QSize(self.fontMetrics().horizontalAdvance(self._full) + 4,
                     super().sizeHint().height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(20, super().minimumSizeHint().height())
