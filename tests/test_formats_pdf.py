"""PDF rulebooks: the text that comes out of them parses into the same clauses as the text editions.

Two kinds of evidence.  The project's own: the bundled dbscg 1.070 text,
typeset as a two-column PDF with a running title and page numbers
(:mod:`tests.typeset`), must read back clause for clause.  The publisher's:
the official PDFs of 1.070 and 1.071 in ``../shared/rulebooks/dbscg/`` must
give the clause ids of their text editions in the same order, with at least
99 % of the clauses word for word the same, and the ones that are not are
exactly those the README lists (the PDFs and the text editions differ
there).  That second test needs the shared folder, which CI has beside the
clone; without it, it says so and is skipped.
"""

from __future__ import annotations

import difflib
import gzip
import io
import os
import struct
import unicodedata
import zipfile
import zlib
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from corpus.errors import ArbiterError
from corpus.formats.pagelines import Line, paragraphs
from corpus.formats.pdf import pdf_text
from corpus.library import book_info
from corpus.manifest import bundled_manifest
from corpus.model import BookInfo, Clause, Script
from corpus.parsers import get_parser
from corpus.titlepage import printed_date, printed_title
from tests.typeset import helvetica_safe, typeset
from webapp.cli import main

BUNDLED = bundled_manifest().root / "dbscg"
#: ``../shared`` beside the clone, as CI lays it out; ``ARBITER_SHARED`` names another place for it.
SHARED = (
    Path(os.environ.get("ARBITER_SHARED", Path(__file__).resolve().parents[2] / "shared"))
    / "rulebooks"
    / "dbscg"
)
#: Clauses whose text the publisher's PDF prints differently from its text edition (see the README).
PDF_DIFFERS = {
    "1.070": {"10-12-1", "10-31-1"},
    "1.071": {"10-12-1"},
}
#: Clause ids of a text edition that its PDF does not print (see the README).
PDF_LACKS = {"1.070": ["11"], "1.071": []}


def _clauses(text: str, version: str) -> tuple[Clause, ...]:
    info = BookInfo("dbscg", "t", version, "", "en", Script.LATN, "dbscg.pdf", "dashed")
    return get_parser("dashed")(text, info).clauses


def _normalised(clause: Clause) -> str:
    text = unicodedata.normalize("NFKC", f"{clause.title or ''} {clause.text}")
    return " ".join(text.replace("’", "'").split())


def _typeset_edition() -> tuple[str, bytes, list[str]]:
    text = helvetica_safe((BUNDLED / "dbscg-1.070-en.txt").read_text(encoding="utf-8"))
    done = typeset([line for line in text.splitlines() if line.strip()])
    return text, done.data, done.hyphen_breaks


def test_a_typeset_rulebook_reads_back_clause_for_clause():
    text, data, hyphen_breaks = _typeset_edition()
    assert any(piece[-2].isdigit() for piece in hyphen_breaks)  # ``4-`` / ``7-3-6`` occurred
    assert any(piece[-2].isalpha() for piece in hyphen_breaks)  # ``[Union-`` / ``Potara]`` too
    extracted = pdf_text(data, Path("typeset.pdf"))
    assert "OFFICIAL RULE MANUAL\n" not in extracted.split("Table of Contents", 1)[1]  # running title gone
    expected, found = _clauses(text, "1.070"), _clauses(extracted, "1.070")
    assert [c.id for c in found] == [c.id for c in expected]
    differing = [c.id for c, d in zip(expected, found, strict=True) if _normalised(c) != _normalised(d)]
    assert differing == []
    assert printed_date(extracted) == "2018-11-02"
    assert printed_title(extracted) == "DRAGON BALL SUPER CARD GAME OFFICIAL RULE MANUAL"


