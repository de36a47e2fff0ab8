"""``wordbler-cli wordgrid new`` and ``wordbler-cli wordgrid solve`` (contract: MODES.md).

    wordbler-cli wordgrid new [--size 5|7] [--seed N] [--lang CODE] [--lexicon FILE] [--json]
    wordbler-cli wordgrid solve ROWS [--lang CODE] [--lexicon FILE] [--json]

``new`` prints ``{"size", "solution", "puzzle", "swaps"}`` (plus ``seed``, ``limit``,
``lang``, ``words``); ``solve`` prints ``{"solution", "swaps"}`` (plus ``grids``, how many
valid grids the letters make).  ``solve -`` reads one puzzle a line from stdin and writes
JSON Lines.  Bad input: one line on stderr, exit 2; letters that make no valid grid are bad
input too (not a scrambled grid of listed words: batch mode gives them an error line).
"""

from __future__ import annotations

import json
import random
import sys

from wordbler.lexicon import AlphabetError, WordListError, get_alphabet

from wordbler.wordgrid.fill import WordIndex
from wordbler.wordgrid.grid import GridError, parse_rows
from wordbler.wordgrid.puzzle import GenerationError
from wordbler.wordgrid.solve import NoSolution, solve
from wordbler.wordgrid.words import load_grid_words, make_puzzle

from ._io import emit, lang_code, not_utf8, one_line, seed_number, stdin_lines

PROG = "wordbler-cli wordgrid"


def register(sub) -> None:
    p = sub.add_parser("wordgrid", help="Word Grid: make or solve a swap puzzle",
                       description="Word Grid: crossing words on a 5x5 or 7x7 grid, "
                                   "scrambled; swap letters back.")
    wsub = p.add_subparsers(dest="wordgrid_command", required=True,
                            parser_class=type(p))
    new = wsub.add_parser("new", help="make a puzzle")
    new.add_argument("--size", type=int, choices=(5, 7), default=5)
    new.add_argument("--seed", type=seed_number, default=None,
                     help="the same seed, size, language and list give the same puzzle")
    _common(new)
    new.set_defaults(func=run_new)
    sol = wsub.add_parser("solve", help="find the grid a puzzle makes and the fewest swaps")
    sol.add_argument("rows", metavar="ROWS",
                     help="puzzle rows separated by '/', a space for each hole; '-' reads "
                          "one puzzle a line from stdin")
    _common(sol)
    sol.set_defaults(func=run_solve)


def _common(p) -> None:
    p.add_argument("--lang", default="en", type=lang_code,
                   help="language code: en (default), ru or fr")
    p.add_argument("--lexicon", metavar="FILE", default=None,
                   help="a word list (one word a line); every word of it counts")
    p.add_argument("--json", action="store_true", help="one JSON document on stdout")


def _fail(cmd: str, message: str, status: int = 2) -> int:
    print(f"{PROG} {cmd}: {one_line(message)}", file=sys.stderr)
    return status


def _dump(data) -> str:
    return json.dumps(data, ensure_ascii=False)


def run_new(args) -> int:
    try:
        get_alphabet(args.lang)
        words = load_grid_words(args.lang, args.size, args.lexicon)
    except (AlphabetError, WordListError, OSError) as e:
        return _fail("new", str(e))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    try:
        p = make_puzzle(words, seed)
    except GenerationError as e:
        return _fail("new", str(e))
    data = {"size": p.size, "solution": p.solution_rows(), "puzzle": p.start_rows(),
            "swaps": p.swaps, "seed": seed, "limit": p.limit, "lang": args.lang,
            "words": p.words()}
    if args.json:
        emit(_dump(data), utf8=True)
    else:
        lines = [f"Word Grid {p.size}x{p.size}, seed {seed}: {p.swaps} swaps solve it "
                 f"(limit {p.limit})", f"{'puzzle':<{p.size + 4}}solution"]
        lines += [f"{a:<{p.size + 4}}{b}" for a, b in zip(p.start_rows(), p.solution_rows())]
        emit("\n".join(lines), utf8=False)
    return 0


class _Solver:
    """One word list per grid size, indexed once for a batch."""

    def __init__(self, lang: str, lexicon: str | None) -> None:
        self.lang = lang
        self.lexicon = lexicon
        self.alphabet = get_alphabet(lang)
        self.indexes: dict[int, WordIndex] = {}
        if lexicon is not None:  # read the file once, up front, so a bad file fails at once
            from wordbler.lexicon import load_wordlist

            self.wordlist = load_wordlist(lexicon, lang)

    def index(self, size: int) -> WordIndex:
        if size not in self.indexes:
            if self.lexicon is None:
                words = load_grid_words(self.lang, size).words
            else:
                words = tuple(w for w in self.wordlist.words if len(w) == size)
            self.indexes[size] = WordIndex.build(words, size)
        return self.indexes[size]

    def solve(self, text: str) -> dict:
        lay, letters = parse_rows(text, self.alphabet, what="puzzle")
        s = solve(lay, self.index(lay.size), letters)
        swaps = [[*lay.coords[i], *lay.coords[j]] for i, j in s.swaps]
        return {"solution": lay.rows(s.grid), "swaps": swaps, "grids": s.grids_found}


def run_solve(args) -> int:
    try:
        solver = _Solver(args.lang, args.lexicon)
    except (AlphabetError, WordListError, OSError) as e:
        return _fail("solve", str(e))
    if args.rows == "-":
        for line in stdin_lines():  # a blank line is an empty puzzle: an error on its line
            if isinstance(line, UnicodeDecodeError):
                out = {"error": not_utf8(line)}
            else:
                try:
                    out = solver.solve(line)
                except (GridError, AlphabetError, NoSolution) as e:
                    out = {"error": one_line(e)}
            emit(_dump(out), utf8=True)
        return 0
    try:
        out = solver.solve(args.rows)
    except (GridError, AlphabetError) as e:
        return _fail("solve", str(e))
    except (WordListError, OSError) as e:
        return _fail("solve", str(e))
    except NoSolution as e:  # not the scramble of any grid: bad input, as on a batch line
        return _fail("solve", str(e))
    if args.json:
        emit(_dump(out), utf8=True)
    else:
        lines = [*out["solution"], f"{len(out['swaps'])} swaps:"]
        lines += [f"  [{r1}, {c1}] <-> [{r2}, {c2}]" for r1, c1, r2, c2 in out["swaps"]]
        emit("\n".join(lines), utf8=False)
    return 0
