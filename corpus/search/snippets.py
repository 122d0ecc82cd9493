"""Snippets: the part of a clause that matched, in the book's own script.

Matching is done on folded text (see :mod:`corpus.search.folding`), whose
offsets are those of the original, so a Simplified query highlights
Traditional text.  A snippet is plain text plus highlight spans — offsets
``[start, end)`` into that text — never markup: the command line shows
them as «…», the web app wraps them in ``<mark>`` after escaping the text
(:meth:`Snippet.html`).

>>> h = Highlighter(["胜利条件", "players"])
>>> s = h.snippet("當兩名玩家中的任一玩家滿足以下勝利條件時")
>>> s.marked()
'當兩名玩家中的任一玩家滿足以下«勝利條件»時'
>>> Highlighter(["player"]).snippet("The Players draw.").marked()
'The «Players» draw.'
>>> Snippet("a<b", ((0, 1),)).html()
'<mark>a</mark>&lt;b'
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from corpus.search.analysis import HAN_CLASS, NUMBER_PATTERN, bigrams, english_term, han_runs
from corpus.search.folding import fold

#: Snippet length in characters: Chinese says more per character than English.
CJK_WIDTH, LATIN_WIDTH = 100, 220
ELLIPSIS = "…"
_LATIN_WORD = re.compile(r"[a-z0-9]+(?:['’][a-z]+)?")
_NUMBER = re.compile(NUMBER_PATTERN)
_ASCII_LETTER = re.compile(r"[A-Za-z]")
_HAN_RUN = re.compile(f"[{HAN_CLASS}]+")


@dataclass(frozen=True, slots=True)
class Snippet:
    text: str
    highlights: tuple[tuple[int, int], ...]  # [start, end) offsets into ``text``

    def marked(self, start: str = "«", end: str = "»") -> str:
        """The text with each highlight between ``start`` and ``end``."""
        return self._render(start, end, lambda s: s)

    def html(self) -> str:
        """Escaped HTML with ``<mark>`` around each highlight."""
        return self._render("<mark>", "</mark>", html.escape)

    def _render(self, start: str, end: str, escape: Callable[[str], str]) -> str:
        out, last = [], 0
        for a, b in self.highlights:
            out += [escape(self.text[last:a]), start, escape(self.text[a:b]), end]
            last = b
        out.append(escape(self.text[last:]))
        return "".join(out)

    def as_dict(self) -> dict[str, Any]:
        return {"text": self.text, "highlights": [list(span) for span in self.highlights]}


class Highlighter:
    """Finds what a query's words (and synonyms) match in a clause text.

    At each character the longest pattern that starts there is marked: a clause number's, else
    a character bigram of the query's Chinese, else a single character that is a whole run of
    it.  The bigrams and characters are looked up in sets, run by run of Chinese (a search
    widened to a stem's glosses has thousands: as one regular expression each position would
    try them all); the numbers, which start with a digit, are one expression.
    """

    def __init__(self, texts: Iterable[str], stems: Iterable[str] = ()):
        """``texts`` as typed (or a synonym's); ``stems``: English words already stemmed."""
        grams: set[str] = set()
        numbers: set[str] = set()
        self._stems: set[str] = set(stems)
        for text in texts:
            found_grams, found_numbers, found_stems = _pieces(text)
            grams.update(found_grams)
            numbers.update(found_numbers)
            self._stems.update(found_stems)
        self._pairs = frozenset(g for g in grams if len(g) == 2)
        self._singles = frozenset(g for g in grams if len(g) == 1)
        ordered = sorted(numbers, key=len, reverse=True)
        self._numbers = re.compile(f"(?=({'|'.join(ordered)}))") if ordered else None

    def spans(self, text: str) -> list[tuple[int, int]]:
        """Merged ``[start, end)`` spans of ``text`` that match the query."""
        folded = fold(text)
        found = (
            [(m.start(), m.start() + len(m.group(1))) for m in self._numbers.finditer(folded)]
            if self._numbers
            else []
        )
        if self._pairs or self._singles:
            pairs, singles = self._pairs, self._singles
            for run in _HAN_RUN.finditer(folded):
                chars, base = run.group(), run.start()
                for i, char in enumerate(chars):
                    if chars[i : i + 2] in pairs:
                        found.append((base + i, base + i + 2))
                    elif char in singles:
                        found.append((base + i, base + i + 1))
        if self._stems:  # an English word matches by its stem: "victory" is what "victories" finds
            found += [
                (m.start(), m.end())
                for m in _LATIN_WORD.finditer(folded)
                if english_term(m.group()) in self._stems
            ]
        merged: list[list[int]] = []
        for start, end in sorted(found):
            if merged and start <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], end)
            else:
                merged.append([start, end])
        return [(a, b) for a, b in merged]

    def snippet(self, text: str) -> Snippet:
        """The best window of ``text`` (all of it when short), with its highlights."""
        text = text.replace("\n", " ")
        spans = self.spans(text)
        width = LATIN_WIDTH if len(_ASCII_LETTER.findall(text)) > len(text) / 2 else CJK_WIDTH
        if len(text) <= width:
            return Snippet(text, tuple(spans))
        start = _best_start(spans, width, len(text))
        end = min(len(text), start + width)
        prefix = ELLIPSIS if start > 0 else ""
        suffix = ELLIPSIS if end < len(text) else ""
        shift = len(prefix) - start
        inside = tuple(
            (max(a, start) + shift, min(b, end) + shift) for a, b in spans if a < end and b > start
        )
        return Snippet(prefix + text[start:end] + suffix, inside)


@lru_cache(maxsize=256)
def highlighter(texts: tuple[str, ...], stems: tuple[str, ...] = ()) -> Highlighter:
    """A :class:`Highlighter`, the same one for the same words (it is not changed once made): a
    search over every game highlights each game's hits with the same words but for its synonyms,
    and a query paged through or asked again highlights with the same words."""
    return Highlighter(texts, stems)


@lru_cache(maxsize=65_536)
def _pieces(text: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """What one word highlights by: the bigrams of its Chinese (a one-character run as itself),
    the patterns of its clause numbers, and its English stems.  Remembered: a search over every
    game makes a highlighter per game from the same words, and the words a search widens to (a
    stem's glosses) are hundreds."""
    folded = fold(text)
    grams = tuple(g for run in han_runs(folded) for g in bigrams(run))
    numbers = []
    for number in _NUMBER.findall(folded):
        parts = re.split(r"[.\-]", number)
        numbers.append(r"(?<![0-9.\-])" + r"[.\-]".join(map(re.escape, parts)) + r"(?![0-9])")
    stems = tuple(filter(None, map(english_term, _LATIN_WORD.findall(_NUMBER.sub(" ", folded)))))
    return grams, tuple(numbers), stems


def _best_start(spans: list[tuple[int, int]], width: int, length: int) -> int:
    """Start of the window covering the most highlighted characters, with some lead-in."""
    lead = width // 5
    best, best_cover = 0, -1
    for a, _ in spans:
        start = max(0, min(a - lead, length - width))
        cover = sum(
            min(b, start + width) - max(x, start) for x, b in spans if x < start + width and b > start
        )
        if cover > best_cover:
            best, best_cover = start, cover
    return best
