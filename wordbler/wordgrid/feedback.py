"""The colour of each cell after a swap.

- green: the right letter in the right place (the cell is then locked);
- yellow: the letter belongs elsewhere in a word through this cell.  Letters are counted
  like the well-known rule: within one word, the letters still missing from its non-green
  cells are counted, and a yellow is shown only as many times as the letter is still
  missing, to the cells of the word in reading order (left to right, top to bottom);
- grey: not wanted anywhere else in the word(s) through this cell.

A cell where a row word and a column word cross is yellow when either word (each with its
own count) makes it yellow.
"""

from __future__ import annotations

from collections import Counter
from enum import Enum
from typing import Sequence

from .grid import Layout


class Mark(str, Enum):
    GREEN = "green"
    YELLOW = "yellow"
    GREY = "grey"


def feedback(lay: Layout, current: Sequence[str], solution: Sequence[str]) -> tuple[Mark, ...]:
    """The mark of every cell of ``current`` against ``solution`` (cell order)."""
    green = [a == b for a, b in zip(current, solution)]
    yellow = [False] * lay.n_cells
    for slot in lay.slots:
        missing = Counter(solution[i] for i in slot.cells if not green[i])
        for i in slot.cells:
            if green[i]:
                continue
            letter = current[i]
            if missing[letter] > 0:
                missing[letter] -= 1
                yellow[i] = True
    return tuple(Mark.GREEN if g else Mark.YELLOW if y else Mark.GREY for g, y in zip(green, yellow))