@pytest.mark.skipif(
    not SHARED.is_dir(),
    reason=f"the publisher's PDFs are not here ({SHARED} is absent): CI has ../shared beside the clone",
)
@pytest.mark.parametrize("version", ["1.070", "1.071"])
def test_the_publishers_pdf_gives_the_clauses_of_its_text_edition(version):
    pdf = SHARED / f"dbscg-{version}-en.pdf"
    text_edition = _clauses((SHARED / f"dbscg-{version}-en.txt").read_text(encoding="utf-8"), version)
    from_pdf = _clauses(pdf_text(pdf.read_bytes(), pdf), version)
    assert [c.id for c in from_pdf] == [c.id for c in text_edition if c.id not in PDF_LACKS[version]]
    by_id = {c.id: c for c in from_pdf}
    same = {c.id for c in text_edition if c.id in by_id and _normalised(c) == _normalised(by_id[c.id])}
    assert len(same) >= 0.99 * len(text_edition)
    differing = {c.id for c in from_pdf} - same
    assert differing == PDF_DIFFERS[version]
    for clause_id in differing:  # a word or two, not a clause run into the next
        ratio = difflib.SequenceMatcher(
            None,
            _normalised(by_id[clause_id]),
            _normalised(next(c for c in text_edition if c.id == clause_id)),
        ).ratio()
        assert ratio > 0.98, clause_id


# -- lines to paragraphs ---------------------------------------------------------------------------------


def _page(*rows: tuple[str, float, float]) -> list[Line]:
    """Lines from the top of a page down, each (text, left, right)."""
    return [
        Line(text, left, right, 700.0 - 12 * n, 708.0 - 12 * n) for n, (text, left, right) in enumerate(rows)
    ]


def test_a_hyphen_that_ends_a_line_stays_and_joins_without_a_space():
    page = _page(
        ("1-1. The master proceeds to 4-", 40, 280),
        ("7-3-6 or plays the non-", 52, 280),
        ("turn player's [Union-", 52, 280),
        ("Potara] card.", 52, 120),
    )
    assert paragraphs([page]) == [
        "1-1. The master proceeds to 4-7-3-6 or plays the non-turn player's [Union-Potara] card."
    ]


def test_a_word_the_layout_broke_loses_its_hyphen_when_the_book_prints_it_whole():
    page = _page(
        ("1-1. An international rule and an inter-", 40, 280),
        ("national one; a soft hyph\u00ad", 52, 280),
        ("en goes.", 52, 100),
    )
    assert paragraphs([page]) == ["1-1. An international rule and an international one; a soft hyphen goes."]


def test_a_short_line_ends_its_paragraph_and_a_full_one_wraps():
    page = _page(
        ("[Dragon Ball] lets you include as many cards as", 40, 280),
        ("you like.", 52, 90),
        ("Other", 40, 65),
        ("10-32. Infinite Loop", 40, 120),
    )
    assert paragraphs([page]) == [
        "[Dragon Ball] lets you include as many cards as you like.",
        "Other",
        "10-32. Infinite Loop",
    ]


WORDS = "attack block charge draw energy life play rest".split()


def test_running_titles_and_page_numbers_are_left_out():
    body = [[f"{page}-{n}. {WORDS[page]} then {WORDS[n]}." for n in range(8)] for page in range(4)]
    pages = [
        [
            Line(str(number + 1), 290, 300, 30, 38),
            Line("RULE MANUAL ver. 1.0", 40, 200, 815, 823),
            *(Line(text, 40, 120, 700 - 12 * n, 708 - 12 * n) for n, text in enumerate(lines)),
        ]
        for number, lines in enumerate(body)
    ]
    assert paragraphs(pages) == [text for lines in body for text in lines]


# -- what is refused ----------------------------------------------------------------------------------------


