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
>>> defined_terms("《阻擋者》是指，當進行阻擋宣言時……", "《阻擋者》")
('阻挡者',)
>>> defined_terms("休息狀態：卡牌以橫向放置的狀態。", "活躍狀態和休息狀態")
('休息状态',)
>>> defined_terms("是在戰鬥中表示攻擊力的資訊。", "AP (攻擊值)")
('ap攻击值', 'ap', '攻击值')
>>> defined_terms("指令卡牌是卡牌類型之一", "指令")
()
>>> defined_terms("手牌的上限張數是 10 張。", "手牌")
()
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
#: A text that opens with the copula: its heading is the term it defines.
_OPENING_COPULA = re.compile(r"^(?:是指|是|指)")
#: A term defined by a colon alone (a definition list) is at most this long (in letters).
_LISTED_TERM = 10


def title_keys(title: str) -> tuple[str, ...]:
    """The keys a query may name a title by: the whole title's, and, for a title with a bracketed
    gloss, that of the title without it and that of the gloss."""
    keys = [title_key(title)]
    if _BRACKETED.search(title):
        keys += [title_key(_BRACKETED.sub(" ", title)), *map(title_key, _BRACKETED.findall(title))]
    return tuple(key for key in dict.fromkeys(keys) if key)


def defined_terms(text: str, *headings: str) -> tuple[str, ...]:
    """The keys of the term ``text`` opens by defining: a key of one of its ``headings`` (its own
    title, its parent's) before a copula or a colon, any short term before a colon, or — a text
    that opens with the copula itself (AP (攻擊值): "是在戰鬥中表示攻擊力的資訊", 疲勞: "指將卡牌
    橫置的動作") — every key of its first heading; nothing when it defines nothing."""
    folded = fold(text[:80])
    keys = [key for heading in headings for key in title_keys(heading)]
    opening = title_key(folded)
    if _OPENING_COPULA.match(folded) and headings and not any(opening.startswith(k) for k in keys):
        return title_keys(headings[0])
    match = _DEFINING.match(folded)
    if match is None:
        return ()
    term = title_key(match.group("term"))
    if not term:
        return ()
    if term in keys:
        return (term,)
    listed = match.group("copula") in "：:" and len(term) <= _LISTED_TERM
    return (term,) if listed else ()
