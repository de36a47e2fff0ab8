"""The table's defects a new player ran into, each through the widgets: Exchange and Pass
both ask; the buttons stay put while the preview changes; the blank's message goes when it
no longer applies; the title follows the game and its file (after New, after a resume); turns
are numbered by real turns and plays written one way everywhere; the hint list shows words,
not the same word ten times; one human against the computer never clicks a hand-off; the
table stays playable at 800 x 500."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, QSettings, Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from wordbler.boardgame import gcg, savegame
from wordbler.boardgame.game import PlayerSpec
from wordbler.boardgame.model import Coord, TurnKind
from wordbler.ui.boardgame import texts
from wordbler.ui.boardgame.animation import Speed
from wordbler.ui.boardgame.config import GameConfig
from wordbler.ui.boardgame.hints import format_points, group_by_word, HintRow
from wordbler.ui.boardgame.mainwindow import MainWindow
from wordbler.ui.boardgame.replay_view import describe_event

from tests.ui.boardgame.test_ui_keyboard import HINT_WORDS, _active, press
from tests.ui.boardgame.test_ui_screens import text_problems
from tests.ui.conftest import Driver, Words

H8, I8, J8, H9, A1 = Coord(7, 7), Coord(7, 8), Coord(7, 9), Coord(8, 7), Coord(0, 0)


def _window(qtbot, players, lexicon=None, seed=7, size=(1100, 800), settings=None, game=None):
    specs = tuple(p if isinstance(p, PlayerSpec) else PlayerSpec(p, m)
                  for p, m in zip(players, ("fox", "owl", "frog", "cat")))
    config = GameConfig(specs, "standard", lexicon, "test words", seed)
    w = MainWindow(config, Speed.OFF, settings=settings, game=game)
    qtbot.addWidget(w)
    w.resize(*size)
    w.show()
    qtbot.waitExposed(w)
    w.resize(*size)  # the test screen (offscreen: 800 x 600) cut it down when it was shown
    return w


def _rect(widget, top) -> QRect:
    return QRect(widget.mapTo(top, widget.rect().topLeft()), widget.size())


# ---------------------------------------------------------------------------------- item 6
def test_exchange_and_pass_both_ask_and_no_leaves_no_trace(driver, qtbot):
    d = driver()
    w, s, g = d.window, d.session, d.game
    d.reveal()
    a, b = s.rack_tiles()[:2]
    d.click_rack_tile(a.id, ctrl=True)
    d.click_rack_tile(b.id, ctrl=True)
    boxes = {}
    for button, attr in ((w.table.exchange_button, "exchange_box"), (w.table.pass_button, "pass_box")):
        d.click(button)
        box = getattr(w, attr)
        assert box is not None and box.isVisible() and box.icon() is QMessageBox.Icon.Question
        # the same shape: the safe answer is the default, and it says so
        assert box.defaultButton() is box.button(QMessageBox.StandardButton.No)
        assert box.button(QMessageBox.StandardButton.No).text() == "Keep playing"
        assert "score nothing" in box.text() or "scores nothing" in box.text()
        boxes[attr] = box.text()
        d.click(box.button(QMessageBox.StandardButton.No))
        assert not g.history and s.marked == {a.id, b.id} and s.can_act()
    assert "exchange 2 tiles" in boxes["exchange_box"]
    d.click(w.table.exchange_button)
    d.click(w.exchange_box.button(QMessageBox.StandardButton.Yes))
    assert g.history[-1].kind is TurnKind.EXCHANGE
    d.reveal()
    d.click(w.table.pass_button)
    d.click(w.pass_box.button(QMessageBox.StandardButton.Yes))
    assert g.history[-1].kind is TurnKind.PASS


# ---------------------------------------------------------------------------------- item 9
def test_the_buttons_stay_put_whatever_the_preview_says(driver, qtbot):
    words = Words()
    d = driver(lexicon=words, size=(800, 600))
    w, s = d.window, d.session
    t = w.table
    d.reveal()
    qtbot.wait(20)

    def where() -> list[tuple[int, int]]:
        return [(b.y(), b.height()) for b in t.all_buttons] + [(t.preview_label.height(), 0)]

    before = where()
    x, y, z = [t_ for t_ in s.rack_tiles() if not t_.is_blank][:3]
    d.drop_on_square(x.id, H8)  # one tile: "The first word needs at least two tiles."
    texts_seen = [t.preview_label.text()]
    assert where() == before
    d.drop_on_square(y.id, I8)  # a word that is not in the list: a long, two-line preview
    texts_seen.append(t.preview_label.text())
    assert where() == before
    words.add(x.letter + y.letter)
    s.recall_all()
    d.drop_on_square(x.id, H8)
    d.drop_on_square(y.id, I8)
    texts_seen.append(t.preview_label.text())  # a valid word: one line
    assert where() == before
    d.drop_on_square(z.id, Coord(3, 3))  # not in line: another message
    texts_seen.append(t.preview_label.text())
    assert where() == before
    assert len(set(texts_seen)) == 4, texts_seen
    # every preview is shown whole (a smaller type if need be, never cut)
    assert text_problems(t.preview_label) == []


def test_the_blank_message_goes_when_the_blank_does(driver, qtbot):
    d = driver(seed=12)  # the first rack has a blank
    w, s = d.window, d.session
    _active(qtbot, w)
    d.reveal()
    blank = next(t for t in s.rack_tiles() if t.is_blank)
    assert d.drop_on_square(blank.id, H8)
    d.click(w.wildcard_dialog.buttons["S"])
    assert "The blank is S" in w.table.message_label.text()
    other = next(t for t in s.rack_tiles() if not t.is_blank)
    d.drop_on_square(other.id, I8)  # still there: the message stays
    assert "The blank is S" in w.table.message_label.text()
    d.drop_on_rack(blank.id, 0, origin=H8)  # taken back: it no longer applies
    assert "blank" not in w.table.message_label.text()
    # declined: "stays on your rack", until something else happens
    d.drop_on_square(blank.id, J8)
    assert w.wildcard_dialog is not None and w.wildcard_dialog.isVisible()
    w.wildcard_dialog.reject()
    assert "stays on your rack" in w.table.message_label.text()
    press(qtbot, Qt.Key.Key_Escape)  # the other tile goes back too
    assert w.table.message_label.text() == ""


def test_the_title_names_the_game_on_show(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    w = _window(qtbot, ("Ann", "Bob"), lexicon=Words(), settings=settings)
    s = w.session
    d = Driver(qtbot, w)
    d.reveal()
    s.pass_turn()
    path = tmp_path / "ann-and-bob.gcg"
    assert w.files.save_to(str(path))
    assert "ann-and-bob.gcg" in w.windowTitle() and not w.isWindowModified()
    # resumed (the autosave's copy of the game, in a new window): the file's name comes back
    game = savegame.game_from_gcg(gcg.parse(savegame.game_to_gcg(s.game), "autosave"), Words())
    again = _window(qtbot, ("Ann", "Bob"), lexicon=Words(), settings=settings, game=game)
    assert "ann-and-bob.gcg" in again.windowTitle() and not again.isWindowModified()
    assert again.files.path == str(path)
    # a turn more than the file: still its name, now with unsaved changes
    d.reveal()
    s.pass_turn()
    game = savegame.game_from_gcg(gcg.parse(savegame.game_to_gcg(s.game), "autosave"), Words())
    third = _window(qtbot, ("Ann", "Bob"), lexicon=Words(), settings=settings, game=game)
    assert "ann-and-bob.gcg" in third.windowTitle() and third.isWindowModified()
    # New game: the old file's name goes at once
    third.files.confirm_close = lambda: True
    d3 = Driver(qtbot, third)
    third.new_action.trigger()
    qtbot.waitUntil(lambda: third.new_game_box is not None or third.setup_dialog is not None)
    if third.new_game_box is not None:
        d3.click(third.new_game_box.button(QMessageBox.StandardButton.Yes))
    qtbot.waitUntil(lambda: third.setup_dialog is not None and third.setup_dialog.isVisible())
    d3.click(third.setup_dialog.start_button)
    qtbot.waitUntil(lambda: not third.session.game.history)
    assert "ann-and-bob.gcg" not in third.windowTitle()
    assert third.windowTitle().startswith("Wordbler — ")


# ---------------------------------------------------------------------------------- item 10
def test_turns_are_numbered_by_turns_and_plays_written_one_way(qtbot):
    w = _window(qtbot, ("Ann", "Bob"), lexicon=HINT_WORDS)
    d = Driver(qtbot, w)
    s, g = w.session, w.session.game
    panel = w.table.hint_panel
    d.reveal()
    d.click(w.table.hint_button)
    qtbot.waitUntil(lambda: panel.isVisible() and not w.hints.busy and bool(panel.rows),
                    timeout=30000)
    top = panel.groups[0].best
    hint_line = panel.item(0).text(0).split(" · ")[0]  # the move, then what it keeps
    panel.tree.setCurrentItem(panel.item(0))
    d.click(panel.play_button)
    play = g.history[-1]
    assert play.kind is TurnKind.PLAY
    d.reveal()
    s.pass_turn()  # Bob
    d.reveal()
    d.click(w.table.hint_button)  # Ann again: a hint, then she passes
    qtbot.waitUntil(lambda: panel.isVisible() and not w.hints.busy, timeout=30000)
    s.pass_turn()
    w.show_history(None)
    tree = w.history_dialog.tree
    numbers = [tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())]
    kinds = [r.kind for r in g.history]
    assert kinds == [TurnKind.HINT, TurnKind.PLAY, TurnKind.PASS, TurnKind.HINT, TurnKind.PASS]
    assert numbers == ["1", "1", "2", "3", "3"], "a hint belongs to its turn, it is no turn"
    # one notation (GCG's: the square, then the word) in the hint list, the history, the
    # recap and the replay
    main = play.breakdown.main_word
    notation = f"{main.gcg_position} {main.word}"
    assert hint_line == notation == texts.move_notation(top.position, top.words[0])
    assert notation in tree.topLevelItem(1).text(1)
    assert notation in tree.topLevelItem(0).text(1)  # the hint's "best" names it the same way
    assert notation in texts.describe_record(play, s.names())
    record = gcg.parse(savegame.game_to_gcg(g), "this game")
    first_play = next(e for e in record.events if e.kind.name == "PLAY")
    assert notation in describe_event(first_play, "Ann")


# ---------------------------------------------------------------------------------- item 11
def test_hints_are_words_with_their_places_and_never_minus_zero(qtbot):
    assert format_points(-0.04) == "0.0" and format_points(-0.04, signed=True) == "+0.0"
    assert format_points(2.25) in ("2.2", "2.3") and format_points(-1.5) == "-1.5"

    def row(word, pos, equity):
        return HintRow(int(equity), (word,), pos, "", equity, ())

    ranked = [row("CEDE", "8H", 20), row("CEDE", "8G", 19.9), row("CEDE", "H8", 19.8),
              row("CEDE", "H7", 19.7), row("CEDE", "8F", 19.6), row("ICED", "8H", 18),
              row("DICE", "8D", 17), row("CEDE", "H4", 16)]
    groups = group_by_word(ranked, words=2, per_word=4)
    assert [g.best.words[0] for g in groups] == ["CEDE", "ICED"]
    assert [o.position for o in groups[0].others] == ["8G", "H8", "H7"]


def test_the_hint_list_is_readable_at_800x600(qtbot):
    w = _window(qtbot, ("Ann", "Bob", "Cyd", "Dee"), lexicon=HINT_WORDS, size=(800, 600))
    d = Driver(qtbot, w)
    panel = w.table.hint_panel
    d.reveal()
    d.click(w.table.hint_button)
    qtbot.waitUntil(lambda: panel.isVisible() and not w.hints.busy, timeout=30000)
    panel.tree.expandAll()
    qtbot.wait(20)
    assert panel.tree.font().pixelSize() >= 11 and panel.height() >= 150
    assert text_problems(panel) == []
    if panel.rows:  # distinct words: no word twice at the top level
        tops = [panel.item(i).text(0).split(" · ")[0].split(" ", 1)[1]
                for i in range(panel.tree.topLevelItemCount())]
        assert len(tops) == len(set(tops))


def test_long_hint_lines_wrap_instead_of_being_cut(qtbot):
    """A play making many words at a narrow panel: its second line wraps (the row grows),
    never ends in "…" (seen at scale 2: "+ FA, AT, WE · …")."""
    from wordbler.ui.boardgame.hints import HintGroup, HintPanel

    panel = HintPanel()
    qtbot.addWidget(panel)
    rows = [HintRow(23, ("FAW", "FA", "AT", "WE", "QI", "XI"), "7F", "ASEP", 34.6, ()),
            HintRow(21, ("PAWED", "PA", "AT", "WE"), "7F", "AS?", 31.1, ()),
            HintRow(18, ("WAP",), "7A", "FASE", 28.1, ())]
    panel.resize(220, 400)
    panel.show()
    panel.show_rows([HintGroup(r) for r in rows], "Choose one to see it on the board.")
    qtbot.waitExposed(panel)
    for width in (220, 320, 200):
        panel.resize(width, 400)
        qtbot.wait(30)  # the rows are measured again after a column changes width
        assert text_problems(panel) == [], width
        heights = [panel.tree.visualItemRect(panel.item(i)).height() for i in range(3)]
        assert heights[0] > heights[2] or width > 300  # the long one wrapped: taller


# ---------------------------------------------------------------------------------- item 13
SMALL = frozenset({"AT", "TA", "IT", "TI", "ON", "NO", "TO", "OE", "EAT", "TEA", "ATE", "RAT",
                   "TAR", "ART", "ONE", "EON", "TEN", "NET", "SIT", "ITS", "TIS", "SAT", "AS",
                   "IS", "OR", "RE", "ER", "ES"})


def test_one_human_against_the_computer_never_clicks_a_hand_off(qtbot, monkeypatch, tmp_path):
    monkeypatch.setenv("WORDBLER_CACHE_DIR", str(tmp_path))
    w = _window(qtbot, (PlayerSpec("Ann", "fox"), PlayerSpec("Robo", "owl", "beginner")), SMALL)
    s, g = w.session, w.session.game
    t = w.table
    ann = next(i for i, p in enumerate(g.players) if p.computer is None)
    shown = []  # was the hand-off on show at any of Ann's turns?
    qtbot.waitUntil(lambda: (s.can_act() and s.current == ann), timeout=60000)
    assert t.recap_label.isVisible() and t.recap_label.text()
    if not [r for r in g.history if r.player != ann]:
        assert "goes first" in t.recap_label.text()
    for _ in range(3):  # Ann passes three times; Robo answers each time
        assert not t.handoff.isVisible() and t.bottom.currentWidget() is t.rack
        shown.append(t.handoff.isVisible())
        before = len(g.history)
        s.pass_turn()
        qtbot.waitUntil(lambda: g.is_over or (s.can_act() and len(g.history) >= before + 2),
                        timeout=60000)
        if g.is_over:
            break
        robo = [r for r in g.history if r.player != ann][-1]
        # what Robo did stays on the table: a line as the replay's list has it ("Robo: 8H AT
        # +4"), the hand-off's sentence in its tooltip
        assert texts.short_record(robo, s.names()) in t.recap_label.text().splitlines()
        assert texts.describe_record(robo, s.names()) in t.recap_label.toolTip()
        assert not t.handoff.isVisible()
    assert not any(shown)


def test_two_humans_and_a_computer_still_hand_off_between_the_humans(qtbot, monkeypatch,
                                                                     tmp_path):
    monkeypatch.setenv("WORDBLER_CACHE_DIR", str(tmp_path))
    players = (PlayerSpec("Ann", "fox"), PlayerSpec("Bob", "owl"),
               PlayerSpec("Robo", "frog", "beginner"))
    w = _window(qtbot, players, SMALL)
    s, g = w.session, w.session.game
    qtbot.waitUntil(lambda: w.table.handoff.isVisible() or s.can_act(), timeout=60000)
    if g.players[g.current].computer is None:
        assert w.table.handoff.isVisible() and not s.can_act()  # someone else may be looking
    assert not w.table.recap_label.isVisible()


def test_one_human_against_three_computers_at_800x500(qtbot, monkeypatch, tmp_path):
    """The longest recap (three computers' moves) and four players in the smallest window:
    the side panel makes room (smaller players), the buttons never overlap, nothing is cut."""
    monkeypatch.setenv("WORDBLER_CACHE_DIR", str(tmp_path))
    players = (PlayerSpec("Ann", "fox"), PlayerSpec("Robo", "owl", "beginner"),
               PlayerSpec("Cyborg", "frog", "beginner"), PlayerSpec("Droid", "cat", "beginner"))
    w = _window(qtbot, players, SMALL, size=(800, 500))
    s, g, t = w.session, w.session.game, w.table
    ann = next(i for i, p in enumerate(g.players) if p.computer is None)
    for _ in range(2):
        qtbot.waitUntil(lambda: g.is_over or (s.can_act() and s.current == ann), timeout=60000)
        if g.is_over or sum(1 for r in g.history if r.player != ann) >= 3:
            break
        s.pass_turn()
    qtbot.waitUntil(lambda: g.is_over or (s.can_act() and s.current == ann), timeout=60000)
    w.show_message("Ann, your turn. Drag tiles to the board, or type a word at the cursor "
                   "(F1 lists the keys).")
    qtbot.wait(50)
    assert len(t.recap_label.text().splitlines()) >= 3
    rects = [_rect(b, t) for b in t.all_buttons]
    assert not any(r.intersects(o) for i, r in enumerate(rects) for o in rects[i + 1:]), rects
    assert all(r.height() >= 20 for r in rects)
    assert text_problems(w) == []


# ---------------------------------------------------------------------------------- item 7
@pytest.mark.parametrize("players", [("Ann", "Bob"), ("Annabelle", "Bob", "Cleo", "Dmitri")])
def test_the_table_is_playable_at_800x500(qtbot, players):
    w = _window(qtbot, players, lexicon=Words(), size=(800, 500))
    t = w.table
    d = Driver(qtbot, w)
    d.reveal()
    qtbot.waitUntil(lambda: w.height() == 500)
    qtbot.wait(50)
    inside = t.rect()
    board, bottom, side = _rect(t.board.grid_host, t), _rect(t.bottom, t), _rect(t.side, t)
    for r in (board, bottom, side):
        assert inside.contains(r), (r, inside)
    assert not board.intersects(side) and not bottom.intersects(side)
    assert min(sq.width() for sq in t.board.squares.values()) >= 20
    tiles = [_rect(t.rack.tile_widget(i), t) for i in t.rack.tile_ids()]
    assert len(tiles) == 7 and all(bottom.contains(r) and r.width() >= 24 for r in tiles)
    for b in t.all_buttons + [p for p in t.player_panels]:
        assert side.contains(_rect(b, t)), b
    rects = [_rect(b, t) for b in t.all_buttons]
    assert not any(r.intersects(o) for i, r in enumerate(rects) for o in rects[i + 1:]), rects
    assert text_problems(w) == []
