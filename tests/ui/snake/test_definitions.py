"""Word Snake end screen: clicking a word shows its path and, for English, its meaning."""

from __future__ import annotations

import gzip
import hashlib

import pytest
from PySide6.QtCore import Qt

from wordbler.lexicon import definitions


def _tabs(res, prefix):
    tabs = res.tabs
    return next(tabs.widget(i) for i in range(tabs.count()) if tabs.tabText(i).startswith(prefix))


def _click(d, lst, word):
    res = d.window.results
    d.window.results.tabs.setCurrentWidget(lst)
    for i in range(lst.count()):
        item = lst.item(i)
        if item.data(Qt.ItemDataRole.UserRole) == word:
            lst.scrollToItem(item)
            with d.qtbot.waitSignal(res.definition_ready, timeout=30_000):
                d.qtbot.mouseClick(lst.viewport(), Qt.MouseButton.LeftButton,
                                   pos=lst.visualItemRect(item).center())
            return
    raise AssertionError(f"{word} is not in the list")


def _finish_round(d, en_list):
    d.deal(word_list=en_list, seed="rich")
    d.click(d.window.round.end_button)
    assert d.window.pages.currentWidget() is d.window.results


def test_clicking_a_word_shows_its_meaning_beside_its_path(make_driver, en_list):
    d = make_driver()
    _finish_round(d, en_list)
    res = d.window.results
    deal = d.game.deal
    assert res.definition.isVisible()
    assert "path and meaning" in res.caption.text()
    en = definitions.bundled_definitions("en")
    # a word with a meaning, preferably an inflected one (shown with its base form)
    with_meaning = [w for w, _ in deal.words if en.lookup(w)]
    inflected = [w for w in with_meaning if any(s.base != w for s in en.lookup(w))]
    word = (inflected or with_meaning)[0]
    _click(d, _tabs(res, "All"), word)
    assert res.board_view.path == deal.word_paths[word]
    assert word in res.caption.text()
    senses = en.lookup(word)
    text = res.definition_text()
    assert senses[0].gloss in text and senses[0].pos in text
    if inflected:
        assert f"base form of {word}" in text
    # the panel sits beside the board and holds the text without cutting it off
    assert res.definition.geometry().top() >= res.board_view.geometry().bottom()
    assert res.definition.width() >= res.board_view.width() * 0.9


def test_a_word_without_a_meaning_says_so(make_driver, en_list, tmp_path):
    d = make_driver()
    _finish_round(d, en_list)
    res = d.window.results
    deal = d.game.deal
    # definitions that know one word of this board only
    known, other = deal.words[0][0], deal.words[1][0]
    body = f"{known}\tn\ta word of the test\n"
    header = ("# Wordbler English definitions\n# format: 1\n# entries: 1\n# senses: 1\n"
              "# exceptions: 0\n"
              f"# sha256 of the body: {hashlib.sha256(body.encode()).hexdigest()}\n")
    path = tmp_path / "one.tsv.gz"
    path.write_bytes(gzip.compress((header + body).encode(), mtime=0))
    one = definitions.Definitions(path)
    res.definitions_for = lambda lang: one
    all_words = _tabs(res, "All")
    _click(d, all_words, known)
    assert "a word of the test" in res.definition_text()
    _click(d, all_words, other)
    assert res.definition_text() == f"No definition found for {other}."
    assert res.board_view.path == deal.word_paths[other]


def test_a_damaged_definitions_file_is_a_note_not_a_crash(make_driver, en_list, tmp_path):
    d = make_driver()
    _finish_round(d, en_list)
    res = d.window.results
    bad = tmp_path / "definitions.tsv.gz"
    bad.write_bytes(b"\x1f\x8b this is no gzip stream")
    broken = definitions.Definitions(bad)
    res.definitions_for = lambda lang: broken
    word = d.game.deal.words[0][0]
    _click(d, _tabs(res, "All"), word)
    text = res.definition_text()
    assert text.startswith("Definitions cannot be shown:") and "damaged" in text
    assert res.board_view.path == d.game.deal.word_paths[word]  # the path still shows


def test_russian_results_have_no_meaning_panel(make_driver, ru_list):
    d = make_driver()
    d.deal(word_list=ru_list, lang="ru", seed="rich")
    d.click(d.window.round.end_button)
    res = d.window.results
    assert not res.definition.isVisible()
    assert res.caption.text() == "Click a word to see its path."
    lst = _tabs(res, "All")
    res.tabs.setCurrentWidget(lst)
    item = lst.item(0)
    d.qtbot.mouseClick(lst.viewport(), Qt.MouseButton.LeftButton,
                       pos=lst.visualItemRect(item).center())
    word = item.data(Qt.ItemDataRole.UserRole)
    assert res.board_view.path == d.game.deal.word_paths[word]
    assert not res.definition.isVisible() and res.definition_text() == ""
