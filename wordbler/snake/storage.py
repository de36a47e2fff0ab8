"""Files of Word Snake: the autosaved round and the high scores (JSON, written atomically).

Both live in ``wordbler.paths.user_data_dir() / "snake"``.  Reads are bounded (regular
files up to :data:`MAX_BYTES`), every value is checked, and a file that fails the checks
is reported with a message naming the problem and set aside (renamed ``*.bad``) so it
never blocks the game again.  Nothing is ever loaded with pickle or eval.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable

from wordbler.fileio import ReadRefused, read_bounded, write_json_atomic
from wordbler.fileio import set_aside as fileio_set_aside
from wordbler.paths import user_data_dir

from .board import Board, BoardError
from .generator import Band, Deal
from .rules import LANGS, BoardSpec
from .words import SnakeWords

MAX_BYTES = 4 * 1024 * 1024
AUTOSAVE_NAME = "autosave.json"
HIGHSCORES_NAME = "highscores.json"
AUTOSAVE_FORMAT = "wordbler-snake-round"
HIGHSCORES_FORMAT = "wordbler-snake-highscores"
VERSION = 1
TABLE_LENGTH = 10


class StorageError(ValueError):
    """A saved file that cannot be used; the message names the file and the problem."""


def snake_dir(base: Path | None = None) -> Path:
    return (base or user_data_dir()) / "snake"


# ---- plain files ----------------------------------------------------------------------
def read_json(path: Path) -> Any:
    """The JSON in a regular file of at most :data:`MAX_BYTES`; ``StorageError`` otherwise,
    ``FileNotFoundError`` if there is no file."""
    try:
        raw = read_bounded(path, MAX_BYTES)
    except ReadRefused as e:  # opened without blocking: a FIFO swapped in never hangs
        if e.kind == "os" and isinstance(e.error, FileNotFoundError):
            raise e.error from None
        if e.kind == "too_large":
            raise StorageError(f"{path}: too large ({e.size} bytes)") from None
        if e.kind in ("folder", "special"):
            raise StorageError(f"{path}: not a regular file") from None
        err = e.error
        raise StorageError(f"{path}: cannot read it ({getattr(err, 'strerror', None) or err})") from None
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise StorageError(f"{path}: not UTF-8 text") from None
    except json.JSONDecodeError as e:
        raise StorageError(f"{path}: not valid JSON (line {e.lineno}: {e.msg})") from None
    except ValueError as e:  # a number of over 4,300 digits: int()'s own limit
        raise StorageError(f"{path}: not valid JSON ({str(e).splitlines()[0][:80]})") from None
    except RecursionError:
        raise StorageError(f"{path}: nested too deeply") from None


def set_aside(path: Path) -> Path | None:
    """Rename a bad file to ``*.bad`` (``*.2.bad``, ... beside one set aside before, which
    is never replaced); the new path or None."""
    try:
        return Path(fileio_set_aside(path, ".bad"))
    except OSError:
        return None


def _kept(aside: Path | None) -> str:
    """Where a file went, for a message."""
    return f" (the file was set aside as {aside.name})" if aside is not None else ""


# ---- deals ----------------------------------------------------------------------------
def deal_to_dict(deal: Deal, words: SnakeWords) -> dict[str, Any]:
    spec = deal.spec
    return {
        "lang": spec.lang,
        "cols": spec.cols,
        "rows": spec.rows,
        "min_len": spec.min_len,
        "seed": deal.seed,
        "board": deal.board.row_strings(),
        "target": deal.target,
        "target_path": [list(c) for c in deal.target_path],
        "band": [deal.band.lo, deal.band.hi],
        "in_band": deal.in_band,
        "list": {"path": words.path, "hash": words.content_hash, "bundled": words.bundled,
                 "name": words.name},
    }


@dataclass(frozen=True, slots=True)
class ListRef:
    """Which word list a saved deal was made with."""

    lang: str
    path: str | None
    content_hash: str
    bundled: bool
    name: str


def read_list_ref(data: Any) -> ListRef:
    """The word list a saved deal names (checked), so the caller can load it."""
    if not isinstance(data, dict):
        raise StorageError("the saved board is not an object")
    lang = data.get("lang")
    ref = data.get("list")
    if not isinstance(ref, dict):
        raise StorageError("the saved board does not say which word list it used")
    path, h, bundled, name = ref.get("path"), ref.get("hash"), ref.get("bundled"), ref.get("name", "")
    if lang not in LANGS:
        raise StorageError(f"the saved board's language {lang!r} is unknown")
    if path is not None and not isinstance(path, str):
        raise StorageError("the saved word list path is not text")
    if not isinstance(h, str) or len(h) != 64 or any(c not in "0123456789abcdef" for c in h):
        raise StorageError("the saved word list hash is malformed")
    if not isinstance(bundled, bool) or not isinstance(name, str):
        raise StorageError("the saved word list entry is malformed")
    return ListRef(lang, path, h, bundled, name)


def deal_from_dict(data: Any, words: SnakeWords) -> Deal:
    """A saved deal, re-solved with ``words`` (which must be the list it was made with)."""
    ref = read_list_ref(data)
    if words.lang != ref.lang or words.content_hash != ref.content_hash:
        raise StorageError(f"the word list {ref.name or ref.path!r} has changed since the "
                           "round was saved")
    try:
        spec = BoardSpec(data["cols"], data["rows"], data["lang"], data.get("min_len"))
    except (KeyError, TypeError, ValueError) as e:
        raise StorageError(f"the saved board size is not valid ({e})") from None
    rows = data.get("board")
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise StorageError("the saved board's rows are not text")
    try:
        board = Board.from_rows(rows)
    except BoardError as e:
        raise StorageError(f"the saved board is malformed: {e}") from None
    if (board.cols, board.rows) != (spec.cols, spec.rows):
        raise StorageError("the saved board does not have the size it says")
    alphabet = words.alphabet
    if any(not alphabet.is_word(t) for row in board.cells for t in row):
        raise StorageError("the saved board holds a tile outside the alphabet")
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise StorageError("the saved seed is not a number")
    target = data.get("target", "")
    tpath_raw = data.get("target_path", [])
    if not isinstance(target, str) or not isinstance(tpath_raw, list):
        raise StorageError("the saved target word is malformed")
    if not all(isinstance(c, list) and len(c) == 2
               and all(isinstance(x, int) and not isinstance(x, bool) for x in c)
               for c in tpath_raw):
        raise StorageError("the saved target path is malformed")
    tpath = tuple((c[0], c[1]) for c in tpath_raw)
    if target and (board.path_problem(tpath) is not None or board.spell(tpath) != target):
        raise StorageError("the saved target word is not on the board along its path")
    band_raw = data.get("band")
    if (not isinstance(band_raw, list) or len(band_raw) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in band_raw)):
        raise StorageError("the saved word-count band is malformed")
    return Deal.from_board(spec, board, words, seed=seed, target=target, target_path=tpath,
                           band=Band(*band_raw))


# ---- the autosave ---------------------------------------------------------------------
def autosave_path(base: Path | None = None) -> Path:
    return snake_dir(base) / AUTOSAVE_NAME


def save_round(game, words: SnakeWords, path: Path | None = None) -> Path:
    """Write the round (deal + state) atomically."""
    path = path or autosave_path()
    write_json_atomic(path, {
        "format": AUTOSAVE_FORMAT,
        "version": VERSION,
        "saved": _dt.datetime.now().isoformat(timespec="seconds"),
        "deal": deal_to_dict(game.deal, words),
        "game": game.to_dict(),
    })
    return path


def load_round_file(path: Path | None = None) -> dict[str, Any] | None:
    """The autosave's raw document (format checked), or None when there is none."""
    path = path or autosave_path()
    try:
        doc = read_json(path)
    except FileNotFoundError:
        return None
    if not isinstance(doc, dict) or doc.get("format") != AUTOSAVE_FORMAT:
        raise StorageError(f"{path}: not a Word Snake round")
    if doc.get("version") != VERSION:
        raise StorageError(f"{path}: version {doc.get('version')!r} is not one this program reads")
    if not isinstance(doc.get("deal"), dict) or not isinstance(doc.get("game"), dict):
        raise StorageError(f"{path}: the board or the round is missing")
    return doc


