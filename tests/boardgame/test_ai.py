"""Computer players: leave values, level behaviour on fixed candidate lists, move conversion."""

import itertools
import random
from dataclasses import dataclass

import pytest

from helpers import rig_rack
from wordbler.boardgame.ai import (
    LEVELS,
    Candidate,
    Decision,
    Position,
    apply_to_rows,
    best_keep,
    decision_to_move,
    hints,
    fitted_leaves,
    leave_value,
    make_player,
    rng_for,
)
from wordbler.boardgame.game import Game
from wordbler.boardgame.model import Direction, MoveKind
from wordbler.boardgame.rules import STANDARD

EMPTY = tuple("." * 15 for _ in range(15))
# what strong and expert value leaves with: the shipped fitted model, else the hand-made values
STRONG_LEAVE = fitted_leaves(STANDARD) or leave_value


@dataclass(frozen=True)
class Gen:
    row: int
    col: int
    direction: str
    word: str
    score: int
    tiles: tuple
    leave: str


def gen_across(word, row, col, score, rack):
    tiles = tuple((row, col + i, ch.upper(), ch.islower()) for i, ch in enumerate(word))
    left = list(rack)
    for _, _, letter, blank in tiles:
        left.remove("?" if blank else letter)
    return Gen(row, col, "across", word, score, tiles, "".join(left))


def position(rack, bag=50, unseen="AEIOUBCDFG", scores=(0, 0), board=EMPTY):
    return Position(board, rack, unseen, bag, scores, 0, STANDARD, turn=3, seed=11)


def fixed(moves):
    return lambda board, rack: list(moves)


class TestLeaves:
    def test_blank_and_s_are_worth_keeping(self):
        assert leave_value("?") > leave_value("S") > leave_value("E") > 0
        assert leave_value("Q") < 0 and leave_value("QU") > leave_value("Q") + leave_value("U")

    def test_duplicates_and_imbalance_cost(self):
        assert leave_value("EE") < 2 * leave_value("E")
        assert leave_value("III") < leave_value("I") * 3
        assert leave_value("ERST") > leave_value("BCDF")
        assert leave_value("AEIOU") < leave_value("AERST")

    def test_leave_matters_less_near_the_end(self):
        assert abs(leave_value("?S", bag_count=2)) < abs(leave_value("?S", bag_count=50))

    def test_best_keep_keeps_good_tiles(self):
        keep = best_keep("QVVUUIS")
        assert "S" in keep and "Q" not in keep and keep.count("V") == 0


class TestLevels:
    RACK = "ERSTQVA"

    def moves(self):
        r = self.RACK
        return [
            gen_across("VAT", 7, 6, 20, r),  # keeps ERSQ: poor leave
            gen_across("QATS", 7, 6, 30, r),  # uses the Q
            gen_across("STAR", 7, 7, 12, r),
            gen_across("RAT", 7, 7, 6, r),
        ]

    def test_levels_are_named(self):
        assert list(LEVELS) == ["beginner", "intermediate", "strong", "expert"]
        with pytest.raises(ValueError, match="unknown computer level"):
            make_player("godlike", fixed([]))

    def test_intermediate_takes_the_top_score_of_common_words(self):
        sizes = {"QATS": 70, "VAT": 20, "STAR": 10, "RAT": 10}.get
        d = make_player("intermediate", fixed(self.moves()), sizes).choose(
            position(self.RACK), random.Random(1))
        assert d.kind == "play" and d.play.word == "VAT"  # QATS is too rare
        d = make_player("intermediate", fixed(self.moves())).choose(
            position(self.RACK), random.Random(1))
        assert d.play.word == "QATS"  # no sizes known: every word counts as common

    def test_strong_weighs_the_leave(self):
        moves = [gen_across("VAT", 7, 6, 20, self.RACK), gen_across("QAT", 7, 6, 19, self.RACK)]
        d = make_player("strong", fixed(moves)).choose(position(self.RACK), random.Random(1))
        assert d.play.word == "QAT"  # a point less, but it keeps ERSV rather than ERSQ
        assert d.play.equity == pytest.approx(19 + STRONG_LEAVE("ERSV"))
        d = make_player("intermediate", fixed(moves)).choose(position(self.RACK), random.Random(1))
        assert d.play.word == "VAT"

    def test_strong_exchanges_a_poor_rack_with_only_poor_plays(self):
        rack = "QVVUUIW"
        moves = [gen_across("VUG", 7, 7, 5, rack + "G")]
        # the hand-made values: fixed, where each new fit moves the fitted ones (the
        # fitted model keeps QU here, the hand-made values throw the Q back)
        d = make_player("strong", fixed(moves), None, leave_value).choose(
            position(rack), random.Random(1))
        assert d.kind == "exchange" and "Q" in d.exchange
        d = make_player("strong", fixed(moves)).choose(position(rack), random.Random(1))
        assert d.kind == "exchange" and d.exchange.count("V") == 2  # whatever the values
        assert sorted(d.exchange + best_keep(rack, 50, STRONG_LEAVE)) == sorted(rack)

    def test_no_exchange_when_the_bag_is_low(self):
        d = make_player("strong", fixed([])).choose(position("QVVUUIW", bag=3), random.Random(1))
        assert d.kind == "pass"

    def test_beginner_varies_but_stays_in_the_better_half(self):
        sizes = {"QATS": 70}.get
        picks = {
            make_player("beginner", fixed(self.moves()), sizes).choose(
                position(self.RACK), random.Random(seed)).play.word
            for seed in range(40)
        }
        assert "QATS" not in picks and picks <= {"VAT", "STAR"} and len(picks) == 2

    def test_strong_endgame_goes_out_when_it_pays(self):
        rack = "AT"
        out = gen_across("AT", 7, 7, 4, rack)
        big = gen_across("A", 7, 7, 10, rack)  # keeps the T, opponent may go out next
        gen = lambda board, r: [out, big] if r == rack else [gen_across("ZO", 0, 0, 30, r)]
        d = make_player("strong", gen).choose(position(rack, bag=0, unseen="ZO"), random.Random(1))
        assert d.play.word == "AT" and d.reason == "exact endgame"

    def test_strong_endgame_without_the_search_looks_one_reply_ahead(self):
        rack = "AT"
        out = gen_across("AT", 7, 7, 4, rack)
        big = gen_across("A", 7, 7, 10, rack)
        gen = lambda board, r: [out, big] if r == rack else [gen_across("ZO", 0, 0, 30, r)]
        p = make_player("strong", gen)
        p.exact_endgame = False
        d = p.choose(position(rack, bag=0, unseen="ZO"), random.Random(1))
        assert d.play.word == "AT" and d.reason == "endgame"


