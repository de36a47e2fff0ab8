"""The UI's wording: refusals, previews and recaps of turns.

The engine gives reasons as enums and values; the words a player reads are chosen here, in
English, through Qt's translation (context "texts": ``translate("texts", ...)`` is what
pyside6-lupdate extracts; values go in with ``.format``).
"""

from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from wordbler.boardgame.game import Preview
from wordbler.boardgame.model import EndReason, Outcome, ScoreBreakdown, TurnKind, TurnRecord, WordScore
from wordbler.boardgame.placement import IllegalMove, Reason


translate = QCoreApplication.translate


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
            return translate("texts", "{word} is not in the dictionary.").format(word=words[0])
        return translate("texts", "Not in the dictionary: {words}.").format(words=", ".join(words))
    if r is Reason.NOT_IN_LINE:
        return translate("texts", "Your tiles must be in one row or one column.")
    if r is Reason.GAP:
        return translate("texts", "There is a gap between your tiles (at {squares}).").format(
            squares=_squares(e))
    if r is Reason.FIRST_NOT_ON_START:
        return translate("texts", "The first word must cover the centre star.")
    if r is Reason.FIRST_TOO_FEW_TILES:
        count = e.detail.rpartition(" ")[2]  # "at least N": the rules' minimum
        if count in ("", "2"):  # every preset's rule
            return translate("texts", "The first word needs at least two tiles.")
        return translate("texts", "The first word needs at least {count} tiles.").format(
            count=count)
    if r is Reason.NOT_CONNECTED:
        return translate("texts", "Your word must touch a tile already on the board.")
    if r is Reason.NO_TILES:
        return translate("texts", "Place some tiles on the board first.")
    if r is Reason.OCCUPIED:
        return translate("texts", "That square is taken ({squares}).").format(squares=_squares(e))
    if r is Reason.EXCHANGE_BAG_TOO_SMALL:
        return translate("texts", "Too few tiles in the bag to exchange ({detail}).").format(
            detail=e.detail)
    if r is Reason.EXCHANGE_EMPTY:
        return translate("texts", "Ctrl+click the tiles you want to exchange first.")
    if r is Reason.GAME_OVER:
        return translate("texts", "The game is over.")
    text = r.value
    return text[0].upper() + text[1:] + "."


def word_summary(w: WordScore) -> str:
    return f"{w.word} {w.score}"


def describe_breakdown(b: ScoreBreakdown) -> str:
    """``CAT 10 + AT 2 + bonus 50 = 62 points``."""
    parts = [word_summary(w) for w in b.words]
    if b.bingo_bonus:
        parts.append(translate("texts", "bonus {bonus}").format(bonus=b.bingo_bonus))
    total = plural(b.total, "point")
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
        if len(preview.invalid_words) == 1:
            but = translate("texts", "{score} — but {words} is not in the dictionary")
        else:
            but = translate("texts", "{score} — but {words} are not in the dictionary")
        return but.format(score=text, words=bad), False
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
            parts.append(translate("texts", "{letter} {value} on {premium}").format(
                letter=face, value=ls.value, premium=ls.premium.label))
        else:
            parts.append(f"{face} {ls.points}" if ls.is_new else f"({face} {ls.points})")
    text = "  ".join(parts)
    if w.word_multiplier > 1:
        text += "   " + translate("texts", "word ×{times}").format(times=w.word_multiplier)
    return f"{text}   → {w.score}"


#: the counted nouns of the UI: (one, many), each a whole text for translators
PLURALS: dict[str, tuple[str, str]] = {
    "tile": (QT_TRANSLATE_NOOP("texts", "{n} tile"), QT_TRANSLATE_NOOP("texts", "{n} tiles")),
    "point": (QT_TRANSLATE_NOOP("texts", "{n} point"), QT_TRANSLATE_NOOP("texts", "{n} points")),
    "word": (QT_TRANSLATE_NOOP("texts", "{n} word"), QT_TRANSLATE_NOOP("texts", "{n} words")),
    "tie": (QT_TRANSLATE_NOOP("texts", "{n} tie"), QT_TRANSLATE_NOOP("texts", "{n} ties")),
    "marked tile": (QT_TRANSLATE_NOOP("texts", "{n} marked tile"),
                    QT_TRANSLATE_NOOP("texts", "{n} marked tiles")),
}


def plural(n: int, word: str) -> str:
    """``1 tile``, ``3 tiles`` (translated for the nouns of :data:`PLURALS`)."""
    forms = PLURALS.get(word)
    if forms is None:
        return f"{n} {word}{'' if n == 1 else 's'}"
    return translate("texts", forms[0] if n == 1 else forms[1]).format(n=n)


