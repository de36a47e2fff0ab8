"""The Word Grid autosave: one JSON file with the game in play and the statistics.

The file lives in ``user_data_dir() / "wordgrid" / "progress.json"``.  Writes are atomic (a
temporary file in the same folder, then ``os.replace``); reads refuse anything that is not a
regular file or is larger than :data:`MAX_BYTES`, and every value is checked
(:meth:`Game.from_dict`, :meth:`Stats.from_dict`).  A file that fails the checks is renamed
``progress.json.bad`` (kept for a look, not trusted) and the reason is reported; when only its
game part fails, its statistics are still used (the player's record of every game is worth
more than one puzzle).  A file written by a newer version (a higher ``"version"``) is neither
read nor set aside: it is flagged so that nothing is saved over it, and that version still
finds its data.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from wordbler.fileio import set_aside as fileio_set_aside
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
    problem: str | None = None  # why the file, or its game part, was not used (one line)
    reason: str | None = None  # what is wrong with it, for a message of the caller's own
    kept_as: Path | None = None  # where the file was set aside, if it was
    stats_read: bool = False  # the statistics are the file's (when its game part is bad too)
    newer: bool = False  # written by a newer version: left as it is, never to be saved over


def _no_constant(name: str) -> object:
    raise SaveDataError(f"{name} is not a number a save can hold")


def read_json(path: Path) -> object:
    """The JSON in ``path``; ``SaveDataError`` (one line) for a non-regular, huge, unreadable,
    non-UTF-8 or malformed file, NaN/Infinity, numbers over 4,300 digits and nesting too deep
    for the parser.  ``FileNotFoundError`` passes through."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise
    except OSError as e:
        raise SaveDataError(f"{path} cannot be read ({e.strerror or e})") from None
    if not stat.S_ISREG(st.st_mode):
        raise SaveDataError(f"{path} is not a regular file")
    if st.st_size > MAX_BYTES:
        raise SaveDataError(f"{path} is {st.st_size} bytes, more than a save can be")
    try:
        # O_NONBLOCK: a FIFO swapped in after the check above never blocks the open
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise SaveDataError(f"{path} is not a regular file")
            raw = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise
    except OSError as e:
        raise SaveDataError(f"{path} cannot be read ({e.strerror or e})") from None
    if len(raw) > MAX_BYTES:
        raise SaveDataError(f"{path} is more than {MAX_BYTES} bytes, more than a save can be")
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except UnicodeDecodeError:
        raise SaveDataError(f"{path} is not UTF-8 text") from None
    except json.JSONDecodeError as e:
        raise SaveDataError(f"{path} is not valid JSON (line {e.lineno}: {e.msg})") from None
    except SaveDataError as e:
        raise SaveDataError(f"{path}: {e}") from None
    except ValueError as e:  # a number of over 4,300 digits: int()'s own limit
        raise SaveDataError(f"{path} is not valid JSON ({str(e).splitlines()[0][:80]})") from None
    except RecursionError:
        raise SaveDataError(f"{path} is nested too deeply to be a save") from None


def save_progress(game: Game | None, stats: Stats, path: Path | None = None) -> None:
    path = Path(path) if path is not None else default_path()
    data = {"version": VERSION, "game": game.to_dict() if game is not None else None,
            "stats": stats.to_dict()}
    write_json_atomic(path, data)


def load_progress(path: Path | None = None) -> Progress:
    """The saved game and statistics; a missing file gives none and fresh statistics.  A bad
    file is set aside (``kept_as``) and the problem is told in ``Progress.problem``: with fresh
    statistics, or with the file's own when only its game part is bad (``stats_read``; they
    are then only in memory until the caller saves again).  A file from a newer version is
    left as it is (``newer``): fresh statistics, and nothing must be saved over it."""
    path = Path(path) if path is not None else default_path()
    try:
        data = read_json(path)
    except FileNotFoundError:
        return Progress(None, Stats())
    except (OSError, SaveDataError) as e:
        return _refused(path, e)
    if not isinstance(data, dict):
        return _refused(path, "the save is not a JSON object")
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        reason = (f"it was written by a newer version of Wordbler (save version "
                  f"{_shown(version)}; this one reads version {VERSION})")
        return Progress(None, Stats(), f"{path.name} was not used: {reason}; it is left as it "
                        "is and nothing is saved over it", reason=reason, newer=True)
    if version != VERSION:
        return _refused(path, f"the save's version {_shown(version)} is not {VERSION}")
    try:
        stats = Stats.from_dict(data.get("stats", {}))
    except (OSError, SaveDataError) as e:
        return _refused(path, e)
    raw_game = data.get("game")
    try:
        game = Game.from_dict(raw_game) if raw_game is not None else None
    except (OSError, SaveDataError) as e:
        reason = _one_line(e)
        kept = set_aside(path)
        where = f" (the file is kept as {kept.name})" if kept is not None else ""
        return Progress(None, stats, f"the saved game was not used, the statistics were{where}: "
                        f"{reason}", reason=reason, kept_as=kept, stats_read=True)
    return Progress(game, stats, stats_read=True)


def _refused(path: Path, error: object) -> Progress:
    """The whole file is not used: set aside, fresh statistics."""
    reason = _one_line(error)
    kept = set_aside(path)
    where = f" (kept as {kept.name})" if kept is not None else ""
    return Progress(None, Stats(), f"the saved progress was not used{where}: {reason}",
                    reason=reason, kept_as=kept)


def _one_line(error: object) -> str:
    """One line, and short whatever the file held."""
    problem = " ".join(str(error).split())
    if len(problem) > 300:
        problem = problem[:299] + "…"
    return problem


def _shown(value: object) -> str:
    """A value from the file, for a message: short whatever it is."""
    if isinstance(value, (str, bool, type(None))) or (isinstance(value, int) and abs(value) < 10**40):
        text = repr(value)
        return text if len(text) <= 40 else text[:40] + "…"
    return f"(a {type(value).__name__})"


def set_aside(path: Path) -> Path | None:
    """Rename a bad save (a file, a folder or a FIFO in its place) to ``*.bad``, keeping its
    bytes for a look (``*.2.bad``, ... beside one set aside before, which is never
    replaced); the new path, or None when there is nothing there or it cannot be moved."""
    try:
        if not os.path.lexists(path):
            return None
        return Path(fileio_set_aside(path, ".bad"))
    except OSError:
        return None
