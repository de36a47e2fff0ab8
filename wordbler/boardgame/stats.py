"""Statistics across games, kept locally per player name.

One JSON file, ``user_data_dir()/boardgame/stats.json``, written atomically (temporary file,
fsync, ``os.replace``) and validated value by value when read: a damaged file is a
:class:`StatsError` with a clear message, never a crash, and is set aside (``.damaged``)
rather than silently overwritten when the next game is recorded.

Per player (the name's case-folded form is the key): games, wins, total score, turns,
best move (word and score), bingos, and the scores of the last games for the chart.  A game
is recorded once (its key: seed, number of turns, final scores).

A head start (:attr:`~wordbler.boardgame.game.PlayerSpec.handicap`) decides wins as it decided
the game, but it is not a point scored: the total score (so the averages) and the chart's
scores are the final score less the head start, and no move is credited with it.
"""

from __future__ import annotations

import json
import os
import stat
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from ..fileio import set_aside
from .model import MoveKind, TurnKind

FORMAT = 1
UPDATED = "Statistics updated."  # record_game's message when nothing else needs saying
MAX_BYTES = 4 * 1024 * 1024
MAX_PLAYERS = 1000
MAX_RECENT = 100  # scores kept per player for the chart
MAX_KEYS = 2000  # games remembered as recorded
MAX_NAME = 100


