"""The text of a saved web page, read with Python's HTML parser (``html.parser``), never with patterns.

What a page holds for a reader becomes text the layout parsers know:

* **Headings** ``<h1>`` … ``<h6>`` become ``#`` … ``######`` lines, each a
  paragraph of its own: the heading layout takes their level from the
  ``#``s (:mod:`corpus.parsers.headings`), and a numbered heading
  (``### 101. 游戏概述``) is the sections layout's own shape.
* **Blocks** (paragraphs, list items, table rows, ``<div>`` …) are
  paragraphs separated by a blank line; a list item starts ``- ``; a
  ``<br>`` is a line break inside its paragraph.  Spaces and line breaks
  in the source collapse as a browser collapses them, except in ``<pre>``.
* **Not text**: scripts, styles and templates; where the page marks its
  main content (``<main>``), only that; elsewhere the site's ``<nav>``,
  ``<header>``, ``<footer>`` and ``<aside>``.

>>> print(html_text('''<html><head><title>x</title><script>var a = "<p>";</script></head>
... <body><nav><a href="/">Home</a></nav><h1>Rule manual</h1><h2>Victory</h2>
... <p>A player   wins
... when <b>the opponent</b> has no life.<br>See also below.</p>
... <ul><li>one</li><li>two</li></ul></body></html>''', Path("page.html")))
# Rule manual
<BLANKLINE>
## Victory
<BLANKLINE>
A player wins when the opponent has no life.
See also below.
<BLANKLINE>
- one
<BLANKLINE>
- two
<BLANKLINE>
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from corpus.errors import ArbiterError

_HEADINGS = {f"h{level}": level for level in range(1, 7)}
_BLOCKS = frozenset(
    "address article blockquote caption dd details div dl dt figcaption figure form hr li main ol p pre "
    "section summary table tbody tfoot thead tr ul".split()
) | frozenset(_HEADINGS)
_NEVER_TEXT = frozenset("script style template noscript svg math iframe object head".split())
_SITE_PARTS = frozenset("nav header footer aside".split())
_VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())
_SPACES = re.compile(r"[ \t\r\n\f\u00a0]+")
#: Deeper nesting than this is not a rulebook page; refusing it keeps the parse bounded.
MAX_DEPTH = 512


def html_text(page: str, path: Path) -> str:
    """The text of the web page ``page`` (read from ``path``), one paragraph after another."""
    reader = _Reader()
    reader.feed(page)
    reader.close()
    if reader.too_deep:
        raise ArbiterError(
            f"{path} nests its elements more than {MAX_DEPTH} deep: not a rulebook page", "file"
        )
    events = reader.main_events if reader.main_events is not None else reader.events
    return _render(events, skip_site_parts=reader.main_events is None)


class _Reader(HTMLParser):
    """Collects the page as a flat list of events: ("start", tag), ("end", tag), ("text", data)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.events: list[tuple[str, str]] = []
        self.main_events: list[tuple[str, str]] | None = None
        self._main_from: int | None = None
        self._open: list[str] = []
        self.too_deep = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "main" and self._main_from is None and self.main_events is None:
            self._main_from = len(self.events)
        self.events.append(("start", tag))
        if tag in _VOID:
            self.events.append(("end", tag))
        elif len(self._open) < MAX_DEPTH:
            self._open.append(tag)
        else:
            self.too_deep = True

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.events.extend((("start", tag), ("end", tag)))

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID or tag not in self._open:  # a stray end tag closes nothing
            return
        while True:  # what a browser closes with it (an unclosed <p> inside a <div>)
            closed = self._open.pop()
            self.events.append(("end", closed))
            if closed == tag:
                break
        if tag == "main" and self._main_from is not None and self.main_events is None:
            self.main_events = self.events[self._main_from :]
            self._main_from = None

    def handle_data(self, data: str) -> None:
        self.events.append(("text", data))


def _render(events: list[tuple[str, str]], skip_site_parts: bool) -> str:
    paragraphs: list[str] = []
    current: list[str] = []
    hidden = 0  # depth inside elements that are not text
    stack: list[str] = []
    preformatted = 0

    def finish() -> None:
        text = "".join(current)
        lines = [line.strip() for line in text.split("\n")] if not preformatted else text.split("\n")
        joined = "\n".join(line for line in lines if line.strip())
        if joined:
            paragraphs.append(joined)
        current.clear()

    for kind, value in events:
        if kind == "start":
            stack.append(value)
            if value in _NEVER_TEXT or (skip_site_parts and value in _SITE_PARTS):
                hidden += 1
                continue
            if hidden:
                continue
            if value == "br":
                current.append("\n")
            elif value in _BLOCKS:
                finish()
                if value in _HEADINGS:
                    current.append("#" * _HEADINGS[value] + " ")
                elif value == "li":
                    current.append("- ")
                elif value == "pre":
                    preformatted += 1
        elif kind == "end":
            tag = stack.pop()
            if tag in _NEVER_TEXT or (skip_site_parts and tag in _SITE_PARTS):
                hidden -= 1
            elif not hidden and tag in _BLOCKS:
                finish()
                if tag == "pre":
                    preformatted -= 1
            elif not hidden and tag in ("td", "th"):
                current.append(" ")
        elif not hidden:
            current.append(value if preformatted else _SPACES.sub(" ", value))
    finish()
    return "\n\n".join(paragraphs) + "\n"
