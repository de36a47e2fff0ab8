"""Fuzzing every Word Snake file reader and the ``snake new`` command (issue 16).

Readers: the autosaved round (``load_round_file`` -> ``read_list_ref`` -> ``restore_round``,
then the restored game is used: resumed, played, saved again), the high-score file
(``HighScores.load``) and the player's own word list (``SnakeWords.from_file``).  Each
gets random bytes, and real files with random damage (hostile JSON values such as
5,000-digit numbers, NaN, infinity, ``<img src=...>`` names, deep nesting; keys dropped
or added; bytes flipped; the file cut short).  The one contract: a value back, or the
reader's own error (a ``ValueError`` subclass) whose message is one line; a bad high-score
file is set aside with its bytes kept (never lost), never an exception to the user.

The number of examples is modest here (``WORDBLER_FUZZ_EXAMPLES``, default 40);
``scripts/fuzz_puzzles.py`` runs the same tests for longer and prints the figures.
``TRIED`` counts the inputs each test has tried in this process.
"""

from __future__ import annotations

import io
import json
import os
import random
import tempfile
from collections import Counter
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordbler.cli import main as cli_main
from wordbler.lexicon import WordListError
from wordbler.snake import BoardSpec, FakeClock, SnakeGame, SnakeWords, format_seconds, generate
from wordbler.snake.storage import (HIGHSCORES_FORMAT, HighScores, ScoreEntry, StorageError,
                                    load_round_file, read_list_ref, restore_round, save_round)

from .conftest import EN_WORDS
from mutate import dump, mutate_doc, spoil_bytes  # tests/mutate.py

TRIED: Counter = Counter()

FUZZ = settings(
    max_examples=int(os.environ.get("WORDBLER_FUZZ_EXAMPLES", "40")),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                           HealthCheck.filter_too_much],
)

WORDS = SnakeWords.from_words(EN_WORDS, "en", common=EN_WORDS[::2])
TMP = Path(tempfile.mkdtemp(prefix="wordbler-snake-fuzz-"))


def _valid_round() -> dict:
    """A real autosave document: two players, one word found, the second turn on."""
    clock = FakeClock()
    deal = generate(BoardSpec(4, 4), WORDS, 11)
    game = SnakeGame(deal, ["Ann", "Bob"], duration=90, clock=clock)
    game.begin_turn()
    game.submit(deal.words[0][1])
    clock.advance(12)
    game.end_turn()
    game.begin_turn()
    game.submit(deal.words[1][1])
    clock.advance(3)
    path = save_round(game, WORDS, TMP / "valid-round.json")
    return json.loads(path.read_text("utf-8"))


ROUND = _valid_round()
SCORES = {
    "format": HIGHSCORES_FORMAT, "version": 1,
    "tables": {"en-4x4": [{"name": "Ann", "score": 12, "words": 9, "percent": 40.5,
                           "date": "2024-05-01", "code": "EN-4X4-1", "hinted": False,
                           "players": 1}],
               "ru-5x5-ABCD": [{"name": "Ёжик", "score": 3, "words": 2, "percent": 1,
                                "date": "2024-05-02", "code": "RU-5X5-2-ABCD"}]},
}


def _one_line(e: BaseException) -> None:
    msg = str(e)
    assert msg and len(msg.splitlines()) == 1, repr(msg)


def _damaged(rng: random.Random, doc: dict, how: int) -> bytes:
    """0: random bytes; 1: the file's bytes spoiled; 2: up to four hostile changes to its
    values; 3: one change (most such files get past the first checks, so what follows
    is fuzzed too)."""
    if how == 0:
        return rng.randbytes(rng.randint(0, 300))
    if how == 1:
        return spoil_bytes(dump(doc), rng)
    return dump(mutate_doc(doc, rng, steps=4 if how == 2 else 1))


def _check_round_file(path: Path) -> None:
    """The window's resume path: read, name the list, restore, then use the game."""
    try:
        doc = load_round_file(path)
        if doc is None:
            return
        read_list_ref(doc["deal"])
        clock = FakeClock()
        game = restore_round(doc, WORDS, clock)
    except StorageError as e:
        _one_line(e)
        return
    # what the window does with a restored round must work too
    format_seconds(game.remaining)
    game.hints()
    json.dumps(game.to_dict(), allow_nan=False)   # saved again as strict JSON
    if not game.finished:
        game.resume() if game.phase.value == "paused" else game.begin_turn()
        clock.advance(1)
        game.poll()
        for w, p in game.deal.words[:3]:
            game.submit(p)
        game.end_turn()
    game.results()
    assert game.deal.board.rows == game.deal.spec.rows


