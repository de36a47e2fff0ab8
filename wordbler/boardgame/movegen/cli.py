"""``wordbler-cli moves``: every move for a board and a rack, in the ``.moves`` format.

    wordbler-cli moves --board FILE --rack RACK [--lexicon FILE] [--top N]

Prints ``<coord> <word> <score>`` lines sorted like the golden ``.moves`` files, so the
output of a golden position ``diff``\\s empty against its ``.moves`` file.  The lexicon graph
comes from the user cache when it is there (built and cached otherwise).  A bad board or
rack, or an unreadable file, is reported on stderr with exit status 2.
"""

from __future__ import annotations

import argparse
import sys

PROG = "wordbler-cli moves"


def configure_parser(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--board", required=True, metavar="FILE",
                        help="board file: 15 lines of 15 of '.', A-Z (tiles), a-z (blanks)")
    parser.add_argument("--rack", required=True, metavar="RACK",
                        help="rack letters A-Z, '?' for a blank")
    parser.add_argument("--lexicon", metavar="FILE",
                        help="word list (default: the bundled dictionary)")
    parser.add_argument("--top", type=int, metavar="N", help="print only the first N moves")


def _error(message: str) -> int:
    print(f"{PROG}: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    from .generator import BoardFormatError, generate, parse_board, parse_rack
    from wordbler.lexicon.graph import load_or_build

    if args.top is not None and args.top < 0:
        return _error("--top must be 0 or more")
    try:
        with open(args.board, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        return _error(f"cannot read the board file {args.board}: {e}")
    lines = text.splitlines()
    while lines and not lines[-1].strip():
        lines.pop()  # tolerate trailing blank lines
    try:
        rows = parse_board(lines)
    except BoardFormatError as e:
        return _error(f"{args.board}: {e}")
    try:
        rack = parse_rack(args.rack)
    except BoardFormatError as e:
        return _error(f"--rack {args.rack!r}: {e}")

    from wordbler.lexicon.dictionary import LexiconError, load_bundled, load_file

    try:
        lexicon = load_file(args.lexicon) if args.lexicon else load_bundled()
    except LexiconError as e:
        return _error(str(e))
    graph = load_or_build(lexicon, lexicon.content_hash)
    moves = generate(rows, rack, graph)
    out = moves.lines(args.top)
    if out:
        sys.stdout.write("\n".join(out) + "\n")
    return 0
