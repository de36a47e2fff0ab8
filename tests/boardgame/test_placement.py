"""Placement validation (every refusal reason) and scoring with per-letter breakdowns."""

import pytest

from helpers import board_with, coord, word_placements
from wordbler.boardgame.board import Board
from wordbler.boardgame.model import Direction, Placement, Tile
from wordbler.boardgame.placement import IllegalMove, Reason, analyze, invalid_words
from wordbler.boardgame.rules import STANDARD, WORDBLER_CLASSIC, Premium

ACROSS, DOWN = Direction.ACROSS, Direction.DOWN


def empty_board():
    return Board(STANDARD.layout)


def refused(board, placements, rules=STANDARD) -> IllegalMove:
    before = board.rows_text()
    with pytest.raises(IllegalMove) as info:
        analyze(board, placements, rules)
    assert board.rows_text() == before, "a refused placement must not change the board"
    return info.value


class TestRefusals:
    def test_no_tiles(self):
        assert refused(empty_board(), []).reason is Reason.NO_TILES

    def test_first_move_must_cover_the_star(self):
        e = refused(empty_board(), word_placements("CAT", "A1", ACROSS))
        assert e.reason is Reason.FIRST_NOT_ON_START
        assert e.squares == (coord("H8"),)

    def test_first_move_needs_two_tiles(self):
        e = refused(empty_board(), word_placements("A", "H8", ACROSS))
        assert e.reason is Reason.FIRST_TOO_FEW_TILES and str(e).endswith(": at least 2")

    def test_first_move_minimum_is_the_rules_own(self):
        # a save's rules can ask for more: the message names that minimum, not "two"
        rules = STANDARD.with_changes(min_first_move_tiles=4)
        e = refused(empty_board(), word_placements("CAT", "H8", ACROSS), rules)
        assert e.reason is Reason.FIRST_TOO_FEW_TILES and str(e).endswith(": at least 4")

    def test_not_in_line(self):
        ps = word_placements("CA", "H8", ACROSS) + word_placements("T", "J9", ACROSS, 50)
        e = refused(empty_board(), ps)
        assert e.reason is Reason.NOT_IN_LINE
        assert set(e.squares) == {coord("H8"), coord("I8"), coord("J9")}

    def test_gap_names_the_empty_squares(self):
        ps = word_placements("CA", "G8", ACROSS) + word_placements("T", "K8", ACROSS, 50)
        e = refused(empty_board(), ps)
        assert e.reason is Reason.GAP
        assert e.squares == (coord("I8"), coord("J8"))

    def test_gap_filled_by_board_tiles_is_fine(self):
        board = board_with(("CAT", "G8", ACROSS))
        # S at F8 and S at J8 around CAT: SCATS
        ps = word_placements("S", "F8", ACROSS) + word_placements("S", "J8", ACROSS, 50)
        b = analyze(board, ps, STANDARD)
        assert b.main_word.word == "SCATS"

    def test_occupied_square(self):
        board = board_with(("CAT", "G8", ACROSS))
        e = refused(board, word_placements("AT", "H8", DOWN))
        assert e.reason is Reason.OCCUPIED and e.squares == (coord("H8"),)

    def test_off_board(self):
        board = board_with(("CAT", "G8", ACROSS))
        ps = [Placement(Tile(1, "A"), coord("O8") + (0, 1), "A")]
        assert refused(board, ps).reason is Reason.OFF_BOARD

    def test_two_tiles_on_one_square(self):
        ps = word_placements("A", "H8", ACROSS) + word_placements("B", "H8", ACROSS, 50)
        assert refused(empty_board(), ps).reason is Reason.DUPLICATE_SQUARE

    def test_one_tile_twice(self):
        t = Tile(5, "A")
        ps = [Placement(t, coord("H8"), "A"), Placement(t, coord("I8"), "A")]
        assert refused(empty_board(), ps).reason is Reason.DUPLICATE_TILE

    def test_later_move_must_touch(self):
        board = board_with(("CAT", "G8", ACROSS))
        e = refused(board, word_placements("DOG", "A1", ACROSS))
        assert e.reason is Reason.NOT_CONNECTED

    def test_single_isolated_tile_is_not_connected(self):
        board = board_with(("CAT", "G8", ACROSS))
        assert refused(board, word_placements("A", "A1", ACROSS)).reason is Reason.NOT_CONNECTED

    def test_error_is_a_value_error_with_readable_text(self):
        e = refused(empty_board(), word_placements("CAT", "A1", ACROSS))
        assert isinstance(e, ValueError)
        assert "centre" in str(e) and "H8" in str(e)


