"""The second pass (pseudo-relevance feedback) on the real books.

A question in the asker's own words gets a second pass: the distinctive words
of the first pass's best clauses, searched at a small weight.  gcg never says
后手 ("the second player") — it says 後攻 — so "what does the second player
get in return" finds the rules on choosing who goes first, and their words
(後攻玩家, …) lead to the clause giving the second player an EX 能源.  A query
in the book's own words gets no second pass, nor does English that meets a Chinese
book's glosses.  Expected clauses are found in
the parsed books by a phrase of their text, not through the index; each test
also runs the search with the second pass switched off, to show what it does.
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
def one_pass(searcher) -> Iterator[Searcher]:
    """The same searcher without the second pass."""
    with ranked_with(searcher, feedback=0.0) as changed:
        yield changed


def test_the_best_clauses_words_bridge_a_word_the_book_does_not_use(searcher, one_pass):
    (compensation,) = clauses_with("gcg", "後攻玩家將 1 張活躍狀態的「EX 能源」的替代卡置於能源區")
    assert compensation not in ranked(one_pass, "后手有什么补偿", "gcg")
    searcher.backend.ranking = DEFAULT_RANKING
    assert compensation in ranked(searcher, "后手有什么补偿", "gcg")


def test_the_second_pass_puts_the_rule_on_the_subject_first(searcher, one_pass):
    (more_wins,) = clauses_with("ucg", "若彼此皆有 3 處或以上為勝利狀態時")
    before = ranked(one_pass, "两边都赢了三场以上怎么办", "ucg")
    assert before[0] != more_wins and more_wins in before[:3], before
    searcher.backend.ranking = DEFAULT_RANKING
    assert ranked(searcher, "两边都赢了三场以上怎么办", "ucg")[0] == more_wins


@pytest.mark.parametrize(
    ("game", "query"),
    [("gcg", "休息狀態"), ("ucg", "勝利條件"), ("dbscg", "draw a card"), ("gcg", "win condition")],
)
def test_a_query_in_the_books_own_words_gets_no_second_pass(searcher, one_pass, game, query):
    before = searcher.search(query, game=game, limit=20).hits
    searcher.backend.ranking = DEFAULT_RANKING
    after = searcher.search(query, game=game, limit=20).hits
    assert [(hit.id, hit.score) for hit in after] == [(hit.id, hit.score) for hit in before]
