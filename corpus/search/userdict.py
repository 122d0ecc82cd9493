"""The jieba user dictionary, built from the corpus's own terms.

jieba's general dictionary cuts rulebook vocabulary apart (先制攻擊 → 先制 /
攻擊).  The books tell us their terms: words in 【】《》「」『』, short
headings, glossary entries and keyword names.  Those words, folded, go into
the segmenter's dictionary so they stay one token.

>>> from corpus.search.documents import IndexDocument
>>> doc = IndexDocument(key="gcg@1:1", game="gcg", version="1", id="13-1-5", kind="rule",
...     title="", path=("關鍵字效果",), text="擁有《先制攻擊》的單位；「可～」", ids=(), lineage=(),
...     latest=True, order=0)
>>> corpus_terms([doc])
['先制攻击', '关键字效果']
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from corpus.search.analysis import HAN_CLASS
from corpus.search.documents import IndexDocument
from corpus.search.folding import fold

#: A term must be this many characters long: single characters are not words,
#: and long headings are phrases (their words are found by search mode anyway).
MIN_CHARS, MAX_CHARS = 2, 8

_BRACKETED = re.compile(r"[【《「『〈]([^】》」』〉\n]{2,16})[】》」』〉]")
_TERM = re.compile(f"^[{HAN_CLASS}]+$")
_TERM_KINDS = {"chapter", "section", "glossary", "keyword"}


def _candidates(doc: IndexDocument) -> Iterable[str]:
    yield from _BRACKETED.findall(doc.text)
    yield from _BRACKETED.findall(doc.title)
    yield from doc.path
    if doc.kind in _TERM_KINDS or doc.title:
        yield doc.title
    if doc.kind in ("glossary", "keyword"):
        yield re.split(r"[/.]", doc.id)[-1]


def corpus_terms(documents: Iterable[IndexDocument]) -> list[str]:
    """The folded terms of the documents, sorted, each 2–8 Chinese characters."""
    terms = set()
    for doc in documents:
        for candidate in _candidates(doc):
            folded = fold(candidate.strip())
            if MIN_CHARS <= len(folded) <= MAX_CHARS and _TERM.match(folded):
                terms.add(folded)
    return sorted(terms)
