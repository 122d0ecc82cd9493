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
>>> Highlighter(["degats"], language="fr").snippet("Il subit des dégâts.").marked()
'Il subit des «dégâts».'
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

from corpus.search.analysis import (
    DEFAULT_LANGUAGE,
    LATIN_TERMS,
    LATIN_WORD,
    NUMBER_PATTERN,
    bigrams,
    han_runs,
)
from corpus.search.folding import fold

#: Snippet length in characters: Chinese says more per character than English.
CJK_WIDTH, LATIN_WIDTH = 100, 220
ELLIPSIS = "…"
_LATIN_WORD = re.compile(LATIN_WORD)
_NUMBER = re.compile(NUMBER_PATTERN)
_ASCII_LETTER = re.compile(r"[A-Za-z]")


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
    """Finds what a query's words (and synonyms) match in a clause text."""

    def __init__(self, texts: Iterable[str], stems: Iterable[str] = (), language: str = DEFAULT_LANGUAGE):
        """``texts`` as typed (or a synonym's); ``stems``: words already stemmed; ``language``: the
        analysis of the Latin words of the texts highlighted (see ``word_language``)."""
        self._term = LATIN_TERMS[language]
        needles: set[str] = set()
        self._stems: set[str] = set(stems)
        for text in texts:
            patterns, stemmed = _needles(text, language)
            needles |= patterns
            self._stems |= stemmed
        ordered = sorted(needles, key=len, reverse=True)
        self._pattern = re.compile(f"(?=({'|'.join(ordered)}))") if ordered else None

    def spans(self, text: str) -> list[tuple[int, int]]:
        """Merged ``[start, end)`` spans of ``text`` that match the query."""
        folded = fold(text)
        found = (
            [(m.start(), m.start() + len(m.group(1))) for m in self._pattern.finditer(folded)]
            if self._pattern
            else []
        )
        if self._stems:  # a Latin word matches by its stem: "victory" is what "victories" finds
            found += [
                (m.start(), m.end())
                for m in _LATIN_WORD.finditer(folded)
                if self._term(m.group()) in self._stems
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


@lru_cache(maxsize=65536)
def _needles(text: str, language: str) -> tuple[frozenset[str], frozenset[str]]:
    """The patterns (Chinese bigrams, clause numbers) and Latin stems that highlight one text.

    A search highlights the clauses of each game with the query's words and the words it was
    widened to — hundreds for an English query — and the same words come back search after
    search, so each text's are worked out once.
    """
    folded = fold(text)
    patterns: set[str] = set()
    for run in han_runs(folded):
        patterns.update(re.escape(g) for g in bigrams(run))
    for number in _NUMBER.findall(folded):
        parts = re.split(r"[.\-]", number)
        patterns.add(r"(?<![0-9.\-])" + r"[.\-]".join(map(re.escape, parts)) + r"(?![0-9])")
    term = LATIN_TERMS[language]
    stems = frozenset(filter(None, map(term, _LATIN_WORD.findall(_NUMBER.sub(" ", folded)))))
    return frozenset(patterns), stems


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
