"""Printing a puzzle: the grid and the word list (a long list goes on on further pages,
"Words (continued)"), then the answer key.

Drawn with QPainter onto a ``QPdfWriter`` (File > Export PDF, ``--pdf``) or a ``QPrinter``
(File > Print).  Qt is a dependency already and its PDF writer embeds the (subset) font with
a ToUnicode map, so text extracts and prints on any machine; the font is the bundled DejaVu
Sans (``resources/fonts``), which has Latin, Cyrillic, Greek and more, so the PDF does not
depend on the fonts a system happens to have.
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from pathlib import Path
from typing import Callable

from PySide6.QtCore import QCoreApplication, QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import (QColor, QFont, QFontDatabase, QFontMetricsF, QGuiApplication, QPageLayout,
                           QPageSize, QPainter, QPainterPath, QPainterPathStroker, QPdfWriter, QPen)

from wordbler.datafiles import data_path
from wordbler.fileio import file_mode
from wordbler.lexicon.alphabet import get_alphabet
from wordbler.wordsearch.grid import HOLE
from wordbler.wordsearch.puzzle import Puzzle
from wordbler.wordsearch.textexport import word_list

DPI = 300  # the pages are laid out in pixels of this resolution
MARGIN_MM = 15
PAPERS = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}
FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
FALLBACK_FAMILY = "DejaVu Sans"


def ensure_font() -> str:
    """Register the bundled font once per process; its family name."""
    app = QGuiApplication.instance()
    family = getattr(app, "_wordsearch_print_family", None) if app is not None else None
    if family:
        return family
    family = FALLBACK_FAMILY
    for name in FONT_FILES:
        path = data_path("resources", "fonts", name)
        if path.is_file():
            fid = QFontDatabase.addApplicationFont(str(path))
            fams = QFontDatabase.applicationFontFamilies(fid) if fid >= 0 else []
            if fams:
                family = fams[0]
    if app is not None:
        app._wordsearch_print_family = family
    return family


def cased(text: str, lower: bool, lang: str) -> str:
    if not lower:
        return text
    a = get_alphabet(lang)
    return "".join(a.lower[a.index(ch)] if ch in a else ch for ch in text)


Op = Callable[[QPainter], None]
Entry = tuple[tuple[str, ...], bool]  # a word of the list: its lines, and whether it has a box


class _Page:
    """One page being laid out: what to draw on it, and how far down it is filled."""

    def __init__(self, top: float, bottom: float, footer: str):
        self.y = top
        self.bottom = bottom
        self.footer = footer
        self.ops: list[Op] = []

    @property
    def room(self) -> float:
        return self.bottom - self.y


def flow(entries: list[Entry], ncols: int, max_lines: int) -> tuple[list[list[Entry]], list[Entry]]:
    """``entries`` set in at most ``ncols`` columns of at most ``max_lines`` lines, down the
    first column, then the next: the columns and the entries left over for another page.
    When all of them fit, the columns are as even as the entries allow; an entry taller than
    a whole column is split (its second part has no box)."""
    if max_lines <= 0 or not entries:
        return [], list(entries)
    total = sum(len(lines) for lines, _ in entries)
    if total <= ncols * max_lines:
        for target in range(max(1, -(-total // ncols)), max_lines + 1):
            cols: list[list[Entry]] = [[]]
            used = 0
            for e in entries:
                if used + len(e[0]) > target and cols[-1]:
                    cols.append([])
                    used = 0
                cols[-1].append(e)
                used += len(e[0])
            if len(cols) <= ncols and all(sum(len(x[0]) for x in c) <= max_lines for c in cols):
                return cols, []
    cols, rest = [], list(entries)
    while rest and len(cols) < ncols:
        col: list[Entry] = []
        used = 0
        while rest:
            lines, box = rest[0]
            if used + len(lines) <= max_lines:
                col.append(rest.pop(0))
                used += len(lines)
            elif used == 0:  # taller than a column
                col.append((lines[:max_lines], box))
                rest[0] = (lines[max_lines:], False)
                used = max_lines
            else:
                break
        cols.append(col)
    return cols, rest


class PageRenderer:
    """Lays a puzzle out on pages and draws them: the puzzle (header, grid, word list), as
    many "Words (continued)" pages as the rest of a long list needs, then the answer key
    (continued too when its notes do not fit).  Every line is measured and wrapped to the
    rectangle it is given (the printable area inside the margins), nothing is drawn past it,
    and the footer has a band of its own."""

    def __init__(self, puzzle: Puzzle, *, lower: bool = False, large: bool = False, dpi: float = 300):
        self.p = puzzle
        self.lower = lower
        self.large = large
        self.dpi = dpi
        self.family = ensure_font()

    def mm(self, x: float) -> float:
        return x * self.dpi / 25.4

    def font(self, size_mm: float, bold: bool = False) -> QFont:
        f = QFont(self.family)
        f.setPixelSize(max(1, round(self.mm(size_mm))))
        f.setBold(bold)
        f.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
        return f

    # ---- sizes ------------------------------------------------------------------------
    @property
    def letter_factor(self) -> float:
        """The grid's letters are this part of a cell."""
        return 0.62 if self.large else 0.55

    @property
    def min_cell(self) -> float:
        """The smallest cell the grid gets for the list's sake: letters of 2.5 mm (large print
        3.5 mm).  A grid too big for that on the page is drawn as big as the page allows and
        the word list goes to the next page."""
        return self.mm(3.5 if self.large else 2.5) / self.letter_factor

    @property
    def max_cell(self) -> float:
        return self.mm(14 if self.large else 11)

    def fit_cell(self, width: float, height: float) -> float:
        """The largest cell with which the grid fits ``width`` x ``height``."""
        return max(0.0, min(width / self.p.n_cols, height / self.p.n_rows, self.max_cell))

    # ---- text ---------------------------------------------------------------------------
    def wrap(self, text: str, font: QFont, width: float) -> list[str]:
        """``text`` broken into lines no wider than ``width`` (at spaces; a word wider than
        the line is broken between letters), so nothing drawn runs past the margins."""
        fm = QFontMetricsF(font)
        width *= 0.98  # a little room for rounding between the measure and the device

        def fits(t: str) -> bool:
            return fm.horizontalAdvance(t) <= width

        lines: list[str] = []
        for para in text.split("\n"):
            cur = ""
            for word in para.split(" "):
                cand = f"{cur} {word}" if cur else word
                if fits(cand):
                    cur = cand
                    continue
                if cur:
                    lines.append(cur)
                while not fits(word) and len(word) > 1:
                    n = len(word) - 1
                    while n > 1 and not fits(word[:n]):
                        n -= 1
                    lines.append(word[:n])
                    word = word[n:]
                cur = word
            lines.append(cur)
        return lines

    def _title_font(self, title: str, width: float) -> QFont:
        """The title's font: shrunk (not below two thirds) while it needs more than two lines."""
        size = 9 if self.large else 7.5
        f = self.font(size, bold=True)
        while len(self.wrap(title, f, width)) > 2 and size > (6 if self.large else 5):
            size -= 0.5
            f = self.font(size, bold=True)
        return f

    def cased(self, text: str) -> str:
        return cased(text, self.lower, self.p.lang)

    @staticmethod
    def _text_op(lines: list[str], font: QFont, color: str, rect: QRectF, line_h: float,
                 align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft) -> Op:
        def draw(painter: QPainter) -> None:
            painter.setFont(font)
            painter.setPen(QColor(color))
            for i, line in enumerate(lines):
                painter.drawText(QRectF(rect.left(), rect.top() + i * line_h, rect.width(), line_h),
                                 int(align | Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextDontClip), line)
        return draw

    def _lines(self, page: _Page, lines: list[str], font: QFont, color: str, rect: QRectF, line_h: float,
               align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft) -> list[str]:
        """Put as many of ``lines`` as fit on ``page`` (at its ``y``); the ones left over."""
        n = max(0, min(len(lines), int((page.room + 1e-6) // line_h)))
        if n:
            page.ops.append(self._text_op(lines[:n], font, color, QRectF(rect.left(), page.y, rect.width(), 0),
                                          line_h, align))
            page.y += n * line_h
        return lines[n:]

    # ---- page pieces ----------------------------------------------------------------
    def _header(self, page: _Page, rect: QRectF, subtitle: str) -> None:
        title = self.p.title or "Word Search"
        f = self._title_font(title, rect.width())
        h = QFontMetricsF(f).height()
        self._lines(page, self.wrap(title, f, rect.width()), f, "#111111", rect, h * 1.1,
                    Qt.AlignmentFlag.AlignHCenter)
        page.y += h * 0.15
        texts = ([f"Theme: {self.p.theme}"] if self.p.theme else []) + [subtitle]
        f2 = self.font(4.6 if self.large else 3.8)
        lines = [part for text in texts for part in self.wrap(text, f2, rect.width())]
        self._lines(page, lines, f2, "#444444", rect, QFontMetricsF(f2).height() * 1.3,
                    Qt.AlignmentFlag.AlignHCenter)
        page.y += self.mm(3)

    def _heading(self, page: _Page, rect: QRectF, text: str) -> None:
        """The heading of a continuation page."""
        f = self.font(6 if self.large else 5, bold=True)
        self._lines(page, self.wrap(text, f, rect.width()), f, "#111111", rect, QFontMetricsF(f).height() * 1.2,
                    Qt.AlignmentFlag.AlignHCenter)
        page.y += self.mm(3)

    def _grid(self, page: _Page, rect: QRectF, cell: float, *, answers: bool) -> None:
        origin = QPointF(rect.left() + (rect.width() - cell * self.p.n_cols) / 2, page.y)
        page.ops.append(lambda painter: self._draw_grid(painter, cell, origin, answers=answers))
        page.y += cell * self.p.n_rows

    def _draw_grid(self, painter: QPainter, cell: float, origin: QPointF, *, answers: bool) -> None:
        p = self.p
        cols, rows = p.n_cols, p.n_rows
        used = {rc for x in p.placed + p.bonus for rc in x.cells}
        # cell backgrounds (the shape), a thin line around each cell
        painter.setPen(QPen(QColor("#b8b8b8"), max(1.0, self.mm(0.15))))
        painter.setBrush(QColor("#ffffff"))
        for r in range(rows):
            for c in range(cols):
                if p.rows[r][c] != HOLE:
                    painter.drawRect(QRectF(origin.x() + c * cell, origin.y() + r * cell, cell, cell))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if answers:
            self._draw_capsules(painter, cell, origin)
        font = self.font(cell / self.dpi * 25.4 * self.letter_factor, bold=self.large)
        painter.setFont(font)
        for r in range(rows):
            for c in range(cols):
                ch = p.rows[r][c]
                if ch == HOLE:
                    continue
                color = QColor("#111111")
                if answers and (r, c) not in used:
                    color = QColor("#b0b0b0")
                painter.setPen(color)
                painter.drawText(QRectF(origin.x() + c * cell, origin.y() + r * cell, cell, cell),
                                 Qt.AlignmentFlag.AlignCenter, self.cased(ch))

    def _draw_capsules(self, painter: QPainter, cell: float, origin: QPointF) -> None:
        def centre(rc):
            return QPointF(origin.x() + (rc[1] + 0.5) * cell, origin.y() + (rc[0] + 0.5) * cell)

        stroker = QPainterPathStroker()
        stroker.setWidth(cell * 0.74)
        stroker.setCapStyle(Qt.PenCapStyle.RoundCap)
        for x, dashed in [(x, False) for x in self.p.placed] + [(x, True) for x in self.p.bonus]:
            line = QPainterPath(centre(x.cells[0]))
            line.lineTo(centre(x.cells[-1]))
            outline = stroker.createStroke(line)
            painter.fillPath(outline, QColor(255, 214, 102, 70) if not dashed else QColor(140, 200, 255, 60))
            pen = QPen(QColor("#222222"), max(1.0, self.mm(0.3)))
            if dashed:
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.strokePath(outline, pen)

    def _word_setup(self, rect: QRectF):
        """The word list's font, line height, box, columns and entries (wrapped to a column)."""
        words = [self.cased(w) for w in word_list(self.p)]
        f = self.font(5.2 if self.large else 4.0, bold=self.large)
        fm = QFontMetricsF(f)
        box = self.mm(2.6 if self.large else 2.1)
        widest = max((fm.horizontalAdvance(w) for w in words), default=0) + box * 1.8 + self.mm(4)
        ncols = max(1, min(6, int(rect.width() // widest)))
        col_w = rect.width() / ncols
        text_w = col_w - box * 1.8 - self.mm(1)
        entries = [(tuple(self.wrap(w, f, text_w)), True) for w in words]
        return f, fm.height() * 1.25, box, ncols, col_w, entries

    def _word_columns(self, page: _Page, rect: QRectF, cols: list[list[Entry]], f: QFont, line_h: float,
                      box: float, col_w: float) -> None:
        top = page.y
        descent = QFontMetricsF(f).descent()

        def draw(painter: QPainter) -> None:
            painter.setFont(f)
            painter.setPen(QPen(QColor("#111111"), max(1.0, self.mm(0.2))))
            for c, col in enumerate(cols):
                x = rect.left() + c * col_w
                y = top
                for lines, has_box in col:
                    if has_box:
                        painter.drawRect(QRectF(x, y + (line_h - box) / 2 - descent / 2, box, box))
                    for line in lines:
                        painter.drawText(QRectF(x + box * 1.8, y, col_w - box * 1.8, line_h),
                                         int(Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextDontClip), line)
                        y += line_h

        page.ops.append(draw)
        page.y += max(sum(len(e[0]) for e in col) for col in cols) * line_h

    def _note_setup(self, texts: list[str], rect: QRectF):
        f = self.font(4.2 if self.large else 3.5)
        return f, QFontMetricsF(f).height() * 1.25, [self.wrap(t, f, rect.width()) for t in texts]

    def _notes(self, page: _Page, rect: QRectF, paras: list[list[str]], f: QFont, line_h: float,
               more: Callable[[], _Page], *, keep_together: bool) -> _Page:
        """Put the notes' lines on ``page`` and, when they do not fit, on pages from ``more``."""
        for lines in paras:
            if keep_together and len(lines) * line_h > page.room:
                page = more()
            while lines:
                lines = self._lines(page, lines, f, "#333333", rect, line_h)
                if lines:
                    page = more()
            page.y += self.mm(1.5)
        return page

    def _new_page(self, rect: QRectF, footer: str) -> _Page:
        fh = QFontMetricsF(self.font(3)).height()
        return _Page(rect.top(), rect.bottom() - fh - self.mm(3), footer)

    # ---- pages ------------------------------------------------------------------------
    def layout(self, rect: QRectF) -> list[_Page]:
        """Every page of the puzzle and its answer key, laid out in ``rect``."""
        pages = self._puzzle_pages(rect) + self._answer_pages(rect)
        for i, page in enumerate(pages, 1):
            page.footer += f" \u00b7 page {i} of {len(pages)}"
        return pages

    def paint(self, painter: QPainter, page: _Page, rect: QRectF) -> None:
        for op in page.ops:
            op(painter)
        self._footer(painter, rect, page.footer)

    def _puzzle_pages(self, rect: QRectF) -> list[_Page]:
        p = self.p
        footer = f"Wordbler \u00b7 {p.n_cols}\u00d7{p.n_rows} \u00b7 {p.level} \u00b7 seed {p.seed}"
        pages = [self._new_page(rect, footer)]
        page = pages[0]
        self._header(page, rect, f"Find the {len(p.placed)} words hidden in the grid. "
                                 f"They run {self._directions_text()}.")
        list_rect = QRectF(rect.left() + self.mm(2), rect.top(), rect.width() - self.mm(2), rect.height())
        f, line_h, box, ncols, col_w, entries = self._word_setup(list_rect)
        notes = []
        if p.bonus:
            notes.append(f"Bonus: {len(p.bonus)} secret word(s) not in the list are hidden too.")
        if p.message:
            notes.append(f"Hidden message: when every word is found, the first "
                         f"{len(p.message)} unused letters, row by row, spell a message.")
        nf, n_line_h, paras = self._note_setup(notes, rect)
        gap = self.mm(6)
        # the grid as big as it can be with the whole list and the notes below it, unless its
        # letters would be smaller than min_cell's: then as big as the page allows, and the
        # list goes on on further pages
        cols, rest = flow(entries, ncols, 10 ** 9)
        list_h = max((sum(len(e[0]) for e in c) for c in cols), default=0) * line_h
        notes_h = sum(len(x) * n_line_h + self.mm(1.5) for x in paras) + (self.mm(3) if paras else 0)
        fit = self.fit_cell(rect.width(), page.room - gap - n_line_h)
        want = min(fit, (page.room - gap - list_h - notes_h) / p.n_rows)
        cell = want if want >= min(self.min_cell, fit) else fit
        self._grid(page, rect, cell, answers=False)
        page.y += gap
        heading = "Words"

        def more() -> _Page:
            pages.append(self._new_page(rect, footer))
            self._heading(pages[-1], rect, heading)
            return pages[-1]

        rest = entries
        while rest:
            cols, left = flow(rest, ncols, int((page.room + 1e-6) // line_h))
            if left:  # keep a line to say so, and start no list with a line or two
                fit_lines = int((page.room - n_line_h + 1e-6) // line_h)
                cols, left = flow(rest, ncols, fit_lines if fit_lines > 2 or page is not pages[0] else 0)
            if any(cols):
                self._word_columns(page, list_rect, cols, f, line_h, box, col_w)
                heading = "Words (continued)"
            if left:
                text = ("The words to find are on the next page." if heading == "Words"
                        else "The list continues on the next page.")
                self._lines(page, self.wrap(text, nf, rect.width()), nf, "#333333", rect, n_line_h)
                page = more()
            rest = left
        page.y += self.mm(3)
        self._notes(page, rect, paras, nf, n_line_h, more, keep_together=True)
        return pages

    def _answer_pages(self, rect: QRectF) -> list[_Page]:
        p = self.p
        footer = f"Wordbler \u00b7 answer key \u00b7 seed {p.seed}"
        pages = [self._new_page(rect, footer)]
        page = pages[0]
        self._header(page, rect, "Answer key")
        notes = []
        if p.message:
            notes.append(f"Hidden message: {p.message_shown or p.message}")
        if p.bonus:
            notes.append("Bonus words (dashed): " + ", ".join(self.cased(b.word) for b in p.bonus))
        if p.unplaced:
            notes.append("Could not be placed: " + ", ".join(self.cased(p.shown(w)) for w in p.unplaced))
        if p.unplaced_bonus:
            notes.append("Could not be hidden (bonus words): " + ", ".join(self.cased(w) for w in p.unplaced_bonus))
        nf, n_line_h, paras = self._note_setup(notes, rect)
        gap = self.mm(6)
        notes_h = sum(len(x) * n_line_h + self.mm(1.5) for x in paras)
        fit = self.fit_cell(rect.width(), page.room)
        want = min(fit, (page.room - gap - notes_h) / p.n_rows)
        cell = want if want >= min(self.min_cell, fit) else fit
        self._grid(page, rect, cell, answers=True)
        page.y += gap

        def more() -> _Page:
            pages.append(self._new_page(rect, footer))
            self._heading(pages[-1], rect, "Answer key (continued)")
            return pages[-1]

        self._notes(page, rect, paras, nf, n_line_h, more, keep_together=False)
        return pages

    def _footer(self, painter: QPainter, rect: QRectF, text: str) -> None:
        f = self.font(3)
        painter.setFont(f)
        painter.setPen(QColor("#777777"))
        h = QFontMetricsF(f).height()
        painter.drawText(QRectF(rect.left(), rect.bottom() - h, rect.width(), h), Qt.AlignmentFlag.AlignRight, text)

    def _directions_text(self) -> str:
        return {"easy": "across and down", "medium": "across, down and diagonally down",
                "hard": "in all eight directions, backwards too"}.get(self.p.level, "in straight lines")


def page_rect(device) -> QRectF:
    """The printable rectangle in the painter's coordinates at :data:`DPI`: the paper less
    :data:`MARGIN_MM` on every side (or the device's own margins where they are wider)."""
    layout = device.pageLayout()
    dpi = device.resolution()
    full = QRectF(layout.fullRectPixels(dpi))
    paint = QRectF(layout.paintRectPixels(dpi))
    m = MARGIN_MM * dpi / 25.4
    rect = full.adjusted(m, m, -m, -m).intersected(paint)
    rect.translate(-paint.left(), -paint.top())  # the painter's origin is the paint rectangle's corner
    k = DPI / dpi
    return QRectF(rect.left() * k, rect.top() * k, rect.width() * k, rect.height() * k)


def render(puzzle: Puzzle, device, *, lower: bool = False, large: bool = False, new_page=None) -> int:
    """Paint every page onto ``device`` (a QPdfWriter or QPrinter already set up); the number
    of pages.  The pages are laid out at :data:`DPI` whatever the device's resolution, and
    inside the same margins, so a print and a PDF of the same paper have the same pages."""
    rect = page_rect(device)
    r = PageRenderer(puzzle, lower=lower, large=large, dpi=DPI)
    pages = r.layout(rect)
    painter = QPainter()
    if not painter.begin(device):
        raise OSError("cannot start writing (is the file or printer writable?)")
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        k = device.resolution() / DPI
        painter.scale(k, k)
        for i, page in enumerate(pages):
            if i:
                (new_page or device.newPage)()
            r.paint(painter, page, rect)
    finally:
        painter.end()
    return len(pages)


def export_pdf(puzzle: Puzzle, path: str | os.PathLike[str], *, paper: str = "a4",
               lower: bool = False, large: bool = False) -> None:
    """Write the PDF atomically (a temporary file, then ``os.replace``)."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise OSError(f"no folder {str(folder)!r}")
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".pdf", dir=folder)
    os.close(fd)
    try:
        writer = QPdfWriter(tmp)
        writer.setResolution(DPI)
        writer.setTitle(puzzle.title or QCoreApplication.translate("wordsearch.printing", "Word Search"))
        writer.setCreator("Wordbler")
        writer.setPageLayout(QPageLayout(QPageSize(PAPERS[paper]), QPageLayout.Orientation.Portrait,
                                         QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM), QPageLayout.Unit.Millimeter))
        render(puzzle, writer, lower=lower, large=large)
        del writer
        if os.path.getsize(tmp) == 0:
            raise OSError("the PDF writer wrote nothing")
        with contextlib.suppress(OSError):
            os.chmod(tmp, file_mode(path))
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def export_pdf_headless(puzzle: Puzzle, path, *, paper: str = "a4", lower: bool = False, large: bool = False) -> None:
    """:func:`export_pdf` from the command line: makes an offscreen application if none runs."""
    app = QGuiApplication.instance()
    if app is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QGuiApplication(["wordbler-cli", "-platform", "offscreen"])
    export_pdf(puzzle, path, paper=paper, lower=lower, large=large)


def print_puzzle(puzzle: Puzzle, printer, *, lower: bool = False, large: bool = False) -> None:
    """Print every page on a configured ``QPrinter`` (the pages of :func:`export_pdf`)."""
    render(puzzle, printer, lower=lower, large=large)
