"""Damage for fuzz tests: hostile JSON values put into real documents, and bytes spoiled.

Shared by the fuzz tests of every game's files (tests/snake, tests/wordsearch...).
Everything is driven by a ``random.Random`` that a Hypothesis strategy seeds, so a failing
input replays from its seed.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

BIG = "1" * 5000  # over Python's 4,300-digit int() limit
_BIG_MARK = "@@big-number@@"
_DEEP_MARK = "@@deep@@"

HOSTILE: list[Any] = [
    None, True, False, 0, 1, -1, 2, 3, 4, 6, 7, 10, 59, 60, 600, 601, 2 ** 31, -2 ** 63, 10 ** 30,
    0.5, 4.0, -0.0, 1e308, -1e308, float("nan"), float("inf"), float("-inf"),
    "", " ", "A", "QU", "(QU)", "q", "ё", "Ё", "ß", "ſ", "ı", "\u0663", "٣", "x" * 5000,
    "<img src='/dev/zero'>", "<b>bold</b>", "../../../../etc/passwd", "/dev/zero", "C:\\x",
    "\x00", "\x1b[2J", "\u2028", "\udcff", "ready", "playing", "paused", "finished",
    "en", "ru", "fr", "4x4", "E", "W", "NW", "medium", "hard",
    [], {}, [[]], [0], [0, 0], [[0, 0]], [[0, 0], [0, 0]], [[-1, 0]], [[0, 99]], [1, 2, 3],
    {"a": 1}, {"word": "A"}, [None], ["A"], _BIG_MARK, _DEEP_MARK,
]


def hostile(rng: random.Random) -> Any:
    """A fresh copy of a hostile value (the list's own lists and dicts are never shared)."""
    return copy.deepcopy(rng.choice(HOSTILE))


def _paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path (keys and indexes) to a value inside ``doc``."""
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _paths(v, prefix + (i,))
    return out


def _get(doc: Any, path: tuple) -> Any:
    for p in path:
        doc = doc[p]
    return doc


def mutate_doc(doc: Any, rng: random.Random, steps: int = 3) -> Any:
    """A deep copy of ``doc`` with 1..``steps`` random changes (a value replaced by a
    hostile one or by another value of the document, a key dropped or added, a list item
    dropped, doubled or swapped)."""
    doc = json.loads(json.dumps(doc))
    for _ in range(rng.randint(1, steps)):
        paths = _paths(doc)
        path = rng.choice(paths)
        if not path:
            if rng.random() < 0.1:
                doc = hostile(rng)
            continue
        parent = _get(doc, path[:-1])
        key = path[-1]
        op = rng.random()
        if op < 0.55:
            parent[key] = hostile(rng)
        elif op < 0.7:
            parent[key] = json.loads(json.dumps(_get(doc, rng.choice(paths))))
        elif op < 0.8:
            if isinstance(parent, dict):
                del parent[key]
            else:
                parent.pop(key)
        elif op < 0.9:
            if isinstance(parent, dict):
                parent[rng.choice(["extra", "format", "version", "x" * 50])] = hostile(rng)
            else:
                parent.insert(key, json.loads(json.dumps(parent[key])))
        else:
            if isinstance(parent, list) and len(parent) > 1:
                j = rng.randrange(len(parent))
                parent[key], parent[j] = parent[j], parent[key]
            else:
                parent[key] = hostile(rng)
    return doc


def dump(doc: Any) -> bytes:
    """``doc`` as JSON bytes, with the marks turned into a 5,000-digit number and a list
    nested 100,000 deep (neither can be made by ``json.dumps`` itself)."""
    text = json.dumps(doc, ensure_ascii=False, indent=1)
    text = text.replace(json.dumps(_BIG_MARK), BIG)
    text = text.replace(json.dumps(_DEEP_MARK), "[" * 100_000 + "]" * 100_000)
    return text.encode("utf-8", "surrogatepass")


def spoil_bytes(data: bytes, rng: random.Random) -> bytes:
    """``data`` with bytes flipped, cut short, or random bytes put in."""
    b = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        op = rng.random()
        if not b or op < 0.3:
            b[rng.randrange(len(b) + 1):rng.randrange(len(b) + 1)] = rng.randbytes(rng.randint(1, 8))
        elif op < 0.6:
            i = rng.randrange(len(b))
            b[i] ^= 1 << rng.randrange(8)
        elif op < 0.8:
            del b[rng.randrange(len(b)):]
        else:
            i = rng.randrange(len(b))
            b[i:i] = rng.choice([b"\x00", b"\xff", b"\xef\xbb\xbf", b"\r", "\u2028".encode(), BIG.encode()])
    return bytes(b)