def _encrypted(data: bytes) -> bytes:
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(data)))
    writer.encrypt(user_password="judge", owner_password="publisher", algorithm="RC4-128")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _page_picture(data: bytes) -> bytes:
    """The first page as a PNG image (what a phone's screenshot of the rulebook is), written with
    zlib as the PNG format says: 8-bit RGB rows, each after a filter byte of 0."""
    bitmap = pdfium.PdfDocument(data)[0].render(scale=0.5, rev_byteorder=True)  # RGB, not BGR
    assert bitmap.n_channels == 3
    width, height, stride, pixels = bitmap.width, bitmap.height, bitmap.stride, bytes(bitmap.buffer)
    rows = b"".join(b"\x00" + pixels[row * stride : row * stride + 3 * width] for row in range(height))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def _word_document(_pdf: bytes) -> bytes:
    """The bundled text inside a ZIP, as a word processor's .docx keeps its document."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("word/document.xml", (BUNDLED / "dbscg-1.070-en.txt").read_text(encoding="utf-8"))
    return out.getvalue()


def _scanned(data: bytes) -> bytes:
    """The first page as a picture of itself, with no text layer: what a scanner makes."""
    source = pdfium.PdfDocument(data)
    bitmap = source[0].render(scale=1)
    scan = pdfium.PdfDocument.new()
    page = scan.new_page(*source[0].get_size())
    image = pdfium.PdfImage.new(scan)
    image.set_bitmap(bitmap)
    image.set_matrix(pdfium.PdfMatrix().scale(*source[0].get_size()))
    page.insert_obj(image)
    page.gen_content()
    out = io.BytesIO()
    scan.save(out)
    return out.getvalue()


REFUSED = {
    "picture.pdf": (_page_picture, "is a PNG image, not a rulebook"),
    "rules.docx": (_word_document, "is a ZIP archive (a .docx, .epub or .zip?), not a rulebook"),
    "rules.txt": (
        lambda pdf: gzip.compress((BUNDLED / "dbscg-1.070-en.txt").read_bytes()),
        "is a gzip archive",
    ),
    "notes.bin": (lambda pdf: bytes(range(256)) * 4, "is binary data, not a rulebook"),
    "locked.pdf": (_encrypted, "is an encrypted PDF that asks for a password"),
    "scan.pdf": (_scanned, "has no text layer (a scanned PDF?)"),
    "cut.pdf": (lambda pdf: pdf[: len(pdf) // 3], "is not a PDF Arbiter can read"),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_file_that_is_no_readable_rulebook_gets_one_line_and_status_2(tmp_path, name):
    make, message = REFUSED[name]
    path = tmp_path / name
    path.write_bytes(make(_typeset_edition()[1]))
    result = CliRunner().invoke(main, ["ingest", str(path), "--game", "dbscg", "--version", "9.9"])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("arbiter: ") and message in lines[0], result.stderr
    assert str(path) in lines[0]


def test_the_encrypted_pdf_is_refused_for_its_password_not_its_content():
    """The same file without the password is read: the refusal above is about the lock."""
    data = _typeset_edition()[1]
    with pytest.raises(ArbiterError, match="asks for a password"):
        pdf_text(_encrypted(data), Path("locked.pdf"))
    assert "1-1-1. This game is a 2-player" in pdf_text(data, Path("open.pdf"))


def test_arbiter_ingest_takes_a_pdf_and_reads_its_date(tmp_path, monkeypatch):
    monkeypatch.setenv("ARBITER_HOME", str(tmp_path / "home"))  # a dbscg version of its own, not every test's
    path = tmp_path / "dbscg-1.070.pdf"
    path.write_bytes(_typeset_edition()[1])
    result = CliRunner().invoke(
        main, ["ingest", str(path), "--game", "dbscg", "--version", "1.070-pdf", "--json"]
    )
    assert result.exit_code == 0, result.output
    shown = CliRunner().invoke(main, ["show", "dbscg", "4-7-3-2", "--version", "1.070-pdf", "--json"])
    assert "proceeds to 4-7-3-6 or chooses" in shown.stdout
    assert book_info("dbscg", "1.070-pdf").date == "2018-11-02"
