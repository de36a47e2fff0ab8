"""Atomic file writes, shared by every game and the word engine (no Qt, no game imported).

A write goes to a temporary file beside the target, is flushed to disk, and replaces the
target with ``os.replace``: a crash, a kill or a full disk leaves the old file or the new one,
never a torn one, and a link at the target is replaced, never followed.
"""

from __future__ import annotations

import json
import os
import tempfile
from contextlib import suppress
from typing import Any


def write_atomic(path: str | os.PathLike, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically (temporary file, fsync, ``os.replace``),
    keeping the old file's permissions; the folder is made if it is missing."""
    target = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(target))
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.", suffix=".tmp",
                               dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        try:
            mode = os.stat(target).st_mode & 0o777
        except FileNotFoundError:
            mode = 0o644
        with suppress(OSError):
            os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_folder(folder)


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
