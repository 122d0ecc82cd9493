"""The plan runner (``whoosh_search``) finds what whoosh's own query evaluation finds, scored alike.

Arbiter runs its query plans without whoosh's matcher tree and collector
(for speed: ``bench/search.py`` measures both), weighing each book by its
own statistics.  Here whoosh evaluates the same plan the way the plan says —
``AndNot(AndMaybe(required, Or(AndMaybe(Or(scored + the game's synonyms), Or(boosting)), Or(second
pass))), excluded)`` under BM25F, times each clause's factor, plus the pinned constants — over an
index that holds only that book, and both must agree on every matching document and its score.  The
second pass's words are worked out here from whoosh's own first pass (its best documents, their term
vectors and the book's document frequencies).
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pytest
import yaml
from whoosh import index as whoosh_index
from whoosh import query as wq
from whoosh.scoring import BM25F

from corpus.search.backend import Filters, SearchQuery
from corpus.search.feedback import feedback_words
from corpus.search.query import parse_query
from corpus.search.service import Searcher, without_question_words
from corpus.search.synonyms import expansions
from corpus.search.whoosh_backend import WhooshBackend
from corpus.search.whoosh_query import QueryBuilder
from corpus.search.whoosh_schema import build_schema
from corpus.search.whoosh_writing import write_books

ROOT = Path(__file__).resolve().parents[1]
BENCH = [
    (entry["game"], str(entry["query"]))
    for name in ("queries.yaml", "queries-dev.yaml")
    for entry in yaml.safe_load((ROOT / "bench" / name).read_text(encoding="utf-8"))
]
OPERATORS = [
    ("ucg", '"勝利條件" 玩家'),
    ("ucg", "手牌 AND 上限 -張"),
    ("gcg", "先攻 NOT 後攻"),
    ("dbscg", '"draw a card" -energy'),
    ("uhb", "1.3.2 胜利"),
    ("bs", "BP AND 阻擋"),
]


@pytest.fixture(scope="module")
def searcher() -> Searcher:
    searcher = Searcher()
    searcher.refresh()
    return searcher


@pytest.fixture(scope="module")
def alone(searcher, tmp_path_factory):
    """game → a whoosh index of the game's newest version alone, analysed as Arbiter's is."""
    from corpus.search.bilingual import cc_cedict
    from corpus.search.documents import library_snapshot

    opened = searcher.backend._current()
    analysis = type(opened.analysis)(opened.analysis.segmenter, cc_cedict())
    indexes = {}
    for book in library_snapshot().books:
        if book.latest:
            folder = tmp_path_factory.mktemp(
                book.game
            )  # on disk: whoosh's RAM index spills to a shared /tmp file
            index = whoosh_index.create_in(str(folder), build_schema(analysis, searcher.backend.ranking))
            write_books(index, [book])
            indexes[book.game] = index
    return indexes


def plan_for(searcher: Searcher, text: str, game: str):
    parsed = without_question_words(parse_query(text))
    synonyms = expansions(" ".join(p.text for p in parsed.positive), [game])
    opened = searcher.backend._current()
    index_searcher = searcher.backend._searcher(opened)

    def share(fieldname, term):
        return index_searcher.share(fieldname, term, Filters(games=(game,)))

    def sections(fieldname, term):
        return index_searcher.sections(fieldname, term, Filters(games=(game,)))

    builder = QueryBuilder(
        opened.analysis, searcher.backend.ranking, share, lambda: opened.glosses, sections=sections
    )
    return builder.build(SearchQuery(parsed, synonyms)), index_searcher


def whoosh_scores(index, ranking, plan, game: str) -> dict[int, float]:
    scored = wq.Or(list(plan.scored) + list(plan.synonyms.get(game, ())))
    if plan.boosting:
        scored = wq.AndMaybe(scored, wq.Or(list(plan.boosting)))
    if plan.feedback is not None:
        first = whoosh_scores(index, ranking, replace(plan, pinned=(), feedback=None), game)
        scored = wq.Or([scored, *second_pass(index, ranking, plan.feedback, first)])
    query = scored if plan.required is None else wq.AndMaybe(plan.required, scored)
    with index.searcher(weighting=BM25F(B=ranking.b, K1=ranking.k1)) as plain:
        kinds = plain.reader().column_reader("kind")
        headings = plain.reader().column_reader("heading")
        found = {
            hit.docnum: hit.score
            * ranking.kind_factor(kinds[hit.docnum])
            * (ranking.heading if headings[hit.docnum] == "1" else 1.0)
            for hit in plain.search(query, limit=None)
        }
        for pin in plan.pinned:  # constant, after the factor; a pin alone matches only with no required part
            for docnum in pin.docs(plain):
                if docnum in found or plan.required is None:
                    found[docnum] = found.get(docnum, 0.0) + pin.score
        if plan.excluded is not None:
            for docnum in plan.excluded.docs(plain):
                found.pop(docnum, None)
        return found


def second_pass(index, ranking, typed, first: dict[int, float]) -> list[wq.Query]:
    """The second pass's words, from the best documents of ``first`` (equal scores in document order)."""
    best = sorted(first, key=lambda d: (-first[d], d))[: ranking.feedback_clauses]
    if not best:
        return []
    with index.reader() as reader:
        clauses = [(dict(reader.vector_as("weight", d, "words")), first[d] / first[best[0]]) for d in best]
        size = reader.doc_count_all()
        words = feedback_words(
            clauses,
            lambda word: reader.doc_frequency("words", word) / size,
            typed,
            ranking.common,
            ranking.feedback_words,
        )
    return [wq.Term("words", word, boost=ranking.feedback * weight) for word, weight in words]


@pytest.mark.parametrize(("game", "text"), BENCH + OPERATORS)
def test_the_plan_runner_agrees_with_whoosh(searcher, alone, game, text):
    plan, index_searcher = plan_for(searcher, text, game)
    ours, total = index_searcher.run(plan, Filters(games=(game,)), limit=100_000)
    expected = whoosh_scores(alone[game], index_searcher.ranking, plan, game)
    first = next(
        s.offset
        for s in index_searcher._segments
        if s.offset in index_searcher.allowed(Filters(games=(game,)))
    )
    ours = [(score, docnum - first) for score, docnum in ours]  # the book's own numbering
    assert total == len(ours) == len(expected)
    assert {docnum for _score, docnum in ours} == set(expected)
    for score, docnum in ours:
        assert math.isclose(score, expected[docnum], rel_tol=1e-9), docnum
    assert [docnum for _score, docnum in ours] == sorted(expected, key=lambda d: (-round(expected[d], 9), d))


def test_a_search_opens_the_segments_of_the_books_it_searches_and_no_other(searcher):
    """A segment's files are read into memory when a search first reaches it: a search of one
    game opens that game's newest version alone, and finds what a searcher that opened every
    segment finds; a search of every game opens every game's newest version."""
    fresh = Searcher(WhooshBackend(searcher.backend.directory))
    found = fresh.search("勝利條件", game="ucg")
    opened = fresh.backend._current()
    index_searcher = fresh.backend._searcher(opened)

    def read() -> set[str]:
        return {f"{s.game}@{s.version}" for s in index_searcher._segments if s.opened}

    assert read() == {key for key in opened.newest if key.startswith("ucg@")}
    searcher.search("勝利條件")  # opens every game's newest version
    assert found == searcher.search("勝利條件", game="ucg")
    fresh.search("勝利條件")
    assert read() == opened.newest
