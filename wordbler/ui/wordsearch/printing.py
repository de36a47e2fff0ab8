"""Printing a puzzle: page 1 the grid and the word list, page 2 the answer key.

Drawn with QPainter onto a ``QPdfWriter`` (File > Export PDF, ``--pdf``) or a ``QPrinter``
(File > Print).  Qt is a dependency already and its PDF writer embeds the (subset) font with
a ToUnicode map, so text extracts and prints on any machine; the font is the bundled DejaVu
Sans (``resources/fonts``), which has Latin, Cyrillic, Greek and more, so the PDF does not
depend on the fonts a system happens to have.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import (QColor, QFont, QFontDatabase, QFontMetricsF, QGuiApplication, QPageLayout,
                           QPageSize, QPainter, QPainterPath, QPainterPathStroker, QPdfWriter, QPen)

from wordbler.datafiles import data_path
from wordbler.fileio import file_mode
from wordbler.lexicon.alphabet import get_alphabet
from wordbler.wordsearch.grid import HOLE
from wordbler.wordsearch.puzzle import Puzzle
from wordbler.wordsearch.textexport import word_list

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


class PageRenderer:
    """Draws the two pages of a puzzle into a rectangle of a paint device."""

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

    # ---- page pieces ----------------------------------------------------------------
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

    def _header(self, painter: QPainter, rect: QRectF, subtitle: str) -> float:
        title = self.p.title or "Word Search"
        y = rect.top()
        painter.setPen(QColor("#111111"))
        f = self._title_font(title, rect.width())
        painter.setFont(f)
        h = QFontMetricsF(f).height()
        for line in self.wrap(title, f, rect.width()):
            painter.drawText(QRectF(rect.left(), y, rect.width(), h * 1.2),
                             Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter, line)
            y += h * 1.1
        y += h * 0.15
        lines = []
        if self.p.theme:
            lines.append(f"Theme: {self.p.theme}")
        lines.append(subtitle)
        f2 = self.font(4.6 if self.large else 3.8)
        painter.setFont(f2)
        painter.setPen(QColor("#444444"))
        h2 = QFontMetricsF(f2).height()
        for line in (part for text in lines for part in self.wrap(text, f2, rect.width())):
            painter.drawText(QRectF(rect.left(), y, rect.width(), h2 * 1.2), Qt.AlignmentFlag.AlignHCenter, line)
            y += h2 * 1.3
        return y + self.mm(3)

    def _grid_geometry(self, rect: QRectF) -> tuple[float, QPointF]:
        cols, rows = self.p.n_cols, self.p.n_rows
        cell = min(rect.width() / cols, rect.height() / rows)
        cell = min(cell, self.mm(14 if self.large else 11))
        origin = QPointF(rect.left() + (rect.width() - cell * cols) / 2, rect.top())
        return cell, origin

    def _draw_grid(self, painter: QPainter, rect: QRectF, *, answers: bool) -> float:
        p = self.p
        cell, origin = self._grid_geometry(rect)
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
        font = self.font(cell / self.dpi * 25.4 * (0.62 if self.large else 0.55), bold=self.large)
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
                                 Qt.AlignmentFlag.AlignCenter, cased(ch, self.lower, p.lang))
        return origin.y() + rows * cell

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

    def _draw_words(self, painter: QPainter, rect: QRectF) -> float:
        words = [cased(w, self.lower, self.p.lang) for w in word_list(self.p)]
        if not words:
            return rect.top()
        f = self.font(5.2 if self.large else 4.0, bold=self.large)
        fm = QFontMetricsF(f)
        painter.setFont(f)
        widest = max(fm.horizontalAdvance(w) for w in words) + self.mm(8)
        ncols = max(1, min(5, int(rect.width() // widest)))
        per_col = -(-len(words) // ncols)
        col_w = rect.width() / ncols
        line_h = fm.height() * 1.35
        box = self.mm(2.6 if self.large else 2.1)
        painter.setPen(QPen(QColor("#111111"), max(1.0, self.mm(0.2))))
        for i, w in enumerate(words):
            col, row = divmod(i, per_col)
            x = rect.left() + col * col_w
            y = rect.top() + row * line_h
            painter.drawRect(QRectF(x, y + (line_h - box) / 2 - fm.descent() / 2, box, box))
            painter.drawText(QRectF(x + box * 1.8, y, col_w - box * 2, line_h), Qt.AlignmentFlag.AlignVCenter, w)
        return rect.top() + per_col * line_h

    def _note(self, painter: QPainter, rect: QRectF, y: float, text: str) -> float:
        f = self.font(4.2 if self.large else 3.5)
        painter.setFont(f)
        painter.setPen(QColor("#333333"))
        r = painter.boundingRect(QRectF(rect.left(), y, rect.width(), rect.bottom() - y),
                                 int(Qt.TextFlag.TextWordWrap), text)
        painter.drawText(QRectF(rect.left(), y, rect.width(), r.height()), int(Qt.TextFlag.TextWordWrap), text)
        return y + r.height() + self.mm(1.5)

    def _footer(self, painter: QPainter, rect: QRectF, text: str) -> None:
        f = self.font(3)
        painter.setFont(f)
        painter.setPen(QColor("#777777"))
        h = QFontMetricsF(f).height()
        painter.drawText(QRectF(rect.left(), rect.bottom() - h, rect.width(), h), Qt.AlignmentFlag.AlignRight, text)

    # ---- pages ------------------------------------------------------------------------
    def puzzle_page(self, painter: QPainter, rect: QRectF) -> None:
        p = self.p
        n = len(p.placed)
        y = self._header(painter, rect, f"Find the {n} words hidden in the grid. "
                                        f"They run {self._directions_text()}.")
        words = word_list(p)
        lines_needed = -(-len(words) // 3) + 3
        reserve = min(rect.height() * 0.45, lines_needed * self.mm(7 if self.large else 5.5))
        grid_rect = QRectF(rect.left(), y, rect.width(), rect.bottom() - y - reserve)
        y = self._draw_grid(painter, grid_rect, answers=False) + self.mm(6)
        y = self._draw_words(painter, QRectF(rect.left() + self.mm(4), y, rect.width() - self.mm(8), rect.bottom() - y))
        y += self.mm(3)
        if p.bonus:
            y = self._note(painter, rect, y, f"Bonus: {len(p.bonus)} secret word(s) not in the list are hidden too.")
        if p.message:
            y = self._note(painter, rect, y, f"Hidden message: when every word is found, the first "
                                             f"{len(p.message)} unused letters, row by row, spell a message.")
        self._footer(painter, rect, f"Wordbler \u00b7 {p.n_cols}\u00d7{p.n_rows} \u00b7 {p.level} \u00b7 seed {p.seed}")

    def answer_page(self, painter: QPainter, rect: QRectF) -> None:
        p = self.p
        y = self._header(painter, rect, "Answer key")
        grid_rect = QRectF(rect.left(), y, rect.width(), rect.height() * 0.62)
        y = self._draw_grid(painter, grid_rect, answers=True) + self.mm(6)
        if p.message:
            y = self._note(painter, rect, y, f"Hidden message: {p.message_shown or p.message}")
        if p.bonus:
            y = self._note(painter, rect, y, "Bonus words (dashed): " +
                           ", ".join(cased(b.word, self.lower, p.lang) for b in p.bonus))
        if p.unplaced:
            self._note(painter, rect, y, "Could not be placed: " + ", ".join(p.shown(w) for w in p.unplaced))
        self._footer(painter, rect, f"Wordbler \u00b7 answer key \u00b7 seed {p.seed}")

    def _directions_text(self) -> str:
        return {"easy": "across and down", "medium": "across, down and diagonally down",
                "hard": "in all eight directions, backwards too"}.get(self.p.level, "in straight lines")


def render(puzzle: Puzzle, device, *, lower: bool = False, large: bool = False, new_page=None) -> None:
    """Paint both pages onto ``device`` (a QPdfWriter or QPrinter already set up)."""
    painter = QPainter()
    if not painter.begin(device):
        raise OSError("cannot start writing (is the file or printer writable?)")
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        layout = device.pageLayout()
        dpi = device.resolution()
        rect = QRectF(layout.paintRectPixels(dpi))
        rect.moveTo(0, 0)
        r = PageRenderer(puzzle, lower=lower, large=large, dpi=dpi)
        r.puzzle_page(painter, rect)
        (new_page or device.newPage)()
        r.answer_page(painter, rect)
    finally:
        painter.end()


def export_pdf(puzzle: Puzzle, path: str | os.PathLike[str], *, paper: str = "a4",
               lower: bool = False, large: bool = False) -> None:
    """Write the two-page PDF atomically (a temporary file, then ``os.replace``)."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise OSError(f"no folder {str(folder)!r}")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".pdf", dir=folder)
    os.close(fd)
    try:
        writer = QPdfWriter(tmp)
        writer.setResolution(300)
        writer.setTitle(puzzle.title or QCoreApplication.translate("wordsearch.printing", "Word Search"))
        writer.setCreator("Wordbler")
        writer.setPageLayout(QPageLayout(QPageSize(PAPERS[paper]), QPageLayout.Orientation.Portrait,
                                         QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter))
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
    """Print both pages on a configured ``QPrinter``."""
    render(puzzle, printer, lower=lower, large=large)
