"""The public names other packages code against exist and do the simple thing."""

from wordbler.lexicon import WordList, get_alphabet
from wordbler.lexicon import queries as q


def test_small_list_queries():
    wl = WordList.from_words(["cat", "act", "tac", "at", "ёж"], "en")
    assert wl.words == ("ACT", "AT", "CAT", "TAC")
    assert wl.skipped == 1
    assert "CAT" in wl and "DOG" not in wl
    assert q.anagrams(wl, "tca") == ["ACT", "CAT", "TAC"]
    assert q.anagrams(wl, "tc?", sub=True) == ["ACT", "CAT", "TAC", "AT"]
    assert q.pattern(wl, "?A*") == ["CAT", "TAC"]
    grid = q.parse_grid("CA/XT", get_alphabet("en"))
    assert q.grid_words(wl, grid) == [
        ("ACT", ((0, 1), (0, 0), (1, 1))),
        ("CAT", ((0, 0), (0, 1), (1, 1))),
        ("TAC", ((1, 1), (0, 1), (0, 0))),
    ]