def test_rng_for_is_deterministic_per_turn():
    p = position("ABC")
    assert rng_for(p).random() == rng_for(p).random()
    assert rng_for(p).random() != rng_for(position("ABC", bag=10).__class__(
        p.board, p.rack, p.unseen, p.bag_count, p.scores, p.player, p.rules, 4, p.seed)).random()


def test_hints_rank_by_equity():
    moves = [gen_across("VAT", 7, 6, 20, "ERSTQVA"), gen_across("QAT", 7, 6, 19, "ERSTQVA")]
    top = hints(position("ERSTQVA"), fixed(moves), n=2)
    assert [c.word for c in top] == ["QAT", "VAT"]
    assert top[0].leave == "ERSV" and top[0].equity > top[1].equity


def test_decision_to_move_uses_the_players_tiles():
    g = Game(["A", "B"], seed=5)
    rig_rack(g, "CA?XQIZ")
    cand = Candidate(7, 7, Direction.ACROSS, "CAt", 8, ((7, 7, "C", False), (7, 8, "A", False),
                                                         (7, 9, "T", True)), "XQIZ")
    move = decision_to_move(g, Decision("play", play=cand))
    assert move.kind is MoveKind.PLAY
    assert [(p.tile.letter, p.letter) for p in move.placements] == [("C", "C"), ("A", "A"),
                                                                     ("?", "T")]
    g.play(move.placements)
    assert g.board.rows_text()[7][7:10] == "CAt"
    ex = decision_to_move(g, Decision("exchange", exchange=g.rack_letters(1)[:2]))
    assert ex.kind is MoveKind.EXCHANGE and len(ex.exchanged) == 2


def test_apply_to_rows():
    cand = Candidate(0, 0, Direction.ACROSS, "Ab", 1, ((0, 0, "A", False), (0, 1, "B", True)), "")
    rows = apply_to_rows(EMPTY, cand)
    assert rows[0].startswith("Ab.") and rows[1:] == EMPTY[1:]


def _expert_case(reply_after_qat, gate=None):
    """QAT is the equity choice (it keeps ERSV); VAT is next.  Every other rack answers with
    one of its own tiles on row 0; the opponent's answer scores 10 after VAT and
    ``reply_after_qat`` after QAT (the player's own second answer scores 0)."""
    rack = "ERSTQVA"
    mine = [gen_across("VAT", 7, 6, 20, rack), gen_across("QAT", 7, 6, 19, rack)]
    seen = []

    def gen(board, r):
        if r == rack:
            return list(mine)
        seen.append(r)
        col = board[0].index(".")
        opp = set(r) <= set("AEIOUBCDFG") and len(r) == 7 and board[0][0] == "."
        if not opp:
            score = 0
        elif board[7][6:9] == "VAT":
            score = 10
        else:
            score = reply_after_qat() if callable(reply_after_qat) else reply_after_qat
        return [gen_across(r[0], 0, col, score, r)]

    p = make_player("expert", gen, None, leave_value)
    p.budget_s = 1e9
    # the noise case's numbers are set for 32 futures: over many more, the final leaves'
    # small real difference (about 5 points here) stands out of the noise and is taken
    p.playouts = 32
    p.exchanges = False  # plays only: the exchange's own tests are below
    if gate is not None:
        p.gate = gate
    d = p.choose(position(rack, bag=40, unseen="AEIOUBCDFG" * 4 + "AEIOUBC"), random.Random(2))
    assert d.kind == "play" and d.reason.startswith("simulated")
    assert seen
    return d


