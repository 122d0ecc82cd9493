"""From the positioned lines of a printed page to the text of its paragraphs.

A PDF knows where each line of glyphs sits, not which lines make a
paragraph.  What a reader sees, and what this module reads:

* **Page furniture.**  A line that comes back at the top or the bottom of
  most pages, once its digits are set aside (``17``, ``Page 3 of 19``, a
  running title), is not part of the text, nor is a lone page number.
* **Wrapped lines.**  A line continues on the next one when the next line's
  first word would not have fitted after it in its column: the line was
  broken because it was full.  A line that stops short ends its paragraph.
  A new list item or clause number always starts a paragraph.
* **Hyphens at the end of a line.**  ``proceeds to 4-`` / ``7-3-6`` and
  ``[Union-`` / ``Potara]`` are one token: the hyphen is kept and no space
  put in.  A soft hyphen (U+00AD) is a break the layout program made inside
  a word: it goes.  A hyphen between two lower-case word pieces goes only
  when the book prints the joined word elsewhere and never the hyphenated
  one.

The result has one paragraph per line and a blank line between pages'
columns no more than between paragraphs, which is what the layout
parsers read best.

>>> page = [Line("1-1-1. This game is a two player game. There are", 40, 277, 700, 708),
...         Line("no rules for more players.", 64, 150, 690, 698),
...         Line("1-1-2. A short one.", 40, 120, 680, 688)]
>>> paragraphs([page])
['1-1-1. This game is a two player game. There are no rules for more players.', '1-1-2. A short one.']
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

#: How much further than its column's right edge the next word may reach and still be a wrap (points).
WRAP_SLACK = 2.0
#: The share of a line's height by which a line may sit lower and still be the same line.
SAME_LINE = 0.5
#: How many lines at each end of a page are looked at for furniture.
EDGE_LINES = 3
#: A line is furniture when it comes back (digits aside) on at least this share of the pages.
FURNITURE_SHARE = 0.5

_PAGE_NUMBER = re.compile(
    r"(?:page\s*|p\.\s*|-\s*)?\d{1,4}(?:\s*(?:/|of)\s*\d{1,4})?(?:\s*-)?", re.IGNORECASE
)
#: What opens a new paragraph whatever the line before: a clause or list number, a bullet.
_OPENS = re.compile(
    r"(?:\d{1,9}(?:[-.]\d{1,9})*[a-z]?\.?(?=\s|[A-Z\u3000-\u9fff])|\d{1,9}(?:-\d{1,9})+(?=[A-Z])"
    r"|\d{1,4}/\d{1,2}/\d{2,4}|[-•‧・■◆●※>]|[\u2460-\u2473]|[(（]?\d{1,2}[)）]\s)"
)
_WIDE = re.compile("[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]")
_DIGITS = re.compile(r"\d+")
_SPACES = re.compile(r"[ \t\u00a0]+")
_LOWER_END = re.compile(r"([a-zà-ÿ]+)-$")
_LOWER_START = re.compile(r"^([a-zà-ÿ]+)")


@dataclass(frozen=True, slots=True)
class Line:
    """One printed line: its text and its box, in points, y growing upwards as PDF has it."""

    text: str
    left: float
    right: float
    bottom: float
    top: float

    @property
    def height(self) -> float:
        return max(self.top - self.bottom, 1.0)


def paragraphs(pages: list[list[Line]]) -> list[str]:
    """The paragraphs of ``pages`` (each a list of lines in reading order), furniture left out."""
    kept = strip_furniture(pages)
    words = _word_census(kept)
    found: list[str] = []
    previous: Line | None = None
    for lines in kept:
        for line in lines:
            text = _SPACES.sub(" ", line.text).strip()
            if not text:
                continue
            if found and previous is not None and _continues(previous, line, lines, text):
                found[-1] = _join(found[-1], text, words)
            else:
                found.append(text)
            previous = line
    return [paragraph.replace("\u00ad", "") for paragraph in found]


def strip_furniture(pages: list[list[Line]]) -> list[list[Line]]:
    """Each page without its running header, footer and page number."""
    if not pages:
        return pages
    seen: Counter[str] = Counter()
    for lines in pages:
        seen.update({_shape(line.text) for line in _edges(lines)})
    running = {
        shape for shape, count in seen.items() if len(pages) > 1 and count / len(pages) >= FURNITURE_SHARE
    }
    stripped = []
    for lines in pages:
        edges = {id(line) for line in _edges(lines)}
        stripped.append(
            [
                line
                for line in lines
                if id(line) not in edges
                or (_shape(line.text) not in running and not _PAGE_NUMBER.fullmatch(line.text.strip()))
            ]
        )
    return stripped


def _edges(lines: list[Line]) -> list[Line]:
    """The lines nearest the top and the bottom of the page, whatever order the file gives them in."""
    printed = [line for line in lines if line.text.strip()]
    by_height = sorted(printed, key=lambda line: -line.top)
    return [*by_height[:EDGE_LINES], *by_height[-EDGE_LINES:]]


def _shape(text: str) -> str:
    return _DIGITS.sub("#", _SPACES.sub(" ", text).strip().lower())


def _continues(previous: Line, line: Line, page: list[Line], text: str) -> bool:
    """Whether ``line`` carries on the paragraph that ``previous`` ended."""
    if previous.text.rstrip().endswith(("-", "\u00ad")) and not previous.text.rstrip().endswith(" -"):
        return True  # a broken token: whatever the next line starts with, it is the rest of it
    if _OPENS.match(text):
        return False
    column_right = _column_right(previous, page)
    first_word = text.split(" ", 1)[0]
    if _WIDE.search(first_word):  # Chinese and Japanese wrap anywhere: the next character is what must fit
        first_word = first_word[0]
    room = column_right - previous.right
    return _width_of(first_word, previous) + WRAP_SLACK >= room


def _column_right(line: Line, lines: list[Line]) -> float:
    """The right edge of the column ``line`` is in: the furthest any overlapping line reaches."""
    return max(
        (other.right for other in lines if other.left < line.right and line.left < other.right),
        default=line.right,
    )


def _width_of(word: str, line: Line) -> float:
    """The width ``word`` would take in ``line``'s type, from that line's own average glyph width."""
    glyphs = max(len(line.text.rstrip()), 1)
    return (line.right - line.left) / glyphs * (len(word) + 1)


def _join(paragraph: str, text: str, words: set[str]) -> str:
    if paragraph.endswith("\u00ad"):
        return paragraph[:-1] + text
    if paragraph.endswith("-") and not paragraph.endswith(" -"):
        end, start = _LOWER_END.search(paragraph), _LOWER_START.match(text)
        if end and start:
            joined = (end[1] + start[1]).lower()
            hyphenated = f"{end[1]}-{start[1]}".lower()
            if joined in words and hyphenated not in words:
                return paragraph[:-1] + text
        return paragraph + text
    return f"{paragraph} {text}"


def _word_census(pages: list[list[Line]]) -> set[str]:
    """Every word and hyphenated word the book prints inside a line (lower-cased)."""
    found: set[str] = set()
    for lines in pages:
        for line in lines:
            found.update(word.lower() for word in re.findall(r"[^\W\d_]+(?:-[^\W\d_]+)*", line.text))
    return found
