"""The words of the Word Grid window (help, results), marked for Qt's translation (context
"wordgrid.texts") and translated when shown."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

LANG_NAMES = {"en": QT_TRANSLATE_NOOP("wordgrid.texts", "English"),
              "ru": QT_TRANSLATE_NOOP("wordgrid.texts", "Russian"),
              "fr": QT_TRANSLATE_NOOP("wordgrid.texts", "French")}


def lang_name(code: str) -> str:
    return (QCoreApplication.translate("wordgrid.texts", LANG_NAMES[code])
            if code in LANG_NAMES else code)


def help_html() -> str:
    return QCoreApplication.translate("wordgrid.texts", HELP_HTML)


HELP_HTML = QT_TRANSLATE_NOOP("wordgrid.texts", """
<h2>Word Grid</h2>
<p>The grid holds crossing words: across on rows 1, 3, 5 (and 7) and down on columns 1, 3, 5
(and 7). Its letters have been scrambled. <b>Swap letters two at a time</b> until every word
is right. The fewest swaps that can do it is 10 on a 5×5 grid and 20 on a 7×7 grid; you have
15 or 25.</p>
<h3>Swapping</h3>
<ul>
<li><b>Drag</b> a letter onto another, or <b>click</b> one letter and then another.</li>
<li>Keyboard: <b>arrow keys</b> move the dotted cursor, <b>Space</b> (or Enter) picks the
letter under it, move to another letter and press <b>Space</b> again to swap. <b>Esc</b>
drops the pick.</li>
</ul>
<h3>Colours</h3>
<ul>
<li><b>Green, with a check mark</b>: the right letter in the right place. A green letter is
locked and cannot be moved.</li>
<li><b>Yellow, with a dot</b>: the letter belongs somewhere else in a word through this cell.
Letters are counted: within one word, a letter is shown yellow only as many times as it is
still missing from that word's non-green cells, from left to right (top to bottom for a down
word). A cell where a row word and a column word cross is yellow when its letter is still
missing from <i>either</i> of the two words.</li>
<li><b>Grey</b>: the letter is not wanted anywhere else in the word(s) through this cell.</li>
</ul>
<p>View › Colour-blind colours shows orange and blue instead of green and yellow; the
check mark and the dot are shown in both.</p>
<h3>Swaps, stars and undo</h3>
<ul>
<li>Each swap counts. Solve the grid with swaps to spare and each spare swap is a
<b>star</b>, up to five (a fewest-swaps solve earns all five).</li>
<li>When the swaps run out before the grid is solved the game is lost, and the solution is
shown by playing the swaps that finish it.</li>
<li><b>Undo</b> (Ctrl+Z) puts your last swap back, and <b>costs a swap</b> like any other: the
counter goes on, it does not go back.</li>
</ul>
<h3>Daily puzzle and free play</h3>
<p>The <b>daily puzzle</b> is made from the date, so everyone gets the same one on the same day
(for each size and language). <b>Free play</b> makes a new puzzle from a random seed, shown
in the title; Game › Play a seed… replays any seed. Your game is saved after every swap and
comes back when you open Word Grid again. Statistics count every finished game; a game given
up for another counts as lost. Game › Copy result copies your stars and the colours of the
grid, without any letter, to share.</p>
<p>Words come from the common words of the language (English; Russian nouns; French, every
form, accents left out as in French crosswords), so no
obscure word is needed, and each puzzle has a single solution once the green letters stay
where they are. Game › Words › Own word list… makes free play's puzzles from a word list of
your own instead (a text file, a word a line; every word of the grid's length can be used);
the daily puzzle keeps the common words, and a seed replays the same puzzle only with the
same list.</p>
""")
