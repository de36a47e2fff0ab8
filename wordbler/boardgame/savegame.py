"""Our own games as GCG files, with extra pragmata so that a saved game resumes exactly.

A :class:`~wordbler.boardgame.game.Game` is deterministic given its seed and its moves, so a save is
the GCG record of the moves plus what GCG cannot hold, in ``#wordbler-*`` pragmata that
other readers ignore.  Loading rebuilds the game by constructing it with the same seed and
applying the moves, checking every rack, score and total written against the rebuilt game
(a difference is a :class:`~wordbler.boardgame.gcg.GCGError` naming the line).

Pragmata (values with spaces or unusual characters are percent-encoded, ``%20``):

``#wordbler-format 1``
    Version of this scheme.
``#wordbler-rules NAME [FIELD=VALUE ...]``
    The rules preset, and any scalar field that differs from it (``hint_cost=2``).
``#wordbler-language CODE``
    The language of the tile set and its alphabet (``ru``, ``fr``); written only for a game
    that is not English, so a save without it (every save before languages) is English.
``#wordbler-seed N``
    The seed of ``Game.rng``: the first-player draw and every draw from the bag follow from it.
``#wordbler-seats NICK ...``
    The players in seat order, as passed to ``Game`` (``#player1``... are in turn order,
    after the draw for first player).
``#wordbler-handicap N ...``
    The head starts: one whole number of points (0 to :data:`~wordbler.boardgame.game.MAX_HANDICAP`)
    per player, in seat order (the order of ``#wordbler-seats``).  Written only when a player
    has one; without it every head start is 0.  The totals of the event lines include them,
    so a reader that ignores this line sees the first total of a handicapped player run
    ahead of the scores (:mod:`wordbler.boardgame.replay` reads it).
``#wordbler-player NICK [name=...] [mascot=...] [computer=...]``
    A seat's mascot and computer level; ``name`` only when the ``#playerN`` line cannot hold
    the name exactly.  A mascot is the id of a bundled mascot (:func:`known_mascots`, never
    a path) and a computer level one of :data:`wordbler.boardgame.ai.ALL_LEVELS` (the levels
    offered, and the baselines self-play may use).
``#wordbler-rack-order NICK I ...``
    Before an event (or at the end): the player rearranged the rack; the new rack is the old
    one's tiles at the given 0-based indices.
``#wordbler-tiles I ...``
    After a play or exchange whose tiles are not the first matching ones on the rack: the
    0-based rack indices of the tiles used (new tiles in word order / exchanged tiles).
``#wordbler-hint NICK COST``
    The player took a hint.  A nonzero cost is followed by a ``(time)`` line taking it, so
    other readers' totals still add up.
``#wordbler-invalid WORD ...``
    After a failed play (classic rules: words not in the dictionary lose the turn): the words
    refused.  The failed play is written as the play and then a ``--`` withdrawal, which is
    how other readers see a phony taken back.
``#wordbler-note TEXT``
    The note of the turn just written (the hint's note, for instance).
``#wordbler-pending I:SQUARE:LETTER ...``
    Tiles placed this turn but not submitted: rack index, square (``H8``) and the letter shown
    (lowercase for a blank).
``#wordbler-clock MODE move=S total=S penalty=P used=S,S...``
    The game clock (wordbler.boardgame.clock): its settings and the seconds each player, in
    turn order, has used.

Every value read is checked against what it may be (:data:`RULE_LIMITS` for the rules,
the fixed sets above for mascots and levels, numbers by their length before they are
converted); anything else is a :class:`~wordbler.boardgame.gcg.GCGError` naming the line.

Settlement lines are the standard end-of-game lines (``RACK (RACK) -pts``, ``(TILES) +pts``);
``#rackN`` and ``#incomplete`` are written for a game still in progress.

:func:`save_game` writes atomically (a temporary file in the same folder, fsync,
``os.replace``).  Nothing here pickles or evaluates anything.
"""

from __future__ import annotations

import enum
import os
import re
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import Container, Sequence
from urllib.parse import quote, unquote

from wordbler.fileio import write_atomic

from . import gcg
from .ai import ALL_LEVELS
from .gcg import (Event, EventKind, GCGError, GCGRecord, Pragma, PlayerInfo, tile_letter,
                  shown)
from .game import MAX_HANDICAP, Game, PlayerSpec
from .model import (
    COLUMN_LETTERS,
    Coord,
    Placement,
    Tile,
    TurnKind,
    TurnRecord,
)
from .placement import IllegalMove
from .rules import BLANK, PRESETS, TILE_SETS, ChallengeRule, RuleSet, get_ruleset

FORMAT_VERSION = 1
PREFIX = "wordbler-"

__all__ = [
    "FORMAT_VERSION",
    "RULE_LIMITS",
    "MAX_NAME_LENGTH",
    "known_mascots",
    "check_rules",
    "game_to_gcg",
    "game_from_gcg",
    "save_game",
    "write_atomic",
    "load_game",
    "is_wordbler_record",
    "rules_from_record",
    "language_from_record",
    "handicap_from_record",
    "rules_pragma",
]


# --------------------------------------------------------------------------- allowed values

