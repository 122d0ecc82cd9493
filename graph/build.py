"""The reference graph of one rulebook version, and the questions it answers.

Nodes are clause ids (with the clause's kind, title, order and source lines);
edges are ``contains`` (parent → child), ``cites`` (an explicit reference, with
the citation's span and raw text) and ``term`` (a defined term used in the
text, one edge per citing clause and term, with the first mention's span and
a count).  References that land nowhere cannot be edges; they are kept on the
graph as :attr:`ReferenceGraph.unresolved`, for :mod:`graph.lint`.

Usage: ``load_graph("gcg").cites("8-5-2-3-1")`` → the reference to 13-2-5;
``.cited_by("13-2-5")`` → the three clauses that send the reader there.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable

import networkx as nx

from corpus.errors import ArbiterError, NotFound
from corpus.model import Book
from graph.citations import CitationKind, Reference
from graph.find import find_citations, numbering_scheme
from graph.resolve import Resolver
from graph.terms import TermIndex


def references_of(book: Book) -> list[Reference]:
    """Every reference in the book: the pipeline find → resolve, clause by clause.

    Term mentions inside an explicit citation are part of it (「參閱 13-2-5.【爆發】」
    is one ``cites``); a term used in the clause that defines it, or in one of
    that clause's own ancestors, links nowhere new and is left out.
    """
    scheme = numbering_scheme(c.id for c in book.clauses)
    terms = TermIndex.of(book)
    resolver = Resolver(book, terms)
    found: list[Reference] = []
    for clause in book.clauses:
        cited = find_citations(clause.text, scheme)
        mentions = [
            t
            for t in terms.find(clause.text)
            if all(t.span[1] <= c.span[0] or t.span[0] >= c.span[1] for c in cited)
        ]
        around = {clause.id} | {a.id for a in book.ancestors(clause.id)}
        for citation in sorted(cited + mentions, key=lambda c: c.span):
            for reference in resolver.resolve(clause.id, citation):
                if reference.kind is CitationKind.TERM and reference.target in around:
                    continue
                found.append(reference)
    return found


class ReferenceGraph:
    """A book's clauses and the references between them (a networkx ``MultiDiGraph``)."""

    def __init__(self, book: Book, references: Iterable[Reference]):
        self.book = book
        self.graph: nx.MultiDiGraph[str] = nx.MultiDiGraph(
            game=book.game, version=book.version, title=book.info.title
        )
        self.references = tuple(references)
        self.unresolved = tuple(r for r in self.references if not r.resolved)
        for clause in book.clauses:
            self.graph.add_node(
                clause.id,
                kind=clause.kind.value,
                title=clause.title or "",
                number=clause.number,
                order=clause.order,
                line_start=clause.line_start,
                line_end=clause.line_end,
            )
        for clause in book.clauses:
            if clause.parent is not None and clause.parent in book:
                self.graph.add_edge(clause.parent, clause.id, kind=CitationKind.CONTAINS.value)
        self._add_references()

    def _add_references(self) -> None:
        counts = Counter((r.source, r.target) for r in self.references if r.kind is CitationKind.TERM)
        seen_terms: set[tuple[str, str]] = set()
        for ref in self.references:
            if ref.target is None:  # unresolved
                continue
            if ref.kind is CitationKind.TERM:
                if (ref.source, ref.target) in seen_terms:
                    continue
                seen_terms.add((ref.source, ref.target))
            self.graph.add_edge(
                ref.source,
                ref.target,
                kind=ref.kind.value,
                reference=ref,
                count=counts[(ref.source, ref.target)] if ref.kind is CitationKind.TERM else 1,
            )

    # --- questions ---------------------------------------------------------------------

    def require(self, clause_id: str) -> None:
        """Raise NotFound (exit 2 / HTTP 404 in the front ends) unless the clause exists."""
        if clause_id not in self.book:
            raise NotFound(f"no clause {clause_id!r} in {self.book.info.key}", "id")

    def _edges(self, clause_id: str, kind: CitationKind, incoming: bool) -> list[Reference]:
        self.require(clause_id)
        edges = (
            self.graph.in_edges(clause_id, data=True)
            if incoming
            else self.graph.out_edges(clause_id, data=True)
        )
        found = [data["reference"] for _, _, data in edges if data["kind"] == kind.value]
        return sorted(found, key=lambda r: (self.book[r.source].order, r.span))

    def cites(self, clause_id: str) -> list[Reference]:
        """What the clause cites explicitly, in text order — unresolved targets included."""
        resolved = self._edges(clause_id, CitationKind.CITES, incoming=False)
        dangling = [r for r in self.unresolved if r.source == clause_id and r.kind is CitationKind.CITES]
        return sorted(resolved + dangling, key=lambda r: r.span)

    def cited_by(self, clause_id: str) -> list[Reference]:
        """The explicit citations of this clause, in reading order of the citing clauses."""
        return self._edges(clause_id, CitationKind.CITES, incoming=True)

    def terms(self, clause_id: str) -> list[Reference]:
        """The defined terms the clause uses (first mention of each)."""
        return self._edges(clause_id, CitationKind.TERM, incoming=False)

    def term_users(self, clause_id: str) -> list[Reference]:
        """The clauses that use a term this clause defines."""
        return self._edges(clause_id, CitationKind.TERM, incoming=True)

    def neighbourhood(self, clause_id: str, depth: int = 1) -> dict[str, int]:
        """Clauses within ``depth`` reference or hierarchy steps, either direction → distance."""
        self.require(clause_id)
        if depth < 0:
            raise ArbiterError(f"depth must be 0 or more, not {depth}", "depth")
        distances = nx.single_source_shortest_path_length(
            self.graph.to_undirected(as_view=True), clause_id, cutoff=depth
        )
        return dict(sorted(distances.items(), key=lambda kv: (kv[1], self.book[kv[0]].order)))

    def path(self, source: str, target: str, via_hierarchy: bool = False) -> list[str] | None:
        """The shortest chain of references from ``source`` to ``target`` (None if there is none).

        Only ``cites`` and ``term`` edges are followed unless ``via_hierarchy``
        also allows stepping from a clause to its children.
        """
        self.require(source)
        self.require(target)
        kinds = {CitationKind.CITES.value, CitationKind.TERM.value}
        if via_hierarchy:
            kinds.add(CitationKind.CONTAINS.value)
        view = nx.subgraph_view(
            self.graph, filter_edge=lambda u, v, k: self.graph.edges[u, v, k]["kind"] in kinds
        )
        try:
            return nx.shortest_path(view, source, target)
        except nx.NetworkXNoPath:
            return None

    def most_cited(self, n: int = 10) -> list[tuple[str, int]]:
        """The ``n`` clauses cited explicitly by the most distinct clauses, with that count."""
        citing: dict[str, set[str]] = {}
        for source, target, data in self.graph.edges(data=True):
            if data["kind"] == CitationKind.CITES.value:
                citing.setdefault(target, set()).add(source)
        ranked = sorted(citing.items(), key=lambda kv: (-len(kv[1]), self.book[kv[0]].order))
        return [(clause_id, len(sources)) for clause_id, sources in ranked[:n]]

    # --- export ------------------------------------------------------------------------

    def _plain(self) -> nx.MultiDiGraph[str]:
        """A copy whose attributes are plain values (what JSON and GraphML can hold)."""
        plain: nx.MultiDiGraph[str] = nx.MultiDiGraph(**self.graph.graph)
        plain.add_nodes_from(self.graph.nodes(data=True))
        for source, target, data in self.graph.edges(data=True):
            attributes = {"kind": data["kind"]}
            ref: Reference | None = data.get("reference")
            if ref is not None:
                attributes.update(
                    text=ref.raw,
                    printed=ref.printed,
                    span=f"{ref.span[0]}:{ref.span[1]}",
                    status=ref.status.value,
                    by_title=ref.by_title,
                    count=data["count"],
                    reason=ref.reason or "",
                )
            plain.add_edge(source, target, **attributes)
        return plain

    def to_json(self) -> bytes:
        """Node-link JSON, with the unresolved references under ``"unresolved"``."""
        data = nx.node_link_data(self._plain(), edges="edges")
        data["unresolved"] = [r.as_dict() for r in self.unresolved]
        return json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")

    def to_graphml(self) -> bytes:
        """GraphML (clauses and resolved edges; GraphML has no place for dangling ones)."""
        return "\n".join(nx.generate_graphml(self._plain())).encode("utf-8")


_CACHE: dict[object, tuple[Book, ReferenceGraph]] = {}


def graph_for(book: Book) -> ReferenceGraph:
    """The book's reference graph, built once per book per process."""
    cached = _CACHE.get(book.info)
    if cached is not None and (cached[0] is book or cached[0] == book):
        return cached[1]
    graph = ReferenceGraph(book, references_of(book))
    _CACHE[book.info] = (book, graph)
    return graph


def load_graph(game: str, version: str | None = None) -> ReferenceGraph:
    """The reference graph of ``game`` at ``version`` (default: newest)."""
    from corpus.library import load_book

    return graph_for(load_book(game, version))
