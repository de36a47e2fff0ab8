"""The PDF: two pages, A4 or Letter, Cyrillic text extractable, page 1 renders."""

import shutil
import subprocess

import pytest

import wordbler.ui  # noqa: F401
from PySide6.QtGui import QImage

from wordbler.ui.wordsearch.printing import export_pdf
from wordbler.wordsearch import Settings, generate, make_entries
from wordbler.lexicon.alphabet import get_alphabet

RU_WORDS = ["ёжик", "медведь", "черепаха", "жираф", "кенгуру", "обезьяна", "пингвин", "ящерица", "хомяк", "зебра"]


@pytest.fixture
def ru_puzzle():
    es = make_entries(RU_WORDS, get_alphabet("ru"))
    return generate(Settings(cols=13, rows=13, lang="ru", level="hard", title="Животные", theme="Звери",
                             bonus=("кот",), message="молодец"), es, 3)


def tool(name):
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed")
    return path


def pdf_text(path):
    return subprocess.run([tool("pdftotext"), "-layout", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout


def test_cyrillic_words_extract_from_the_pdf(qapp, tmp_path, ru_puzzle):
    out = tmp_path / "ru.pdf"
    export_pdf(ru_puzzle, out, paper="a4")
    text = pdf_text(out)
    for w in RU_WORDS:
        assert w in text, w  # the word list as the user typed it
    assert "Животные" in text and "Theme: Звери" in text and "Answer key" in text
    assert "Hidden message: молодец" in text  # on the answer page
    # lower-case print
    export_pdf(ru_puzzle, out, paper="a4", lower=True)
    assert "ё" in pdf_text(out)


@pytest.mark.parametrize("paper, size", [("a4", "595 x 842 pts (A4)"), ("letter", "612 x 792 pts (letter)")])
def test_two_pages_of_the_right_paper(qapp, tmp_path, ru_puzzle, paper, size):
    out = tmp_path / f"{paper}.pdf"
    export_pdf(ru_puzzle, out, paper=paper, large=True)
    info = subprocess.run([tool("pdfinfo"), str(out)], capture_output=True, text=True, check=True).stdout
    assert "Pages:           2" in info
    assert size in info
    fonts = subprocess.run([tool("pdffonts"), str(out)], capture_output=True, text=True, check=True).stdout
    assert "DejaVuSans" in fonts and " yes " in fonts  # embedded


def test_page_one_renders(qapp, tmp_path, ru_puzzle):
    out = tmp_path / "p.pdf"
    export_pdf(ru_puzzle, out)
    subprocess.run([tool("pdftoppm"), "-r", "40", "-f", "1", "-l", "1", "-png", str(out), str(tmp_path / "page")],
                   check=True)
    png = next(tmp_path.glob("page*.png"))
    img = QImage(str(png))
    assert img.width() > 300 and img.height() > 400
    dark = sum(1 for y in range(0, img.height(), 3) for x in range(0, img.width(), 3)
               if img.pixelColor(x, y).lightness() < 100)
    assert dark > 200  # letters were drawn


def test_unwritable_target_raises_oserror_and_leaves_nothing(qapp, tmp_path, ru_puzzle):
    with pytest.raises(OSError):
        export_pdf(ru_puzzle, tmp_path / "missing" / "x.pdf")
    assert list(tmp_path.iterdir()) == []


def test_cli_pdf(qapp, tmp_path, capsys):
    import argparse

    from wordbler.cli import wordsearch as cli

    words = tmp_path / "w.txt"
    words.write_text("\n".join(RU_WORDS) + "\n", encoding="utf-8")
    parser = argparse.ArgumentParser()
    cli.register(parser.add_subparsers(dest="cmd"))
    out = tmp_path / "cli.pdf"
    args = parser.parse_args(["wordsearch", "new", "--lang", "ru", "--words", str(words), "--seed", "2",
                              "--pdf", str(out), "--paper", "letter", "--json"])
    assert args.func(args) == 0
    assert "черепаха" in pdf_text(out)


def test_print_goes_through_the_same_pages(qapp, tmp_path, ru_puzzle):
    from PySide6.QtPrintSupport import QPrinter

    from wordbler.ui.wordsearch.printing import print_puzzle

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    out = tmp_path / "printed.pdf"
    printer.setOutputFileName(str(out))
    print_puzzle(ru_puzzle, printer)
    text = pdf_text(out)
    assert "черепаха" in text and "Answer key" in text


def test_cli_pdf_into_a_missing_folder_is_one_line_exit_2(qapp, tmp_path, capsys):
    import argparse

    from wordbler.cli import wordsearch as cli

    parser = argparse.ArgumentParser()
    cli.register(parser.add_subparsers(dest="cmd"))
    args = parser.parse_args(["wordsearch", "new", "--seed", "1", "--pdf", str(tmp_path / "no" / "x.pdf")])
    assert args.func(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("wordbler-cli wordsearch new: cannot write")


def test_a_new_pdf_gets_the_permissions_the_umask_gives(qapp, tmp_path, ru_puzzle):
    # the temporary file's 0600 was kept: a printed puzzle only its owner could read
    import os
    import stat

    old = os.umask(0o022)
    try:
        export_pdf(ru_puzzle, tmp_path / "p.pdf", paper="a4")
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / "p.pdf").st_mode) == 0o644
    os.chmod(tmp_path / "p.pdf", 0o600)  # a file already there keeps its own
    export_pdf(ru_puzzle, tmp_path / "p.pdf", paper="a4")
    assert stat.S_IMODE(os.stat(tmp_path / "p.pdf").st_mode) == 0o600


# ---- every word inside the margins ------------------------------------------------------------
MARGIN_PT = 15 / 25.4 * 72


def pdf_pages(path):
    """Each page of the PDF as (width, height, [(x0, y0, x1, y1, text), ...]) in points."""
    import html
    import re

    out = subprocess.run([tool("pdftotext"), "-bbox", str(path), "-"], capture_output=True, text=True,
                         check=True).stdout
    pages = []
    for m in re.finditer(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', out, re.S):
        words = [(float(a), float(b), float(c), float(d), html.unescape(t)) for a, b, c, d, t in
                 re.findall(r'<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)</word>',
                            m.group(3))]
        pages.append((float(m.group(1)), float(m.group(2)), words))
    return pages


def outside_margins(path):
    """The words of any page drawn outside the 15 mm margins (cut off, or too near the edge)."""
    bad = []
    for n, (w, h, words) in enumerate(pdf_pages(path), 1):
        for x0, y0, x1, y1, t in words:
            if x0 < MARGIN_PT - 0.5 or x1 > w - MARGIN_PT + 0.5 or y0 < MARGIN_PT - 0.5 or y1 > h - MARGIN_PT + 0.5:
                bad.append((n, t))
    return bad


def header_text(path):
    """The words above the grid on page 1, in reading order."""
    w, h, words = pdf_pages(path)[0]
    grid_top = min(y0 for x0, y0, x1, y1, t in words if len(t) == 1 and t.isalpha() and y0 > 60)
    return " ".join(t for x0, y0, x1, y1, t in sorted(words, key=lambda x: (round(x[1]), x[0])) if y1 < grid_top)


@pytest.mark.parametrize("title, lang, large, paper", [
    ("Year 5 Spelling Words - Autumn Term, Week 3", "en", False, "a4"),
    ("Слова для диктанта: осень, третья неделя", "ru", False, "a4"),
    ("", "en", True, "a4"),
    ("A title long enough to need three lines in large print on Letter paper, surely", "en", True, "letter"),
])
def test_the_header_wraps_inside_the_margins(qapp, tmp_path, title, lang, large, paper):
    # the title and the instruction line were drawn on one line: a 43-character title lost its
    # first and last words, and large print lost "Find" and "down." of the default instruction
    es = make_entries(RU_WORDS if lang == "ru" else ["planet", "comet", "orbit", "galaxy", "rocket"],
                      get_alphabet(lang))
    p = generate(Settings(cols=15, rows=15, lang=lang, level="medium", title=title), es, 1)
    out = tmp_path / "h.pdf"
    export_pdf(p, out, paper=paper, large=large)
    assert outside_margins(out) == []
    text = header_text(out)
    assert (title or "Word Search") in text
    assert "Find the" in text and "They run across, down and diagonally down." in text


# ---- long word lists: every word on paper, the list continued on further pages ----------------
def cli_pdf(tmp_path, capsys, *argv):
    """``wordbler-cli wordsearch new ARGV --pdf --json``: the PDF and the puzzle's JSON."""
    import argparse
    import json

    from wordbler.cli import wordsearch as cli

    parser = argparse.ArgumentParser()
    cli.register(parser.add_subparsers(dest="cmd"))
    out = tmp_path / "p.pdf"
    args = parser.parse_args(["wordsearch", "new", *argv, "--pdf", str(out), "--json"])
    assert args.func(args) == 0
    return out, json.loads(capsys.readouterr().out)


def footer_overlaps(path):
    """Words of any page that share the footer's band (drawn over it, or it over them)."""
    bad = []
    for n, (w, h, words) in enumerate(pdf_pages(path), 1):
        fy0, fy1 = next((y0, y1) for x0, y0, x1, y1, t in words if t == "Wordbler")
        bad += [(n, t) for x0, y0, x1, y1, t in words if abs(y0 - fy0) > 0.5 and y1 > fy0 and y0 < fy1]
    return bad


def grid_cell_mm(path, page=0):
    """The grid's cell on a page, from the rows of its letters."""
    w, h, words = pdf_pages(path)[page]
    ys = sorted({round(y0, 1) for x0, y0, x1, y1, t in words if len(t) == 1 and t.isalpha()})
    steps = sorted(b - a for a, b in zip(ys, ys[1:]))
    return steps[len(steps) // 2] * 25.4 / 72


@pytest.mark.parametrize("size, count, paper, large", [
    ("25x25", 80, "a4", False), ("30x30", 100, "letter", False), ("50x50", 200, "a4", False),
    ("20x20", 50, "a4", True), ("50x50", 200, "letter", True),
])
def test_every_listed_word_is_printed_inside_the_margins(qapp, tmp_path, capsys, size, count, paper, large):
    # a long list ran off the bottom of page 1 (8 of 80 words missing at 25x25, 128 of 200 at
    # 50x50) under a footer drawn over it, and 50x50 got cells of 2 mm
    out, d = cli_pdf(tmp_path, capsys, "--size", size, "--count", str(count), "--seed", "5", "--paper", paper,
                     *(["--large"] if large else []))
    placed = {p["word"] for p in d["placed"]}
    pages = pdf_pages(out)
    listed = [(n, t) for n, (w, h, words) in enumerate(pages, 1) for *_, t in words if t in placed]
    assert sorted(t for n, t in listed) == sorted(placed)  # each word once, none lost
    assert outside_margins(out) == [] and footer_overlaps(out) == []
    list_pages = sorted({n for n, t in listed})
    for n in list_pages[1:]:
        assert "continued" in " ".join(t for *_, t in pages[n - 1][2][:3]), n
    if len(list_pages) > 1:
        assert "next page" in " ".join(t for *_, t in pages[list_pages[0] - 1][2])
    text = pdf_text(out)
    assert "Answer key" in text
    # the grid keeps readable letters (2.5 mm: cells of 4.5 mm) or, too big for that, the
    # whole width of the page
    cols = int(size.split("x")[0])
    width_mm = (186 if paper == "letter" else 180)
    assert grid_cell_mm(out) >= min(4.5, width_mm / cols - 0.2)


def test_a_short_list_stays_beside_its_grid_on_two_pages(qapp, tmp_path, capsys):
    out, d = cli_pdf(tmp_path, capsys, "--seed", "5")
    assert len(pdf_pages(out)) == 2 and outside_margins(out) == [] and footer_overlaps(out) == []
    assert "continued" not in pdf_text(out)


def test_a_long_could_not_be_placed_list_goes_on_after_the_answer_key(qapp, tmp_path, capsys):
    # the answer page's "Could not be placed:" ran on into the footer and off the paper
    import random

    rng = random.Random(1)
    words = ["plan", "cat", "dog"] + ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(30))
                                      for _ in range(150)]
    f = tmp_path / "w.txt"
    f.write_text("\n".join(words) + "\n", encoding="utf-8")
    out, d = cli_pdf(tmp_path, capsys, "--size", "25x25", "--words", str(f), "--seed", "2")
    assert len(d["unplaced"]) == 150
    assert outside_margins(out) == [] and footer_overlaps(out) == []
    assert "Answer key (continued)" in pdf_text(out)
    import unicodedata

    printed = [unicodedata.normalize("NFKC", t).strip(",") for w, h, page in pdf_pages(out) for *_, t in page]
    assert all(w in printed for w in words[3:])


def test_print_and_pdf_have_the_same_pages(qapp, tmp_path):
    # File > Print drew on a 1200-dpi QPrinter with its own 3.5 mm margins: now the same
    # pages as the PDF of the same paper
    import random

    from PySide6.QtGui import QPageSize
    from PySide6.QtPrintSupport import QPrinter

    from wordbler.ui.wordsearch.printing import print_puzzle
    from wordbler.wordsearch.words import common_pool, draw_words

    es = draw_words(common_pool("en"), 100, random.Random(5), alphabet=get_alphabet("en"), max_len=10)
    p = generate(Settings(cols=30, rows=30, bonus=("owl",), message="well done"), es, 5)
    pdf = tmp_path / "p.pdf"
    export_pdf(p, pdf, paper="letter")
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printed = tmp_path / "printed.pdf"
    printer.setOutputFileName(str(printed))
    printer.setPageSize(QPageSize(QPageSize.PageSizeId.Letter))
    print_puzzle(p, printer)
    a, b = pdf_pages(pdf), pdf_pages(printed)
    assert len(a) == len(b) > 2
    for (w1, h1, words1), (w2, h2, words2) in zip(a, b):
        assert [t for *_, t in words1] == [t for *_, t in words2]
    assert outside_margins(printed) == [] and footer_overlaps(printed) == []


def test_the_answer_key_names_bonus_words_that_could_not_be_hidden(qapp, tmp_path, capsys):
    for seed in range(1, 60):  # a seed on which a bonus word finds no room
        out, d = cli_pdf(tmp_path, capsys, "--size", "12x12", "--count", "20", "--bonus",
                         "zebra,quiet,pizza", "--seed", str(seed))
        if d["unplaced_bonus"]:
            break
    missing = d["unplaced_bonus"]
    assert missing and set(missing) <= {"ZEBRA", "QUIET", "PIZZA"}
    pages = pdf_text(out).split("\f")
    assert f"Could not be hidden (bonus words): {', '.join(missing)}" in pages[1]
    assert missing[0] not in pages[0]  # the puzzle page keeps the secret words secret
    assert outside_margins(out) == []
