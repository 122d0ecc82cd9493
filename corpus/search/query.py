"""The query language: what a user types, as plain data any backend can run.

* words are ranked together (any may match, more matches rank higher);
* ``"quoted phrase"`` (also “…”, 「…」, 『…』) must appear as written;
  a quote left open runs to the end of the query;
* ``a AND b`` requires both, ``NOT a`` or ``-a`` excludes; ``OR`` is the
  default and may be written; an operator with nothing to apply to is ignored;
* ``game:ucg``, ``version:1.6``, ``kind:rule`` filter (repeat to allow several);
* a clause number (``5.9.4``, ``8-5-2``, ``1.0.2a``, ``101``) is a word too,
  and the backend puts the clause with that id first.

Nothing here knows which games exist: the service checks filter values.

>>> q = parse_query('先制攻擊 "戰鬥區" game:gcg -token')
>>> [(p.text, p.phrase, p.excluded) for p in q.parts]
[('先制攻擊', False, False), ('戰鬥區', True, False), ('token', False, True)]
>>> q.filters
{'game': ('gcg',)}
>>> parse_query('「先制攻擊').parts[0].phrase
True
>>> [p.text for p in parse_query('AND 勝利 AND').parts]
['勝利']
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from corpus.errors import ArbiterError

#: Longer input is not a query someone typed; refuse it with a clear message.
MAX_QUERY_CHARS = 500
MAX_PARTS = 32
FILTER_FIELDS = ("game", "version", "kind")

_QUOTES = {'"': '"', "“": "”", "”": "”", "「": "」", "『": "』", "＂": "＂"}
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_FILTER = re.compile(rf"^({'|'.join(FILTER_FIELDS)})[:：](.+)$", re.IGNORECASE)
_FILTER_NAME = re.compile(rf"^({'|'.join(FILTER_FIELDS)})[:：]$", re.IGNORECASE)
_OPERATORS = {"AND", "OR", "NOT"}


@dataclass(frozen=True, slots=True)
class Part:
    """One word or phrase of a query."""

    text: str
    phrase: bool = False  # quoted: must appear as written
    required: bool = False  # joined by AND
    excluded: bool = False  # NOT / -word


@dataclass(frozen=True, slots=True)
class ParsedQuery:
    raw: str
    parts: tuple[Part, ...]
    filters: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def positive(self) -> tuple[Part, ...]:
        return tuple(p for p in self.parts if not p.excluded)


def _lex(text: str) -> list[tuple[str, bool]]:
    """Split into ``(piece, quoted)``: quoted runs are kept whole."""
    pieces: list[tuple[str, bool]] = []
    i, word = 0, list[str]()
    while i < len(text):
        char = text[i]
        if char in _QUOTES:
            close = text.find(_QUOTES[char], i + 1)
            end = len(text) if close < 0 else close
            if _FILTER_NAME.match("".join(word)):  # version:"1.070" is a filter value
                word.extend(text[i + 1 : end])
            else:
                if word:
                    pieces.append(("".join(word), False))
                    word = []
                pieces.append((text[i + 1 : end], True))
            i = end + 1
        elif char.isspace():
            if word:
                pieces.append(("".join(word), False))
                word = []
            i += 1
        else:
            word.append(char)
            i += 1
    if word:
        pieces.append(("".join(word), False))
    return pieces


def parse_query(text: str) -> ParsedQuery:
    """Parse ``text``; raise :class:`ArbiterError` for input that is not a query."""
    if not isinstance(text, str):
        raise ArbiterError("the query must be text", "query")
    if len(text) > MAX_QUERY_CHARS:
        raise ArbiterError(
            f"query is {len(text)} characters long: at most {MAX_QUERY_CHARS} are allowed", "query"
        )
    raw = _CONTROL.sub(" ", text).strip()
    if not raw:
        raise ArbiterError("empty query: type a word, a phrase or a clause number", "query")
    filters: dict[str, tuple[str, ...]] = {}
    parts: list[Part] = []
    pending_not = pending_and = False
    for piece, quoted in _lex(raw):
        piece = piece.strip()
        if not piece:
            continue
        if not quoted and piece in _OPERATORS:
            pending_not = piece == "NOT"
            pending_and = piece == "AND" and bool(parts)
            continue
        match = None if quoted else _FILTER.match(piece)
        if match:
            name, value = match.group(1).lower(), match.group(2)
            filters[name] = filters.get(name, ()) + (value,)
            continue
        excluded = pending_not
        if not quoted and piece.startswith("-") and len(piece) > 1 and not piece[1].isdigit():
            piece, excluded = piece[1:], True
        if pending_and and parts:
            parts[-1] = Part(parts[-1].text, parts[-1].phrase, True, parts[-1].excluded)
        parts.append(Part(piece, quoted, pending_and, excluded))
        pending_not = pending_and = False
    if len(parts) > MAX_PARTS:
        raise ArbiterError(f"query has {len(parts)} words: at most {MAX_PARTS} are allowed", "query")
    query = ParsedQuery(raw=raw, parts=tuple(parts), filters=filters)
    if not query.positive:
        raise ArbiterError("the query has no words to search for (only filters or exclusions)", "query")
    return query
