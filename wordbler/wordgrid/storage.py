"""The Word Grid autosave: one JSON file with the game in play and the statistics.

The file lives in ``user_data_dir() / "wordgrid" / "progress.json"``.  Writes are atomic (a
temporary file in the same folder, then ``os.replace``); reads refuse anything that is not a
regular file or is larger than :data:`MAX_BYTES`, and every value is checked
(:meth:`Game.from_dict`, :meth:`Stats.from_dict`).  A file that fails the checks is renamed
``progress.json.bad`` (kept for a look, not trusted) and the reason is reported.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from wordbler.fileio import write_json_atomic
from wordbler.paths import user_data_dir

from .game import Game, SaveDataError, Stats

MAX_BYTES = 1_000_000
VERSION = 1
FILE_NAME = "progress.json"


def default_path() -> Path:
    return user_data_dir() / "wordgrid" / FILE_NAME


@dataclass
class Progress:
    game: Game | None
    stats: Stats
    problem: str | None = None  # why the file was not used, if it was not


def read_json(path: Path) -> object:
    """The JSON in ``path``; ``SaveDataError`` for a non-regular, huge, non-UTF-8 or
    malformed file.  ``FileNotFoundError`` passes through."""
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise SaveDataError(f"{path} is not a regular file")
    if st.st_size > MAX_BYTES:
        raise SaveDataError(f"{path} is {st.st_size} bytes, more than a save can be")
    with open(path, "rb") as f:
        raw = f.read(MAX_BYTES + 1)
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveDataError(f"{path} is not UTF-8 text") from None
    except json.JSONDecodeError as e:
        raise SaveDataError(f"{path} is not valid JSON (line {e.lineno}: {e.msg})") from None


def save_progress(game: Game | None, stats: Stats, path: Path | None = None) -> None:
    path = Path(path) if path is not None else default_path()
    data = {"version": VERSION, "game": game.to_dict() if game is not None else None,
            "stats": stats.to_dict()}
    write_json_atomic(path, data)


def load_progress(path: Path | None = None) -> Progress:
    """The saved game and statistics; a missing file gives none and fresh statistics; a bad
    file is set aside and the problem is told in ``Progress.problem``."""
    path = Path(path) if path is not None else default_path()
    try:
        data = read_json(path)
        if not isinstance(data, dict):
            raise SaveDataError("the save is not a JSON object")
        if data.get("version") != VERSION:
            raise SaveDataError(f"the save's version {data.get('version')!r} is not {VERSION}")
        stats = Stats.from_dict(data.get("stats", {}))
        raw_game = data.get("game")
        game = Game.from_dict(raw_game) if raw_game is not None else None
        return Progress(game, stats)
    except FileNotFoundError:
        return Progress(None, Stats())
    except (OSError, SaveDataError) as e:
        problem = str(e)
        try:
            if path.is_file():
                os.replace(path, path.with_name(path.name + ".bad"))
        except OSError:
            pass
        return Progress(None, Stats(), f"the saved progress was not used: {problem}")
