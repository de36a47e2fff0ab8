"""The French alphabet (``fr``) and the bundled French word list of the board game."""

from __future__ import annotations

import hashlib
import importlib.util
import re
from pathlib import Path

import pytest

from wordbler.lexicon import ALPHABETS, AlphabetError, WordList, get_alphabet
from wordbler.lexicon.wordlist import load_wordlist

ROOT = Path(__file__).resolve().parents[2]
FR_LIST = ROOT / "dictionaries" / "fr" / "words.txt"


def test_french_alphabet_is_a_to_z_with_its_own_code():
    fr = get_alphabet("fr")
    assert fr.code == "fr" and fr.name == "French"
    assert "".join(fr.letters) == "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    assert fr.vowels == frozenset("AEIOUY")
    assert fr.normalise("chat") == "CHAT"
    # accented letters and ligatures are read as the plain letters, as the list was built
    assert fr.normalise("été") == "ETE" and fr.normalise("Œuvre") == "OEUVRE"
    assert fr.letter("Ç") == "C" and fr.letter("Œ") is None  # two letters: no one cell
    with pytest.raises(AlphabetError, match="French"):
        fr.normalise("straße")
    # English and Russian are as they were
    assert list(ALPHABETS) == ["en", "ru", "fr"]
    assert get_alphabet("en").vowels == frozenset("AEIOU") and get_alphabet("en").multi == ("QU",)
    assert len(get_alphabet("ru").letters) == 33
    assert get_alphabet("en") != fr  # same letters, another language


def test_french_and_english_lists_of_the_same_words_differ_in_hash():
    en = WordList.from_words(["chat", "chien"], "en")
    fr = WordList.from_words(["chat", "chien"], "fr")
    assert en.words == fr.words and en.content_hash != fr.content_hash


def test_the_bundled_french_list_matches_its_header():
    text = FR_LIST.read_text(encoding="utf-8")
    words = [w for w in text.split("\n") if w and not w.startswith("#")]
    count = int(re.search(r"^# words: (\d+)$", text, re.M).group(1))
    digest = re.search(r"^# sha256 of the words .*: ([0-9a-f]{64})$", text, re.M).group(1)
    assert len(words) == count > 300_000
    assert hashlib.sha256("\n".join(words).encode("ascii")).hexdigest() == digest
    assert words == sorted(set(words))
    assert all(re.fullmatch(r"[A-Z]{2,15}", w) for w in words)
    wl = load_wordlist(FR_LIST, "fr")
    assert len(wl) == count and wl.skipped == 0
    for w in ("ETE", "COEUR", "FRANCAIS", "CHAT", "MAISON", "AIMERAIENT"):
        assert w in wl, w
    assert (ROOT / "dictionaries" / "fr" / "LICENSE-GPL-2.0.txt").is_file()
    readme = (ROOT / "dictionaries" / "fr" / "README.md").read_text(encoding="utf-8")
    assert "wfrench" in readme and "GPL-2+" in readme


def _build_module():
    spec = importlib.util.spec_from_file_location("build_fr", ROOT / "scripts" /
                                                  "build_fr_dictionary.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_build_script_folds_and_filters(tmp_path):
    b = _build_module()
    assert b.fold("cœur") == "COEUR" and b.fold("Æther") == "AETHER"
    assert b.fold("été") == "ETE" and b.fold("garçon") == "GARCON" and b.fold("naïf") == "NAIF"
    assert b.keep("aujourd'hui") is None and b.keep("arc-en-ciel") is None
    assert b.keep("Paris") is None and b.keep("SNCF") is None and b.keep("a") is None
    assert b.keep("anticonstitutionnellement") is None  # 25 letters
    assert b.keep("pomme de terre") is None and b.keep("etc.") is None
    src = tmp_path / "french"
    src.write_text("côte\ncoté\ncote\nœuf\nà\nNoël\nl'eau\nzèbre\n", encoding="utf-8")
    out1, out2 = tmp_path / "a.txt", tmp_path / "b.txt"
    assert b.main(["--source", str(src), "--out", str(out1)]) == 0
    assert b.main(["--source", str(src), "--out", str(out2)]) == 0
    assert out1.read_bytes() == out2.read_bytes()
    words = [w for w in out1.read_text().split("\n") if w and not w.startswith("#")]
    assert words == ["COTE", "OEUF", "ZEBRE"]
    assert b.main(["--source", str(tmp_path / "missing"), "--out", str(out1)]) == 2
