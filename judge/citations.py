"""The one registry of clauses the engines cite, with the phrase each relies on.

An engine never writes a bare clause id into a ruling: it declares, once, the
clauses it may cite and for each the words of the rulebook its logic depends
on (``"8.1.1": "當疊加三張牌成為四張牌時"``).  :class:`Trace` refuses any id
that is not declared, and :func:`verify` checks every declaration against a
parsed rulebook, so a new version that drops or rewords a clause fails loudly,
naming the clause, instead of producing rulings that cite the wrong text.

Phrases are compared with all whitespace removed, because PDF extraction puts
spaces in odd places (``"3 處或以上"``) and the corpus may or may not repair them.

>>> rules = Citations("demo", {"1.1": "two players"})
>>> rules("1.1")
('1.1',)
>>> rules("9.9")
Traceback (most recent call last):
...
KeyError: "demo engine cites unregistered clauses: ['9.9']"
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from corpus.model import Book

_SPACE = re.compile(r"\s+")


def _squeeze(text: str) -> str:
    return _SPACE.sub("", text)


@dataclass(frozen=True, slots=True)
class Reliance:
    """One clause an engine cites and the phrase it relies on."""

    game: str
    clause: str
    phrase: str


class Citations:
    """The clauses one game's engine may cite."""

    def __init__(self, game: str, relied_on: Mapping[str, str]):
        self.game = game
        self.relied_on = MappingProxyType(dict(relied_on))

    def __call__(self, *ids: str) -> tuple[str, ...]:
        unknown = [i for i in ids if i not in self.relied_on]
        if unknown:
            raise KeyError(f"{self.game} engine cites unregistered clauses: {unknown}")
        return ids

    def __contains__(self, clause_id: str) -> bool:
        return clause_id in self.relied_on

    def __iter__(self) -> Iterator[Reliance]:
        for clause, phrase in self.relied_on.items():
            yield Reliance(self.game, clause, phrase)


def verify(citations: Citations, book: Book) -> list[str]:
    """Every way ``book`` breaks the citations.

    Returns one message per broken clause, naming it; an empty list means
    every cited clause exists in that version and still says what the engine
    relies on.
    """
    problems = []
    for reliance in citations:
        clause = book.get(reliance.clause)
        where = f"{book.game} {book.version} clause {reliance.clause}"
        if clause is None:
            problems.append(f"{where} does not exist")
            continue
        text = _squeeze(f"{clause.title or ''}{clause.text}")
        if _squeeze(reliance.phrase) not in text:
            problems.append(f"{where} no longer contains 「{reliance.phrase}」")
    return problems
