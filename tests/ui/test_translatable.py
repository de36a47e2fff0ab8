"""The UI is ready for Qt translations (issue 14: "the UI itself stays English, but everything
is ready for Qt translations (tr())").

1. A static check walks the syntax tree of every module under ``wordbler/ui/`` and fails on
   user-visible text given straight to Qt's common text setters and constructors
   (``setText``, ``setWindowTitle``, ``setToolTip``, ``QAction(...)``, ``QLabel(...)``,
   ``addMenu``, ``QMessageBox.question(...)``, ``addTab``, header labels, combo-box items...):
   a string constant, an f-string, or a ``+``/``%``/``if``-``else`` made of them, that is not
   wrapped in ``self.tr(...)`` / ``QCoreApplication.translate(...)`` (``.format()`` on the
   translated text is how values go in: the literal stays constant, so ``pyside6-lupdate``
   extracts it).  Text without two letters ("×", "…", "0") needs no translation.  A line
   ending in ``# notr`` is exempt (e.g. a language's own name, shown as itself in every
   language).
2. A real window's menu title changes when a translator for it is installed: a tiny
   translation is compiled in the test with ``pyside6-lrelease`` (or, without it, a
   ``QTranslator`` subclass answers) and installed in the running application.
3. ``pyside6-lupdate`` (when installed) extracts the window's texts from the sources.

PENDING lists files not converted yet; it is empty now: every file under ``wordbler/ui/`` is
checked (a new file with untranslated text fails at once).
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "wordbler" / "ui"

#: Files still to convert (relative to wordbler/ui).  Remove a file from here once its texts
#: go through tr()/translate(); the test then checks it.
PENDING: frozenset[str] = frozenset()

#: method name -> indexes of the positional arguments that are user-visible text
#: ("*" for every positional argument; lists and tuples are looked into).
TEXT_METHODS: dict[str, tuple[int, ...] | str] = {
    # (column, text) too: QTreeWidgetItem.setText(1, "...") / setToolTip(0, "...")
    "setText": (0, 1), "setWindowTitle": (0,), "setToolTip": (0, 1), "setStatusTip": (0, 1),
    "setWhatsThis": (0, 1), "setPlaceholderText": (0,), "setTitle": (0,), "setLabelText": (0,),
    "setInformativeText": (0,), "setAccessibleName": (0,), "setAccessibleDescription": (0,),
    "setSpecialValueText": (0,), "setSuffix": (0,), "setPrefix": (0,), "setIconText": (0,),
    "setCancelButtonText": (0,), "setOkButtonText": (0,), "setWindowIconText": (0,),
    "addMenu": (0,), "addAction": (0,), "addSection": (0,), "addButton": (0,),
    "addTab": (1,), "insertTab": (2,), "setTabText": (1,), "setTabToolTip": (1,),
    "setItemText": (1,), "setHeaderLabel": (0,), "addRow": (0,), "insertRow": (1,),
    "addItem": (0,), "insertItem": (1,), "addItems": (0,),
    "setHeaderLabels": (0,), "setHorizontalHeaderLabels": (0,), "setVerticalHeaderLabels": (0,),
    "showMessage": (0,), "setHtml": (0,), "setMarkdown": (0,), "setPlainText": (0,),
    "setFormat": (0,),
}

#: Qt classes whose constructor takes text: class -> positional indexes ("*": any).
TEXT_CONSTRUCTORS: dict[str, tuple[int, ...] | str] = {
    "QAction": (0,), "QPushButton": (0,), "QLabel": (0,), "QCheckBox": (0,),
    "QRadioButton": (0,), "QGroupBox": (0,), "QMenu": (0,), "QCommandLinkButton": (0, 1),
    "QMessageBox": "*", "QProgressDialog": (0, 1), "QToolButton": (), "QLineEdit": (0,),
    "QTextBrowser": (), "QListWidgetItem": (0,),
}

#: static helpers taking (parent, title, text, ...): QMessageBox.information(...) etc.
TEXT_STATICS: dict[str, tuple[int, ...]] = {
    "information": (1, 2), "warning": (1, 2), "critical": (1, 2), "question": (1, 2),
    "about": (1, 2), "getText": (1, 2), "getInt": (1, 2), "getItem": (1, 2),
    "getOpenFileName": (1, 3), "getSaveFileName": (1, 3), "getExistingDirectory": (1,),
    "getOpenFileNames": (1, 3),
}

#: the project's own helpers that put text on screen: function name -> text arguments
TEXT_HELPERS: dict[str, tuple[int, ...]] = {
    "_message": (2, 3),  # boardgame/files.py: _message(parent, icon, title, text)
    "_action": (1,),  # snake/window.py: _action(menu, text, shortcut, slot)
    "turn_action": (0,),  # boardgame/mainwindow.py: the Turn menu's actions
    "_nav_button": (1,),  # boardgame/replay_view.py: _nav_button(symbol, tooltip, slot)
}

TEXT_KEYWORDS = {"text", "title", "caption", "filter", "toolTip", "statusTip", "label",
                 "labelText", "windowTitle", "placeholderText"}

TRANSLATORS = {"tr", "translate", "QT_TR_NOOP", "QT_TRANSLATE_NOOP"}


_MARKUP = re.compile(r"<[^>]*>|&[#\w]+;")


def _letters(text: str) -> int:
    """Letters of ``text`` outside HTML tags and entities ("<b>" is no text to translate)."""
    return sum(1 for ch in _MARKUP.sub("", text) if ch.isalpha())


def _is_translated(node: ast.AST) -> bool:
    """``tr(...)`` / ``x.tr(...)`` / ``QCoreApplication.translate(...)``, maybe followed by
    ``.format(...)``, ``.arg(...)``, ``.replace(...)``."""
    while isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
            and node.func.attr in {"format", "arg", "replace", "strip"}:
        node = node.func.value
    if not isinstance(node, ast.Call):
        return False
    f = node.func
    name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
    return name in TRANSLATORS


def untranslated(node: ast.AST) -> list[ast.AST]:
    """The parts of an argument that are literal, untranslated user-visible text."""
    if node is None or _is_translated(node):
        return []
    if isinstance(node, ast.Constant):
        return [node] if isinstance(node.value, str) and _letters(node.value) >= 2 else []
    if isinstance(node, ast.JoinedStr):
        text = "".join(v.value for v in node.values
                       if isinstance(v, ast.Constant) and isinstance(v.value, str))
        return [node] if _letters(text) >= 2 else []
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        return untranslated(node.left) + (untranslated(node.right)
                                          if isinstance(node.op, ast.Add) else [])
    if isinstance(node, ast.IfExp):
        return untranslated(node.body) + untranslated(node.orelse)
    if isinstance(node, (ast.List, ast.Tuple)):
        return [bad for elt in node.elts for bad in untranslated(elt)]
    if isinstance(node, ast.BoolOp):
        return [bad for v in node.values for bad in untranslated(v)]
    return []


def _positions(call: ast.Call) -> tuple[int, ...] | str | None:
    f = call.func
    if isinstance(f, ast.Name) and f.id in TEXT_CONSTRUCTORS:
        return TEXT_CONSTRUCTORS[f.id]
    name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
    if name in TEXT_HELPERS:
        return TEXT_HELPERS[name]
    if isinstance(f, ast.Attribute):
        owner = f.value
        if isinstance(owner, ast.Name) and owner.id in {"QMessageBox", "QInputDialog",
                                                        "QFileDialog"}:
            return TEXT_STATICS.get(f.attr)
        return TEXT_METHODS.get(f.attr)
    return None


def text_arguments(call: ast.Call) -> list[ast.AST]:
    """The arguments of ``call`` that Qt shows as text (none if it is no text setter)."""
    where = _positions(call)
    if where is None:
        return []
    if where == "*":
        args = list(call.args)
    else:
        args = [call.args[i] for i in where if i < len(call.args)]
    args += [k.value for k in call.keywords if k.arg in TEXT_KEYWORDS]
    return args


def check_source(source: str) -> list[tuple[int, str]]:
    """(line, text) of every untranslated text given to a Qt setter in ``source``."""
    lines = source.splitlines()
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        for arg in text_arguments(node):
            for bad in untranslated(arg):
                first = lines[bad.lineno - 1]
                last = lines[(bad.end_lineno or bad.lineno) - 1]
                if first.rstrip().endswith("# notr") or last.rstrip().endswith("# notr"):
                    continue
                out.append((bad.lineno, ast.get_source_segment(source, bad) or ""))
    return sorted(out)


def findings(path: Path) -> list[str]:
    """``file:line: text`` for every untranslated text given to a Qt setter in ``path``."""
    return [f"{path.relative_to(ROOT)}:{line}: {text[:70]}"
            for line, text in check_source(path.read_text(encoding="utf-8"))]


def ui_files() -> list[Path]:
    return sorted(p for p in UI.rglob("*.py") if "__pycache__" not in p.parts)


def test_the_pending_list_names_real_files():
    names = {p.relative_to(UI).as_posix() for p in ui_files()}
    assert PENDING <= names, f"not in wordbler/ui: {sorted(PENDING - names)}"


def test_the_check_finds_untranslated_text():
    """The check itself: what it flags and what it lets through."""
    code = '''
label.setText("Hello there")
label.setText(f"Pass to {name}")
QAction("&Save", self)
QMessageBox.question(self, "Title", "Sure?" if a else "Really?")
menu.addMenu("&Game")
tabs.addTab(page, "Rules")
tree.setHeaderLabels(["Word", "Score"])
label.setText(self.tr("Hello"))
label.setText(self.tr("Pass to {name}").format(name=name))
QAction(QCoreApplication.translate("Ctx", "&Save"), self)
label.setText("×")
label.setText(value)
label.setText("Русский")  # notr
'''
    found = check_source(code)
    assert sorted({line for line, _ in found}) == [2, 3, 4, 5, 6, 7, 8]
    texts = [text for _, text in found]
    assert '"Sure?"' in texts and '"Really?"' in texts and '"Title"' in texts
    assert '"Word"' in texts and '"Score"' in texts


def test_every_ui_text_goes_through_translation():
    problems = []
    for path in ui_files():
        if path.relative_to(UI).as_posix() in PENDING:
            continue
        problems += findings(path)
    assert not problems, (f"{len(problems)} texts not wrapped in tr()/translate():\n"
                          + "\n".join(problems[:80]))


# ------------------------------------------------------------------ a translation at work
TS = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context><name>StartPage</name>
  <message><source>&amp;Game</source><translation>&amp;Spiel</translation></message>
</context>
<context><name>MainWindow</name>
  <message><source>&amp;Game</source><translation>&amp;Partie</translation></message>
  <message><source>&amp;Help</source><translation>&amp;Hilfe</translation></message>
</context>
<context><name>HandoffPanel</name>
  <message><source>Pass to {name}</source><translation>Weiter an {name}</translation></message>
</context>
<context><name>help</name>
  <message><source>How to play</source><translation>Spielregeln</translation></message>
  <message><source>Ctrl+J</source><translation>Strg+J</translation></message>
</context>
<context><name>texts</name>
  <message><source>{n} tiles</source><translation>{n} Steine</translation></message>
</context>
</TS>
"""
GERMAN = {("StartPage", "&Game"): "&Spiel", ("MainWindow", "&Game"): "&Partie",
          ("MainWindow", "&Help"): "&Hilfe", ("HandoffPanel", "Pass to {name}"): "Weiter an {name}",
          ("help", "How to play"): "Spielregeln", ("help", "Ctrl+J"): "Strg+J",
          ("texts", "{n} tiles"): "{n} Steine"}


