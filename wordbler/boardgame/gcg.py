"""GCG game records: a reader that trusts nothing and a writer.

The format is John Chew's ``.gcg`` (see ``GCG_FORMAT.md`` beside the repository): ``#``
pragmata and ``>nick: RACK move +score total`` events, one per line.

Reading (:func:`parse` for bytes, text or a ``Path``; :func:`read_file` for a path) gives
a frozen :class:`GCGRecord`.  Anything malformed raises :class:`GCGError` naming the file and
line: binary data, text that is not in the declared encoding, an empty or oversized file (the
latter refused before it is read), an unknown player, a bad position, a truncated event...
The reader checks the syntax of each line and that every word lies on a 15x15 board; whether
the moves fit the position and the scores add up is :mod:`wordbler.boardgame.replay`'s job.

Leniency where real files need it: any of CR, LF or CRLF ends a line and blank lines are
skipped; tokens are separated by runs of spaces or tabs; lowercase positions (``8d``); the
board letter itself instead of ``.`` for a tile already on the board; cross-word lists after
the total (ignored, kept in :attr:`Event.extra`); an empty rack; a phony withdrawn as
``-- +0 total``; text lines that continue a ``#note`` (and Macondo's ``#- text``); a UTF-8
byte-order mark; a DOS end-of-file mark (Ctrl-Z) at the very end.  When a file declares no
players (real ones always do), the players are the distinct nicks of the events in order of
appearance.  Unknown pragmata are kept in :attr:`GCGRecord.extra` with their place among
the events (Wordbler's own ``#wordbler-*`` pragmata live there).

Writing (:func:`write`) produces UTF-8 text with LF line ends, ``#character-encoding
UTF-8`` first and the new event syntax (``.`` for tiles already on the board).
"""

from __future__ import annotations

import enum
import os
import re
import unicodedata
from dataclasses import dataclass
from typing import Sequence

from wordbler import fileio

from .model import Coord, Direction

MAX_BYTES = 10 * 1024 * 1024  # a real game's record is under 10 kB
BOARD_SIZE = 15
MAX_PLAYERS = 4
# a score or a total; longer numbers are refused before int() sees them.  9, not 6: a chess
# clock's time penalty can pass a million points (100 a minute, days over), and a finished
# game's record must read back
_MAX_DIGITS = 9
_SHOWN = 40  # longest piece of a line quoted in an error message

__all__ = [
    "MAX_BYTES",
    "GCGError",
    "EventKind",
    "Event",
    "PlayerInfo",
    "Pragma",
    "GCGRecord",
    "parse",
    "read_file",
    "read_bytes",
    "read_bounded",
    "shown",
    "write",
    "format_event",
    "make_nicks",
]


class GCGError(ValueError):
    """A record that cannot be read.  ``path``: the file (or a name given by the caller);
    ``line``: the 1-based line at fault, or None when the problem is not one line's;
    ``message``: the bare reason.  ``str(error)`` reads ``game.gcg, line 14: bad position "Z99"``.
    """

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None):
        self.message = message
        self.path = path
        self.line = line
        super().__init__(self._text())

    def _text(self) -> str:
        where = []
        if self.path:
            where.append(shown(str(self.path), 4096))  # one line, whatever the file's name
        if self.line is not None:
            where.append(f"line {self.line}")
        return f"{', '.join(where)}: {self.message}" if where else self.message

    def __str__(self) -> str:
        return self._text()

    def with_path(self, path: str | None) -> "GCGError":
        return GCGError(self.message, path=path, line=self.line)


class EventKind(enum.Enum):
    PLAY = "play"  # >n: RACK POS WORD +score total
    PASS = "pass"  # >n: RACK - +0 total
    EXCHANGE = "exchange"  # >n: RACK -TILES +0 total   or  -N
    WITHDRAWN = "withdrawn"  # >n: RACK -- -score total   (the previous play taken back)
    CHALLENGE_BONUS = "challenge"  # >n: RACK (challenge) +bonus total
    TIME_PENALTY = "time"  # >n: RACK (time) -pts total
    END_POINTS = "end_points"  # >n: (TILES) +pts total   (opponents' racks)
    END_PENALTY = "end_penalty"  # >n: RACK (RACK) -pts total   (own rack)


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    number: int  # N of #playerN, 1-based; player 1 moves first
    nick: str
    name: str
    line: int = 0  # 0 when inferred from the events


