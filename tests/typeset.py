"""Typeset a rulebook text as a publisher's PDF, with PDFium, for tests that must not need the real PDFs.

The page is laid out the way the dbscg manuals are: A4, two columns, each
paragraph starting at the column's edge and wrapping with a hanging indent,
a running title at the top of every page and its number at the bottom
(written into the file first, as the real ones do).  A word that does not
fit goes to the next line; a token too long for what is left of a line is
broken after one of its hyphens when a piece fits (``4-`` / ``7-3-6``), as
word processors do.  Helvetica is one of the fonts every PDF reader has,
so nothing is embedded and the files stay a few kilobytes a page.
"""

from __future__ import annotations

import ctypes
import io
import re
from dataclasses import dataclass, field

import pypdfium2 as pdfium
import pypdfium2.raw as raw

PAGE_WIDTH, PAGE_HEIGHT = 595.0, 842.0
COLUMNS = ((40.0, 285.0), (310.0, 555.0))
TOP, BOTTOM = 790.0, 60.0
SIZE, LEADING, INDENT = 9.0, 11.5, 12.0
RUNNING_TITLE = "DRAGON BALL SUPER CARD GAME OFFICIAL RULE MANUAL"


#: Characters of the bundled texts that Helvetica's WinAnsi encoding lacks, and what stands in for them.
STAND_INS = str.maketrans({"《": "«", "》": "»", "・": "·", "。": ".", "ｓ": "s", "①": "(1)"})


def helvetica_safe(text: str) -> str:
    """``text`` with :data:`STAND_INS` put in, so that every character can be typeset and read back.

    >>> helvetica_safe("Treat 《Universe 7》 as one。")
    'Treat «Universe 7» as one.'
    """
    safe = text.translate(STAND_INS)
    safe.encode("cp1252")  # anything else left would come back as a different character
    return safe


@dataclass
class Typeset:
    """The PDF's bytes and what the layout did, so a test can check that the hard cases occurred."""

    data: bytes
    pages: int = 0
    hyphen_breaks: list[str] = field(default_factory=list)  # the token pieces that ended a line


class _Writer:
    def __init__(self) -> None:
        self.pdf = pdfium.PdfDocument.new()
        self.font = raw.FPDFText_LoadStandardFont(self.pdf.raw, b"Helvetica")
        self.widths: dict[str, float] = {}
        self.page: pdfium.PdfPage | None = None
        self.result = Typeset(b"")

    def width(self, text: str) -> float:
        if text not in self.widths:
            obj = self._text(text, 0.0, 0.0)
            left, bottom, right, top = (ctypes.c_float() for _ in range(4))
            raw.FPDFPageObj_GetBounds(obj, left, bottom, right, top)
            raw.FPDFPageObj_Destroy(obj)
            self.widths[text] = right.value - left.value
        return self.widths[text]

    def _text(self, text: str, x: float, y: float) -> ctypes.c_void_p:
        obj = raw.FPDFPageObj_CreateTextObj(self.pdf.raw, self.font, ctypes.c_float(SIZE))
        buffer = (text + "\0").encode("utf-16-le")
        raw.FPDFText_SetText(obj, ctypes.cast(ctypes.c_char_p(buffer), raw.FPDF_WIDESTRING))
        raw.FPDFPageObj_Transform(obj, 1, 0, 0, 1, x, y)
        return obj

    def put(self, text: str, x: float, y: float) -> None:
        assert self.page is not None
        raw.FPDFPage_InsertObject(self.page.raw, self._text(text, x, y))

    def new_page(self) -> None:
        self.finish_page()
        self.page = self.pdf.new_page(PAGE_WIDTH, PAGE_HEIGHT)
        self.result.pages += 1
        number = str(self.result.pages)
        self.put(number, (PAGE_WIDTH - self.width(number)) / 2, 30.0)
        self.put(RUNNING_TITLE, 40.0, 815.0)

    def finish_page(self) -> None:
        if self.page is not None:
            raw.FPDFPage_GenerateContent(self.page.raw)

    def save(self) -> Typeset:
        self.finish_page()
        buffer = io.BytesIO()
        self.pdf.save(buffer)
        self.result.data = buffer.getvalue()
        return self.result


def typeset(paragraphs: list[str]) -> Typeset:
    """A two-column PDF of ``paragraphs``, one after the other (see :func:`helvetica_safe`)."""
    writer = _Writer()
    writer.new_page()
    column, y = 0, TOP
    for paragraph in paragraphs:
        for indent, line in _wrap(writer, paragraph):
            if y < BOTTOM:
                column, y = column + 1, TOP
                if column == len(COLUMNS):
                    writer.new_page()
                    column = 0
            writer.put(line, COLUMNS[column][0] + indent, y)
            y -= LEADING
        y -= LEADING / 3
    return writer.save()


def _wrap(writer: _Writer, paragraph: str) -> list[tuple[float, str]]:
    """The lines of ``paragraph`` and their indents: words that fit, hanging indent after the first."""
    lines: list[tuple[float, str]] = []
    indent, line = 0.0, ""
    for word in paragraph.split():
        while True:
            room = COLUMNS[0][1] - COLUMNS[0][0] - indent
            candidate = f"{line} {word}" if line else word
            if writer.width(candidate) <= room:
                line = candidate
                break
            head, rest = _hyphen_split(writer, line, word, room)
            if head:
                line = f"{line} {head}" if line else head
                writer.result.hyphen_breaks.append(head)
                word = rest
            if not line:  # a word wider than the column: it gets a line of its own
                line = word
                break
            lines.append((indent, line))
            indent, line = INDENT, ""
    if line:
        lines.append((indent, line))
    return lines


def _hyphen_split(writer: _Writer, line: str, word: str, room: float) -> tuple[str, str]:
    """The longest piece of ``word`` up to one of its hyphens that fits after ``line``, and the rest."""
    for match in reversed(list(re.finditer(r"(?<=\w)-(?=\w)", word))):
        head = word[: match.end()]
        if writer.width(f"{line} {head}" if line else head) <= room:
            return head, word[match.end() :]
    return "", word