def describe_record(record: TurnRecord, names: Sequence[str]) -> str:
    """A recap of one turn, e.g. ``Ann played CAT (and AT) for 12 points and drew 3 tiles.``"""
    who = names[record.player]
    k = record.kind
    if k is TurnKind.PLAY:
        assert record.breakdown is not None
        words = [w.word for w in record.breakdown.words]
        main = words[0]
        extra = (translate("texts", " (and {words})").format(words=", ".join(words[1:]))
                 if len(words) > 1 else "")
        bonus = (translate("texts", ", including a {bonus}-point bonus,").format(
            bonus=record.breakdown.bingo_bonus) if record.breakdown.bingo_bonus else "")
        drawn = (translate("texts", " and drew {tiles}").format(
            tiles=plural(len(record.drawn), "tile")) if record.drawn
            else translate("texts", " and drew no tiles"))
        return translate("texts", "{name} played {move}{extra} for {points}{bonus}{drawn}.").format(
            name=who, move=move_notation(record.breakdown.main_word.gcg_position, main),
            extra=extra, points=plural(record.score, "point"), bonus=bonus, drawn=drawn)
    if k is TurnKind.FAILED_PLAY:
        bad = ", ".join(record.invalid_words)
        return translate("texts", "{name} tried {words}, which is not in the dictionary, and "
                                  "lost the turn.").format(name=who, words=bad)
    if k is TurnKind.EXCHANGE:
        n = len(record.move.exchanged) if record.move else len(record.drawn)
        return translate("texts", "{name} exchanged {tiles}.").format(name=who,
                                                                       tiles=plural(n, "tile"))
    if k is TurnKind.PASS:
        return translate("texts", "{name} passed.").format(name=who)
    if k is TurnKind.SETTLEMENT:
        letters = "".join(t.letter for t in record.settled_tiles)
        sign = "+" if record.score >= 0 else ""
        return translate("texts", "{name}: {score} for tiles left ({letters}).").format(
            name=who, score=f"{sign}{record.score}", letters=letters)
    if k is TurnKind.HINT:
        cost = -record.score
        if cost:
            return translate("texts", "{name} took a hint for {points}.").format(
                name=who, points=plural(cost, "point"))
        return translate("texts", "{name} took a hint (free).").format(name=who)
    if k is TurnKind.CHALLENGE_BONUS:
        return translate("texts", "{name} was challenged wrongly and gets {points}.").format(
            name=who, points=plural(record.score, "point"))
    if k is TurnKind.TIME_PENALTY:
        return translate("texts", "{name} went over time: {points} off.").format(
            name=who, points=plural(-record.score, "point"))
    return f"{who}: {k.value}"


def short_record(record: TurnRecord, names: Sequence[str]) -> str:
    """A turn in one short line, as the replay's list has it: ``Robo: 8H AT +4``."""
    who = names[record.player]
    k = record.kind
    if k is TurnKind.PLAY and record.breakdown is not None:
        words = [w.word for w in record.breakdown.words]
        extra = f" (+ {', '.join(words[1:])})" if len(words) > 1 else ""
        bonus = translate("texts", " with the bonus") if record.breakdown.bingo_bonus else ""
        return (f"{who}: {move_notation(record.breakdown.main_word.gcg_position, words[0])}"
                f"{extra} {record.score:+d}{bonus}")
    if k is TurnKind.FAILED_PLAY:
        return translate("texts", "{name}: {words} not in the dictionary, turn lost").format(
            name=who, words=", ".join(record.invalid_words))
    if k is TurnKind.EXCHANGE:
        n = len(record.move.exchanged) if record.move else len(record.drawn)
        return translate("texts", "{name} exchanged {tiles}").format(name=who,
                                                                      tiles=plural(n, "tile"))
    if k is TurnKind.PASS:
        return translate("texts", "{name} passed").format(name=who)
    return describe_record(record, names)


END_REASONS = {
    EndReason.WENT_OUT: QT_TRANSLATE_NOOP("texts", "{name} went out."),
    EndReason.FAIL_LIMIT: QT_TRANSLATE_NOOP("texts", "Too many scoreless turns in a row."),
    EndReason.BAG_EMPTY: QT_TRANSLATE_NOOP("texts", "The bag is empty."),
}


def describe_outcome(outcome: Outcome, names: Sequence[str]) -> str:
    why = translate("texts", END_REASONS[outcome.reason]).format(
        name=names[outcome.went_out] if outcome.went_out is not None
        else translate("texts", "A player")
    )
    winners = [names[i] for i in outcome.winners]
    score = outcome.scores[outcome.winners[0]]
    if len(winners) == 1:
        return translate("texts", "{why} {name} wins with {score} points!").format(
            why=why, name=winners[0], score=score)
    return translate("texts", "{why} A tie between {names} with {score} points.").format(
        why=why, names=translate("texts", " and ").join(winners), score=score)