def _tool(*names: str) -> str | None:
    return next((shutil.which(n) for n in names if shutil.which(n)), None)


@pytest.fixture
def german(tmp_path, qapp):
    """A tiny German translation, compiled with pyside6-lrelease into a folder and installed
    the way the application does it (wordbler.ui.app.install_translators); without lrelease,
    a QTranslator answering the same texts."""
    from PySide6.QtCore import QLocale, QTranslator

    from wordbler.ui.app import install_translators

    lrelease = _tool("pyside6-lrelease", "lrelease")
    if lrelease:
        folder = tmp_path / "translations"
        folder.mkdir()
        ts = tmp_path / "wordbler_de.ts"
        ts.write_text(TS, encoding="utf-8")
        subprocess.run([lrelease, str(ts), "-qm", str(folder / "wordbler_de.qm")],
                       check=True, capture_output=True, timeout=60)
        installed = install_translators(qapp, QLocale(QLocale.Language.German,
                                                      QLocale.Country.Germany), [folder])
        assert any(t.filePath().endswith("wordbler_de.qm") for t in installed), \
            [t.filePath() for t in installed]
        # Qt's own buttons come with ours (PySide6 ships qtbase_de.qm)
        assert any("qtbase_de" in t.filePath() for t in installed), \
            [t.filePath() for t in installed]
    else:  # pragma: no cover - PySide6-Essentials ships lrelease
        class German(QTranslator):
            def translate(self, context, source, disambiguation=None, n=-1):
                return GERMAN.get((context, source))

        installed = [German(qapp)]
        qapp.installTranslator(installed[0])
    yield installed
    for t in installed:
        qapp.removeTranslator(t)
    qapp.wordbler_translators = []


