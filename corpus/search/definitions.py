"""The terms a rulebook names and defines, read from its own structure.

A query that is a term the book names — a heading's title, or a part of a
title the book glosses in brackets ("[Over Realm] ([Over Realm X])",
"HP (生命值)") — is answered first by the clause that *defines* the term:
the clause, under that heading or anywhere, whose text opens with the term
and a copula ("《阻擋者》是指…", "[Blocker] is an [Auto] keyword skill…") or a
colon ("休息狀態：卡牌以橫向放置的狀態"), rather than by the bare heading.
Nothing here is listed by hand: the terms are the book's titles and the
openings of its clauses.

>>> title_keys("[Over Realm] ([Over Realm X])")
('overrealmoverrealmx', 'overrealm', 'overrealmx')
>>> title_keys("HP (生命值)")
('hp生命值', 'hp', '生命值')
>>> defined_term("《阻擋者》是指，當進行阻擋宣言時……", "《阻擋者》")
'阻挡者'
>>> defined_term("休息狀態：卡牌以橫向放置的狀態。", "活躍狀態和休息狀態")
'休息状态'
>>> defined_term("手牌的上限張數是 10 張。", "手牌") is None
True
"""

from __future__ import annotations

import re

from corpus.search.analysis import title_key
from corpus.search.folding import fold

#: A title's bracketed part: what the book glosses the rest of the title with.
_BRACKETED = re.compile(r"[（(]([^（）()]*)[）)]")
#: The opening of a clause that defines a term: the term (in brackets or not), then a copula or a colon.
_DEFINING = re.compile(
    r"^[\W_]*(?P<term>.{1,30}?)[\W_]*?(?P<copula>是指|是|指|为|[：:]|\s(?:is|are|refers)\s)"
)
#: A term defined by a colon alone (a definition list) is at most this long (in letters).
_LISTED_TERM = 10


def title_keys(title: str) -> tuple[str, ...]:
    """The keys a query may name a title by: the whole title's, and, for a title with a bracketed
    gloss, that of the title without it and that of the gloss."""
    keys = [title_key(title)]
    if _BRACKETED.search(title):
        keys += [title_key(_BRACKETED.sub(" ", title)), *map(title_key, _BRACKETED.findall(title))]
    return tuple(key for key in dict.fromkeys(keys) if key)


def defined_term(text: str, heading: str) -> str | None:
    """The key of the term ``text`` opens by defining: its ``heading``'s (or a key of it) before
    a copula or a colon, or any short term before a colon; None when it defines nothing."""
    match = _DEFINING.match(fold(text[:80]))
    if match is None:
        return None
    term = title_key(match.group("term"))
    if not term:
        return None
    if term in title_keys(heading):
        return term
    listed = match.group("copula") in "：:" and len(term) <= _LISTED_TERM
    return term if listed else None