# The range of every integer rule a save may change (inclusive).  The setup dialog offers
# hint costs of 0 to 50 points; the others are not offered, and are kept to values the
# engine plays sensibly (no negative bonus, a rack that fits the board...).
RULE_LIMITS: dict[str, tuple[int, int]] = {
    "rack_size": (1, 15),
    "bingo_bonus": (0, 1000),
    "fail_limit": (1, 100),
    "min_bag_for_exchange": (0, 100),
    "min_first_move_tiles": (1, 15),
    "min_players": (1, gcg.MAX_PLAYERS),
    "max_players": (1, gcg.MAX_PLAYERS),
    "hint_cost": (0, 50),
    "challenge_bonus": (0, 100),
}
_TEXT_LIMITS = {"title": 100, "description": 1000}
MAX_NAME_LENGTH = 1000  # a player's name in a save (the setup dialog allows 24)
_MASCOT_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}", re.ASCII)
_INDEX = re.compile(r"[0-9]{1,2}", re.ASCII)  # a rack index
_COST = re.compile(r"-?[0-9]{1,4}", re.ASCII)
_RULE_INT = re.compile(r"-?[0-9]{1,6}", re.ASCII)
_HANDICAP = re.compile(r"[0-9]{1,6}", re.ASCII)  # digits counted before int() sees them


@lru_cache(maxsize=1)
def known_mascots() -> frozenset[str]:
    """The ids of the bundled mascots (``resources/mascots/ID.svg``): the only values a
    ``mascot=`` may hold.  Ids are lowercase letters, digits, ``-`` and ``_`` (so never a
    path).  The bundled files do not change while the program runs."""
    from wordbler.datafiles import data_dir

    folder = data_dir("resources").joinpath("mascots")
    try:
        entries = list(folder.iterdir())
    except OSError:
        return frozenset()
    return frozenset(
        e.name[:-4] for e in entries
        if e.name.endswith(".svg") and _MASCOT_ID.fullmatch(e.name[:-4]) and e.is_file()
    )


def check_rules(rules: RuleSet) -> None:
    """``ValueError`` naming the first rule outside its allowed range (:data:`RULE_LIMITS`)."""
    for key, (low, high) in RULE_LIMITS.items():
        value = getattr(rules, key)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"the rule {key} must be {low} to {high}, not {shown(value)}")
    for key, limit in _TEXT_LIMITS.items():
        value = getattr(rules, key)
        if not isinstance(value, str) or len(value) > limit or not value.isprintable():
            raise ValueError(f"the rule {key} must be one line of at most {limit} characters")
    if rules.min_players > rules.max_players:
        raise ValueError(f"the rule min_players ({rules.min_players}) is more than max_players "
                         f"({rules.max_players})")
    if rules.min_first_move_tiles > rules.rack_size:
        raise ValueError(f"the rule min_first_move_tiles ({rules.min_first_move_tiles}) is more "
                         f"than rack_size ({rules.rack_size})")
    if rules.rack_size * rules.max_players > rules.tiles.total:
        raise ValueError(f"racks of {rules.rack_size} for {rules.max_players} players need more "
                         f"than the {rules.tiles.total} tiles of the set")


# --------------------------------------------------------------------------- helpers


class _AcceptAll:
    """A word list that accepts every word: rebuilt plays were accepted when made."""

    def __contains__(self, word: object) -> bool:
        return True


@dataclass(frozen=True)
class _Refusing:
    """A word list refusing ``words`` (or every word, when ``words`` is None)."""

    words: frozenset[str] | None

    def __contains__(self, word: object) -> bool:
        return self.words is not None and word not in self.words


def _enc(text: str) -> str:
    return quote(text, safe="")


def _letters(tiles: Sequence[Tile]) -> str:
    return "".join(t.letter for t in tiles)


_EDITABLE = {"name", "layout", "tiles", "extra"}  # fields that cannot be overridden


def rules_pragma(rules: RuleSet) -> str:
    """The value of ``#wordbler-rules`` for ``rules``; ``ValueError`` if GCG cannot name them."""
    preset = PRESETS.get(rules.name)
    if preset is None:
        raise ValueError(f"rules {rules.name!r} are not a preset: a game with them cannot be saved")
    parts = [rules.name]
    for f in fields(RuleSet):
        mine, theirs = getattr(rules, f.name), getattr(preset, f.name)
        if mine == theirs:
            continue
        if f.name == "tiles" and TILE_SETS.get(mine.language) == mine:
            continue  # a language's own tile set: #wordbler-language names it
        if f.name in _EDITABLE:
            raise ValueError(f"rules with a changed {f.name} cannot be saved")
        if isinstance(mine, bool):
            text = "true" if mine else "false"
        elif isinstance(mine, enum.Enum):
            text = str(mine.value)
        else:
            text = str(mine)
        parts.append(f"{f.name}={_enc(text)}")
    return " ".join(parts)


def is_wordbler_record(record: GCGRecord) -> bool:
    """Whether ``record`` is one of our saved games (it has a ``#wordbler-seed``)."""
    return record.pragma(PREFIX + "seed") is not None


def language_from_record(record: GCGRecord) -> str:
    """The language of a saved game's tiles (``#wordbler-language``).  Without that line (a
    record another program wrote, or saved again): ``ru`` when its plays or racks are in
    Cyrillic, else ``en`` (French and English share their letters: ``replay --lang fr``)."""
    p = record.pragma(PREFIX + "language")
    if p is None:
        return "ru" if any(_cyrillic(ev.word) or _cyrillic(ev.rack)
                           for ev in record.events) else "en"
    code = p.value.strip()
    if code not in TILE_SETS:
        raise GCGError(f'unknown language "{shown(code)}" in #wordbler-language (known: '
                       f'{", ".join(TILE_SETS)})', path=record.source, line=p.line)
    if len(record.pragmata(PREFIX + "language")) > 1:
        raise GCGError("#wordbler-language given twice", path=record.source,
                       line=record.pragmata(PREFIX + "language")[1].line)
    return code


def _cyrillic(text: str | None) -> bool:
    return bool(text) and any("\u0400" <= ch <= "\u04ff" for ch in text)


