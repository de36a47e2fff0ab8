"""Screenshots of the Word Snake window: a round, the hand-off screen, the end screen.

    xvfb-run -a -s "-screen 0 1920x1080x24" python docs/screenshots/snake/make_screenshots.py \
        [--lang en|ru] [--size 1024x700] [--out docs/screenshots/snake] [--suffix ""]

One process per language and size; the bundled word list of the language, a fixed seed and
a fake clock, so the pictures come out the same each time.  Writes
``round-<lang>-<size>.png``, ``hints-<lang>-<size>.png``, ``handoff-<lang>-<size>.png``,
``end-<lang>-<size>.png`` (and ``setup-<lang>-<size>.png``).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

import wordbler.ui  # noqa: E402,F401  (the PySide6 refcount guard first)
from PySide6.QtCore import QEventLoop, QSettings, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from wordbler.snake import FakeClock  # noqa: E402

NAMES = {"en": ("Ann", "Bob"), "ru": ("Аня", "Борис")}
SEEDS = {"en": 20251123, "ru": 80}


def wait(signal, ms: int = 60000) -> None:
    loop = QEventLoop()
    signal.connect(loop.quit)
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def settle(ms: int = 150) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lang", default="en", choices=("en", "ru"))
    ap.add_argument("--size", default="1024x700")
    ap.add_argument("--out", default=str(Path(__file__).resolve().parent))
    ap.add_argument("--suffix", default="")
    args = ap.parse_args()
    w_px, h_px = (int(x) for x in args.size.lower().split("x"))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    tag = f"{args.lang}-{args.size}{args.suffix}"

    app = QApplication.instance() or QApplication(sys.argv)
    from wordbler.ui.snake.window import SnakeWindow

    tmp = Path(tempfile.mkdtemp(prefix="snake-shots-"))
    clock = FakeClock()
    win = SnakeWindow(settings=QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat),
                      clock=clock, data_dir=tmp / "data")
    win.resize(w_px, h_px)
    win.show()
    s = win.setup
    s.lang.setCurrentIndex(s.lang.findData(args.lang))
    s.players.setValue(2)
    for i, n in enumerate(NAMES[args.lang]):
        s.names[i].setText(n)
    settle()
    win.grab().save(str(out / f"setup-{tag}.png"))

    win.new_board(seed=SEEDS[args.lang])
    wait(win.deal_ready)
    ses = win.session
    deal = ses.game.deal
    print(f"{tag}: board {deal.board} target {deal.target} words {deal.count} code {ses.code}")
    settle()
    win.grab().save(str(out / f"handoff-first-{tag}.png"))

    # Ann's turn: a few words, the clock at 1:47, a word half-way through a drag
    win.begin_turn()
    common = [w for w, _ in deal.words if w in deal.common]
    plays = [w for w in common if 4 <= len(w) <= 6][:7]
    for word in plays[:6]:
        ses.submit_text(word)
    bonus = next((w for w, _ in deal.words if w not in deal.common and len(w) <= 6), None)
    if bonus:
        ses.submit_text(bonus)
    clock.advance(73)
    ses.tick()
    settle(700)                     # the last word's flash is over
    dragging = next(w for w in common if len(w) >= 5 and w not in plays and w != deal.target)
    path = deal.word_paths[dragging]
    ses.press(path[0])
    for cell in path[1:]:
        ses.enter(cell)
    settle()
    win.grab().save(str(out / f"round-{tag}.png"))
    ses.release()
    settle(700)

    win.set_hints(True)
    already = plays[0]
    p2 = deal.word_paths[already]
    ses.press(p2[0])
    for cell in p2[1:]:
        ses.enter(cell)
    settle(700)
    win.grab().save(str(out / f"hints-{tag}.png"))
    ses.clear()
    win.set_hints(False)

    ses.end_turn()
    settle()
    win.grab().save(str(out / f"handoff-{tag}.png"))

    # Bob's turn: some of the same words (cancelled) and others, then the time runs out
    win.begin_turn()
    for word in plays[:2] + [w for w in common if len(w) >= 4 and w not in plays][:5]:
        ses.submit_text(word)
    if deal.target:
        ses.submit_text(deal.target)
    clock.advance(200)
    ses.tick()
    settle()
    res = win.results
    res.show_word(deal.target or deal.words[0][0])
    if res.definition_text().startswith("Looking up"):  # the meaning panel (English)
        wait(res.definition_ready)
    settle()
    win.grab().save(str(out / f"end-{tag}.png"))
    tabs = res.tabs
    for i in range(tabs.count()):
        if tabs.tabText(i) == "Who found":
            tabs.setCurrentIndex(i)
    settle()
    win.grab().save(str(out / f"end-who-{tag}.png"))
    win.close()


if __name__ == "__main__":
    main()
