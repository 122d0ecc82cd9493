"""Running a :class:`~corpus.search.whoosh_query.Plan` over an open whoosh index.

whoosh's own search machinery (a matcher tree, a collector calling back
for every matching document) spends most of a search in Python method
calls per posting.  A plan is simple — a sum of scored queries, one
required and one excluded set — so :class:`IndexSearcher` runs it
directly, one segment (= one rulebook version) at a time:

* each scored query's postings become ``(doc numbers, scores)``; a plain
  term — most of them — is read in one pass and scored with whoosh's BM25F
  formula, without a scorer call per posting; a term is read once per
  search and segment, and not at all in a segment that lacks it (each
  term's document frequency per segment is remembered);
* the statistics BM25 weighs with (document frequencies, average field
  lengths) are the segment's own — one rulebook version's — so a book's
  ranking does not move when another book is ingested or removed, and
  scores are those of whoosh's own searcher over an index of that book alone
  (``tests/test_search_evaluation.py`` checks it);
* a phrase (the words in order, the exact Chinese text) is checked only in
  the documents that have all its words, mostly known from those words'
  own postings, and scored as whoosh scores it;
* the scores are added up per document in the order of the plan (a
  common word's only to documents that matched something else); a plan
  with a second pass (``Plan.feedback``) then adds those of the distinctive
  words of the segment's best documents so far, read from the index's term
  vectors and weighed by the segment's statistics: each book's second pass
  is its own, as its first is;
* a segment whose Latin words were analysed in another language (French)
  is searched with the plan built with that language's analysis;
* synonyms count only in the segments of their game, and their matches in
  a segment are remembered: the same few synonym terms come back in every
  search that names their concept, and the index never changes under a
  searcher;
* each document's score times its clause kind's factor (rule > example),
  and times ``Ranking.heading`` for a bare heading (a title without text:
  the clauses under it say what the query asks); then plus the constant
  scores of the clause whose number or title the query is (not scaled);
* the best ``limit`` documents, equal scores in document order, as
  whoosh's ``TopCollector`` orders them: documents are indexed in reading
  order, so the clauses under a typed clause number list as the book does.

A segment is opened (whoosh copies its term and posting files into
memory) when a search first reaches it: a search of one game opens that
game's segment, not every book's.  Which version a segment holds is the
index manifest's answer, known without opening it.

One :class:`IndexSearcher` serves one thread.
"""

from __future__ import annotations

import functools
import heapq
from bisect import bisect_right
from collections.abc import Callable, Collection, Mapping
from itertools import compress
from math import log
from typing import TYPE_CHECKING, Any, TypeVar

from whoosh import query as wq
from whoosh.reading import SegmentReader
from whoosh.scoring import BM25F
from whoosh.searching import SearchContext, Searcher

from corpus.search.analysis import DEFAULT_LANGUAGE
from corpus.search.backend import Filters
from corpus.search.feedback import feedback_words
from corpus.search.ranking import Ranking
from corpus.search.whoosh_query import Disambiguated, Plan

if TYPE_CHECKING:
    from whoosh.codec.base import Segment
    from whoosh.index import Index

#: Bound on each per-searcher memory (term frequencies, synonym matches).
MAX_REMEMBERED = 100_000
Postings = tuple[list[int], list[float]]  # document numbers, and their scores
Read = dict[tuple[str, str], Postings]  # what one search has read of a segment, by (field, term)
_NOTHING: Postings = ([], [])
#: Opens a whoosh searcher over one segment of the index.
_Opener = Callable[["Segment"], Searcher]
_Key = TypeVar("_Key")
_Value = TypeVar("_Value")


