"""ai.hints ranks exactly as the strong player does, without ranking every move."""

from __future__ import annotations

import dataclasses

import pytest

from wordbler.boardgame import ai
from wordbler.boardgame.game import Game, PlayerSpec


@pytest.fixture(scope="module")
def positions(bundled_lexicon, bundled_generator):
    g = Game([PlayerSpec("A", computer="strong"), PlayerSpec("B", computer="strong")],
             lexicon=bundled_lexicon, seed=99)
    strong = ai.make_player("strong", bundled_generator)
    out = []
    while not g.is_over and len(g.history) < 16:
        pos = ai.Position.from_game(g)
        out.append(pos)
        g.apply(ai.decision_to_move(g, strong.choose(pos, ai.rng_for(pos))))
    return out


@pytest.mark.parametrize("rack", [None, "?ESTRIN", "??AEIRS", "QXZJVVW"])
def test_hints_equal_the_strong_ranking(positions, bundled_generator, rack):
    for pos in positions[::4]:
        if rack is not None:
            pos = dataclasses.replace(pos, rack=rack)
        full = ai.Strong(bundled_generator).ranked(pos)
        for n in (1, 10, 30):
            assert ai.hints(pos, bundled_generator, n) == full[:n]