def _handicaps_by_seat(record: GCGRecord, seats: int) -> tuple[int, ...]:
    """The head starts of ``#wordbler-handicap`` in seat order (``seats`` values); zeros
    when the record has no such line.  :class:`GCGError` naming the line for a bad one."""
    found = record.pragmata(PREFIX + "handicap")
    if not found:
        return (0,) * seats
    if len(found) > 1:
        raise GCGError("#wordbler-handicap given twice", path=record.source,
                       line=found[1].line)
    p = found[0]
    parts = p.value.split()
    if len(parts) != seats:
        raise GCGError(f"#wordbler-handicap must give one head start per player ({seats}), "
                       f"not {len(parts)}", path=record.source, line=p.line)
    for item in parts:
        if not _HANDICAP.fullmatch(item) or int(item) > MAX_HANDICAP:
            raise GCGError(f'bad head start "{shown(item)}" in #wordbler-handicap: a whole '
                           f"number of points from 0 to {MAX_HANDICAP}", path=record.source,
                           line=p.line)
    return tuple(int(item) for item in parts)


def handicap_from_record(record: GCGRecord) -> tuple[int, ...]:
    """Each player's head start in the record's ``#playerN`` order (the order of its totals),
    from ``#wordbler-handicap`` (seat order, matched to the players by ``#wordbler-seats``;
    the ``#playerN`` order when there is no seats line).  Zeros without the line; a bad one
    is a :class:`GCGError` naming its line."""
    nicks = [p.nick for p in record.players]
    if record.pragma(PREFIX + "handicap") is None:
        return (0,) * len(nicks)
    seats_p = record.pragma(PREFIX + "seats")
    seat_nicks = nicks if seats_p is None else seats_p.value.split()
    if sorted(seat_nicks) != sorted(nicks):
        raise GCGError("#wordbler-seats must name each player once", path=record.source,
                       line=seats_p.line if seats_p is not None else None)
    by_nick = dict(zip(seat_nicks, _handicaps_by_seat(record, len(seat_nicks))))
    return tuple(by_nick[nick] for nick in nicks)


def rules_from_record(record: GCGRecord) -> RuleSet:
    """The rules named by the record's ``#wordbler-rules`` (standard if there is none)."""
    p = record.pragma(PREFIX + "rules")
    if p is None:
        return PRESETS["standard"].with_language(language_from_record(record))

    def err(message: str) -> GCGError:
        return GCGError(message, path=record.source, line=p.line)

    parts = p.value.split()
    if not parts:
        raise err("#wordbler-rules needs a preset name")
    try:
        preset = get_ruleset(parts[0])
    except ValueError:
        raise err(f"unknown rules preset '{shown(parts[0])}'; choose one of: "
                  f"{', '.join(PRESETS)}") from None
    known = {f.name for f in fields(RuleSet)} - _EDITABLE
    changes: dict[str, object] = {}
    for item in parts[1:]:
        key, eq, raw = item.partition("=")
        if not eq or key not in known:
            raise err(f'unknown rule "{shown(item)}"')
        if key in changes:
            raise err(f"the rule {key} is given twice")
        text = unquote(raw)
        old = getattr(preset, key)
        try:
            if isinstance(old, bool):
                if text not in ("true", "false"):
                    raise ValueError(text)
                value: object = text == "true"
            elif isinstance(old, int):
                if not _RULE_INT.fullmatch(text):  # digits counted before int() sees them
                    raise ValueError(text)
                value = int(text)
            elif isinstance(old, enum.Enum):
                value = type(old)(text)
            else:
                value = text
        except ValueError:
            raise err(f'bad value "{shown(text)}" for the rule {key}') from None
        low_high = RULE_LIMITS.get(key)
        if low_high is not None and not low_high[0] <= value <= low_high[1]:  # type: ignore
            raise err(f"the rule {key} must be {low_high[0]} to {low_high[1]}, not {value}")
        changes[key] = value
    rules = preset.with_changes(**changes) if changes else preset
    rules = rules.with_language(language_from_record(record))
    try:
        check_rules(rules)
    except ValueError as e:
        raise err(str(e)) from None
    return rules


# --------------------------------------------------------------------------- writing


def game_to_gcg(game: Game) -> str:
    """The game as GCG text that :func:`game_from_gcg` turns back into the same game.

    Raises ``ValueError`` if the game cannot be saved faithfully (custom rules that are not a
    preset, or a history that does not rebuild the current state).
    """
    return gcg.write(_Writer(game).record())


