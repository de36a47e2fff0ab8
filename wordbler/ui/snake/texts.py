"""The wording of the Word Snake window (verdicts, labels, help), in English through Qt's
translation (context "snake.texts"; ``translate(...)`` is what pyside6-lupdate extracts)."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from wordbler.snake import PathProblem, Submission, Verdict, format_seconds, word_points

translate = QCoreApplication.translate

LANG_NAMES = {"en": QT_TRANSLATE_NOOP("snake.texts", "English"),
              "ru": QT_TRANSLATE_NOOP("snake.texts", "Russian"),
              "fr": QT_TRANSLATE_NOOP("snake.texts", "French")}


def lang_name(code: str) -> str:
    """The language's name as the UI shows it."""
    return translate("snake.texts", LANG_NAMES[code]) if code in LANG_NAMES else code


def show_word(word: str) -> str:
    return word


def points_text(n: int) -> str:
    return (translate("snake.texts", "{n} point") if n == 1
            else translate("snake.texts", "{n} points")).format(n=n)


def verdict_text(sub: Submission, min_len: int) -> str:
    """One line about a submitted word."""
    w = sub.word
    v = sub.verdict
    that = w or translate("snake.texts", "That")
    if v is Verdict.ACCEPTED:
        if sub.bonus:
            return translate("snake.texts", "{word}: +{points} (bonus word)").format(
                word=w, points=points_text(sub.points))
        return translate("snake.texts", "{word}: +{points}").format(
            word=w, points=points_text(sub.points))
    if v is Verdict.ALREADY_PLAYED:
        return translate("snake.texts", "{word}: already played").format(word=w)
    if v is Verdict.TOO_SHORT:
        return translate("snake.texts", "{word}: too short (at least {n} letters)").format(
            word=that, n=min_len)
    if v is Verdict.NOT_A_WORD:
        return translate("snake.texts", "{word}: not in the word list").format(word=w)
    if v is Verdict.BAD_PATH:
        if sub.problem in (None, PathProblem.EMPTY):
            return translate("snake.texts", "{word}: not on the board").format(word=w)
        return translate("snake.texts", "{word}: not a path ({problem})").format(
            word=that, problem=sub.problem.value)
    if v is Verdict.TIME_UP:
        return translate("snake.texts", "Time is up")
    return translate("snake.texts", "The round is not running")


def duration_text(seconds: int | None) -> str:
    return translate("snake.texts", "untimed") if seconds is None else format_seconds(seconds)


def word_line(word: str, points: int, *, bonus: bool = False, cancelled: bool = False) -> str:
    """A word of the results' lists and its points, with the unit: every tab shows the same
    measure ("BALLOTS  5 points"; the lists of missed and of all words showed the length,
    "BALLOTS  7", beside the points of the player's words, "BALLOTS  5")."""
    tags = []
    if bonus:
        tags.append(translate("snake.texts", "★ bonus"))
    if cancelled:
        tags.append(translate("snake.texts", "cancelled"))
    tail = f"  ({', '.join(tags)})" if tags else ""
    return f"{word}  {points_text(points if not cancelled else 0)}{tail}"


# the help page, one text for translators (shown through help_html())
HELP_HTML = QT_TRANSLATE_NOOP("snake.texts", """
<h2>Word Snake</h2>
<p>Find words in the grid of letters before the time runs out.  A word is a chain of
tiles, each one next to the one before &mdash; across, up and down or diagonally &mdash;
and no tile twice in one word.  The <b>Qu</b> tile of English boards holds two letters.</p>
<h3>Playing</h3>
<ul>
<li><b>Drag</b> through the tiles and let go to play the word.  Moving back onto the
tile before takes the last letter off.</li>
<li>Or <b>click</b> the tiles one by one; click the last tile again to play the word.
Right click drops it.</li>
<li>Or <b>type</b> the word: the tiles light up along a path that spells it.
<b>Enter</b> plays it, <b>Backspace</b> takes a letter off, <b>Esc</b> clears.</li>
</ul>
<p>While you build a word the line through the tiles tells you where you are:
<b>solid blue with ✓</b> &mdash; a word you have not played yet;
<b>dashed orange with ↺</b> &mdash; a word you already played;
<b>dotted grey with …</b> &mdash; not a word (yet).  The side panel says the same in words.</p>
<h3>Scoring</h3>
<p>Words of 3 or 4 letters score 1, 5 letters 2, 6 letters 3, 7 letters 5, 8 or more 11.
The shortest word is 3 letters (4 on boards of 5&times;5 and more; you can change it).
Rarer words from the word list score too and are shown as <i>bonus words</i>; the words
you are told you missed are only the common ones.</p>
<h3>Players</h3>
<p>One to four players take turns on the same board, each with the whole time.  Between
turns a hand-off screen hides the board.  At the end, a word found by more than one
player scores nothing for any of them (you can turn this rule off).</p>
<h3>Hints, codes, the daily board</h3>
<p><b>Hints</b> show how many common words are left, by first letter and length.  They are
free, but a score made with hints is marked in the high scores.  Every board has a
<b>code</b> (language, size, seed): give it to a friend and they get the same board.  The
<b>daily board</b> is the same for everyone on the same day.</p>
<h3>After the round</h3>
<p>The results list every word you found, the common words you missed and every word on
the board, each with the points it scores.  Click a word to see its path on the board and,
for English words, its meaning (from WordNet 3.0; RUNNING is shown with RUN).  Russian and French words have no definitions yet.</p>
<h3>Keys</h3>
<table>
<tr><td>Letters, Backspace, Enter, Esc</td><td>build, shorten, play, clear a word</td></tr>
<tr><td>Ctrl+P</td><td>pause or resume (the board is hidden while paused; a round also
pauses when you turn to another window)</td></tr>
<tr><td>Ctrl+H</td><td>show or hide the hints</td></tr>
<tr><td>Ctrl+E</td><td>end your turn</td></tr>
<tr><td>Ctrl+N, Ctrl+D, Ctrl+L</td><td>new board, daily board, enter a board code</td></tr>
<tr><td>F1</td><td>this help</td></tr>
</table>
<p>The round is saved as you play: if the program closes, it comes back where you were.</p>
""")


def help_html() -> str:
    return translate("snake.texts", HELP_HTML)


__all__ = ["HELP_HTML", "LANG_NAMES", "duration_text", "help_html", "lang_name", "points_text",
           "verdict_text", "word_line", "word_points"]
