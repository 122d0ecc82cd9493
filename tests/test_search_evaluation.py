"""The plan runner (``whoosh_search``) finds what whoosh's own query evaluation finds, scored alike.

Arbiter runs its query plans without whoosh's matcher tree and collector
(for speed); here whoosh evaluates the same plan the way the plan says —
``AndNot(AndMaybe(required, Or(scored + the game's synonyms)), excluded)``
under BM25F, times each clause kind's factor — and both must agree on
every matching document of the real corpus and on its score.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
import yaml
from whoosh import query as wq
from whoosh.scoring import BM25F

from corpus.search.backend import Filters, SearchQuery
from corpus.search.query import parse_query
from corpus.search.service import Searcher, without_question_words
from corpus.search.synonyms import expansions
from corpus.search.whoosh_query import QueryBuilder

ROOT = Path(__file__).resolve().parents[1]
BENCH = [
    (entry["game"], str(entry["query"]))
    for entry in yaml.safe_load((ROOT / "bench" / "queries.yaml").read_text(encoding="utf-8"))
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


def plan_for(searcher: Searcher, text: str, game: str):
    parsed = without_question_words(parse_query(text))
    synonyms = expansions(" ".join(p.text for p in parsed.positive), [game])
    opened = searcher.backend._current()
    index_searcher = searcher.backend._searcher(opened)
    return QueryBuilder(opened.analysis, searcher.backend.ranking, index_searcher.share).build(
        SearchQuery(parsed, synonyms)
    ), index_searcher


def whoosh_scores(index, index_searcher, plan, game: str) -> dict[int, float]:
    ranking = index_searcher.ranking
    scored = wq.Or(list(plan.scored) + list(plan.synonyms.get(game, ())))
    query = scored if plan.required is None else wq.AndMaybe(plan.required, scored)
    if plan.excluded is not None:
        query = wq.AndNot(query, plan.excluded)
    newest = next(book for book in index_searcher.newest if book.startswith(f"{game}@"))
    with index.searcher(weighting=BM25F(B=ranking.b, K1=ranking.k1)) as plain:
        kinds = plain.reader().column_reader("kind")
        return {
            hit.docnum: hit.score * ranking.kind_factor(kinds[hit.docnum])
            for hit in plain.search(query, limit=None, filter=wq.Term("book", newest))
        }


@pytest.mark.parametrize(("game", "text"), BENCH + OPERATORS)
def test_the_plan_runner_agrees_with_whoosh(searcher, game, text):
    plan, index_searcher = plan_for(searcher, text, game)
    ours, total = index_searcher.run(plan, Filters(games=(game,)), limit=100_000)
    expected = whoosh_scores(searcher.backend._current().index, index_searcher, plan, game)
    assert total == len(ours) == len(expected)
    assert {docnum for _score, docnum in ours} == set(expected)
    for score, docnum in ours:
        assert math.isclose(score, expected[docnum], rel_tol=1e-9), docnum
    assert [docnum for _score, docnum in ours] == sorted(expected, key=lambda d: (-round(expected[d], 9), d))
