"""Work around a reference-count bug of PySide6 6.12.0 on Python < 3.12.

That build hands ``None`` (from every C++ call returning void or a null pointer) and ``True``
(from ``Signal.emit()``) back to Python without taking a new reference: on Python 3.12+ these
objects are immortal and nothing happens, but on 3.11 each call steals one reference, and
after a few thousand calls the interpreter aborts with ``Fatal Python error: none_dealloc``
(or ``bool_dealloc``).

:func:`install` probes for the bug once and, only if it is present, gives ``None``, ``True``
and ``False`` a very large number of extra references, so they behave as the immortal objects
of Python 3.12.  The singletons are never freed anyway, so the extra references cost nothing.
Remove this module when the project requires a PySide6 without the bug.
"""

from __future__ import annotations

import ctypes
import sys

_EXTRA = 1 << 40  # ~10^12 stolen references before anything could go wrong
_installed = False


def bug_present() -> bool:
    """Does a void Qt call steal a reference to None here?"""
    from PySide6.QtCore import QObject

    probe = QObject()
    before = sys.getrefcount(None)
    for _ in range(16):
        probe.setObjectName("probe")
    stolen = before - sys.getrefcount(None)
    return stolen >= 8


def install() -> bool:
    """Apply the workaround if needed; returns whether it was applied (idempotent)."""
    global _installed
    if _installed:
        return True
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return False
    if not bug_present():
        return False
    for obj in (None, True, False):
        # ob_refcnt is the first field of every PyObject (CPython < 3.12)
        ctypes.c_ssize_t.from_address(id(obj)).value += _EXTRA
    _installed = True
    return True
