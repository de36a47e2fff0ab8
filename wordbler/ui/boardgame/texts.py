"""The UI's wording: refusals, previews and recaps of turns.

The engine gives reasons as enums and values; the words a player reads are chosen here.
"""

from __future__ import annotations

from typing import Sequence

from wordbler.boardgame.game import Preview
from wordbler.boardgame.model import EndReason, Outcome, ScoreBreakdown, TurnKind, TurnRecord, WordScore
from wordbler.boardgame.placement import IllegalMove, Reason


def move_notation(position: str, word: str) -> str:
    """A play in the one notation the whole UI uses, GCG's: the square of the word's first
    letter, then the word: ``8H CAT`` (row 8 then column H: across), ``H8 CAT`` (down)."""
    return f"{position} {word}"


def _squares(e: IllegalMove) -> str:
    return ", ".join(c.label for c in e.squares)


def describe_illegal(e: IllegalMove) -> str:
    """One sentence a player understands, for a refused move or placement."""
    r = e.reason
    if r is Reason.INVALID_WORDS:
        words = list(e.words)
        if len(words) == 1:
            return f"{words[0]} is not in the dictionary."
        return f"Not in the dictionary: {', '.join(words)}."
    if r is Reason.NOT_IN_LINE:
        return "Your tiles must be in one row or one column."
    if r is Reason.GAP:
        return f"There is a gap between your tiles (at {_squares(e)})."
    if r is Reason.FIRST_NOT_ON_START:
        return "The first word must cover the centre star."
    if r is Reason.FIRST_TOO_FEW_TILES:
        return "The first word needs at least two tiles."
    if r is Reason.NOT_CONNECTED:
        return "Your word must touch a tile already on the board."
    if r is Reason.NO_TILES:
        return "Place some tiles on the board first."
    if r is Reason.OCCUPIED:
        return f"That square is taken ({_squares(e)})."
    if r is Reason.EXCHANGE_BAG_TOO_SMALL:
        return f"Too few tiles in the bag to exchange ({e.detail})."
    if r is Reason.EXCHANGE_EMPTY:
        return "Ctrl+click the tiles you want to exchange first."
    if r is Reason.GAME_OVER:
        return "The game is over."
    text = r.value
    return text[0].upper() + text[1:] + "."


def word_summary(w: WordScore) -> str:
    return f"{w.word} {w.score}"


def describe_breakdown(b: ScoreBreakdown) -> str:
    """``CAT 10 + AT 2 + bonus 50 = 62 points``."""
    parts = [word_summary(w) for w in b.words]
    if b.bingo_bonus:
        parts.append(f"bonus {b.bingo_bonus}")
    total = f"{b.total} point{'s' if b.total != 1 else ''}"
    if len(parts) == 1:
        return f"{parts[0].rsplit(' ', 1)[0]}: {total}"
    return f"{' + '.join(parts)} = {total}"


def describe_preview(preview: Preview | None) -> tuple[str, bool]:
    """Text of the live preview and whether the placement could be played as it stands."""
    if preview is None:
        return "", True
    if preview.error is not None and preview.breakdown is None:
        return describe_illegal(preview.error), False
    assert preview.breakdown is not None
    text = describe_breakdown(preview.breakdown)
    if preview.invalid_words:
        bad = ", ".join(preview.invalid_words)
        verb = "is" if len(preview.invalid_words) == 1 else "are"
        return f"{text} — but {bad} {verb} not in the dictionary", False
    return text, True


