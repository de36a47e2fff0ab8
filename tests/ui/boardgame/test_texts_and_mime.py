"""Wording and drag payloads, without widgets."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QByteArray, QMimeData

from wordbler.boardgame.game import Game
from wordbler.boardgame.model import Coord
from wordbler.boardgame.placement import IllegalMove, Reason
from wordbler.ui.boardgame import texts
from wordbler.ui.boardgame.mime import TILE_MIME, read_mascot_mime, read_tile_mime, tile_mime


@pytest.mark.parametrize("reason", list(Reason))
def test_every_refusal_has_a_sentence(reason):
    text = texts.describe_illegal(IllegalMove(reason, [Coord(7, 8)], ["QXZ"]))
    assert text and text[0].isupper() and text.endswith(".")


def test_the_first_word_minimum_is_the_one_refused():
    two = IllegalMove(Reason.FIRST_TOO_FEW_TILES, [Coord(7, 7)], detail="at least 2")
    assert texts.describe_illegal(two) == "The first word needs at least two tiles."
    four = IllegalMove(Reason.FIRST_TOO_FEW_TILES, [Coord(7, 7)], detail="at least 4")
    assert texts.describe_illegal(four) == "The first word needs at least 4 tiles."


def test_tile_mime_round_trips_and_rejects_garbage():
    assert read_tile_mime(tile_mime(5)).from_rack
    drag = read_tile_mime(tile_mime(5, Coord(3, 4)))
    assert drag.tile_id == 5 and drag.origin == Coord(3, 4)
    for payload in (b"", b"{", b'{"tile": "x", "origin": "rack"}', b'{"tile": 1, "origin": "moon"}',
                    json.dumps({"tile": 1, "origin": "board"}).encode(), b"[1, 2]"):
        mime = QMimeData()
        mime.setData(TILE_MIME, QByteArray(payload))
        assert read_tile_mime(mime) is None, payload
    plain = QMimeData()
    plain.setText("A")
    assert read_tile_mime(plain) is None and read_mascot_mime(plain) is None


def test_recaps_name_words_scores_and_draws():
    g = Game(["Ann", "Bob"], seed=7)
    a, b = [t for t in g.rack() if not t.is_blank][:2]
    from wordbler.boardgame.model import Placement

    rec = g.play([Placement(a, Coord(7, 7), a.letter), Placement(b, Coord(7, 8), b.letter)])
    text = texts.describe_record(rec, [p.name for p in g.players])
    assert text.startswith(g.players[rec.player].name) and a.letter + b.letter in text
    assert f"for {rec.score} points" in text and "drew 2 tiles" in text
    detail = texts.letter_detail(rec.breakdown.words[0])
    assert "2W" in detail and detail.endswith(f"→ {rec.score}")


def test_a_bingo_recap_keeps_the_bonus_apart_from_the_draw():
    # "... for 76 points, including a 50-point bonus and drew 7 tiles." read as if the
    # bonus included the draw
    g = Game(["Ann", "Bob"], seed=7)  # no word list: every word stands
    from wordbler.boardgame.model import Placement

    tiles = list(g.rack())
    rec = g.play([Placement(t, Coord(7, 4 + i), t.letter if not t.is_blank else "E")
                  for i, t in enumerate(tiles)])
    assert rec.breakdown.bingo_bonus == 50
    text = texts.describe_record(rec, ["Ann", "Bob"])
    assert f"for {rec.score} points, including a 50-point bonus, and drew 7 tiles." in text
