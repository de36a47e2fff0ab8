"""The bundled word data: full lists and ranked common-word lists, English and Russian.

The lower bounds below were measured on the bundled files (see the READMEs' count tables)
and leave a little room, so a rebuild that loses a real share of the words fails here.
"""

from __future__ import annotations

import hashlib
import importlib.util
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import wordbler.datafiles
from wordbler.lexicon import data
from wordbler.lexicon.alphabet import get_alphabet
from wordbler.lexicon.data import LANGUAGES, WordDataError, bundled_words, common_words

ROOT = Path(__file__).resolve().parents[2]

# measured: en 247366 / 29497, ru 67709 / 25307, fr 317790 / 32391
MIN_BUNDLED = {"en": 240_000, "ru": 65_000, "fr": 310_000}
MIN_COMMON = {"en": 25_000, "ru": 22_000, "fr": 30_000}
MAX_COMMON = {"en": 40_000, "ru": 40_000, "fr": 40_000}
# common words per length, measured (en 5: 3135, 7: 4772; ru 4: 1529, 5: 2845, 6: 3341,
# 7: 3625, 8: 3377)
MIN_COMMON_BY_LENGTH = {
    "en": {3: 500, 4: 1800, 5: 3000, 6: 4000, 7: 4500, 8: 4200},
    "ru": {3: 450, 4: 1450, 5: 2700, 6: 3200, 7: 3450, 8: 3200},
    # fr 3: 408, 4: 1159, 5: 2455, 6: 4034, 7: 5177, 8: 5408 (every form of the words)
    "fr": {3: 380, 4: 1100, 5: 2300, 6: 3800, 7: 4900, 8: 5100},
}


@pytest.fixture(params=LANGUAGES)
def lang(request) -> str:
    return request.param


# ---- the bundled files load and hold what they should ------------------------------------
def test_languages():
    assert LANGUAGES == ("en", "ru", "fr")


def test_french_common_words_are_folded_forms_of_the_list_ranked_by_use():
    common = common_words("fr")
    full = set(bundled_words("fr"))
    assert set(common) <= full
    top = common[:200]
    for w in ("DE", "LA", "ETRE", "ETE", "TRES", "APRES"):  # accents folded: être, été, très
        assert w in top, w
    assert "QU" not in common  # the elided qu' of qu'il is no word
    for english in ("AND", "FOR", "ABOUT", "HAVE", "WINDOW",  # English quoted in French text
                    "GREEN", "PHONE", "SOFTWARE", "GIRLS"):  # English words of the list
        assert english in full and english not in common, english
    for french in ("MILLION", "SECOND", "FUTURE", "LOCAL", "MAINTENANCE"):  # spelt as English
        assert french in common, french
    for slur in ("NEGRO", "ENFOIRE", "SODOMIE", "GARCE", "SALOPERIE"):
        assert slur in full and slur not in common, slur
    for rude in ("MERDE", "PUTAIN", "CON", "SALOPE"):
        assert rude not in common
    assert common.index("MAISON") < common.index("MANOIR")


