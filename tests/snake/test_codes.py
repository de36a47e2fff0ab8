"""Share codes and the daily board."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordbler.snake import CodeError, ShareCode, daily_seed, parse_code, random_seed
from wordbler.snake.codes import to_base36
from wordbler.snake.rules import default_min_len


def test_code_text():
    code = ShareCode("en", 4, 4, 36 ** 5 + 35)
    assert str(code) == "EN-4X4-10000Z"
    assert str(ShareCode("ru", 5, 6, 0, "a1f0")) == "RU-5X6-0-A1F0"


@given(st.sampled_from(["en", "ru", "fr"]), st.integers(3, 6), st.integers(3, 6),
       st.integers(0, 36 ** 8 - 1), st.one_of(st.none(), st.from_regex(r"\A[0-9A-F]{4}\Z")),
       st.one_of(st.none(), st.integers(3, 6)))
def test_codes_read_back(lang, cols, rows, seed, tag, min_len):
    code = ShareCode(lang, cols, rows, seed, tag, min_len)
    got = parse_code(str(code))
    # the usual shortest word for the size is left out of the text: it reads back as None
    usual = min_len is None or min_len == default_min_len(cols, rows)
    assert got == (ShareCode(lang, cols, rows, seed, tag) if usual else code)
    code = got
    assert parse_code("  " + str(code).lower() + " ") == code


def test_a_shortest_word_other_than_the_usual_is_part_of_the_code():
    # it changes the deal: without it a friend got another board from the same code
    assert str(ShareCode("en", 5, 5, 40, None, 3)) == "EN-5X5-14-M3"
    assert str(ShareCode("en", 5, 5, 40, "a1f0", 4)) == "EN-5X5-14-A1F0"  # 4 is usual at 5x5
    assert parse_code("en-5x5-14-m3-a1f0") == ShareCode("en", 5, 5, 40, "A1F0", 3)
    with pytest.raises(CodeError, match="shortest word"):
        parse_code("EN-5X5-14-M9")


def test_a_french_code_reads_back():
    assert parse_code("FR-4X4-3") == ShareCode("fr", 4, 4, 3)
    assert str(ShareCode("fr", 5, 5, 40)) == "FR-5X5-14"


def test_lenient_reading():
    assert parse_code("en 4x4 1z3k9") == ShareCode("en", 4, 4, int("1Z3K9", 36))
    assert parse_code("RU-5х5-ABC") == ShareCode("ru", 5, 5, int("ABC", 36))   # Cyrillic х


@pytest.mark.parametrize("text, msg", [
    ("", "empty"),
    ("hello", "not a board code"),
    ("DE-4X4-12", "language DE"),
    ("EN-9X4-12", "size 9x4"),
    ("EN-4X4-", "not a board code"),
    ("EN-4X4-123456789", "not a board code"),
])
def test_bad_codes(text, msg):
    with pytest.raises(CodeError, match=msg):
        parse_code(text)


def test_daily_seed_is_the_date_and_apart_from_random_seeds():
    assert daily_seed(dt.date(2025, 11, 23)) == 20251123
    assert daily_seed(dt.date(2025, 11, 23)) != daily_seed(dt.date(2025, 11, 24))
    for s in range(50):
        seed = random_seed(random.Random(s))
        assert len(to_base36(seed)) == 6 and seed > daily_seed(dt.date(9999, 12, 31))
