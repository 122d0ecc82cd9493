"""The clause page: one clause, its place in the book, and its references both ways.

``/ucg/1.6/5.9.4.1`` is the shareable address of a clause (its JSON twin is
``/api/ucg/1.6/5.9.4.1``): breadcrumb, text with every citation and term a
link (:func:`webapp.views.links.annotated`), what cites it, the versions it
appears in, and a picture of its neighbourhood in the reference graph.
"""

from __future__ import annotations

from typing import Any

from corpus.address import parse_reference
from corpus.errors import ArbiterError, NotFound
from corpus.languages import split_edition
from corpus.library import load_book, other_languages, versions_in
from corpus.model import Book, Clause
from corpus.versions.compare import Side, resolve
from corpus.versions.translation import counterpart
from graph.build import ReferenceGraph, graph_for
from graph.citations import CitationKind, Reference
from webapp.views import Area
from webapp.views.books import book_dict
from webapp.views.links import clause_url, label
from webapp.views.picture import RELATIONS
from webapp.views.schemas import ClausePage

area = Area("clauses", __name__)
#: An edge's kind, seen from the clause it leaves and from the clause it enters.
_OUTGOING = {
    CitationKind.CONTAINS.value: "child",
    CitationKind.CITES.value: "cites",
    CitationKind.TERM.value: "term",
}
_INCOMING = {
    CitationKind.CONTAINS.value: "parent",
    CitationKind.CITES.value: "cited_by",
    CitationKind.TERM.value: "term_user",
}


def find_clause(book: Book, clause_id: str) -> Clause:
    """The clause ``clause_id`` (a trailing dot as printed is forgiven, a unique heading title found), else 404."""
    found = book.find(clause_id)
    if found is None:
        raise NotFound(f"no clause {clause_id!r} in {book.game} {book.version}", "clause_id")
    return found


def clause_at(address: str, field: str) -> Side:
    """The clause at ``GAME[@VERSION]:ID``; what is wrong with the address is reported as ``field``."""
    try:
        return resolve(parse_reference(address))
    except ArbiterError as error:
        error.field = field
        raise


def brief(book: Book, clause_id: str) -> dict[str, Any]:
    """A clause as a link: id, kind, label and address."""
    clause = book[clause_id]
    return {
        "id": clause_id,
        "kind": clause.kind.value,
        "label": label(clause),
        "url": clause_url(book.game, book.version, clause_id),
    }


def reference_dict(book: Book, reference: Reference, other: str) -> dict[str, Any]:
    """A reference plus the label and address of its ``other`` end (target or source)."""
    data = reference.as_dict()
    end = getattr(reference, other)
    if end is not None and end in book:
        data.update(label=label(book[end]), url=clause_url(book.game, book.version, end))
    return data


def neighbourhood(graph: ReferenceGraph, clause_id: str) -> list[dict[str, Any]]:
    """The clauses one step away, each with how it relates to this one.

    A neighbour related in several ways is listed under the first of
    :data:`webapp.views.picture.RELATIONS` (a parent that the clause also
    cites is shown as the parent).
    """
    graph.require(clause_id)
    relations: dict[str, set[str]] = {}
    for _, other, data in graph.graph.out_edges(clause_id, data=True):
        relations.setdefault(other, set()).add(_OUTGOING[data["kind"]])
    for other, _, data in graph.graph.in_edges(clause_id, data=True):
        relations.setdefault(other, set()).add(_INCOMING[data["kind"]])
    relations.pop(clause_id, None)  # a clause citing itself is no neighbour
    ordered = sorted(relations, key=lambda other: graph.book[other].order)
    return [
        {**brief(graph.book, other), "relation": next(r for r in RELATIONS if r in relations[other])}
        for other in ordered
    ]


def version_list(game: str, clause_id: str, editions: list[str]) -> list[dict[str, Any]]:
    """Each of ``editions`` of the game, whether it has this id, and where to read it."""
    rows = []
    for version in editions:
        present = clause_id in load_book(game, version)
        rows.append(
            {
                "version": version,
                "present": present,
                "url": clause_url(game, version, clause_id) if present else None,
            }
        )
    return rows


def in_other_languages(book: Book, clause_id: str) -> list[dict[str, Any]]:
    """The same version in the game's other languages, whether each has this clause (under its
    id there: bs's headings are spelt in each edition's script) and where to read it."""
    rows = []
    for version in other_languages(book.game, book.version):
        there = counterpart(book, clause_id, load_book(book.game, version))
        rows.append(
            {
                "version": version,
                "present": there is not None,
                "url": clause_url(book.game, version, there) if there is not None else None,
            }
        )
    return rows


@area.page(
    "/<game:game>/<edition:version>/<path:clause_id>",
    template="clause.html",
    response=ClausePage,
    summary="One clause: breadcrumb, text with its references, what cites it, "
    "its versions and its neighbourhood in the reference graph.",
)
def clause(game: str, version: str, clause_id: str) -> dict[str, Any]:
    book = load_book(game, version)
    found = find_clause(book, clause_id)
    graph = graph_for(book)
    position = book.clauses.index(found)
    neighbours = book.clauses[max(position - 1, 0) : position + 2]
    return {
        "book": book_dict(book),
        "clause": {
            **found.as_dict(),
            "number": found.number,
            "label": label(found),
            "url": clause_url(game, book.version, found.id),
        },
        "ancestors": [brief(book, a.id) for a in book.ancestors(found.id)],
        "children": [brief(book, c.id) for c in book.children(found.id)],
        "previous": brief(book, neighbours[0].id) if position > 0 else None,
        "next": brief(book, neighbours[-1].id) if position + 1 < len(book.clauses) else None,
        "references": [reference_dict(book, r, "target") for r in graph.references if r.source == found.id],
        "cited_by": [reference_dict(book, r, "source") for r in graph.cited_by(found.id)],
        "term_users": [reference_dict(book, r, "source") for r in graph.term_users(found.id)],
        "versions": version_list(game, found.id, versions_in(game, split_edition(book.version)[1])),
        "other_languages": in_other_languages(book, found.id),
        "neighbourhood": neighbourhood(graph, found.id),
    }
