"""Autosave: every played game is always on disk, in its own file; the last 10 are kept.

Where: the board game's folder in the user's data folder,
``wordbler.paths.user_data_dir() / "boardgame"`` (``~/.local/share/wordbler/boardgame`` on
Linux; ``$WORDBLER_DATA_DIR/boardgame`` when that is set: the test suite points it at a
temporary folder, so tests never touch the user's).

Which file: each game gets its own, ``game-YYYYmmdd-HHMMSS[-N].gcg``, made the first time
the game is *played* (a turn recorded, a hint taken or a tile placed).  A game that was never
played is never written, so it can never take the place of one that was.  The folder keeps
10 games (:data:`KEEP`), finished ones making room first (:meth:`Store.prune`); File >
Resume lists them, newest first.

Who writes: the window that has the game on its table, and only it.  Each game file is
locked (``QLockFile``, ``game-….gcg.lock``, holding the process id) while a window has it:
a second Wordbler running at the same time never resumes, prunes or writes a game another
one holds (it is told the game is open in another window), and every new game gets a file
of its own.  A lock left by a killed process is stale (its process is gone) and is taken over.

When: after every tile placed, moved or reordered and every recorded turn (the session's
``changed`` signal; a hint too).  Changes that come in one go (Recall moves every tile) are
written once: the write is queued with a zero timer.

How: the GCG text (:func:`wordbler.boardgame.savegame.game_to_gcg`) plus the in-turn undo
history (``#wordbler-ui-undo`` pragmata, which other readers ignore) is built on the GUI thread,
then written by a one-thread pool: a temporary file, fsync, rename
(:func:`wordbler.boardgame.savegame.write_atomic`), so a crash, a kill or a power cut leaves
either the previous version or the new one, never half of one.  At most one write is in
flight; if the game changes meanwhile, the newest text is written next.
:meth:`Autosaver.flush` waits for everything; :meth:`Autosaver.close` (closing the window,
quitting) also lets go of the lock.

Failures: a folder that cannot be made, read or written (a file where the folder should be,
``chmod 000``, a full disk) never stops the game: autosave is off, the window says why in a
line that stays until a write works again (:class:`AutosaveBanner`), and nothing is
overwritten.

At start, :func:`inspect` takes over the newest unfinished game nobody holds, to offer it for
resume (:class:`ResumeOffer`); a file that cannot be read or rebuilt is set aside under a new
name, never deleted (``corrupt-20261121-231500.gcg``), and the user is told where it is.
Games kept by earlier versions (``autosave.gcg``, ``autosave-previous.gcg``) are moved in
first (:meth:`Store.import_legacy`).
"""

from __future__ import annotations

import enum
import os
import re
import shutil
import stat
import tempfile
import time
from collections import deque
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Container
from urllib.parse import quote, unquote

from PySide6.QtCore import (
    QCoreApplication,
    QLockFile,
    QObject,
    QRunnable,
    QSize,
    QStandardPaths,
    Qt,
    QThreadPool,
    QTimer,
    Signal,
)
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QMessageBox, QSizePolicy, QWidget

from wordbler.boardgame import gcg, savegame
from wordbler.boardgame.game import Game
from wordbler.boardgame.gcg import EventKind, GCGError, GCGRecord
from wordbler.boardgame.model import COLUMN_LETTERS, Coord, TurnKind
from wordbler.paths import DATA_ENV, user_data_dir
from wordbler.ui.common.jobs import emit

__all__ = ["KEEP", "GAME_DIR", "AUTOSAVE_NAME", "PREVIOUS_NAME", "autosave_dir", "Store",
           "StoreError", "Slot", "Entry", "Found", "FoundKind", "inspect", "set_aside",
           "last_line", "Autosaver", "AutosaveBanner", "ResumeOffer", "corrupt_notice",
           "is_played", "undo_pragmata", "restore_turn"]

KEEP = 10  # played games kept
GAME_DIR = "boardgame"  # the board game's folder in the data folder
GAME_PREFIX = "game-"
GAME_SUFFIX = ".gcg"
LOCK_SUFFIX = ".lock"
CORRUPT_PREFIX = "corrupt-"
# the single autosave slot of earlier versions: moved in at start
AUTOSAVE_NAME = "autosave.gcg"
PREVIOUS_NAME = "autosave-previous.gcg"
_SLOT_NAME = re.compile(r"game-\d{8}-\d{6}(?:-\d{1,4})?\.gcg")


def autosave_dir() -> Path:
    """The board game's folder of kept games: ``user_data_dir() / "boardgame"``."""
    return user_data_dir() / GAME_DIR


def is_played(game: Game) -> bool:
    """Has anything happened in ``game`` (a turn, a hint, a tile on the board)?"""
    return bool(game.history) or bool(game.pending)


def _reason(e: OSError) -> str:
    return e.strerror or str(e)


# --------------------------------------------------------------------------- the folder


class StoreError(Exception):
    """The folder of kept games cannot be used; ``str()`` says why, naming it."""


