"""Translate a :class:`~corpus.search.backend.SearchQuery` into whoosh queries.

Each word or phrase the user typed becomes a group of scored matches
(weights from :class:`~corpus.search.ranking.Ranking`):

* its words in ``words`` (BM25F: title words were weighted at index time);
* its Chinese bigrams that cross word boundaries in ``grams`` (recall when
  segmentation differs), and the bigrams in sequence — the exact text —
  scored again as ``substring``;
* all its words near each other, in order (proximity);
* for a clause number, the clause itself (``pin``) and the clauses under it.

Words found in more than ``ranking.common`` of all clauses are not scored on
their own (see :class:`QueryBuilder`).

Quoted phrases and ``AND`` parts must also *contain* their text; ``NOT``
parts must not.  Synonyms are scored like typed words, scaled down.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Callable, Mapping

from whoosh import query as wq
from whoosh.matching import ArrayUnionMatcher
from whoosh.matching.combo import CombinationMatcher

from corpus.search.analysis import Analysis, bigrams, han_runs, normalize_number
from corpus.search.backend import Filters, SearchQuery
from corpus.search.folding import fold
from corpus.search.query import Part
from corpus.search.ranking import Ranking


#: Only a part with a digit or a slash can be a clause id (5.9.4, 101.p5, 用語集/…).
_ID_LIKE = re.compile(r"[0-9０-９/]")


class QueryBuilder:
    """Builds the whoosh query for one search.

    ``share(field, term)`` gives the fraction of documents containing a term;
    terms above ``ranking.common`` (的, 卡牌 …) only cost time — like Lucene's
    common-terms query they are left out of the scored words, unless a part
    would be left with nothing.
    """

    def __init__(self, analysis: Analysis, ranking: Ranking, share: Callable[[str, str], float]):
        self.analysis = analysis
        self.ranking = ranking
        self.share = share

    def _rare(self, fieldname: str, terms: list[str]) -> list[str]:
        rare = [t for t in terms if self.share(fieldname, t) <= self.ranking.common]
        return rare or terms

    def build(self, query: SearchQuery) -> wq.Query:
        parts = query.parsed.parts
        positive = query.parsed.positive
        scored: list[wq.Query] = []
        for part in positive:
            scored += self.scored(part.text)
        typed = [p.text for p in positive if not p.phrase]
        if len(typed) > 1:  # an id with spaces in it (bs headings: 以 40 張以上的卡牌構築)
            typed.append(" ".join(typed))
        for text in typed:
            if _ID_LIKE.search(text):
                scored += self.pins(text)
        scored += self.proximity([part.text for part in positive])
        scored += self.synonyms(query.synonyms)
        result: wq.Query = Union(scored)
        required = [self.contains(p) for p in positive if p.phrase or p.required]
        if required:
            result = wq.AndMaybe(wq.ConstantScoreQuery(wq.And(required), 0.0), result)
        excluded = [self.contains(p) for p in parts if p.excluded]
        if excluded:
            result = wq.AndNot(result, wq.Or(excluded))
        return result

    def scored(self, text: str) -> list[wq.Query]:
        """Words, bigrams across word boundaries, and the exact Chinese text of one part."""
        folded = fold(text)
        words = list(dict.fromkeys(self.analysis.query_words(folded)))
        runs = han_runs(folded)
        # a single character of a longer Chinese run is scored through its bigrams
        scoring = [w for w in words if len(w) > 1 or not any(w in run and len(run) > 1 for run in runs)]
        found: list[wq.Query] = [wq.Term("words", w) for w in self._rare("words", scoring)]
        for run in runs:
            if len(run) < 2:
                continue
            grams = bigrams(run)
            spanning = [g for g in dict.fromkeys(grams) if g not in words]  # words score the rest
            if spanning:
                found += [wq.Term("grams", g, boost=self.ranking.grams) for g in self._rare("grams", spanning)]
            if len(grams) > 1:
                found += self._phrase("grams", grams, 1, self.ranking.substring)
        return found

    def proximity(self, texts: list[str]) -> list[wq.Query]:
        """The query's (uncommon) words near each other, in order."""
        words = self._rare("words", [w for t in texts for w in self.analysis.query_words(fold(t))])
        if len(words) < 2:
            return []
        return self._phrase("words", words, self.ranking.proximity_slop, self.ranking.proximity)

    def synonyms(self, by_game: Mapping[str, tuple[str, ...]]) -> list[wq.Query]:
        """Each synonym's words and exact text, scaled down.

        The service only passes the synonyms of the games being searched;
        they are applied to all of those games alike (scoping each term to
        the games whose file lists it would cost a posting-list intersection
        per term, for little difference: a concept means the same in every game).
        """
        found: list[wq.Query] = []
        boost = self.ranking.synonym
        for term in dict.fromkeys(t for terms in by_game.values() for t in terms):
            folded = fold(term)
            runs = han_runs(folded)
            if runs:  # Chinese: the indexed word when there is one, else the exact text
                for run in runs:
                    indexed = self.share("words", run) > 0
                    found += [wq.Term("words", run, boost=boost)] if indexed else self._exact(run, boost)
            else:  # English: the words, in order
                found += self._phrase("words", self.analysis.query_words(folded), 1, boost)
        return found

    def _exact(self, run: str, boost: float) -> list[wq.Query]:
        """A Chinese run as written: its bigrams in sequence (a single character: the word)."""
        if len(run) < 2:
            return [wq.Term("words", run, boost=boost)]
        return self._phrase("grams", bigrams(run), 1, boost)

    def _phrase(self, fieldname: str, terms: list[str], slop: int, boost: float) -> list[wq.Query]:
        """``terms`` in order, within ``slop``; nothing when a term occurs nowhere
        (a phrase that cannot match still costs a lookup in every segment)."""
        if not terms or not all(self.share(fieldname, t) for t in terms):
            return []
        if len(terms) == 1:
            return [wq.Term(fieldname, terms[0], boost=boost)]
        return [wq.Phrase(fieldname, terms, slop=slop, boost=boost)]

    def pins(self, text: str) -> list[wq.Query]:
        """The clause whose id is ``text`` first, the clauses under it next."""
        number = normalize_number(text)
        return [
            wq.ConstantScoreQuery(wq.Term("ids", number), self.ranking.pin),
            wq.ConstantScoreQuery(wq.Term("lineage", number), self.ranking.pin_descendants),
        ]

    def contains(self, part: Part) -> wq.Query:
        """Documents whose title or text contain the part (as written, for a phrase)."""
        folded = fold(part.text)
        conditions: list[list[wq.Query]] = []
        for run in han_runs(folded):
            if len(run) < 2:
                conditions.append([wq.Or([wq.Term("words", run), wq.Prefix("grams", run)])])
            else:
                conditions.append(self._exact(run, 1.0))
        latin = [(w, pos) for w, pos, _start, _end in self.analysis.words(folded, index=False) if not han_runs(w)]
        if part.phrase and len(latin) > 1:
            # a dropped stop word ("draw a card") leaves a gap the phrase must allow
            slop = max(b[1] - a[1] for a, b in zip(latin, latin[1:]))
            conditions.append(self._phrase("words", [w for w, _ in latin], slop, 1.0))
        else:
            conditions += [[wq.Term("words", w)] for w, _ in latin]
        if not conditions or not all(conditions):  # empty, or text that occurs nowhere
            return wq.NullQuery
        return wq.And([q for condition in conditions for q in condition])


