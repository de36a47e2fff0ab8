"""Every script in benchmarks/ starts: ``--help`` imports all it names and prints its usage.

The benchmarks run no games here (their figures take minutes to hours), but a script that
no longer imports is a benchmark nobody can rerun: a helper moved from benchmarks/levels.py
into the package once left four of them failing on their first line, unnoticed until a
later stop needed one.
"""

import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCRIPTS = sorted((ROOT / "benchmarks").glob("*.py"))


def test_the_benchmarks_folder_has_scripts():
    assert len(SCRIPTS) >= 10


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_benchmark_script_starts_and_prints_its_usage(script):
    run = subprocess.run([sys.executable, str(script), "--help"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120,
                         env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.startswith("usage: " + script.name), run.stdout[:300]


@pytest.mark.parametrize("pair, says", [
    ("strong[presim_playout=10]:strong", "strong has no setting 'presim_playout'"),
    ("strong[presim_playouts=many]:strong", "presim_playouts='many' is not a number"),
    ("strong:grandmaster", "unknown level 'grandmaster'"),
])
def test_levels_refuses_a_variant_it_would_not_play_as_written(pair, says):
    # a mistyped setting was set on the variant and read by nothing: the run measured the
    # level unchanged under the variant's name
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "levels.py"), "--pair",
                          pair, "--games", "2"], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and says in run.stderr