class Slot:
    """One game's file and its lock (``QLockFile``: a live holder is never overruled, the lock
    of a process that is gone is taken over)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._lock = QLockFile(str(self.path) + LOCK_SUFFIX)
        self._lock.setStaleLockTime(0)  # stale only when its process is gone, never by age
        self.error = ""  # why acquire() failed

    @property
    def held(self) -> bool:
        return self._lock.isLocked()

    def acquire(self) -> bool:
        if self._lock.isLocked():
            return True
        if self._lock.tryLock(0):
            self.error = ""
            return True
        err = self._lock.error()
        if err == QLockFile.LockError.LockFailedError:
            self.error = "it is open in another Wordbler window"
        elif err == QLockFile.LockError.PermissionError:
            self.error = f"its lock file {self.path}{LOCK_SUFFIX} cannot be made: permission denied"
        else:
            self.error = f"its lock file {self.path}{LOCK_SUFFIX} cannot be made"
        return False

    def release(self) -> None:
        if self._lock.isLocked():
            self._lock.unlock()

    def held_elsewhere(self) -> bool:
        """Does another window (this process or another) hold this game now?"""
        if self._lock.isLocked():
            return False
        probe = QLockFile(str(self.path) + LOCK_SUFFIX)
        probe.setStaleLockTime(0)
        if probe.tryLock(0):
            probe.unlock()
            return False
        return probe.error() == QLockFile.LockError.LockFailedError


@dataclass
class Entry:
    """A kept game, as the Resume menu lists it (read without rebuilding the game)."""

    path: Path
    mtime: float
    players: tuple[tuple[str, int], ...] = ()  # (name, score) in turn order
    turns: int = 0
    unfinished: bool = False
    error: str = ""  # it cannot be read: why
    busy: bool = False  # another window holds it

    def describe(self) -> str:
        when = time.strftime("%d %b %H:%M", time.localtime(self.mtime))
        if self.error:
            return QCoreApplication.translate("Entry", "{name} (cannot be read) — {when}").format(name=self.path.name, when=when)
        scores = ", ".join(f"{n} {s}" for n, s in self.players)
        state = "unfinished" if self.unfinished else "finished"
        turns = f"{self.turns} turn{'s' if self.turns != 1 else ''}"
        return f"{scores} — {turns}, {state} — {when}"


def _summary(path: Path, mtime: float) -> Entry:
    try:
        record = gcg.read_file(path)
    except GCGError as e:
        return Entry(path, mtime, error=str(e))
    try:  # the scores before the first move: the head starts (#wordbler-handicap)
        totals = list(savegame.handicap_from_record(record))
    except GCGError:
        totals = [0] * len(record.players)
    turns = 0
    for ev in record.events:
        if 0 <= ev.player < len(totals):
            totals[ev.player] = ev.total
        if ev.kind in (EventKind.PLAY, EventKind.PASS, EventKind.EXCHANGE):
            turns += 1
    names = tuple((p.name, t) for p, t in zip(record.players, totals))
    return Entry(path, mtime, names, turns, unfinished=record.incomplete)


class Store:
    """The folder of kept games: check it, list it, make new game files, keep the newest
    :data:`KEEP`."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = autosave_dir() if folder is None else Path(folder)

    def check(self) -> None:
        """Make the folder if needed and make sure it can be read and written; else
        :class:`StoreError` saying why."""
        f = self.folder
        try:
            f.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            raise StoreError(f"{f} is a file, not a folder") from None
        except OSError as e:
            raise StoreError(f"the folder {f} cannot be made: {_reason(e)}") from None
        try:
            if not f.is_dir():
                raise StoreError(f"{f} is not a folder")
            os.listdir(f)
        except OSError as e:
            raise StoreError(f"the folder {f} cannot be read: {_reason(e)}") from None
        try:
            fd, probe = tempfile.mkstemp(prefix=".probe-", suffix=".tmp", dir=f)
            os.close(fd)
            os.unlink(probe)
        except OSError as e:
            raise StoreError(f"the folder {f} cannot be written: {_reason(e)}") from None

    def usable(self) -> str:
        """"" if the folder can be used, else why not."""
        try:
            self.check()
        except StoreError as e:
            return str(e)
        return ""

    # ----------------------------------------------------------------- listing
    def game_files(self) -> list[tuple[Path, float]]:
        """Every kept game's file with its modification time, newest first (regular files
        only: a folder or a device with a game's name is not a game)."""
        out = []
        try:
            names = os.listdir(self.folder)
        except OSError:
            return []
        for name in names:
            if not _SLOT_NAME.fullmatch(name):
                continue
            path = self.folder / name
            try:
                st = os.lstat(path)
            except OSError:
                continue
            if stat.S_ISREG(st.st_mode):
                out.append((path, st.st_mtime))
        out.sort(key=lambda pm: (pm[1], pm[0].name), reverse=True)
        return out

    def entries(self) -> list[Entry]:
        """The kept games for the Resume menu, newest first."""
        out = []
        for path, mtime in self.game_files():
            entry = _summary(path, mtime)
            entry.busy = Slot(path).held_elsewhere()
            out.append(entry)
        return out

    def remove_stale_temporaries(self) -> None:
        """A write cut by a crash leaves its temporary file (the game file itself is whole:
        the rename is atomic); it holds nothing the game file does not."""
        with suppress(OSError):
            for name in os.listdir(self.folder):
                if name.startswith(f".{GAME_PREFIX}") and name.endswith(".tmp"):
                    owner = self.folder / name[1:].split(GAME_SUFFIX)[0]
                    slot = Slot(Path(str(owner) + GAME_SUFFIX))
                    if not slot.held_elsewhere():  # a live writer's file is left alone
                        with suppress(OSError):
                            os.unlink(self.folder / name)

    # ----------------------------------------------------------------- new files
    def new_slot(self) -> Slot:
        """A file name for a new game, unused, and locked for this window."""
        self.check()
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for n in range(1000):
            path = self.folder / f"{GAME_PREFIX}{stamp}{f'-{n}' if n else ''}{GAME_SUFFIX}"
            if os.path.lexists(path):
                continue
            slot = Slot(path)
            if slot.acquire():
                if os.path.lexists(path):  # another window took the name meanwhile
                    slot.release()
                    continue
                return slot
            if "another" not in slot.error:
                raise StoreError(f"no game file can be made in {self.folder}: {slot.error}")
        raise StoreError(f"no free name for a new game in {self.folder}")

    def prune(self, keep: int = KEEP) -> list[Path]:
        """Remove games until ``keep`` are left (never one a window holds): the finished
        ones first, oldest first, then, only when more than ``keep`` are unfinished, the
        oldest unfinished.  Ten finished games newer than an unfinished one used to push it
        out, though it was the only one of them that could still be played.  Returns what
        was removed."""
        files = self.game_files()
        excess = len(files) - keep
        if excess <= 0:
            return []
        done, others = [], []  # finished; unfinished or unreadable (kept in their place)
        for path, mtime in files:
            entry = _summary(path, mtime)
            (others if entry.unfinished or entry.error else done).append(path)
        removed = []
        for path in done[::-1] + others[::-1]:  # oldest first
            if len(removed) == excess:
                break
            slot = Slot(path)
            if not slot.acquire():
                continue  # held by a window (this one or another): it stays
            try:
                path.unlink()
                removed.append(path)
            except OSError:
                pass
            finally:
                slot.release()
        return removed

    # ----------------------------------------------------------------- earlier versions
    def legacy_folders(self) -> list[Path]:
        """Where earlier versions kept ``autosave.gcg``: the data folder itself, and (without
        ``$WORDBLER_DATA_DIR``) Qt's AppDataLocation; and this folder itself."""
        out = [self.folder, self.folder.parent]
        if not os.environ.get(DATA_ENV):
            qt = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
            if qt and Path(qt) not in out and Path(qt) != self.folder:
                out.append(Path(qt))
        return out

    def import_legacy(self) -> list[Path]:
        """Move the games earlier versions kept (``autosave.gcg``, ``autosave-previous.gcg``)
        into this folder as kept games, oldest first, keeping their times.  A game never
        played is left where it is.  Returns the new files."""
        moved = []
        for folder in self.legacy_folders():
            found = []
            for name in (PREVIOUS_NAME, AUTOSAVE_NAME):
                path = folder / name
                with suppress(OSError):
                    if path.is_file() and not path.is_symlink():
                        found.append((path.stat().st_mtime, path))
            for _, path in sorted(found):
                try:
                    game = savegame.load_game(path)
                    if not is_played(game):
                        continue
                except GCGError:
                    pass  # moved in all the same: inspect() sets it aside and says so
                slot = self.new_slot()
                try:
                    shutil.copy2(path, slot.path)
                    os.unlink(path)
                    moved.append(slot.path)
                except OSError:
                    with suppress(OSError):
                        if path.exists():
                            slot.path.unlink()
                finally:
                    slot.release()
        return moved


