"""Ranking weights: how much each kind of match counts.

All but ``title`` and ``path`` apply at query time, so they can be tuned
without rebuilding the index.  The defaults are the values chosen by
``python bench/search.py --tune`` (coordinate ascent maximising MRR@10 +
recall@5 on ``bench/queries.yaml``), not set by hand on single queries;
re-run it after changing the analysis.  On the bundled query set the
title and heading-path weights came out at 1: their words count as
evidence, but not more than a word of the text (a short title already
scores high through BM25's length normalisation, b = 0.9).  A two-fold
check (tune on half the queries, measure on the other half) moved MRR@10
by about ±0.01: the weights sit on a plateau, not on a few queries.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True)
class Ranking:
    k1: float = 1.6  # BM25 term-frequency saturation
    b: float = 0.9  # BM25 length normalisation
    # Index time (BM25F): a word in the clause's own title, or in its
    # ancestors' titles, weighs this many times a word of its text.
    title: float = 1.0
    path: float = 1.0
    grams: float = 1.0  # a Chinese character bigram of the query (recall)
    substring: float = 0.5  # the query's Chinese text verbatim (bigrams in sequence)
    proximity: float = 1.0  # the query's words close together in the text
    proximity_slop: int = 3  # how many words apart still counts as close
    common: float = 0.2  # words in more than this share of clauses are not scored alone
    synonym: float = 0.3  # a synonym's match, relative to the typed word's
    pin: float = 1000.0  # the clause whose id was typed
    pin_descendants: float = 500.0  # the clauses under it
    kinds: tuple[tuple[str, float], ...] = (("rule", 1.0), ("example", 0.85), ("note", 0.9))

    def kind_factor(self, kind: str) -> float:
        """Multiplier for a clause of ``kind`` (1.0 for kinds not listed)."""
        return dict(self.kinds).get(kind, 1.0)

    def with_(self, **changes: Any) -> Ranking:
        return replace(self, **changes)


DEFAULT_RANKING = Ranking()
