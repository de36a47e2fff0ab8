"""The board game's commands: ``check``, ``replay``, ``moves``, ``selfplay``."""

from __future__ import annotations

import argparse
import importlib
import sys


def _load_lexicon(path: str | None, lang: str = "en"):
    """The board game's word list of ``lang`` (en as always; ru read with Ё as Е; fr)."""
    if lang == "en":
        from wordbler.lexicon.dictionary import load_bundled, load_file

        return load_file(path) if path else load_bundled()
    from wordbler.boardgame.languages import load_bundled_words, load_user_words

    return load_user_words(path, lang) if path else load_bundled_words(lang)


def _cmd_check(args: argparse.Namespace) -> int:
    from wordbler.boardgame.gcg import shown
    from wordbler.lexicon.dictionary import LexiconError

    for i, word in enumerate(args.words, 1):
        if not word.strip():
            print(f"wordbler-cli check: word {i} is empty", file=sys.stderr)
            return 2
    lang = getattr(args, "lang", "en") or "en"
    from wordbler.boardgame.languages import LANGUAGES

    if lang not in LANGUAGES:
        print(f"wordbler-cli check: unknown language {shown(lang)!r} (known: "
              f"{', '.join(LANGUAGES)})", file=sys.stderr)
        return 2
    try:
        lexicon = _load_lexicon(args.lexicon, lang)
    except (LexiconError, ValueError) as e:  # WordListError is a ValueError
        print(f"wordbler-cli check: {shown(str(e), 500)}", file=sys.stderr)
        return 2
    alphabet = None
    if lang != "en":
        from wordbler.boardgame.rules import board_alphabet

        alphabet = board_alphabet(lang)
    all_ok = True
    for word in args.words:
        # A-Z in either case (ASCII only: no Unicode case folding, so "ß" or "ſ" is never
        # read as S); anything else is simply not a word.  Other languages read the word
        # through their board-game alphabet (Russian: either case, Ё as Е)
        if alphabet is not None:
            folded = alphabet.try_normalise(word)
            ok = folded is not None and folded in lexicon
        else:
            ok = word in lexicon
        all_ok &= ok
        # one line per word, whatever it holds (control characters, undecodable bytes)
        print(f"{shown(word, len(word) + 1)} {'valid' if ok else 'invalid'}")
    return 0 if all_ok else 1


def register(sub) -> None:
    check = sub.add_parser("check", help="say whether words are in the board game's dictionary")
    check.add_argument("--lexicon", metavar="FILE",
                       help="word list (default: the bundled one of --lang)")
    check.add_argument("--lang", default="en", metavar="CODE",
                       help="the board game's language: en (default), ru (Ё as Е) or fr")
    check.add_argument("words", nargs="+", metavar="WORD")
    check.set_defaults(func=_cmd_check)

    _add(sub, "replay", "wordbler.boardgame.replay", "replay game records, recomputing scores")
    _add(sub, "moves", "wordbler.boardgame.movegen.cli", "list every move for a board and rack")
    _add(sub, "selfplay", "wordbler.boardgame.selfplay", "play computer games and check them")


def _add(sub, name: str, module: str, help_text: str) -> None:
    """A subcommand whose module provides ``configure_parser(parser)`` and ``run(args)``."""
    mod = importlib.import_module(module)
    p = sub.add_parser(name, help=help_text)
    mod.configure_parser(p)
    p.set_defaults(func=mod.run)
