"""Reference checks written for the tests, independent of the engine's own scanning."""

from __future__ import annotations

EIGHT = [(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)]
STEP = {"E": (0, 1), "S": (1, 0), "W": (0, -1), "N": (-1, 0),
        "SE": (1, 1), "SW": (1, -1), "NE": (-1, 1), "NW": (-1, -1)}


def cells_of(p) -> frozenset:
    dr, dc = STEP[p["dir"] if isinstance(p, dict) else p.dir]
    word = p["word"] if isinstance(p, dict) else p.word
    r0 = p["row"] if isinstance(p, dict) else p.row
    c0 = p["col"] if isinstance(p, dict) else p.col
    return frozenset((r0 + i * dr, c0 + i * dc) for i in range(len(word)))


def all_occurrences(rows, word) -> set[frozenset]:
    """Every set of cells on which ``word`` reads, scanning every cell and all 8 directions."""
    found = set()
    R, C = len(rows), len(rows[0])
    for r in range(R):
        for c in range(C):
            for dr, dc in EIGHT:
                cells = []
                for i in range(len(word)):
                    rr, cc = r + i * dr, c + i * dc
                    if not (0 <= rr < R and 0 <= cc < C) or rows[rr][cc] != word[i]:
                        break
                    cells.append((rr, cc))
                else:
                    found.add(frozenset(cells))
    return found


def accidents(rows, placed: dict, unplaced, extra_words=()) -> list[str]:
    """Problems with a puzzle: a placed word that does not read at its place, a listed word
    read somewhere other than its placement (allowing: inside a longer listed word's
    placement), an unplaced word read anywhere.  ``placed``: word -> placement."""
    problems = []
    spans = {w: cells_of(p) for w, p in placed.items()}
    for w, p in placed.items():
        if "".join(rows[r][c] for r, c in sorted_cells(p)) != w:
            problems.append(f"{w} does not read at its placement")
    for w in list(placed) + list(extra_words):
        for occ in all_occurrences(rows, w):
            if w in spans and occ == spans[w]:
                continue
            if any(len(o) > len(w) and occ <= span for o, span in spans.items()):
                continue
            problems.append(f"{w} also reads at {sorted(occ)}")
    for w in unplaced:
        for occ in all_occurrences(rows, w):
            if any(len(o) > len(w) and occ <= span for o, span in spans.items()):
                continue  # inside a longer listed word that holds it (backwards at easy)
            problems.append(f"unplaced {w} reads at {sorted(occ)}")
    return problems


def sorted_cells(p):
    if isinstance(p, dict):
        word, r0, c0, d = p["word"], p["row"], p["col"], p["dir"]
    else:
        word, r0, c0, d = p.word, p.row, p.col, p.dir
    dr, dc = STEP[d]
    return [(r0 + i * dr, c0 + i * dc) for i in range(len(word))]
