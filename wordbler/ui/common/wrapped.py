"""A word-wrapped label as tall as its text wrapped at its present width."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QLabel, QWidget


class WrappedLabel(QLabel):
    """A word-wrapped ``QLabel`` whose minimum height is its text's height at its width.

    Many layouts (a grid of cards, a column beside a stretching board) give a wrapped label
    the height of its size hint, one line's worth or a wider width's: with a large system
    font a start-page card cut its third line off, and at 2x scale Word Snake's results
    caption drew its second line over the board."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setWordWrap(True)

    def _fit(self) -> None:
        need = self.heightForWidth(self.width())
        if need > 0 and need != self.minimumHeight():
            self.setMinimumHeight(need)

    def setText(self, text: str) -> None:  # noqa: N802
        super().setText(text)
        self._fit()

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event) -> None:  # noqa: N802
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit()
