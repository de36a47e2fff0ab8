"""``wordbler-cli wordsearch new`` and ``wordbler-cli wordsearch solve`` (contract: MODES.md).

Beyond the contract: ``--theme NAME`` (a bundled themed list), ``--shape circle|heart|diamond``
or ``--shape-file FILE`` (a picture of cells), ``--message TEXT`` (hidden in the leftover
letters), ``--bonus WORDS`` (secret words, comma-separated), ``--title TEXT``, ``--text FILE``
(plain-text export), ``--lower`` and ``--large`` (for the PDF).  ``--pdf`` needs Qt (imported
only then).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys

from wordbler.lexicon.alphabet import AlphabetError, get_alphabet

from ._io import not_utf8, seed_number, stdin_lines

PROG = "wordbler-cli wordsearch"


def register(sub) -> None:
    p = sub.add_parser("wordsearch", help="word search puzzles: make one, or solve a grid",
                       description="Word search puzzles: make one (new) or find words in a grid (solve).")
    inner = p.add_subparsers(dest="wordsearch_command", required=True, parser_class=type(p))

    n = inner.add_parser("new", help="make a puzzle", description="Hide words in a grid and fill the rest.")
    n.add_argument("--size", default="15x15", help="COLSxROWS, each 5..50 (default 15x15)")
    src = n.add_mutually_exclusive_group()
    src.add_argument("--words", metavar="FILE", help="the words to hide, one a line")
    src.add_argument("--count", type=int, metavar="N", help="hide N words drawn from the list (default 20)")
    src.add_argument("--theme", metavar="NAME", help="hide a bundled themed list (see --list-themes)")
    n.add_argument("--level", default="medium", choices=("easy", "medium", "hard"))
    n.add_argument("--seed", type=seed_number, help="same seed, settings and words: same puzzle")
    n.add_argument("--lang", default="en", help="en (default), ru or fr")
    n.add_argument("--lexicon", metavar="FILE", help="word list to draw --count words from")
    n.add_argument("--json", action="store_true", help="one JSON document on stdout")
    n.add_argument("--pdf", metavar="FILE", help="also write a printable PDF (puzzle + answer key)")
    n.add_argument("--paper", default="a4", choices=("a4", "letter"))
    n.add_argument("--text", metavar="FILE", help="also write the puzzle and answer key as plain text")
    n.add_argument("--shape", default="rectangle", choices=("rectangle", "circle", "heart", "diamond"))
    n.add_argument("--shape-file", metavar="FILE", help="a picture of the cells: # a cell, . a hole")
    n.add_argument("--message", default="", help="a hidden message spelled by the leftover letters")
    n.add_argument("--bonus", default="", help="secret bonus words, comma-separated")
    n.add_argument("--title", default="", help="title printed above the puzzle")
    n.add_argument("--lower", action="store_true", help="lower-case letters in the PDF and text")
    n.add_argument("--large", action="store_true", help="large print PDF")
    n.add_argument("--list-themes", action="store_true", help="list the themed lists of --lang and stop")
    n.set_defaults(func=run_new)

    s = inner.add_parser("solve", help="find words in a grid",
                         description="Find the words of FILE in a grid written ROW/ROW/...")
    s.add_argument("rows", metavar="ROWS", help="the grid, rows separated by / ('-': one grid a line from "
                                                "stdin, one JSON document a line out)")
    s.add_argument("--words", metavar="FILE", required=True, help="the words to find, one a line")
    s.add_argument("--lang", default="en", help="en (default), ru or fr")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=run_solve)


def _fail(cmd: str, message: str) -> int:
    line = " ".join(str(message).split())
    print(f"wordbler-cli wordsearch {cmd}: {line}", file=sys.stderr)
    return 2


def _emit(text: str, *, utf8: bool = True) -> None:
    """Write ``text`` to stdout: JSON as UTF-8 bytes whatever the locale says (the contract:
    UTF-8, not ASCII-escaped); the human listing in the terminal's encoding, with ``?`` for a
    letter it cannot show, instead of a traceback."""
    out = sys.stdout
    buf = getattr(out, "buffer", None)
    if buf is None:  # a text-only stream (tests, embedding): it takes str
        out.write(text)
        return
    out.flush()
    buf.write(text.encode("utf-8") if utf8 else text.encode(out.encoding or "utf-8", "replace"))
    buf.flush()


def _size(text: str) -> tuple[int, int]:
    from wordbler.wordsearch.words import WordSearchError

    # ASCII digits (int() would take any Unicode digit); x, X, the multiplication sign or
    # the Cyrillic letter (a Russian keyboard) between them
    m = re.fullmatch(r"\s*([0-9]{1,3})\s*[xX\u00d7\u0445\u0425]\s*([0-9]{1,3})\s*", text or "")
    if not m:
        raise WordSearchError(f"--size {text!r} is not COLSxROWS (like 15x15)")
    return int(m.group(1)), int(m.group(2))


def run_new(args: argparse.Namespace) -> int:
    from wordbler.lexicon import WordListError, load_wordlist
    from wordbler.wordsearch import Settings, generate
    from wordbler.wordsearch.grid import LEVELS, check_size, longest_line, make_mask, mask_from_picture
    from wordbler.wordsearch.textexport import to_text
    from wordbler.wordsearch.words import (MAX_COUNT, WordSearchError, common_pool, draw_words, read_entries,
                                           read_text_file, theme_entries, theme_names)

    try:
        alphabet = _alphabet(args.lang)
        if args.list_themes:
            _emit("".join(name + "\n" for name in theme_names(args.lang)), utf8=False)
            return 0
        if args.shape_file:
            mask = mask_from_picture(read_text_file(args.shape_file, what="shape file"), "picture")
        else:
            cols, rows = _size(args.size)
            check_size(cols, rows)
            mask = make_mask(args.shape, cols, rows)
        limit = max(mask.cols, mask.rows)
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 31)
        theme = ""
        if args.words:
            entries = read_entries(args.words, alphabet)  # too long for the grid: unplaced
        elif args.theme:
            entries = [e for e in theme_entries(args.lang, args.theme) if len(e.word) <= limit]
            theme = args.theme
        else:
            count = 20 if args.count is None else args.count
            if count < 1:
                raise WordSearchError(f"--count must be at least 1, not {count}")
            if count > MAX_COUNT:
                raise WordSearchError(f"--count must be at most {MAX_COUNT}, not {count}")
            pool = list(load_wordlist(args.lexicon, args.lang).words) if args.lexicon else common_pool(args.lang)
            # the common words come most common first: draw from the first 3,000; a user's list
            # is in alphabetical order: draw from all of it (not only the words on A and B)
            first = len(pool) if args.lexicon else 3000
            top = min(10, longest_line(mask, LEVELS[args.level]) or limit)
            rng = random.Random(seed ^ 0x5EED)
            try:
                entries = draw_words(pool, count, rng, alphabet=alphabet, min_len=min(4, top), max_len=top,
                                     top=first)
            except WordSearchError:
                entries = draw_words(pool, count, random.Random(seed ^ 0x5EED), alphabet=alphabet,
                                     min_len=2, max_len=top, top=first)
        bonus = tuple(b.strip() for b in args.bonus.split(",") if b.strip())
        settings = Settings(cols=mask.cols, rows=mask.rows, level=args.level, lang=args.lang, mask=mask,
                            message=args.message, title=args.title, theme=theme, bonus=bonus)
        puzzle = generate(settings, entries, seed)
    except (WordSearchError, AlphabetError, WordListError) as e:
        return _fail("new", e)

    if args.text:
        from wordbler.wordsearch.play import write_text_atomic

        try:
            folder = os.path.dirname(os.path.abspath(args.text))
            if not os.path.isdir(folder):  # as --pdf: a mistyped path makes no folders
                raise OSError(f"no folder {folder!r}")
            write_text_atomic(args.text, to_text(puzzle, lower=args.lower))
        except OSError as e:
            return _fail("new", f"cannot write {args.text!r}: {e.strerror or e}")
    if args.pdf:
        try:
            from wordbler.ui.wordsearch.printing import export_pdf_headless
        except ImportError as e:  # pragma: no cover - Qt missing
            return _fail("new", f"--pdf needs Qt (PySide6): {e}")
        try:
            export_pdf_headless(puzzle, args.pdf, paper=args.paper, lower=args.lower, large=args.large)
        except OSError as e:
            return _fail("new", f"cannot write {args.pdf!r}: {e.strerror or e}")

    if args.json:
        _emit(json.dumps(puzzle.cli_json(), ensure_ascii=False) + "\n")
    else:
        _emit(to_text(puzzle, answers=False, lower=args.lower), utf8=False)
    return 0


def _alphabet(lang: str):
    """The alphabet of ``--lang``, checked inside the command (its callers may build their
    own parser): the same refusal as the other modes' ``--lang``."""
    from wordbler.cli._io import unknown_language

    why = unknown_language(lang)
    if why:
        raise AlphabetError(why)
    return get_alphabet(lang)


