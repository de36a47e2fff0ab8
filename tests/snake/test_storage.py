"""Autosave and high scores: atomic JSON, every value checked, bad files set aside."""

from __future__ import annotations

import json

import pytest

from wordbler.snake import BoardSpec, FakeClock, Phase, SnakeGame, SnakeWords, generate
from wordbler.snake.storage import (HighScores, ScoreEntry, StorageError, deal_from_dict,
                                    deal_to_dict, load_round_file, read_json, remove_autosave,
                                    restore_round, save_round, table_key, write_json_atomic)

from .conftest import EN_WORDS


@pytest.fixture
def words(en_words):
    return en_words


def a_game(words, clock):
    deal = generate(BoardSpec(4, 4), words, 11)
    g = SnakeGame(deal, ["Ann", "Bob"], duration=90, clock=clock)
    g.begin_turn()
    w, p = deal.words[0]
    assert g.submit(p).accepted
    clock.advance(12)
    return g


def test_round_trip_through_the_autosave(tmp_path, words):
    clock = FakeClock()
    g = a_game(words, clock)
    path = save_round(g, words, tmp_path / "snake" / "autosave.json")
    assert path.is_file() and not list(path.parent.glob("*.tmp"))
    doc = load_round_file(path)
    back = restore_round(doc, words, clock)
    assert back.deal.board == g.deal.board and back.deal.words == g.deal.words
    assert back.deal.target == g.deal.target and back.deal.seed == 11
    assert back.phase is Phase.PAUSED
    assert back.remaining == pytest.approx(78)
    assert [f.word for f in back.players[0].found] == [g.deal.words[0][0]]
    remove_autosave(path)
    assert load_round_file(path) is None
    remove_autosave(path)   # no file: nothing happens


def test_a_changed_word_list_is_reported(tmp_path, words):
    g = a_game(words, FakeClock())
    doc = json.loads(json.dumps({"deal": deal_to_dict(g.deal, words)}))
    other = SnakeWords.from_words(EN_WORDS[:-1], "en")
    with pytest.raises(StorageError, match="has changed"):
        deal_from_dict(doc["deal"], other)


@pytest.mark.parametrize("spoil, msg", [
    (lambda d: d.update(board=["ABC"]), "size it says"),
    (lambda d: d.update(board="ABCD"), "not text"),
    (lambda d: d.update(board=["AB1D", "ABCD", "ABCD", "ABCD"]), "malformed|outside"),
    (lambda d: d.update(cols=9), "size"),
    (lambda d: d.update(seed=-3), "seed"),
    (lambda d: d.update(target="ZZZZZZZ"), "target"),
    (lambda d: d.update(target_path=[[0]]), "target path"),
    (lambda d: d.update(band=[1]), "band"),
    (lambda d: d["list"].update(hash="xyz"), "hash"),
    (lambda d: d.update(lang="de"), "language"),
    (lambda d: d.pop("list"), "which word list"),
])
def test_bad_saved_boards(words, spoil, msg):
    g = a_game(words, FakeClock())
    d = json.loads(json.dumps(deal_to_dict(g.deal, words)))
    spoil(d)
    with pytest.raises(StorageError, match=msg):
        deal_from_dict(d, words)


def test_bad_autosave_files(tmp_path, words):
    p = tmp_path / "autosave.json"
    p.write_text("{not json")
    with pytest.raises(StorageError, match="not valid JSON"):
        load_round_file(p)
    p.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(StorageError, match="UTF-8"):
        load_round_file(p)
    p.write_text(json.dumps({"format": "something else"}))
    with pytest.raises(StorageError, match="not a Word Snake round"):
        load_round_file(p)
    p.write_text(json.dumps({"format": "wordbler-snake-round", "version": 99}))
    with pytest.raises(StorageError, match="version"):
        load_round_file(p)
    d = tmp_path / "dir.json"
    d.mkdir()
    with pytest.raises(StorageError, match="not a regular file"):
        read_json(d)
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (4 * 1024 * 1024 + 1))
    with pytest.raises(StorageError, match="too large"):
        read_json(big)
    # a round whose words do not fit the board is refused as a whole
    g = a_game(words, FakeClock())
    save_round(g, words, p)
    doc = json.loads(p.read_text())
    doc["game"]["players"][0]["found"][0]["word"] = "NOTAWORD"
    with pytest.raises(StorageError, match="not valid"):
        restore_round(doc, words, FakeClock())


def test_atomic_write_leaves_the_old_file_on_failure(tmp_path):
    p = tmp_path / "x.json"
    write_json_atomic(p, {"a": 1})
    with pytest.raises(TypeError):
        write_json_atomic(p, {"a": object()})
    assert json.loads(p.read_text()) == {"a": 1}
    assert [f.name for f in tmp_path.iterdir()] == ["x.json"]


def entry(name, score):
    return ScoreEntry(name, score, score, 50.0, "2025-11-23", "EN-4X4-1")


def test_high_scores(tmp_path):
    path = tmp_path / "hs.json"
    hs = HighScores.load(path)
    key = table_key("en", 4, 4)
    assert key == "en-4x4" and table_key("en", 4, 4, "A1F0") == "en-4x4-A1F0"
    assert hs.add(key, entry("Ann", 10)) == 0
    assert hs.add(key, entry("Bob", 20)) == 0
    assert hs.add(key, entry("Cy", 15)) == 1
    assert hs.add(key, entry("Zero", 0)) is None
    for i in range(10):
        hs.add(key, entry(f"P{i}", 30 + i))
    assert len(hs.table(key)) == 10
    assert hs.add(key, entry("Low", 12)) is None
    hs.save()
    back = HighScores.load(path)
    assert [e.score for e in back.table(key)] == [39, 38, 37, 36, 35, 34, 33, 32, 31, 30]
    assert back.table("ru-4x4") == []


@pytest.mark.parametrize("content", [
    "[]", "{bad", json.dumps({"format": "wordbler-snake-highscores", "version": 1,
                               "tables": {"en-4x4": [{"name": "A", "score": -5}]}}),
    json.dumps({"format": "wordbler-snake-highscores", "version": 1,
                "tables": {"en-4x4": [{"name": "A", "score": 5, "words": 1, "percent": 500,
                                       "date": "x", "code": "y"}]}}),
])
def test_a_bad_high_score_file_is_set_aside(tmp_path, content):
    path = tmp_path / "hs.json"
    path.write_text(content)
    hs = HighScores.load(path)
    assert hs.problem and "set aside" in hs.problem
    assert hs.tables == {}
    assert (tmp_path / "hs.json.bad").read_text() == content
    hs.add("en-4x4", entry("Ann", 3))
    hs.save()
    assert HighScores.load(path).table("en-4x4")[0].name == "Ann"


def test_a_second_bad_high_score_file_keeps_the_first_one_set_aside(tmp_path):
    path = tmp_path / "hs.json"
    path.write_text("{first")
    assert HighScores.load(path).problem
    path.write_text("{second")
    assert "hs.json.2.bad" in HighScores.load(path).problem
    assert (tmp_path / "hs.json.bad").read_text() == "{first"
    assert (tmp_path / "hs.json.2.bad").read_text() == "{second"