@dataclass(frozen=True, slots=True)
class Pragma:
    """A pragma kept as written: ``#name value``.  ``position`` is the number of events
    before it (0: before the first event)."""

    line: int
    name: str
    value: str
    position: int


@dataclass(frozen=True, slots=True)
class Event:
    """One event line.  ``score`` is the signed change written (``+24`` -> 24, ``-10`` -> -10);
    ``total`` the running total written after it."""

    kind: EventKind
    line: int
    nick: str
    player: int  # 0-based index into GCGRecord.players
    rack: str  # as written ("" when not given); "?" is a blank
    score: int
    total: int
    position: str = ""  # PLAY: normalised, e.g. "8D" (across) or "H8" (down)
    coord: Coord | None = None  # PLAY: first square of the word
    direction: Direction | None = None  # PLAY
    word: str = ""  # PLAY: as written (lowercase = blank, "." or the letter = on the board)
    tiles: str = ""  # EXCHANGE: the tiles ("" if only the count is known); END_*: (TILES)
    count: int = 0  # EXCHANGE: the number of tiles exchanged
    notes: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()  # tokens after the total, ignored (old cross-word lists)
    text: str = ""  # the line as read ("" for events built in code)

    @property
    def squares(self) -> tuple[Coord, ...]:
        """PLAY: the squares of the written word, in order."""
        if self.coord is None or self.direction is None:
            return ()
        dr, dc = self.direction.step
        return tuple(
            Coord(self.coord.row + i * dr, self.coord.col + i * dc) for i in range(len(self.word))
        )

    def move_text(self) -> str:
        """The move part of the line, e.g. ``8D BLONDE``, ``-AIIOO``, ``(challenge)``."""
        k = self.kind
        if k is EventKind.PLAY:
            return f"{self.position} {self.word}"
        if k is EventKind.PASS:
            return "-"
        if k is EventKind.EXCHANGE:
            return f"-{self.tiles}" if self.tiles else f"-{self.count}"
        if k is EventKind.WITHDRAWN:
            return "--"
        if k is EventKind.CHALLENGE_BONUS:
            return "(challenge)"
        if k is EventKind.TIME_PENALTY:
            return "(time)"
        return f"({self.tiles})"


@dataclass(frozen=True, slots=True)
class GCGRecord:
    players: tuple[PlayerInfo, ...]
    events: tuple[Event, ...]
    source: str = "<string>"
    encoding: str = "utf-8"
    title: str | None = None
    description: str | None = None
    game_id: str | None = None  # #id authority id  ->  "id"
    id_authority: str | None = None
    lexicon: str | None = None
    notes: tuple[str, ...] = ()  # notes before the first event
    racks: tuple[tuple[int, str, int], ...] = ()  # (player index, rack, line) from #rackN
    incomplete: bool = False
    tile_glyphs: tuple[tuple[str, str], ...] = ()  # #tile glyph ascii
    extra: tuple[Pragma, ...] = ()  # unknown pragmata, in order

    def player_index(self, nick: str) -> int:
        for i, p in enumerate(self.players):
            if p.nick == nick:
                return i
        raise KeyError(nick)

    def pragmata(self, name: str) -> tuple[Pragma, ...]:
        """The kept (unknown) pragmata called ``name``, in file order."""
        name = name.lower()
        return tuple(p for p in self.extra if p.name == name)

    def pragma(self, name: str) -> Pragma | None:
        found = self.pragmata(name)
        return found[0] if found else None


# --------------------------------------------------------------------------- reading

