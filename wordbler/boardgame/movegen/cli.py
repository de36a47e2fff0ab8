"""``wordbler-cli moves``: every move for a board and a rack, in the ``.moves`` format.

    wordbler-cli moves --board FILE --rack RACK [--lexicon FILE] [--top N] [--lang en|ru|fr]

Prints ``<coord> <word> <score>`` lines sorted like the golden ``.moves`` files, so the
output of a golden position ``diff``\\s empty against its ``.moves`` file.  The lexicon graph
comes from the user cache when it is there (built and cached otherwise).

Nothing impossible is answered.  The board file must be a regular UTF-8 text file of
exactly 15 lines of 15 squares (``.``, ``A``-``Z`` for a tile, ``a``-``z`` for a blank; a
final line end and empty lines after the 15th are allowed), at most :data:`MAX_BOARD_BYTES`.
Letters of the board and the rack are read exactly through the alphabet's own case table
(:mod:`wordbler.lexicon.alphabet`: ``ß``, ``ſ`` and ``ı`` are not letters, nothing is case
folded by Unicode rules).  The position must be one a game can reach: no more tiles of a
letter on the board and the rack together than the tile set has (blanks: no more on the
board, or on the rack, than the set has; see :func:`check_tiles`), every tile
connected to the others through the centre square, and every word on the board in the word
list.  Anything else gets one line on stderr naming the problem, and exit status 2.

``--lang ru`` (or ``fr``): the board and rack hold that language's letters (Russian: А-Я
without Ё, lower case for a blank; Ё on the rack is read as Е), the language's tile set
counts and scores, and its bundled word list is the default.  Squares stay ``8H`` / ``H8``.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, deque

from wordbler.boardgame.gcg import GCGError, read_bounded, shown
from wordbler.boardgame.model import COLUMN_LETTERS
from wordbler.boardgame.rules import BLANK, STANDARD, RuleSet

PROG = "wordbler-cli moves"
MAX_BOARD_BYTES = 4096  # 15 lines of 15 squares are 240 to 256 bytes
_MAX_LISTED = 5  # squares or words named in one message


class PositionError(ValueError):
    """A board or rack that no game can have; the message names the problem."""


def configure_parser(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--board", required=True, metavar="FILE",
                        help="board file: 15 lines of 15 of '.', A-Z (tiles), a-z (blanks)")
    parser.add_argument("--rack", required=True, metavar="RACK",
                        help="rack letters A-Z, '?' for a blank")
    parser.add_argument("--lexicon", metavar="FILE",
                        help="word list (default: the bundled dictionary)")
    parser.add_argument("--top", type=int, metavar="N", help="print only the first N moves")
    parser.add_argument("--lang", default="en", metavar="CODE",
                        help="tile set and word list: en (default), ru (Ё as Е) or fr")


def _error(message: str) -> int:
    print(f"{PROG}: {message}", file=sys.stderr)
    return 2


def _char(ch: str) -> str:
    if ch.isprintable() and not ch.isspace():
        return f"'{ch}' (U+{ord(ch):04X})"
    return f"U+{ord(ch):04X}"


def _letters(rules: RuleSet) -> str:
    """How a message names the tile letters: ``A-Z`` in English, ``Russian letters`` ..."""
    return "A-Z" if rules.language == "en" else f"{rules.alphabet.name} letters"


# ---------------------------------------------------------------------------- reading


def read_board(path: str, rules: RuleSet = STANDARD) -> list[str]:
    """The rows of the board file at ``path``; :class:`PositionError` naming what is wrong."""
    try:
        data = read_bounded(path, MAX_BOARD_BYTES, what="board file")
    except GCGError as e:
        raise PositionError(f"board file {e}") from None
    return parse_board_text(data, rules, name=shown(path, 4096))


def parse_board_text(data: bytes, rules: RuleSet = STANDARD, name: str = "board") -> list[str]:
    """Board file bytes as rows (each ``.``, an upper-case letter or a lower-case blank)."""
    layout = rules.layout
    if b"\0" in data:
        raise PositionError(f"{name} is binary data, not a board (a NUL byte)")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise PositionError(f"{name}, line {line}: not UTF-8 text (byte "
                            f"0x{data[e.start]:02X}), not a board") from None
    lines = text.split("\n")
    lines = [ln[:-1] if ln.endswith("\r") else ln for ln in lines]
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()  # the last line's end
    while len(lines) > layout.rows and lines[-1] == "":
        lines.pop()  # the final line end, and empty lines after the board
    if len(lines) != layout.rows:
        raise PositionError(f"{name}: the board has {len(lines)} rows, expected exactly "
                            f"{layout.rows} rows of {layout.cols} squares")
    alphabet = rules.alphabet
    tiles = set(alphabet.letters)
    blanks = set(alphabet.lower)
    for i, row in enumerate(lines, 1):
        for j, ch in enumerate(row[: layout.cols], 1):
            if ch != "." and ch not in tiles and ch not in blanks:
                raise PositionError(
                    f"{name}, row {i}, column {j}: bad character {_char(ch)} (use '.' for an "
                    f"empty square, {_letters(rules)} for a tile, lower case for a blank)"
                    if rules.language != "en" else
                    f"{name}, row {i}, column {j}: bad character {_char(ch)} (use '.' for an "
                    f"empty square, A-Z for a tile, a-z for a blank)")
        if len(row) != layout.cols:
            raise PositionError(f"{name}: row {i} has {len(row)} squares, expected "
                                f"{layout.cols}")
    return lines


def parse_rack_text(text: str, rules: RuleSet = STANDARD) -> str:
    """The rack as upper-case letters and ``?``, read through the alphabet's own case table
    (``ß``, ``ſ``, ``ı``... are refused, never folded)."""
    alphabet = rules.alphabet
    rack = text.strip(" \t")
    if not rack:
        raise PositionError("the rack is empty: give 1 to "
                            f"{rules.rack_size} letters {_letters(rules)}, ? for a blank")
    out = []
    for ch in rack:
        if ch == BLANK:
            out.append(BLANK)
            continue
        letter = alphabet.letter(ch)
        if letter is None or letter not in rules.tiles.counts:
            raise PositionError(f"--rack {shown(text)}: bad rack letter {_char(ch)} (use "
                                f"{_letters(rules)}, and ? for a blank)")
        out.append(letter)
    if len(out) > rules.rack_size:
        raise PositionError(f"--rack {shown(text)}: {len(out)} tiles, a rack holds at most "
                            f"{rules.rack_size}")
    return "".join(out)


# ---------------------------------------------------------------------------- the position


def _square(row: int, col: int) -> str:
    return f"{COLUMN_LETTERS[col]}{row + 1}"


def _listed(items: list[str]) -> str:
    more = len(items) - _MAX_LISTED
    return ", ".join(items[:_MAX_LISTED]) + (f" and {more} more" if more > 0 else "")


def check_tiles(rows: list[str], rack: str, rules: RuleSet = STANDARD) -> None:
    """No letter more often on the board and the rack together than in the tile set, and no
    more blanks on the board, or on the rack, than the set has.

    Blanks on the board and blanks on the rack are counted apart: the golden move-generation
    positions (``../shared/positions``, 11-14) give a rack blanks on boards that hold blanks,
    to test how the generator walks them, and ``moves`` must answer those; a rack of three or
    more blanks, or more tiles of a letter than the set has, is still refused."""
    used = Counter()
    for row in rows:
        for ch in row:
            if ch == ".":
                continue
            used[BLANK if ch.islower() else ch] += 1
    on_board = +used
    used.update(rack)
    counts = rules.tiles.counts
    for tile in sorted(used, key=lambda t: (t == BLANK, t)):
        n, have = used[tile], counts.get(tile, 0)
        if tile == BLANK and on_board[tile] <= have and n - on_board[tile] <= have:
            continue
        if n > have:
            what = "blanks" if tile == BLANK else f"{tile} tiles"
            where = f"{on_board[tile]} on the board and {n - on_board[tile]} on the rack"
            raise PositionError(f"impossible position: {n} {what} ({where}), but the tile "
                                f"set has {have}")


def check_connected(rows: list[str], rules: RuleSet = STANDARD) -> None:
    """Every tile is joined to the centre square through other tiles (no floating tiles),
    and a board with tiles has at least one word."""
    layout = rules.layout
    occupied = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "."}
    if not occupied:
        return
    start = layout.start
    if start not in occupied:
        raise PositionError(f"impossible position: the centre square {_square(*start)} is "
                            f"empty, but the first word always covers it")
    seen = {start}
    todo = deque([start])
    while todo:
        r, c = todo.popleft()
        for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nxt in occupied and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    floating = sorted(occupied - seen)
    if floating:
        squares = [_square(r, c) for r, c in floating]
        raise PositionError(f"impossible position: tiles not connected to the centre square "
                            f"(floating): {_listed(squares)}")
    if len(occupied) < max(2, rules.min_first_move_tiles):
        raise PositionError(f"impossible position: a single tile at {_square(*start)} is no "
                            f"word (the first move places at least "
                            f"{max(2, rules.min_first_move_tiles)} tiles)")


def board_words(rows: list[str]) -> list[tuple[str, str]]:
    """Every word on the board (runs of two or more tiles, across then down), upper case,
    with its GCG position (``8D`` across, ``D8`` down)."""
    out = []
    n_rows, n_cols = len(rows), len(rows[0]) if rows else 0
    for r in range(n_rows):
        c = 0
        while c < n_cols:
            if rows[r][c] == ".":
                c += 1
                continue
            start = c
            while c < n_cols and rows[r][c] != ".":
                c += 1
            if c - start >= 2:
                out.append((rows[r][start:c].upper(), f"{r + 1}{COLUMN_LETTERS[start]}"))
    for c in range(n_cols):
        r = 0
        while r < n_rows:
            if rows[r][c] == ".":
                r += 1
                continue
            start = r
            while r < n_rows and rows[r][c] != ".":
                r += 1
            if r - start >= 2:
                word = "".join(rows[k][c] for k in range(start, r)).upper()
                out.append((word, f"{COLUMN_LETTERS[c]}{start + 1}"))
    return out


def check_words(rows: list[str], lexicon) -> None:
    bad = [f"{word} at {pos}" for word, pos in board_words(rows) if word not in lexicon]
    if bad:
        raise PositionError(f"impossible position: the board has words not in the word list: "
                            f"{_listed(bad)}")


def check_position(rows: list[str], rack: str, rules: RuleSet = STANDARD,
                   lexicon=None) -> None:
    """:class:`PositionError` if no game under ``rules`` can have this board and rack (and,
    given a word list, if a word on the board is not in it)."""
    check_tiles(rows, rack, rules)
    check_connected(rows, rules)
    if lexicon is not None:
        check_words(rows, lexicon)


# ---------------------------------------------------------------------------- the command


def run(args: argparse.Namespace) -> int:
    from .generator import BoardFormatError, generate, parse_board, parse_rack
    from wordbler.boardgame.languages import LANGUAGES, load_bundled_words, load_user_words
    from wordbler.lexicon.graph import load_or_build

    if args.top is not None and args.top < 0:
        return _error("--top must be 0 or more")
    lang = getattr(args, "lang", "en") or "en"
    if lang not in LANGUAGES:
        return _error(f"unknown language {shown(lang)!r} (known: {', '.join(LANGUAGES)})")
    rules = STANDARD.with_language(lang)
    try:
        rows = read_board(args.board, rules)
        rack = parse_rack_text(args.rack, rules)
        check_position(rows, rack, rules)
    except PositionError as e:
        return _error(str(e))
    try:
        rows = parse_board(rows, rules)  # the generator's own checks (the same rules)
        rack = parse_rack(rack, rules)
    except BoardFormatError as e:
        return _error(f"{shown(args.board, 4096)}: {e}")
    try:
        lexicon = (load_user_words(args.lexicon, lang) if args.lexicon
                   else load_bundled_words(lang))
    except ValueError as e:  # LexiconError, WordListError
        return _error(shown(str(e), 500))
    try:
        check_words(rows, lexicon)
    except PositionError as e:
        return _error(str(e))
    graph = load_or_build(lexicon, lexicon.content_hash, letters=rules.alphabet.letters)
    moves = generate(rows, rack, graph, rules)
    out = moves.lines(args.top)
    if out:
        sys.stdout.write("\n".join(out) + "\n")
    return 0
