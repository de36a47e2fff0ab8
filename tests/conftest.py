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
