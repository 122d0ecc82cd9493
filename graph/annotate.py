"""A clause's text with its citations marked, the way eyecite's ``annotate`` does it.

:func:`annotate` knows nothing about HTML: the caller says how to wrap a
marked piece and how to escape the text around it.  An HTML caller passes
``escape=html.escape`` and a ``wrap`` that builds the link; the piece handed
to ``wrap`` is already escaped, so ``wrap`` only adds markup::

    annotate_clause(graph, "8-5-2-3-1",
                    lambda piece, refs: f'<a href="/gcg/{refs[0].target}">{piece}</a>',
                    escape=html.escape)

>>> annotate("参见 2.0.7 和 4.0.3", [((3, 8), "A"), ((11, 16), "B")], lambda s, x: f"[{s}]({x})")
'参见 [2.0.7](A) 和 [4.0.3](B)'
>>> annotate("a<b 1.2.3", [((4, 9), 1)], lambda s, x: f"<i>{s}</i>", escape=lambda s: s.replace("<", "&lt;"))
'a&lt;b <i>1.2.3</i>'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from graph.build import ReferenceGraph
from graph.citations import Reference

T = TypeVar("T")


def annotate(
    text: str,
    marks: Iterable[tuple[tuple[int, int], T]],
    wrap: Callable[[str, T], str],
    escape: Callable[[str], str] = lambda s: s,
) -> str:
    """``text`` with each marked span replaced by ``wrap(escape(piece), payload)``.

    Spans are ``(start, end)`` offsets into ``text``.  Marks are applied in
    text order; one that overlaps a mark already applied is skipped (the
    earlier, and at equal starts the longer, wins), so the result is always
    well nested whatever ``wrap`` adds.
    """
    out: list[str] = []
    position = 0
    for (start, end), payload in sorted(marks, key=lambda m: (m[0][0], -m[0][1])):
        if start < position or not 0 <= start < end <= len(text):
            continue
        out.append(escape(text[position:start]))
        out.append(wrap(escape(text[start:end]), payload))
        position = end
    out.append(escape(text[position:]))
    return "".join(out)


def annotate_clause(
    graph: ReferenceGraph,
    clause_id: str,
    wrap: Callable[[str, tuple[Reference, ...]], str],
    escape: Callable[[str], str] = lambda s: s,
) -> str:
    """The clause's text with every reference marked — explicit, term, resolved or not.

    ``wrap`` gets all the references printed at one span together (a range
    such as 「318—321」 is one printed piece with several targets).
    """
    graph.require(clause_id)
    grouped: dict[tuple[int, int], list[Reference]] = {}
    for reference in graph.references:
        if reference.source == clause_id:
            grouped.setdefault(reference.span, []).append(reference)
    marks = [(span, tuple(refs)) for span, refs in grouped.items()]
    return annotate(graph.book[clause_id].text, marks, wrap, escape)
