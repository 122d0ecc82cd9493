"""Resolve citations to clauses of the same rulebook version.

Each target becomes one :class:`~graph.citations.Reference` — or several for a
range, which expands only to the numbers that exist (「参照 318—321」 → 318,
319, 320, 321).  Nothing is dropped: a number no clause has, a title that
names a different clause than the number, a number printed twice, a title
nobody carries — each is kept with its :class:`~graph.citations.Status` and a
reason worded for the rulebook's editor (see :mod:`graph.lint`).

Titles are compared leniently, as a reader would: brackets, quotes and blanks
do not count, and one title may contain the other (「参照 901.死循环」 names
「901.处理死循环」; ``“7. Card Attacking and Battle”`` names chapter 7).
"""

from __future__ import annotations

from dataclasses import replace

from corpus.model import Book, ClauseKind
from graph import patterns as p
from graph.citations import Citation, CitationKind, Reference, Status
from graph.terms import TermIndex, entry_name

#: Clauses named after the term they define rather than headed by a title.
_ENTRY_KINDS = (ClauseKind.GLOSSARY, ClauseKind.KEYWORD)


def title_key(title: str) -> str:
    """A title reduced to what matters for comparing it.

    >>> title_key("【破坏时】"), title_key("Card Attacking and Battle ")
    ('破坏时', 'cardattackingandbattle')
    """
    return p.TITLE_NOISE.sub("", title).lower()


def titles_agree(printed: str, actual: str) -> bool:
    """Whether a printed title names a clause with title ``actual``.

    >>> titles_agree("死循环", "处理死循环"), titles_agree("反击特效", "对象")
    (True, False)
    """
    a, b = title_key(printed), title_key(actual)
    return bool(a and b) and (a in b or b in a)


