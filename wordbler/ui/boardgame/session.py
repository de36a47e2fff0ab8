"""GameSession: the one QObject between the widgets and the engine.

Widgets call the *intent* methods (``move_tile``, ``place_letter``, ``commit``,
``exchange_marked``, ``pass_turn``, ``reveal``...) and repaint from the query methods when a
signal says something changed.  The session calls the engine (:class:`wordbler.boardgame.game.Game`)
and never touches a widget.

In-turn tile movements are :class:`QUndoCommand` s on :attr:`GameSession.undo_stack`; each
command calls session methods only (``_relocate``, ``_set_rack_order``).  The stack is cleared
when a turn ends: committed turns live in the engine's history.

Animation is the view's business: the session says *what* moved (``flights``, ``drawn``,
``returned_to_bag``) after the state has already changed, so nothing here waits for a
animation and tests never depend on timing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence, Union

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from wordbler.boardgame.game import Game, Preview
from wordbler.boardgame.model import Coord, Move, MoveKind, Placement, Tile, TurnKind, TurnRecord
from wordbler.boardgame.placement import IllegalMove, Reason

from . import texts

#: where a tile is during a turn: a board square, or an index on the rack
Location = Union[Coord, int]


@dataclass(frozen=True, slots=True)
class Flight:
    """A tile that moved without being dragged there (undo, recall, refused play, computer)."""

    tile: Tile
    letter: str  # the face shown while flying
    source: Location
    target: Location


@dataclass(frozen=True, slots=True)
class PlayerView:
    index: int  # turn order
    name: str
    mascot: str | None
    computer: str | None
    score: int
    is_current: bool
    rack_count: int


class MoveTileCommand(QUndoCommand):
    """Move one tile of the current turn: rack <-> board, board -> board, rack -> rack."""

    def __init__(self, session: "GameSession", tile_id: int, source: Location,
                 target: Location, letter_before: str | None, letter_after: str | None,
                 text: str, animate_first: bool = False) -> None:
        super().__init__(text)
        self._session = session
        self._tile_id = tile_id
        self._source = source
        self._target = target
        self._before = letter_before
        self._after = letter_after
        self._animate = animate_first

    def redo(self) -> None:
        self._session._relocate(self._tile_id, self._target, self._after, animate=self._animate)
        self._animate = True  # a redo always shows the tile travelling

    def undo(self) -> None:
        self._session._relocate(self._tile_id, self._source, self._before, animate=True)


class ReorderRackCommand(QUndoCommand):
    def __init__(self, session: "GameSession", before: Sequence[int], after: Sequence[int],
                 text: str) -> None:
        super().__init__(text)
        self._session = session
        self._before = tuple(before)
        self._after = tuple(after)

    def redo(self) -> None:
        self._session._set_rack_order(self._after)

    def undo(self) -> None:
        self._session._set_rack_order(self._before)


class GameSession(QObject):
    # something of the board (committed or pending tiles, last move) changed
    board_changed = Signal()
    # the rack on display changed (order, content, marks, selection)
    rack_changed = Signal()
    # scores, current player, bag, fails, hand-off state
    state_changed = Signal()
    # the live preview of the pending tiles: (text, ok)
    preview_changed = Signal(str, bool)
    # an inline message: (text, level) with level "info", "ok" or "error"
    message = Signal(str, str)
    # a blank was dropped on a square: (tile_id, coord); answer with move_tile(..., letter=X)
    blank_letter_needed = Signal(int, object)
    # tiles that moved on their own: tuple[Flight, ...]
    flights = Signal(object)
    # a turn was recorded: TurnRecord
    turn_ended = Signal(object)
    # tiles drawn from the bag onto the displayed rack: tuple[Tile, ...]
    drawn = Signal(object)
    # tiles put back in the bag by an exchange: tuple[Tile, ...] with their former rack indices
    returned_to_bag = Signal(object)
    # the game is over: Outcome
    game_over = Signal(object)
    # a computer seat is to move: player index (a runner answers with apply_move)
    computer_to_move = Signal(int)
    # the game to save changed: a tile placed, moved or reordered, or a turn recorded
    changed = Signal()
    # the current player took a hint (recorded in the history, maybe at a cost): TurnRecord
    hint_taken = Signal(object)

    def __init__(self, game: Game, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.undo_stack = QUndoStack(self)
        self._rack_player = game.current
        # a game loaded mid-turn has tiles on the board already (the engine's candidate)
        self._placed: dict[Coord, Placement] = {p.coord: p for p in game.pending}
        on_board = {p.tile.id for p in game.pending}
        self._rack: list[int] = [t.id for t in game.rack() if t.id not in on_board]
        self._marked: set[int] = set()
        self._selected: int | None = None
        self._handoff = True  # the first player has not taken the seat yet
        self._preview: Preview | None = None  # shown once the player takes the seat
        self.last_record: TurnRecord | None = game.history[-1] if game.history else None
        plays = [r for r in game.history if r.kind is TurnKind.PLAY and r.move is not None]
        self.last_move: frozenset[Coord] = frozenset(
            p.coord for p in plays[-1].move.placements) if plays else frozenset()
        self._shuffle_rng = random.Random(game.seed ^ 0x5EED)

    # ================================================================= queries
    @property
    def rules(self):
        return self.game.rules

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    @property
    def handoff(self) -> bool:
        """True between turns: the rack is covered until the next player clicks."""
        return self._handoff

    @property
    def rack_player(self) -> int:
        return self._rack_player

    @property
    def current(self) -> int:
        return self.game.current

    @property
    def selected(self) -> int | None:
        return self._selected

    @property
    def marked(self) -> frozenset[int]:
        return frozenset(self._marked)

    @property
    def preview(self) -> Preview | None:
        return self._preview

    def names(self) -> list[str]:
        return [p.name for p in self.game.players]

    def players(self) -> list[PlayerView]:
        g = self.game
        return [
            PlayerView(i, p.name, p.mascot, p.computer, g.scores[i],
                       i == g.current and not g.is_over, len(g.racks[i]))
            for i, p in enumerate(g.players)
        ]

    def tile(self, tile_id: int) -> Tile:
        return self.game.tiles[tile_id]

    def rack_tiles(self) -> list[Tile]:
        """The displayed rack, in display order, without the tiles placed on the board."""
        return [self.game.tiles[i] for i in self._rack]

    def committed(self, coord: Coord) -> Placement | None:
        return self.game.board[coord]

    def pending_at(self, coord: Coord) -> Placement | None:
        return self._placed.get(coord)

    def pending(self) -> tuple[Placement, ...]:
        return tuple(self._placed.values())

    def location_of(self, tile_id: int) -> Location | None:
        for coord, p in self._placed.items():
            if p.tile.id == tile_id:
                return coord
        if tile_id in self._rack:
            return self._rack.index(tile_id)
        return None

    def value(self, tile: Tile) -> int:
        return self.rules.tiles.value(tile.letter)

    def bag_count(self) -> int:
        return len(self.game.bag)

    def can_act(self) -> bool:
        """May the person at the screen move tiles now?"""
        return (not self.game.is_over and not self._handoff
                and self._rack_player == self.game.current
                and self.game.players[self.game.current].computer is None)

    def exchange_blocked(self) -> str | None:
        """Why Exchange is disabled now, or None if it can be pressed."""
        if self.game.is_over:
            return self.tr("The game is over.")
        problem = self.game.can_exchange()
        if problem is not None:
            return (self.tr("Exchange needs at least {needed} tiles in the bag; {left} left.")
                    .format(needed=self.rules.min_bag_for_exchange, left=len(self.game.bag)))
        if self._placed:
            return self.tr("Take your tiles back from the board before exchanging.")
        if not self._marked:
            return self.tr("Ctrl+click the tiles you want to exchange, then press Exchange.")
        return None

    def preview_text(self) -> tuple[str, bool]:
        if not self._placed:
            return "", True
        if not self.rules.show_validity:  # classic play: the words are judged at Done
            from .classic import without_validity

            return texts.describe_preview(without_validity(self._preview))
        return texts.describe_preview(self._preview)

    # ================================================================= intents
    def select_tile(self, tile_id: int | None) -> None:
        """Click on a tile: select it (click again to deselect)."""
        if tile_id is not None and (not self.can_act() or self.location_of(tile_id) is None):
            return
        self._selected = None if tile_id == self._selected else tile_id
        self.rack_changed.emit()
        self.board_changed.emit()

    def toggle_mark(self, tile_id: int) -> None:
        """Ctrl+click on a rack tile: mark it for exchange, or unmark it."""
        if not self.can_act() or tile_id not in self._rack:
            return
        self._marked ^= {tile_id}
        self.rack_changed.emit()
        self.state_changed.emit()

    def square_clicked(self, coord: Coord) -> None:
        """Click on a square: put the selected tile there, or select the pending tile there."""
        if not self.can_act():
            return
        here = self._placed.get(coord)
        if self._selected is not None and here is None:
            tile_id = self._selected
            self._selected = None
            self.move_tile(tile_id, coord)
            self.rack_changed.emit()
            return
        if here is not None:
            self.select_tile(here.tile.id)

    def rack_clicked(self, index: int | None = None) -> None:
        """Click on the rack's free space: return the selected board tile there."""
        if self._selected is not None and isinstance(self.location_of(self._selected), Coord):
            tile_id = self._selected
            self._selected = None
            self.move_tile(tile_id, len(self._rack) if index is None else index)

    def drop_on_rack(self, tile_id: int, insertion_index: int) -> bool:
        """A tile dropped on the rack before the tile at ``insertion_index`` (0..len)."""
        loc = self.location_of(tile_id)
        final = insertion_index
        if isinstance(loc, int) and insertion_index > loc:
            final -= 1
        return self.move_tile(tile_id, final)

    def move_tile(self, tile_id: int, target: Location, letter: str | None = None,
                  animate: bool = False) -> bool:
        """Move a tile of the current player to ``target`` (an undoable command).

        A blank moved from the rack to the board needs ``letter``; without one the session
        asks for it with :attr:`blank_letter_needed` and nothing moves.  Returns whether the
        tile moved.
        """
        if not self.can_act():
            return False
        source = self.location_of(tile_id)
        if source is None:
            return False
        tile = self.game.tiles[tile_id]
        before = self._placed[source].letter if isinstance(source, Coord) else None
        if isinstance(target, Coord):
            if not self.game.board.in_bounds(target):
                return False
            if self.game.board.is_occupied(target) or (
                    target in self._placed and target != source):
                self.message.emit(self.tr("{label} is already taken.")
                                  .format(label=target.label), "error")
                return False
            if target == source:
                return False
            if letter is not None and not tile.is_blank and letter.upper() != tile.letter:
                return False  # only a blank can show another letter
            after = letter or before or (None if tile.is_blank else tile.letter)
            if after is None:
                self.blank_letter_needed.emit(tile_id, target)
                return False
            # the game's alphabet reads the letter (Cyrillic in Russian, Ё as Е)
            after = self.game_letter(after) or after.upper()
            if tile.is_blank and after not in self.game.rules.alphabet:
                return False
            text = f"Place {tile.letter if not tile.is_blank else 'blank'} on {target.label}"
        else:
            size = len(self._rack) + (0 if isinstance(source, int) else 1)
            target = max(0, min(int(target), size - 1))
            if target == source:
                return False
            after = None
            text = ("Move tile on rack" if isinstance(source, int)
                    else f"Take back {before} from {source.label}")
        self._selected = None
        self.undo_stack.push(MoveTileCommand(self, tile_id, source, target, before, after,
                                             text, animate_first=animate))
        return True

    def place_letter(self, letter: str, coord: Coord) -> bool:
        """Keyboard play: put a rack tile showing ``letter`` on ``coord`` (a blank if none)."""
        letter = self.game_letter(letter)
        if letter is None or not self.can_act():
            return False
        rack = self.rack_tiles()
        tile = next((t for t in rack if t.letter == letter), None)
        if tile is None:
            tile = next((t for t in rack if t.is_blank), None)
        if tile is None:
            self.message.emit(self.tr("No {letter} on your rack.").format(letter=letter), "error")
            return False
        return self.move_tile(tile.id, coord, letter=letter)

    def game_letter(self, text: str) -> str | None:
        """The game's letter for a typed character (either case, through the alphabet's own
        case table: Cyrillic in a Russian game, Ё placed as Е), or None."""
        if not isinstance(text, str) or len(text) != 1:
            return None
        return self.game.rules.alphabet.letter(text)

    def relabel_blank(self, coord: Coord, letter: str) -> bool:
        """Give the blank placed on ``coord`` this turn another letter (an undoable step)."""
        p = self._placed.get(coord)
        letter = self.game_letter(letter)
        if not self.can_act() or p is None or not p.tile.is_blank or letter is None:
            return False
        if letter == p.letter:
            return True
        self.undo_stack.push(MoveTileCommand(self, p.tile.id, coord, coord, p.letter, letter,
                                             f"Blank on {coord.label} as {letter}"))
        return True

    def take_back_last(self) -> Coord | None:
        """Backspace: return the most recently placed tile to the rack; its square."""
        if not self._placed or not self.can_act():
            return None
        coord = next(reversed(self._placed))
        self.move_tile(self._placed[coord].tile.id, len(self._rack), animate=True)
        return coord

    def recall_all(self) -> None:
        """Esc / Recall: every tile of this turn back to the rack (one undo step)."""
        if not self._placed or not self.can_act():
            return
        self.undo_stack.beginMacro("Recall tiles")
        for coord in list(self._placed):
            self.move_tile(self._placed[coord].tile.id, len(self._rack), animate=True)
        self.undo_stack.endMacro()

    def shuffle(self) -> None:
        if not self.can_act() or len(self._rack) < 2:
            return
        order = list(self._rack)
        for _ in range(5):
            self._shuffle_rng.shuffle(order)
            if order != self._rack:
                break
        self.undo_stack.push(ReorderRackCommand(self, self._rack, order, "Shuffle rack"))

    def commit(self) -> bool:
        """Done: submit the pending tiles.  Returns whether the turn ended."""
        if not self.can_act():
            return False
        if not self._placed:
            self.message.emit(self.tr("Place some tiles on the board first, or pass."), "error")
            return False
        placements = tuple(self._placed.values())
        mover = self.game.current
        try:
            record = self.game.play(placements)
        except IllegalMove as e:
            if e.reason is Reason.INVALID_WORDS:
                self.message.emit(self.tr("{reason} Change your word and try again.").format(
                    reason=texts.describe_illegal(e)),
                                  "error")
            else:
                self.message.emit(texts.describe_illegal(e), "error")
            return False
        if record.kind is TurnKind.FAILED_PLAY:
            back = []
            for p in placements:
                self._rack.append(p.tile.id)
                back.append(Flight(p.tile, p.letter, p.coord, len(self._rack) - 1))
            self._placed.clear()
            self.flights.emit(tuple(back))
            self.message.emit(
                (self.tr("{words} is not in the dictionary: {name} loses the turn.")
                 if len(record.invalid_words) == 1 else
                 self.tr("{words} are not in the dictionary: {name} loses the turn."))
                .format(words=", ".join(record.invalid_words),
                        name=self.game.players[mover].name), "error")
        else:
            self.last_move = frozenset(p.coord for p in placements)
            self._placed.clear()
        self._end_turn(record)
        return True

    def exchange_marked(self) -> bool:
        if not self.can_act():
            return False
        reason = self.exchange_blocked()
        if reason:
            self.message.emit(reason, "error")
            return False
        tiles = [self.game.tiles[i] for i in self._rack if i in self._marked]
        indices = [self._rack.index(t.id) for t in tiles]
        try:
            record = self.game.exchange(tiles)
        except IllegalMove as e:  # pragma: no cover - exchange_blocked checks the same
            self.message.emit(texts.describe_illegal(e), "error")
            return False
        self.returned_to_bag.emit(tuple(zip(tiles, indices)))
        self._rack = [i for i in self._rack if i not in self._marked]
        self._end_turn(record)
        return True

    def pass_turn(self) -> bool:
        if not self.can_act():
            return False
        self._return_pending_silently()
        record = self.game.pass_turn()
        self._end_turn(record)
        return True

    def challenge(self) -> TurnRecord | None:
        """The player at the screen challenges the play just made (challenge rules): the
        game decides (see Game.challenge); None when there is nothing to challenge now."""
        if not self.can_act() or self.game.challengeable() is None:
            return None
        self._return_pending_silently()
        record = self.game.challenge()
        self.undo_stack.clear()
        if record.kind is TurnKind.PASS:  # double challenge: the challenger's turn is lost
            self._end_turn(record)
            return record
        if record.kind is TurnKind.FAILED_PLAY:
            self.last_move = frozenset()
        self.last_record = record
        self.board_changed.emit()
        self.rack_changed.emit()
        self.state_changed.emit()
        self.changed.emit()
        if self.game.is_over:
            self.game_over.emit(self.game.outcome)
        return record

    def reveal(self) -> None:
        """The next player has taken the seat: show their rack."""
        if not self._handoff or self.game.is_over:
            return
        self._handoff = False
        self._rack_player = self.game.current
        on_board = {p.tile.id for p in self._placed.values()}
        self._rack = [t.id for t in self.game.rack() if t.id not in on_board]
        self._marked.clear()
        self._selected = None
        self._update_preview()
        self.rack_changed.emit()
        self.board_changed.emit()
        self.state_changed.emit()
        if self.game.players[self.game.current].computer is not None:
            self.computer_to_move.emit(self.game.current)

    def take_hint(self, note: str = "") -> TurnRecord | None:
        """Record that the current player looked at hints (``rules.hint_cost`` points)."""
        if not self.can_act():
            return None
        try:
            record = self.game.take_hint(note)
        except IllegalMove as e:
            self.message.emit(texts.describe_illegal(e), "error")
            return None
        self.hint_taken.emit(record)
        self.state_changed.emit()
        return record

    def show_placements(self, placements: Sequence[Placement], text: str = "Show hint") -> bool:
        """Put exactly these tiles of the current rack on the board as this turn's tiles
        (one undo step): the tiles of this turn not among them go back to the rack first.
        The live preview then shows the words and the score, as for tiles dragged there."""
        if not self.can_act():
            return False
        wanted = {p.coord: p for p in placements}
        if all(self._placed.get(c) == p for c, p in wanted.items()) and len(self._placed) == len(wanted):
            return True  # already on show
        if any(self.location_of(p.tile.id) is None for p in placements):
            return False
        self.undo_stack.beginMacro(text)
        for coord, p in list(self._placed.items()):
            if wanted.get(coord) != p:
                self.move_tile(p.tile.id, len(self._rack), animate=True)
        for coord, p in wanted.items():
            if self._placed.get(coord) != p:
                self.move_tile(p.tile.id, coord, letter=p.letter, animate=True)
        self.undo_stack.endMacro()
        return all(self._placed.get(c) == p for c, p in wanted.items())

    def apply_move(self, move: Move) -> bool:
        """Play ``move`` for the current player as if it were dragged: a computer's turn.

        The tiles of a play fly from the rack to the board, then the play is submitted.
        """
        if self.game.is_over:
            return False
        self._handoff = False
        self._rack_player = self.game.current
        rack_ids = [t.id for t in self.game.rack()]
        if move.kind is MoveKind.PLAY:
            self._rack = rack_ids
            self._placed.clear()
            flights = []
            for p in move.placements:
                if p.tile.id in self._rack:
                    flights.append(Flight(p.tile, p.letter, self._rack.index(p.tile.id), p.coord))
                    self._rack.remove(p.tile.id)
                self._placed[p.coord] = p
            self._sync_engine()
            self.flights.emit(tuple(flights))
            self.board_changed.emit()
            placements = tuple(self._placed.values())
            try:
                record = self.game.play(placements)
            except IllegalMove as e:
                self._return_pending_silently()
                self.message.emit(self.tr("Computer move refused: {reason}").format(
                    reason=texts.describe_illegal(e)), "error")
                return False
            if record.kind is TurnKind.PLAY:
                self.last_move = frozenset(p.coord for p in placements)
            self._placed.clear()
            self._end_turn(record)
            return True
        if move.kind is MoveKind.EXCHANGE:
            self._rack = rack_ids
            self._marked = {t.id for t in move.exchanged}
            tiles = list(move.exchanged)
            try:
                record = self.game.exchange(tiles)
            except IllegalMove as e:
                self._marked.clear()
                self.message.emit(self.tr("Computer move refused: {reason}").format(
                    reason=texts.describe_illegal(e)), "error")
                return False
            self._rack = [i for i in self._rack if i not in self._marked]
            self._end_turn(record)
            return True
        self._placed.clear()
        self._end_turn(self.game.pass_turn())
        return True

    # ================================================================= used by commands
    def _relocate(self, tile_id: int, target: Location, letter: str | None,
                  animate: bool = False) -> None:
        source = self.location_of(tile_id)
        if source is None:  # pragma: no cover - the stack is cleared at turn end
            return
        tile = self.game.tiles[tile_id]
        shown = letter or (self._placed[source].letter if isinstance(source, Coord) else tile.letter)
        placed = Placement(tile, target, letter or tile.letter) if isinstance(target, Coord) else None
        if isinstance(source, Coord):
            del self._placed[source]
        else:
            self._rack.remove(tile_id)
        if placed is not None:
            self._placed[target] = placed
        else:
            self._rack.insert(min(target, len(self._rack)), tile_id)
        self._marked.discard(tile_id)
        self._sync_engine()
        if animate and source != target:
            self.flights.emit((Flight(tile, shown, source, target),))
        self.rack_changed.emit()
        self.board_changed.emit()
        self.state_changed.emit()
        self.changed.emit()

    def _set_rack_order(self, order: Sequence[int]) -> None:
        self._rack = list(order)
        self._sync_engine()
        self.rack_changed.emit()
        self.changed.emit()

    # ================================================================= internals
    def _sync_engine(self) -> None:
        """Tell the engine about the candidate and the rack order; refresh the preview."""
        placed = tuple(self._placed.values())
        self.game.set_pending(placed)
        if self._rack_player == self.game.current:
            self.game.reorder_rack(self._rack + [p.tile.id for p in placed])
        self._update_preview()

    def _update_preview(self) -> None:
        self._preview = self.game.preview() if self._placed else None
        text, ok = self.preview_text()
        self.preview_changed.emit(text, ok)

    def _return_pending_silently(self) -> None:
        """Every tile of this turn back to the rack (no undo step); they fly back."""
        back = []
        for p in self._placed.values():
            self._rack.append(p.tile.id)
            back.append(Flight(p.tile, p.letter, p.coord, len(self._rack) - 1))
        self._placed.clear()
        self._sync_engine()
        if back:
            self.flights.emit(tuple(back))

    def _end_turn(self, record: TurnRecord) -> None:
        self.undo_stack.clear()
        self._marked.clear()
        self._selected = None
        self.last_record = record
        mover = record.player
        self._rack_player = mover
        # the mover's rack as the engine has it now: kept tiles in their order, then new ones
        self._rack = [t.id for t in self.game.racks[mover]]
        self._handoff = not self.game.is_over
        self._preview = None
        self.preview_changed.emit("", True)
        self.turn_ended.emit(record)
        if record.drawn:
            self.drawn.emit(tuple(record.drawn))
        self.rack_changed.emit()
        self.board_changed.emit()
        self.state_changed.emit()
        self.changed.emit()
        if self.game.is_over:
            self.game_over.emit(self.game.outcome)
