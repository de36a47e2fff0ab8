"""A power cut mid-turn: the app, killed with SIGKILL, resumes with the identical state.

The app runs as a separate process (``python -m wordbler.ui.app``, offscreen), plays a
script of intents (``WORDBLER_TEST_SCRIPT``, :mod:`wordbler.ui.boardgame.scripted`): three turns (a
play, a play, an exchange), then, in the fourth, two tiles placed, one of them moved and the
rack shuffled.  It dumps its state and says it is ready; the test kills it with SIGKILL.
Started again with ``--resume``, it dumps its state again: the two dumps must be identical
(board, racks with tile identities and order, bag order, scores, history, whose turn, fail
count, the tiles placed this turn).  Then the resumed game plays the pending word.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from wordbler.boardgame import savegame
from wordbler.boardgame.game import Game
from wordbler.boardgame.model import Coord, Placement

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")

SEED = 11
H = 7  # column H


def _tiles(game: Game, letters: str):
    """Rack tiles for ``letters`` (first match each), never a blank."""
    return game.tiles_for_letters(letters)


def _plain(game: Game, n: int, skip: str = "") -> str:
    """``n`` letters of the current rack that are not blanks."""
    out, pool = [], [t.letter for t in game.rack() if not t.is_blank]
    for ch in pool:
        if len(out) < n:
            out.append(ch)
    assert len(out) == n, game.rack_letters()
    return "".join(out)


def plan() -> tuple[list[dict], list[dict], set[str], list[str]]:
    """The steps of both runs and the words they need, worked out on an engine game with the
    same seed (the app deals the same tiles)."""
    g = Game(["Ann", "Bob"], seed=SEED)
    words: set[str] = set()
    steps: list[dict] = [{"do": "reveal"}]
    # turn 1: two tiles across from the centre
    a, b = _plain(g, 2)
    t = _tiles(g, a + b)
    g.play([Placement(t[0], Coord(7, 7), a), Placement(t[1], Coord(7, 8), b)])
    words.add(a + b)
    steps += [{"do": "place", "letter": a, "at": "H8"}, {"do": "place", "letter": b, "at": "I8"},
              {"do": "commit"}, {"do": "reveal"}]
    # turn 2: two tiles down from the first letter
    c, d = _plain(g, 2)
    t = _tiles(g, c + d)
    g.play([Placement(t[0], Coord(8, H), c), Placement(t[1], Coord(9, H), d)])
    words.add(a + c + d)
    steps += [{"do": "place", "letter": c, "at": "H9"}, {"do": "place", "letter": d, "at": "H10"},
              {"do": "commit"}, {"do": "reveal"}]
    # turn 3: an exchange (a scoreless turn: the fail count becomes 1)
    x = _plain(g, 2)
    g.exchange(_tiles(g, x))
    steps += [{"do": "exchange", "letters": x}, {"do": "reveal"}]
    # turn 4, interrupted: e on H11, f first on G11 then moved to H12, the rack shuffled
    e, f = _plain(g, 2)
    words.add(a + c + d + e + f)
    steps += [{"do": "place", "letter": e, "at": "H11"}, {"do": "place", "letter": f, "at": "G11"},
              {"do": "move", "from": "G11", "to": "H12"}, {"do": "shuffle"}]
    after = [{"do": "reveal"}, {"do": "commit"}]
    return steps, after, words, [a + c + d + e + f]


def _env(tmp_path: Path, script: Path) -> dict:
    env = dict(os.environ)
    env.update({
        "QT_QPA_PLATFORM": "offscreen",
        "WORDBLER_DATA_DIR": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),  # QSettings stay out of the user's
        "WORDBLER_TEST_SCRIPT": str(script),
    })
    return env


def _kept_game(tmp_path: Path) -> Path:
    """The one game file the app kept in its data folder."""
    games = sorted((tmp_path / "data" / "boardgame").glob("game-*.gcg"))
    assert len(games) == 1, games
    return games[0]


def _wait_for(path: Path, proc: subprocess.Popen, timeout: float = 120.0) -> str:
    """The marker the child writes when it is ready (a generous deadline, not a timing)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists():
            text = path.read_text()
            if text.endswith("\n"):
                return text
        if proc.poll() is not None:
            out, err = proc.communicate()
            pytest.fail(f"the app exited with {proc.returncode} before it was ready:\n{err}")
        time.sleep(0.05)
    proc.kill()
    out, err = proc.communicate()
    pytest.fail(f"the app was not ready after {timeout} s:\n{err}")