_LINE_END = re.compile(r"\r\n|\r|\n")
_TOKEN_SEP = re.compile(r"[ \t]+")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_EVENT = re.compile(r">([^ \t]+?):(?=[ \t]|$)(.*)$")
_PRAGMA = re.compile(r"#([^ \t]*)(?:[ \t]+(.*))?$")
_POSITION = re.compile(r"(\d{1,2})([A-Za-z])|([A-Za-z])(\d{1,2})", re.ASCII)
_NUMBER = re.compile(r"[+-]?\d{1,%d}" % _MAX_DIGITS, re.ASCII)  # ASCII digits, never 4,300
# Tiles are any language's letters (A-Z in English, А-Я in Russian): upper case for a tile,
# "?" for a blank; in a played word lower case is a blank.  Which letters a game may use is
# its rules' business (wordbler.boardgame.replay / savegame), not the file syntax's.
_RACK_ANY = re.compile(r"(?:[^\W\d_]|\?)+")


class _Tiles:
    """``fullmatch(text)``: upper-case letters and ``?`` (the old ``[A-Z?]+`` of any script)."""

    @staticmethod
    def fullmatch(text: str) -> bool:
        return bool(text) and all(c == "?" or (c.isalpha() and c.isupper()) for c in text)


_TILES = _Tiles()


def _is_word(text: str) -> bool:
    """A played word: letters (lower case = blank) and ``.`` for a tile on the board."""
    return bool(text) and all(c == "." or c.isalpha() for c in text)
_BOM = b"\xef\xbb\xbf"
_ENCODINGS = {
    "utf-8": "utf-8",
    "utf8": "utf-8",
    "iso-8859-1": "latin-1",
    "iso8859-1": "latin-1",
    "latin-1": "latin-1",
    "latin1": "latin-1",
}


def read_file(path: str | os.PathLike) -> GCGRecord:
    """Read and parse the record at ``path``.  Only a regular file is read (a folder, a
    device, a FIFO or a socket is refused without blocking), and one over :data:`MAX_BYTES`
    is refused without being read."""
    shown_path = os.fspath(path)
    data = read_bounded(path, MAX_BYTES, what="game record")
    return read_bytes(data, source=shown_path)


