"""Find the explicit citations in one clause's text, with exact spans.

Two passes, like eyecite's tokenizer and extractor rolled into one:

1. **Led by a reference word** (:data:`graph.patterns.REFERENCE_WORD`): the
   word, then one or more targets — a number (with its printed title), a
   quoted number and/or title, a range, a bracketed term, a title in
   parentheses after 详见, or "the entry above".  A reference word with no
   target after it is not a reference: ucg's 「這表示參照卡牌名稱中包含…」
   ("refers to the card name") stays plain text.
2. **Bare**: a quoted ``「8-5.傷害步驟」`` anywhere, and clause numbers in the
   book's own numbering style (``不适用规则 1.1.6``, ``return to 6-3-1-2``).

>>> [(c.keyword, [t.printed for t in c.targets]) for c in find_citations(
...     "卡牌编号(参 见 2.0.7)，第一个回合(参见 4.0.2 和 4.0.3)，不适用规则 1.1.6。", "dotted")]
[('参见', ['2.0.7']), ('参见', ['4.0.2', '4.0.3']), (None, ['1.1.6'])]
>>> [t.printed for t in find_citations("请参照 318—321 的详解（参照 901.死循环）")[0].targets]
['318—321']
>>> find_citations("這表示參照卡牌名稱中包含「」內文字的卡牌。")
[]
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from graph import patterns as p
from graph.citations import Citation, Target


def numbering_scheme(ids: Iterable[str]) -> str | None:
    """The shape of a book's clause numbers: ``dotted``, ``dashed``, ``sections`` or None.

    Decided by the majority of ids, so a dashed book's plain chapter numbers
    (``12``) do not make it a "sections" book.

    >>> numbering_scheme(["1", "1.1", "1.1.1", "1.0.2a"]), numbering_scheme(["1", "1-1", "1-1-1"])
    ('dotted', 'dashed')
    >>> numbering_scheme(["101", "101.p1", "900.突袭"]), numbering_scheme(["遊戲進行規則/戰鬥步驟"])
    ('sections', None)
    """
    counts = {"dotted": 0, "dashed": 0, "sections": 0}
    ids = list(ids)
    for clause_id in ids:
        if re.fullmatch(p.DOTTED, clause_id):
            counts["dotted"] += 1
        elif re.fullmatch(p.DASHED, clause_id):
            counts["dashed"] += 1
        elif re.match(r"\d+(?:$|\.)", clause_id):
            counts["sections"] += 1
    best = max(counts, key=counts.__getitem__)
    return best if ids and counts[best] * 2 > len(ids) else None


def find_citations(text: str, scheme: str | None = None) -> list[Citation]:
    """Every explicit citation in ``text``, in reading order.

    ``scheme`` is the book's numbering style (see :func:`numbering_scheme`);
    bare numbers are only recognised in that style, so a zd date
    ``2015-6-12`` or a dotted version ``1.20`` is never a clause.
    """
    found = [c for m in p.REFERENCE_WORD.finditer(text) if (c := _led(text, m))]
    if scheme is not None:
        found += _bare_quoted(text, found)
        found += _bare_numbers(text, scheme, found)
    return sorted(found, key=lambda c: c.span)


# --- led by a reference word ------------------------------------------------------------

Found = tuple[Target, int]  # a target and where its printed form ends (closing quote included)


def _led(text: str, word: re.Match[str]) -> Citation | None:
    keyword = " ".join(word.group().split())
    keyword = keyword.lower() if p.LATIN.match(keyword) else keyword.replace(" ", "")
    lead = p.LEAD.match(text, word.end())
    start = lead.end() if lead else word.end()  # LEAD matches the empty string too
    first = _target(text, start, keyword) or _title_only(text, start, keyword)
    if first is None and p.LATIN.match(keyword) and (gap := p.ENGLISH_GAP.match(text, start)):
        first = _quoted(text, gap.end(), require_dot=False)
    if first is None:
        return None
    found = [first]
    while (sep := p.SEPARATOR.match(text, found[-1][1])) and (more := _target(text, sep.end(), keyword)):
        found.append(more)
    end = found[-1][1]
    return Citation(
        span=(word.start(), end),
        raw=text[word.start() : end],
        targets=tuple(target for target, _ in found),
        keyword=keyword,
    )


def _target(text: str, pos: int, keyword: str | None) -> Found | None:
    """A numbered or quoted target at ``pos``: ``13-2-5.【爆發】``, ``“4.回合流程”``, ``318—321``."""
    return _quoted(text, pos, require_dot=False) or _numbered(text, pos, titled=keyword is not None)


def _quoted(text: str, pos: int, require_dot: bool) -> Found | None:
    match = p.QUOTED.match(text, pos)
    if not match or p.QUOTES[match["open"]] != match["close"]:
        return None
    number, title = match["number"], match["title"].strip() or None
    if not (number or title) or (require_dot and not (number and text[match.end("number")] == ".")):
        return None
    inner = (match.start("open") + 1, match.start("close"))
    return Target(span=inner, number=number, title=title), match.end()


def _numbered(text: str, pos: int, titled: bool) -> Found | None:
    match = p.NUMBER.match(text, pos)
    if not match or (
        "." not in match.group()
        and "-" not in match.group()
        and not p.PLAIN_TARGET_END.match(text, match.end())
    ):
        return None
    end, until, title = match.end(), None, None
    if (dash := p.RANGE.match(text, end)) and (last := p.NUMBER.match(text, dash.end())):
        end, until = last.end(), last.group()
    elif titled and (named := p.TITLE_AFTER_NUMBER.match(text, end)):
        end, title = named.end(), named["title"]
    return Target(span=(match.start(), end), number=match.group(), title=title, until=until), end


def _title_only(text: str, pos: int, keyword: str) -> Found | None:
    """Targets named without a number: 【破坏时】, （详见角色名）, 刀剑解放的规则, 上条."""
    candidates = [p.BRACKETED_TITLE.match(text, pos)]
    if keyword in p.TITLE_WORDS:
        candidates.append(p.TITLE_IN_PARENTHESES.match(text, pos))
    if keyword.endswith(p.LOOSE_TITLE_WORDS):
        candidates.append(p.LOOSE_TITLE.match(text, pos))
    for match in filter(None, candidates):
        named = match.group() if match.re is p.BRACKETED_TITLE else match["title"]
        span = (match.start(), match.start() + len(named))
        return Target(span=span, title=named), span[1]
    if relative := p.RELATIVE.match(text, pos):
        return Target(span=relative.span(), relative="previous"), relative.end()
    return None


# --- bare -------------------------------------------------------------------------------


def _free(span: tuple[int, int], taken: list[Citation]) -> bool:
    return all(span[1] <= c.span[0] or span[0] >= c.span[1] for c in taken)


def _bare_quoted(text: str, taken: list[Citation]) -> list[Citation]:
    """``在「8-5.傷害步驟」中``: a quoted number with its dot and title needs no reference word."""
    found = []
    for match in p.QUOTED.finditer(text):
        quoted = _quoted(text, match.start(), require_dot=True)
        if quoted and _free(match.span(), taken):
            found.append(Citation(span=match.span(), raw=match.group(), targets=(quoted[0],)))
    return found


def _stray_label(text: str, match: re.Match[str]) -> bool:
    """A number with its dot opening the text is a label the source printed twice, not a reference.

    dbscg 1.071 prints ``8-1-4-1. 8-1-4-2. [Permanent] skills are…``; the
    second number is the damage, not "see 8-1-4-2".
    """
    return not text[: match.start()].strip() and text[match.end() : match.end() + 1] == "."


def _bare_numbers(text: str, scheme: str, taken: list[Citation]) -> list[Citation]:
    pattern = p.BARE_NUMBERS.get(scheme)
    if pattern is None:
        return []
    found: list[Citation] = []
    for match in pattern.finditer(text):
        if not _free(match.span(), taken + found) or _stray_label(text, match):
            continue
        end, until = match.end(), None
        if (dash := p.RANGE.match(text, end)) and (last := pattern.match(text, dash.end())):
            end, until = last.end(), last.group()
        target = Target(span=(match.start(), end), number=match.group(), until=until)
        found.append(Citation(span=target.span, raw=text[match.start() : end], targets=(target,)))
    return found