class Resolver:
    """Looks targets up in one book: by number, by title, by position."""

    def __init__(self, book: Book, terms: TermIndex | None = None):
        self.book = book
        self.terms = terms if terms is not None else TermIndex.of(book)
        self._by_number: dict[str, list[str]] = {}
        self._by_title: dict[str, list[str]] = {}
        entries = [c for c in book.clauses if c.kind in _ENTRY_KINDS]
        for clause in book.clauses:
            self._by_number.setdefault(clause.number, []).append(clause.id)
        # Headings first: 「請參閱「神話合體卡」」 means the section, not the glossary entry.
        headings = [(c, c.title) for c in book.clauses if c.title and c.kind not in _ENTRY_KINDS]
        for clause, name in headings + [(c, entry_name(c)) for c in entries]:
            ids = self._by_title.setdefault(title_key(name), [])
            if clause.id not in ids:
                ids.append(clause.id)

    def resolve(self, source: str, citation: Citation) -> list[Reference]:
        """The references one citation in clause ``source`` makes, one per target found."""
        references: list[Reference] = []
        for target in citation.targets:
            base = Reference(
                source=source,
                kind=citation.kind,
                target=None,
                status=Status.NOT_FOUND,
                span=target.span,
                raw=citation.raw,
                printed=target.printed,
            )
            if citation.kind is CitationKind.TERM:
                references.append(
                    replace(base, target=self.terms.clause_of(citation), status=Status.RESOLVED)
                )
            elif target.relative:
                references.append(self._previous(base, source))
            elif target.number and target.until:  # a range prints both ends
                references += self._range(base, target.number, target.until)
            elif target.number:
                references.append(self._number(base, target.number, target.title))
            else:
                references.append(self._title(base, target.title or ""))
        return references

    def titled(self, title: str) -> list[str]:
        """Ids of the clauses carrying ``title`` (heading, glossary or keyword name)."""
        return self._by_title.get(title_key(title), [])

    # --- one target each ---------------------------------------------------------------

    def _number(self, base: Reference, number: str, title: str | None) -> Reference:
        ids = self._by_number.get(number, [])
        if not ids:
            hint = self._elsewhere(title)
            return replace(base, reason=f"no clause {number} in {self.book.info.key}{hint}")
        if len(ids) > 1:
            return replace(
                base,
                target=self._nearest(ids, base.source),
                status=Status.AMBIGUOUS,
                reason=f"{number} is printed {len(ids)} times ({', '.join(ids)}); "
                f"taken as the one nearest the citation",
            )
        clause = self.book[ids[0]]
        if title and clause.title and not titles_agree(title, clause.title):
            return replace(
                base,
                target=ids[0],
                status=Status.TITLE_DISAGREES,
                reason=f"{number} is titled 「{clause.title}」, not 「{title}」{self._elsewhere(title)}",
            )
        return replace(base, target=ids[0], status=Status.RESOLVED)

    def _nearest(self, ids: list[str], source: str) -> str:
        """Of a number printed twice, the copy closest to the citing clause in reading order."""
        here = self.book[source].order
        return min(ids, key=lambda i: abs(self.book[i].order - here))

    def _elsewhere(self, title: str | None) -> str:
        """ "; 「X」 is the title of Y" when a printed title names another clause."""
        ids = self.titled(title) if title else []
        return f"; 「{title}」 is the title of {', '.join(ids)}" if ids else ""

    def _range(self, base: Reference, first: str, last: str) -> list[Reference]:
        inside = self._expand(first, last)
        if inside is None:
            ends = [self._number(base, first, None), self._number(base, last, None)]
            return [replace(r, reason=r.reason or f"range {base.printed} cannot be expanded") for r in ends]
        found = [replace(base, target=i, status=Status.RESOLVED) for i in inside]
        missing = [n for n in (first, last) if n not in self._by_number]
        return found + [self._number(base, n, None) for n in missing]

    def _expand(self, first: str, last: str) -> list[str] | None:
        """Existing ids from ``first`` to ``last`` when they differ only in their last number."""
        separator = "-" if "-" in first else "."
        head_a, _, tail_a = first.rpartition(separator)
        head_b, _, tail_b = last.rpartition(separator)
        if head_a != head_b or not (tail_a.isdigit() and tail_b.isdigit()) or int(tail_a) > int(tail_b):
            return None
        prefix = f"{head_a}{separator}" if head_a else ""
        numbers = [f"{prefix}{n}" for n in range(int(tail_a), int(tail_b) + 1)]
        return [i for n in numbers for i in self._by_number.get(n, [])[:1]]

    def _title(self, base: Reference, title: str) -> Reference:
        base = replace(base, by_title=True)
        ids = self.titled(title)
        if not ids:
            return replace(base, reason=f"no heading or entry titled 「{title}」{self._similar(title)}")
        headings = [i for i in ids if self.book[i].kind not in _ENTRY_KINDS]
        if len(ids) > 1 and len(headings) != 1:
            return replace(
                base,
                target=ids[0],
                status=Status.AMBIGUOUS,
                reason=f"「{title}」 is the title of {len(ids)} clauses ({', '.join(ids)})",
            )
        return replace(base, target=ids[0], status=Status.RESOLVED)

    def _similar(self, title: str) -> str:
        """ "; closest: 「X」 (id)" — the nearest title, to help the editor fix a broken one."""
        from rapidfuzz import fuzz, process

        titled = {c.title: c.id for c in self.book.clauses if c.title}
        best = process.extractOne(title, list(titled), scorer=fuzz.ratio, score_cutoff=60)
        return f"; closest: 「{best[0]}」 ({titled[best[0]]})" if best else ""

    def _previous(self, base: Reference, source: str) -> Reference:
        clause = self.book.get(source)
        siblings = [c.id for c in self.book.children(clause.parent)] if clause else []
        index = siblings.index(source) if source in siblings else 0
        if index == 0:
            return replace(base, reason="nothing above this clause to refer to")
        return replace(base, target=siblings[index - 1], status=Status.RESOLVED)
