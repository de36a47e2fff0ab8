"""Screenshots of the start page and the Word tools window (English and Russian).

Run under a virtual screen of the size wanted, e.g.
``xvfb-run -a -s "-screen 0 1024x700x24" python docs/screenshots/make_suite_screenshots.py 1024x700``
(the window is maximised on that screen, then grabbed with its frame as the screen shows it).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import wordbler.ui  # noqa: F401,E402
from PySide6.QtCore import QEventLoop, QSettings, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from wordbler.ui.start import Launcher  # noqa: E402
from wordbler.ui.wordtools.window import WordToolsWindow  # noqa: E402

OUT = Path(__file__).resolve().parent / "suite"


def settle(ms: int = 300) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def wait_for(signal, ms: int = 60_000) -> None:
    loop = QEventLoop()
    signal.connect(loop.quit)
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def shoot(widget, name: str, tag: str) -> None:
    settle()
    screen = QApplication.primaryScreen()
    pm = screen.grabWindow(0)
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{name}-{tag}.png"
    pm.save(str(path))
    print(path)


def main() -> None:
    tag = sys.argv[1] if len(sys.argv) > 1 else "screen"
    app = QApplication(sys.argv[:1])
    app.setApplicationName("WordblerScreenshots")
    launcher = Launcher()
    page = launcher.show_start_page()
    page.show()
    shoot(page, "start-page", tag)
    page.hide()

    import tempfile

    settings_dir = tempfile.mkdtemp(prefix="wordbler-shots-")
    settings = QSettings(str(Path(settings_dir) / "settings.ini"), QSettings.Format.IniFormat)
    w = WordToolsWindow(settings=settings)
    launcher.install_game_menu(w)
    from wordbler.ui.common.screen import fit_to_screen

    fit_to_screen(w, w.sizeHint())
    w.show()
    wait_for(w.list_ready)
    w.tabs.setCurrentIndex(2)
    w.grid_paste.setText("SETE/ABLK/ORTS/NIEM")
    w.paste_grid()
    w.run_grid()
    wait_for(w.results_ready)
    tree = w.grid_results
    if tree.topLevelItemCount():
        first = tree.topLevelItem(0).child(0)
        tree.setCurrentItem(first)
    shoot(w, "wordtools-grid-en", tag)
    w.tabs.setCurrentIndex(0)
    w.guess_letters.setText("SATIRE?")
    w.guess_length.setValue(6)
    w.run_guess()
    wait_for(w.results_ready)
    shoot(w, "wordtools-guess-en", tag)

    w.lang_combo.setCurrentIndex(w.lang_combo.findData("ru"))
    wait_for(w.list_ready)
    w.tabs.setCurrentIndex(1)
    w.mode_sub.setChecked(True)
    w.min_length.setValue(3)
    w.query_edit.setText("ёлкаос")
    w.run_anagram()
    wait_for(w.results_ready)
    shoot(w, "wordtools-anagram-ru", tag)
    w.tabs.setCurrentIndex(2)
    w.grid_paste.setText("КОТЁ/ЛЕСА/ЖИКР/ОНТА")
    w.paste_grid()
    w.run_grid()
    wait_for(w.results_ready)
    shoot(w, "wordtools-grid-ru", tag)
    settings.clear()


if __name__ == "__main__":
    main()