def letter_detail(w: WordScore) -> str:
    """Per-letter breakdown: ``C 3  A 1×2L=2  (T 1)   word ×2   → 12``; tiles already on the
    board are in parentheses (their premiums are spent)."""
    parts = []
    for ls in w.letters:
        face = ls.letter.lower() if ls.is_blank else ls.letter
        if ls.premium is not None and ls.premium.letter_multiplier > 1:
            parts.append(f"{face} {ls.value}×{ls.premium.label}={ls.points}")
        elif ls.premium is not None:
            parts.append(f"{face} {ls.value} on {ls.premium.label}")
        else:
            parts.append(f"{face} {ls.points}" if ls.is_new else f"({face} {ls.points})")
    text = "  ".join(parts)
    if w.word_multiplier > 1:
        text += f"   word ×{w.word_multiplier}"
    return f"{text}   → {w.score}"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def describe_record(record: TurnRecord, names: Sequence[str]) -> str:
    """A recap of one turn, e.g. ``Ann played CAT (and AT) for 12 points and drew 3 tiles.``"""
    who = names[record.player]
    k = record.kind
    if k is TurnKind.PLAY:
        assert record.breakdown is not None
        words = [w.word for w in record.breakdown.words]
        main = words[0]
        extra = f" (and {', '.join(words[1:])})" if len(words) > 1 else ""
        bonus = f", including a {record.breakdown.bingo_bonus}-point bonus" if record.breakdown.bingo_bonus else ""
        drawn = f" and drew {plural(len(record.drawn), 'tile')}" if record.drawn else " and drew no tiles"
        return (
            f"{who} played {move_notation(record.breakdown.main_word.gcg_position, main)}{extra} "
            f"for {plural(record.score, 'point')}{bonus}{drawn}."
        )
    if k is TurnKind.FAILED_PLAY:
        bad = ", ".join(record.invalid_words)
        return f"{who} tried {bad}, which is not in the dictionary, and lost the turn."
    if k is TurnKind.EXCHANGE:
        n = len(record.move.exchanged) if record.move else len(record.drawn)
        return f"{who} exchanged {plural(n, 'tile')}."
    if k is TurnKind.PASS:
        return f"{who} passed."
    if k is TurnKind.SETTLEMENT:
        letters = "".join(t.letter for t in record.settled_tiles)
        sign = "+" if record.score >= 0 else ""
        return f"{who}: {sign}{record.score} for tiles left ({letters})."
    if k is TurnKind.HINT:
        cost = -record.score
        return f"{who} took a hint" + (f" for {plural(cost, 'point')}." if cost else " (free).")
    if k is TurnKind.CHALLENGE_BONUS:
        return f"{who} was challenged wrongly and gets {plural(record.score, 'point')}."
    if k is TurnKind.TIME_PENALTY:
        return f"{who} went over time: {plural(-record.score, 'point')} off."
    return f"{who}: {k.value}"


def short_record(record: TurnRecord, names: Sequence[str]) -> str:
    """A turn in one short line, as the replay's list has it: ``Robo: 8H AT +4``."""
    who = names[record.player]
    k = record.kind
    if k is TurnKind.PLAY and record.breakdown is not None:
        words = [w.word for w in record.breakdown.words]
        extra = f" (+ {', '.join(words[1:])})" if len(words) > 1 else ""
        bonus = " with the bonus" if record.breakdown.bingo_bonus else ""
        return (f"{who}: {move_notation(record.breakdown.main_word.gcg_position, words[0])}"
                f"{extra} {record.score:+d}{bonus}")
    if k is TurnKind.FAILED_PLAY:
        return f"{who}: {', '.join(record.invalid_words)} not in the dictionary, turn lost"
    if k is TurnKind.EXCHANGE:
        n = len(record.move.exchanged) if record.move else len(record.drawn)
        return f"{who} exchanged {plural(n, 'tile')}"
    if k is TurnKind.PASS:
        return f"{who} passed"
    return describe_record(record, names)


END_REASONS = {
    EndReason.WENT_OUT: "{name} went out.",
    EndReason.FAIL_LIMIT: "Too many scoreless turns in a row.",
    EndReason.BAG_EMPTY: "The bag is empty.",
}


def describe_outcome(outcome: Outcome, names: Sequence[str]) -> str:
    why = END_REASONS[outcome.reason].format(
        name=names[outcome.went_out] if outcome.went_out is not None else "A player"
    )
    winners = [names[i] for i in outcome.winners]
    if len(winners) == 1:
        return f"{why} {winners[0]} wins with {outcome.scores[outcome.winners[0]]} points!"
    return f"{why} A tie between {' and '.join(winners)} with {outcome.scores[outcome.winners[0]]} points."
