"""Where the bundled data lives: ``dictionaries/`` and ``resources/``.

In an installed copy they are the packages ``wordbler.dictionaries`` and
``wordbler.resources`` (see ``pyproject.toml``); in a source checkout (``python -m pytest``
from the repository root imports ``wordbler`` from the working tree) they are the folders
beside the package.  Both are found the same way here.
"""

from __future__ import annotations

import importlib.resources
from importlib.abc import Traversable
from pathlib import Path

_SOURCE_ROOT = Path(__file__).resolve().parent.parent


def data_dir(name: str) -> Traversable:
    """The bundled folder ``name`` (``"dictionaries"`` or ``"resources"``)."""
    if name not in ("dictionaries", "resources"):
        raise ValueError(f"no bundled data folder {name!r}")
    try:
        found = importlib.resources.files(f"wordbler.{name}")
        if found.is_dir():
            return found
    except ModuleNotFoundError:
        pass
    return _SOURCE_ROOT / name


def data_path(name: str, *parts: str) -> Path:
    """A real filesystem path to a bundled file (the installed package is always unzipped)."""
    return Path(str(data_dir(name).joinpath(*parts)))
