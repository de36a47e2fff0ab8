"""Small builders shared by engine tests."""

from __future__ import annotations

from wordbler.boardgame.board import Board
from wordbler.boardgame.game import Game
import random

from wordbler.boardgame.model import Coord, Direction, Placement, Tile
from wordbler.boardgame.placement import IllegalMove, analyze
from wordbler.boardgame.rules import LETTERS, STANDARD, RuleSet


def coord(label: str) -> Coord:
    """``"H8"`` -> Coord(7, 7) (column letter, row number)."""
    return Coord(int(label[1:]) - 1, ord(label[0].upper()) - ord("A"))


def word_placements(word: str, start: str, direction: Direction, first_id: int = 1000):
    """Placements spelling ``word`` from ``start``; lowercase letters are blanks.

    Tiles get fresh ids (not from any game), for tests of the pure placement functions.
    """
    c = coord(start)
    out = []
    for i, ch in enumerate(word):
        tile = Tile(first_id + i, "?" if ch.islower() else ch)
        out.append(Placement(tile, c, ch.upper()))
        c = c + direction.step
    return out


def board_with(*words: tuple[str, str, Direction], rules: RuleSet = STANDARD) -> Board:
    """A board with the given words already committed (overlaps must agree)."""
    board = Board(rules.layout)
    next_id = 0
    for word, start, direction in words:
        for p in word_placements(word, start, direction, first_id=next_id):
            existing = board[p.coord]
            if existing is None:
                board.put([p])
            else:
                assert existing.letter == p.letter, f"clash at {p.coord.label}"
        next_id += len(word)
    return board


def rig_rack(game: Game, letters: str, player: int | None = None) -> list[Tile]:
    """Swap tiles between the bag and a rack so the rack holds ``letters`` (test setup only).

    Keeps the 100 tiles accounted for: the rack's old tiles go into the bag in place of the
    ones taken out.
    """
    p = game.current if player is None else player
    bag = list(game.bag._tiles)
    rack = list(game.racks[p])
    new_rack = []
    for ch in letters:
        for i, t in enumerate(rack):
            if t.letter == ch:
                new_rack.append(rack.pop(i))
                break
        else:
            for i, t in enumerate(bag):
                if t.letter == ch:
                    new_rack.append(bag.pop(i))
                    break
            else:
                raise AssertionError(f"no {ch} left to rig")
    bag.extend(rack)
    game.bag._tiles[:] = bag
    game.racks[p] = new_rack
    return new_rack


def place(game: Game, word: str, start: str, direction: Direction) -> list[Placement]:
    """Placements for ``word`` from the current rack; ``.`` skips a square already filled.

    Lowercase letters use a blank naming that letter.
    """
    rack = list(game.rack())
    c = coord(start)
    out = []
    for ch in word:
        if ch != ".":
            want = "?" if ch.islower() else ch
            tile = next(t for t in rack if t.letter == want)
            rack.remove(tile)
            out.append(Placement(tile, c, ch.upper()))
        c = c + direction.step
    return out


def random_placement(game: Game, rnd: random.Random, tries: int = 40):
    """A random placement of the current rack with a legal shape, or None."""
    board, rack = game.board, list(game.rack())
    if not rack:
        return None
    occupied = [p.coord for p in board.placements()]
    for _ in range(tries):
        direction = rnd.choice(list(Direction))
        k = rnd.randint(1, len(rack))
        if not occupied:
            k = max(k, 2)
            if k > len(rack):
                continue
            back = rnd.randrange(k)
            anchor = Coord(*board.layout.start)
        else:
            back = rnd.randrange(k)
            anchor = rnd.choice(occupied) + rnd.choice([(0, 1), (1, 0), (0, -1), (-1, 0)])
        c = anchor - (direction.step[0] * back, direction.step[1] * back)
        placements = []
        for tile in rnd.sample(rack, k):
            while board.in_bounds(c) and board.is_occupied(c):
                c = c + direction.step
            if not board.in_bounds(c):
                break
            letter = rnd.choice(LETTERS) if tile.is_blank else tile.letter
            placements.append(Placement(tile, c, letter))
            c = c + direction.step
        if len(placements) != k:
            continue
        try:
            analyze(board, placements, game.rules)
        except IllegalMove:
            continue
        return placements
    return None
