"""A puzzle as plain text: the grid, the word list, and an answer key."""

from __future__ import annotations

from wordbler.lexicon.alphabet import get_alphabet

from .grid import HOLE
from .puzzle import Puzzle

DIR_NAMES = {"E": "right", "W": "left", "S": "down", "N": "up",
             "SE": "down-right", "SW": "down-left", "NE": "up-right", "NW": "up-left"}


def _case(text: str, lower: bool, lang: str) -> str:
    if not lower:
        return text
    a = get_alphabet(lang)
    return "".join(a.lower[a.index(ch)] if ch in a else ch for ch in text)


def grid_lines(puzzle: Puzzle, *, lower: bool = False, only: set | None = None) -> list[str]:
    """The rows with a space between letters; with ``only``, other cells show as ``·``."""
    out = []
    for r, row in enumerate(puzzle.rows):
        cells = []
        for c, ch in enumerate(row):
            if ch == HOLE:
                cells.append(" ")
            elif only is not None and (r, c) not in only:
                cells.append("\u00b7")
            else:
                cells.append(_case(ch, lower, puzzle.lang))
        out.append(" ".join(cells).rstrip())
    return out


def in_list_order(puzzle: Puzzle) -> list:
    """The placements of the listed words in the alphabet's order (Russian: Е, Ё, Ж), the
    order of the word list and of the answer key."""
    a = get_alphabet(puzzle.lang)
    return sorted(puzzle.placed, key=lambda p: a.sort_key(p.word))


def word_list(puzzle: Puzzle) -> list[str]:
    """The listed words that were placed, as shown, in the alphabet's order."""
    return [puzzle.shown(p.word) for p in in_list_order(puzzle)]


def to_text(puzzle: Puzzle, *, answers: bool = True, lower: bool = False) -> str:
    lines = []
    title = puzzle.title or "Word Search"
    lines += [title, "=" * len(title)]
    if puzzle.theme:
        lines.append(f"Theme: {puzzle.theme}")
    lines.append(f"{puzzle.n_cols}x{puzzle.n_rows}, {puzzle.level}, {puzzle.shape}, seed {puzzle.seed}")
    lines.append("")
    lines += grid_lines(puzzle, lower=lower)
    lines.append("")
    words = [_case(w, lower, puzzle.lang) for w in word_list(puzzle)]
    lines.append(f"Find these {len(words)} words:")
    width = max((len(w) for w in words), default=0) + 3
    per_row = max(1, 72 // max(width, 1))
    for i in range(0, len(words), per_row):
        lines.append("".join(w.ljust(width) for w in words[i:i + per_row]).rstrip())
    if puzzle.bonus:
        lines.append(f"\n{len(puzzle.bonus)} secret bonus word(s) are hidden too.")
    if puzzle.message:
        lines.append(f"\nThe first {len(puzzle.message)} unused letters, row by row, spell a hidden message.")
    if puzzle.unplaced:
        lines.append("\nCould not be placed: " + ", ".join(_case(puzzle.shown(w), lower, puzzle.lang)
                                                           for w in puzzle.unplaced))
    if puzzle.unplaced_bonus:
        lines.append(("" if puzzle.unplaced else "\n") + "Could not be hidden (bonus words): "
                     + ", ".join(_case(w, lower, puzzle.lang) for w in puzzle.unplaced_bonus))
    if answers:
        lines += ["", "Answer key", "----------"]
        used = {rc for p in puzzle.placed + puzzle.bonus for rc in p.cells}
        lines += grid_lines(puzzle, lower=lower, only=used)
        lines.append("")
        for p in in_list_order(puzzle):
            lines.append(f"{_case(puzzle.shown(p.word), lower, puzzle.lang)}: row {p.row + 1}, "
                         f"column {p.col + 1}, {DIR_NAMES[p.dir]}")
        for p in puzzle.bonus:
            lines.append(f"(bonus) {_case(p.word, lower, puzzle.lang)}: row {p.row + 1}, column {p.col + 1}, {DIR_NAMES[p.dir]}")
        if puzzle.message:
            lines.append(f"Hidden message: {puzzle.message_shown or puzzle.message}")
    return "\n".join(lines) + "\n"
