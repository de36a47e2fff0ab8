"""Continuing one of our saved games from an earlier point of its record.

A replay view steps through a record's positions (``steps[k]``: after ``k`` events).  For a
record saved by Wordbler (it has ``#wordbler-seed``), :func:`game_at` rebuilds the live game
at such a position, so that play can go on from there: the record is cut after event ``k``
and rebuilt by :func:`wordbler.boardgame.savegame.game_from_gcg`, which checks every rack and score.

Where a cut cannot give a game (between a failed play and its withdrawal line, or between
the move that ended the game and its end-of-game lines), :class:`~wordbler.boardgame.gcg.GCGError`
says why.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Container

from .game import Game
from .gcg import EventKind, GCGError, GCGRecord
from .savegame import PREFIX, game_from_gcg, is_wordbler_record

__all__ = ["record_until", "game_at"]

# pragmata written right after a turn's event line, which belong to that turn
_AFTER_EVENT = {PREFIX + name for name in ("tiles", "invalid", "note")}
# pragmata that describe the game as a whole
_HEADER = {PREFIX + name for name in ("format", "rules", "language", "seed", "seats",
                                          "handicap", "player")}


def record_until(record: GCGRecord, k: int) -> GCGRecord:
    """``record`` cut after its first ``k`` events, as an unfinished game.

    Our own pragmata before the cut are kept, and those that belong to event ``k`` (its tile
    indices, refused words, note); rack orders, hints and pending tiles of later turns go.
    """
    n = len(record.events)
    if not 0 <= k <= n:
        raise ValueError(f"no position {k}: the record has {n} events")
    if k == n:
        return record
    kept = []
    leading = True  # at the cut: only the pragmata right after event k are its own
    for p in record.extra:
        if not p.name.startswith(PREFIX) or p.name in _HEADER or p.position < k:
            kept.append(p)
        elif p.position == k and leading and p.name in _AFTER_EVENT:
            kept.append(p)
        elif p.position == k:
            leading = False  # a later turn's pragma (a rack order, a hint and its note)
    return replace(record, events=record.events[:k], extra=tuple(kept), racks=(),
                   incomplete=True)


def game_at(record: GCGRecord, k: int, lexicon: Container[str] | None = None) -> Game:
    """The game of our record after its first ``k`` events, ready to be played on.

    Raises :class:`GCGError` if the record is not ours, if it does not rebuild, if the game
    is over at that point, or if the next line takes the play back (a failed play)."""
    if not is_wordbler_record(record):
        raise GCGError("not a Wordbler game: it can be replayed, not continued",
                       path=record.source)
    events = record.events
    if k < len(events) and events[k].kind is EventKind.WITHDRAWN:
        raise GCGError("the play on this line was taken back on the next one",
                       path=record.source, line=events[k - 1].line if k else None)
    if k and events[k - 1].kind in (EventKind.END_POINTS, EventKind.END_PENALTY):
        raise GCGError("the game is over at this point", path=record.source)
    try:
        game = game_from_gcg(record_until(record, k), lexicon)
    except GCGError as e:
        if e.message.startswith("the record ends without the end-of-game lines"):
            raise GCGError("the game is over at this point", path=record.source) from None
        raise
    if game.is_over:
        raise GCGError("the game is over at this point", path=record.source)
    return game
