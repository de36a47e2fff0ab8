"""Open a collection of bad game files in a window and print what the user sees.

    QT_QPA_PLATFORM=offscreen python scripts/bad_files.py [--keep DIR]

Each file is opened with File > Open's code path (``FileController.open_path``) in a fresh
window that has a game under way; printed per file: refused / opened to play / opened in the
replay view, whether the game on the table was left untouched, and the text of the message
box.  Then an autosave of each kind of damage is inspected as at start.  The list is the one
in ``docs/files-and-autosave.md``.
"""

from __future__ import annotations

import argparse
import gzip
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ["WORDBLER_DATA_DIR"] = tempfile.mkdtemp(prefix="wordbler-bad-files-")

import wordbler.ui  # noqa: E402,F401  (refcount guard)
from PySide6.QtWidgets import QApplication, QMessageBox  # noqa: E402

from wordbler.boardgame import savegame  # noqa: E402
from wordbler.boardgame.game import Game, PlayerSpec  # noqa: E402
from wordbler.boardgame.model import Coord, Placement  # noqa: E402
from wordbler.ui.boardgame import autosave  # noqa: E402
from wordbler.ui.boardgame.animation import Speed  # noqa: E402
from wordbler.ui.boardgame.config import GameConfig  # noqa: E402
from wordbler.ui.boardgame.mainwindow import MainWindow  # noqa: E402
from wordbler.ui.boardgame.scripted import state_of  # noqa: E402

HEADER = "#player1 ann Ann\n#player2 bob Bob\n"
PLAY1 = ">ann: ADEHNRT 8D HARDEN +28 28\n"


def our_record() -> str:
    g = Game(["Ann", "Bob"], seed=3)
    for coords in ([(7, 7), (7, 8)], [(8, 7), (9, 7)]):
        rack = [t for t in g.rack() if not t.is_blank]
        g.play([Placement(t, Coord(*c), t.letter) for t, c in zip(rack, coords)])
    g.pass_turn()
    return savegame.game_to_gcg(g)


def edit_event(text: str, n: int, index: int, value: str) -> str:
    lines = text.split("\n")
    i = [k for k, line in enumerate(lines) if line.startswith(">")][n]
    tokens = lines[i].split()
    tokens[index] = value
    lines[i] = " ".join(tokens)
    return "\n".join(lines)