# --------------------------------------------------------------------------- reading at start


class FoundKind(enum.Enum):
    NONE = "none"  # nothing to offer
    UNFINISHED = "unfinished"  # offer it
    CORRUPT = "corrupt"  # set aside; tell the user (and nothing to offer)
    UNUSABLE = "unusable"  # the folder cannot be used: autosave is off


@dataclass
class Found:
    kind: FoundKind
    path: Path | None = None
    game: Game | None = None
    record: GCGRecord | None = None
    slot: Slot | None = None  # UNFINISHED: locked for this window until released
    error: str = ""  # CORRUPT: why (naming the file and the line); UNUSABLE: why
    set_aside: Path | None = None  # CORRUPT: where the file went (None if it could not move)
    corrupt: tuple["Found", ...] = ()  # every file set aside while looking
    busy: int = 0  # unfinished games another window holds
    # games whose lock cannot be made (a full disk, a folder without write permission):
    # (path, why) -- kept as they are, and the user is told (never "in another window")
    blocked: tuple[tuple[Path, str], ...] = ()

    def release(self) -> None:
        """The offer was declined: let go of the game's lock."""
        if self.slot is not None:
            self.slot.release()


def set_aside(path: Path, prefix: str = CORRUPT_PREFIX) -> Path:
    """Rename ``path`` to a new, unused name beside it (``corrupt-<time>.gcg``) and return
    that name.  Raises ``OSError`` if it cannot be renamed."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        target = path.with_name(f"{prefix}{stamp}{f'-{n}' if n else ''}{path.suffix}")
        if not os.path.lexists(target):
            os.rename(path, target)
            return target
    raise OSError(f"no free name to set {path.name} aside")


def _read_game(path: Path, lexicon) -> tuple[GCGRecord, Game]:
    record = gcg.read_file(path)
    game = savegame.game_from_gcg(record, lexicon)
    if not game.is_over and not record.incomplete:  # we end every unfinished one so
        raise GCGError("the game stops here, before it is over, without the lines an "
                       "autosave ends with: the file was cut short",
                       path=str(path), line=last_line(record))
    return record, game


def _unfinished_unlocked(path: Path, lexicon) -> bool:
    """Does ``path`` (whose lock cannot be made) hold an unfinished game?  Only read: without
    the lock nothing is set aside."""
    try:
        _record, game = _read_game(path, lexicon)
    except (GCGError, ValueError, OSError):
        return False
    return not game.is_over and is_played(game)


def blocked_notice(found: Found) -> str:
    """What the user reads about unfinished games whose lock cannot be made."""
    n = len(found.blocked)
    head = (f"{n} unfinished game cannot be resumed now" if n == 1 else
            f"{n} unfinished games cannot be resumed now")
    why = "; ".join(f"{p.name}: {err}" for p, err in found.blocked[:3])
    more = f"; and {n - 3} more" if n > 3 else ""
    return (f"{head} ({why}{more}). It is kept as it is: free some space or make the "
            "folder writable, then start Wordbler again.")


def inspect(folder: Path | None = None, lexicon: Container[str] | None = None) -> Found:
    """The newest unfinished game of ``folder`` that no window holds, locked for the caller
    (:meth:`Found.release` if it is not resumed).  Files that cannot be read are set aside on
    the way (``Found.corrupt``).  Never raises: a folder that cannot be used is
    ``FoundKind.UNUSABLE`` with the reason."""
    store = Store(folder)
    try:
        store.check()
    except StoreError as e:
        return Found(FoundKind.UNUSABLE, store.folder, error=str(e))
    with suppress(StoreError, OSError):
        store.import_legacy()
    store.remove_stale_temporaries()
    corrupt: list[Found] = []
    busy = 0
    blocked: list[tuple[Path, str]] = []
    for path, _ in store.game_files():
        slot = Slot(path)
        if not slot.acquire():
            if slot.held_elsewhere():
                busy += 1
            elif _unfinished_unlocked(path, lexicon):
                blocked.append((path, slot.error))
            continue
        try:
            record, game = _read_game(path, lexicon)
        except GCGError as e:
            error = str(e)
        except (ValueError, OSError) as e:  # pragma: no cover - the reader reports GCGError
            error = f"{path}: {e}"
        else:
            if game.is_over or not is_played(game):
                slot.release()
                continue
            return Found(FoundKind.UNFINISHED, path, game, record, slot,
                         corrupt=tuple(corrupt), busy=busy, blocked=tuple(blocked))
        try:
            aside: Path | None = set_aside(path)
        except OSError:
            aside = None
        slot.release()
        corrupt.append(Found(FoundKind.CORRUPT, path, error=error, set_aside=aside))
    if corrupt:
        first = corrupt[0]
        return Found(FoundKind.CORRUPT, first.path, error=first.error, set_aside=first.set_aside,
                     corrupt=tuple(corrupt), busy=busy, blocked=tuple(blocked))
    return Found(FoundKind.NONE, busy=busy, blocked=tuple(blocked))


def last_line(record: gcg.GCGRecord) -> int | None:
    """The number of the record's last line that holds something."""
    lines = [ev.line for ev in record.events] + [p.line for p in record.extra]
    lines += [p.line for p in record.players] + [line for _, _, line in record.racks]
    return max(lines) if lines else None


