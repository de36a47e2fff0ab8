"""Hypothesis: any sequence of in-turn tile movements, undos and redos keeps the tiles whole,
keeps the engine's candidate in step, and undoing everything restores the turn's start."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordbler.boardgame.game import Game
from wordbler.boardgame.model import Coord
from wordbler.ui.boardgame.session import GameSession

coords = st.builds(Coord, st.integers(5, 9), st.integers(5, 9))
ops = st.lists(
    st.one_of(
        st.tuples(st.just("board"), st.integers(0, 6), coords, st.sampled_from("AEST")),
        st.tuples(st.just("rack"), st.integers(0, 6), st.integers(0, 7)),
        st.tuples(st.just("undo")),
        st.tuples(st.just("redo")),
        st.tuples(st.just("recall")),
        st.tuples(st.just("shuffle")),
        st.tuples(st.just("back")),
    ),
    max_size=30,
)


def _check(s: GameSession, start_ids: set[int]) -> None:
    rack_ids = [t.id for t in s.rack_tiles()]
    placed = s.pending()
    assert len(rack_ids) == len(set(rack_ids))
    assert set(rack_ids) | {p.tile.id for p in placed} == start_ids
    assert not set(rack_ids) & {p.tile.id for p in placed}
    assert s.game.pending == placed
    assert sorted(t.id for t in s.game.rack()) == sorted(start_ids)
    assert [t.id for t in s.game.rack()][:len(rack_ids)] == rack_ids
    assert (s.preview is None) == (not placed)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 50), script=ops)
def test_tile_movements_keep_everything_consistent(qapp, seed, script):
    s = GameSession(Game(["Ann", "Bob"], seed=seed))
    s.reveal()
    start = [t.id for t in s.rack_tiles()]
    start_ids = set(start)
    for op in script:
        kind = op[0]
        all_ids = [t.id for t in s.rack_tiles()] + [p.tile.id for p in s.pending()]
        if kind == "board":
            _, i, coord, letter = op
            s.move_tile(all_ids[i % len(all_ids)], coord, letter=letter if s.tile(all_ids[i % len(all_ids)]).is_blank else None)
        elif kind == "rack":
            _, i, index = op
            s.drop_on_rack(all_ids[i % len(all_ids)], index)
        elif kind == "undo":
            s.undo_stack.undo()
        elif kind == "redo":
            s.undo_stack.redo()
        elif kind == "recall":
            s.recall_all()
        elif kind == "shuffle":
            s.shuffle()
        else:
            s.take_back_last()
        _check(s, start_ids)
    while s.undo_stack.canUndo():
        s.undo_stack.undo()
    assert [t.id for t in s.rack_tiles()] == start and not s.pending()
    s.deleteLater()