class _ArrayUnion(ArrayUnionMatcher):
    """whoosh's array union, sized to the segment and cleared in one step.

    whoosh fills and clears its 2048-slot score array one slot at a time in
    Python, whatever the segment's size; with one small segment per book
    that bookkeeping was most of a search's time.
    """

    def __init__(self, submatchers, doccount: int, boost: float = 1.0):
        CombinationMatcher.__init__(self, submatchers, boost=boost)
        self._scored = True
        self._doccount = doccount
        self._partsize = max(1, min(2048, doccount))
        self._a = array("d", bytes(8 * self._partsize))
        self._docnum = self._min_id()
        self._read_part()

    def _read_part(self):
        offset = self._docnum
        limit = min(offset + self._partsize, self._doccount)
        scores = self._a
        scores[:] = array("d", bytes(8 * self._partsize))
        for matcher in self._submatchers:
            while matcher.is_active() and matcher.id() < limit:
                scores[matcher.id() - offset] += matcher.score() * self._boost
                matcher.next()
        self._offset = offset
        self._limit = limit


class Union(wq.Or):
    """``Or`` over the scored matches, with :class:`_ArrayUnion` as its matcher."""

    def _matcher(self, subs, searcher, context):
        matchers = [sub.matcher(searcher, context) for sub in subs]
        return _ArrayUnion(matchers, searcher.doc_count_all(), boost=self.boost)


def filter_query(filters: Filters) -> wq.Query:
    """The documents a search may return."""
    conditions: list[wq.Query] = []
    for fieldname, values in (("game", filters.games), ("version", filters.versions), ("kind", filters.kinds)):
        if values:
            conditions.append(wq.Or([wq.Term(fieldname, v) for v in values]))
    if not filters.versions and not filters.all_versions:
        conditions.append(wq.Term("latest", "y"))
    return wq.And(conditions) if conditions else wq.Every()
