import datetime as dt
import json
import os

import pytest

from wordbler.wordgrid.feedback import Mark
from wordbler.wordgrid.game import (Game, MoveError, Refusal, SaveDataError, Stats, Status,
                                    daily_seed, new_game, share_text)
from wordbler.wordgrid.puzzle import generate
from wordbler.wordgrid.storage import load_progress, save_progress

from .helpers import random_words

WORDS = random_words(5, 1500, 1)


@pytest.fixture(scope="module")
def puzzle():
    return generate(5, WORDS, 8)


def solve_game(game):
    for a, b in game.solving_swaps():
        game.swap(a, b)


def test_fewest_swaps_win_five_stars(puzzle):
    g = new_game(puzzle)
    assert g.status is Status.PLAYING and g.limit == 15 and g.fewest_swaps_left() == 10
    solve_game(g)
    assert g.status is Status.WON and g.swaps_used == 10 and g.stars == 5
    assert set(g.marks()) == {Mark.GREEN}
    with pytest.raises(MoveError) as e:
        g.swap(0, 1)
    assert e.value.reason is Refusal.OVER


def test_refusals_leave_no_trace(puzzle):
    g = new_game(puzzle)
    green = next(i for i in range(21) if g.locked(i))
    other = next(i for i in range(21) if not g.locked(i))
    before = list(g.letters)
    for a, b, reason in [(green, other, Refusal.LOCKED), (other, other, Refusal.SAME_CELL),
                         (other, 99, Refusal.NOT_A_CELL)]:
        with pytest.raises(MoveError) as e:
            g.swap(a, b)
        assert e.value.reason is reason
    assert g.letters == before and g.swaps_used == 0
    with pytest.raises(MoveError) as e:
        g.undo()
    assert e.value.reason is Refusal.NOTHING_TO_UNDO


def _equal_pair(g):
    """Two unlocked cells holding the same letter."""
    free = [i for i in range(g.layout.n_cells) if not g.locked(i)]
    return next((a, b) for a in free for b in free if a < b and g.letters[a] == g.letters[b])


def test_two_equal_letters_are_not_swapped_and_cost_nothing(puzzle):
    # the swap changed nothing and cost a swap (and undoing it another)
    g = new_game(puzzle)
    a, b = _equal_pair(g)
    with pytest.raises(MoveError) as e:
        g.swap(a, b)
    assert e.value.reason is Refusal.SAME_LETTER and g.swaps_used == 0 and not g.can_undo()


def test_an_older_save_with_an_equal_letter_swap_still_loads(puzzle):
    g = new_game(puzzle)
    a, b = _equal_pair(g)
    c, d = g.solving_swaps()[0]
    lay = g.layout
    data = g.to_dict()
    data["moves"] = [[*lay.coords[a], *lay.coords[b]], [*lay.coords[c], *lay.coords[d]]]
    back = Game.from_dict(data)
    assert back.swaps_used == 2 and back.fewest_swaps_left() == g.fewest_swaps_left() - 1


def test_undo_costs_a_swap(puzzle):
    g = new_game(puzzle)
    a, b = g.solving_swaps()[0]
    g.swap(a, b)
    g.undo()
    assert g.letters == list(puzzle.start)
    assert g.swaps_used == 2 and g.swaps_left == 13
    solve_game(g)
    assert g.status is Status.WON and g.stars == 3


def test_lost_at_limit(puzzle):
    g = new_game(puzzle)
    movable = [i for i in range(21) if not g.locked(i)]
    a, b = next((x, y) for x in movable for y in movable
                if x < y and g.letters[x] != g.letters[y]
                and g.letters[x] != puzzle.solution[y] and g.letters[y] != puzzle.solution[x])
    for _ in range(15):
        g.swap(a, b)
    assert g.status is Status.LOST and g.stars == 0
    plan = g.solving_swaps()
    assert len(plan) == g.fewest_swaps_left()


def test_share_text_has_no_letters(puzzle):
    g = new_game(puzzle, daily="2026-01-02")
    solve_game(g)
    text = share_text(g)
    assert "2026-01-02" in text and "★★★★★" in text
    body = text.split("\n", 2)[2]
    assert not any(ch.isalpha() for ch in body)
    assert all(set(line) <= set("🟩🟨⬜⬛") for line in body.splitlines())
    for letter in set(puzzle.solution):
        assert letter not in body


