"""The text of a PDF rulebook, read with PDFium (through pypdfium2).

Why PDFium: on the publisher's own PDFs (dbscg 1.070 and 1.071, two
columns, justified, hanging indents) it gives the lines in reading order
with their boxes, which is what telling a wrapped line from the end of a
paragraph needs, 15 times faster than pypdf and with the same words; the
measurements are in the README.  PyMuPDF would do as well but is AGPL.

PDFium reads each page's text in the file's order, line by line, with the
box of every glyph; :mod:`corpus.formats.pagelines` makes paragraphs of
those lines.

A PDF that asks for a password, one with no text on any page (a scan),
and a file that is not a PDF PDFium can open are each refused in one line
that says what to do instead.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium

from corpus.errors import ArbiterError
from corpus.formats.pagelines import Line, paragraphs

#: What PDFium puts for a hyphen that ends a line after a letter, joining the two lines.
_HYPHENATION = "\ufffe"
#: The most pages read: a rulebook has tens, a hostile file could claim millions.
MAX_PAGES = 2000


def pdf_text(data: bytes, path: Path) -> str:
    """The paragraphs of the PDF ``data`` (read from ``path``), one per line."""
    try:
        document = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as error:
        raise ArbiterError(_unreadable(path, str(error)), "file") from None
    try:
        if len(document) > MAX_PAGES:
            raise ArbiterError(f"{path} has {len(document)} pages: the limit is {MAX_PAGES}", "file")
        pages = [_lines(document[index]) for index in range(len(document))]
    finally:
        document.close()
    if not any(line.text.strip() for lines in pages for line in lines):
        raise ArbiterError(
            f"{path} has no text layer (a scanned PDF?): run it through OCR (e.g. ocrmypdf) and ingest the result",
            "file",
        )
    return "\n".join(paragraphs(pages)) + "\n"


def _unreadable(path: Path, why: str) -> str:
    if "password" in why.lower():
        return f"{path} is an encrypted PDF that asks for a password; save a copy without the password and ingest that"
    return f"{path} is not a PDF Arbiter can read ({why.strip()})"


def _lines(page: pdfium.PdfPage) -> list[Line]:
    """The page's lines as PDFium reads them (in the file's order), each with the box of its glyphs."""
    textpage = page.get_textpage()
    try:
        text = textpage.get_text_range()
        count = textpage.count_chars()
        lines: list[Line] = []
        for start, end in _line_spans(text):
            boxes = [textpage.get_charbox(i) for i in range(start, min(end, count)) if not text[i].isspace()]
            if boxes:
                lines.append(
                    Line(
                        text[start:end].replace(_HYPHENATION, "-"),
                        min(box[0] for box in boxes),
                        max(box[2] for box in boxes),
                        min(box[1] for box in boxes),
                        max(box[3] for box in boxes),
                    )
                )
        return lines
    finally:
        textpage.close()
        page.close()


def _line_spans(text: str) -> list[tuple[int, int]]:
    """``[start, end)`` of each printed line of a page's text.

    PDFium ends a line with CR LF, except where a line ends with a hyphen
    after a letter: that it joins to the next line as U+FFFE.  Whether the
    hyphen belongs to the word is :mod:`~corpus.formats.pagelines`' call, so
    the line is given back as printed, hyphen and all.

    >>> _line_spans("ab\\r\\ncd[Xeno\\ufffeEvolve]")
    [(0, 2), (4, 12), (12, 19)]
    """
    spans: list[tuple[int, int]] = []
    start = 0
    for index, char in enumerate(text):
        if char == "\r" and text[index + 1 : index + 2] == "\n":
            spans.append((start, index))
            start = index + 2
        elif char == _HYPHENATION:
            spans.append((start, index + 1))
            start = index + 1
    spans.append((start, len(text)))
    return [(begin, end) for begin, end in spans if end > begin]