class TestScoring:
    def test_first_word_doubled_by_star(self):
        b = analyze(empty_board(), word_placements("CAT", "H8", ACROSS), STANDARD)
        assert [w.word for w in b.words] == ["CAT"]
        assert b.total == (3 + 1 + 1) * 2
        star = b.main_word.letters[0]
        assert star.premium is Premium.DW and star.is_new

    def test_letter_premium_doubles_only_the_new_tile(self):
        board = board_with(("CAT", "H8", ACROSS))
        # A on I7 (a 2L square) above the A of CAT forms AA down
        b = analyze(board, word_placements("A", "I7", ACROSS), STANDARD)
        assert [w.word for w in b.words] == ["AA"]
        new, old = b.main_word.letters
        assert new.premium is Premium.DL and new.points == 2
        assert old.premium is None and old.points == 1
        assert b.total == 3

    def test_premiums_count_only_under_new_tiles(self):
        # CAT on the star, then CATS: the star's 2W is spent
        board = board_with(("CAT", "H8", ACROSS))
        b = analyze(board, word_placements("S", "K8", ACROSS), STANDARD)
        assert b.main_word.word == "CATS"
        assert b.total == 3 + 1 + 1 + 1
        assert [ls.premium for ls in b.main_word.letters] == [None] * 4
        assert [ls.is_new for ls in b.main_word.letters] == [False, False, False, True]

    def test_cross_words_are_scored_with_their_own_premiums(self):
        board = board_with(("CAT", "H8", ACROSS))
        # AX across on row 9 under C and A: X lands on I9, a 2L square
        b = analyze(board, word_placements("AX", "H9", ACROSS), STANDARD)
        assert [(w.word, w.direction, w.score) for w in b.words] == [
            ("AX", ACROSS, 1 + 16),
            ("CA", DOWN, 3 + 1),
            ("AX", DOWN, 1 + 16),
        ]
        assert b.total == 38 and b.bingo_bonus == 0

    def test_word_multipliers_stack(self):
        # a 15-letter word across row 1 covering both 3W corners and the middle 3W: x27
        board = empty_board()
        board.put(word_placements("B", "A2", ACROSS, 500))
        ps = word_placements("AAAAAAAAAAAAAAA", "A1", ACROSS)
        # A above B forms AB down
        b = analyze(board, ps, STANDARD)
        main = b.main_word
        assert main.word_multiplier == 27
        assert main.score == 27 * sum(ls.points for ls in main.letters)
        # 2L on D1 and L1 double those letters
        doubled = [ls for ls in main.letters if ls.premium is Premium.DL]
        assert [ls.coord.label for ls in doubled] == ["D1", "L1"]
        assert all(ls.points == 2 for ls in doubled)

    def test_blank_scores_zero_and_keeps_its_letter(self):
        b = analyze(empty_board(), word_placements("cAT", "H8", ACROSS), STANDARD)
        c = b.main_word.letters[0]
        assert c.letter == "C" and c.is_blank and c.value == 0 and c.points == 0
        assert b.total == (0 + 1 + 1) * 2

    def test_blank_on_board_scores_zero_later(self):
        board = empty_board()
        board.put(word_placements("cAT", "H8", ACROSS))
        b = analyze(board, word_placements("S", "K8", ACROSS, 90), STANDARD)
        assert b.main_word.word == "CATS" and b.total == 0 + 1 + 1 + 1

    def test_bingo_bonus_for_a_full_rack(self):
        b = analyze(empty_board(), word_placements("RETAINS", "H8", ACROSS), STANDARD)
        assert b.bingo_bonus == 50
        assert b.total == b.main_word.score + 50

    def test_classic_rules_have_no_bonus(self):
        b = analyze(empty_board(), word_placements("RETAINS", "H8", ACROSS), WORDBLER_CLASSIC)
        assert b.bingo_bonus == 0

    def test_single_tile_main_word_is_the_longer_direction(self):
        board = empty_board()
        board.put(word_placements("CATS", "H8", ACROSS))
        board.put(word_placements("O", "H7", ACROSS, 60))  # O above C: OC down (test only)
        b = analyze(board, word_placements("A", "I7", ACROSS, 70), STANDARD)
        # A at I7: across "OA" (H7-I7), down "AA" (I7-I8)... both length 2: across wins the tie
        assert b.main_word.direction is ACROSS
        assert {w.word for w in b.words} == {"OA", "AA"}


def test_invalid_words_lists_each_bad_word_once():
    board = board_with(("CAT", "H8", ACROSS))
    b = analyze(board, word_placements("ZZ", "H9", ACROSS), STANDARD)
    lexicon = {"CAT"}
    assert invalid_words(b, lexicon) == ["ZZ", "CZ", "AZ"]
    assert invalid_words(b, None) == []
