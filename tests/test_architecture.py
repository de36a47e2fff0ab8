"""The suite's import directions (``../shared/DESIGN.md`` §0 and §1).

- No module outside ``wordbler/ui/`` imports Qt: every engine runs without a GUI.
- A game package never imports another game package; what two games share lives in
  ``wordbler/lexicon/`` (words) or ``wordbler/ui/common/`` (widgets).
- ``wordbler/lexicon/`` (the word engine) imports no game, and no game's window.
- No pickle, eval or exec in product code.
"""

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "wordbler"
QT_MODULES = ("PySide6", "PyQt5", "PyQt6", "PySide2", "shiboken6")
GAMES = ("boardgame", "snake", "wordgrid", "wordsearch", "wordtools")


def _module_name(path: pathlib.Path, package: pathlib.Path = PACKAGE) -> str:
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: pathlib.Path, package_dir: pathlib.Path = PACKAGE) -> set[str]:
    """Every module ``path`` imports, absolute (relative imports resolved), in full."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    here = _module_name(path, package_dir).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            names.add(module)
            # ``from pkg import mod`` may name a module
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def _roots(names: set[str]) -> set[str]:
    return {n.split(".")[0] for n in names}


def _game_of(module: str) -> str | None:
    """The game a module belongs to (``wordbler.snake.x`` and ``wordbler.ui.snake.x``)."""
    parts = module.split(".")
    if len(parts) > 1 and parts[1] in GAMES:
        return parts[1]
    if len(parts) > 2 and parts[1] == "ui" and parts[2] in GAMES:
        return parts[2]
    return None


def _product_files() -> list[pathlib.Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_engine_modules_do_not_import_qt():
    engine_files = [p for p in _product_files() if "ui" not in p.relative_to(PACKAGE).parts]
    assert len(engine_files) >= 20
    offenders = {
        str(p.relative_to(PACKAGE)): sorted(_roots(_imports(p)) & set(QT_MODULES))
        for p in engine_files
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_a_game_never_imports_another_game():
    offenders = {}
    for p in _product_files():
        mine = _game_of(_module_name(p))
        if mine is None:
            continue
        others = {
            n for n in _imports(p) if n.startswith("wordbler.") and _game_of(n) not in (None, mine)
        }
        if others:
            offenders[str(p.relative_to(PACKAGE))] = sorted(others)
    assert offenders == {}


def test_the_word_engine_imports_no_game_and_no_ui():
    files = list((PACKAGE / "lexicon").rglob("*.py"))
    assert files
    offenders = {}
    for p in files:
        bad = {n for n in _imports(p) if _game_of(n) or n.startswith("wordbler.ui")}
        if bad:
            offenders[str(p.relative_to(PACKAGE))] = sorted(bad)
    assert offenders == {}


def test_shared_widgets_import_no_game():
    offenders = {}
    for p in (PACKAGE / "ui" / "common").rglob("*.py"):
        bad = {n for n in _imports(p) if _game_of(n)}
        if bad:
            offenders[str(p.relative_to(PACKAGE))] = sorted(bad)
    assert offenders == {}


@pytest.mark.parametrize(
    ("source", "where", "caught"),
    [
        ("from PySide6.QtCore import QObject\n", "boardgame/x.py", "qt"),
        ("from ..snake import board\n", "boardgame/x.py", "game"),
        ("from wordbler.ui.wordgrid.window import W\n", "ui/snake/x.py", "game"),
        ("from wordbler.boardgame import rules\n", "lexicon/x.py", "lexicon"),
        ("from ..lexicon import queries\n", "snake/x.py", None),
        ("from wordbler.ui.common import theme\n", "ui/snake/x.py", None),
    ],
)
def test_the_scans_catch_what_they_should(tmp_path, source, where, caught):
    fake = tmp_path / "wordbler"
    target = fake / where
    target.parent.mkdir(parents=True)
    target.write_text(source)
    imports = _imports(target, fake)
    module = _module_name(target, fake)
    found = None
    if _roots(imports) & set(QT_MODULES):
        found = "qt"
    elif _game_of(module) and any(
        n.startswith("wordbler.") and _game_of(n) not in (None, _game_of(module)) for n in imports
    ):
        found = "game"
    elif module.startswith("wordbler.lexicon") and any(_game_of(n) for n in imports):
        found = "lexicon"
    assert found == caught


def test_no_pickle_or_eval_in_product_code():
    for p in _product_files():
        tree = ast.parse(p.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in ("eval", "exec"), f"{p}: {node.func.id}()"
        assert not {n for n in _imports(p) if n.split(".")[0] in ("pickle", "marshal", "shelve")}, \
            f"{p} imports pickle, marshal or shelve"


_CHECKED_SIGNALS = ("clicked", "triggered", "toggled")


def _checked_into_optional(source: str) -> list[str]:
    """``x.clicked/triggered/toggled.connect(self.method)`` where ``method``'s first
    parameter is optional: Qt passes the button's ``checked`` into it (Word Grid took it as
    seed 0, Word Search's exports as the path False)."""
    tree = ast.parse(source)
    found = []
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        optional = set()
        for fn in cls.body:
            if isinstance(fn, ast.FunctionDef):
                params = fn.args.args[1:]
                if params and len(fn.args.defaults) == len(params):
                    optional.add(fn.name)
        for node in ast.walk(cls):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "connect" and node.args
                    and isinstance(node.func.value, ast.Attribute)
                    and node.func.value.attr in _CHECKED_SIGNALS):
                slot = node.args[0]
                if (isinstance(slot, ast.Attribute) and isinstance(slot.value, ast.Name)
                        and slot.value.id == "self" and slot.attr in optional):
                    found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def test_no_button_passes_checked_into_an_optional_parameter():
    offenders = {}
    for p in (PACKAGE / "ui").rglob("*.py"):
        bad = _checked_into_optional(p.read_text(encoding="utf-8"))
        if bad:
            offenders[str(p.relative_to(PACKAGE))] = bad
    assert offenders == {}


def test_the_checked_scan_catches_what_it_should():
    source = (
        "class W:\n"
        "    def __init__(self):\n"
        "        self.b.clicked.connect(self.new)\n"
        "        self.a.triggered.connect(lambda: self.new())\n"
        "        self.c.clicked.connect(self.plain)\n"
        "    def new(self, seed=None): ...\n"
        "    def plain(self): ...\n"
    )
    assert _checked_into_optional(source) == ["line 3: self.b.clicked.connect(self.new)"]
