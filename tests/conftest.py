import os
import pathlib

import pytest

# UI tests run without a screen; set before any Qt import.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = pathlib.Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


@pytest.fixture
def shared_dir() -> pathlib.Path:
    """The ../shared folder with real records and golden positions; skip if it is absent."""
    if not SHARED.is_dir():
        pytest.skip(f"shared test data not found at {SHARED} (only present beside the repo)")
    return SHARED


def pytest_configure(config):
    """Keep the suite away from the user's real cache and data folders.

    Each run gets fresh temporary ones, so a test never trusts a cache an earlier run left
    (the move generator's graph is built once per run, about 5 s).
    """
    import tempfile

    base = pathlib.Path(tempfile.mkdtemp(prefix="wordbler-tests-"))
    os.environ["WORDBLER_CACHE_DIR"] = str(base / "cache")
    os.environ["WORDBLER_DATA_DIR"] = str(base / "data")


@pytest.fixture(scope="session")
def bundled_lexicon():
    from wordbler.lexicon.dictionary import load_bundled

    return load_bundled()


@pytest.fixture(scope="session")
def bundled_generator(bundled_lexicon):
    """``generate(board_rows, rack)`` over the bundled dictionary (graph built once a run)."""
    from wordbler.boardgame.movegen import engine_generator

    return engine_generator(bundled_lexicon)