def test_share_text_says_a_puzzle_from_an_own_list(puzzle):
    """A seed gives this puzzle only with the same list: the shared text says so, without
    the file's name (a private path)."""
    own = share_text(new_game(puzzle, source="/home/someone/private/words.txt"))
    common = share_text(new_game(puzzle))
    assert own.splitlines()[0] == common.splitlines()[0] + " · own word list"
    assert "words.txt" not in own and "someone" not in own
    assert own.splitlines()[1:] == common.splitlines()[1:]


def test_daily_seed_same_for_everyone():
    d = dt.date(2026, 11, 23)
    assert daily_seed(d, 5, "en") == daily_seed(dt.date(2026, 11, 23), 5, "en")
    assert len({daily_seed(d, 5, "en"), daily_seed(d, 7, "en"), daily_seed(d, 5, "ru"),
                daily_seed(d + dt.timedelta(days=1), 5, "en")}) == 4


def test_round_trip_with_undo(puzzle):
    g = new_game(puzzle, lang="en", daily=None)
    a, b = g.solving_swaps()[0]
    g.swap(a, b)
    g.undo()
    g.swap(a, b)
    again = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert again.letters == g.letters and again.moves == g.moves
    assert again.undo_stack == g.undo_stack and again.puzzle == g.puzzle


@pytest.mark.parametrize("change, fragment", [
    (lambda d: d.pop("size"), "no 'size'"),
    (lambda d: d.update(size=6), "not 5 or 7"),
    (lambda d: d.update(size=True), "not a number"),
    (lambda d: d.update(lang="xx"), "language"),
    (lambda d: d.update(swaps=9), "takes 10"),
    (lambda d: d.update(daily="yesterday"), "not a date"),
    (lambda d: d["puzzle"].__setitem__(0, "ZZZZZ"), "same letters"),
    (lambda d: d["solution"].__setitem__(1, "AAAAA"), "hole"),
    (lambda d: d.update(moves=[[0, 0, 9, 9]]), "outside"),
    (lambda d: d.update(moves=["undo"]), "cannot be played"),
    (lambda d: d.update(moves=[[0, 0]]), "not [row, col, row, col]"),
])
def test_bad_saves_named(puzzle, change, fragment):
    d = new_game(puzzle).to_dict()
    change(d)
    with pytest.raises(SaveDataError) as e:
        Game.from_dict(d)
    assert fragment in str(e.value)


def test_locked_move_in_save_refused(puzzle):
    g = new_game(puzzle)
    d = g.to_dict()
    lay = g.layout
    green = next(i for i in range(21) if g.locked(i))
    other = next(i for i in range(21) if not g.locked(i))
    d["moves"] = [[*lay.coords[green], *lay.coords[other]]]
    with pytest.raises(SaveDataError, match="locked"):
        Game.from_dict(d)


def test_stats(puzzle):
    s = Stats()
    g = new_game(puzzle, daily="2026-01-01")
    solve_game(g)
    assert s.record(g) and not s.record(g)  # counted once
    lost = new_game(puzzle)
    lost.swap(*lost.solving_swaps()[0])
    assert s.record_abandoned(lost)
    assert (s.played, s.won, s.stars, s.streak, s.best_streak) == (2, 1, 5, 0, 1)
    assert s.star_counts[5] == 1 and s.win_percent == 50
    assert Stats.from_dict(json.loads(json.dumps(s.to_dict()))) == s
    with pytest.raises(SaveDataError):
        Stats.from_dict({"played": 1, "won": 2})
    with pytest.raises(SaveDataError):
        Stats.from_dict({"played": -1})


def test_storage_round_trip_and_bad_files(tmp_path, puzzle):
    path = tmp_path / "wordgrid" / "progress.json"
    assert load_progress(path).game is None
    g = new_game(puzzle)
    g.swap(*g.solving_swaps()[0])
    stats = Stats(played=3, won=1, stars=4, star_counts=[0, 0, 0, 0, 1, 0], streak=1,
                  best_streak=1)
    save_progress(g, stats, path)
    assert [p.name for p in path.parent.iterdir()] == ["progress.json"]  # no temp left
    got = load_progress(path)
    assert got.problem is None and got.game.letters == g.letters and got.stats == stats
    for bad in (b"\xff\xfe", b"{not json", b"[]", json.dumps({"version": 1, "game": {"size": 5},
                                                              "stats": {}}).encode()):
        path.write_bytes(bad)
        got = load_progress(path)
        assert got.game is None and got.problem and got.stats == Stats()
        assert (path.parent / "progress.json.bad").exists() and not path.exists()
    os.mkdir(path)
    assert "not a regular file" in load_progress(path).problem


