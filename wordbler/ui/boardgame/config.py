"""What a new game is made of (chosen in the setup dialog or on the command line)."""

from __future__ import annotations

import importlib
import threading
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Container

from wordbler.boardgame.game import Game, PlayerSpec
from wordbler.boardgame.rules import get_ruleset


@dataclass(frozen=True, slots=True)
class GameConfig:
    players: tuple[PlayerSpec, ...]
    rules: str = "standard"
    lexicon: Container[str] | None = field(default=None, compare=False)
    lexicon_label: str = ""
    seed: int | None = None
    # changes to the preset, e.g. (("hints_allowed", False),) or (("hint_cost", 2),)
    rule_changes: tuple[tuple[str, object], ...] = ()
    # the game clock (wordbler.boardgame.clock.ClockSettings), None for none
    clock: object = None
    # the tile set's language (en, ru, fr: wordbler.boardgame.languages); a "tiles" entry of
    # rule_changes (a loaded game's) wins
    language: str = "en"

    def ruleset(self):
        rules = get_ruleset(self.rules).with_language(self.language)
        return rules.with_changes(**dict(self.rule_changes)) if self.rule_changes else rules

    @property
    def game_language(self) -> str:
        """The language of the games this configuration makes."""
        return self.ruleset().language

    def new_game(self) -> Game:
        game = Game(self.players, rules=self.ruleset(), lexicon=self.lexicon, seed=self.seed)
        if self.clock is not None and self.clock.active:
            from wordbler.boardgame.clock import GameClock

            game.clock = GameClock(self.clock, len(game.players))
        return game


class DictionaryUnavailable(ValueError):
    """The word list cannot be loaded (message says why, for the player)."""


def _dictionary_module():
    try:
        return importlib.import_module("wordbler.lexicon.dictionary")
    except ModuleNotFoundError as e:
        if e.name != "wordbler.lexicon.dictionary":
            raise
        return None


def load_lexicon(path: str | None = None, language: str = "en"):
    """(lexicon, label) for the bundled list of ``language`` (``path`` None) or a user's file
    read in that language's alphabet (any file works with any tile set; one with no word of
    the alphabet is refused).

    Raises :class:`DictionaryUnavailable` with a clear message if it cannot be loaded.
    """
    try:
        from wordbler.boardgame import languages
    except ImportError:  # pragma: no cover - part of every build
        languages = None
    if language != "en" and languages is not None:
        try:
            if path:
                lex = languages.load_user_words(path, language)
            else:
                lex = languages.load_bundled_words(language)
        except ValueError as e:  # WordListError, LexiconError
            raise DictionaryUnavailable(str(e)) from e
        return lex, _label(lex, path)
    mod = _dictionary_module()
    if mod is None:
        raise DictionaryUnavailable("The dictionary module is not part of this build.")
    try:
        if path:
            lex = mod.load_file(path)
        else:
            lex = mod.load_bundled()
    except mod.LexiconError as e:
        raise DictionaryUnavailable(str(e)) from e
    except OSError as e:  # pragma: no cover - load_* report these as LexiconError
        raise DictionaryUnavailable(f"Cannot read {path}: {e.strerror or e}") from e
    return lex, _label(lex, path)


def preload_bundled(language: str = "en") -> Future:
    """Start reading the bundled list of ``language`` on a thread of its own; the future's
    result is what ``load_lexicon(None, language)`` returns (or its DictionaryUnavailable).

    The setup dialog calls it when a language is chosen, so that the list (0.1 s for English,
    0.45 s for French on an idle machine, twice that on a busy one) is read while the players
    fill in the form, not on the GUI thread when Start is clicked.  A daemon thread: quitting
    does not wait for it."""
    future: Future = Future()

    def run() -> None:
        if not future.set_running_or_notify_cancel():
            return
        try:
            future.set_result(load_lexicon(None, language))
        except BaseException as e:  # DictionaryUnavailable, or a bug shown at Start
            future.set_exception(e)

    threading.Thread(target=run, name=f"wordbler-preload-{language}", daemon=True).start()
    return future


def _label(lex, path: str | None) -> str:
    label = getattr(lex, "name", None) or (path or "bundled")
    try:
        label = f"{label} ({len(lex):,} words)"
    except TypeError:
        pass
    return label


def lexicon_language(lexicon) -> str | None:
    """The language of a loaded word list: a WordList's alphabet code, ``en`` for the
    English lists (A-Z :class:`~wordbler.lexicon.dictionary.Lexicon`), None if unknown."""
    alphabet = getattr(lexicon, "alphabet", None)
    if alphabet is not None:
        return getattr(alphabet, "code", None)
    if lexicon is not None and hasattr(lexicon, "size_of"):
        return "en"
    return None


def lexicon_for_game(game, lexicon, label: str):
    """(lexicon, label) for a resumed or opened ``game``: ``lexicon`` when it is of the game's
    language, else the bundled list of that language (a Russian save opened from an English
    table plays with the Russian words).  A list that cannot be loaded gives (None, note)."""
    language = game.rules.language
    known = lexicon_language(lexicon)
    if known == language or (lexicon is not None and known is None):
        return lexicon, label  # its language, or a list of the caller's own (a test's set)
    if lexicon is None and language == "en":
        return lexicon, label  # no list: every word is accepted, as before
    try:
        return load_lexicon(None, language)
    except DictionaryUnavailable as e:
        return None, f"none ({e})"


def computer_levels() -> dict[str, str]:
    """Computer levels {key: title} when computer players can run here, else {}."""
    try:
        ai = importlib.import_module("wordbler.boardgame.ai")
        movegen = importlib.import_module("wordbler.boardgame.movegen")
    except ImportError:
        return {}
    if not hasattr(movegen, "engine_generator") or not hasattr(ai, "make_player"):
        return {}
    return dict(getattr(ai, "LEVELS", {}))