def read_bounded(path: str | os.PathLike, limit: int, *, what: str = "game record") -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them.

    Raises :class:`GCGError` (naming the path) for a missing or unreadable file, a folder,
    anything that is not a regular file (``/dev/zero``, a FIFO, a socket: refused after an
    ``fstat`` of a descriptor opened without blocking, so a FIFO with no writer never hangs),
    and a file over ``limit`` bytes (refused before it is read, and again if it grows while
    being read).  ``what`` names the kind of file in the messages ("a folder, not a board").
    """
    shown_path = os.fspath(path)
    try:
        return fileio.read_bounded(path, limit)
    except fileio.ReadRefused as e:
        if e.kind == "folder":
            message = f"is a folder, not a {what}"
        elif e.kind == "special":
            message = f"not a regular file (a device, pipe or socket), not a {what}"
        elif e.kind == "too_large":
            message = _too_large(e.size, limit, what)
        else:
            message = f"cannot read: {_os_reason(e.error)}"
        raise GCGError(message, path=shown_path) from None

def _os_reason(e: Exception) -> str:
    return str(getattr(e, "strerror", None) or e)


def tile_letter(ch: str, alphabet) -> str | None:
    """The letter ``ch``, one character of a play's word, stands for: one of ``alphabet``'s
    letters in upper case (a tile) or lower case (a blank), or a character the game reads as
    one (Russian Ё as Е, French É as E; lower case: a blank); None for anything else.  A
    character that only upper-cases to a letter (ſ to S, ı to I) is none of the tiles."""
    letter = alphabet.letter(ch)
    if letter is None or len(ch) != 1 or not (ch.isupper() or ch.islower()):
        return None
    return letter


def shown(value: object, limit: int = _SHOWN) -> str:
    """``value`` made safe for a one-line message: control characters, line separators and
    undecodable bytes escaped, and cut to ``limit`` characters (with "...")."""
    text = value if isinstance(value, str) else str(value)
    if len(text) > limit:
        text = text[: max(limit - 3, 1)] + "..."
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else ch.encode("unicode_escape",
                                                             "backslashreplace").decode("ascii")
                       for ch in text)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates (undecodable bytes of a file name)
        text = text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    return text


def parse(data: bytes | str | os.PathLike, source: str = "<string>") -> GCGRecord:
    """Parse a record given as bytes (decoded by the GCG rules), as already decoded text, or
    as a path object (``pathlib.Path``: see :func:`read_file`)."""
    if isinstance(data, os.PathLike):
        return read_file(data)
    if isinstance(data, (bytes, bytearray, memoryview)):
        return read_bytes(bytes(data), source=source)
    if isinstance(data, str):
        if len(data) > MAX_BYTES:
            raise GCGError(_too_large(len(data)), path=source)
        return _Parser(data.removeprefix("\ufeff"), source, "text").run()
    raise TypeError(f"parse() takes bytes, str or a path, not {type(data).__name__}")


def read_bytes(data: bytes, source: str = "<bytes>") -> GCGRecord:
    if len(data) > MAX_BYTES:
        raise GCGError(_too_large(len(data)), path=source)
    text, encoding = _decode(data, source)
    return _Parser(text, source, encoding).run()


def _too_large(size: int, limit: int = MAX_BYTES, what: str = "game record") -> str:
    if limit >= 1048576:
        return (f"file is too large ({size / 1048576:.1f} MB; a {what} is at most "
                f"{limit // 1048576} MB)")
    return f"file is too large ({size} bytes; a {what} is at most {limit} bytes)"


def _decode(data: bytes, source: str) -> tuple[str, str]:
    if not data.strip(b" \t\r\n\x1a"):
        raise GCGError("empty file", path=source)
    nul = data.find(b"\x00")
    if nul >= 0:
        raise GCGError("binary data (a NUL byte), not a game record", path=source,
                       line=_line_of(data, nul))
    has_bom = data.startswith(_BOM)
    if has_bom:
        data = data[len(_BOM):]
    first = _LINE_END.split(data[:200].decode("latin-1"), maxsplit=1)[0]
    m = re.fullmatch(r"#character-encoding(?:[ \t]+(.*))?", first.rstrip(" \t"), re.IGNORECASE)
    if m:
        declared = (m.group(1) or "").strip()
        encoding = _ENCODINGS.get(declared.lower())
        if encoding is None:
            raise GCGError(f'unsupported character encoding "{shown(declared)}"', path=source,
                           line=1)
        if has_bom and encoding != "utf-8":
            raise GCGError(f"a UTF-8 byte-order mark but #character-encoding {shown(declared)}",
                           path=source, line=1)
    else:
        encoding = "utf-8" if has_bom else "latin-1"
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as e:
        bad = data[e.start:e.start + 1].hex()
        raise GCGError(f"not valid UTF-8 (byte 0x{bad}), though the file says it is",
                       path=source, line=_line_of(data, e.start)) from None
    return text, encoding


def _line_of(data: bytes | str, offset: int) -> int:
    head = data[:offset]
    if isinstance(head, bytes):
        head = head.decode("latin-1")
    return len(_LINE_END.findall(head)) + 1


class _Parser:
    def __init__(self, text: str, source: str, encoding: str) -> None:
        if text.endswith("\x1a"):  # DOS end-of-file mark
            text = text.rstrip("\x1a")
        self.text = text
        self.source = source
        self.encoding = encoding
        self.declared: dict[int, PlayerInfo] = {}
        self.raw_events: list[dict] = []
        self.game_notes: list[list[str]] = []  # each note as its lines, joined at the end
        self.fields: dict[str, object] = {}
        self.racks: list[tuple[int, int, str]] = []  # (line, player number, rack)
        self.tile_glyphs: list[tuple[str, str]] = []
        self.extra: list[Pragma] = []
        self.note_list: list[list[str]] | None = None  # the notes a continuation line extends

    def error(self, message: str, line: int | None) -> GCGError:
        return GCGError(message, path=self.source, line=line)

    def run(self) -> GCGRecord:
        if not self.text.strip(" \t\r\n"):
            raise self.error("empty file", None)
        m = _CONTROL.search(self.text)
        if m:
            char = m.group()
            what = "a NUL byte" if char == "\x00" else f"control character U+{ord(char):04X}"
            raise self.error(f"binary data ({what}), not a game record",
                             _line_of(self.text, m.start()))
        for number, line in enumerate(_LINE_END.split(self.text), start=1):
            line = line.rstrip(" \t")
            if not line:
                continue
            head = line[0]
            if head == "#":
                self.pragma(line, number)
            elif head == ">":
                self.event(line, number)
                self.note_list = None
            else:
                if self.note_list is None:
                    if number == 1 or not (self.raw_events or self.declared):
                        raise self.error("not a GCG game record (lines must start with "
                                         "'#' or '>')", number)
                    raise self.error('text outside a note (a line must start with "#" or ">")',
                                     number)
                self.note_list[-1].append(line)  # joined once at the end: linear time
        return self.finish()

    # ------------------------------------------------------------------ pragmata
    def pragma(self, line: str, number: int) -> None:
        m = _PRAGMA.fullmatch(line)
        assert m is not None
        name = m.group(1).lower()
        value = (m.group(2) or "").strip(" \t")
        continuation = self.note_list
        self.note_list = None
        if name == "note":
            target = self.raw_events[-1]["notes"] if self.raw_events else self.game_notes
            target.append([value])
            self.note_list = target
        elif name == "-":
            if continuation is not None:
                continuation[-1].append(value)
                self.note_list = continuation
            else:  # no note to continue: a note of its own
                target = self.raw_events[-1]["notes"] if self.raw_events else self.game_notes
                target.append([value])
                self.note_list = target
        elif re.fullmatch(r"player[0-9]+", name):
            self.player(name, value, number)
        elif re.fullmatch(r"rack[0-9]+", name):
            n = self.player_number(name, "rack", number)
            rack = value
            if (rack and not _TILES.fullmatch(rack)) or len(rack) > BOARD_SIZE:
                raise self.error(f'bad rack "{shown(rack)}" in #{name}', number)
            self.racks.append((number, n, rack))
        elif name == "character-encoding":
            if number != 1:
                raise self.error("#character-encoding must be the first line", number)
        elif name in ("title", "description", "lexicon"):
            self.set_once(name, value, number)
        elif name == "id":
            parts = _TOKEN_SEP.split(value) if value else []
            if not parts:
                raise self.error("#id needs an authority and an id", number)
            self.set_once("id", value, number)
            if len(parts) == 1:
                self.fields["game_id"] = parts[0]
            else:
                self.fields["id_authority"] = parts[0]
                self.fields["game_id"] = " ".join(parts[1:])
        elif name == "incomplete":
            self.fields["incomplete"] = True
        elif name == "tile":
            parts = _TOKEN_SEP.split(value) if value else []
            if len(parts) != 2:
                raise self.error("#tile needs a glyph and its ASCII form", number)
            self.tile_glyphs.append((parts[0], parts[1]))
        else:
            self.extra.append(Pragma(number, name, value, len(self.raw_events)))

    def set_once(self, name: str, value: str, number: int) -> None:
        if name in self.fields:
            raise self.error(f"#{name} given twice", number)
        self.fields[name] = value

    def player_number(self, name: str, prefix: str, number: int) -> int:
        """N of ``#playerN`` / ``#rackN``: 1 to MAX_PLAYERS (digits counted before int())."""
        digits = name[len(prefix):]
        if len(digits) > 2 or not 1 <= int(digits) <= MAX_PLAYERS:
            raise self.error(f"#{shown(name)}: players are numbered 1 to {MAX_PLAYERS}", number)
        return int(digits)

    def player(self, name: str, value: str, number: int) -> None:
        n = self.player_number(name, "player", number)
        if n in self.declared:
            raise self.error(f"#player{n} declared twice (first on line "
                             f"{self.declared[n].line})", number)
        if not value:
            raise self.error(f"#player{n} needs a nickname", number)
        parts = _TOKEN_SEP.split(value, maxsplit=1)
        nick = parts[0]
        if ":" in nick:
            raise self.error(f'nickname "{shown(nick)}" contains ":"', number)
        full = parts[1].strip(" \t") if len(parts) > 1 else ""
        for other in self.declared.values():
            if other.nick == nick:
                raise self.error(f'nickname "{shown(nick)}" is used by #player{other.number} too',
                                 number)
        self.declared[n] = PlayerInfo(n, nick, full or nick, number)

    # ------------------------------------------------------------------ events
    def event(self, line: str, number: int) -> None:
        m = _EVENT.fullmatch(line)
        if not m:
            raise self.error('an event must start ">nick:" followed by a space', number)
        nick = m.group(1)
        rest = m.group(2).strip(" \t")
        tokens = _TOKEN_SEP.split(rest) if rest else []
        ev = self.event_fields(tokens, number)
        ev.update(nick=nick, line=number, text=line, notes=[])
        self.raw_events.append(ev)

    def event_fields(self, toks: list[str], number: int) -> dict:
        err = self.error
        if not toks:
            raise err("truncated event: nothing after the nickname", number)
        i = 0
        rack = ""
        if _RACK_ANY.fullmatch(toks[0]):
            rack = toks[0]
            if not _TILES.fullmatch(rack):
                raise err(f'bad rack "{shown(rack)}" (uppercase letters and ? only)', number)
            if len(rack) > BOARD_SIZE:
                raise err(f'bad rack "{shown(rack)}" ({len(rack)} tiles)', number)
            i = 1
        if i >= len(toks):
            raise err("truncated event: no move after the rack", number)
        move = toks[i]
        i += 1
        out: dict = {"rack": rack}
        low = move.lower()
        if move == "--":
            out["kind"] = EventKind.WITHDRAWN
        elif move == "-":
            out["kind"] = EventKind.PASS
        elif move.startswith("-"):
            body = move[1:]
            out["kind"] = EventKind.EXCHANGE
            if re.fullmatch(r"[0-9]{1,2}", body):
                out["count"] = int(body)
                if not 1 <= out["count"] <= BOARD_SIZE:
                    raise err(f'bad exchange "{shown(move)}"', number)
            elif _TILES.fullmatch(body) and len(body) <= BOARD_SIZE:
                out["tiles"] = body
                out["count"] = len(body)
            else:
                raise err(f'bad exchange "{shown(move)}" (uppercase letters and ? only)', number)
        elif low == "(challenge)":
            out["kind"] = EventKind.CHALLENGE_BONUS
        elif low == "(time)":
            out["kind"] = EventKind.TIME_PENALTY
        elif move.startswith("("):
            if not (move.endswith(")") and _TILES.fullmatch(move[1:-1])):
                raise err(f'bad end-of-game tiles "{shown(move)}"', number)
            out["kind"] = None  # END_POINTS or END_PENALTY, decided by the score below
            out["tiles"] = move[1:-1]
        else:
            out["kind"] = EventKind.PLAY
            out.update(self.play_fields(move, toks[i] if i < len(toks) else None, number))
            i += 1
        if i >= len(toks):
            raise err("truncated event: missing the score and the total", number)
        score_tok = toks[i]
        if not _NUMBER.fullmatch(score_tok):
            raise err(f'bad score "{shown(score_tok)}"', number)
        if i + 1 >= len(toks):
            raise err("truncated event: missing the total after the score", number)
        total_tok = toks[i + 1]
        if not _NUMBER.fullmatch(total_tok):
            raise err(f'bad total "{shown(total_tok)}"', number)
        out["score"] = int(score_tok)
        out["total"] = int(total_tok)
        out["extra"] = tuple(toks[i + 2:])
        if out["kind"] is None:
            penalty = out["score"] < 0 or (
                out["score"] == 0 and rack and sorted(rack) == sorted(out["tiles"])
            )
            out["kind"] = EventKind.END_PENALTY if penalty else EventKind.END_POINTS
        return out

    def play_fields(self, pos: str, word: str | None, number: int) -> dict:
        err = self.error
        m = _POSITION.fullmatch(pos)
        if not m:
            raise err(f'bad move "{shown(pos)}" (not a position, "-", "--" or "(...)")', number)
        try:
            coord, direction = Coord.parse_gcg(pos, BOARD_SIZE, BOARD_SIZE)
        except ValueError:
            raise err(f'bad position "{shown(pos)}"', number) from None
        if word is None:
            raise err(f"truncated event: no word after {pos}", number)
        if not _is_word(word) or len(word) > BOARD_SIZE:
            raise err(f'bad word "{shown(word)}" (letters, and "." for a tile on the board)',
                      number)
        dr, dc = direction.step
        end_row, end_col = coord.row + dr * (len(word) - 1), coord.col + dc * (len(word) - 1)
        if end_row >= BOARD_SIZE or end_col >= BOARD_SIZE:
            raise err(f'{pos} {word} runs off the board', number)
        if not word.strip("."):
            raise err(f'{pos} {word} places no tile', number)
        return {"position": coord.gcg(direction), "coord": coord, "direction": direction,
                "word": word}

    # ------------------------------------------------------------------ finishing
    def finish(self) -> GCGRecord:
        players = self.resolve_players()
        by_nick = {p.nick: i for i, p in enumerate(players)}
        folded: dict[str, list[int]] = {}
        for i, p in enumerate(players):
            folded.setdefault(p.nick.casefold(), []).append(i)
        events = []
        for raw in self.raw_events:
            nick = raw["nick"]
            index = by_nick.get(nick)
            if index is None:
                candidates = folded.get(nick.casefold(), [])
                if len(candidates) != 1:
                    raise self.error(f'unknown player "{shown(nick)}" (not declared by a #player '
                                     f'pragma)', raw["line"])
                index = candidates[0]
            raw["player"] = index
            raw["nick"] = players[index].nick
            raw["notes"] = tuple("\n".join(parts) for parts in raw["notes"])
            events.append(Event(**raw))
        racks = []
        for line, n, rack in self.racks:
            if not 1 <= n <= len(players):
                raise self.error(f"#rack{n} for a player that is not declared", line)
            racks.append((n - 1, rack, line))
        f = self.fields
        return GCGRecord(
            players=players,
            events=tuple(events),
            source=self.source,
            encoding=self.encoding,
            title=f.get("title"),  # type: ignore[arg-type]
            description=f.get("description"),  # type: ignore[arg-type]
            game_id=f.get("game_id"),  # type: ignore[arg-type]
            id_authority=f.get("id_authority"),  # type: ignore[arg-type]
            lexicon=f.get("lexicon"),  # type: ignore[arg-type]
            notes=tuple("\n".join(parts) for parts in self.game_notes),
            racks=tuple(racks),
            incomplete=bool(f.get("incomplete", False)),
            tile_glyphs=tuple(self.tile_glyphs),
            extra=tuple(self.extra),
        )

    def resolve_players(self) -> tuple[PlayerInfo, ...]:
        if self.declared:
            numbers = sorted(self.declared)
            for expected, n in enumerate(numbers, start=1):
                if n != expected:
                    raise self.error(f"#player{n} without #player{expected}",
                                     self.declared[n].line)
            return tuple(self.declared[n] for n in numbers)
        # real files always declare their players; infer them when none are declared
        if not self.raw_events:
            raise self.error("no players and no moves: not a game record", None)
        seen: list[str] = []
        for raw in self.raw_events:
            if raw["nick"] not in seen:
                if len(seen) == MAX_PLAYERS:
                    raise self.error(f'a {MAX_PLAYERS + 1}th player "{shown(raw["nick"])}" (no #player '
                                     f'pragmata, and at most {MAX_PLAYERS} players)', raw["line"])
                seen.append(raw["nick"])
        return tuple(PlayerInfo(i + 1, nick, nick) for i, nick in enumerate(seen))