def _menu_titles(window) -> list[str]:
    return [a.text() for a in window.menuBar().actions()]


def test_a_translation_changes_the_menus_of_real_windows(german, qtbot, make_window):
    from wordbler.ui.start import StartPage

    page = StartPage()
    qtbot.addWidget(page)
    assert page.game_menu.title() == "&Spiel"
    assert "&Spiel" in _menu_titles(page)
    w = make_window(players=("Ann", "Bob"))
    titles = _menu_titles(w)
    assert "&Partie" in titles and "&Hilfe" in titles and "&Game" not in titles
    # a text with a value in it: the translated sentence, the value filled in
    first = w.session.game.players[w.session.game.current].name
    assert w.table.handoff.title.text() == f"Weiter an {first}"


def test_texts_kept_in_tables_and_module_functions_are_translated_too(german):
    """The help's key table (QT_TRANSLATE_NOOP, translated when shown) and a counted noun of
    the board game's wording (a module-level function's translate())."""
    from wordbler.boardgame.rules import get_ruleset
    from wordbler.ui.boardgame import texts
    from wordbler.ui.boardgame.dialogs import help_markdown

    md = help_markdown(get_ruleset("standard"))
    assert md.startswith("## Spielregeln") and "| Strg+J |" in md
    assert texts.plural(3, "tile") == "3 Steine" and texts.plural(1, "tile") == "1 tile"


