"""What the search tests share: for the ranking tests on the real books, a search without the
synonym files, one ranking weight switched for a while, and the expected clauses found by a phrase
of their text; for the start-up tests, what a fresh interpreter loads and prints."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

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


def in_fresh_python(code: str, home: Path) -> Any:
    """What ``code`` prints as JSON when run by a new interpreter with ``home`` as Arbiter's home:
    in the test process other modules have loaded what a command-line search may not."""
    shown = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"ARBITER_HOME": str(home), "PATH": ""},
    )
    return json.loads(shown.stdout)
