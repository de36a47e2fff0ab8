"""The ``wordbler`` command line."""

from __future__ import annotations

import pytest

from wordbler.ui.app import build_parser, config_from_args, main


def test_players_seed_and_rules_skip_the_dialog():
    args = build_parser().parse_args(["--players", "Ann, Bob,Cleo", "--seed", "5", "--rules", "wordbler-classic"])
    cfg = config_from_args(args)
    assert [p.name for p in cfg.players] == ["Ann", "Bob", "Cleo"]
    assert len({p.mascot for p in cfg.players}) == 3
    assert cfg.seed == 5 and cfg.rules == "wordbler-classic"
    g1, g2 = cfg.new_game(), cfg.new_game()
    assert g1.racks == g2.racks  # the seed deals the same tiles


def test_a_seat_can_be_a_computer_from_the_command_line():
    cfg = config_from_args(build_parser().parse_args(["--players", "Ann,Robo:Strong, Pip : beginner"]))
    assert [(p.name, p.computer) for p in cfg.players] == [
        ("Ann", None), ("Robo", "strong"), ("Pip", "beginner")]


@pytest.mark.parametrize("argv, message", [
    (["--players", "Ann,Robo:godlike"], "unknown computer level"),
    (["--players", "Ann"], "2-4 players"),
    (["--players", "Ann,ann"], "unique"),
    (["--players", "Ann,,Bob"], "needs a name"),
    (["--players", "Ann,Bob", "--rules", "nope"], "unknown rules preset"),
    (["--players", "A,B,C", "--rules", "tournament"], "rules are for 2 players, not 3"),
])
def test_bad_command_lines_fail_with_a_message(argv, message, capsys):
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_open_reports_an_unreadable_file_and_speed_is_checked(tmp_path, capsys):
    missing = tmp_path / "game.gcg"
    assert main(["--open", str(missing)]) == 2
    assert f"{missing}: cannot read" in capsys.readouterr().err
    assert main(["--open", str(missing), "--resume"]) == 2
    assert "cannot be used together" in capsys.readouterr().err
    assert main(["--animation", "warp"]) == 2
    assert "unknown animation speed" in capsys.readouterr().err


def test_a_bad_lexicon_file_is_reported(tmp_path, capsys):
    assert main(["--players", "Ann,Bob", "--lexicon", str(tmp_path / "missing.txt")]) == 2
    assert "--lexicon" in capsys.readouterr().err


def test_main_opens_the_table_and_returns_when_it_closes(qapp, monkeypatch, tmp_path):
    from PySide6.QtCore import QSettings

    # keep the user's real settings out of it
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(tmp_path))
    monkeypatch.setattr(qapp, "exec", lambda: 0)  # do not block: look at what main built
    assert main(["--players", "Ann,Bob", "--seed", "3", "--animation", "off"]) == 0
    from wordbler.ui.boardgame.mainwindow import MainWindow

    windows = qapp.wordbler_startup.windows  # what main() opened
    assert len(windows) == 1 and isinstance(windows[0], MainWindow)
    assert windows[0].isVisible() and windows[0].session.names()
    for w in windows:
        w.settings = None
        w.close()
        w.deleteLater()