def test_a_second_bad_progress_file_keeps_the_first_one_set_aside(tmp_path):
    # the progress file holds the statistics too: a second unreadable one used to be renamed
    # over the first kept copy
    path = tmp_path / "progress.json"
    first = json.dumps({"version": 1, "stats": {"played": 400, "won": 500}})
    path.write_text(first)
    assert "kept as progress.json.bad" in load_progress(path).problem
    path.write_text("{second")
    assert "kept as progress.json.2.bad" in load_progress(path).problem
    assert (tmp_path / "progress.json.bad").read_text() == first
    assert (tmp_path / "progress.json.2.bad").read_text() == "{second"


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.tuples(st.integers(0, 20), st.integers(0, 20)), st.just("undo")),
                max_size=25))
def test_any_move_sequence_keeps_the_rules(moves):
    """Whatever is tried: letters stay the puzzle's letters, greens never move, every
    accepted move (undo too) costs one swap, a refused one costs nothing, and the game
    replays from its record."""
    p = generate(5, WORDS, 8)
    g = new_game(p)
    for m in moves:
        before, used = list(g.letters), g.swaps_used
        greens = [i for i in range(21) if g.locked(i)]
        try:
            if m == "undo":
                undone = g.undo_stack[-1] if g.undo_stack else None
                g.undo()
            else:
                g.swap(*m)
                undone = None
        except MoveError:
            assert g.letters == before and g.swaps_used == used
            continue
        assert g.swaps_used == used + 1 <= g.limit
        assert sorted(g.letters) == sorted(p.solution)
        if undone is None:
            assert all(g.letters[i] == before[i] for i in greens)
    assert g.status in (Status.PLAYING, Status.WON, Status.LOST)
    assert Game.from_dict(g.to_dict()).letters == g.letters


STATS_7_5 = {"played": 7, "won": 5, "stars": 12, "star_counts": [0, 1, 1, 1, 1, 1],
             "streak": 3, "best_streak": 4, "finished": list("abcdefg")}


def test_a_bad_game_part_keeps_the_statistics(tmp_path):
    # 7 played / 5 won were thrown away with a saved game this version cannot use
    path = tmp_path / "progress.json"
    raw = json.dumps({"version": 1, "game": {"size": 5, "lang": "en"}, "stats": STATS_7_5})
    path.write_text(raw)
    got = load_progress(path)
    assert got.game is None and got.stats == Stats.from_dict(STATS_7_5) and got.stats_read
    assert "saved game was not used" in got.problem and "statistics were" in got.problem
    assert "has no 'seed'" in got.problem and "\n" not in got.problem
    assert got.kept_as == tmp_path / "progress.json.bad" and not path.exists()
    assert got.kept_as.read_text() == raw  # the whole file kept for a look


@pytest.mark.parametrize("version", [2, 17, 10**50])
def test_a_newer_versions_file_is_left_as_it_is(tmp_path, version):
    # it was renamed progress.json.bad and the next swap wrote fresh statistics in its place,
    # so the newer Wordbler found 0 played where its player had 7
    path = tmp_path / "progress.json"
    raw = json.dumps({"version": version, "game": {"a": "format of its own"},
                      "stats": {"played": "seven"}})
    path.write_text(raw)
    got = load_progress(path)
    assert got.newer and got.kept_as is None and got.game is None and got.stats == Stats()
    assert "newer version of Wordbler" in got.problem and "progress.json" in got.problem
    assert path.read_text() == raw and os.listdir(tmp_path) == ["progress.json"]


@pytest.mark.parametrize("version", [0, -3, "2", None, 1.5, [2]])
def test_a_version_that_is_not_newer_is_still_set_aside(tmp_path, version):
    path = tmp_path / "progress.json"
    path.write_text(json.dumps({"version": version, "stats": STATS_7_5}))
    got = load_progress(path)
    assert not got.newer and got.problem and "version" in got.problem
    assert got.stats == Stats() and got.kept_as == tmp_path / "progress.json.bad"
