"""Shared pieces of the Word Snake engine tests: small word lists and brute-force
references written here, independent of the engine's solver."""

from __future__ import annotations

import pytest

from wordbler.snake import Board, SnakeWords

EN_WORDS = """
CAT CATS ACT ACTS SCAT TACT TACTS TAT TATS SAT EAT EATS SEAT SEATS TEA TEAS SEA SET SETS
EAST EASTS STATE STATES TASTE TASTES ATE ETA TEST TESTS NEST NESTS NET NETS TEN TENS SENT
QUIT QUITE QUITS SUITE SUITES SUIT SUITS TIE TIES SITE SITES SIT SITS ITS QUEST QUESTS
TOAST TOASTS OAT OATS COAT COATS COST COSTS COT COTS SCOT TACO TACOS ONSET NOTE NOTES TONE
TONES STONE STONES ONE ONES NOSE NOSES SON SONS TON TONS CONE CONES SCONE SCONES ONCE
CASTE CASTES ACES ACE CASE CASES TACIT CANTO CANTOS OCEAN OCEANS CANOE CANOES SECTION
""".split()

RU_WORDS = """
КОТ ТОК СОК КОСА ОСА ЛОСЬ НОС СОН ТОН НОТА ЛЁД ЁЖ ЕЛЬ ЛЕС СЕЛО ОСЕНЬ ЛЕТО ЛОТО КОЛЕСО
СТОЛ СТО ЛОТ ТЕЛО ОКНО НОЖ ЁЛКА ЛЕНТА СЕТЬ ТЕНЬ ЛЕНЬ КОНЬ СЛОН ОСЁЛ ТЁЛКА ЛАСКА КАСТА
""".split()


@pytest.fixture(scope="session")
def en_words() -> SnakeWords:
    # the common words are every other one: the rest are "bonus" words
    return SnakeWords.from_words(EN_WORDS, "en", common=EN_WORDS[::2])


@pytest.fixture(scope="session")
def ru_words() -> SnakeWords:
    return SnakeWords.from_words(RU_WORDS, "ru")


def brute_force_words(board: Board, words, min_len: int) -> set[str]:
    """Every word of ``words`` along some path of ``board``: enumerate every path (each
    step to one of the eight neighbours, no cell twice) up to the longest word's length in
    cells, spell it, keep the spellings that are words of at least ``min_len`` letters.
    Exhaustive, so only for small boards (3x3) or short words."""
    words = set(words)
    longest = max(map(len, words), default=0)
    found: set[str] = set()

    def walk(path, text):
        if len(text) >= min_len and text in words:
            found.add(text)
        if len(text) >= longest:
            return
        r, c = path[-1]
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                n = (r + dr, c + dc)
                if (dr or dc) and 0 <= n[0] < board.rows and 0 <= n[1] < board.cols and n not in path:
                    walk(path + [n], text + board.cells[n[0]][n[1]])

    for r in range(board.rows):
        for c in range(board.cols):
            walk([(r, c)], board.cells[r][c])
    return found


def brute_force_word_search(board: Board, words, min_len: int) -> set[str]:
    """The same set, word by word: for each word, try every path whose tiles spell the
    word so far (exhaustive along the word; fast enough for 6x6 and a few hundred words)."""
    tiles = {(r, c): board.cells[r][c] for r in range(board.rows) for c in range(board.cols)}

    def spells(word, pos, cell, used):
        t = tiles[cell]
        if not word.startswith(t, pos):
            return False
        pos += len(t)
        if pos == len(word):
            return True
        r, c = cell
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                n = (r + dr, c + dc)
                if (dr or dc) and n in tiles and n not in used:
                    if spells(word, pos, n, used | {n}):
                        return True
        return False

    return {w for w in set(words) if len(w) >= min_len
            and any(spells(w, 0, cell, {cell}) for cell in tiles)}


def is_path(board: Board, path) -> bool:
    if not path or len(set(path)) != len(path):
        return False
    for (r, c) in path:
        if not (0 <= r < board.rows and 0 <= c < board.cols):
            return False
    return all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in zip(path, path[1:]))