class _Segment:
    """One leaf of the index, with what searches keep asking of it; opened when first searched."""

    def __init__(self, position: int, offset: int, leaf: Segment, book: str | None, opener: _Opener):
        self.position = position  # among the index's segments
        self.offset = offset
        self.id: str = leaf.segment_id()
        self.size: int = leaf.doc_count_all()
        # one segment = one version (``game@version``); an empty segment holds none
        game, _, version = book.partition("@") if book and self.size else (None, "", None)
        self.game: str | None = game
        self.version: str | None = version
        self._leaf, self._opener = leaf, opener
        self._sections: Any = None

    @functools.cached_property
    def searcher(self) -> Searcher:
        """A whoosh searcher over this segment alone (its statistics are the segment's own)."""
        return self._opener(self._leaf)

    @property
    def reader(self) -> Any:
        return self.searcher.reader()

    @property
    def opened(self) -> bool:
        return "searcher" in self.__dict__

    @functools.cached_property
    def language(self) -> str:
        """How the segment's Latin words were analysed (its documents' ``language``)."""
        first = self.searcher.stored_fields(0) if self.size else {}
        language: str = first.get("language", DEFAULT_LANGUAGE)
        return language

    def sections(self) -> Any:
        """Each document's section (the ``section`` column), opened when first asked for."""
        if self._sections is None:
            self._sections = self.reader.column_reader("section")
        return self._sections

    def holds(self, filters: Filters, newest: Collection[str]) -> bool:
        """Whether the segment's version passes the game and version parts of ``filters``."""
        if self.game is None or (filters.games and self.game not in filters.games):
            return False
        if filters.versions:
            return self.version in filters.versions
        return filters.all_versions or f"{self.game}@{self.version}" in newest