def _exchange_case(play_score: int, open_reply: int):
    """Rack QQVVWWA and a flat -3 points a tile kept: the only play, AW, keeps QQVVW (-15);
    exchanging all seven keeps nothing (0).  After the play the opponent's answer scores
    ``open_reply``; on the board as it was (after an exchange) it scores 5.  The player's
    own second answer scores 0 and both keep six tiles, so a playout is worth the
    candidate's score minus the opponent's answer."""
    rack = "QQVVWWA"
    play = gen_across("AW", 7, 7, play_score, rack)
    mine_seen = []

    def gen(board, r):
        if r == rack:
            return [play]
        col = board[0].index(".")
        if board[0][0] == ".":  # nothing on row 0 yet: the opponent's answer
            return [gen_across(r[0], 0, col, 5 if board[7][7] == "." else open_reply, r)]
        mine_seen.append(r)
        return [gen_across(r[0], 0, col, 0, r)]

    p = make_player("expert", gen, leaves=lambda leave, bag=100: -3.0 * len(leave))
    p.budget_s = 1e9
    p.playouts = 24
    pos = position(rack, bag=40, unseen="BCDEFGHIJKLMN" * 3 + "BCDEFGHI")
    return p, pos, mine_seen


def test_expert_simulates_the_exchange_beside_the_plays():
    # AW for 16 (equity 1) is the static choice over exchanging (0); after it the opponent
    # scores 40, after the exchange 5: the exchange is 23 points better in every playout
    p, pos, seen = _exchange_case(16, 40)
    assert p._decide(pos, p.ranked(pos)).kind == "play"
    d = p.choose(pos, random.Random(5))
    assert d.kind == "exchange" and d.exchange == "QQVVWWA"
    assert d.reason.startswith("simulated") and "keeps nothing" in d.reason
    # the player's second racks: after the play QQVVW and two drawn; after the exchange
    # seven tiles from the bag (the thrown tiles went back in, none is drawn back at once)
    fresh = [r for r in seen if not r.startswith("QQVVW")]
    assert fresh and all(len(r) == 7 and not set(r) & set("QVW") for r in fresh)
    # without the exchange among the candidates the only play is not simulated
    p.exchanges = False
    d = p.choose(pos, random.Random(5))
    assert d.kind == "play" and not d.reason.startswith("simulated")
    # the same play when it does not open the board: 16 - 5 against 0 - 5
    p, pos, _ = _exchange_case(16, 5)
    assert p.choose(pos, random.Random(5)).kind == "play"
    # AW for 12 (equity -3): exchanging is the static choice (0 > -3 + 2), but in the
    # playouts the play is 12 points better, and the expert plays it
    p, pos, _ = _exchange_case(12, 5)
    assert p._decide(pos, p.ranked(pos)).kind == "exchange"
    d = p.choose(pos, random.Random(5))
    assert d.kind == "play" and d.play.word == "AW" and d.reason.startswith("simulated")


def test_expert_leaves_the_equity_choice_for_a_clear_simulated_gain():
    # QAT opens the board: the opponent's answer scores 40 after it, 10 after VAT
    d = _expert_case(40)
    assert d.play.word == "VAT"


def test_expert_keeps_the_equity_choice_when_the_replies_do_not_differ():
    d = _expert_case(10)
    assert d.play.word == "QAT"


def test_expert_keeps_the_equity_choice_when_the_simulated_gain_is_only_noise():
    # after QAT the reply scores `high` or 0 in turn, so that on average VAT comes out about
    # a point ahead (a plain maximum of the means would switch to it), far inside the noise
    # the hand-made leave values (_expert_case plays with them): fixed numbers, where the
    # fitted ones move with every fit
    delta = leave_value("ERSV") - leave_value("ERSQ")  # QAT's leave is the better one
    high = round(2 * (10 + delta))
    assert abs(high / 2 - (10 + delta)) <= 0.5 and high >= 20
    replies = itertools.cycle([high, 0])
    # over these 32 futures VAT's gain is under 2 standard errors: a gate of 2 keeps the
    # equity choice (the shipped gate, 0.5, takes it: measured, switching on smaller gains
    # won more games)
    d = _expert_case(lambda: next(replies), gate=2.0)
    assert d.play.word == "QAT"
    replies = itertools.cycle([high, 0])
    plain = _expert_case(lambda: next(replies), gate=0)
    assert plain.play.word == "VAT"  # the same playouts without the gate
    replies = itertools.cycle([high, 0])
    assert _expert_case(lambda: next(replies)).play.word == "VAT"  # the shipped gate
