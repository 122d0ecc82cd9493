"""Ranking weights: how much each kind of match counts.

All but ``title`` and ``path`` apply at query time, so they can be tuned
without rebuilding the index.  The defaults are the values chosen by
``python bench/search.py --tune`` (coordinate ascent maximising MRR@10 +
recall@5 on the dev half of the query set, ``bench/queries-dev.yaml``, with
the synonym files off), not set by hand on single queries; re-run it after
changing the analysis.  Its two-fold check (tune on half the dev queries,
measure on the other half) moved MRR@10 by -0.013 and +0.025: the weights
sit on a plateau, and the README's ablation shows what each part buys.
``proximity_slop`` was measured alone on the dev half once English words
met the glosses in order across a query's parts (MRR@10 0.696 at 3, 0.700
at 4 to 6, 0.697 at 8): 5 is the middle of that plateau.  The second pass's
``feedback`` weights were measured alone on the dev half (README, Search).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True)
class Ranking:
    k1: float = 0.8  # BM25 term-frequency saturation
    b: float = 0.3  # BM25 length normalisation
    # Index time (BM25F): a word in the clause's own title, or in its
    # ancestors' titles, weighs this many times a word of its text.
    title: float = 5.0
    path: float = 2.0
    grams: float = 0.25  # a Chinese character bigram of the query (recall)
    substring: float = 0.5  # the query's Chinese text verbatim (bigrams in sequence)
    proximity: float = 0.0  # the query's words close together in the text
    proximity_slop: int = (
        5  # how many words apart still counts as close (English words: glossed Chinese words)
    )
    common: float = 0.1  # words in more than this share of clauses are not scored alone
    synonym: float = 0.3  # a synonym's match, relative to the typed word's
    gloss: float = 1.0  # an English word meeting a Chinese word's dictionary gloss
    translation: float = 0.25  # an English word's Chinese translations (win: 赢得, 获胜) as words of the text
    related: float = 0.25  # the English words that translate the same Chinese words (win: victory)
    #: how far an English word's translation that shares no section with the query's other words
    #: counts less than the one that shares most (0: all alike; below 1, so it still counts)
    cohesion: float = 0.9
    cohesion_prior: float = 0.05  # added to every translation's cohesion: how little evidence counts
    pivot: float = 0.1  # a Chinese word's own glosses meeting another Chinese word's (朝下 ~ 暗盖)
    characters: float = 0.5  # a character of a word nothing in the book spells that way
    #: a second pass for a query with a word the books do not use (:mod:`~corpus.search.feedback`):
    #: the heaviest of its words counts this much of a typed word's match
    feedback: float = 0.05
    feedback_clauses: int = 3  # how many of the first pass's best clauses it reads
    feedback_words: int = 8  # how many of their words it searches
    titled: float = 50.0  # the clause whose title was typed (above any match of words)
    pin: float = 1000.0  # the clause whose id was typed
    pin_descendants: float = 500.0  # the clauses under it
    kinds: tuple[tuple[str, float], ...] = (("rule", 1.0), ("example", 0.85), ("note", 0.9))
    heading: float = 0.5  # a clause that is only a title (its text is in the clauses under it)

    def kind_factor(self, kind: str) -> float:
        """Multiplier for a clause of ``kind`` (1.0 for kinds not listed)."""
        return dict(self.kinds).get(kind, 1.0)

    def with_(self, **changes: Any) -> Ranking:
        return replace(self, **changes)


DEFAULT_RANKING = Ranking()