def run_solve(args: argparse.Namespace) -> int:
    from wordbler.wordsearch.solver import parse_rows, solve
    from wordbler.wordsearch.words import WordSearchError, read_entries

    try:
        alphabet = _alphabet(args.lang)
        entries = read_entries(args.words, alphabet)
        words = [e.word for e in entries]
        if args.rows == "-":
            # the queries are UTF-8 whatever the locale says, like the output
            for line in stdin_lines():
                try:
                    if isinstance(line, UnicodeDecodeError):
                        doc = {"error": not_utf8(line)}
                    else:
                        doc = _solution(alphabet, solve(parse_rows(line.strip(), alphabet), words))
                except WordSearchError as e:
                    doc = {"error": str(e)}
                _emit(json.dumps(doc, ensure_ascii=False) + "\n")
            return 0
        rows = parse_rows(args.rows, alphabet)
    except (WordSearchError, AlphabetError) as e:
        return _fail("solve", e)
    doc = _solution(alphabet, solve(rows, words))
    if args.json:
        _emit(json.dumps(doc, ensure_ascii=False) + "\n")
    else:
        lines = [f"{p['word']}  row {p['row']} col {p['col']} {p['dir']}" for p in doc["placed"]]
        if doc["unplaced"]:
            lines.append("not found: " + ", ".join(doc["unplaced"]))
        _emit("".join(line + "\n" for line in lines), utf8=False)
    return 0


def _solution(alphabet, result) -> dict:
    """The ``placed``/``unplaced`` JSON of a solve, in listing order (longest first, then
    the alphabet's order), the same order as ``new`` gives."""
    placed, unplaced = result
    key = alphabet.listing_key
    return {"placed": [p.as_json() for p in sorted(placed, key=lambda p: key(p.word))],
            "unplaced": sorted(unplaced, key=key)}
