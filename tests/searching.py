"""What the ranking tests on the real books share: a search without the synonym files, one
ranking weight switched for a while, and the expected clauses found by a phrase of their text."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from corpus.library import load_book
from corpus.search.ranking import DEFAULT_RANKING
from corpus.search.service import Searcher


def plain_searcher() -> Searcher:
    """A searcher over the bundled books with its index built, without the synonym files: they must
    not be why a ranking test passes."""
    searcher = Searcher(synonyms=False)
    searcher.refresh()
    return searcher


@contextmanager
def ranked_with(searcher: Searcher, **weights: float) -> Iterator[Searcher]:
    """The same searcher with these ranking weights changed, until the block ends."""
    searcher.backend.ranking = DEFAULT_RANKING.with_(**weights)
    try:
        yield searcher
    finally:
        searcher.backend.ranking = DEFAULT_RANKING


def clauses_with(game: str, phrase: str) -> set[str]:
    """The clauses of ``game``'s newest book whose text holds ``phrase`` (at least one)."""
    found = {clause.id for clause in load_book(game).clauses if phrase in clause.text}
    assert found, phrase
    return found


def ranked(searcher: Searcher, query: str, game: str, limit: int = 10) -> list[str]:
    return [hit.id for hit in searcher.search(query, game=game, limit=limit).hits]