class IndexSearcher:
    """One thread's searcher over one open index, with the lookups it can keep.

    ``books`` names the version (``game@version``) each segment holds, by segment id, as the
    index manifest records it."""

    def __init__(self, index: Index, ranking: Ranking, newest: Collection[str], books: Mapping[str, str]):
        self.ranking = ranking
        self.newest = newest  # game@version of each game's newest version
        self.weighting = BM25F(B=ranking.b, K1=ranking.k1)
        toc = index._read_toc()  # the segments as whoosh's own searcher would open them
        self.schema = toc.schema
        self._context = SearchContext(weighting=self.weighting)

        def opener(leaf: Segment) -> Searcher:
            reader = SegmentReader(index.storage, toc.schema, leaf, generation=toc.generation)
            return Searcher(reader, weighting=self.weighting)

        self._segments: list[_Segment] = []
        offset = 0
        for position, leaf in enumerate(toc.segments):
            segment = _Segment(position, offset, leaf, books.get(leaf.segment_id()), opener)
            self._segments.append(segment)
            offset += segment.size
        self._offsets = [segment.offset for segment in self._segments]
        self._documents: int = max(offset, 1)
        self._allowed: dict[Filters, dict[int, set[int] | None]] = {}
        #: filters → the segments they search, and those segments' documents
        self._scopes: dict[Filters, tuple[list[_Segment], int]] = {}
        self._frequencies: dict[tuple[str, str, str], int] = {}
        self._synonym_matches: dict[tuple[str, wq.Query], Postings] = {}
        self._norms_memory: dict[tuple[str, str], _Norms] = {}
        self._factors_memory: dict[str, _Factors] = {}
        self._sections_memory: dict[tuple[str, str, str], frozenset[tuple[int, str]]] = {}
        self._containing_memory: dict[tuple[str, str, str], frozenset[int]] = {}

    def share(self, fieldname: str, term: str, filters: Filters | None = None) -> float:
        """The fraction of the documents of the segments ``filters`` searches (all: None) that contain ``term``."""
        if filters is None:
            return sum(self.frequency(s, fieldname, term) for s in self._segments) / self._documents
        scope = self._scopes.get(filters)
        if scope is None:
            searched = [s for s in self._segments if s.offset in self.allowed(filters)]
            scope = self._scopes[filters] = (searched, sum(s.size for s in searched))
        searched, size = scope
        return sum(self.frequency(s, fieldname, term) for s in searched) / size if size else 0.0

    def frequency(self, segment: _Segment, fieldname: str, term: str) -> int:
        """How many documents of the segment contain ``term`` (remembered: the index is fixed)."""
        return _remember(
            self._frequencies,
            (segment.id, fieldname, term),
            lambda: int(segment.reader.doc_frequency(fieldname, term)),
        )

    def sections(self, fieldname: str, term: str, filters: Filters) -> frozenset[tuple[int, str]]:
        """The sections (segment position, parent clause) of the documents ``filters`` searches
        that contain ``term``: where in the books a word occurs, for :mod:`~corpus.search.cohesion`."""
        allowed = self.allowed(filters)
        found: set[tuple[int, str]] = set()
        for segment in self._segments:
            if segment.offset in allowed and self.frequency(segment, fieldname, term):
                found.update(self._sections_in(segment, fieldname, term))
        return frozenset(found)

    def _sections_in(self, segment: _Segment, fieldname: str, term: str) -> frozenset[tuple[int, str]]:
        """The sections of the segment's documents that contain ``term`` (remembered)."""

        def compute() -> frozenset[tuple[int, str]]:
            column = segment.sections()
            return frozenset(
                (segment.position, column[d]) for d in self._containing(segment, fieldname, term)
            )

        return _remember(self._sections_memory, (segment.id, fieldname, term), compute)

    def _containing(self, segment: _Segment, fieldname: str, term: str) -> frozenset[int]:
        """The segment's documents that contain ``term`` (remembered: the same few translations
        come back in every search of their English word)."""
        return _remember(
            self._containing_memory,
            (segment.id, fieldname, term),
            lambda: (
                frozenset(segment.reader.postings(fieldname, term).all_ids())
                if self.frequency(segment, fieldname, term)
                else frozenset()
            ),
        )

    def allowed(self, filters: Filters) -> dict[int, set[int] | None]:
        """For each segment with documents passing ``filters``: those documents
        (segment-local numbers), or None when all of them pass."""
        found = self._allowed.get(filters)
        if found is None:
            # Decided per segment from the version it holds: a query over the whole
            # index would look up every newest version's term in every segment.
            kinds = wq.Or([wq.Term("kind", kind) for kind in filters.kinds]) if filters.kinds else None
            found = {}
            for segment in self._segments:
                if not segment.holds(filters, self.newest):
                    continue
                local = set(kinds.docs(segment.searcher)) if kinds is not None else None
                if local is None or len(local) == segment.size:
                    found[segment.offset] = None
                elif local:
                    found[segment.offset] = local
            self._allowed[filters] = found
        return found

    def languages(self, filters: Filters) -> set[str]:
        """How the Latin words of the segments ``filters`` searches were analysed."""
        allowed = self.allowed(filters)
        return {segment.language for segment in self._segments if segment.offset in allowed}

    def run(self, plan: Plan, filters: Filters, limit: int) -> tuple[list[tuple[float, int]], int]:
        """The best ``limit`` ``(score, document number)`` pairs, best first, and how many matched."""
        allowed = self.allowed(filters)
        found: list[tuple[float, int]] = []  # (final score, -docnum): equal scores in document order
        for segment in self._segments:
            if segment.offset in allowed:
                searched = plan.languages.get(segment.language, plan)
                matches = self._matches(segment, searched, allowed[segment.offset])
                found += [(score, -docnum) for docnum, score in matches]
        return [(score, -negated) for score, negated in heapq.nlargest(limit, found)], len(found)

    def matches_any(self, queries: list[wq.Query], segment_ids: Collection[str]) -> bool:
        """Whether any of ``queries`` matches a document of a segment ``segment_ids`` names."""
        return any(
            query.matcher(segment.searcher, self._context).is_active()
            for segment in self._segments
            if segment.id in segment_ids
            for query in queries
        )

    def stored_fields(self, docnum: int) -> dict[str, Any]:
        segment = self._segments[bisect_right(self._offsets, docnum) - 1]
        fields: dict[str, Any] = segment.searcher.stored_fields(docnum - segment.offset)
        return fields

    def close(self) -> None:
        for segment in self._segments:
            if segment.opened:
                segment.searcher.close()

    # -- one segment ------------------------------------------------------------

    def _matches(self, segment: _Segment, plan: Plan, allowed: set[int] | None) -> list[tuple[int, float]]:
        """``(global document number, score)`` of the segment's matching documents."""
        scores = [0.0] * segment.size
        read: Read = {}
        for query in plan.scored:
            self._add(scores, *self._scored(segment, query, read))
        for query in plan.synonyms.get(segment.game, ()) if segment.game is not None else ():
            self._add(scores, *self._remembered(segment, query, read))
        for query in plan.boosting:  # only where something matched already
            ids, values = self._scored(segment, query, read)
            for docnum, value in zip(ids, values, strict=True):
                if scores[docnum]:
                    scores[docnum] += value
        if plan.feedback is not None:
            for query in self._feedback(segment, plan.feedback, scores, allowed):
                self._add(scores, *self._scored(segment, query, read))
        pinned = [0.0] * segment.size  # by clause number or title: not scaled by the clause's factor
        for query in plan.pinned:
            self._add(pinned, *self._scored(segment, query, read))
        if plan.required is not None:
            ids, base = self._scored(segment, plan.required, read)
            candidates = [(d, b + scores[d]) for d, b in zip(ids, base, strict=True)]
        else:
            # as in whoosh's union, a document that scores nothing does not match
            matched = [s or p for s, p in zip(scores, pinned, strict=True)]
            candidates = [(d, scores[d]) for d in compress(range(segment.size), matched)]
        if allowed is not None:
            candidates = [(d, score) for d, score in candidates if d in allowed]
        if plan.excluded is not None:
            excluded = set(plan.excluded.docs(segment.searcher))
            candidates = [(d, score) for d, score in candidates if d not in excluded]
        factors = self._factors(segment)
        candidates = [(d, score * factors[d] + pinned[d]) for d, score in candidates]
        offset = segment.offset
        return [(offset + d, score) for d, score in candidates]

    def _feedback(
        self, segment: _Segment, typed: frozenset[str], scores: list[float], allowed: set[int] | None
    ) -> list[wq.Query]:
        """The second pass's words (:mod:`~corpus.search.feedback`), from the segment's best
        documents by ``scores`` times their factors (equal scores in document order), each weighed
        by its score relative to the best, their words read from the index's term vectors."""
        factors = self._factors(segment)
        best = heapq.nlargest(
            self.ranking.feedback_clauses,
            (
                (score * factors[d], -d)
                for d, score in enumerate(scores)
                if score and (allowed is None or d in allowed)
            ),
        )
        if not best:
            return []
        reader, top = segment.reader, best[0][0]
        clauses: list[tuple[Mapping[str, float], float]] = [
            (dict(reader.vector_as("weight", -negated, "words")), score / top) for score, negated in best
        ]
        words = feedback_words(
            clauses,
            lambda word: reader.doc_frequency("words", word) / segment.size,
            typed,
            self.ranking.common,
            self.ranking.feedback_words,
        )
        return [wq.Term("words", word, boost=self.ranking.feedback * weight) for word, weight in words]

    @staticmethod
    def _add(scores: list[float], ids: list[int], values: list[float]) -> None:
        for docnum, value in zip(ids, values, strict=True):
            scores[docnum] += value

    def _remembered(self, segment: _Segment, query: wq.Query, read: Read) -> Postings:
        """A synonym's matches in the segment, worked out once per open index."""
        return _remember(
            self._synonym_matches, (segment.id, query), lambda: self._scored(segment, query, read)
        )

    def _scored(self, segment: _Segment, query: wq.Query, read: Read) -> Postings:
        """The segment's documents matching ``query``, with their scores."""
        kind = type(query)
        if kind in (wq.Term, wq.Phrase) and self.schema[query.fieldname].scorable:
            if kind is wq.Term:
                ids, scores = self._term(segment, query.fieldname, query.text, read)
            else:
                ids, scores = self._phrase(segment, query, read)
            if query.boost != 1.0:  # whoosh wraps the matcher: score times boost
                scores = [score * query.boost for score in scores]
            return ids, scores
        if kind is Disambiguated:
            return self._disambiguated(segment, query, read)
        matcher = query.matcher(segment.searcher, self._context)
        ids, scores = [], []
        while matcher.is_active():
            ids.append(matcher.id())
            scores.append(matcher.score())
            matcher.next()
        return ids, scores

    def _disambiguated(self, segment: _Segment, query: Disambiguated, read: Read) -> Postings:
        """The glosses term's scores, each times the factor of the best sense the document holds."""
        ids, scores = self._scored(segment, query.term, read)
        senses = [(self._containing(segment, "words", word), factor) for word, factor in query.senses]
        senses = [(documents, factor) for documents, factor in senses if documents]
        return ids, [
            score * next((factor for documents, factor in senses if docnum in documents), 1.0)
            for docnum, score in zip(ids, scores, strict=True)
        ]

    def _term(self, segment: _Segment, fieldname: str, text: str, read: Read) -> Postings:
        """A term's documents and BM25F scores (see :meth:`_bm25`), read once per search."""
        found = read.get((fieldname, text))
        if found is not None:
            return found
        if not self.frequency(segment, fieldname, text):
            found = read[(fieldname, text)] = _NOTHING
            return found
        postings = segment.reader.postings(fieldname, text)
        idf, k1, norms = self._bm25(segment, fieldname, text)
        active, current, weight, advance = postings.is_active, postings.id, postings.weight, postings.next
        ids, scores = [], []
        while active():
            docnum, tf = current(), weight()
            ids.append(docnum)
            scores.append(idf * ((tf * k1) / (tf + norms[docnum])))
            advance()
        found = read[(fieldname, text)] = (ids, scores)
        return found

    def _phrase(self, segment: _Segment, query: wq.Phrase, read: Read) -> Postings:
        """whoosh's ``Phrase``: its words in order, each at most ``slop`` positions after the one
        before, scored as the sum of the words' scores.

        whoosh sets up a scored matcher per word and segment, and intersects
        them, before it can tell that the words share no document.  Here the
        candidates are the documents common to the words this search has read
        already (for their own scores), and only those are looked up in the
        words' postings, for their positions and weights.
        """
        fieldname, words = query.fieldname, query.words
        if not all(self.frequency(segment, fieldname, word) for word in words):
            return _NOTHING
        candidates = self._candidates(segment, fieldname, words, read)
        if not candidates:
            return _NOTHING
        postings = [segment.reader.postings(fieldname, word) for word in words]
        statistics = [self._bm25(segment, fieldname, word) for word in words]
        ids, scores = [], []
        for docnum in candidates:
            positions, parts = [], []
            for matcher, (idf, k1, norms) in zip(postings, statistics, strict=True):
                if matcher.is_active():
                    matcher.skip_to(docnum)
                if not matcher.is_active() or matcher.id() != docnum:
                    break
                tf = matcher.weight()
                positions.append(matcher.value_as("positions"))
                parts.append(idf * ((tf * k1) / (tf + norms[docnum])))
            else:  # every word is in the document
                if _in_order(positions, query.slop):
                    ids.append(docnum)
                    scores.append(_tree_sum(parts))
        return ids, scores

    def _candidates(self, segment: _Segment, fieldname: str, words: list[str], read: Read) -> list[int]:
        """Documents that may hold every word: those common to the words read
        so far, else those of the rarest word."""
        known = sorted((read[(fieldname, w)][0] for w in words if (fieldname, w) in read), key=len)
        if known:
            return sorted(set(known[0]).intersection(*known[1:]))
        rarest = min(words, key=lambda word: self.frequency(segment, fieldname, word))
        return self._term(segment, fieldname, rarest, read)[0]

    def _bm25(self, segment: _Segment, fieldname: str, text: str) -> tuple[float, float, _Norms]:
        """``idf, K1 + 1, norms``: a posting scores ``idf * ((tf * (K1 + 1)) / (tf + norms[docnum]))``,
        the same float as whoosh's BM25F scorer gives over an index of the segment alone.

        ``bm25(idf, tf, fl, avgfl, B, K1) = idf * (tf * (K1 + 1) / (tf + K1 * ((1 - B) + B * fl / avgfl)))``;
        the part after ``tf +`` depends on the document only, and is worked out once (:meth:`_norms`).
        """
        frequency = self.frequency(segment, fieldname, text)
        idf = log(segment.size / (frequency + 1)) + 1  # whoosh's, over the segment's documents
        return idf, self.weighting.K1 + 1, self._norms(segment, fieldname)

    def _factors(self, segment: _Segment) -> _Factors:
        """Each document's factor (its clause kind's, times ``Ranking.heading`` for a bare heading),
        by segment-local number (see :class:`_Factors`)."""
        return _remember(self._factors_memory, segment.id, lambda: _Factors(segment.reader, self.ranking))

    def _norms(self, segment: _Segment, fieldname: str) -> _Norms:
        """``K1 * ((1 - B) + B * fl / avgfl)`` of each document of the segment (``avgfl``: the segment's)."""

        def compute() -> _Norms:
            b, k1 = self.weighting.B, self.weighting.K1
            average = (segment.reader.field_length(fieldname) / segment.size if segment.size else 0) or 1
            return _Norms(segment.reader, fieldname, b, k1, average)

        return _remember(self._norms_memory, (segment.id, fieldname), compute)


