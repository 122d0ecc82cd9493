"""Defined terms and keywords, discovered from each book's own structure.

No list of terms is written by hand: a book says what it defines.

* **Entries** — clauses of kind ``glossary`` (bs 「用語集/煌臨」) or ``keyword``
  (zd 「900.突袭」) define the term they are named after.
* **Keyword and terminology chapters** — in a chapter titled as one (gcg
  「關鍵字效果和關鍵字」, uhb 「术语释义」, dbscg "Keywords and Keyword Skills")
  every innermost heading defines its term, bracketed or not (dbscg
  ``10-1. KO``, uhb 「5.5.0 翻开」); a heading too long to be a term
  (「数值区间的上下包含」) defines nothing.
* **Defining headings** — elsewhere, a heading that consists of bracketed
  terms, maybe in a 「關於…效果」 frame, defines each of them: zd
  「803.【战斗破坏时】/【攻击破坏时】/【防御破坏时】」, ucg 「9.4. 關於[發動]型效果」
  (but not gcg 「7-5-3. 發動【啟動·主要】效果」, which only uses the keyword).

A form with a placeholder (``充能(X)【○○】``, ``[X Attack]``, ``“Choose X”``) is a
pattern, not a literal term, and is left out.  A bracketed term matches only
in its brackets, with or without a parameter (``《修復：1》``, ``[Over Realm 5]``,
``【搭乘時·(條件)】``); a plain term matches as a substring in Chinese and as a
whole word in English.  The first definition of a form, in the order above
and then in reading order, wins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from corpus.model import Book, Clause, ClauseKind
from corpus.repair import strip_markdown
from graph import patterns as p
from graph.citations import Citation, CitationKind, Target


@dataclass(frozen=True, slots=True)
class Definition:
    """One written form of a term and the clause that defines it."""

    form: str  # as written in text: ``《先制攻擊》``, ``突袭``, ``KO``
    clause: str
    opening: str = ""  # the bracket around the term, if any
    closing: str = ""

    @property
    def term(self) -> str:
        return self.form[len(self.opening) : len(self.form) - len(self.closing)]

    def pattern(self) -> str:
        term = re.escape(self.term)
        if self.opening:
            close = re.escape(self.closing)
            parameter = rf"(?:[ \t:：（(·・][^{close}\n]{{0,20}})?"
            return f"{re.escape(self.opening)}{term}{parameter}{close}"
        if p.LATIN.search(self.term):
            return rf"(?<![A-Za-z])(?i:{term})s?(?![A-Za-z])"
        return term


def entry_name(clause: Clause) -> str:
    """The name a glossary or keyword entry is filed under: its title, else its id's last part.

    >>> from corpus.model import Clause, ClauseKind
    >>> entry_name(Clause("zd", "1.20", "900.突袭", "900", None, "", ClauseKind.KEYWORD, 0, 1, 1))
    '突袭'
    """
    if clause.title:
        return clause.title
    tail = clause.id.rsplit("/", 1)[-1]
    return tail.split(".", 1)[1] if "/" not in clause.id and "." in tail else tail


def clean_term(name: str) -> list[str]:
    """The literal forms an entry name stands for: markup, placeholders and aliases removed.

    >>> clean_term("超計數（OC）"), clean_term("(X) 变身：\\\\*\\\\*\\\\*"), clean_term("計數 ± X")
    (['超計數', 'OC'], ['变身'], ['計數'])
    >>> clean_term("形态转换「\\\\*\\\\*\\\\*」"), clean_term("**聚气：【我方回合中】（横置）：**")
    (['形态转换'], ['聚气'])
    """
    name = strip_markdown(name)
    name = re.sub(
        r"[（(【「\[『][^）)】」\]』]*[）)】」\]』]",
        lambda m: "" if p.PLACEHOLDER.search(m.group()) else m.group(),
        name,
    )
    name = re.split(r"[：:]", p.PLACEHOLDER.sub("", name), maxsplit=1)[0]
    name = name.strip(" \t±+-·・")
    alias = p.ALIAS.match(name)
    forms = [alias["term"].strip(), alias["alias"].strip()] if alias else [name]
    return [form for form in forms if re.search(rf"[{p.IDEOGRAPH}A-Za-z]", form)]


def bracketed_terms(title: str) -> list[tuple[str, str, str]]:
    """``(opening, term, closing)`` for each bracketed token of ``title`` that is no placeholder."""
    found = []
    for match in p.BRACKETED_TERM.finditer(title):
        token = match.group()
        term = token[1:-1].strip()
        if term and not p.PLACEHOLDER.search(term) and re.search(rf"[{p.IDEOGRAPH}A-Za-z]", term):
            found.append((token[0], term, token[-1]))
    return found


def defines_by_heading(title: str) -> bool:
    """True when a heading is nothing but the bracketed terms it defines (in a 關於…效果 frame).

    >>> defines_by_heading("關於《當本角色登場時》等觸發型效果"), defines_by_heading("[Evolve] ([EX-Evolve] [Xeno-Evolve])")
    (True, True)
    >>> defines_by_heading("■以【轉神】變化為靈魂卡"), defines_by_heading("【!】 關於標誌的種類")
    (False, False)
    """
    rest = p.HEADING_CONNECTORS.sub("", p.BRACKETED_TERM.sub("", title))
    return bool(p.BRACKETED_TERM.search(title)) and bool(p.DEFINING_FRAME.fullmatch(rest))


def definitions(book: Book) -> list[Definition]:
    """Every term form the book defines, first definition first."""
    found: list[Definition] = []
    entries = [c for c in book.clauses if c.kind in (ClauseKind.GLOSSARY, ClauseKind.KEYWORD)]
    # An entry named exactly by its term (zd 「专用」) beats one whose name had
    # a placeholder stripped to the same form (「专用***」).
    for clause in sorted(entries, key=lambda c: p.PLACEHOLDER.search(entry_name(c)) is not None):
        found += [Definition(form, clause.id) for form in clean_term(entry_name(clause))]
    for clause in _keyword_chapter_leaves(book):
        title = clause.title or ""  # a leaf is chosen for having a title
        tokens = bracketed_terms(title)
        if tokens:
            opening, term, closing = tokens[0]
            found.append(Definition(opening + term + closing, clause.id, opening, closing))
        elif p.SHORT_TERM.fullmatch(title) and not p.PLACEHOLDER.search(title):
            found.append(Definition(title.strip(), clause.id))
    for clause in book.clauses:
        if clause.title and defines_by_heading(clause.title):
            found += [Definition(o + t + c, clause.id, o, c) for o, t, c in bracketed_terms(clause.title)]
    first: dict[str, Definition] = {}
    for definition in found:
        first.setdefault(definition.form, definition)
    return list(first.values())


def _keyword_chapter_leaves(book: Book) -> list[Clause]:
    chapters = [c for c in book.children(None) if c.title and p.KEYWORD_CHAPTER.search(c.title)]
    leaves: list[Clause] = []
    stack = [child for chapter in chapters for child in book.children(chapter.id)][::-1]
    while stack:
        clause = stack.pop()
        children = book.children(clause.id)
        if clause.title and not any(child.title for child in children):
            leaves.append(clause)
        stack += children[::-1]
    return leaves


class TermIndex:
    """The book's defined terms, compiled into one matcher.

    >>> from corpus.model import Clause, ClauseKind
    >>> index = TermIndex([Definition("《先制攻擊》", "13-1-5", "《", "》"), Definition("KO", "10-1")])
    >>> [(c.raw, index.clause_of(c)) for c in index.find("擁有《先制攻擊》效果; it is KO-ed; 《先制攻擊：1》")]
    [('《先制攻擊》', '13-1-5'), ('KO', '10-1'), ('《先制攻擊：1》', '13-1-5')]
    """

    def __init__(self, found: list[Definition]):
        # Longest form first, so that at one position the longest term wins.
        self.definitions = sorted(found, key=lambda d: -len(d.form))
        self._by_form = {d.form: d for d in self.definitions}

    @classmethod
    def of(cls, book: Book) -> TermIndex:
        return cls(definitions(book))

    @cached_property
    def _matcher(self) -> re.Pattern[str] | None:
        if not self.definitions:
            return None
        return re.compile("|".join(f"(?P<d{i}>{d.pattern()})" for i, d in enumerate(self.definitions)))

    def find(self, text: str) -> list[Citation]:
        """Every mention of a defined term in ``text`` (as TERM citations), in reading order."""
        if self._matcher is None:
            return []
        mentions = []
        for match in self._matcher.finditer(text):
            group = match.lastgroup  # ``d<index>``: every alternative is a named group
            if group is None:
                continue
            form = self.definitions[int(group[1:])].form
            target = Target(span=match.span(), title=form)
            mentions.append(
                Citation(span=match.span(), raw=match.group(), targets=(target,), kind=CitationKind.TERM)
            )
        return mentions

    def clause_of(self, citation: Citation) -> str | None:
        """The clause defining the term a TERM citation names."""
        definition = self._by_form.get(citation.targets[0].title or "")
        return definition.clause if definition else None