# --------------------------------------------------------------------------- writing

_NICK_BAD = re.compile(r"[\s:#>]+")


def make_nicks(names: Sequence[str]) -> list[str]:
    """Nicknames for ``names``: single tokens (whitespace runs become ``_``; ``:``, ``#``
    and ``>`` are dropped; control characters too), unique ignoring case."""
    out: list[str] = []
    taken: set[str] = set()
    for i, name in enumerate(names, start=1):
        cleaned = "".join(ch for ch in name if unicodedata.category(ch)[0] != "C" or ch in " \t")
        base = _NICK_BAD.sub("_", cleaned.strip()).strip("_") or f"player{i}"
        nick, n = base, 2
        while nick.casefold() in taken:
            nick = f"{base}_{n}"
            n += 1
        taken.add(nick.casefold())
        out.append(nick)
    return out


def _check_nick(nick: str) -> None:
    if not nick or re.search(r"[\s:]", nick):
        raise ValueError(f"nickname {nick!r} is not a single token without ':'")


def _one_line(value: str, what: str) -> str:
    if _LINE_END.search(value) or _CONTROL.search(value):
        raise ValueError(f"{what} must be one line of text: {value!r}")
    return value.strip(" \t")


def format_event(event: Event) -> str:
    """The event as a line in the new syntax: ``>nick: RACK 8D BLONDE +24 24``."""
    _check_nick(event.nick)
    return f">{event.nick}: {event.rack} {event.move_text()} {event.score:+d} {event.total}"


