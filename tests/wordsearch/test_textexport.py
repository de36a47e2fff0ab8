"""The plain-text export (File > Export text, ``--text``, and the CLI's listing)."""

import re

from wordbler.lexicon.alphabet import get_alphabet
from wordbler.wordsearch import Settings, generate, make_entries
from wordbler.wordsearch.textexport import to_text, word_list


def _make(words, lang="en", size=10, seed=3, **kw):
    es = make_entries(words, get_alphabet(lang))
    return generate(Settings(cols=size, rows=size, lang=lang, **kw), es, seed)


def _listed(text):
    """The words under "Find these N words:", in their order."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Find these"))
    out = []
    for line in lines[start + 1:]:
        if not line.strip():
            break
        out += line.split()
    return out


def _key(text):
    return [m.group(1) for m in re.finditer(r"^(?!\(bonus\))(.+): row \d+, column \d+", text, re.M)]


def test_lower_case_export_writes_the_list_and_the_key_in_lower_case_too():
    # the grid was lower case and the list and the key upper case: a mixed sheet
    p = _make(["access", "adds", "gender", "parks", "versus"], size=8, seed=4, bonus=("sea",))
    text = to_text(p, lower=True)
    assert _listed(text) == ["access", "adds", "gender", "parks", "versus"]
    assert sorted(_key(text)) == ["access", "adds", "gender", "parks", "versus"]
    assert p.bonus and "(bonus) sea: row" in text
    # the CLI's listing is the text without the key
    assert _listed(to_text(p, answers=False, lower=True)) == _listed(text)
    # without lower case the words are as typed
    p = _make(["Access", "ADDS", "gender"], size=8, seed=4)
    assert _listed(to_text(p)) == ["Access", "ADDS", "gender"]


def test_lower_case_russian_keeps_yo():
    p = _make(["ЁЖИК", "ЁЛКА", "МЁД"], lang="ru", size=8)
    text = to_text(p, lower=True)
    assert _listed(text) == ["ёжик", "ёлка", "мёд"]
    assert _key(text) == ["ёжик", "ёлка", "мёд"]


def test_the_cli_listing_with_lower_is_all_lower_case(capsys):
    from .test_cli import run

    code, out, _ = run(["wordsearch", "new", "--size", "8x8", "--count", "5", "--seed", "4", "--lower"], capsys)
    assert code == 0
    words = _listed(out)
    assert len(words) == 5 and all(w == w.lower() for w in words)


def test_the_answer_key_is_in_the_word_lists_order():
    # it was in code-point order: "Banana Date apple cherry" under "apple Banana cherry Date"
    p = _make(["apple", "Banana", "cherry", "Date"])
    text = to_text(p)
    assert _listed(text) == ["apple", "Banana", "cherry", "Date"]
    assert _key(text) == ["apple", "Banana", "cherry", "Date"] == word_list(p)


def test_the_russian_answer_key_puts_yo_after_ye():
    # the key put ЁЖИК first and ёлка last (code points); the list has Е, Ё, Ж
    p = _make(["ёлка", "ЁЖИК", "мёд", "берёза", "зима", "ель"], lang="ru")
    text = to_text(p)
    assert _listed(text) == ["берёза", "ель", "ЁЖИК", "ёлка", "зима", "мёд"]
    assert _key(text) == _listed(text)


def test_bonus_words_that_could_not_be_hidden_are_named(capsys):
    # they were dropped without a word: only the CLI's JSON had unplaced_bonus
    from .test_cli import run

    import json

    for seed in range(1, 60):  # a seed on which a bonus word finds no room
        argv = ["wordsearch", "new", "--size", "12x12", "--count", "20", "--bonus", "zebra,quiet,pizza",
                "--seed", str(seed)]
        code, out, _ = run(argv + ["--json"], capsys)
        d = json.loads(out)
        assert code == 0
        if d["unplaced_bonus"]:
            break
    missing = d["unplaced_bonus"]
    assert missing and set(missing) <= {"ZEBRA", "QUIET", "PIZZA"}  # the JSON is as it was
    code, out, _ = run(argv, capsys)  # the CLI's listing
    assert f"Could not be hidden (bonus words): {', '.join(missing)}" in out
    code, out, _ = run(argv + ["--lower"], capsys)
    assert f"Could not be hidden (bonus words): {', '.join(missing).lower()}" in out


def test_the_text_export_names_bonus_words_not_hidden_after_unplaced_ones():
    from dataclasses import replace

    p = _make(["apple", "banana"], size=6, bonus=("kiwi",))
    assert "Could not be hidden" not in to_text(p)
    p = replace(p, unplaced=("CHERRYPIE",), unplaced_bonus=("LEMON", "LIME"))
    text = to_text(p)
    assert "\nCould not be placed: CHERRYPIE\nCould not be hidden (bonus words): LEMON, LIME\n" in text
