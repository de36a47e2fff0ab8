"""The word queries are exact: each is checked against a brute-force reference written here
(small lexicons, every word tried one by one), on random inputs in English and Russian,
plus Hypothesis properties and the listing order."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordbler.lexicon import AlphabetError, WordList, get_alphabet
from wordbler.lexicon import queries as q
from wordbler.lexicon import search

EN = get_alphabet("en")
RU = get_alphabet("ru")


# ---------------------------------------------------------------------------- references
def ref_fits(word: str, letters: str, blanks: int) -> bool:
    """Can ``letters`` + ``blanks`` make ``word``?  (Counts only.)"""
    have = Counter(letters)
    missing = sum(max(0, k - have[c]) for c, k in Counter(word).items())
    return missing <= blanks


def ref_anagrams(words, letters, blanks, *, sub=False, min_len=2, length=None):
    n = len(letters) + blanks
    if length is not None:
        ok = lambda w: len(w) == length  # noqa: E731
    elif sub:
        ok = lambda w: min_len <= len(w) <= n  # noqa: E731
    else:
        ok = lambda w: len(w) == n  # noqa: E731
    return {w for w in words if ok(w) and ref_fits(w, letters, blanks)}


def ref_pattern_matches(word: str, items):
    """Every way ``word`` matches the pattern: the list of letters the open places take."""
    out = []

    def rec(i, k, taken):
        if k == len(items):
            if i == len(word):
                out.append(taken)
            return
        kind, val = items[k]
        if kind == "star":
            for j in range(i, len(word) + 1):
                rec(j, k + 1, taken + word[i:j])
            return
        if i == len(word):
            return
        ch = word[i]
        if kind == "lit":
            if ch == val:
                rec(i + 1, k + 1, taken)
        elif kind == "any" or ch in val:
            rec(i + 1, k + 1, taken + ch)

    rec(0, 0, "")
    return out


def ref_pattern(words, items, letters=None, blanks=0):
    out = set()
    for w in words:
        ways = ref_pattern_matches(w, items)
        if letters is None:
            if ways:
                out.add(w)
        elif any(ref_fits(t, letters, blanks) for t in ways):
            out.add(w)
    return out


def ref_paths(grid, word):
    """Every path of distinct, neighbouring cells whose letters spell ``word``."""
    cells = [(r, c) for r in range(len(grid)) for c in range(len(grid[r]))]
    found = []

    def rec(path, rest):
        if not rest:
            found.append(tuple(path))
            return
        r, c = path[-1]
        for rr, cc in cells:
            if (rr, cc) in path or max(abs(rr - r), abs(cc - c)) != 1:
                continue
            cell = grid[rr][cc]
            if rest.startswith(cell):
                rec(path + [(rr, cc)], rest[len(cell):])

    for r, c in cells:
        if word.startswith(grid[r][c]):
            rec([(r, c)], word[len(grid[r][c]):])
    return found


def ref_grid(words, grid, min_len):
    out = {}
    for w in words:
        if len(w) >= min_len:
            paths = ref_paths(grid, w)
            if paths:
                out[w] = min(paths)
    return out


def listing(alphabet, words):
    return sorted(words, key=lambda w: (-len(w), alphabet.sort_key(w)))


# ---------------------------------------------------------------------------- random data
def random_lexicon(rng, letters, n=300, max_len=7):
    weights = [rng.random() + 0.2 for _ in letters]
    return {
        "".join(rng.choices(letters, weights, k=rng.randint(1, max_len))) for _ in range(n)
    }


CASES = [
    (EN, "ABEIORST"),
    (RU, "АЕЁЖКОТ"),
]


@pytest.mark.parametrize("alphabet,letters", CASES, ids=["en", "ru"])
def test_anagrams_match_brute_force(alphabet, letters):
    rng = random.Random(7)
    for round_ in range(12):
        words = random_lexicon(rng, letters)
        wl = WordList.from_words(words, alphabet)
        for _ in range(25):
            blanks = rng.randint(0, 2)
            fixed = "".join(rng.choices(letters, k=rng.randint(max(0, 1 - blanks), 7)))
            query = "".join(rng.sample(fixed + "?" * blanks, len(fixed) + blanks))
            assert q.anagrams(wl, query) == listing(alphabet, ref_anagrams(words, fixed, blanks))
            m = rng.randint(1, 4)
            assert q.anagrams(wl, query, sub=True, min_len=m) == listing(
                alphabet, ref_anagrams(words, fixed, blanks, sub=True, min_len=m)
            )
            L = rng.randint(1, 8)
            assert q.anagrams(wl, query, length=L) == listing(
                alphabet, ref_anagrams(words, fixed, blanks, length=L)
            )


def random_pattern(rng, letters):
    parts = []
    for _ in range(rng.randint(1, 5)):
        r = rng.random()
        if r < 0.3:
            parts.append(rng.choice(letters))
        elif r < 0.5:
            parts.append(rng.choice("?."))
        elif r < 0.7:
            parts.append("*")
        elif r < 0.85:
            parts.append("[" + "".join(rng.sample(letters, rng.randint(1, 3))) + "]")
        else:
            parts.append("[^" + "".join(rng.sample(letters, rng.randint(1, 3))) + "]")
    return "".join(parts)


@pytest.mark.parametrize("alphabet,letters", CASES, ids=["en", "ru"])
def test_patterns_match_brute_force(alphabet, letters):
    rng = random.Random(11)
    for round_ in range(10):
        words = random_lexicon(rng, letters, max_len=6)
        wl = WordList.from_words(words, alphabet)
        for _ in range(30):
            pat = random_pattern(rng, letters)
            items = q.parse_pattern(pat, alphabet)
            assert q.pattern(wl, pat) == listing(alphabet, ref_pattern(words, items)), pat
            blanks = rng.randint(0, 2)
            fixed = "".join(rng.choices(letters, k=rng.randint(0, 5)))
            rack = fixed + "?" * blanks
            if not rack:
                continue
            got = q.pattern(wl, pat, rack)
            assert got == listing(alphabet, ref_pattern(words, items, fixed, blanks)), (pat, rack)


@pytest.mark.parametrize("alphabet,letters", CASES, ids=["en", "ru"])
def test_patterns_with_several_stars_literals_and_a_rack_match_brute_force(alphabet, letters):
    # a word splits between several stars in many ways, and the rack may hold the pattern's
    # own letters too: the search meets each word once, so what the rack must hold cannot
    # depend on the split (it is the word's letters less the pattern's literals)
    rng = random.Random(23)
    lits = letters[:3]
    for _ in range(6):
        words = random_lexicon(rng, letters[:6], max_len=7)
        wl = WordList.from_words(words, alphabet)
        for _ in range(25):
            parts = ["*"]
            for _ in range(rng.randint(1, 3)):
                parts.append(rng.choice([rng.choice(lits), "?", "[" + "".join(rng.sample(lits, 2)) + "]"]))
                parts.append(rng.choice(["*", ""]))
            pat = "".join(parts)
            items = q.parse_pattern(pat, alphabet)
            fixed = "".join(rng.choices(letters[:6], k=rng.randint(0, 4)))
            blanks = rng.randint(0, 3)
            if not fixed and not blanks:
                continue
            got = q.pattern(wl, pat, fixed + "?" * blanks)
            assert got == listing(alphabet, ref_pattern(words, items, fixed, blanks)), \
                (pat, fixed, blanks)


@pytest.mark.parametrize("alphabet,letters", CASES, ids=["en", "ru"])
def test_patterns_of_only_stars_and_any_letters_with_a_rack_match_brute_force(alphabet,
                                                                              letters):
    # these take the anagram search (the walk met each word once per way to split it
    # between the stars and the ?s: exponential in their number)
    rng = random.Random(12)
    for _ in range(6):
        words = random_lexicon(rng, letters, max_len=6)
        wl = WordList.from_words(words, alphabet)
        for _ in range(30):
            pat = "".join(rng.choice("*??.") for _ in range(rng.randint(1, 6)))
            items = q.parse_pattern(pat, alphabet)
            blanks = rng.randint(0, 3)
            fixed = "".join(rng.choices(letters, k=rng.randint(0, 6)))
            if not fixed and not blanks:
                continue
            got = q.pattern(wl, pat, fixed + "?" * blanks)
            assert got == listing(alphabet, ref_pattern(words, items, fixed, blanks)), \
                (pat, fixed, blanks)


def test_pattern_syntax_against_a_regular_expression():
    words = ["CAT", "COT", "CUT", "CT", "CART", "SCAT", "ACT", "CATS", "COAT"]
    wl = WordList.from_words(words, "en")
    for pat, rx in [
        ("C?T", "C.T"),
        ("C.T", "C.T"),
        ("C*T", "C.*T"),
        ("*AT*", ".*AT.*"),
        ("C[AO]T", "C[AO]T"),
        ("C[^A]T", "C[^A]T"),
        ("[^S]*", "[^S].*"),
        ("**", ".*"),
    ]:
        expected = listing(EN, [w for w in words if re.fullmatch(rx, w)])
        assert q.pattern(wl, pat) == expected, pat
    assert q.pattern(wl, "c?t") == q.pattern(wl, "C?T")


def test_pattern_with_letters_fills_only_open_places():
    wl = WordList.from_words(["CAT", "CART", "SCAT", "TACT", "ACTS"], "en")
    assert q.pattern(wl, "C?T", "A") == ["CAT"]
    assert q.pattern(wl, "C?T", "O") == []
    assert q.pattern(wl, "C*", "ATR") == ["CART", "CAT"]  # the C is the pattern's own
    assert q.pattern(wl, "*T", "CA") == ["CAT"]
    assert q.pattern(wl, "*T", "CA?") == ["CART", "SCAT", "TACT", "CAT"]
    assert q.pattern(wl, "[CT]*", "TAC") == ["CAT"]  # TACT would need a second T
    assert q.pattern(wl, "[CT]*", "TACT") == ["TACT", "CAT"]
    assert q.pattern(wl, "*", "?") == []


def random_grid(rng, rows, cols, letters, multi=()):
    return [
        [rng.choice(multi) if multi and rng.random() < 0.15 else rng.choice(letters)
         for _ in range(cols)]
        for _ in range(rows)
    ]


GRID_CASES = [
    (EN, "AEIRSTLN", ("QU", "ER")),
    (RU, "АЕЁЖКОТ", ("ЁЖ",)),
]


@pytest.fixture(params=["python", "native"])
def grid_impl(request, monkeypatch):
    """Run a grid test with the pure-Python search and again with the compiled one."""
    if request.param == "python":
        monkeypatch.setenv(search.PURE_PYTHON_ENV, "1")
    else:
        monkeypatch.delenv(search.PURE_PYTHON_ENV, raising=False)
        if not search.native_available():
            pytest.skip("the compiled grid search is not built (python setup.py build_ext -i)")
    return request.param


@pytest.mark.parametrize("alphabet,letters,multi", GRID_CASES, ids=["en", "ru"])
def test_grid_words_match_brute_force(alphabet, letters, multi, grid_impl):
    rng = random.Random(5)
    lex_letters = letters + "".join(sorted(set("".join(multi)) - set(letters)))
    for round_ in range(6):
        words = random_lexicon(rng, lex_letters, n=400, max_len=6)
        words |= {"".join(rng.choices(letters, k=5)) + m for m in multi}
        wl = WordList.from_words(words, alphabet)
        for rows, cols in [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 5), (1, 5), (5, 2)]:
            grid = random_grid(rng, rows, cols, letters, multi if rng.random() < 0.7 else ())
            for min_len in (1, 3, 5):
                got = q.grid_words(wl, grid, min_len=min_len)
                ref = ref_grid(words, grid, min_len)
                assert [w for w, _ in got] == listing(alphabet, ref)
                assert dict(got) == ref  # the first path in (row, col) order


def test_grid_with_qu_counts_two_letters(grid_impl):
    wl = WordList.from_words(["QUIT", "QUITE", "SUIT", "QUA", "QI"], "en")
    grid = q.parse_grid("(QU)I/ET", EN)
    assert grid == [["QU", "I"], ["E", "T"]]
    assert q.grid_words(wl, grid) == [
        ("QUITE", ((0, 0), (0, 1), (1, 1), (1, 0))),
        ("QUIT", ((0, 0), (0, 1), (1, 1))),
    ]
    assert q.grid_words(wl, grid, min_len=5) == [("QUITE", ((0, 0), (0, 1), (1, 1), (1, 0)))]
    # a QU cell never stands for Q alone
    assert q.grid_words(WordList.from_words(["QI"], "en"), grid, min_len=2) == []


def test_grid_cell_used_once_per_word(grid_impl):
    wl = WordList.from_words(["ABA", "ABBA", "AB"], "en")
    assert q.grid_words(wl, [["A", "B"]], min_len=2) == [("AB", ((0, 0), (0, 1)))]
    assert q.grid_words(wl, [["A", "B", "A"]], min_len=2) == [
        ("ABA", ((0, 0), (0, 1), (0, 2))),
        ("AB", ((0, 0), (0, 1))),
    ]


# ---------------------------------------------------------------------------- properties
small_words = st.lists(st.text(alphabet="ABCDE", min_size=1, max_size=6), min_size=1, max_size=60)
racks = st.text(alphabet="ABCDE?", min_size=1, max_size=7)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(words=small_words, rack=racks, extra=st.text(alphabet="ABCDE", max_size=2))
def test_anagram_properties(words, rack, extra):
    wl = WordList.from_words(words, "en")
    full = q.anagrams(wl, rack)
    sub = q.anagrams(wl, rack, sub=True, min_len=1)
    fixed = rack.replace("?", "")
    blanks = rack.count("?")
    assert set(full) <= set(sub)
    assert all(len(w) == len(rack) for w in full)
    for w in sub:
        assert w in wl and ref_fits(w, fixed, blanks)
    # more letters never lose a sub-anagram
    assert set(sub) <= set(q.anagrams(wl, rack + extra, sub=True, min_len=1))
    # the letters' order does not matter
    assert q.anagrams(wl, rack[::-1], sub=True, min_len=1) == sub
    # the length picker partitions the sub-anagrams
    by_len = [w for n in range(len(rack), 0, -1) for w in q.anagrams(wl, rack, length=n)]
    assert by_len == sub


@settings(max_examples=150, deadline=None)
@given(words=small_words, data=st.data())
def test_pattern_properties(words, data):
    wl = WordList.from_words(words, "en")
    word = data.draw(st.sampled_from(wl.words))
    assert word in q.pattern(wl, word)
    assert q.pattern(wl, "*") == listing(EN, wl.words)
    assert q.pattern(wl, "?" * len(word)) == listing(EN, wl.by_length(len(word)))
    # a word matches its own shape with its letters given
    assert word in q.pattern(wl, "*", word)
    rack = data.draw(racks)
    assert set(q.pattern(wl, "*", rack)) == {w for w in q.anagrams(wl, rack, sub=True, min_len=1)}


@settings(max_examples=100, deadline=None)
@given(
    words=st.lists(st.text(alphabet="ABCD", min_size=1, max_size=6), min_size=1, max_size=80),
    grid=st.integers(1, 4).flatmap(
        lambda r: st.lists(
            st.lists(st.sampled_from(["A", "B", "C", "D", "AB"]), min_size=3, max_size=3),
            min_size=r,
            max_size=r,
        )
    ),
    min_len=st.integers(1, 4),
)
def test_grid_properties(words, grid, min_len):
    wl = WordList.from_words(words, "en")
    got = q.grid_words(wl, grid, min_len=min_len)
    if search.native_available():  # the compiled search finds the very same words and paths
        assert search.grid_search(wl.graph(), grid, min_len, native=False) == dict(got)
    seen = set()
    for word, path in got:
        assert word in wl and word not in seen and len(word) >= min_len
        seen.add(word)
        assert len(set(path)) == len(path)  # each cell once
        assert all(max(abs(a - c), abs(b - d)) == 1 for (a, b), (c, d) in zip(path, path[1:]))
        assert "".join(grid[r][c] for r, c in path) == word
    assert [w for w, _ in got] == listing(EN, seen)
    # a lower minimum only adds words
    assert seen <= {w for w, _ in q.grid_words(wl, grid, min_len=1)}


# ---------------------------------------------------------------------------- order, errors
def test_listing_order_is_longest_first_then_the_alphabets_order():
    wl = WordList.from_words(["ЁЖ", "ЕЖ", "ЖЖ", "ЕЖЕ", "ЁЖЕ", "ЖЕЁ"], "ru")
    assert q.pattern(wl, "*") == ["ЕЖЕ", "ЁЖЕ", "ЖЕЁ", "ЕЖ", "ЁЖ", "ЖЖ"]
    assert q.anagrams(wl, "ЕЁЖЖ", sub=True) == ["ЁЖЕ", "ЖЕЁ", "ЕЖ", "ЁЖ", "ЖЖ"]
    # Ё is a letter of its own: Е does not match it, in anagrams, patterns and grids
    assert q.anagrams(wl, "ЕЖ") == ["ЕЖ"]
    assert q.pattern(wl, "Е?") == ["ЕЖ"]
    assert q.grid_words(wl, [["Ё", "Ж"]], min_len=2) == [("ЁЖ", ((0, 0), (0, 1)))]


def test_queries_read_letters_through_the_case_table():
    wl = WordList.from_words(["ёж", "ель"], "ru")
    assert q.anagrams(wl, "жё") == ["ЁЖ"]
    assert q.pattern(wl, "е*") == ["ЕЛЬ"]
    assert q.parse_grid("ёж/ль", RU) == [["Ё", "Ж"], ["Л", "Ь"]]


@pytest.mark.parametrize("bad", ["", "   ", "CAT1", "straße", "ſ", "ı"])
def test_bad_anagram_letters(bad):
    wl = WordList.from_words(["CAT"], "en")
    with pytest.raises(ValueError):
        q.anagrams(wl, bad)


def test_bad_letter_names_the_character():
    wl = WordList.from_words(["CAT"], "en")
    with pytest.raises(AlphabetError, match="U\\+00DF"):
        q.anagrams(wl, "straße")
    with pytest.raises(ValueError, match="length"):
        q.anagrams(wl, "CAT", length=0)


@pytest.mark.parametrize("query, message", [
    (lambda wl: q.pattern(wl, "ca1"),
     "pattern 'ca1' has '1' (U+0031), which is not a letter of the English alphabet"),
    (lambda wl: q.pattern(wl, "C[A1]T"),
     "letter set [A1] has '1' (U+0031), which is not a letter of the English alphabet"),
    (lambda wl: q.parse_grid("AB/C1", wl.alphabet),
     "grid row 2 has '1' (U+0031), which is not a letter of the English alphabet"),
    (lambda wl: q.parse_grid("AB/(Q1)D", wl.alphabet),
     "grid row 2 cell (Q1) has '1' (U+0031), which is not a letter of the English alphabet"),
])
def test_a_bad_letter_in_a_query_is_named_once(query, message):
    # the text was shown twice: "pattern 'ca1' '1' has '1' ..."
    wl = WordList.from_words(["CAT"], "en")
    with pytest.raises(AlphabetError) as e:
        query(wl)
    assert str(e.value) == message


@pytest.mark.parametrize("bad", ["", "C[AT", "C]T", "C[]T", "C[^]T", "C1T", "C[A1]T", "é"])
def test_bad_patterns(bad):
    wl = WordList.from_words(["CAT"], "en")
    with pytest.raises(ValueError):
        q.pattern(wl, bad)


@pytest.mark.parametrize(
    "bad,message",
    [
        ("", "empty grid"),
        ("AB/C", "not rectangular"),
        ("AB//CD", "row 2 is empty"),
        ("A(QU/CD", "never closed"),
        ("A)B/CD", "without"),
        ("A()/CD", "empty cell"),
        ("A1/CD", "not a letter"),
        ("AB/C(Ü)", "not a letter"),
    ],
)
def test_bad_grids(bad, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        q.parse_grid(bad, EN)


def test_grid_round_trip_and_cells_check():
    g = q.parse_grid(" se(qu)a/abcd ", EN)
    assert g == [["S", "E", "QU", "A"], ["A", "B", "C", "D"]]
    assert q.format_grid(g) == "SE(QU)A/ABCD"
    wl = WordList.from_words(["CAT"], "en")
    with pytest.raises(ValueError, match="cell"):
        q.grid_words(wl, [["C", "a"]])
    with pytest.raises(ValueError, match="cell"):
        q.grid_words(wl, [["C", ""]])
    with pytest.raises(ValueError):
        q.grid_words(wl, ["CAT"])
    assert q.grid_words(wl, []) == []


def test_bundled_english_answers():
    from wordbler.lexicon import bundled_wordlist

    wl = bundled_wordlist("en")
    assert "RETINAS" in q.anagrams(wl, "retains")
    assert set(q.anagrams(wl, "TEA")) >= {"ATE", "EAT", "TEA", "ETA"}
    assert q.pattern(wl, "QU*Z") == ["QUARTZ", "QUIZ"]
    words = dict(q.grid_words(wl, q.parse_grid("SETE/ABLK/ORTS/NI(QU)M", wl.alphabet)))
    assert words["QUINOAS"] == ((3, 2), (3, 1), (3, 0), (2, 0), (1, 0), (0, 0))


@pytest.mark.skipif(not search.native_available(), reason="the compiled grid search is not built")
@pytest.mark.parametrize("lang,size", [("en", 4), ("en", 6), ("en", 9)])
def test_compiled_and_python_grid_search_agree_on_the_bundled_list(lang, size):
    from wordbler.lexicon import bundled_wordlist

    wl = bundled_wordlist(lang)
    g = wl.graph()
    rng = random.Random(size)
    letters = wl.alphabet.letters
    for _ in range(20 if size < 9 else 3):
        grid = [["QU" if c == "Q" else c for c in rng.choices(letters, k=size)]
                for _ in range(size)]
        for min_len in (1, 3):
            py = search.grid_search(g, grid, min_len, native=False)
            c = search.grid_search(g, grid, min_len, native=True)
            assert c == py and list(c) == list(py)  # same words, paths, even discovery order


def test_native_flag_without_the_build(monkeypatch):
    monkeypatch.setattr(search, "_native", None)
    assert not search.native_available()
    wl = WordList.from_words(["CAT"], "en")
    with pytest.raises(RuntimeError, match="not built"):
        search.grid_search(wl.graph(), [["C", "A", "T"]], native=True)
    assert search.grid_search(wl.graph(), [["C", "A", "T"]]) == {"CAT": ((0, 0), (0, 1), (0, 2))}


@settings(max_examples=200, deadline=None)
@given(words=st.lists(st.text(alphabet="ABCDE", min_size=1, max_size=9), min_size=1, max_size=60),
       pat=st.lists(st.sampled_from(["A", "B", "E", "?", "*", "[AB]", "[^AB]", "[^ABCDEFGHIJKLMNOPQRSTUVWXYZ]"]),
                    min_size=1, max_size=8).map("".join))
def test_pattern_as_a_regular_expression_equals_the_word_graph_walk(words, pat):
    # pattern() without letters runs one regular expression over the list's text; the word
    # graph's walk (kept for multi-letter alphabets and for patterns with letters) must agree
    wl = WordList.from_words(words, "en")
    items = q.parse_pattern(pat, EN)
    walked = listing(EN, search.pattern_search(wl.graph(), items))
    assert q.pattern(wl, pat) == walked == listing(EN, ref_pattern(wl.words, items))


def test_many_stars_over_long_words():
    # each run between stars is taken at its leftmost place and never tried again (atomic
    # groups): the leftmost places must still find every word that has a fit
    wl = WordList.from_words(["A" * 60, "AB" * 30, "B" * 8], "en")
    assert q.pattern(wl, "*B*B*B*B*B*B*B*B*C*") == []
    assert q.pattern(wl, "*B*B*B*B*B*B*B*B*") == ["AB" * 30, "B" * 8]