def bad_files(folder: Path) -> list[tuple[str, str]]:
    """Write the files; (name, what it is)."""
    ours = our_record()
    files: list[tuple[str, bytes | None, str]] = [
        ("truncated.gcg", (HEADER + PLAY1 + ">bob: EILORSV H4 SOLV. +9").encode(),
         "the last line cut after the score"),
        ("cut-mid-line.gcg", (HEADER + PLAY1 + ">bob: EILO").encode(),
         "the last line cut inside the rack"),
        ("empty.gcg", b"", "an empty file"),
        ("binary.gcg", b"#player1 ann Ann\n\x00\x01\x02\xff\xfe binary\x00\n", "binary bytes"),
        ("image.gcg", None, "a PNG picture renamed .gcg"),
        ("gzipped.gcg", gzip.compress((HEADER + PLAY1).encode()), "a gzip-compressed record"),
        ("utf16.gcg", (HEADER + PLAY1).encode("utf-16"), "a record saved as UTF-16"),
        ("declared-utf8-but-latin1.gcg", ("#character-encoding UTF-8\n" + HEADER).encode()
         + ">ann: ADEHNRT 8D H\xe9RDEN +28 28\n".encode("latin-1"),
         "says UTF-8, holds a Latin-1 byte"),
        ("unknown-encoding.gcg", b"#character-encoding EBCDIC-US\n" + HEADER.encode(),
         "an encoding we do not know"),
        ("enormous.gcg", None, "5 MB (the limit is 4 MB)"),
        ("a-folder.gcg", None, "a folder named like a record"),
        ("off-the-board.gcg", (HEADER + ">ann: ADEHNRT 8K HARDEN +28 28\n").encode(),
         "a word running off the board"),
        ("bad-position.gcg", (HEADER + PLAY1 + ">bob: EILORSV Z99 SOLV. +9 9\n").encode(),
         "a position that does not exist"),
        ("unknown-player.gcg", (HEADER + PLAY1 + ">zed: EILORSV H4 SOLV. +9 9\n").encode(),
         "a move by an undeclared player"),
        ("occupied-square.gcg", (HEADER + PLAY1 + ">bob: EILORSV 8D SOLVE +9 9\n").encode(),
         "another program's record: a word onto taken squares"),
        ("tiles-not-on-rack.gcg", (HEADER + ">ann: ABCDEFG 8D HARDEN +28 28\n").encode(),
         "another program's record: tiles that are not on the rack"),
        ("ours-occupied-square.gcg", edit_event(ours, 1, 2, "8H").encode(),
         "our unfinished game: the second word moved onto taken squares"),
        ("ours-tiles-not-on-rack.gcg", edit_event(ours, 0, 3, "ZZ").encode(),
         "our unfinished game: a word of tiles not on the rack"),
        ("ours-wrong-score.gcg", edit_event(ours, 0, 4, "+99").encode(),
         "our unfinished game: a score changed"),
        ("ours-wrong-rack.gcg", edit_event(ours, 2, 1, "EEEEEEE").encode(),
         "our unfinished game: a rack changed"),
        ("ours-bad-seed.gcg", ours.replace("#wordbler-seed 3", "#wordbler-seed 4").encode(),
         "our unfinished game: the seed changed"),
        ("ours-newer-format.gcg", ours.replace("#wordbler-format 1", "#wordbler-format 2")
         .encode(), "our game from a newer version"),
        ("ours-cut-in-header.gcg", ours[: len(ours) // 2].encode(),
         "our game cut in the middle of its header"),
        ("ours-cut-at-a-line.gcg", ours.split(">Ann: QCIRUHC")[0].encode(),
         "our game cut after a whole line (the end lost)"),
    ]
    out = []
    for name, data, what in files:
        path = folder / name
        if name == "image.gcg":
            path.write_bytes(Path(__file__).resolve().parent.parent.joinpath(
                "docs", "screenshots", "file-menu.png").read_bytes())
        elif name == "enormous.gcg":
            with open(path, "wb") as f:
                f.truncate(5 * 1024 * 1024)
        elif name == "a-folder.gcg":
            path.mkdir()
        else:
            assert data is not None
            path.write_bytes(data)
        out.append((name, what))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--keep", type=Path, help="write the files here (default: a temporary folder)")
    args = ap.parse_args()
    app = QApplication.instance() or QApplication([])
    folder = args.keep or Path(tempfile.mkdtemp(prefix="wordbler-bad-"))
    folder.mkdir(parents=True, exist_ok=True)
    config = GameConfig((PlayerSpec("Ann", "fox"), PlayerSpec("Bob", "owl")), "standard", None,
                        "none", 7)
    for name, what in bad_files(folder):
        w = MainWindow(config, Speed.OFF)
        w.show()
        w.session.reveal()
        w.session.pass_turn()
        w.files.mark_saved(None)  # no question about unsaved changes in the way
        session, before = w.session, state_of(w.session)
        opened = w.files.open_path(str(folder / name))
        app.processEvents()
        boxes = [b for b in w.findChildren(QMessageBox) if b.isVisible()]  # replay windows too
        kind = "refused" if opened is None else f"opened ({opened.kind.value})"
        untouched = w.session is session and state_of(w.session) == before
        text = " // ".join(b.text().replace(str(folder) + os.sep, "") for b in boxes)
        print(f"{name} — {what}\n  {kind}; table untouched: {untouched}\n  {text or '(no message)'}")
        w.files._close_confirmed = True
        for r in list(w.files.replay_windows):
            r.close()
        w.close()
        app.processEvents()

    print("\nAutosave at start:")
    data = Path(os.environ["WORDBLER_DATA_DIR"])
    data.mkdir(parents=True, exist_ok=True)
    for name, blob in (("empty", b""), ("binary", b"\x00\x01garbage\xff"),
                       ("cut after a line", our_record().split(">Ann: QCIRUHC")[0].encode()),
                       ("cut inside a line", our_record()[:200].encode()),
                       ("not ours", (HEADER + PLAY1).encode())):
        (data / autosave.AUTOSAVE_NAME).write_bytes(blob)
        found = autosave.inspect(data)
        text = autosave.corrupt_notice(found) if found.kind is autosave.FoundKind.CORRUPT else ""
        print(f"{name}: {found.kind.value}\n  {text.replace(str(data) + os.sep, '')}")


if __name__ == "__main__":
    main()
