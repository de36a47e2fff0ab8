"""``wordbler-cli``: the suite's engines on the command line (no Qt).

One module per command group, each exposing ``register(sub)`` (it adds its subcommands to
argparse's subparsers and sets ``func`` on each):

- :mod:`wordbler.cli.boardgame`: ``check``, ``replay``, ``moves``, ``selfplay``
- :mod:`wordbler.cli.wordtools`: ``anagram``, ``pattern``, ``grid``
- :mod:`wordbler.cli.snake`, :mod:`wordbler.cli.wordgrid`, :mod:`wordbler.cli.wordsearch`

The new modes' commands follow the contract in ``MODES.md`` (names, flags, JSON fields).
Exit codes: 0 success, 1 a negative answer (invalid word, mismatch), 2 bad input or an error,
always with one line on stderr and never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Sequence

GROUPS = ("boardgame", "wordtools", "snake", "wordgrid", "wordsearch")
# which group defines each command: only that group is imported to run it (the others' imports
# would cost start-up time on every call of a batch script)
COMMAND_GROUPS = {
    "check": "boardgame", "replay": "boardgame", "moves": "boardgame", "selfplay": "boardgame",
    "anagram": "wordtools", "pattern": "wordtools", "grid": "wordtools",
    "snake": "snake", "wordgrid": "wordgrid", "wordsearch": "wordsearch",
}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse exits 2 too; keep the message to a line
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser; given the arguments, only the group of the command they name is loaded
    (every group when they name none, so the help and the error list every command)."""
    parser = _Parser(prog="wordbler-cli", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    command = next((a for a in (argv or ()) if not a.startswith("-")), None)
    groups = (COMMAND_GROUPS[command],) if command in COMMAND_GROUPS else GROUPS
    for group in groups:
        name = f"{__name__}.{group}"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name != name:
                raise
            continue
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    try:
        args = build_parser(argv).parse_args(argv)
    except SystemExit as e:  # a usage error (its line is printed) or --help: the status, as a return
        return e.code if isinstance(e.code, int) else 2
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader went away (``| head``): stop quietly, and keep Python from complaining
        # about the closed stdout at exit
        try:
            sys.stdout = open(__import__("os").devnull, "w")  # noqa: SIM115
        except OSError:
            pass
        return 0


if __name__ == "__main__":
    sys.exit(main())
