"""``wordbler-cli``: engine tools on the command line (no Qt).

Subcommands: ``check`` (look words up), ``replay`` (recompute a game record's scores),
``moves`` (list every move for a board and rack), ``selfplay`` (computer games).
Exit codes: 0 success, 1 a negative answer (invalid word, mismatch), 2 an error.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse exits 2 too; keep the message short
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def _load_lexicon(path: str | None):
    from .dictionary import load_bundled, load_file

    return load_file(path) if path else load_bundled()


def _cmd_check(args: argparse.Namespace) -> int:
    from .dictionary import LexiconError

    try:
        lexicon = _load_lexicon(args.lexicon)
    except LexiconError as e:
        print(f"wordbler-cli check: {e}", file=sys.stderr)
        return 2
    all_ok = True
    for word in args.words:
        ok = word in lexicon  # case-insensitive; anything but A-Z is simply not a word
        all_ok &= ok
        print(f"{word} {'valid' if ok else 'invalid'}")
    return 0 if all_ok else 1


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="wordbler-cli", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    check = sub.add_parser("check", help="say whether words are in the dictionary")
    check.add_argument("--lexicon", metavar="FILE", help="word list (default: the bundled one)")
    check.add_argument("words", nargs="+", metavar="WORD")
    check.set_defaults(func=_cmd_check)

    _add_optional(sub, "replay", "wordbler.replay", "replay game records, recomputing scores")
    _add_optional(sub, "moves", "wordbler.movegen.cli", "list every move for a board and rack")
    _add_optional(sub, "selfplay", "wordbler.selfplay", "play computer games and check them")
    return parser


def _add_optional(sub, name: str, module: str, help_text: str) -> None:
    """A subcommand whose module provides ``configure_parser(parser)`` and ``run(args)``."""
    import importlib

    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name != module:
            raise
        return
    p = sub.add_parser(name, help=help_text)
    mod.configure_parser(p)
    p.set_defaults(func=mod.run)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