def restore_round(doc: dict[str, Any], words: SnakeWords, clock: Callable[[], float]):
    """The game of an autosave document, with ``words`` loaded from its list reference."""
    from .game import GameError, SnakeGame

    deal = deal_from_dict(doc["deal"], words)
    try:
        return SnakeGame.from_dict(doc["game"], deal, clock=clock)
    except GameError as e:
        raise StorageError(f"the saved round is not valid: {e}") from None


def remove_autosave(path: Path | None = None) -> None:
    try:
        os.unlink(path or autosave_path())
    except FileNotFoundError:
        pass


# ---- high scores ----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ScoreEntry:
    name: str
    score: int
    words: int
    percent: float
    date: str           # ISO date
    code: str           # the board's share code
    hinted: bool = False
    players: int = 1


def table_key(lang: str, cols: int, rows: int, tag: str | None = None) -> str:
    key = f"{lang}-{cols}x{rows}"
    return f"{key}-{tag}" if tag else key


class HighScores:
    """The best rounds per board size, language (and own word list), best first."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or (snake_dir() / HIGHSCORES_NAME)
        self.tables: dict[str, list[ScoreEntry]] = {}
        self.problem: str | None = None   # a message when the file was bad and set aside
        # why the last save failed (a full disk): the scores in memory are not on disk yet,
        # and save_if_due tries again
        self.unsaved: str | None = None

    @classmethod
    def load(cls, path: Path | None = None) -> "HighScores":
        hs = cls(path)
        try:
            doc = read_json(hs.path)
        except FileNotFoundError:
            return hs
        except StorageError as e:
            hs.problem = f"{e}; the high scores start again{_kept(set_aside(hs.path))}"
            return hs
        try:
            hs.tables = _parse_tables(doc)
        except StorageError as e:
            hs.problem = (f"{hs.path}: {e}; the high scores start again"
                          f"{_kept(set_aside(hs.path))}")
        return hs

    def table(self, key: str) -> list[ScoreEntry]:
        return list(self.tables.get(key, []))

    def qualifies(self, key: str, score: int) -> bool:
        t = self.tables.get(key, [])
        return score > 0 and (len(t) < TABLE_LENGTH or score > t[-1].score)

    def add(self, key: str, entry: ScoreEntry) -> int | None:
        """Insert an entry; its 0-based place, or None when it did not make the table."""
        if not self.qualifies(key, entry.score):
            return None
        t = self.tables.setdefault(key, [])
        place = next((i for i, e in enumerate(t) if entry.score > e.score), len(t))
        t.insert(place, entry)
        del t[TABLE_LENGTH:]
        return place

    def save(self) -> None:
        try:
            write_json_atomic(self.path, {
                "format": HIGHSCORES_FORMAT,
                "version": VERSION,
                "tables": {k: [asdict(e) for e in v] for k, v in self.tables.items()},
            })
        except (OSError, StorageError) as e:
            self.unsaved = str(e)
            raise
        self.unsaved = None

    def save_if_due(self) -> bool:
        """Write the scores again if the last save failed; True when they are on disk (or
        nothing was due).  Never raises: a failure stays in :attr:`unsaved`."""
        if self.unsaved is None:
            return True
        try:
            self.save()
        except (OSError, StorageError):
            return False
        return True


def _parse_tables(doc: Any) -> dict[str, list[ScoreEntry]]:
    if not isinstance(doc, dict) or doc.get("format") != HIGHSCORES_FORMAT:
        raise StorageError("not a Word Snake high-score file")
    if doc.get("version") != VERSION:
        raise StorageError(f"version {doc.get('version')!r} is not one this program reads")
    tables = doc.get("tables")
    if not isinstance(tables, dict):
        raise StorageError("no tables")
    out: dict[str, list[ScoreEntry]] = {}
    for key, rows in tables.items():
        if not isinstance(key, str) or len(key) > 40 or not isinstance(rows, list):
            raise StorageError(f"table {key!r} is malformed")
        entries = []
        for i, row in enumerate(rows[:TABLE_LENGTH]):
            where = f"table {key}, entry {i + 1}"
            if not isinstance(row, dict):
                raise StorageError(f"{where}: not an object")
            try:
                e = ScoreEntry(**{k: row[k] for k in ("name", "score", "words", "percent",
                                                       "date", "code")},
                               hinted=row.get("hinted", False), players=row.get("players", 1))
            except (KeyError, TypeError):
                raise StorageError(f"{where}: a field is missing") from None
            ints = (e.score, e.words, e.players)
            if (not isinstance(e.name, str) or not isinstance(e.date, str)
                    or not isinstance(e.code, str) or not isinstance(e.hinted, bool)
                    or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in ints)
                    or not isinstance(e.percent, (int, float)) or isinstance(e.percent, bool)
                    or not 0 <= e.percent <= 100 or len(e.name) > 40):
                raise StorageError(f"{where}: a value is out of range")
            entries.append(e)
        entries.sort(key=lambda e: -e.score)
        out[key] = entries
    return out
