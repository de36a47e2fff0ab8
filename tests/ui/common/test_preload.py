"""The games' modules are read while the start page waits, so a first Play opens quickly."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from wordbler.ui import start

SCRIPT = textwrap.dedent('''
    import sys
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    from wordbler.ui import start
    launcher = start.Launcher()
    before = [m for m in start.PRELOAD if m in sys.modules]
    launcher.preloaded.connect(app.quit)
    launcher.show_start_page()
    app.exec()
    after = [m for m in start.PRELOAD if m not in sys.modules]
    print("BEFORE", ",".join(before))
    print("MISSING", ",".join(after))
''')


def test_the_start_page_reads_every_game_while_it_waits(tmp_path):
    # the first Play of a game read its modules then: 130-270 ms before its window showed
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path),
               WORDBLER_DATA_DIR=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "cfg"))
    out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    lines = dict(line.split(" ", 1) if " " in line else (line, "") for line in out.stdout.split("\n") if line)
    assert lines["MISSING"] == ""
    # the start page itself did not need them: they were read after it was up
    assert "wordbler.ui.snake.window" not in lines["BEFORE"].split(",")


def test_a_preload_step_that_fails_does_not_stop_the_others(qtbot, monkeypatch):
    monkeypatch.setattr(start, "PRELOAD", ("wordbler.no_such_game", "json"))
    monkeypatch.setattr(start, "PRELOAD_DELAY_MS", 0)
    launcher = start.Launcher()
    launcher.preload_pending = None
    with qtbot.waitSignal(launcher.preloaded, timeout=10000):
        launcher._preload_start()
    assert launcher.preload_pending == []