def _note_lines(name: str, text: str) -> list[str]:
    first, *rest = _LINE_END.split(text)
    out = [f"#{name} {first}".rstrip(" \t")]
    for line in rest:
        if not line.strip(" \t") or line[0] in "#>" or _CONTROL.search(line):
            out.append(f"#- {line}".rstrip(" \t"))
        else:
            out.append(line.rstrip(" \t"))
    for line in out:
        if _CONTROL.search(line):
            raise ValueError(f"a note contains a control character: {text!r}")
    return out


def write(record: GCGRecord) -> str:
    """The record as GCG text: UTF-8 declared first, LF line ends, new event syntax.

    Raises ``ValueError`` for what GCG cannot hold (a nickname with a space, a multi-line
    title...).
    """
    out = ["#character-encoding UTF-8"]
    nicks = set()
    for p in record.players:
        _check_nick(p.nick)
        if p.nick in nicks:
            raise ValueError(f"two players have the nickname {p.nick!r}")
        nicks.add(p.nick)
        name = _one_line(p.name, "a player's name") or p.nick
        out.append(f"#player{p.number} {p.nick} {name}")
    if record.title is not None:
        out.append(f"#title {_one_line(record.title, 'the title')}".rstrip())
    if record.description is not None:
        out.append(f"#description {_one_line(record.description, 'the description')}".rstrip())
    if record.game_id is not None:
        ident = " ".join(x for x in (record.id_authority, record.game_id) if x)
        out.append(f"#id {_one_line(ident, 'the id')}")
    if record.lexicon is not None:
        out.append(f"#lexicon {_one_line(record.lexicon, 'the lexicon')}".rstrip())
    for glyph, ascii_ in record.tile_glyphs:
        out.append(f"#tile {glyph} {ascii_}")
    for note in record.notes:
        out.extend(_note_lines("note", note))
    extra_at: dict[int, list[Pragma]] = {}
    for p in record.extra:
        extra_at.setdefault(p.position, []).append(p)

    def pragmata(position: int) -> None:
        for p in extra_at.get(position, ()):
            if not re.fullmatch(r"[^\s]+", p.name) or p.name in ("note", "-"):
                raise ValueError(f"bad pragma name {p.name!r}")
            out.append(f"#{p.name} {_one_line(p.value, '#' + p.name)}".rstrip())

    pragmata(0)
    for i, ev in enumerate(record.events, start=1):
        out.append(format_event(ev))
        for note in ev.notes:
            out.extend(_note_lines("note", note))
        pragmata(i)
    for position in sorted(k for k in extra_at if k > len(record.events)):
        pragmata(position)
    for player, rack, _line in record.racks:
        out.append(f"#rack{player + 1} {rack}".rstrip())
    if record.incomplete:
        out.append("#incomplete")
    return "\n".join(out) + "\n"

