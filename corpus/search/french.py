"""How a French word is indexed and searched: elision, stop words, accent folding, a stem.

People type French without its accents (``degats`` for ``dégâts``), so the
accents are folded away first and the word stemmed after, on both sides:
``dégâts``, ``dégât`` and ``degats`` are one term.  The stemmer is whoosh's
Snowball French; without its accents it can no longer tell the participle's
``-é``/``-ée`` from a silent ``-e``, so one final ``e`` of a stem is dropped
too (``retirée``, ``retiré`` and ``retirer`` all give ``retir``).

>>> [french_term(w) for w in ("dégâts", "degats", "l’adversaire", "adversaires", "piochez", "de")]
['degat', 'degat', 'adversair', 'adversair', 'pioch', None]
>>> [french_term(w) for w in ("retirée", "retiree", "retirer", "infligés", "inflige")]
['retir', 'retir', 'retir', 'inflig', 'inflig']
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from functools import cache, lru_cache

#: A word's elided article, pronoun or conjunction (``l’``, ``qu’``) is not part of it.
ELISIONS = frozenset("c d j l m n s t qu jusqu lorsqu puisqu quoiqu".split())
#: Articles, prepositions and conjunctions only (accents folded), as for English: rule text
#: leans on ``ne … pas``, ``peut``, ``si`` and ``quand``, so those are kept.
FRENCH_STOP_WORDS = frozenset(
    "a au aux avec ce ces cet cette d dans de des du en et l la le les ou par pour que qu sur un une".split()
)


@cache
def _stemmer() -> Callable[[str], str]:
    """whoosh's Snowball French stemmer, loaded by the first French word (most searches have none)."""
    from whoosh.lang import stemmer_for_language

    stem: Callable[[str], str] = stemmer_for_language("fr")
    return stem


def fold_accents(word: str) -> str:
    """``dégâts`` → ``degats``, ``œuvre`` → ``oeuvre``: what a keyboard without accents types."""
    bare = "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))
    return bare.replace("œ", "oe").replace("æ", "ae")


@lru_cache(maxsize=65536)
def french_term(word: str) -> str | None:
    """The indexed form of a lower-case French word: its stem without accents, or None for a stop word."""
    prefix, apostrophe, rest = word.replace("’", "'").partition("'")
    if apostrophe and prefix in ELISIONS:
        word = rest
    word = fold_accents(word)
    if word in FRENCH_STOP_WORDS:
        return None
    if not word.isalpha():
        return word
    stem = _stemmer()(word)
    return stem[:-1] if len(stem) > 4 and stem.endswith("e") else stem
