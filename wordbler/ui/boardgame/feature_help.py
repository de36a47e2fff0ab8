"""Help sections for the serious-play features (unseen tiles, clocks, classic rules,
analysis, statistics): appended to Help > Keys and rules by ``dialogs.help_markdown``."""

from __future__ import annotations

SECTIONS: list[tuple[str, str]] = [
    ("Unseen tiles",
     "View > Unseen tiles (Ctrl+U) opens a panel beside the board with the tiles you have "
     "not seen: those in the bag and on the other players' racks, letter by letter in "
     "alphabetical order, with the totals of vowels, consonants and blanks. It counts again "
     "after every turn and shows nothing during the hand-off or a computer's turn, so it "
     "never tells anyone another player's rack."),
]


def feature_help_markdown(rules=None) -> str:
    lines = ["# More for serious players", ""]
    for title, text in SECTIONS:
        lines += [f"**{title}**", "", text, ""]
    return "\n".join(lines)