class _Writer:
    def __init__(self, game: Game) -> None:
        self.game = game
        self.nicks = gcg.make_nicks([p.name for p in game.players])
        self.events: list[Event] = []
        self.extra: list[Pragma] = []

    def pragma(self, name: str, value: str) -> None:
        self.extra.append(Pragma(0, PREFIX + name, value, len(self.events)))

    def event(self, player: int, kind: EventKind, rack: str, score: int, total: int,
              **kw) -> None:
        self.events.append(Event(kind, 0, self.nicks[player], player, rack, score, total, **kw))

    def record(self) -> GCGRecord:
        game = self.game
        n = len(game.players)
        rules_value = rules_pragma(game.rules)
        check_rules(game.rules)  # what load_game would refuse is not written
        if not isinstance(game.seed, int) or isinstance(game.seed, bool):
            raise ValueError(f"cannot save a game whose seed is not an integer: {game.seed!r}")
        # seats: spec of seat s is game.players[i] where seat_order[i] == s
        seat_nicks = [""] * n
        seat_specs: list[PlayerSpec] = [PlayerSpec("?")] * n
        for i, seat in enumerate(game.seat_order):
            seat_nicks[seat] = self.nicks[i]
            seat_specs[seat] = game.players[i]
        self.pragma("format", str(FORMAT_VERSION))
        self.pragma("rules", rules_value)
        if game.rules.language != "en":
            self.pragma("language", game.rules.language)
        self.pragma("seed", str(game.seed))
        self.pragma("seats", " ".join(seat_nicks))
        if any(spec.handicap for spec in seat_specs):
            self.pragma("handicap", " ".join(str(spec.handicap) for spec in seat_specs))
        players = []
        for i, spec in enumerate(game.players):
            name = spec.name
            single = not re.search(r"[\x00-\x1f\x7f]", name)
            shown = name.strip(" \t") if single else ""
            plain = single and shown == name
            # the #playerN line shows the name as well as it can; name= keeps it exactly
            players.append(PlayerInfo(i + 1, self.nicks[i], shown or self.nicks[i]))
            if spec.mascot is not None and spec.mascot not in known_mascots():
                raise ValueError(f"cannot save: {spec.mascot!r} is not a mascot")
            if len(spec.name) > MAX_NAME_LENGTH:
                raise ValueError(f"cannot save: a player's name is longer than "
                                 f"{MAX_NAME_LENGTH} characters")
            if spec.computer is not None and spec.computer not in ALL_LEVELS:
                raise ValueError(f"cannot save: {spec.computer!r} is not a computer level")
            attrs = []
            if not plain:
                attrs.append(f"name={_enc(name)}")
            if spec.mascot is not None:
                attrs.append(f"mascot={_enc(spec.mascot)}")
            if spec.computer is not None:
                attrs.append(f"computer={_enc(spec.computer)}")
            if attrs:
                self.pragma("player", " ".join([self.nicks[i], *attrs]))

        clock = getattr(game, "clock", None)  # wordbler.boardgame.clock.GameClock or None
        if clock is not None and clock.settings.active:
            self.pragma("clock", clock.to_pragma())
        shadow = Game(seat_specs, game.rules, None, game.seed)
        if shadow.seat_order != game.seat_order or shadow.players != game.players:
            raise ValueError("cannot save: the seed does not give this game's first-player draw")
        self.shadow = shadow
        history = game.history
        k = 0
        while k < len(history):
            r = history[k]
            if r.kind is TurnKind.SETTLEMENT:
                self.settlement(r, shadow.history[k] if k < len(shadow.history) else None)
                k += 1
                continue
            finishing = k + 1 < len(history) and history[k + 1].kind is TurnKind.SETTLEMENT
            if finishing:
                self.orders_at_finish(r.player, history[k + 1:])
            self.sync_order(r.player, r.rack_before)
            try:
                self.turn(r)
            except IllegalMove as e:
                raise ValueError(f"cannot save: turn {r.number} does not replay: {e}") from None
            made = shadow.history[k] if k < len(shadow.history) else None
            if made is None or (made.kind, made.player, made.score, made.total) != (
                r.kind, r.player, r.score, r.total
            ) or [t.id for t in made.drawn] != [t.id for t in r.drawn]:
                raise ValueError(f"cannot save: turn {r.number} does not replay from the seed")
            if r.note:
                self.pragma("note", _enc(r.note))
            k += 1
        for p in range(n):
            self.sync_order(p, tuple(game.racks[p]))
        self.verify()
        if game.pending:
            rack = [t.id for t in game.racks[game.current]]
            items = []
            for pl in game.pending:
                shown = pl.letter.lower() if pl.is_blank else pl.letter
                items.append(f"{rack.index(pl.tile.id)}:{pl.coord.label}:{shown}")
            self.pragma("pending", " ".join(items))
        lexicon_name = getattr(game.lexicon, "name", None)
        return GCGRecord(
            players=tuple(players),
            events=tuple(self.events),
            description="Created with Wordbler",
            lexicon=lexicon_name if isinstance(lexicon_name, str) and lexicon_name else None,
            racks=() if game.is_over else tuple(
                (p, game.rack_letters(p), 0) for p in range(n)),
            incomplete=not game.is_over,
            extra=tuple(self.extra),
        )

    # ------------------------------------------------------------------
    def sync_order(self, player: int, wanted: Sequence[Tile]) -> None:
        have = [t.id for t in self.shadow.racks[player]]
        want = [t.id for t in wanted]
        if sorted(have) != sorted(want):
            raise ValueError("cannot save: the history does not rebuild the racks")
        if have != want:
            perm = [have.index(i) for i in want]
            self.pragma("rack-order", " ".join([self.nicks[player], *map(str, perm)]))
            self.shadow.reorder_rack(want, player=player)

    def orders_at_finish(self, mover: int, settlements: Sequence[TurnRecord]) -> None:
        """Rack orders of the other players when the game ends (their settlement lines
        list their racks in that order)."""
        shadow = self.shadow
        n = len(shadow.players)
        for s in settlements:
            if s.player != mover and s.rack_before:
                self.sync_order(s.player, s.rack_before)
        gains = [s for s in settlements if not s.rack_before and s.player == mover]
        if gains:
            tiles = list(gains[0].settled_tiles)
            for p in [(mover + 1 + i) % n for i in range(n)]:
                if p == mover:
                    continue
                size = len(shadow.racks[p])
                self.sync_order(p, tuple(tiles[:size]))
                del tiles[:size]

    def tiles_pragma(self, rack: Sequence[Tile], used: Sequence[Tile], default: Sequence[Tile],
                     as_set: bool = False) -> None:
        same = ({t.id for t in used} == {t.id for t in default}) if as_set else (
            [t.id for t in used] == [t.id for t in default])
        if not same:
            ids = [t.id for t in rack]
            self.pragma("tiles", " ".join(str(ids.index(t.id)) for t in used))

    def turn(self, r: TurnRecord) -> None:
        shadow, p = self.shadow, r.player
        rack = shadow.rack(p)
        letters = _letters(rack)
        if r.kind is TurnKind.HINT:
            self.pragma("hint", f"{self.nicks[p]} {-r.score}")
            shadow.take_hint(r.note)
            if r.score:
                self.event(p, EventKind.TIME_PENALTY, letters, r.score, r.total)
            return
        if r.kind is TurnKind.TIME_PENALTY:  # a chess clock's time over, after the game
            shadow.time_penalty(p, -r.score)
            self.event(p, EventKind.TIME_PENALTY, letters, r.score, r.total)
            return
        if r.kind is TurnKind.CHALLENGE_BONUS:  # single challenge: the play was good
            shadow.challenge(judge=_AcceptAll())
            self.event(p, EventKind.CHALLENGE_BONUS, letters, r.score, r.total)
            return
        if r.kind is TurnKind.PASS:
            shadow.pass_turn()
            self.event(p, EventKind.PASS, letters, 0, r.total)
            return
        if r.kind is TurnKind.EXCHANGE:
            assert r.move is not None
            used = r.move.exchanged
            tiles = _letters(used)
            self.event(p, EventKind.EXCHANGE, letters, 0, r.total, tiles=tiles, count=len(used))
            self.tiles_pragma(rack, used, shadow.tiles_for_letters(tiles, p), as_set=True)
            shadow.exchange(used)
            return
        # PLAY or FAILED_PLAY
        assert r.move is not None and r.breakdown is not None
        main = r.breakdown.main_word
        by_coord = {pl.coord: pl for pl in r.move.placements}
        word, used = [], []
        for ls in main.letters:
            if ls.is_new:
                pl = by_coord[ls.coord]
                word.append(pl.letter.lower() if pl.is_blank else pl.letter)
                used.append(pl.tile)
            else:
                word.append(".")
        if len(used) != len(r.move.placements):
            raise ValueError(f"cannot save: turn {r.number}'s tiles are not in one word")
        score = r.breakdown.total
        position = main.start.gcg(main.direction)
        failed = r.kind is TurnKind.FAILED_PLAY
        total = r.total + score if failed else r.total
        self.event(p, EventKind.PLAY, letters, score, total, position=position,
                   coord=main.start, direction=main.direction, word="".join(word))
        self.tiles_pragma(rack, used, shadow.tiles_for_letters(_letters(used), p))
        judge = _Refusing(frozenset(r.invalid_words)) if failed else _AcceptAll()
        shadow.play(r.move.placements, judge=judge)
        if failed:
            self.event(p, EventKind.WITHDRAWN, letters, -score, r.total)
            if r.invalid_words:
                self.pragma("invalid", " ".join(r.invalid_words))

    def settlement(self, r: TurnRecord, made: TurnRecord | None) -> None:
        if made is None or (made.kind, made.player, made.score, made.total) != (
            r.kind, r.player, r.score, r.total
        ) or _letters(made.settled_tiles) != _letters(r.settled_tiles):
            raise ValueError(f"cannot save: the settlement (turn {r.number}) does not replay")
        tiles = _letters(r.settled_tiles)
        if r.rack_before:
            self.event(r.player, EventKind.END_PENALTY, _letters(r.rack_before), r.score,
                       r.total, tiles=tiles)
        else:
            self.event(r.player, EventKind.END_POINTS, "", r.score, r.total, tiles=tiles)

    def verify(self) -> None:
        if _state(self.shadow) != _state(self.game):
            raise ValueError("cannot save: the history does not rebuild the game's state")


