"""An English word's translations are weighed by the query's other words, on the real books.

"condition" translates both 条件 and 状态; uhb's 全力状态和衰弱状态 section says 状态 over and
over, and its rules on how a game ends (结束游戏) say 赢 and 条件.  With the query's other word
("win") the search must take the sense the book uses beside it.  Expected clauses are found in
the parsed books by a phrase of their text, not through the index; each test also runs the
search with the weighing switched off, so that it shows what the weighing does.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from corpus.search.ranking import DEFAULT_RANKING
from corpus.search.service import Searcher
from tests.searching import clauses_with, plain_searcher, ranked, ranked_with


@pytest.fixture(scope="module")
def searcher() -> Searcher:
    return plain_searcher()


@pytest.fixture
def unweighed(searcher) -> Iterator[Searcher]:
    """The same searcher with every translation of a word counted alike."""
    with ranked_with(searcher, cohesion=0.0) as changed:
        yield changed


def test_the_other_word_of_the_query_picks_the_sense_the_book_uses_beside_it(searcher, unweighed):
    # the 全力状态和衰弱状态 section and what cites it
    weakened = clauses_with("uhb", "衰弱状态") | clauses_with("uhb", "全力状态")
    (ending,) = clauses_with("uhb", "当任何一位玩家输、任何一位玩家赢或一局游戏平手时")
    before = ranked(unweighed, "win condition", "uhb")
    assert set(before[:3]) <= weakened and before.index(ending) > 3, before
    searcher.backend.ranking = DEFAULT_RANKING
    after = ranked(searcher, "win condition", "uhb")
    assert after[0] == ending and not weakened & set(after[:3]), after


def test_a_word_alone_keeps_all_its_senses(searcher, unweighed):
    before = ranked(unweighed, "condition", "uhb", limit=20)
    searcher.backend.ranking = DEFAULT_RANKING
    assert ranked(searcher, "condition", "uhb", limit=20) == before