@pytest.mark.slow
def test_killed_mid_turn_resumes_with_the_identical_state(tmp_path):
    steps, after, words, played = plan()
    lexicon = tmp_path / "words.txt"
    lexicon.write_text("\n".join(sorted(words)) + "\n")
    base = [sys.executable, "-m", "wordbler.ui.app", "--players", "Ann,Bob", "--seed", str(SEED),
            "--lexicon", str(lexicon), "--animation", "off"]

    # first run: play three turns and half of a fourth, then wait to be killed
    before = tmp_path / "before.json"
    ready = tmp_path / "ready.txt"
    script = tmp_path / "script1.json"
    script.write_text(json.dumps(steps + [{"do": "dump", "path": str(before)},
                                          {"do": "ready", "path": str(ready)}]))
    proc = subprocess.Popen(base, env=_env(tmp_path, script), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert _wait_for(ready, proc) == "ready\n"
        os.kill(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == -signal.SIGKILL
    state_before = json.loads(before.read_text())
    assert len(state_before["history"]) == 3 and state_before["fails"] == 1
    assert len(state_before["pending"]) == 2  # killed in the middle of a turn

    # the game's file on disk holds exactly that state
    game = savegame.load_game(_kept_game(tmp_path))
    assert [[p.coord.label, p.tile.id, p.letter] for p in game.pending] == state_before["pending"]
    assert [[t.id, t.letter] for t in game.bag.tiles()] == state_before["bag"]

    # second run: resume, dump, then play the pending word and quit
    resumed = tmp_path / "resumed.json"
    finished = tmp_path / "finished.json"
    ready2 = tmp_path / "ready2.txt"
    script2 = tmp_path / "script2.json"
    script2.write_text(json.dumps([{"do": "dump", "path": str(resumed)}] + after + [
        {"do": "dump", "path": str(finished)}, {"do": "ready", "path": str(ready2)},
        {"do": "quit"}]))
    proc = subprocess.Popen(base + ["--resume"], env=_env(tmp_path, script2),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert _wait_for(ready2, proc) == "ready\n"
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err
    assert json.loads(resumed.read_text()) == state_before

    # and the game goes on: the word placed before the kill is played
    state_after = json.loads(finished.read_text())
    assert len(state_after["history"]) == 4 and state_after["pending"] == []
    last = state_after["history"][-1]
    assert last[2] == "play" and last[3] > 0
    assert state_after["fails"] == 0
    board = {label: letter for label, _id, letter in state_after["board"]}
    assert "".join(board[f"H{r}"] for r in range(8, 13)) == played[0]


@pytest.mark.slow
@pytest.mark.parametrize("delay", [0.0, 0.15, 0.4])
def test_killed_while_autosaving_leaves_a_whole_file(tmp_path, delay):
    """A tile moved back and forth hundreds of times, each move autosaved, and the process
    killed at some moment of it: the autosave on disk is always a whole, loadable game (the
    previous write or the new one, never half of one), and the next start offers it."""
    g = Game(["Ann", "Bob"], seed=SEED)
    letter = _plain(g, 1)
    ready = tmp_path / "ready.txt"
    script = tmp_path / "script.json"
    script.write_text(json.dumps([
        {"do": "reveal"}, {"do": "place", "letter": letter, "at": "H8"},
        {"do": "ready", "path": str(ready)},
        {"do": "repeat", "times": 400, "steps": [{"do": "move", "from": "H8", "to": "H9"},
                                                 {"do": "move", "from": "H9", "to": "H8"}]},
    ]))
    lexicon = tmp_path / "words.txt"
    lexicon.write_text("AA\n")
    cmd = [sys.executable, "-m", "wordbler.ui.app", "--players", "Ann,Bob", "--seed", str(SEED),
           "--lexicon", str(lexicon), "--animation", "off"]
    proc = subprocess.Popen(cmd, env=_env(tmp_path, script), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert _wait_for(ready, proc) == "ready\n"
        deadline = time.monotonic() + delay
        while time.monotonic() < deadline:  # kill at some point of the loop
            time.sleep(0.005)
        os.kill(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    kept = _kept_game(tmp_path)
    game = savegame.load_game(kept)
    assert [p.coord.label for p in game.pending] in (["H8"], ["H9"])
    from wordbler.ui.boardgame import autosave

    found = autosave.inspect(tmp_path / "data" / "boardgame")  # the killed one's lock is stale
    assert found.kind is autosave.FoundKind.UNFINISHED and found.path == kept
    found.release()
    # a write cut by the kill may have left its temporary file: the next start removes it
    assert sorted(os.listdir(tmp_path / "data" / "boardgame")) == [kept.name]
