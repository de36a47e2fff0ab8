"""A game's "how to play" page: rich text that scrolls, in a dialog fitted to the screen."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from .screen import fit_to_screen


def show_help_dialog(parent: QWidget, title: str, html: str,
                     preferred: QSize = QSize(620, 640)) -> QDialog:
    """Show ``html`` in a non-modal dialog with a Close button; ``preferred`` shrinks to the
    screen (a message box as tall as its text ran off a 540-pixel screen at 2x scale)."""
    dlg = QDialog(parent)
    dlg.setWindowTitle(title)
    dlg.setObjectName("help")
    lay = QVBoxLayout(dlg)
    dlg.text = QTextBrowser(dlg)
    dlg.text.setOpenExternalLinks(True)
    dlg.text.setHtml(html)
    lay.addWidget(dlg.text)
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dlg)
    box.rejected.connect(dlg.close)
    lay.addWidget(box)
    fit_to_screen(dlg, preferred)
    dlg.show()
    return dlg
