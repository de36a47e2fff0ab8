"""The engine is GUI-agnostic: no module outside wordbler/ui/ may import Qt."""

import ast
import pathlib

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "wordbler"
QT_MODULES = ("PySide6", "PyQt5", "PyQt6", "PySide2", "shiboken6")


def _imports(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_engine_modules_do_not_import_qt():
    engine_files = [p for p in PACKAGE.rglob("*.py") if "ui" not in p.relative_to(PACKAGE).parts]
    assert len(engine_files) >= 5
    offenders = {
        str(p.relative_to(PACKAGE)): sorted(_imports(p) & set(QT_MODULES)) for p in engine_files
    }
    offenders = {k: v for k, v in offenders.items() if v}
    assert offenders == {}


def test_the_scan_would_catch_a_qt_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import os\nfrom PySide6.QtCore import QObject\n")
    assert _imports(bad) & set(QT_MODULES) == {"PySide6"}


def test_no_pickle_or_eval_in_product_code():
    for p in PACKAGE.rglob("*.py"):
        tree = ast.parse(p.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in ("eval", "exec"), f"{p}: {node.func.id}()"
        assert "pickle" not in _imports(p), f"{p} imports pickle"