def corrupt_notice(found: Found) -> str:
    """What the user reads about kept games that cannot be read."""
    parts = []
    for f in found.corrupt or (found,):
        where = (f"It has been kept as {f.set_aside} (nothing was deleted)."
                 if f.set_aside is not None else
                 f"It could not be moved aside, so it is still at {f.path}.")
        parts.append(f"{f.error}\n\n{where}")
    many = len(parts) > 1
    head = ("Some automatically saved games could not be read, so they cannot be resumed."
            if many else
            "The automatically saved game could not be read, so it cannot be resumed.")
    return head + "\n\n" + "\n\n".join(parts)


class ResumeOffer(QMessageBox):
    """"Resume the unfinished game?" — Resume / New game."""

    def __init__(self, game: Game, parent: QWidget | None = None) -> None:
        names = ", ".join(f"{p.name} {s}" for p, s in zip(game.players, game.scores))
        turn = len([r for r in game.history if r.kind is not TurnKind.HINT])
        placed = (f" {game.players[game.current].name} has tiles on the board not yet played."
                  if game.pending else "")
        super().__init__(QMessageBox.Icon.Question, "Resume game",
                         f"Resume the unfinished game?\n\n{names} — after {turn} "
                         f"turn{'s' if turn != 1 else ''}, {game.players[game.current].name} "
                         f"to play.{placed}\n\nIf you start a new game instead, this one stays "
                         f"in File > Resume (the last {KEEP} games played are kept).",
                         QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.button(QMessageBox.StandardButton.Yes).setText(self.tr("Resume"))
        self.button(QMessageBox.StandardButton.No).setText(self.tr("New game"))
        self.setDefaultButton(QMessageBox.StandardButton.Yes)


# --------------------------------------------------------------------------- the turn's undo

UNDO = savegame.PREFIX + "ui-undo"
UNDO_INDEX = savegame.PREFIX + "ui-undo-index"
MAX_UNDO = 200  # steps of one turn kept in the file (the newest, around the current index)
_SQUARE = re.compile(r"([A-Z])(\d{1,2})")


def _loc_text(loc) -> str:
    return loc.label if isinstance(loc, Coord) else f"r{int(loc)}"


def _loc_parse(text: str):
    if re.fullmatch(r"r\d{1,2}", text):
        return int(text[1:])
    m = _SQUARE.fullmatch(text)
    if not m or m[1] not in COLUMN_LETTERS:
        raise ValueError(f"bad location {text!r}")
    return Coord(int(m[2]) - 1, COLUMN_LETTERS.index(m[1]))


def _letter_text(letter) -> str:
    return letter if letter else "-"


def _letter_parse(text: str) -> str | None:
    if text == "-":
        return None
    if not re.fullmatch(r"[^\W\d_]{1,3}", text):  # any language's letters (Cyrillic too)
        raise ValueError(f"bad letter {text!r}")
    return text


def _steps_of(command) -> list[tuple]:
    """The moves of one command on the undo stack: ("m", tile, source, target, before,
    after) or ("o", before ids, after ids); a macro is its children's."""
    from .session import MoveTileCommand, ReorderRackCommand

    if isinstance(command, MoveTileCommand):
        return [("m", command._tile_id, command._source, command._target, command._before,
                 command._after)]
    if isinstance(command, ReorderRackCommand):
        return [("o", tuple(command._before), tuple(command._after))]
    steps = []
    for i in range(command.childCount()):
        child = command.child(i)
        if child is None:
            raise ValueError("an undo step this version cannot save")
        steps += _steps_of(child)
    if not steps:
        raise ValueError("an undo step this version cannot save")
    return steps


def undo_pragmata(session) -> str:
    """The turn's undo history as ``#wordbler-ui-undo`` lines ("" when there is none, or when
    a step cannot be written: the game itself is always saved)."""
    stack = session.undo_stack
    count, index = stack.count(), stack.index()
    if not count:
        return ""
    first = max(0, min(index, count) - MAX_UNDO)
    last = min(count, index + MAX_UNDO)
    lines = [f"#{UNDO_INDEX} {index - first}"]
    try:
        for i in range(first, last):
            cmd = stack.command(i)
            line = getattr(cmd, "_autosave_line", None)  # a step never changes once pushed
            if line is None:
                items = []
                for step in _steps_of(cmd):
                    if step[0] == "m":
                        _, tile, src, dst, before, after = step
                        items.append(f"m,{int(tile)},{_loc_text(src)},{_loc_text(dst)},"
                                     f"{_letter_text(before)},{_letter_text(after)}")
                    else:
                        items.append(f"o,{'.'.join(map(str, step[1]))},"
                                     f"{'.'.join(map(str, step[2]))}")
                line = f"#{UNDO} {quote(cmd.text(), safe='') or '-'} {' '.join(items)}"
                if cmd.childCount() == 0:
                    cmd._autosave_line = line
            lines.append(line)
    except (ValueError, AttributeError, TypeError):
        return ""
    return "\n".join(lines) + "\n"


def _parse_undo(record: GCGRecord) -> tuple[int, list[tuple[str, list[tuple]]]] | None:
    index_p = record.pragmata(UNDO_INDEX)
    commands_p = record.pragmata(UNDO)
    if not index_p and not commands_p:
        return None
    if len(index_p) != 1 or not re.fullmatch(r"\d{1,4}", index_p[0].value):
        raise ValueError(f"#{UNDO_INDEX} must be given once, as a number")
    index = int(index_p[0].value)
    if len(commands_p) > 2 * MAX_UNDO or index > len(commands_p):
        raise ValueError("the undo history is longer than its index allows")
    commands = []
    for p in commands_p:
        parts = p.value.split()
        if len(parts) < 2:
            raise ValueError(f"line {p.line}: an undo step needs a text and a move")
        text = "" if parts[0] == "-" else unquote(parts[0])
        steps = []
        for item in parts[1:]:
            f = item.split(",")
            if f[0] == "m" and len(f) == 6 and re.fullmatch(r"\d{1,3}", f[1]):
                steps.append(("m", int(f[1]), _loc_parse(f[2]), _loc_parse(f[3]),
                              _letter_parse(f[4]), _letter_parse(f[5])))
            elif f[0] == "o" and len(f) == 3:
                ids = [tuple(int(x) for x in part.split(".") if re.fullmatch(r"\d{1,3}", x))
                       for part in f[1:]]
                if any(len(i) != len(part.split(".")) for i, part in zip(ids, f[1:])):
                    raise ValueError(f"line {p.line}: bad rack order {item!r}")
                steps.append(("o", ids[0], ids[1]))
            else:
                raise ValueError(f"line {p.line}: bad undo step {item!r}")
        commands.append((text, steps))
    return index, commands


class _Turn:
    """The tiles of a turn as the session keeps them (rack order, tiles on the board in the
    order placed), to check an undo history before it touches the session."""

    def __init__(self, session) -> None:
        self.session = session
        self.rack = [t.id for t in session.rack_tiles()]
        self.placed = {p.coord: (p.tile.id, p.letter) for p in session.pending()}

    def state(self):
        """The rack in its order, and which tile is where on the board (the order the tiles
        were put down in depends on steps gone from the stack, such as an undone Recall)."""
        return list(self.rack), dict(self.placed)

    def where(self, tile: int):
        for coord, (t, _) in self.placed.items():
            if t == tile:
                return coord
        return self.rack.index(tile) if tile in self.rack else None

    def relocate(self, tile: int, expected, target, letter) -> None:
        """What ``GameSession._relocate`` does, with every assumption checked."""
        game = self.session.game
        if not 0 <= tile < len(game.tiles):
            raise ValueError(f"no tile {tile}")
        source = self.where(tile)
        if source is None or source != expected:
            raise ValueError(f"tile {tile} is not at {expected}")
        t = game.tiles[tile]
        if isinstance(source, Coord):
            del self.placed[source]
        else:
            self.rack.remove(tile)
        if isinstance(target, Coord):
            if (not game.board.in_bounds(target) or game.board.is_occupied(target)
                    or target in self.placed):
                raise ValueError(f"{target.label} is not free")
            shown = letter or t.letter
            if t.is_blank and (not shown or shown == t.letter):
                raise ValueError("a blank needs a letter")
            if not t.is_blank and shown != t.letter:
                raise ValueError(f"tile {tile} is not {shown}")
            self.placed[target] = (tile, shown)
        else:
            self.rack.insert(min(int(target), len(self.rack)), tile)

    def step(self, step: tuple, forward: bool) -> None:
        if step[0] == "m":
            _, tile, src, dst, before, after = step
            if forward:
                self.relocate(tile, src, dst, after)
            else:
                self.relocate(tile, dst, src, before)
        else:
            _, before, after = step
            want, new = (before, after) if forward else (after, before)
            if tuple(self.rack) != tuple(want) or sorted(want) != sorted(new):
                raise ValueError("the rack is not in the order the undo step says")
            self.rack = list(new)


def restore_turn(session, record: GCGRecord | None) -> str:
    """Give the session back the undo history of its turn, from the ``#wordbler-ui-undo``
    lines of ``record`` (the game was rebuilt from the same record, so the tiles of the turn
    are where the history ends).  Every step is checked on a copy first; if any does not fit,
    the session is not touched.  Returns "" when restored (or there is none), else why not."""
    if record is None:
        return ""
    try:
        parsed = _parse_undo(record)
        if parsed is None:
            return ""
        index, commands = parsed
        check = _Turn(session)
        saved = check.state()
        order = list(check.placed)  # the order the tiles on the board were put down in
        for _, steps in reversed(commands[:index]):
            for step in reversed(steps):
                check.step(step, forward=False)
        for n, (_, steps) in enumerate(commands):
            if n == index and check.state() != saved:
                raise ValueError("the undo history does not lead to the tiles on the board")
            for step in steps:
                check.step(step, forward=True)
        if index == len(commands) and check.state() != saved:
            raise ValueError("the undo history does not lead to the tiles on the board")
    except ValueError as e:
        return QCoreApplication.translate("boardgame.autosave", "the undo history of the turn was not "
                                                                "restored: {error}").format(error=e)
    from .session import MoveTileCommand, ReorderRackCommand

    def make(text: str, step: tuple):
        if step[0] == "m":
            _, tile, src, dst, before, after = step
            return MoveTileCommand(session, tile, src, dst, before, after, text)
        return ReorderRackCommand(session, step[1], step[2], text)

    built = [(text, [make(text, s) for s in steps]) for text, steps in commands]
    for _, cmds in reversed(built[:index]):  # back to where the history starts
        for cmd in reversed(cmds):
            cmd.undo()
    stack = session.undo_stack
    stack.clear()
    for text, cmds in built:  # and forward through all of it, onto the stack
        if len(cmds) == 1:
            stack.push(cmds[0])
        else:
            stack.beginMacro(text)
            for cmd in cmds:
                stack.push(cmd)
            stack.endMacro()
    stack.setIndex(index)
    if list(session._placed) != order:  # as it was: Backspace takes back the same tile first
        session._placed = {coord: session._placed[coord] for coord in order}
        session._sync_engine()
    if session.handoff:
        # replaying the steps made the session work out the live preview; nobody has taken the
        # seat yet: the preview (it names the word) waits for that, as for any resumed turn
        session._preview = None
        session.preview_changed.emit("", True)
    if _Turn(session).state() != saved:  # pragma: no cover - checked step by step above
        return QCoreApplication.translate("boardgame.autosave", "the undo history of the turn did not restore the tiles exactly")
    return ""


# --------------------------------------------------------------------------- writing


class _WriteSignals(QObject):
    done = Signal(int, str, float)  # generation, error ("" if written), milliseconds


class _WriteJob(QRunnable):
    def __init__(self, path: Path, data: bytes, generation: int, signals: _WriteSignals) -> None:
        super().__init__()
        self.setAutoDelete(False)  # the autosaver reads its result (flush)
        self.path, self.data, self.generation, self.signals = path, data, generation, signals
        self.error = ""
        self.ms = 0.0

    def run(self) -> None:
        started = time.perf_counter()
        try:
            savegame.write_atomic(self.path, self.data)
        except OSError as e:
            self.error = f"{self.path}: {_reason(e)}"
        self.ms = (time.perf_counter() - started) * 1000
        emit(self.signals.done, self.generation, self.error, self.ms)


class AutosaveBanner(QFrame):
    """A line at the bottom of the window that says autosave is not working, and why; it stays
    until a write works again (other messages do not replace it)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("AutosaveBanner")
        self.setStyleSheet("QFrame#AutosaveBanner { background: #fde8e4; border-top: 1px solid "
                           "#c0392b; } QLabel { color: #8e1b10; }")
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setAccessibleName(self.tr("Autosave problem"))
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 3, 8, 3)
        row.addWidget(self.label, 1)
        self._height = 0
        self.hide()

    @property
    def text(self) -> str:
        return self.label.text() if self.isVisible() else ""

    # the status bar asks for a size before it gives a width: the height follows the width
    # it gave (as many lines as the text needs there, never a clipped or a padded one)
    def _height_for(self, width: int) -> int:
        m = self.layout().contentsMargins()
        inner = max(80, width - m.left() - m.right())
        return self.label.heightForWidth(inner) + m.top() + m.bottom()

    def sizeHint(self) -> QSize:
        width = self.width() if self.width() > 80 else 800
        return QSize(width, self._height_for(width))

    def minimumSizeHint(self) -> QSize:
        return QSize(80, self._height_for(self.width() if self.width() > 80 else 800))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        height = self._height_for(event.size().width())
        if height != self._height:
            self._height = height
            self.updateGeometry()


class Autosaver(QObject):
    """Keeps the game of one window in its own file of the kept games' folder."""

    # the game is on disk up to this change: its path
    written = Signal(str)
    # it could not be written (or autosave is off): a sentence for the user
    failed = Signal(str)
    # a write worked again after a failure
    recovered = Signal(str)

    def __init__(self, window, folder: Path | None = None, slot: Slot | None = None,
                 record: GCGRecord | None = None) -> None:
        """``slot``: the file (locked) the window's game came from (a resumed game).
        ``record``: what the game was read from; its turn's undo history is restored."""
        super().__init__(window)
        self.window = window
        self.store = Store(folder)
        self.folder = self.store.folder
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._signals = _WriteSignals(self)
        self._signals.done.connect(self._on_done)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.write_now)
        self._session = None
        self._slot: Slot | None = None
        self._created = False  # this window made the current game's file
        self._pruned = False
        self._last_text: bytes | None = None  # the newest text handed to a write (or on disk)
        self._in_flight = 0  # generation of the write in flight (0: none)
        self._job: _WriteJob | None = None
        self._recent_jobs: deque[_WriteJob] = deque(maxlen=3)
        self._queued: tuple[int, bytes] | None = None  # the newest text waiting for it
        self._generation = 0
        self.problem = ""  # why autosave is not working now ("" when it is)
        self._adopt: dict[int, tuple[Slot | None, GCGRecord | None]] = {}
        self._closed = False
        self.restore_note = ""  # why the last game's turn came back without its undo history
        # the latest timings, in ms: building the text (GUI thread), writing it (worker)
        self.gui_ms: deque[float] = deque(maxlen=1000)
        self.write_ms: deque[float] = deque(maxlen=1000)
        self._banner: AutosaveBanner | None = None
        self._own_status_bar = False
        window.autosaver = self
        if slot is not None or record is not None:
            self.adopt(window.session.game, slot, record)
        window.game_started.connect(self._attach)
        problem = self.store.usable()
        if problem:
            self._report(f"Autosave is off: {problem}. This game is not kept automatically; "
                         f"use File > Save to keep it.")
        self._attach()

    # ----------------------------------------------------------------- following the window
    @property
    def path(self) -> Path | None:
        """The current game's file (None until the game is first written)."""
        return None if self._slot is None else self._slot.path

    def adopt(self, game: Game, slot: Slot | None, record: GCGRecord | None = None) -> None:
        """``game``, about to go on the table, came from ``slot`` (kept there, locked) and/or
        from ``record`` (its turn's undo history)."""
        self._adopt[id(game)] = (slot, record)

    def _attach(self) -> None:
        session = self.window.session
        if session is self._session:
            return
        if self._session is not None:
            self._finish()  # the last change of the game leaving the table
        self._session = session
        self._closed = False
        slot, record = self._adopt.pop(id(session.game), (None, None))
        for other, _ in self._adopt.values():  # offered for another game: not needed now
            if other is not None:
                other.release()
        self._adopt.clear()
        self._slot, self._created, self._pruned = slot, False, False
        if record is not None:
            animator = getattr(self.window, "animator", None)
            speed = getattr(animator, "speed", None)
            if animator is not None:  # the tiles are put back, not flown back
                from .animation import Speed

                animator.speed = Speed.OFF
            try:
                problem = restore_turn(session, record)
            finally:
                if animator is not None:
                    animator.speed = speed
            self.restore_note = f" ({problem[0].upper()}{problem[1:]}.)" if problem else ""
            if problem:
                self.window.show_message(f"The game is back.{self.restore_note}", "info")
        session.changed.connect(self.schedule)
        hint = getattr(session, "hint_taken", None)  # a hint is recorded in the history too
        if hint is not None:
            hint.connect(self.schedule)
        # what is on disk already (a resumed game's file, an opened game's file) is not
        # written again until it changes
        self._last_text = self._text(session) if (slot is not None or is_played(session.game)) \
            else None
        if slot is not None and not slot.held and not slot.acquire():
            self._report(f"Autosave is off for this game: {slot.path} {slot.error}.")
        self.schedule()

    def _finish(self) -> None:
        """The game leaves the table (another game, closing): write its last change, let go
        of its file; a file this window made for a game that ends up with nothing played in
        it (a tile placed, then taken back) is removed."""
        self.flush()
        slot, session = self._slot, self._session
        if slot is not None and session is not None:
            if self._created and not is_played(session.game) and slot.held:
                with suppress(OSError):
                    slot.path.unlink()
            slot.release()

    def close(self) -> None:
        """The window closes or the application quits: everything on disk, the file let go."""
        if self._closed:
            return
        self._finish()
        self._closed = True

    # ----------------------------------------------------------------- writing
    def _text(self, session) -> bytes:
        text = savegame.game_to_gcg(session.game) + undo_pragmata(session)
        return text.encode("utf-8")

    def schedule(self, *_args) -> None:
        self._timer.start()

    def write_now(self) -> None:
        """Build the text of the game now and queue it for writing."""
        self._timer.stop()
        session = self._session  # the game leaving the table too (its last change)
        if session is None:
            return
        game = session.game
        if self._slot is None and not is_played(game):
            return  # never played: nothing to keep, and nothing is replaced
        started = time.perf_counter()
        try:
            data = self._text(session)
        except ValueError as e:
            self._report(f"The game cannot be saved automatically: {e}")
            return
        self.gui_ms.append((time.perf_counter() - started) * 1000)
        if data == self._last_text and not self.problem:
            return  # on disk already
        if not self._ensure_slot():
            return
        self._last_text = data
        self._generation += 1
        job = (self._generation, data)
        if self._in_flight:
            self._queued = job  # the newest wins
        else:
            self._start(job)

    def _ensure_slot(self) -> bool:
        """The current game has a file, locked by this window (made now if needed)."""
        if self._slot is not None:
            if self._slot.held or self._slot.acquire():
                return True
            self._report(f"Autosave is off for this game: {self._slot.path} {self._slot.error}.")
            return False
        try:
            self._slot = self.store.new_slot()
        except StoreError as e:
            self._report(f"Autosave is off: {e}. This game is not kept automatically; use "
                         f"File > Save to keep it.")
            return False
        self._created = True
        return True

    def _start(self, job: tuple[int, bytes]) -> None:
        self._in_flight = job[0]
        assert self._slot is not None
        self._job = _WriteJob(self._slot.path, job[1], job[0], self._signals)
        # the last jobs stay referenced a while: a worker may still be leaving run() when the
        # GUI thread has its result, and Python must not free the runnable under it
        self._recent_jobs.append(self._job)
        self._pool.start(self._job)

    def _on_done(self, generation: int, error: str, ms: float) -> None:
        if generation != self._in_flight:
            return  # flush() has already settled it
        self._settle(error, ms)

    def _settle(self, error: str, ms: float) -> None:
        """The write in flight has ended: say how it went, start the next one."""
        self._in_flight = 0
        self._job = None
        self.write_ms.append(ms)
        if error:
            self._failed_write(error)
        if self._queued is not None:
            job, self._queued = self._queued, None
            self._start(job)
        elif not error:
            self._succeeded()

    def _failed_write(self, error: str) -> None:
        self._last_text = None  # try again at the next change
        self._report(f"Autosave failed: {error}. The game goes on; use File > Save to keep it.")

    def _succeeded(self) -> None:
        """A write worked: the folder keeps the newest games only; a problem is over."""
        if self._created and not self._pruned:
            self._pruned = True
            self.store.prune()
        if self.problem:
            self.problem = ""
            self._show_banner("")
            self.recovered.emit("Autosave works again.")
            with suppress(RuntimeError):
                self.window.show_message("Autosave works again.", "ok")
        if self._slot is not None:
            self.written.emit(str(self._slot.path))

    def flush(self) -> None:
        """Write any change not yet on disk, and wait until it is (closing, tests)."""
        if self._timer.isActive():
            self.write_now()
        while self._in_flight:
            self._pool.waitForDone()
            job = self._job
            self._settle(job.error, job.ms)  # its done signal, still queued, is ignored

    # ----------------------------------------------------------------- telling the user
    def _report(self, text: str) -> None:
        if text != self.problem:
            self.problem = text
            self._show_banner(text)
            self.failed.emit(text)

    @property
    def banner(self) -> AutosaveBanner:
        """The line at the bottom of the window that says autosave is not working (made the
        first time it is needed, in the window's status bar)."""
        if self._banner is None:
            w = self.window
            self._own_status_bar = not _has_status_bar(w)
            self._banner = AutosaveBanner(w)
            w.statusBar().addPermanentWidget(self._banner, 1)
            w.statusBar().setSizeGripEnabled(False)
            if self._own_status_bar:
                w.statusBar().hide()  # only while there is something to say
        return self._banner

    def _show_banner(self, text: str) -> None:
        try:
            if text:
                self.banner.label.setText(text)
                self.banner.show()
                self.window.statusBar().show()
            elif self._banner is not None:
                self._banner.hide()
                if self._own_status_bar:
                    self.window.statusBar().hide()
        except RuntimeError:  # the window is gone
            pass


def _has_status_bar(window) -> bool:
    from PySide6.QtWidgets import QStatusBar

    return any(isinstance(c, QStatusBar) for c in window.children())

