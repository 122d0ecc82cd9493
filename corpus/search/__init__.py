"""Full-text search over every clause of every rulebook version.

The modules, in the order a search passes through them:

* :mod:`~corpus.search.query` — the query language, parsed to plain data;
* :mod:`~corpus.search.synonyms` — per-game synonym files (YAML);
* :mod:`~corpus.search.service` — :class:`~corpus.search.service.Searcher`,
  what callers use: filters, synonyms, snippets, paging, index upkeep;
* :mod:`~corpus.search.backend` — the ``SearchBackend`` protocol a search
  engine implements; :mod:`~corpus.search.whoosh_backend` (with
  ``whoosh_schema`` and ``whoosh_query``) is the whoosh one;
* :mod:`~corpus.search.documents` — clauses as index documents, and the
  corpus fingerprint that decides when to rebuild;
* :mod:`~corpus.search.folding`, :mod:`~corpus.search.analysis`,
  :mod:`~corpus.search.userdict` — script folding, segmentation, bigrams;
* :mod:`~corpus.search.ranking` — the tuned ranking weights;
* :mod:`~corpus.search.snippets` — highlighted snippets in the book's script.

Importing this package is cheap; whoosh and jieba load on first search.
"""

from __future__ import annotations


def search(query: str, **options):
    """Search with the process-wide :class:`~corpus.search.service.Searcher`."""
    from corpus.search.service import default_searcher

    return default_searcher().search(query, **options)
