"""Rulebooks as publishers ship them: a PDF, a saved web page, or plain text, each made text.

What a file is comes from its first bytes, not its name (a PDF saved as
``rules.txt`` is still a PDF), except that a page saved as ``.html``/``.htm``
is read as HTML even when it opens with neither a doctype nor ``<html>``.
Whatever it was, ingest stores and parses the text that comes out, so the
layout detection and repairs are the same for every format.

>>> kind_of(b"%PDF-1.6\\n...", Path("rules.txt"))
'pdf'
>>> kind_of(b"\\xef\\xbb\\xbf<!DOCTYPE html><html>", Path("manual"))
'html'
>>> kind_of("規則".encode(), Path("rules.txt"))
'text'
>>> kind_of(b"\\x89PNG\\r\\n\\x1a\\n\\x00\\x00", Path("rules.txt"))
'a PNG image'
"""

from __future__ import annotations

from pathlib import Path

from corpus.errors import ArbiterError

_SNIFF = 1024
#: Signatures of binary files people mistake for a rulebook, with what to call them.
_SIGNATURES = (
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
    (b"PK\x03\x04", "a ZIP archive (a .docx, .epub or .zip?)"),
    (b"\xd0\xcf\x11\xe0", "an old Microsoft Office document"),
    (b"\x1f\x8b", "a gzip archive"),
    (b"Rar!", "a RAR archive"),
    (b"7z\xbc\xaf", "a 7-Zip archive"),
    (b"\x7fELF", "a program"),
    (b"MZ", "a Windows program"),
)
_UTF16 = (b"\xff\xfe", b"\xfe\xff")
_HTML_SUFFIXES = (".html", ".htm", ".xhtml")
_HTML_STARTS = (b"<!doctype html", b"<html")


def kind_of(data: bytes, path: Path) -> str:
    """``pdf``, ``html`` or ``text``; for anything else, what the file seems to be."""
    head = data[:_SNIFF]
    if b"%PDF-" in head:  # the header may follow some junk, as readers allow
        return "pdf"
    for signature, name in _SIGNATURES:
        if head.startswith(signature):
            return name
    if head.startswith(_UTF16):
        return "text"  # refused with the UTF-8 message, which says what to do
    start = head.lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if path.suffix.lower() in _HTML_SUFFIXES or start.startswith(_HTML_STARTS):
        return "html"
    if b"\x00" in head:
        return "binary data"
    return "text"


def rulebook_text(data: bytes, path: Path) -> str:
    """The text of the rulebook file ``data`` read from ``path``, or one clear line saying why not."""
    kind = kind_of(data, path)
    if kind == "pdf":
        from corpus.formats.pdf import pdf_text

        text = pdf_text(data, path)
    elif kind == "html":
        from corpus.formats.html import html_text

        text = html_text(_decoded(data, path), path)
    elif kind == "text":
        text = _decoded(data, path)
    else:
        raise ArbiterError(
            f"{path} is {kind}, not a rulebook: give a PDF, a saved web page (.html) or UTF-8 text", "file"
        )
    if not text.strip():
        raise ArbiterError(f"{path} is empty", "file")
    return text


def _decoded(data: bytes, path: Path) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ArbiterError(
            f"{path} is not UTF-8 text (byte {error.start}); save it as UTF-8 and try again", "file"
        ) from None
