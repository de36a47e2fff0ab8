"""Atomic file writes and bounded reads, shared by every game and the word engine (no Qt, no
game imported).

A write goes to a temporary file beside the target, is flushed to disk, and replaces the
target with ``os.replace``: a crash, a kill or a full disk leaves the old file or the new one,
never a torn one, and a link at the target is replaced, never followed.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
from contextlib import suppress
from typing import Any


def write_atomic(path: str | os.PathLike, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically (temporary file, fsync, ``os.replace``),
    keeping the old file's permissions; the folder is made if it is missing."""
    target = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(target))
    try:
        os.makedirs(folder, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        # a file stands where a folder of the path should be: say which (the error's own
        # text, "File exists", named nothing useful)
        blocker = folder  # up to the first part whose own folder is one
        while os.path.dirname(blocker) != blocker and not os.path.isdir(os.path.dirname(blocker)):
            blocker = os.path.dirname(blocker)
        raise NotADirectoryError(errno.ENOTDIR, f"{blocker} is a file, not a folder",
                                 target) from None
    fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.", suffix=".tmp",
                               dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        with suppress(OSError):
            os.chmod(tmp, file_mode(target))
        os.replace(tmp, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_folder(folder)


def file_mode(target: str | os.PathLike) -> int:
    """The permissions a file written in place of ``target`` should have: the old file's,
    or for a new one what the user's umask gives a new file (``mkstemp`` makes temporary
    files 0600, so a PDF was readable by its owner only)."""
    try:
        return os.stat(target).st_mode & 0o777
    except OSError:
        mask = os.umask(0o022)
        os.umask(mask)
        return 0o666 & ~mask


def write_json_atomic(path: str | os.PathLike, data: Any) -> None:
    """``data`` as UTF-8 JSON (not ASCII-escaped), written with :func:`write_atomic`."""
    write_atomic(path, json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8"))


def _fsync_folder(folder: str) -> None:
    """Make the rename durable where the platform allows it (POSIX)."""
    if os.name != "posix":
        return
    with suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def set_aside(path: str | os.PathLike, suffix: str,
              base: str | os.PathLike | None = None) -> str:
    """Rename a file that could not be used to a free name beside it, keeping its bytes for
    the user: ``<base><suffix>`` (``base``: the path itself unless given), or
    ``<base>.2<suffix>``, ``<base>.3<suffix>``, ... when that is taken, so a file set aside
    earlier is never replaced.  Returns the new path; raises ``OSError`` if it cannot be
    renamed."""
    src = os.fspath(path)
    stem = os.fspath(base) if base is not None else src
    for n in range(1, 1000):
        target = f"{stem}{suffix}" if n == 1 else f"{stem}.{n}{suffix}"
        if os.path.lexists(target):
            continue
        os.rename(src, target)  # a file, or a folder or FIFO in its place
        return target
    raise OSError(f"no free name to set {os.path.basename(src)} aside")


class ReadRefused(ValueError):
    """Why :func:`read_bounded` refused a file.  ``kind`` is one of ``"os"`` (it could not be
    opened or read: ``error`` holds the ``OSError``/``ValueError``), ``"folder"``,
    ``"special"`` (a device, FIFO or socket) or ``"too_large"`` (``size`` bytes, over
    ``limit``).  Callers turn it into their own message."""

    def __init__(self, kind: str, *, error: Exception | None = None, size: int = 0,
                 limit: int = 0) -> None:
        super().__init__(kind)
        self.kind, self.error, self.size, self.limit = kind, error, size, limit


def read_bounded(path: str | os.PathLike, limit: int) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them.

    The file is opened without blocking and checked with ``fstat`` on that descriptor (no gap
    between the check and the read), so a folder, a device (``/dev/zero``), a FIFO with no
    writer or a socket is refused, never waited on; a file over ``limit`` is refused before it
    is read, and again if it grows while being read.  :class:`ReadRefused` otherwise."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) \
        | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except IsADirectoryError:
        raise ReadRefused("folder") from None
    except (OSError, ValueError) as e:  # ValueError: a NUL in the path
        raise ReadRefused("os", error=e) from None
    try:
        try:
            st = os.fstat(fd)
        except OSError as e:
            raise ReadRefused("os", error=e) from None
        if stat.S_ISDIR(st.st_mode):
            raise ReadRefused("folder")
        if not stat.S_ISREG(st.st_mode):
            raise ReadRefused("special")
        if st.st_size > limit:
            raise ReadRefused("too_large", size=st.st_size, limit=limit)
        chunks: list[bytes] = []
        got = 0
        try:
            while got <= limit:
                chunk = os.read(fd, min(1 << 22, limit + 1 - got))
                if not chunk:
                    break
                chunks.append(chunk)
                got += len(chunk)
        except OSError as e:
            raise ReadRefused("os", error=e) from None
    finally:
        os.close(fd)
    if got > limit:  # it grew after fstat
        raise ReadRefused("too_large", size=got, limit=limit)
    return b"".join(chunks)
