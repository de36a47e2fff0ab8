"""wordbler-cli check: output lines and exit codes."""

import subprocess
import sys

from wordbler.cli import main


def test_check_valid_and_invalid(capsys):
    assert main(["check", "cat", "QI", "zA"]) == 0
    assert capsys.readouterr().out.splitlines() == ["cat valid", "QI valid", "zA valid"]
    assert main(["check", "cat", "xqzt", "don't"]) == 1
    assert capsys.readouterr().out.splitlines() == ["cat valid", "xqzt invalid", "don't invalid"]


def test_check_with_a_user_lexicon(tmp_path, capsys):
    words = tmp_path / "mine.txt"
    words.write_text("\ufeff# my words\r\nfoo\r\nBAR\r\n", encoding="utf-8")
    assert main(["check", "--lexicon", str(words), "foo", "bar", "cat"]) == 1
    assert capsys.readouterr().out.splitlines() == ["foo valid", "bar valid", "cat invalid"]


def test_check_reports_a_bad_lexicon_on_stderr(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("good\nno good\n")
    assert main(["check", "--lexicon", str(bad), "good"]) == 2
    err = capsys.readouterr().err
    assert "bad.txt" in err and "line 2" in err


def test_usage_errors_exit_2(capsys):
    assert subprocess.run([sys.executable, "-m", "wordbler.cli", "check"],
                          capture_output=True).returncode == 2
    assert subprocess.run([sys.executable, "-m", "wordbler.cli", "frobnicate"],
                          capture_output=True).returncode == 2


def test_every_command_is_registered_by_the_group_the_table_names():
    """The dispatcher loads only the named command's group; the table must match the groups."""
    import importlib

    from wordbler.cli import COMMAND_GROUPS, GROUPS, build_parser

    full = build_parser([])
    choices = set(next(a for a in full._actions if a.dest == "command").choices)
    assert choices == set(COMMAND_GROUPS)
    for command, group in COMMAND_GROUPS.items():
        assert group in GROUPS
        importlib.import_module(f"wordbler.cli.{group}")
        only = build_parser([command])
        assert command in next(a for a in only._actions if a.dest == "command").choices
