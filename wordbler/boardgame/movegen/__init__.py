"""Move generation: the lexicon graph (a GADDAG in flat arrays) and the move search.

The engine never imports Qt; nothing here does either.
"""

from .generator import (
    BoardFormatError,
    GeneratedMove,
    MoveList,
    engine_generator,
    format_move,
    generate,
    parse_board,
    parse_rack,
    sort_key,
)
from wordbler.lexicon.graph import CacheError, LexGraph, cache_path, load_or_build

__all__ = [
    "BoardFormatError",
    "CacheError",
    "GeneratedMove",
    "LexGraph",
    "MoveList",
    "cache_path",
    "engine_generator",
    "format_move",
    "generate",
    "load_or_build",
    "parse_board",
    "parse_rack",
    "sort_key",
]
