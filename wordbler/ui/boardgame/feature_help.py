"""Help sections for the serious-play features (unseen tiles, clocks, classic rules,
analysis, statistics): appended to Help > Keys and rules by ``dialogs.help_markdown``."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

# The texts are marked here (QT_TRANSLATE_NOOP, which pyside6-lupdate extracts) and
# translated when the help is built, after the application's translator is installed.
CONTEXT = "feature_help"


def _t(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


SECTIONS: list[tuple[str, str]] = [
    (QT_TRANSLATE_NOOP("feature_help", "Word judge and meanings"),
     QT_TRANSLATE_NOOP(
         "feature_help",
         "Game > Word judge… (Ctrl+J) settles a dispute: type one or more words (separated by "
         "spaces or commas) and press Enter; each is shown as VALID or NOT VALID for this "
         "game's word list. For an English list a valid word's meaning follows (WordNet, read "
         "offline; an inflected form such as RUNS or RAN is explained under its base form "
         "RUN), or 'No definition found for WORD' when it has none; an invalid word gets no "
         "meaning. Meanings are available for English words only: in a game in another "
         "language the judge says so. The judge shows no rack and can stay open during play. "
         "Meaning of WORD opens it with a word looked up, from: the score history (right-click"
         " a turn), the recap of the last moves (Meanings… on the hand-off screen, or "
         "right-click it; right-click the recap beside the buttons when you play against the "
         "computer), the hint list (right-click a move, or choose it and press Meaning…; the "
         "word is cleared from the judge when your turn ends) and the game-over screen (every "
         "word of the game, each player's best move first: choose one and press Meaning, "
         "double-click it or right-click it).")),
    (QT_TRANSLATE_NOOP("feature_help", "Unseen tiles"),
     QT_TRANSLATE_NOOP(
         "feature_help",
         "View > Unseen tiles (Ctrl+U) opens a panel beside the board with the tiles you have "
         "not seen: those in the bag and on the other players' racks, letter by letter in "
         "alphabetical order, with the totals of vowels, consonants and blanks. It counts "
         "again after every turn and shows nothing during the hand-off or a computer's turn, "
         "so it never tells anyone another player's rack.")),
    (QT_TRANSLATE_NOOP("feature_help", "Clocks"),
     QT_TRANSLATE_NOOP(
         "feature_help",
         "Choose a clock in New game: no clock; a time per move (10 s to 10 min; when it runs "
         "out the turn passes); a chess clock (minutes each for the whole game; time over "
         "costs the set points, 10 by default, per started minute: shown beside the time, and "
         "taken off the final score when the game ends, a '(time)' line in the file); or show "
         "time used, where nothing runs out. The strip above the board shows each player's "
         "time. Only the player to move uses time, and only while their rack is shown: the "
         "clock stops during the hand-off and while any dialog is open. A saved game keeps the"
         " clock and the time used (the #wordbler-clock line of the file).")),
    (QT_TRANSLATE_NOOP("feature_help", "Classic play: the preview and challenges"),
     QT_TRANSLATE_NOOP(
         "feature_help",
         "In New game > Classic play you can turn off the live check of the words: the preview"
         " then shows the words and the score but not whether they are valid, and you learn "
         "that only at Done. With challenges, Done does not look the words up at all: a play "
         "stands unless the next player challenges it before moving (the Challenge button "
         "beside the other buttons, or Turn > Challenge the last play, Ctrl+L). A challenged "
         "play with a word that is not in the dictionary is taken back: its tiles return, its "
         "score goes and its player's turn is lost (the file shows the play, then a '--' "
         "line). If every word is valid: under double challenge the challenger loses this "
         "turn; under single challenge the player challenged gets 5 points (a '(challenge) +5'"
         " line) and the challenger plays on. Only the play just made can be challenged, and "
         "not the last play of the game.")),
    (QT_TRANSLATE_NOOP("feature_help", "Analysis after the game"),
     QT_TRANSLATE_NOOP(
         "feature_help",
         "When the game is over, Game > Analyse the game looks at every turn again with the "
         "move generator: the best move by score, the best by valuation (score plus the value "
         "of the tiles kept, as the Master and Grandmaster computer players rank their moves),"
         " the points left on the table (best score minus the score made) and the best bingo "
         "missed (a move using all seven tiles that was there to play). A chart shows the "
         "score race; line styles as well as colours tell the players apart. The analysis runs"
         " in the background with a progress bar; Cancel or closing the window stops it.")),
    (QT_TRANSLATE_NOOP("feature_help", "Statistics"),
     QT_TRANSLATE_NOOP(
         "feature_help",
         "Every finished game is counted for each player name (names are matched without "
         "regard to capitals): games, wins, average score, average per turn, best move and "
         "bingos, with a chart of the recent final scores. Game > Statistics shows them. They "
         "are kept on this computer only, in stats.json in Wordbler's data folder; a damaged "
         "file is reported and kept aside as stats.json.damaged.")),
    (QT_TRANSLATE_NOOP("feature_help", "Themes and colours"),
     QT_TRANSLATE_NOOP(
         "feature_help",
         "View > Theme: Follow system (the default: dark when the system is in dark "
         "mode, and it changes when the system's does), Light or Dark. Dark gives the "
         "board, the tiles, the panels and the hand-off dark colours, and Qt's own "
         "buttons, lists, menus and dialogs too (while the board game is dark on a "
         "light system, the other games' windows are dark as well). View > Premium "
         "squares: Standard, or Colour-blind safe, where the premium squares take "
         "colours that stay apart with every common colour-vision deficiency "
         "(Okabe–Ito: sky blue 2L, blue 3L, orange 2W, vermillion 3W), always show "
         "their label 2L/3L/2W/3W (even with View > Show premium labels off), and "
         "carry marks that tell them apart with no colour at all: 2L is striped one "
         "way, 3L crosswise, 2W has triangles in two corners and 3W in three. Both "
         "choices are remembered.")),
    (QT_TRANSLATE_NOOP("feature_help", "Sound"),
     QT_TRANSLATE_NOOP(
         "feature_help",
         "Short sounds mark a tile put on the board, a play made (Done, or a "
         "computer's move), something refused (a Done with words not in the "
         "dictionary, a letter not on your rack), a bingo (all seven tiles played) and"
         " the end of the game. View > Sound effects (Ctrl+M) turns them off and on; "
         "View > Sound volume sets 25% to 100%; both are remembered. The sounds need "
         "Qt Multimedia (the PySide6-Addons package) and an audio output: without them"
         " the game is silent and the menu says (unavailable).")),
    (QT_TRANSLATE_NOOP("feature_help", "Computer players"),
     QT_TRANSLATE_NOOP(
         "feature_help",
         "Any seat can be a computer (New game > Players). Sprout (beginner) plays common "
         "words and seldom its best move; Scholar (intermediate) plays its highest-scoring "
         "common word; Master "
         "(strong) plays the move worth most in points plus the value of the tiles it keeps "
         "(values fitted from self-play for the English tiles; for Russian and French a "
         "general rule by tile points and counts), near the end of the bag (14 tiles or fewer) "
         "plays its best few moves out for a moment as Grandmaster does, and, with the bag "
         "empty, searches the endgame for a moment; Grandmaster (expert) takes Master's best "
         "few moves and plays each of them out against racks the opponent may hold (guessed "
         "from the tiles not yet seen and from what their last move says they kept), "
         "choosing the one with the best chance of winning against the replies (far behind, "
         "it takes a long shot); it weighs exchanging the same way, plays a line that empties "
         "the bag on to the end of the game, with one or two tiles in the "
         "bag goes through every possible draw, and with the bag empty searches the "
         "endgame longer, to the end when it can. While Grandmaster (or Master near the end "
         "of the bag) plays moves out, a bar under its name shows how far it is; it takes a "
         "few seconds at most. Closing the window or starting a new game stops a computer at "
         "once.")),
    (QT_TRANSLATE_NOOP("feature_help", "Head start"),
     QT_TRANSLATE_NOOP(
         "feature_help",
         "New game > Players gives each player a Head start (0 to 200 points, in steps of 5):"
         " the player starts the game with these points, to even a game between players of "
         "different strength, for instance a beginner against a strong computer. The score "
         "panels show it from the start, the score history and the scoreboard begin with a "
         "Head start line for each player who has one, and it counts in the final score and "
         "for the win. A saved game and its record keep it (the #wordbler-handicap line, one "
         "number per player in seat order), so a resumed or replayed game has the same "
         "scores. Statistics count the win, but keep the head start out of the average "
         "score, the chart of recent scores and the best move.")),
    (QT_TRANSLATE_NOOP("feature_help", "Languages"),
     QT_TRANSLATE_NOOP(
         "feature_help",
         "Game > New game… > Language and dictionary: play in English, Russian or French. "
         "The language brings its tile set and its bundled word list. English: 100 tiles "
         "(2 blanks), the SCOWL-based list. Russian: 104 tiles, 32 letters and 3 blanks, the "
         "Russian edition's distribution; the words are common nouns in the nominative "
         "singular. There is no Ё tile: Ё is played as Е, so a word written with Ё (ЁЛКА) "
         "is played and checked as ЕЛКА, and Ё typed on the board is placed as Е. French: "
         "102 tiles (2 blanks) and Debian's French word list with accents folded as French "
         "tile games play them (É is E, Ç is C, Œ is OE). A word list file of your own works "
         "with any tile set: it is read in the language's alphabet (a file with no word of "
         "it is refused). Type on the board with your keyboard's layout: on a Russian layout "
         "the keys type Cyrillic letters. The blank chooser offers the game's alphabet. Game "
         "records keep the language (#wordbler-language); their squares stay 8H / H8, and a "
         "blank is the lower-case letter (Cyrillic in Russian). The window's title names the "
         "language of a Russian or French game. The menus stay in English.")),
]


def feature_help_markdown(rules=None) -> str:
    lines = ["# " + QCoreApplication.translate("feature_help", "More for serious players"), ""]
    for title, text in SECTIONS:
        lines += [f"**{_t(title)}**", "", _t(text), ""]
    return "\n".join(lines)
