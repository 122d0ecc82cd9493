"""Full-text search over every clause of every rulebook version.

The modules, in the order a search passes through them:

* :mod:`~corpus.search.query` — the query language, parsed to plain data;
* :mod:`~corpus.search.synonyms` — per-game synonym files (YAML);
* :mod:`~corpus.search.service` — :class:`~corpus.search.service.Searcher`,
  what callers use: filters, synonyms, snippets, paging, index upkeep;
* :mod:`~corpus.search.backend` — the ``SearchBackend`` protocol a search
  engine implements; :mod:`~corpus.search.whoosh_backend` is the whoosh
  one: the index on disk, its builds and incremental updates (with
  ``whoosh_schema`` for the fields and ``whoosh_writing`` for the segments),
  and searching (``whoosh_query`` builds a plan, ``whoosh_search`` runs it);
* :mod:`~corpus.search.documents` — clauses as index documents, and the
  fingerprints (corpus and rulebook version) that decide what to re-index;
* :mod:`~corpus.search.folding`, :mod:`~corpus.search.analysis`,
  :mod:`~corpus.search.userdict` — script folding, segmentation, bigrams;
* :mod:`~corpus.search.ranking` — the tuned ranking weights;
* :mod:`~corpus.search.snippets` — highlighted snippets in the book's script.

Importing this package is cheap; whoosh and jieba load on first search
(whoosh's compatibility module excepted, :mod:`~corpus.search.whoosh_loading`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from corpus.search.whoosh_loading import load_whoosh_basics

if TYPE_CHECKING:
    from corpus.search.service import SearchResults

load_whoosh_basics()  # before any module of the package imports whoosh


def search(query: str, **options: Any) -> SearchResults:
    """Search with the process-wide :class:`~corpus.search.service.Searcher`."""
    from corpus.search.service import default_searcher

    return default_searcher().search(query, **options)