def _state(game: Game):
    """Everything that must survive a save (tile identities included)."""
    return (
        [(p.coord, p.tile, p.letter) for p in game.board.placements()],
        [tuple(r) for r in game.racks],
        game.bag.tiles(),
        list(game.scores),
        game.current,
        game.fails,
        game.outcome,
        [(r.player, r.kind, r.score, r.total) for r in game.history],
        game.rng.getstate(),
    )


# --------------------------------------------------------------------------- reading


def game_from_gcg(
    data: str | bytes | GCGRecord,
    lexicon: Container[str] | None = None,
    source: str = "<string>",
) -> Game:
    """Rebuild a game saved by :func:`game_to_gcg`.

    ``data`` is GCG text or bytes (or a parsed record).  Raises :class:`GCGError` naming the
    line for anything wrong, and for a record without ``#wordbler-*`` pragmata (another
    program's game: show it with :mod:`wordbler.boardgame.replay` instead).
    """
    record = data if isinstance(data, GCGRecord) else gcg.parse(data, source)
    return _Rebuilder(record, lexicon).run()


class _Rebuilder:
    def __init__(self, record: GCGRecord, lexicon: Container[str] | None) -> None:
        self.record = record
        self.lexicon = lexicon

    def error(self, message: str, line: int | None = None) -> GCGError:
        return GCGError(message, path=self.record.source, line=line)

    def one(self, name: str) -> Pragma:
        found = self.record.pragmata(PREFIX + name)
        if not found:
            raise self.error(f"#{PREFIX}{name} is missing")
        if len(found) > 1:
            raise self.error(f"#{PREFIX}{name} given twice", found[1].line)
        return found[0]

    def player_of(self, nick: str, line: int) -> int:
        for i, p in enumerate(self.record.players):
            if p.nick == nick:
                return i
        raise self.error(f'unknown player "{shown(nick)}"', line)

    def run(self) -> Game:
        record = self.record
        if not is_wordbler_record(record):
            raise self.error("not a resumable Wordbler game (it has no #wordbler-seed): it can "
                             "be replayed, not continued")
        fmt = record.pragma(PREFIX + "format")
        if fmt is not None and fmt.value.strip() != str(FORMAT_VERSION):
            raise self.error(f'saved by a newer Wordbler (format "{shown(fmt.value)}"; this one '
                             f"reads format {FORMAT_VERSION})", fmt.line)
        rules = rules_from_record(record)
        seed_p = self.one("seed")
        if not re.fullmatch(r"-?[0-9]{1,40}", seed_p.value.strip(), re.ASCII):
            raise self.error(f'bad seed "{shown(seed_p.value)}"', seed_p.line)
        seed = int(seed_p.value)
        game = self.new_game(rules, seed)
        self.game = game
        self.apply_timeline()
        clock_p = record.pragma(PREFIX + "clock")
        if clock_p is not None:  # the time used so far (wordbler.boardgame.clock)
            from .clock import ClockError, GameClock

            try:
                game.clock = GameClock.from_pragma(clock_p.value, len(game.players))
            except ClockError as e:
                raise self.error(str(e), clock_p.line) from None
        return game

    def new_game(self, rules: RuleSet, seed: int) -> Game:
        record = self.record
        seats_p = self.one("seats")
        seat_nicks = seats_p.value.split()
        nicks = [p.nick for p in record.players]
        if sorted(seat_nicks) != sorted(nicks):
            raise self.error("#wordbler-seats must name each player once", seats_p.line)
        handicaps = _handicaps_by_seat(record, len(seat_nicks))
        attrs: dict[str, dict[str, str]] = {}
        for p in record.pragmata(PREFIX + "player"):
            if not p.value.split():
                raise self.error("#wordbler-player needs a player", p.line)
            nick, *items = p.value.split()
            self.player_of(nick, p.line)
            if nick in attrs:
                raise self.error(f'#wordbler-player for "{shown(nick)}" given twice', p.line)
            found: dict[str, str] = {}
            for item in items:
                key, eq, raw = item.partition("=")
                if not eq or key not in ("name", "mascot", "computer"):
                    raise self.error(f'unknown player attribute "{shown(item)}"', p.line)
                if key in found:
                    raise self.error(f"{key}= given twice for {shown(nick)}", p.line)
                found[key] = self.attribute(key, unquote(raw), p.line)
            attrs[nick] = found
        specs = []
        for nick, handicap in zip(seat_nicks, handicaps):
            info = record.players[nicks.index(nick)]
            a = attrs.get(nick, {})
            if "name" not in a:  # the #playerN line's name: the same limits as name=
                self.attribute("name", info.name, info.line or seats_p.line)
            specs.append(PlayerSpec(a.get("name", info.name), a.get("mascot"), a.get("computer"),
                                    handicap))
        try:
            game = Game(specs, rules, self.lexicon, seed)
        except ValueError as e:
            raise self.error(str(e), seats_p.line) from None
        for i, spec in enumerate(game.players):
            if spec.name != specs[seat_nicks.index(nicks[i])].name:
                raise self.error(
                    f"seed {seed} gives the first move to {shown(game.players[0].name)}, "
                    f"but #player1 is {shown(record.players[0].name)}",
                    record.players[0].line or None)
        return game

    def attribute(self, key: str, value: str, line: int) -> str:
        """A ``#wordbler-player`` value, checked: a mascot is a bundled mascot's id, a level
        one of the computer levels, a name not empty and not too long."""
        if key == "mascot":
            mascots = known_mascots()
            if value not in mascots:
                raise self.error(f'unknown mascot "{shown(value)}" (the mascots are: '
                                 f'{", ".join(sorted(mascots)) or "none installed"})', line)
        elif key == "computer":
            if value not in ALL_LEVELS:
                raise self.error(f'unknown computer level "{shown(value)}" (the levels are: '
                                 f'{", ".join(ALL_LEVELS)})', line)
        elif not value.strip() or len(value) > MAX_NAME_LENGTH:
            raise self.error(f"a player's name must be 1 to {MAX_NAME_LENGTH} characters",
                             line)
        return value

    def timeline(self) -> list[Event | Pragma]:
        items: list[tuple[tuple[int, int], Event | Pragma]] = []
        for i, ev in enumerate(self.record.events):
            items.append(((i, 1), ev))
        header = {PREFIX + n for n in ("format", "rules", "seed", "seats", "handicap",
                                       "player")}
        for p in self.record.extra:
            if p.name.startswith(PREFIX) and p.name not in header:
                items.append(((p.position, 0), p))
        items.sort(key=lambda kv: kv[0])  # stable: pragmata keep their order
        return [item for _, item in items]

    def apply_timeline(self) -> None:
        game = self.game
        items = self.timeline()
        self.items = items
        self.pos = 0
        self.unsettled: list[TurnRecord] = []  # settlement records not yet matched by lines
        while self.pos < len(items):
            item = items[self.pos]
            self.pos += 1
            if isinstance(item, Pragma):
                self.on_pragma(item)
            else:
                self.on_event(item)
        if self.unsettled:
            last = self.record.events[-1].line if self.record.events else None
            raise self.error("the record ends without the end-of-game lines the rules give",
                             last)
        for player, rack, line in self.record.racks:
            if rack != game.rack_letters(player):
                raise self.error(f"#rack{player + 1} {rack}, but the rebuilt rack is "
                                 f"{game.rack_letters(player)}", line or None)
        if self.record.incomplete and game.is_over:
            raise self.error("#incomplete, but the rebuilt game is over")

    def peek(self) -> Event | Pragma | None:
        return self.items[self.pos] if self.pos < len(self.items) else None

    def take_pragma(self, name: str) -> Pragma | None:
        nxt = self.peek()
        if isinstance(nxt, Pragma) and nxt.name == PREFIX + name:
            self.pos += 1
            return nxt
        return None

    # ------------------------------------------------------------------ pragmata
    def on_pragma(self, p: Pragma) -> None:
        game = self.game
        name = p.name[len(PREFIX):]
        parts = p.value.split()
        if name == "rack-order":
            if not parts:
                raise self.error("#wordbler-rack-order needs a player", p.line)
            player = self.player_of(parts[0], p.line)
            rack = game.racks[player]
            try:
                if not all(_INDEX.fullmatch(x) for x in parts[1:]):
                    raise ValueError("not a rack index")
                perm = [int(x) for x in parts[1:]]
                game.reorder_rack([rack[i].id for i in perm], player=player)
            except (ValueError, IndexError):
                raise self.error("#wordbler-rack-order must list each rack index once",
                                 p.line) from None
        elif name == "hint":
            if len(parts) != 2 or not _COST.fullmatch(parts[1]):
                raise self.error("#wordbler-hint needs a player and a cost", p.line)
            player = self.player_of(parts[0], p.line)
            self.check_turn(player, p.line)
            cost = int(parts[1])
            if cost != game.rules.hint_cost:
                raise self.error(f"a hint costs {game.rules.hint_cost} under these rules, "
                                 f"not {cost}", p.line)
            try:
                made = game.take_hint()
            except IllegalMove as e:
                raise self.error(f"hint refused: {e}", p.line) from None
            if cost:
                ev = self.peek()
                if not (isinstance(ev, Event) and ev.kind is EventKind.TIME_PENALTY
                        and ev.player == player):
                    raise self.error("a hint with a cost must be followed by its (time) line",
                                     p.line)
                self.pos += 1
                self.check_rack(ev, made.rack_before)
                self.check_numbers(ev, made.score, made.total)
            self.take_note(made)
        elif name == "pending":
            rack = game.racks[game.current]
            placements = []
            for item in parts:
                m = re.fullmatch(r"([0-9]{1,2}):([A-Za-z])([0-9]{1,2}):([^\W\d_])", item)
                if not m or int(m[1]) >= len(rack):
                    raise self.error(f'bad pending tile "{shown(item)}"', p.line)
                row, col = int(m[3]) - 1, COLUMN_LETTERS.index(m[2].upper())
                if not (0 <= row < game.board.rows and 0 <= col < game.board.cols):
                    raise self.error(f'pending tile "{shown(item)}" is off the board', p.line)
                tile = rack[int(m[1])]
                coord = Coord(row, col)
                if m[4].islower() != tile.is_blank:
                    raise self.error(f'pending tile "{shown(item)}" does not match the rack',
                                     p.line)
                try:
                    placements.append(Placement(tile, coord, m[4].upper()))
                except ValueError as e:
                    raise self.error(f'bad pending tile "{shown(item)}": {e}', p.line) from None
            try:
                game.set_pending(placements)
            except IllegalMove as e:
                raise self.error(f"pending tiles refused: {e}", p.line) from None
        elif name in ("tiles", "invalid", "note"):
            raise self.error(f"#{p.name} does not follow a move", p.line)
        # other #wordbler-* pragmata from a later version are ignored

    def take_note(self, made: TurnRecord) -> None:
        """A ``#wordbler-note`` right after a turn's lines is that turn's note."""
        p = self.take_pragma("note")
        if p is not None:
            index = made.number - 1
            self.game.history[index] = replace(self.game.history[index],
                                               note=unquote(p.value.strip()))

    # ------------------------------------------------------------------ events
    def check_turn(self, player: int, line: int) -> None:
        game = self.game
        if self.unsettled:
            raise self.error("a move where the end-of-game lines belong", line)
        if game.is_over:
            raise self.error("a move after the end of the game", line)
        if player != game.current:
            raise self.error(f"it is {self.record.players[game.current].nick}'s turn, not "
                             f"{self.record.players[player].nick}'s", line)

    def check_rack(self, ev: Event, rack: Sequence[Tile]) -> None:
        letters = _letters(rack)
        if ev.rack != letters:
            raise self.error(f'rack "{ev.rack}" recorded, but the rebuilt game has '
                             f'"{letters}"', ev.line)

    def check_numbers(self, ev: Event, score: int, total: int) -> None:
        if ev.score != score:
            raise self.error(f"score {ev.score:+d} recorded, {score:+d} in the rebuilt game",
                             ev.line)
        if ev.total != total:
            raise self.error(f"total {ev.total} recorded, {total} in the rebuilt game", ev.line)

    def tiles_used(self, ev: Event, faces: str) -> list[Tile]:
        game = self.game
        rack = game.racks[game.current]
        p = self.take_pragma("tiles")
        if p is None:
            try:
                return game.tiles_for_letters(faces)
            except IllegalMove as e:
                raise self.error(f"{ev.move_text()}: {e}", ev.line) from None
        try:
            if not all(_INDEX.fullmatch(x) for x in p.value.split()):
                raise ValueError("not a rack index")
            indices = [int(x) for x in p.value.split()]
            tiles = [rack[i] for i in indices]
        except (ValueError, IndexError):
            raise self.error("#wordbler-tiles: bad rack index", p.line) from None
        if len(set(indices)) != len(indices) or _letters(tiles) != faces:
            raise self.error(f"#wordbler-tiles names {_letters(tiles)}, the move needs {faces}",
                             p.line)
        return tiles

    def on_event(self, ev: Event) -> None:
        game = self.game
        kind = ev.kind
        if kind in (EventKind.END_POINTS, EventKind.END_PENALTY):
            self.on_settlement(ev)
            return
        if kind is EventKind.CHALLENGE_BONUS and game.rules.challenge is ChallengeRule.SINGLE:
            last = game.challengeable()
            if self.unsettled or last is None or last.player != ev.player:
                raise self.error(f"{ev.move_text()} does not follow a play of this player",
                                 ev.line)
            try:
                made = game.challenge(judge=_AcceptAll())
            except IllegalMove as e:
                raise self.error(f"{ev.move_text()} refused: {e}", ev.line) from None
            self.check_rack(ev, made.rack_before)
            self.check_numbers(ev, made.score, made.total)
            self.take_note(made)
            return
        if kind is EventKind.TIME_PENALTY and game.is_over and not self.unsettled:
            try:  # (a hint's cost line is read with its #wordbler-hint)
                made = game.time_penalty(ev.player, -ev.score)
            except ValueError as e:
                raise self.error(f"{ev.move_text()} refused: {e}", ev.line) from None
            self.check_rack(ev, made.rack_before)
            self.check_numbers(ev, made.score, made.total)
            self.take_note(made)
            return
        if kind in (EventKind.CHALLENGE_BONUS, EventKind.TIME_PENALTY, EventKind.WITHDRAWN):
            raise self.error(f"{ev.move_text()} where a Wordbler game has none", ev.line)
        self.check_turn(ev.player, ev.line)
        rack_before = game.rack()
        self.check_rack(ev, rack_before)
        try:
            if kind is EventKind.PASS:
                made = game.pass_turn()
            elif kind is EventKind.EXCHANGE:
                if not ev.tiles:
                    raise self.error("an exchange must name its tiles", ev.line)
                made = game.exchange(self.tiles_used(ev, ev.tiles))
            else:
                made = self.on_play(ev)
                if made is None:
                    return
        except IllegalMove as e:
            raise self.error(f"{ev.move_text()} refused: {e}", ev.line) from None
        self.check_numbers(ev, made.score, made.total)
        self.after_move(made)

    def on_play(self, ev: Event) -> TurnRecord | None:
        game = self.game
        placements: list[Placement] = []
        faces = []
        alphabet = game.rules.alphabet
        for ch, c in zip(ev.word, ev.squares):
            on_board = game.board[c]
            letter = tile_letter(ch, alphabet) if ch != "." else None
            if on_board is not None:
                if ch != "." and letter != on_board.letter:
                    raise self.error(f"{ev.move_text()}: {c.label} holds {on_board.letter}",
                                     ev.line)
                continue
            if ch == ".":
                raise self.error(f'{ev.move_text()}: "." on the empty square {c.label}', ev.line)
            # ß, ﬁ, ª, ſ...: a letter, but none of the tiles (Placement would raise ValueError;
            # of every Unicode character, those the alphabets take all make a placement)
            if letter is None:
                raise self.error(f'{ev.move_text()}: "{shown(ch)}" is not a letter of the '
                                 f'{alphabet.name} tiles', ev.line)
            faces.append(BLANK if ch.islower() else letter)
            placements.append(Placement(Tile(-1, BLANK if ch.islower() else letter), c,
                                        letter))
        tiles = self.tiles_used(ev, "".join(faces))
        placements = [Placement(t, pl.coord, pl.letter) for t, pl in zip(tiles, placements)]
        withdrawal = self.peek()
        failed = (isinstance(withdrawal, Event) and withdrawal.kind is EventKind.WITHDRAWN
                  and withdrawal.player == ev.player)
        if failed:
            self.pos += 1
            assert isinstance(withdrawal, Event)
            invalid = self.take_pragma("invalid")
            words = frozenset(invalid.value.split()) if invalid is not None else None
            judge: _AcceptAll | _Refusing = _Refusing(words)
        else:
            judge = _AcceptAll()
        made = game.play(placements, judge=judge)
        if not failed:
            if made.kind is not TurnKind.PLAY:
                raise self.error(f"{ev.move_text()} was refused in the rebuilt game", ev.line)
            return made
        assert isinstance(withdrawal, Event) and made.breakdown is not None
        if made.kind is not TurnKind.FAILED_PLAY:
            raise self.error(f"{ev.move_text()} is withdrawn, but the rules do not make it a "
                             f"failed play", withdrawal.line)
        self.check_numbers(ev, made.breakdown.total, made.total + made.breakdown.total)
        self.check_rack(withdrawal, made.rack_before)
        self.check_numbers(withdrawal, -made.breakdown.total, made.total)
        self.after_move(made)
        return None

    def after_move(self, made: TurnRecord) -> None:
        """Take the move's note; if it ended the game, expect its settlement lines next."""
        self.take_note(made)
        if self.game.is_over:
            self.unsettled = list(self.game.history[made.number:])

    def on_settlement(self, ev: Event) -> None:
        if not self.unsettled:
            raise self.error(f"{ev.move_text()}: an end-of-game line, but the rebuilt game is "
                             f"not over here", ev.line)
        r = self.unsettled.pop(0)
        kind = EventKind.END_PENALTY if r.rack_before else EventKind.END_POINTS
        if ev.kind is not kind or ev.player != r.player:
            raise self.error(
                f"the rebuilt game's next end-of-game line is for "
                f"{self.record.players[r.player].nick} "
                f"({'own rack' if r.rack_before else 'opponents'} racks)", ev.line)
        if ev.tiles != _letters(r.settled_tiles):
            raise self.error(f"({ev.tiles}) recorded, the rebuilt game counts "
                             f"({_letters(r.settled_tiles)})", ev.line)
        if r.rack_before:
            self.check_rack(ev, r.rack_before)
        self.check_numbers(ev, r.score, r.total)
        self.take_note(r)


# --------------------------------------------------------------------------- files


def save_game(game: Game, path: str | os.PathLike) -> None:
    """Write ``game`` to ``path`` atomically: a temporary file in the same folder is written
    and fsynced, then renamed over ``path``.  A failure leaves any old file untouched."""
    write_atomic(path, game_to_gcg(game).encode("utf-8"))


def load_game(path: str | os.PathLike, lexicon: Container[str] | None = None) -> Game:
    """Read a game saved by :func:`save_game`.  Raises :class:`GCGError` (with the path and
    line) for an unreadable, malformed or foreign record."""
    return game_from_gcg(gcg.read_file(path), lexicon)

