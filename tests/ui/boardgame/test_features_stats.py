"""Statistics: a finished game is counted when it ends; Game > Statistics shows it."""

from __future__ import annotations

import json

from wordbler.boardgame.stats import default_path, load

from tests.ui.boardgame.test_features_analysis import finish_game
from tests.ui.conftest import Words


def test_a_finished_game_is_counted_and_shown(driver, qtbot):
    words = Words()
    d = driver(seed=12, lexicon=words)
    finish_game(d, words)
    stats = load(default_path())  # the test's own data folder (conftest)
    g = d.game
    for i, p in enumerate(g.players):
        ps = stats.player(p.name)
        assert ps.games == 1 and ps.total_score == g.scores[i]
        assert ps.wins == (i in g.outcome.winners)
    dlg = d.window.stats_controller.open()
    assert dlg.isVisible()
    names = [dlg.player.itemText(i) for i in range(dlg.player.count())]
    assert sorted(names) == sorted(p.name for p in g.players)
    mover = [i for i, r in enumerate(g.history) if r.kind.value == "play"][0]
    who = g.history[mover].player
    dlg.player.setCurrentText(g.players[who].name)
    assert dlg.values["Games"].text() == "1"
    assert dlg.values["Best move"].text().endswith(str(g.history[mover].score))
    assert dlg.chart.scores == [g.scores[who]]
    assert not dlg.chart.grab().isNull()
    dlg.close()


def test_a_damaged_statistics_file_is_reported_not_fatal(driver, qtbot):
    path = default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": 1, "players": [{"name": "A", "games": "many"}]}))
    d = driver(seed=12)
    dlg = d.window.stats_controller.open()
    assert "cannot be read" in dlg.note.text() and "games" in dlg.note.text()
    assert dlg.player.count() == 0
    dlg.close()


def test_statistics_started_again_are_told_and_the_old_file_kept(driver, qtbot):
    # a statistics file this version cannot read (a newer version's) was set aside and the
    # statistics started again at the next finished game, without a word to the player
    path = default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    future = json.dumps({"format": 2, "players": [], "games played": 250})
    path.write_text(future)
    words = Words()
    d = driver(seed=12, lexicon=words)
    shown = []
    d.window.show_message = lambda text, *args, **kwargs: shown.append(text)
    finish_game(d, words)
    told = [m for m in shown if "stats.json.damaged" in m]
    assert len(told) == 1 and "could not be read" in told[0]
    assert (path.parent / "stats.json.damaged").read_text() == future
    assert load(path).player(d.game.players[0].name).games == 1
