"""Pseudo-relevance feedback: the words of a first pass's best clauses, searched again.

A question in the asker's own words shares a word or two with the clause it
is after and often none of the words that clause is built on: 手里最多能留几张牌
asks for uhb's 手牌上限.  The clauses a first pass ranks highest are mostly
about the question's subject all the same, so their distinctive words are
searched in a second pass, at a small weight (relevance feedback without a
judge: Rocchio 1971; the relevance model, RM3, of Lavrenko & Croft 2001 and
Abdul-Jaleel et al. 2004).  A word's weight is its share of each clause's
words (as the index weighs them: a title's words count more) times that
clause's first-pass score relative to the best, summed over the clauses,
times the word's inverse document frequency in the clause's book; the best
few are kept, scaled so that the heaviest counts
:attr:`~corpus.search.ranking.Ranking.feedback` of a typed word.

Only a query with a word the books do not use gets a second pass: one in the
book's own words is found by them, and feedback only moves its answer
(measured on the dev half: see the README's Search section).

>>> shares = {"手牌": 0.05, "上限": 0.02, "的": 0.9, "张": 0.3, "张数": 0.02}
>>> feedback_words([({"手牌": 5, "上限": 5, "为": 1, "的": 1}, 1.0), ({"手牌": 1, "张数": 1}, 0.5)],
...     lambda word: shares.get(word, 0.0), typed={"手牌"}, common=0.1, keep=8)
[('上限', 1.0), ('张数', 0.5)]
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from math import log


def feedback_words(
    clauses: list[tuple[Mapping[str, float], float]],
    share: Callable[[str], float],
    typed: Collection[str],
    common: float,
    keep: int,
) -> list[tuple[str, float]]:
    """The ``keep`` heaviest words of ``clauses`` (each a clause's words with their weights in it,
    and the clause's weight), with their weights relative to the heaviest; not the ``typed`` ones,
    single characters, nor words the book lacks or holds in more than ``common`` of its clauses
    (they say nothing of the subject)."""
    mass: dict[str, float] = {}
    for words, weight in clauses:
        kept = {word: value for word, value in words.items() if len(word) > 1}  # a character names nothing
        total = sum(kept.values())
        for word, value in kept.items():
            mass[word] = mass.get(word, 0.0) + weight * value / total
    weighed = {
        word: value * log(1 / share(word))
        for word, value in mass.items()
        if word not in typed and 0 < share(word) <= common
    }
    best = sorted(weighed.items(), key=lambda item: (-item[1], item[0]))[:keep]
    return [(word, value / best[0][1]) for word, value in best]
