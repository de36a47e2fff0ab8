"""Per-user directories for caches and data, found without Qt.

The engine must not import Qt, so it cannot ask ``QStandardPaths``; this module follows the
same platform conventions by hand:

==========  ==========================================  ============================================
platform    cache                                       data
==========  ==========================================  ============================================
Linux/BSD   ``$XDG_CACHE_HOME/wordbler``                ``$XDG_DATA_HOME/wordbler``
            (default ``~/.cache/wordbler``)             (default ``~/.local/share/wordbler``)
macOS       ``~/Library/Caches/Wordbler``               ``~/Library/Application Support/Wordbler``
Windows     ``%LOCALAPPDATA%\\Wordbler\\Cache``          ``%LOCALAPPDATA%\\Wordbler``
==========  ==========================================  ============================================

``WORDBLER_CACHE_DIR`` / ``WORDBLER_DATA_DIR`` override the result (tests point them at a
temporary directory).  Nothing here creates a directory: callers do that when they write.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Mapping

APP_DIR_NAME = "wordbler"  # Linux convention: lower case
APP_DISPLAY_NAME = "Wordbler"  # macOS and Windows convention

CACHE_ENV = "WORDBLER_CACHE_DIR"
DATA_ENV = "WORDBLER_DATA_DIR"


def _windows_local_appdata(env: Mapping[str, str]) -> Path:
    base = env.get("LOCALAPPDATA") or env.get("APPDATA")
    if base:
        return Path(base)
    return Path.home() / "AppData" / "Local"


def _xdg(env: Mapping[str, str], name: str, default: Path) -> Path:
    value = env.get(name, "")
    # the XDG spec says relative paths are invalid and must be ignored
    if value and os.path.isabs(value):
        return Path(value)
    return default


def _user_dir(
    env: Mapping[str, str] | None,
    platform: str | None,
    override_var: str,
    windows: tuple[str, ...],
    macos: tuple[str, ...],
    xdg_var: str,
    xdg_default: tuple[str, ...],
) -> Path:
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    override = env.get(override_var)
    if override:
        return Path(override)
    if platform.startswith("win"):
        return _windows_local_appdata(env).joinpath(APP_DISPLAY_NAME, *windows)
    if platform == "darwin":
        return Path.home().joinpath("Library", *macos, APP_DISPLAY_NAME)
    return _xdg(env, xdg_var, Path.home().joinpath(*xdg_default)) / APP_DIR_NAME


def user_cache_dir(
    env: Mapping[str, str] | None = None, platform: str | None = None
) -> Path:
    """The directory for Wordbler's disposable caches (it may not exist yet)."""
    return _user_dir(env, platform, CACHE_ENV, ("Cache",), ("Caches",),
                     "XDG_CACHE_HOME", (".cache",))


def user_data_dir(
    env: Mapping[str, str] | None = None, platform: str | None = None
) -> Path:
    """The directory for Wordbler's user data (it may not exist yet)."""
    return _user_dir(env, platform, DATA_ENV, (), ("Application Support",),
                     "XDG_DATA_HOME", (".local", "share"))