def clean_name(name: str) -> str:
    """A player's name as the statistics keep it: every kind of space or line break (a
    tab, a no-break space, a line separator) a plain space, other control characters and lone
    surrogates dropped, the ends trimmed, at most :data:`MAX_NAME` characters.  The file
    reader takes exactly such names, so what :func:`add_game` writes always reads back."""
    if not name.isprintable():
        name = "".join(" " if ch.isspace() else ch for ch in name
                       if ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cs"))
    return name.strip()[:MAX_NAME].strip()


MAX_INT = 10**9


class StatsError(ValueError):
    """The statistics file cannot be used (the message says why)."""


@dataclass
class PlayerStats:
    name: str
    games: int = 0
    wins: int = 0
    total_score: int = 0
    turns: int = 0
    bingos: int = 0
    best_word: str = ""
    best_score: int = 0
    recent: list[int] = field(default_factory=list)  # final scores, oldest first

    @property
    def average_score(self) -> float:
        return self.total_score / self.games if self.games else 0.0

    @property
    def average_per_turn(self) -> float:
        return self.total_score / self.turns if self.turns else 0.0

    def to_json(self) -> dict:
        return {"name": self.name, "games": self.games, "wins": self.wins,
                "total_score": self.total_score, "turns": self.turns, "bingos": self.bingos,
                "best_word": self.best_word, "best_score": self.best_score,
                "recent": list(self.recent)}


@dataclass
class Stats:
    players: dict[str, PlayerStats] = field(default_factory=dict)
    recorded: list[str] = field(default_factory=list)

    def player(self, name: str) -> PlayerStats | None:
        return self.players.get(name.strip().casefold())

    def names(self) -> list[str]:
        return sorted((p.name for p in self.players.values()), key=str.casefold)

    def to_json(self) -> dict:
        return {"format": FORMAT, "players": [p.to_json() for p in self.players.values()],
                "recorded": list(self.recorded)}


def default_path() -> Path:
    from wordbler.paths import user_data_dir

    return user_data_dir() / "boardgame" / "stats.json"


def game_key(game) -> str:
    return f"{game.seed}:{len(game.history)}:{','.join(map(str, game.scores))}"


def add_game(stats: Stats, game) -> bool:
    """Count a finished ``game`` in ``stats`` (False: not over, or counted already)."""
    if not game.is_over:
        return False
    key = game_key(game)
    if key in stats.recorded:
        return False
    winners = set(game.outcome.winners)
    size = game.rules.rack_size
    for i, spec in enumerate(game.players):
        name = clean_name(spec.name) or f"Player {i + 1}"  # a name of control characters
        ps = stats.players.setdefault(name.casefold(), PlayerStats(name))
        ps.name = name  # the latest spelling
        ps.games += 1
        ps.wins += i in winners
        scored = game.scores[i] - spec.handicap  # the head start was given, not scored
        ps.total_score += scored
        for r in game.history:
            if r.player != i:
                continue
            if r.kind in (TurnKind.PLAY, TurnKind.FAILED_PLAY, TurnKind.EXCHANGE, TurnKind.PASS):
                ps.turns += 1
            if r.kind is TurnKind.PLAY and r.breakdown is not None:
                if r.score > ps.best_score:
                    ps.best_score, ps.best_word = r.score, r.breakdown.main_word.word
                if r.move is not None and r.move.kind is MoveKind.PLAY and \
                        len(r.move.placements) == size:
                    ps.bingos += 1
        ps.recent = (ps.recent + [scored])[-MAX_RECENT:]
    stats.recorded = (stats.recorded + [key])[-MAX_KEYS:]
    return True


# ------------------------------------------------------------------------- reading, writing
def _int(d: dict, key: str, lo: int = 0, hi: int = MAX_INT) -> int:
    v = d.get(key, 0)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise StatsError(f"{key} must be a whole number from {lo} to {hi}, not {v!r}")
    return v


def from_json(data) -> Stats:
    """Stats from parsed JSON, every value checked (:class:`StatsError` names the first bad)."""
    if not isinstance(data, dict):
        raise StatsError("the file does not hold a JSON object")
    if data.get("format") != FORMAT:
        raise StatsError(f"unknown format {data.get('format')!r} (this version reads {FORMAT})")
    players = data.get("players", [])
    if not isinstance(players, list) or len(players) > MAX_PLAYERS:
        raise StatsError("players must be a list")
    stats = Stats()
    for i, p in enumerate(players):
        if not isinstance(p, dict):
            raise StatsError(f"player {i + 1} is not an object")
        name = p.get("name")
        # the names add_game writes (older versions cut a name at MAX_NAME and could leave
        # a space at the end): a no-break space typed in a name once made the next game set
        # the whole file aside as damaged
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME \
                or clean_name(name) != name.strip():
            raise StatsError(f"player {i + 1} has no usable name")
        try:
            ps = PlayerStats(name.strip(), _int(p, "games"), _int(p, "wins"),
                             _int(p, "total_score", -MAX_INT), _int(p, "turns"),
                             _int(p, "bingos"), "", _int(p, "best_score", -MAX_INT))
        except StatsError as e:
            raise StatsError(f"player {name!r}: {e}") from None
        word = p.get("best_word", "")
        if not isinstance(word, str) or len(word) > 30 or not (word == "" or word.isalpha()):
            raise StatsError(f"player {name!r}: best_word must be a word")
        ps.best_word = word
        recent = p.get("recent", [])
        if not isinstance(recent, list) or len(recent) > MAX_RECENT or not all(
                isinstance(x, int) and not isinstance(x, bool) and abs(x) <= MAX_INT
                for x in recent):
            raise StatsError(f"player {name!r}: recent must be a list of scores")
        ps.recent = list(recent)
        if ps.wins > ps.games:
            raise StatsError(f"player {name!r}: more wins than games")
        key = ps.name.casefold()
        if key in stats.players:
            raise StatsError(f"player {name!r} is listed twice")
        stats.players[key] = ps
    recorded = data.get("recorded", [])
    if not isinstance(recorded, list) or len(recorded) > MAX_KEYS or not all(
            isinstance(k, str) and len(k) <= 200 for k in recorded):
        raise StatsError("recorded must be a list of game keys")
    stats.recorded = list(recorded)
    return stats


def load(path: str | os.PathLike | None = None) -> Stats:
    """The statistics in ``path`` (default :func:`default_path`); empty when there is no file."""
    target = Path(path) if path is not None else default_path()
    try:
        st = os.stat(target)
    except FileNotFoundError:
        return Stats()
    except OSError as e:
        raise StatsError(f"cannot read {target}: {e.strerror or e}") from None
    if not stat.S_ISREG(st.st_mode):
        raise StatsError(f"{target} is not a regular file")
    if st.st_size > MAX_BYTES:
        raise StatsError(f"{target} is too large ({st.st_size} bytes) to be statistics")
    try:
        raw = target.read_bytes()[:MAX_BYTES + 1]
        data = json.loads(raw.decode("utf-8"))
    except OSError as e:
        raise StatsError(f"cannot read {target}: {e.strerror or e}") from None
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as e:
        raise StatsError(f"{target} is not valid JSON ({e})") from None
    try:
        return from_json(data)
    except StatsError as e:
        raise StatsError(f"{target}: {e}") from None


def save(stats: Stats, path: str | os.PathLike | None = None) -> None:
    from .savegame import write_atomic

    target = Path(path) if path is not None else default_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(target, json.dumps(stats.to_json(), ensure_ascii=False, indent=1).encode())


def record_game(game, path: str | os.PathLike | None = None) -> tuple[bool, str]:
    """Add a finished game to the file.  Returns (recorded, message): the message is
    :data:`UPDATED` unless the user should hear more.  A file that cannot be read is renamed
    ``<name>.damaged`` (``<name>.2.damaged``, ... beside one kept before: never replaced)
    and a fresh one started; write errors are reported in the message, never raised."""
    target = Path(path) if path is not None else default_path()
    note = ""
    try:
        stats = load(target)
    except StatsError as e:
        if not target.is_file() or target.is_symlink():
            return False, f"Statistics not updated: {e}"
        try:
            kept = Path(set_aside(target, ".damaged"))  # never over one kept before
        except OSError:
            return False, f"Statistics not updated: {e}"
        stats = Stats()
        note = f" (the old file could not be read and is kept as {kept.name}: {e})"
    if not add_game(stats, game):
        return False, "This game is already in the statistics."
    try:
        save(stats, target)
    except OSError as e:
        return False, f"Statistics not saved: {e.strerror or e}"
    return True, UPDATED[:-1] + note + "."


__all__ = ["Stats", "PlayerStats", "StatsError", "add_game", "load", "save", "record_game",
           "default_path", "from_json", "game_key"]