def test_without_a_translation_the_ui_is_english(qtbot, qapp, tmp_path, make_window):
    from PySide6.QtCore import QLocale

    from wordbler.ui.app import install_translators
    from wordbler.ui.start import StartPage

    empty = tmp_path / "none"
    empty.mkdir()
    installed = install_translators(qapp, QLocale(QLocale.Language.German,
                                                  QLocale.Country.Germany), [empty])
    try:
        # and not Qt's own either: English texts over "Abbrechen" buttons mixed languages
        assert installed == []
        page = StartPage()
        qtbot.addWidget(page)
        assert page.game_menu.title() == "&Game"
        assert "&Help" in _menu_titles(make_window())
        from PySide6.QtWidgets import QDialogButtonBox
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        qtbot.addWidget(box)
        assert box.button(QDialogButtonBox.StandardButton.Cancel).text() == "Cancel"
    finally:
        for t in installed:
            qapp.removeTranslator(t)
        qapp.wordbler_translators = []


def test_lupdate_extracts_the_windows_texts(tmp_path):
    """pyside6-lupdate finds the texts in the sources: the menus, a text with a value, a
    text of a module-level function and one marked with QT_TRANSLATE_NOOP."""
    import xml.etree.ElementTree as ET

    lupdate = _tool("pyside6-lupdate", "lupdate")
    if lupdate is None:  # pragma: no cover - PySide6-Essentials ships lupdate
        pytest.skip("pyside6-lupdate is not installed")
    ts = tmp_path / "wordbler.ts"
    sources = [UI / "start.py", UI / "boardgame" / "mainwindow.py", UI / "boardgame" / "judge.py",
               UI / "boardgame" / "feature_help.py", UI / "boardgame" / "tracker_panel.py"]
    subprocess.run([lupdate, *map(str, sources), "-ts", str(ts)], check=True,
                   capture_output=True, timeout=120)
    found: dict[str, set[str]] = {}
    for ctx in ET.parse(ts).getroot().iter("context"):
        name = ctx.findtext("name")
        found.setdefault(name, set()).update(m.findtext("source") for m in ctx.iter("message"))
    assert {"&Game", "&Help", "&Word judge…"} <= found["MainWindow"]
    assert "Pass to {name}" in found["HandoffPanel"]
    assert {"&Game", "&Quit"} <= found["StartPage"]
    assert "Meaning of {word}" in found["WordJudgeDialog"]
    assert "Word judge and meanings" in found["feature_help"]
    assert "&Unseen tiles" in found["boardgame.tracker_panel"]
