"""The board game in Russian and French: tile sets, Ё folding, records, saves, self-play.

Engine only (no Qt).  The move generator's Russian brute-force check is in
test_movegen_languages.py.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from wordbler.boardgame import gcg, replay, savegame
from wordbler.boardgame.ai import Position, decision_to_move, make_player, rng_for
from wordbler.boardgame.game import Game, PlayerSpec
from wordbler.boardgame.languages import (
    LANGUAGES,
    get_language,
    load_bundled_words,
    load_user_words,
)
from wordbler.boardgame.model import Coord, Placement, Tile, TurnKind
from wordbler.boardgame.movegen import engine_generator
from wordbler.boardgame.placement import IllegalMove, Reason
from wordbler.boardgame.rules import (
    BLANK,
    ENGLISH_TILES,
    FRENCH_TILES,
    RUSSIAN_TILES,
    STANDARD,
    TILE_SETS,
    TileSet,
    board_alphabet,
    tiles_for,
)
from wordbler.lexicon import WordList, get_alphabet

RU = STANDARD.with_language("ru")
FR = STANDARD.with_language("fr")


# ------------------------------------------------------------------------ tile sets
def test_tile_set_totals_blanks_and_point_sums():
    # (tiles, blanks, letters with tiles, sum of all tile values)
    assert (ENGLISH_TILES.total, ENGLISH_TILES.counts[BLANK], len(ENGLISH_TILES.counts) - 1,
            sum(ENGLISH_TILES.values[c] * n for c, n in ENGLISH_TILES.counts.items())) \
        == (100, 2, 26, 187)
    assert (RUSSIAN_TILES.total, RUSSIAN_TILES.counts[BLANK], len(RUSSIAN_TILES.counts) - 1) \
        == (104, 3, 32)
    assert (FRENCH_TILES.total, FRENCH_TILES.counts[BLANK], len(FRENCH_TILES.counts) - 1) \
        == (102, 2, 26)
    assert sum(RUSSIAN_TILES.values[c] * n for c, n in RUSSIAN_TILES.counts.items()) == 221
    assert sum(FRENCH_TILES.values[c] * n for c, n in FRENCH_TILES.counts.items()) == 197


@pytest.mark.parametrize("letter,count,value", [
    ("О", 10, 1), ("А", 8, 1), ("Е", 8, 1), ("В", 4, 1), ("М", 3, 2), ("У", 4, 2),
    ("Ь", 2, 3), ("Ы", 2, 4), ("Й", 1, 4), ("З", 2, 5), ("Ш", 1, 8), ("Э", 1, 8),
    ("Ю", 1, 8), ("Ф", 1, 10), ("Щ", 1, 10), ("Ъ", 1, 10), ("?", 3, 0),
])
def test_russian_tiles(letter, count, value):
    assert RUSSIAN_TILES.counts[letter] == count and RUSSIAN_TILES.value(letter) == value


@pytest.mark.parametrize("letter,count,value", [
    ("E", 15, 1), ("A", 9, 1), ("L", 5, 1), ("D", 3, 2), ("M", 3, 2), ("G", 2, 2),
    ("B", 2, 3), ("F", 2, 4), ("J", 1, 8), ("Q", 1, 8), ("K", 1, 10), ("W", 1, 10),
    ("Z", 1, 10), ("?", 2, 0),
])
def test_french_tiles(letter, count, value):
    assert FRENCH_TILES.counts[letter] == count and FRENCH_TILES.value(letter) == value


def test_russian_tiles_have_no_yo_and_cover_the_folded_alphabet():
    a = board_alphabet("ru")
    assert "Ё" not in RUSSIAN_TILES.counts and "Ё" not in a
    assert set(RUSSIAN_TILES.counts) - {BLANK} == set(a.letters)
    assert len(a.letters) == 32 and a.code == "ru"
    # the word engine's own Russian alphabet is unchanged: Ё is a letter there
    assert len(get_alphabet("ru").letters) == 33 and "Ё" in get_alphabet("ru")


def test_tile_sets_name_their_source_and_languages():
    for code, tiles in TILE_SETS.items():
        assert tiles.language == code and tiles_for(code) is tiles
        assert "Wikipedia" in tiles.source and "Letter distributions" in tiles.source
        assert tiles.alphabet.code == code
    assert [LANGUAGES[c].name for c in LANGUAGES] == ["English", "Russian", "French"]
    with pytest.raises(ValueError, match="de"):
        tiles_for("de")
    with pytest.raises(ValueError):
        get_language("xx")


def test_a_tile_set_refuses_letters_outside_its_alphabet():
    with pytest.raises(ValueError, match="not letters"):
        TileSet({"A": 1, "Ж": 1}, {"A": 1, "Ж": 1}, "en")
    with pytest.raises(ValueError):
        TileSet({"Ё": 1}, {"Ё": 1}, "ru")


def test_rules_carry_the_language():
    assert STANDARD.language == "en" and STANDARD.alphabet.code == "en"
    assert RU.tiles is RUSSIAN_TILES and RU.alphabet.letters[0] == "А"
    assert RU.with_language("ru") is RU and FR.with_language("en").tiles == ENGLISH_TILES


def test_a_game_deals_from_its_language_tiles():
    g = Game(["Аня", "Боря"], rules=RU, seed=5)
    letters = Counter(t.letter for t in g.tiles)
    assert letters == Counter(RUSSIAN_TILES.counts)
    assert all(t.letter in RU.alphabet or t.is_blank for r in g.racks for t in r)
    # the draw for first player follows the Russian alphabet (А first), blanks before
    for rnd in g.first_draw.rounds:
        assert all(t.letter in RU.alphabet or t.is_blank for _, t in rnd.draws)


# ------------------------------------------------------------------------ Ё folding
def _ru_list(tmp_path, words):
    from wordbler.lexicon.wordlist import load_wordlist

    p = tmp_path / "ru.txt"
    p.write_text("\n".join(words) + "\n", encoding="utf-8")
    return load_wordlist(p, board_alphabet("ru"))


def _rigged(rules, racks, lexicon, seed=1):
    """A two-player game whose racks are set to ``racks`` (tiles taken from the bag)."""
    g = Game(["Ann", "Bob"], rules=rules, lexicon=lexicon, seed=seed)
    for p, want in enumerate(racks):
        pool = g.bag._tiles + [t for r in g.racks for t in r]
        rack = []
        for ch in want:
            t = next(t for t in pool if t.letter == ch and t not in rack)
            rack.append(t)
        g.racks[p] = rack
    others = {t.id for r in g.racks for t in r}
    g.bag._tiles = [t for t in g.tiles if t.id not in others]
    return g


def test_yo_words_play_as_ye(tmp_path):
    lex = _ru_list(tmp_path, ["ёлка", "ЁЖ", "мёд", "СТОЛ"])
    assert set(lex.words) == {"ЕЛКА", "ЕЖ", "МЕД", "СТОЛ"}
    assert "ЁЛКА" not in lex and "ЕЛКА" in lex
    g = _rigged(RU, ["ЕЛКАОИН", "СТОЛАИН"], lex)
    rack = g.rack()
    tiles = {t.letter: t for t in rack}
    word = [Placement(tiles[ch], Coord(7, 7 + i), ch) for i, ch in enumerate("ЕЛКА")]
    rec = g.play(word)
    assert rec.kind is TurnKind.PLAY and rec.breakdown.main_word.word == "ЕЛКА"
    # Е 1 + Л 2 + К 2 + А 1, doubled on the start square
    assert rec.score == 12


def _fr_list(tmp_path, words):
    from wordbler.lexicon.wordlist import load_wordlist

    p = tmp_path / "fr.txt"
    p.write_text("\n".join(words) + "\n", encoding="utf-8")
    return load_wordlist(p, board_alphabet("fr"))


def test_french_accents_and_ligatures_are_read_as_the_plain_letters(tmp_path):
    # only the bundled list was folded: an own list's ÉLÈVE was skipped, and É typed on the
    # board or given to `check`/`moves` was no letter at all
    fr = board_alphabet("fr")
    assert fr.letters == get_alphabet("fr").letters  # the tiles' 26 letters, nothing else
    import unicodedata
    for ch in "ÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸàâäçéèêëîïôöùûüÿ":
        base = unicodedata.normalize("NFD", ch)[0].upper()
        assert fr.letter(ch) == base and fr.normalise(ch) == base
    assert fr.letter("Œ") is None  # two letters: not one tile
    assert fr.normalise("ŒUVRE") == "OEUVRE" and fr.normalise("cæcum") == "CAECUM"
    assert fr.normalise("Élève") == "ELEVE" and fr.try_normalise("ſ") is None
    assert get_alphabet("fr") == fr  # the word engine's French reads them the same way
    lex = _fr_list(tmp_path, ["ÉLÈVE", "œuvre", "GARÇON", "MAISON", "Noël"])
    assert set(lex.words) == {"ELEVE", "OEUVRE", "GARCON", "MAISON", "NOEL"}
    g = _rigged(FR, ["ELEVEAS", "MAISONT"], lex)
    tiles = list(g.rack())
    word = []
    for i, ch in enumerate("ÉLÈVE"):  # as typed on a French keyboard
        t = next(t for t in tiles if t.letter == fr.letter(ch) and t not in
                 [p.tile for p in word])
        word.append(Placement(t, Coord(7, 7 + i), fr.letter(ch)))
    rec = g.play(word)
    assert rec.kind is TurnKind.PLAY and rec.breakdown.main_word.word == "ELEVE"


def test_the_bundled_russian_list_is_folded():
    wl = load_bundled_words("ru")
    assert isinstance(wl, WordList) and wl.alphabet == board_alphabet("ru")
    assert "ЕЛКА" in wl and "ЕЖ" in wl and "СТОЛ" in wl
    assert not any("Ё" in w for w in wl.words[:5000])
    assert all(2 <= len(w) for w in wl.words[:100])


def test_a_blank_must_name_a_letter_of_the_game(tmp_path):
    lex = _ru_list(tmp_path, ["ДА", "ОН"])
    g = _rigged(RU, ["Д???ОНА", "СТОЛАИН"], lex)
    blank = next(t for t in g.rack() if t.is_blank)
    d = next(t for t in g.rack() if t.letter == "Д")
    for bad in ("A", "Ё"):  # a Latin A, and Ё (played as Е)
        with pytest.raises(IllegalMove) as e:
            g.set_pending([Placement(d, Coord(7, 7), "Д"), Placement(blank, Coord(7, 8), bad)])
        assert e.value.reason is Reason.NOT_A_LETTER
        assert g.preview([Placement(d, Coord(7, 7), "Д"),
                          Placement(blank, Coord(7, 8), bad)]).error.reason is Reason.NOT_A_LETTER
    rec = g.play([Placement(d, Coord(7, 7), "Д"), Placement(blank, Coord(7, 8), "А")])
    assert rec.score == 4 and rec.words[0].word == "ДА"  # Д 2 + blank 0, doubled


def test_an_english_game_refuses_cyrillic():
    g = Game(["Ann", "Bob"], seed=3)
    blank_or_tile = g.rack()[0]
    p = Placement(Tile(blank_or_tile.id, "?"), Coord(7, 7), "Ж")
    assert g.preview([p]).error is not None


# ------------------------------------------------------------------------ user lists
def test_a_user_list_works_with_any_tile_set(tmp_path):
    en = tmp_path / "en.txt"
    en.write_text("cat\ndog\n", encoding="utf-8")
    ru = tmp_path / "ru.txt"
    ru.write_text("кот\nёж\n", encoding="utf-8")
    assert "КОТ" in load_user_words(ru, "ru") and "ЕЖ" in load_user_words(ru, "ru")
    assert "CAT" in load_user_words(en, "fr")
    with pytest.raises(ValueError, match="Russian alphabet"):
        load_user_words(en, "ru")
    with pytest.raises(ValueError, match="French alphabet"):
        load_user_words(ru, "fr")


# ------------------------------------------------------------------------ GCG and saves
@pytest.fixture(scope="module")
def ru_generate(russian_words):
    return engine_generator(russian_words, RU)


def _blank_game(russian_words, ru_generate):
    """A natural Russian game (it saves from its seed): the first play uses a blank, then
    the opponent plays its best move."""
    for seed in range(1, 200):
        g = Game(["Аня", "Боря"], rules=RU, lexicon=russian_words, seed=seed)
        if not any(t.is_blank for t in g.rack()):
            continue
        moves = [m for m in ru_generate(g.board.rows_text(), g.rack_letters()).sorted_moves()
                 if any(b for *_, b in m.tiles)]
        if not moves:
            continue
        _play_generated(g, moves[0])
        best = ru_generate(g.board.rows_text(), g.rack_letters()).best(1)
        if best:
            _play_generated(g, best[0])
        return g
    raise AssertionError("no seed deals a blank")


def _play_generated(game, move):
    rack = list(game.rack())
    placements = []
    for r, c, letter, blank in move.tiles:
        t = next(t for t in rack if (t.is_blank if blank else t.letter == letter))
        rack.remove(t)
        placements.append(Placement(t, Coord(r, c), letter))
    return game.play(placements)


def test_gcg_round_trip_with_cyrillic_and_blanks(russian_words, ru_generate):
    g = _blank_game(russian_words, ru_generate)
    lex = russian_words
    text = savegame.game_to_gcg(g)
    assert "#wordbler-language ru" in text
    first = next(line for line in text.splitlines() if line.startswith(">"))
    _nick, rack, pos, word, *_ = first.split()
    # coordinates stay Latin (8H / H8 ...), the word is Cyrillic, a blank lower case
    assert pos[0] in "0123456789ABCDEFGHIJKLMNO" and pos.isascii()
    assert any("а" <= ch <= "я" for ch in word) and "?" in rack
    assert all(ch.upper() in RU.alphabet or ch == "." for ch in word)
    record = gcg.parse(text.encode("utf-8"))
    again = gcg.write(record)
    assert again == text
    back = savegame.game_from_gcg(record, lex)
    assert back.rules.language == "ru" and back.rules.tiles is RUSSIAN_TILES
    assert back.scores == g.scores and back.board.rows_text() == g.board.rows_text()
    assert any(ch.islower() for row in back.board.rows_text() for ch in row if ch != ".")
    assert [t.letter for t in back.rack(0)] == [t.letter for t in g.rack(0)]
    res = replay.replay(record)
    assert res.mismatches == () and res.rules.language == "ru"
    assert list(res.steps[-1].scores) == g.scores


def test_savegame_keeps_the_language_and_pending_cyrillic_tiles(tmp_path, russian_words,
                                                                ru_generate):
    g = _blank_game(russian_words, ru_generate)
    lex = russian_words
    rack = g.rack()
    blank = next((t for t in rack if t.is_blank), None)
    tile = next(t for t in rack if not t.is_blank)
    free = [Coord(r, c) for r in range(15) for c in range(15)
            if g.board[Coord(r, c)] is None][:2]
    pending = [Placement(tile, free[0], tile.letter)]
    if blank is not None:
        pending.append(Placement(blank, free[1], "Ж"))
    g.set_pending(pending)
    path = tmp_path / "ru.gcg"
    savegame.save_game(g, path)
    back = savegame.load_game(path, lex)
    assert back.rules.language == "ru"
    assert [(p.coord, p.letter, p.is_blank) for p in back.pending] == \
        [(p.coord, p.letter, p.is_blank) for p in pending]


def test_an_old_save_without_a_language_is_english(tmp_path):
    g = Game(["Ann", "Bob"], seed=4)
    g.pass_turn()
    text = savegame.game_to_gcg(g)
    assert "wordbler-language" not in text  # English saves are as they always were
    back = savegame.game_from_gcg(gcg.parse(text))
    assert back.rules.language == "en" and back.rules.tiles == ENGLISH_TILES
    bad = text.replace("#wordbler-seed", "#wordbler-language xx\n#wordbler-seed")
    with pytest.raises(gcg.GCGError, match="unknown language"):
        savegame.game_from_gcg(gcg.parse(bad))


def test_french_save_round_trip():
    g = Game(["Ann", "Bob"], rules=FR, seed=8)
    g.pass_turn()
    text = savegame.game_to_gcg(g)
    assert "#wordbler-language fr" in text
    back = savegame.game_from_gcg(gcg.parse(text))
    assert back.rules.tiles is FRENCH_TILES
    assert [t.letter for t in back.rack(0)] == [t.letter for t in g.rack(0)]


def test_replay_flags_letters_outside_the_record_language(russian_words, ru_generate):
    g = _blank_game(russian_words, ru_generate)
    text = savegame.game_to_gcg(g)
    # the same record scored as English: Cyrillic words are not English tiles
    res = replay.replay(gcg.parse(text), language="en")
    assert any("not a letter of the English tiles" in m.message for m in res.mismatches)


def test_a_record_without_its_language_line_is_read_in_its_language(russian_words,
                                                                     french_words, tmp_path,
                                                                     capsys):
    # another program's record (or ours saved again by one) has no #wordbler-* lines: a
    # Russian game was scored with English tiles (109 false mismatches), a French one too
    from wordbler.cli import main

    for rules, words, seed in ((RU, russian_words, 3), (FR, french_words, 4)):
        game = _selfplay(rules, words, ("strong", "intermediate"), seed)
        plain = "".join(line for line in savegame.game_to_gcg(game).splitlines(True)
                        if not line.startswith("#wordbler-"))
        path = tmp_path / f"{rules.language}.gcg"
        path.write_text(plain, encoding="utf-8")
        if rules is RU:  # Cyrillic: Russian tiles without being told
            assert savegame.language_from_record(gcg.parse(plain)) == "ru"
            assert main(["replay", str(path)]) == 0
        else:  # French and English share their letters: --lang says which
            assert main(["replay", str(path)]) == 1
            assert main(["replay", "--lang", "fr", str(path)]) == 0
    capsys.readouterr()
    assert main(["replay", "--lang", "xx", str(path)]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_yo_in_a_russian_record_is_read_as_ye(russian_words):
    # Ё is played as Е everywhere else; a record with it was refused as no Russian tile
    game = _selfplay(RU, russian_words, ("strong", "intermediate"), 5)
    text = savegame.game_to_gcg(game)
    lines = text.splitlines(True)
    at = next(i for i, line in enumerate(lines)
              if line.startswith(">") and len(line.split()) > 3 and "Е" in line.split()[3])
    parts = lines[at].split(" ")
    parts[3] = parts[3].replace("Е", "Ё", 1)
    lines[at] = " ".join(parts)
    yo = "".join(lines)
    assert "Ё" in yo
    res = replay.replay(gcg.parse(yo))
    assert res.mismatches == () and list(res.steps[-1].scores) == game.scores
    back = savegame.game_from_gcg(gcg.parse(yo), russian_words)
    def faces(g):
        return [(sq.letter, sq.is_blank) if (sq := g.board[Coord(r, c)]) else None
                for r in range(15) for c in range(15)]

    assert back.scores == game.scores and faces(back) == faces(game)


# ------------------------------------------------------------------------ self-play
def _tiles_now(game) -> Counter:
    """Every tile of the game by face: bag + racks + board (a blank counts as ``?``)."""
    c = Counter(t.letter for t in game.bag.tiles())
    for r in game.racks:
        c.update(t.letter for t in r)
    for row in range(game.board.rows):
        for col in range(game.board.cols):
            p = game.board[Coord(row, col)]
            if p is not None:
                c[BLANK if p.is_blank else p.letter] += 1
    return c


def _selfplay(rules, lexicon, levels, seed):
    generate = engine_generator(lexicon, rules)
    specs = [PlayerSpec(f"P{i + 1}", computer=lvl) for i, lvl in enumerate(levels)]
    game = Game(specs, rules=rules, lexicon=lexicon, seed=seed)
    players = [make_player(p.computer, generate) for p in game.players]
    full = Counter(rules.tiles.counts)
    for _ in range(300):
        if game.is_over:
            break
        assert _tiles_now(game) == full
        pos = Position.from_game(game)
        decision = players[game.current].choose(pos, rng_for(pos))
        game.apply(decision_to_move(game, decision))
        assert _tiles_now(game) == full
        assert game.tile_count() == rules.tiles.total
    assert game.is_over
    return game


def _check_finished(game, lexicon):
    plays = [r for r in game.history if r.kind is TurnKind.PLAY]
    assert len(plays) >= 5
    alphabet = game.rules.alphabet
    for r in plays:
        for w in r.words:
            assert w.word in lexicon, w.word
            assert all(ch in alphabet for ch in w.word)
    for p in range(len(game.players)):
        assert sum(r.score for r in game.history if r.player == p) == game.scores[p]
    text = savegame.game_to_gcg(game)
    record = gcg.parse(text.encode("utf-8"))
    res = replay.replay(record)
    assert res.mismatches == ()
    assert list(res.steps[-1].scores) == game.scores
    back = savegame.game_from_gcg(record, lexicon)
    assert back.scores == game.scores and back.is_over
    return text


@pytest.fixture(scope="module")
def russian_words():
    return load_bundled_words("ru")


@pytest.fixture(scope="module")
def french_words():
    return load_bundled_words("fr")


def test_a_full_russian_selfplay_game(russian_words):
    game = _selfplay(RU, russian_words, ("strong", "intermediate"), seed=2)
    text = _check_finished(game, russian_words)
    assert "#wordbler-language ru" in text
    played = "".join(w.word for r in game.history for w in r.words)
    assert any("А" <= ch <= "Я" for ch in played)


def test_expert_plays_russian_positions_mid_game_and_in_the_endgame(russian_words):
    """The expert's simulation and exact endgame on Cyrillic boards (blanks in lower case
    there are not below "Z": an earlier check took them for letters and crashed)."""
    from wordbler.boardgame.endgame import play_record

    rows = tuple("." * 15 if r != 7 else "......." + "дА" + "." * 6 for r in range(15))
    assert play_record(tuple("." * 15 for _ in range(15)), (3, 0, 7, 7, "дА"), "?АБ") == (rows, "Б")
    generate = engine_generator(russian_words, RU)
    game = Game([PlayerSpec("A", computer="strong"), PlayerSpec("B", computer="strong")],
                rules=RU, lexicon=russian_words, seed=5)
    strong = make_player("strong", generate)
    expert = make_player("expert", generate)
    expert.playouts, expert.width, expert.infer_tries = 4, 3, 4  # the logic, not the strength
    tried = set()
    for _ in range(300):
        if game.is_over:
            break
        pos = Position.from_game(game)
        stage = "end" if pos.bag_count == 0 else "pre" if pos.bag_count <= 2 else \
            "mid" if pos.last_play is not None else None
        if stage and stage not in tried:
            tried.add(stage)
            d = expert.choose(pos, rng_for(pos))
            game.apply(decision_to_move(game, d))  # a legal move with the player's tiles
            continue
        game.apply(decision_to_move(game, strong.choose(pos, rng_for(pos))))
    assert game.is_over and {"mid", "end"} <= tried
    _check_finished(game, russian_words)


def test_a_full_french_selfplay_game(french_words):
    game = _selfplay(FR, french_words, ("strong", "beginner"), seed=3)
    text = _check_finished(game, french_words)
    assert "#wordbler-language fr" in text


def test_selfplay_cli_takes_a_language(tmp_path, capsys):
    from wordbler.boardgame import selfplay

    words = tmp_path / "ru.txt"
    rng = random.Random(1)
    letters = "ОАЕИНРСТВДКЛПУМ"
    pool = {"".join(rng.choice(letters) for _ in range(rng.randint(2, 4))) for _ in range(4000)}
    words.write_text("\n".join(sorted(pool)), encoding="utf-8")
    import argparse

    p = argparse.ArgumentParser()
    selfplay.configure_parser(p)
    args = p.parse_args(["--lang", "ru", "--lexicon", str(words), "--games", "1",
                         "--players", "strong,intermediate", "--gcg-dir", str(tmp_path / "g")])
    assert selfplay.run(args) == 0
    out = capsys.readouterr().out
    assert "0 invariant failures" in out
    (record,) = (tmp_path / "g").glob("*.gcg")
    assert "#wordbler-language ru" in record.read_text(encoding="utf-8")
    assert replay.replay(gcg.read_file(record)).mismatches == ()
    bad = p.parse_args(["--lang", "xx", "--games", "1"])
    assert selfplay.run(bad) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "unknown language" in err[0]
    # the default is English, as it always was
    assert p.parse_args([]).lang == "en"


# ------------------------------------------------------------------------ wordbler-cli
def _cli(argv, capsys):
    from wordbler.cli import main

    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_check_takes_a_language(capsys):
    code, out, _ = _cli(["check", "--lang", "ru", "ёлка", "Стол", "xyz"], capsys)
    assert code == 1 and out.splitlines() == ["ёлка valid", "Стол valid", "xyz invalid"]
    code, out, _ = _cli(["check", "--lang", "fr", "maison", "coeur"], capsys)
    assert code == 0
    code, out, _ = _cli(["check", "--lang", "fr", "ÉLÈVE", "élève", "Œuvre", "garçon"], capsys)
    assert code == 0 and out.splitlines() == ["ÉLÈVE valid", "élève valid", "Œuvre valid",
                                              "garçon valid"]
    code, _, err = _cli(["check", "--lang", "de", "haus"], capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "unknown language" in err
    code, out, _ = _cli(["check", "cat"], capsys)  # English as it always was
    assert code == 0 and out == "cat valid\n"


def test_moves_takes_a_language(tmp_path, capsys):
    rows = ["." * 15] * 15
    rows[7] = "......ДОМ......"
    board = tmp_path / "ru.board"
    board.write_text("\n".join(rows) + "\n", encoding="utf-8")
    words = tmp_path / "ru.txt"
    words.write_text("дом\nлейка\nад\nёлка\nом\n", encoding="utf-8")
    code, out, err = _cli(["moves", "--lang", "ru", "--board", str(board), "--rack", "ёлкА?",
                           "--lexicon", str(words)], capsys)
    assert code == 0, err
    lines = out.splitlines()
    assert "7C ЛЕйКА 13" in lines  # the blank is a lower-case Cyrillic letter
    assert any(line.split()[1] == "ЕЛКА" for line in lines)  # Ё on the rack played as Е
    code, _, err = _cli(["moves", "--lang", "ru", "--board", str(board), "--rack", "ABC",
                         "--lexicon", str(words)], capsys)
    assert code == 2 and "Russian letters" in err
    empty = tmp_path / "empty.board"
    empty.write_text("\n".join(["." * 15] * 15) + "\n", encoding="utf-8")
    code, out, err = _cli(["moves", "--lang", "fr", "--board", str(empty), "--rack", "ÉLÈVE",
                           "--top", "1"], capsys)
    assert code == 0 and sorted(out.split()[1]) == sorted("ELEVE"), err  # É on the rack: E
