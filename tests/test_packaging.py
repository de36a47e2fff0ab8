"""Every file the program reads at run time is shipped by ``pip install .``.

The wheel holds the packages found by setup.py and the files matched by pyproject.toml's
package-data globs; a data file no glob matches works from a checkout and is missing from an
install.  (tests/ui/boardgame/test_resources.py checks resources/ the same way.)
"""

import fnmatch
import pathlib
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent
SKIP_SUFFIXES = {".py", ".pyc", ".c", ".so", ".pyd"}


def _globs() -> dict[str, list[str]]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]


def _shipped(rel: str, patterns: list[str]) -> bool:
    # setuptools matches package-data globs against the path relative to the package folder;
    # '**/' also matches files at the top of that folder
    return any(fnmatch.fnmatch(rel, p) or (p.startswith("**/") and fnmatch.fnmatch(rel, p[3:]))
               for p in patterns)


def test_every_data_file_inside_a_package_is_shipped():
    globs = _globs()
    missing = []
    for f in (ROOT / "wordbler").rglob("*"):
        if not f.is_file() or f.suffix in SKIP_SUFFIXES or "__pycache__" in f.parts:
            continue
        # the nearest package folder above the file
        pkg = f.parent
        while not (pkg / "__init__.py").exists():
            pkg = pkg.parent
        name = ".".join(pkg.relative_to(ROOT).parts)
        rel = f.relative_to(pkg).as_posix()
        if not _shipped(rel, globs.get(name, []) + globs.get("*", [])):
            missing.append(f.relative_to(ROOT).as_posix())
    assert missing == []


def test_every_bundled_word_list_file_is_shipped():
    patterns = _globs()["wordbler.dictionaries"]
    files = [f for f in (ROOT / "dictionaries").rglob("*")
             if f.is_file() and f.suffix not in SKIP_SUFFIXES and "__pycache__" not in f.parts]
    assert files
    missing = [f.relative_to(ROOT).as_posix() for f in files
               if not _shipped(f.relative_to(ROOT / "dictionaries").as_posix(), patterns)]
    assert missing == []


def test_the_check_would_catch_an_unshipped_file():
    assert not _shipped("data/themes.yaml", ["data/*.json"])
    assert _shipped("en/README.md", ["**/*.md"])
    assert _shipped("README.md", ["**/*.md"])
