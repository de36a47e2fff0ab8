"""Screenshot of Help > Keys and rules scrolled to "Computer players" (what the levels do),
at 1024x700 and, with QT_SCALE_FACTOR=2, scaled.  Run under Xvfb from the repository's top
folder:

    xvfb-run -a -s "-screen 0 1920x1080x24" python docs/screenshots/boardgame/help_computer_players.py
"""

from __future__ import annotations

import os
import pathlib
import sys
import tempfile

os.environ.setdefault("WORDBLER_DATA_DIR", tempfile.mkdtemp())

import wordbler.ui  # noqa: F401,E402
from PySide6.QtCore import QEventLoop, QTimer  # noqa: E402
from PySide6.QtGui import QTextCursor, QTextDocument  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent


def main() -> int:
    app = QApplication(sys.argv)  # noqa: F841
    from wordbler.boardgame.rules import STANDARD
    from wordbler.ui.boardgame.dialogs import HelpDialog

    scaled = os.environ.get("QT_SCALE_FACTOR", "1") not in ("", "1")
    dlg = HelpDialog(STANDARD)
    dlg.resize(680, 640)
    dlg.show()
    doc = dlg.text.document()
    found = doc.find("Computer players", 0, QTextDocument.FindFlag.FindCaseSensitively)
    if found.isNull():
        print("no 'Computer players' section in the help", file=sys.stderr)
        return 1
    cursor = QTextCursor(found)
    dlg.text.setTextCursor(cursor)
    bar = dlg.text.verticalScrollBar()
    bar.setValue(bar.value() + dlg.text.cursorRect().top() - 10)
    loop = QEventLoop()
    QTimer.singleShot(400, loop.quit)
    loop.exec()
    name = "help_computer_players_scale2.png" if scaled else "help_computer_players.png"
    dlg.grab().save(str(HERE / name))
    print(HERE / name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
