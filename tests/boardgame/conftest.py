"""Fixtures shared by the board game's tests."""

from __future__ import annotations

import pytest

from wordbler.lexicon.graph import LexGraph, load_or_build


@pytest.fixture(scope="session")
def _golden_graphs() -> dict:
    return {}


@pytest.fixture
def golden_graph(shared_dir, _golden_graphs, tmp_path_factory) -> LexGraph:
    """The graph of ``../shared/positions/words.txt``, built once per test run (skips, with
    a message, when ``../shared`` is absent)."""
    words = shared_dir / "positions" / "words.txt"
    if words not in _golden_graphs:
        cache = tmp_path_factory.mktemp("lexcache")
        _golden_graphs[words] = load_or_build(words.read_text().split(), "golden-words", cache)
    return _golden_graphs[words]