class _Norms(dict[int, float]):
    """A field's ``K1 * ((1 - B) + B * fl / avgfl)`` by document, worked out for a document when a
    posting first asks for it: whoosh reads a field length per call, and a process that runs one
    search (each ``arbiter search``) looks at the documents its terms are in, not at every one."""

    def __init__(self, reader: Any, fieldname: str, b: float, k1: float, average: float):
        super().__init__()
        self._length = reader.doc_field_length  # None for an empty field: no postings point there
        self._fieldname, self._b, self._k1, self._average = fieldname, b, k1, average

    def __missing__(self, docnum: int) -> float:
        b, length = self._b, self._length(docnum, self._fieldname, 1) or 0
        norm = self[docnum] = self._k1 * ((1 - b) + b * length / self._average)
        return norm


class _Factors(dict[int, float]):
    """Each document's factor, worked out when the document is first a candidate (see :class:`_Norms`)."""

    def __init__(self, reader: Any, ranking: Ranking):
        super().__init__()
        self._kinds, self._headings = reader.column_reader("kind"), reader.column_reader("heading")
        self._ranking = ranking

    def __missing__(self, docnum: int) -> float:
        ranking = self._ranking
        bare = self._headings[docnum] == "1"
        factor = self[docnum] = ranking.kind_factor(self._kinds[docnum]) * (ranking.heading if bare else 1.0)
        return factor


def _in_order(positions: list[list[int]], slop: int) -> bool:
    """Is there a position of each word such that each is 1 to ``slop`` after the one before?

    whoosh's ``SpanNear2(ordered=True, mindist=1)``: the span grown so far
    only ever extends at its end, so the ends are all that need keeping.
    """
    ends = set(positions[0])
    for following in positions[1:]:
        ends = {b for b in following if any(e < b <= e + slop for e in ends)}
        if not ends:
            return False
    return bool(ends)


def _tree_sum(values: list[float]) -> float:
    """The sum in the order whoosh adds its intersection's scores (``make_binary_tree``),
    so that scores are the same to the last bit."""
    if len(values) == 1:
        return values[0]
    half = len(values) // 2
    return _tree_sum(values[:half]) + _tree_sum(values[half:])


def _remember(memory: dict[_Key, _Value], key: _Key, compute: Callable[[], _Value]) -> _Value:
    found = memory.get(key)
    if found is None:
        if len(memory) > MAX_REMEMBERED:
            memory.clear()
        found = memory[key] = compute()
    return found
