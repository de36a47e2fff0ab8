"""``wordbler-cli snake new``: deal a Word Snake board and list every word on it.

    wordbler-cli snake new [--size COLSxROWS] [--seed N] [--lang CODE] [--lexicon FILE] [--json]
                           [--code CODE] [--min N]

JSON (the contract of MODES.md, with extra fields after it)::

    {"rows": ["SETE", ...], "min": 3, "words": ["..."], "target": "...", "in_band": true,
     "seed": 123, "size": "4x4", "lang": "en", "code": "EN-4X4-3F", "band": [40, 400],
     "count": 117, "common": 96}

``rows`` write a multi-letter tile in parentheses: ``(QU)``.
"""

from __future__ import annotations

import argparse
import json
import sys

from wordbler.cli._io import lang_code_of, seed_number
from wordbler.snake.rules import LANGS

PROG = "wordbler-cli snake"


def register(sub) -> None:
    snake = sub.add_parser("snake", help="Word Snake: deal boards",
                           description="Word Snake: a grid of letters; words along paths.")
    inner = snake.add_subparsers(dest="snake_command", required=True,
                                 parser_class=type(snake))
    new = inner.add_parser("new", help="deal a board and list every word on it",
                           description="Deal a board the game would deal and list every word on it.")
    new.add_argument("--size", default="4x4", metavar="COLSxROWS",
                     help="board size, 3 to 6 each way (default 4x4)")
    new.add_argument("--seed", type=_seed, metavar="N",
                     help="seed (default: a random one, printed)")
    new.add_argument("--lang", default="en", type=lang_code_of(LANGS),
                     help="language: " + ", ".join(LANGS) + " (default en)")
    new.add_argument("--lexicon", metavar="FILE", help="word list (default: the bundled one)")
    new.add_argument("--json", action="store_true", help="one JSON document on stdout")
    new.add_argument("--code", metavar="CODE",
                     help="a board's share code (sets language, size and seed)")
    new.add_argument("--min", type=int, metavar="N",
                     help="minimum word length (default: 3, or 4 from 5x5 up)")
    new.set_defaults(func=run_new)


def _seed(text: str) -> int:
    from wordbler.snake.codes import MAX_SEED

    n = seed_number(text)
    if n > MAX_SEED:  # its share code could not be read back
        raise argparse.ArgumentTypeError(f"seed {n} is larger than a board code holds "
                                         f"(at most {MAX_SEED})")
    return n


def _emit(text: str, *, utf8: bool) -> None:
    """Write ``text`` to stdout.  JSON (``utf8``) goes out as UTF-8 bytes whatever the
    locale says (the contract: UTF-8, not ASCII-escaped); the human listing uses the
    terminal's encoding, with ``?`` for a letter it cannot show, instead of a traceback."""
    out = sys.stdout
    buf = getattr(out, "buffer", None)
    if buf is None:  # a text-only stream (tests, embedding): it takes str
        out.write(text)
        return
    out.flush()
    data = text.encode("utf-8") if utf8 else text.encode(out.encoding or "utf-8", "replace")
    buf.write(data)
    buf.flush()


def one_line(message: object) -> str:
    """``message`` on one line: a line break or other control character (from a file name,
    say) is written as its escape, so the message is always exactly one line."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in str(message))


def _fail(message: str) -> int:
    print(f"{PROG}: {one_line(message)}", file=sys.stderr)
    return 2


def run_new(args: argparse.Namespace) -> int:
    from wordbler.lexicon import WordListError
    from wordbler.snake import BoardSpec, CodeError, SpecError, generate, parse_code, parse_size
    from wordbler.snake.codes import ShareCode, list_tag, random_seed
    from wordbler.snake.words import SnakeWords

    lang, seed, min_len, code = args.lang, args.seed, args.min, None
    try:
        if args.code:
            code = parse_code(args.code)
            lang, cols, rows, seed = code.lang, code.cols, code.rows, code.seed
            if min_len is None:
                min_len = code.min_len
        else:
            cols, rows = parse_size(args.size)
        spec = BoardSpec(cols, rows, lang, min_len)
    except (CodeError, SpecError) as e:
        return _fail(str(e))
    if seed is None:
        seed = random_seed()
    try:
        words = (SnakeWords.from_file(args.lexicon, lang) if args.lexicon
                 else SnakeWords.bundled_list(lang))
    except (WordListError, OSError) as e:
        return _fail(str(e))
    deal = generate(spec, words, seed)
    tag = None if words.bundled else list_tag(words.content_hash)
    code_text = str(ShareCode(lang, cols, rows, seed, tag, spec.min_len))
    if code is not None and code.list_tag and code.list_tag != tag:
        # as the app's code dialog says: the same code on another list is another board
        print(f"{PROG}: note: the code was made with a word list tagged {code.list_tag}; "
              f"this board uses {'the bundled list' if tag is None else f'list {tag}'} "
              "and may differ", file=sys.stderr)
    listed = [w for w, _ in deal.words]
    if args.json:
        doc = {
            "rows": deal.board.row_strings(),
            "min": spec.min_word,
            "words": listed,
            "target": deal.target,
            "in_band": deal.in_band,
            "seed": seed,
            "size": spec.size_text,
            "lang": lang,
            "code": code_text,
            "band": [deal.band.lo, deal.band.hi],
            "count": deal.count,
            "common": len(deal.common),
        }
        _emit(json.dumps(doc, ensure_ascii=False) + "\n", utf8=True)
        return 0
    out = [f"Board {code_text} ({spec.size_text}, {lang}, seed {seed}):", ""]
    out += ["  " + " ".join(f"{t.capitalize() if len(t) > 1 else t:<2}" for t in row).rstrip()
            for row in deal.board.cells]
    out.append("")
    band = f"band {deal.band.lo}-{deal.band.hi}"
    out.append(f"{deal.count} words of {spec.min_word}+ letters ({band}, "
               f"{'in' if deal.in_band else 'NOT in'} band); {len(deal.common)} common")
    out.append(f"target: {deal.target or '(none)'}")
    length = None
    for w in listed:
        if len(w) != length:
            length = len(w)
            out.append(f"\n{length} letters:")
        out.append(f"  {w}{'' if w in deal.common else ' *'}")
    if len(deal.common) != deal.count:
        out.append("\n* a bonus word (valid, not common)")
    _emit("\n".join(out) + "\n", utf8=False)
    return 0
