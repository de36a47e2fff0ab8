"""The leave table fit (scripts/fit_leaves_td.py) and the model's per-leave corrections.

The fit is checked against a plain joint ridge solve written here: one row per sample,
a column per feature and per tabled leave, every step of the temporal-difference loop
solved directly instead of by the script's grouping and back-fitting.
"""

from __future__ import annotations

import importlib.util
import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from wordbler.boardgame.ai import LeaveModel, leave_bound

np = pytest.importorskip("numpy", reason="the leave fit needs numpy (the test extras)")

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "fit_leaves_td.py"


def _script():
    spec = importlib.util.spec_from_file_location("fit_leaves_td", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


FIT = _script()


def test_a_leave_correction_adds_to_the_model_for_that_leave_only():
    m = LeaveModel({"t:A": 1.0, "t:E": 2.0, "p:AE": 0.5, "l:AAE": -3.0, "l:E": 1.5,
                    "l:AAEE": -10.0})
    assert m("AE") == 1.0 + 2.0 + 0.5
    assert m("EAA") == 2 * 1.0 + 2.0 + 0.5 - 3.0  # any order: the sorted leave
    assert m("E") == 2.0 + 1.5
    assert m("E", 3) == pytest.approx((2.0 + 1.5) * 3 / 7)  # scaled with few tiles left
    brute = max(m("".join(c)) for k in range(5) for c in itertools.combinations("AAEE", k))
    assert leave_bound("AAEE", 100, m) == brute == m("AEE") == 5.5  # AAEE's is cut


def _reference(samples, ridge, table_ridge, min_count, iterations):
    """Every sample a row; the joint ridge solve of each TD step."""
    keys = ["".join(sorted(leave)) for leave, _s, _n in samples]
    counts = {k: keys.count(k) for k in set(keys)}
    tabled = sorted(k for k, n in counts.items() if k and n >= min_count)
    names = sorted({f for k in set(keys) for f in LeaveModel.features(k)})
    cols = len(names) + 1 + len(tabled)

    def row(key):
        x = np.zeros(cols)
        x[0] = 1.0
        for f, v in LeaveModel.features(key).items():
            if f in names:  # a feature only a next leave has: no sample, weight 0
                x[1 + names.index(f)] = v
        if key in tabled:
            x[1 + len(names) + tabled.index(key)] = 1.0
        return x

    X = np.array([row(k) for k in keys])
    pen = np.diag([0.0] + [ridge] * len(names) + [table_ridge] * len(tabled))
    score = np.array([s for _l, s, _n in samples], dtype=float)

    def value(w, leave):
        if not leave:
            return 0.0
        return float(row("".join(sorted(leave))) @ w) - w[0]

    w = np.zeros(cols)
    for _ in range(iterations):
        y = score + np.array([value(w, n) if n else 0.0 for _l, _s, n in samples])
        w = np.linalg.solve(X.T @ X + pen, X.T @ y)
    terms = {f: w[1 + i] for i, f in enumerate(names)}
    table = {k: w[1 + len(names) + i] for i, k in enumerate(tabled)}
    return terms, table, w[0]


leaves = st.text(alphabet="AEQS?", min_size=0, max_size=3)


@settings(max_examples=40, deadline=None)
@given(samples=st.lists(st.tuples(leaves, st.integers(0, 60), st.none() | leaves),
                        min_size=3, max_size=40),
       min_count=st.integers(1, 4), table_ridge=st.sampled_from([0.5, 5.0, 25.0]),
       iterations=st.integers(1, 3))
def test_the_table_fit_is_the_joint_ridge_solution(samples, min_count, table_ridge,
                                                   iterations):
    terms, table, base = FIT.solve_table(samples, ridge=3.0, table_ridge=table_ridge,
                                         min_count=min_count, iterations=iterations)
    r_terms, r_table, r_base = _reference(samples, 3.0, table_ridge, min_count, iterations)
    assert set(table) == set(r_table)  # the leaves seen often enough, the empty one never
    assert "" not in table
    assert base == pytest.approx(r_base, abs=1e-6)
    for k, v in r_terms.items():
        assert terms[k] == pytest.approx(v, abs=1e-6), k
    for k, v in r_table.items():
        assert table[k] == pytest.approx(v, abs=1e-6), k


def test_without_a_table_it_is_the_feature_fit():
    rng = np.random.default_rng(5)
    pool = "AEIOQRSTU?"
    samples = [("".join(rng.choice(list(pool), size=int(rng.integers(0, 5)))),
                int(rng.integers(0, 70)), None) for _ in range(400)]
    kept, base = FIT.fit(samples, ridge=3.0, iterations=1)
    terms, base_t, tabled = FIT.fit_table(samples, ridge=3.0, min_count=10**9,
                                          iterations=1)
    assert tabled == 0 and not any(k.startswith("l:") for k in terms)
    assert terms == kept and base_t == pytest.approx(base)


def test_a_leave_met_often_gets_the_value_its_samples_show():
    """Two leaves with the same features on a one-letter alphabet cannot differ in the
    model; the table tells them apart by their own results."""
    samples = [("S", 40, None)] * 200 + [("Q", 10, None)] * 200 + [("SQ", 25, None)] * 200
    terms, table, base = FIT.solve_table(samples, ridge=1e6, table_ridge=1.0,
                                         min_count=50, iterations=1)
    m = LeaveModel({**terms, **{"l:" + k: v for k, v in table.items()}})
    assert base + m("S") == pytest.approx(40, abs=0.5)
    assert base + m("Q") == pytest.approx(10, abs=0.5)
    assert base + m("QS") == pytest.approx(25, abs=0.5)


def test_games_play_on_the_word_list_given(tmp_path, monkeypatch):
    """``--words FILE``: the fit's games are played on that list (the independent harness
    plays on another list than the bundled one, and leave values depend on the words)."""
    from wordbler.lexicon.dictionary import load_bundled

    short = {w for w in load_bundled() if len(w) <= 4}
    path = tmp_path / "short.txt"
    path.write_text("\n".join(sorted(short)) + "\n", encoding="utf-8")
    games = []

    class Spy(FIT.Game):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            games.append(self)

    monkeypatch.setattr(FIT, "Game", Spy)
    samples = FIT.play((7, None, str(path)))
    assert samples and len(games) == 1
    formed = [w.word for rec in games[0].history if rec.breakdown is not None
              for w in rec.breakdown.words]
    assert len(formed) > 20 and set(formed) <= short


def test_a_word_list_that_cannot_be_read_is_one_line_and_status_2(tmp_path, capsys,
                                                                   monkeypatch):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\x00\x01\x02 not words\n")
    monkeypatch.setattr("sys.argv", ["fit_leaves_td.py", "--games", "1", "--words", str(bad),
                                     "--out", str(tmp_path / "out.json")])
    assert FIT.main() == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("fit_leaves_td.py:") and "bad.txt" in err[0]
    assert not (tmp_path / "out.json").exists()
