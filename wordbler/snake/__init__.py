"""Word Snake: a timed grid of letters; connect neighbouring tiles to spell words.

No Qt here (the window is ``wordbler.ui.snake``).

=============  =========================================================================
``letters``    letter weights per language (data), tiles such as ``QU``
``board``      :class:`Board`, paths, :class:`Selection` (the rules of a drag)
``rules``      sizes, minimum length, scoring, round time, :class:`BoardSpec`
``words``      :class:`SnakeWords`: a word list, its common words, the grid solver
``generator``  :func:`generate`: a board around a hidden target word, in a word-count band
``clock``      :class:`RoundTimer` on an injectable clock, :class:`FakeClock`
``game``       :class:`SnakeGame`: turns, words, hints, results with the cancel rule
``codes``      share codes (language, size, seed) and the daily board's seed
``storage``    autosave and high scores (atomic JSON in the user's data folder)
=============  =========================================================================
"""

from .board import Board, BoardError, Path, PathProblem, Selection, Step
from .clock import FakeClock, RoundTimer, format_seconds
from .codes import CodeError, ShareCode, daily_seed, parse_code, random_seed
from .game import (GameError, Hints, Phase, PlayerResult, Preview, Results, ResultWord,
                   SnakeGame, Submission, Verdict)
from .generator import Band, Deal, GenerationCancelled, band_for, generate
from .letters import LetterSet, letter_set
from .rules import BoardSpec, SpecError, default_min_len, parse_size, word_points
from .words import SnakeWords

__all__ = [
    "Band", "Board", "BoardError", "BoardSpec", "CodeError", "Deal", "FakeClock", "GameError",
    "GenerationCancelled", "Hints", "LetterSet", "Path", "PathProblem", "Phase", "PlayerResult",
    "Preview", "Results", "ResultWord", "RoundTimer", "Selection", "ShareCode", "SnakeGame",
    "SnakeWords", "SpecError", "Step", "Submission", "Verdict", "band_for", "daily_seed",
    "default_min_len", "format_seconds", "generate", "letter_set", "parse_code",
    "parse_size", "random_seed", "word_points",
]