def test_bundled_list_loads_and_is_in_the_alphabet(lang):
    words = bundled_words(lang)
    alphabet = get_alphabet(lang)
    assert len(words) >= MIN_BUNDLED[lang]
    bad = [w for w in words if not alphabet.is_word(w)]
    assert bad == []
    assert all(alphabet.normalise(w) == w for w in words[:: max(1, len(words) // 2000)])
    assert len(set(words)) == len(words)
    assert words == sorted(words, key=alphabet.sort_key)
    assert min(map(len, words)) >= 2


def test_common_list_loads_ranked_subset(lang):
    common = common_words(lang)
    full = set(bundled_words(lang))
    alphabet = get_alphabet(lang)
    assert MIN_COMMON[lang] <= len(common) <= MAX_COMMON[lang]
    assert all(alphabet.is_word(w) for w in common)
    assert set(common) <= full
    assert len(set(common)) == len(common), "a word is ranked twice"
    assert {len(w) for w in common} <= set(range(2, 16))
    # ranked, not sorted: the list is far from alphabetical
    assert common != sorted(common, key=alphabet.sort_key)


def test_common_counts_per_length(lang):
    counts = Counter(len(w) for w in common_words(lang))
    for n, least in MIN_COMMON_BY_LENGTH[lang].items():
        assert counts[n] >= least, (lang, n, counts[n])


def test_common_words_of_one_length_keep_the_ranking(lang):
    common = common_words(lang)
    rank = {w: i for i, w in enumerate(common)}
    five = common_words(lang, length=5)
    assert five and all(len(w) == 5 for w in five)
    assert five == [w for w in common if len(w) == 5]
    assert [rank[w] for w in five] == sorted(rank[w] for w in five)
    assert common_words(lang, length=40) == []


def test_english_ranking_is_by_frequency():
    common = common_words("en")
    rank = {w: i for i, w in enumerate(common)}
    assert common[0] == "THE"
    assert {"THE", "AND", "OF", "TO"} <= set(common[:10])
    assert rank["HOUSE"] < rank["CASTLE"] < rank["TURRET"]
    assert rank["WATER"] < 1000
    # frequent proper names spelt like rare words are not common words
    assert "JAMES" not in rank and "PARIS" not in rank and "TEXAS" not in rank


def test_russian_ranking_counts_the_noun_not_the_string():
    common = common_words("ru")
    rank = {w: i for i, w in enumerate(common)}
    assert common[0] == "ГОД"
    assert {"ЧЕЛОВЕК", "ВРЕМЯ", "ДЕНЬ", "ДЕЛО", "ЖИЗНЬ"} <= set(common[:10])
    assert rank["ДОМ"] < rank["ВЕДРО"] < rank["КОРОМЫСЛО"]
    # СТАТЬ is mostly the verb, УЖЕ mostly the adverb: the nouns СТАТЬ and УЖ are not
    # among the 5,000 commonest nouns
    assert rank.get("СТАТЬ", 10**6) > 5000 and rank.get("УЖ", 10**6) > 5000
    # ЕЛКА counts for ЁЛКА; ВЕДРО (bucket) does not count for ВЁДРО (fair weather)
    assert rank["ЁЛКА"] < 5000
    assert rank.get("ВЁДРО", 10**6) > rank["ВЕДРО"]


def test_russian_list_keeps_yo_and_sorts_by_the_alphabet():
    alphabet = get_alphabet("ru")
    words = bundled_words("ru")
    yo = [w for w in words if "Ё" in w]
    assert len(yo) >= 1800
    assert {"ЁЛКА", "ЁЖ", "САМОЛЁТ", "ВЕДРО", "ВЁДРО"} <= set(words)
    # Е < Ё < Ж: the Ё words sit between the Е and the Ж words, not after Я
    assert words.index("ЕЛЬ") < words.index("ЁЖ") < words.index("ЖУК") < words.index("ЯМА")
    assert words == sorted(words, key=alphabet.sort_key)
    assert sum("Ё" in w for w in common_words("ru")) >= 500


def test_russian_list_is_common_nouns_in_the_nominative():
    words = set(bundled_words("ru"))
    # common nouns, nominative singular; plural-only nouns in the plural
    assert {"ДОМ", "КОШКА", "ОКНО", "ВРЕМЯ", "КОФЕ", "НОЖНИЦЫ", "САНИ", "РОЗА"} <= words
    # not other cases or the plural of a noun that has a singular
    assert not {"ДОМА", "КОШКИ", "ОКНОМ", "ДОМАМИ"} & words
    # not other parts of speech
    assert not {"БЫСТРЫЙ", "ИДТИ", "ОЧЕНЬ", "ПОД"} & words
    # no proper names (with no common-noun sense), abbreviations, hyphenated words
    assert not {"МОСКВА", "АЛЕКСАНДР", "ИВАНОВ", "ПЕТРОВИЧ", "ВУЗ", "СССР"} & words
    assert not any("-" in w for w in words)


def test_offensive_words_are_left_out():
    ru = set(bundled_words("ru"))
    assert not {"ХУЙ", "ПИЗДА", "БЛЯДЬ", "ЖИД", "ХАЧ", "ПИДОР"} & ru
    # innocent main sense: in the full list, not among the common words
    assert {"СУКА", "ХОХОЛ", "ЧУРКА"} <= ru
    assert not {"СУКА", "ХОХОЛ", "ЧУРКА", "ЖОПА", "ГОВНО"} & set(common_words("ru"))
    en_common = set(common_words("en"))
    assert not {"FUCK", "SHIT", "CUNT", "BITCH", "COCK", "PUSSY", "WHORE"} & en_common
    assert "FUCK" in set(bundled_words("en"))  # the English full list keeps vulgar words


def test_russian_blocklist_of_the_build_script_matches_the_data():
    spec = importlib.util.spec_from_file_location(
        "build_ru_dictionary", ROOT / "scripts" / "build_ru_dictionary.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)  # imports no pymorphy3 until main() runs
    assert not [w for w in bundled_words("ru") if mod.blocked(w.lower())]
    # the root patterns spare innocent words with the same letters
    for innocent in ("требование", "оскорбление", "хлеб", "небо", "хутор", "шахуи",
                     "потребление", "застрахуй", "хлебало", "учёба"):
        assert not mod.blocked(innocent), innocent
    for rude in ("хуйня", "пиздец", "разъебай", "ебланище", "блядство", "охуение"):
        assert mod.blocked(rude), rude


def test_the_build_script_replaces_its_readme_section_and_keeps_the_ones_after(tmp_path):
    # the Russian README has the board game's section after the common-word one; a rebuild
    # cut everything after the common-word heading
    spec = importlib.util.spec_from_file_location(
        "build_common_words", ROOT / "scripts" / "build_common_words.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)  # imports no wordfreq until main() runs
    readme = tmp_path / "README.md"
    readme.write_text(f"# List\n\nabout it\n\n{mod.COMMON_MARK}\n\nold text\n\n## Board game\n\n"
                      "tiles\n", encoding="utf-8")
    mod.write_section(readme, f"{mod.COMMON_MARK}\n\nnew text\n")
    assert readme.read_text(encoding="utf-8") == (
        f"# List\n\nabout it\n\n{mod.COMMON_MARK}\n\nnew text\n\n## Board game\n\ntiles\n")
    fresh = tmp_path / "fresh.md"
    fresh.write_text("# List\n", encoding="utf-8")
    mod.write_section(fresh, f"{mod.COMMON_MARK}\n\nnew text\n")
    assert fresh.read_text(encoding="utf-8") == f"# List\n\n{mod.COMMON_MARK}\n\nnew text\n"


def test_headers_name_sources_and_licences():
    def head(path: Path) -> str:
        return "".join(path.read_text(encoding="utf-8").splitlines(True)[:20])

    ru = head(data.data_file("ru"))
    assert "OpenCorpora" in ru and "CC BY-SA 3.0" in ru and "pymorphy3-dicts-ru" in ru
    for lang in LANGUAGES:
        common = head(data.data_file(lang, "common"))
        assert "wordfreq" in common and "CC BY-SA 4.0" in common and "Robyn Speer" in common
    d = data.data_file("ru").parent
    for name in ("README.md", "LICENSE-CC-BY-SA-3.0.txt", "LICENSE-CC-BY-SA-4.0.txt"):
        assert (d / name).is_file(), name
    assert "Attribution-ShareAlike 3.0" in (d / "LICENSE-CC-BY-SA-3.0.txt").read_text()
    en = data.data_file("en", "common").parent
    assert "Attribution-ShareAlike 4.0" in (en / "LICENSE-CC-BY-SA-4.0.txt").read_text()
    assert "wordfreq" in (en / "COMMON-WORDS.md").read_text()
    assert "wordfreq" in (d / "README.md").read_text(encoding="utf-8")


# ---- the API: copies, laziness, errors ----------------------------------------------------
def test_callers_get_copies(lang):
    first = common_words(lang)
    first.clear()
    full = bundled_words(lang)
    full[0] = "Q"
    assert common_words(lang) and bundled_words(lang)[0] != "Q"


def test_nothing_is_read_at_import():
    code = (
        "import wordbler.lexicon.data as d, wordbler.lexicon\n"
        "assert d._bundled.cache_info().currsize == 0\n"
        "assert d._common.cache_info().currsize == 0\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_lexicon_package_exports_the_data_functions():
    import wordbler.lexicon as lex

    assert lex.common_words is common_words
    assert lex.bundled_words is bundled_words


@pytest.mark.parametrize("bad", ["xx", "EN", "", None, 5, "de"])
def test_unknown_language(bad):
    for fn in (bundled_words, common_words):
        with pytest.raises(WordDataError, match="no bundled word data for language"):
            fn(bad)
    assert issubclass(WordDataError, ValueError)


def test_length_must_be_a_number():
    with pytest.raises(TypeError):
        common_words("en", length="5")


# ---- damaged or missing files (a fake dictionaries folder) --------------------------------
@pytest.fixture
def fake_dicts(tmp_path, monkeypatch):
    """An empty dictionaries folder in place of the bundled one; caches cleared around."""
    root = tmp_path / "dictionaries"
    (root / "en").mkdir(parents=True)
    (root / "ru").mkdir()
    monkeypatch.setattr(wordbler.datafiles, "data_dir", lambda name: root)
    data._bundled.cache_clear()
    data._common.cache_clear()
    yield root
    data._bundled.cache_clear()
    data._common.cache_clear()


def _with_header(words: list[str], *, count: int | None = None, sha: str | None = None) -> str:
    digest = sha or hashlib.sha256("\n".join(words).encode()).hexdigest()
    n = len(words) if count is None else count
    head = f"# test list\n# words: {n}\n# sha256 of the words (in this order) joined by newlines: {digest}\n"
    return head + "".join(w + "\n" for w in words)


def test_fake_files_load(fake_dicts):
    (fake_dicts / "ru" / "words.txt").write_text(_with_header(["ЯМА", "ЁЖ", "ЕЛЬ"]),
                                                 encoding="utf-8")
    (fake_dicts / "ru" / "common.txt").write_text(_with_header(["ЯМА", "ЁЖ"]), encoding="utf-8")
    assert bundled_words("ru") == ["ЕЛЬ", "ЁЖ", "ЯМА"]
    assert common_words("ru") == ["ЯМА", "ЁЖ"]


def test_english_sections_and_fallback_location(fake_dicts):
    words = ["CAT", "ACT", "ZOO"]
    text = ("# words: 3\n# sha256 of the sorted words joined by newlines: "
            + hashlib.sha256("\n".join(sorted(words)).encode()).hexdigest()
            + "\n# size 10\nCAT\n# size 20\nACT\nZOO\n")
    (fake_dicts / "wordbler-en.txt").write_text(text)  # the old place, beside en/
    assert bundled_words("en") == ["ACT", "CAT", "ZOO"]


@pytest.mark.parametrize(
    "content, message",
    [
        (_with_header(["ЁЖ", "ЕЛЬ"], count=3), "2 words, its header says 3"),
        (_with_header(["ЁЖ", "ЕЛЬ"], sha="0" * 64), "do not match the sha256"),
        ("ЁЖ\nЕЛЬ\nёлка\n", "line 3 .*not an upper-case word"),
        ("ЁЖ\nCAT\n", "line 2"),
        ("ЁЖ\nЕЛЬ-ЁЛКА\n", "line 2"),
        ("ЁЖ\nЁЖ\n", "listed twice"),
        ("# only comments\n", "no words"),
        ("", "no words"),
    ],
)
def test_damaged_file(fake_dicts, content, message):
    (fake_dicts / "ru" / "words.txt").write_text(content, encoding="utf-8")
    with pytest.raises(WordDataError, match=message) as info:
        bundled_words("ru")
    assert "words.txt" in str(info.value)


@pytest.mark.parametrize(
    "raw, message",
    [(b"\xff\xfe\x00\x00", "binary"), ("ЁЖ\n".encode("cp1251"), "not UTF-8")],
)
def test_damaged_bytes(fake_dicts, raw, message):
    (fake_dicts / "ru" / "common.txt").write_bytes(raw)
    with pytest.raises(WordDataError, match=message):
        common_words("ru")


def test_missing_file_and_folder(fake_dicts):
    with pytest.raises(WordDataError, match=r"Russian common-word list is not installed .*ru/common.txt"):
        common_words("ru")
    with pytest.raises(WordDataError, match="English word list is not installed"):
        bundled_words("en")
    (fake_dicts / "en" / "common.txt").mkdir()  # a folder where the file should be
    with pytest.raises(WordDataError, match="not installed"):
        common_words("en")


def test_a_damaged_file_is_not_cached_as_good(fake_dicts):
    path = fake_dicts / "ru" / "words.txt"
    path.write_text("ЁЖ\nbad\n", encoding="utf-8")
    with pytest.raises(WordDataError):
        bundled_words("ru")
    path.write_text("ЁЖ\n", encoding="utf-8")
    assert bundled_words("ru") == ["ЁЖ"]
