"""Bundled resources ship in a non-editable install: every file under resources/ matches a
package-data glob of pyproject.toml (checked with a real ``pip install . --target`` once;
this keeps it true as files are added)."""

from __future__ import annotations

import fnmatch
import pathlib
import tomllib

from wordbler.datafiles import data_path

ROOT = pathlib.Path(__file__).resolve().parents[3]


def test_every_resource_file_is_shipped():
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"][
        "wordbler.resources"]
    patterns = []
    for g in globs:
        patterns.append(g)
        if g.startswith("**/"):
            patterns.append(g[3:])  # "**/" also matches the top folder
    folder = ROOT / "resources"
    files = [p.relative_to(folder).as_posix() for p in folder.rglob("*")
             if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".py"]
    assert files
    unshipped = [f for f in files if not any(fnmatch.fnmatch(f, pat) for pat in patterns)]
    assert unshipped == []


def test_mascots_are_found_through_datafiles():
    folder = data_path("resources", "mascots")
    svgs = sorted(folder.glob("*.svg"))
    assert len(svgs) >= 8
    for svg in svgs:
        text = svg.read_text(encoding="utf-8")
        assert text.lstrip().startswith("<svg") and "viewBox" in text
