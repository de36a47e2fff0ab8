"""Screenshots of word meanings: the Word tools meaning panel and the Word Snake end screen.

    for S in 1024x700 1920x1080; do
      xvfb-run -a -s "-screen 0 1920x1080x24" \\
        python docs/screenshots/make_definition_screenshots.py --size $S
    done
    QT_SCALE_FACTOR=2 xvfb-run -a -s "-screen 0 1920x1080x24" \\
      python docs/screenshots/make_definition_screenshots.py --size 900x600 --suffix=-scale2

Writes ``suite/wordtools-meaning-en-<size>.png`` (Guess the word, RUNNING selected: its own
noun and adjective senses and RUN's verb senses) and ``snake/end-meaning-en-<size>.png``
(a one-player English round on the daily board of 2025-11-23, a found inflected word
clicked: its path on the board and its meaning beside it).  Bundled lists, fixed seed, a
fake clock: the same pictures every time.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import wordbler.ui  # noqa: E402,F401  (the PySide6 refcount guard first)
from PySide6.QtCore import QEventLoop, QSettings, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from wordbler.lexicon import definitions  # noqa: E402
from wordbler.snake import FakeClock  # noqa: E402

HERE = Path(__file__).resolve().parent
SNAKE_SEED = 20251123


def wait(signal, ms: int = 60000) -> None:
    loop = QEventLoop()
    signal.connect(loop.quit)
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def settle(ms: int = 200) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def wordtools(w_px: int, h_px: int, tag: str, tmp: Path) -> None:
    from wordbler.ui.wordtools.window import WordToolsWindow

    win = WordToolsWindow(settings=QSettings(str(tmp / "wt.ini"), QSettings.Format.IniFormat))
    win.resize(w_px, h_px)
    win.show()
    wait(win.list_ready)
    win.tabs.setCurrentIndex(0)
    win.guess_letters.setText("RUNNINGS")
    win.guess_length.setValue(7)
    win.run_guess()
    wait(win.results_ready)
    tree = win.guess_results
    group = tree.topLevelItem(0)
    item = next(group.child(i) for i in range(group.childCount())
                if group.child(i).text(0) == "RUNNING")
    tree.setCurrentItem(item)
    if not win.definition_text().startswith("RUNNING"):
        wait(win.definition_ready)
    settle()
    path = HERE / "suite" / f"wordtools-meaning-en-{tag}.png"
    win.grab().save(str(path))
    print(path, "|", win.definition_text().splitlines()[:2])
    win.close()


def snake(w_px: int, h_px: int, tag: str, tmp: Path) -> None:
    from wordbler.ui.snake.window import SnakeWindow

    clock = FakeClock()
    win = SnakeWindow(settings=QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat),
                      clock=clock, data_dir=tmp / "data")
    win.resize(w_px, h_px)
    win.show()
    s = win.setup
    s.lang.setCurrentIndex(s.lang.findData("en"))
    s.players.setValue(1)
    win.new_board(seed=SNAKE_SEED)
    wait(win.deal_ready)
    ses = win.session
    deal = ses.game.deal
    if win.pages.currentWidget() is win.handoff:
        win.begin_turn()
    en = definitions.bundled_definitions("en")
    common = [w for w, _ in deal.words if w in deal.common]
    inflected = [w for w in common if 5 <= len(w) <= 7
                 and any(x.base != w for x in en.lookup(w))]
    plays = inflected[:3] + [w for w in common if 4 <= len(w) <= 6 and w not in inflected][:8]
    for word in plays:
        ses.submit_text(word)
    clock.advance(200)
    ses.tick()
    settle()
    res = win.results
    lst = res.tabs.widget(0)
    res.tabs.setCurrentIndex(0)
    row = next(i for i in range(lst.count()) if lst.item(i).data(256) == inflected[0])
    lst.setCurrentRow(row)
    if not res.definition_text() or res.definition_text().startswith("Looking"):
        wait(res.definition_ready)
    settle()
    path = HERE / "snake" / f"end-meaning-en-{tag}.png"
    win.grab().save(str(path))
    print(path, "|", inflected[0], "|", res.definition_text().splitlines()[:2])
    win.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", default="1024x700")
    ap.add_argument("--suffix", default="")
    args = ap.parse_args()
    w_px, h_px = (int(x) for x in args.size.lower().split("x"))
    tag = f"{args.size}{args.suffix}"
    QApplication.instance() or QApplication(sys.argv)
    tmp = Path(tempfile.mkdtemp(prefix="meaning-shots-"))
    wordtools(w_px, h_px, tag, tmp)
    snake(w_px, h_px, tag, tmp)


if __name__ == "__main__":
    main()