@FUZZ
@given(seed=st.integers(0, 2 ** 32 - 1), how=st.integers(0, 3))
def test_fuzz_autosave_reader(seed, how):
    TRIED["autosave"] += 1
    rng = random.Random(seed)
    path = TMP / f"round-{seed % 7}.json"
    path.write_bytes(_damaged(rng, ROUND, how))
    _check_round_file(path)


@FUZZ
@given(seed=st.integers(0, 2 ** 32 - 1), how=st.integers(0, 3))
def test_fuzz_highscore_reader(seed, how):
    TRIED["highscores"] += 1
    rng = random.Random(seed)
    folder = TMP / f"hs-{seed}"
    folder.mkdir(exist_ok=True)
    path = folder / "highscores.json"
    data = _damaged(rng, SCORES, how)
    path.write_bytes(data)
    hs = HighScores.load(path)          # never raises
    if hs.problem is not None:
        # set aside, bytes kept (never over one kept before: an example may run twice),
        # and the message names where
        kept = hs.problem.rpartition("set aside as ")[2].rstrip(")")
        assert kept.startswith("highscores.json.") and kept.endswith(".bad")
        assert not path.exists() and (folder / kept).read_bytes() == data
        assert hs.tables == {}
    for key, rows in hs.tables.items():
        assert all(isinstance(e, ScoreEntry) for e in rows)
        hs.table(key)
        hs.qualifies(key, 5)
    hs.add("en-4x4", ScoreEntry("Zed", 99, 5, 50.0, "2024-01-01", "EN-4X4-1"))
    hs.save()
    assert HighScores.load(path).problem is None


@FUZZ
@given(seed=st.integers(0, 2 ** 32 - 1), how=st.integers(0, 1))
def test_fuzz_word_list_reader(seed, how):
    TRIED["wordlist"] += 1
    rng = random.Random(seed)
    text = "\n".join(rng.sample(EN_WORDS, 30)).encode()
    data = rng.randbytes(rng.randint(0, 200)) if how == 0 else spoil_bytes(text, rng)
    path = TMP / f"list-{seed % 5}.txt"
    path.write_bytes(data)
    try:
        words = SnakeWords.from_file(path, rng.choice(["en", "ru"]))
    except WordListError as e:
        _one_line(e)
        return
    assert len(words) >= 1
    deal = generate(BoardSpec(3, 3), words, seed, budget=3)
    assert all(w in words for w, _ in deal.words)


ARGS = ["--size", "--seed", "--lang", "--lexicon", "--code", "--min", "--json"]
VALUES = ["4x4", "3x6", "6x3", "0x4", "4x", "4X4", "4×4", "-3x3", "9" * 5000 + "x4", "", " ",
          "en", "ru", "fr", "1", "-1", "1" * 5000, "3", "7", "EN-4X4-1", "ru-3x3-zz", "x",
          "\u0663", "ß", "LIST", "FIFO", "DIR", "BIN", "MISSING", "\n"]


@FUZZ
@given(seed=st.integers(0, 2 ** 32 - 1))
def test_fuzz_snake_new_command(seed):
    """``wordbler-cli snake new`` with random flags and values: exit 0 with one JSON
    document (``--json``), or exit 2 with exactly one line on stderr; never a traceback."""
    TRIED["snake-new"] += 1
    rng = random.Random(seed)
    files = {"LIST": TMP / "cli-list.txt", "FIFO": TMP / "cli-fifo", "DIR": TMP,
             "BIN": TMP / "cli-bin.txt", "MISSING": TMP / "no-such-file"}
    if not files["LIST"].exists():
        files["LIST"].write_text("\n".join(EN_WORDS), encoding="utf-8")
        files["BIN"].write_bytes(b"\x00\x01\x02")
        os.mkfifo(files["FIFO"])
    argv = ["snake", "new"]
    for _ in range(rng.randint(0, 5)):
        flag = rng.choice(ARGS)
        argv.append(flag)
        if flag != "--json":
            v = rng.choice(VALUES)
            argv.append(str(files.get(v, v)))
    if "--lexicon" not in argv and rng.random() < 0.9:  # keep most runs on a small list
        argv += ["--lexicon", str(files["LIST"]), "--lang", "en"]
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = cli_main(argv)
        except SystemExit as e:   # argparse's own errors
            code = e.code
    assert code in (0, 2), (argv, code, err.getvalue())
    if code == 2:
        assert len(err.getvalue().splitlines()) == 1 and out.getvalue() == "", (argv, err.getvalue())
    else:
        assert err.getvalue() == ""
        if "--json" in argv:
            doc = json.loads(out.getvalue())
            assert {"rows", "min", "words", "target", "in_band"} <= set(doc)
