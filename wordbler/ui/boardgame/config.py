"""What a new game is made of (chosen in the setup dialog or on the command line)."""

from __future__ import annotations

import importlib
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

    def ruleset(self):
        rules = get_ruleset(self.rules)
        return rules.with_changes(**dict(self.rule_changes)) if self.rule_changes else rules

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


def load_lexicon(path: str | None = None):
    """(lexicon, label) for the bundled list (``path`` None) or a user's file.

    Raises :class:`DictionaryUnavailable` with a clear message if it cannot be loaded.
    """
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
    label = getattr(lex, "name", None) or (path or "bundled")
    try:
        label = f"{label} ({len(lex):,} words)"
    except TypeError:
        pass
    return lex, label


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
