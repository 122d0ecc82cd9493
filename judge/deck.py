"""Deck lists: the schema every game's ``deck`` question reads, and the counts.

Every rulebook limits a deck the same two ways — a size (exactly, or at
least, N cards) and a number of copies per "same card" — and differs only in
what "same card" means: same card number (uhb 2.0.7), same name *and* number
(ucg 4.1.2), identical text (zd 327) …  So the counting is written once and
the engine passes the key that its rulebook defines.

>>> cards = [DeckCard(number="X-1", name="Zero", count=3),
...          DeckCard(number="X-1P", name="Zero", count=2, counts_as="X-1")]
>>> total(cards)
5
>>> over_limit(cards, by_number, 4)
[('X-1', 5)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

from pydantic import Field

from judge.board import BoardModel
from judge.bounds import Copies
from judge.ruling import Trace


class DeckCard(BoardModel):
    """One line of a deck list: ``count`` copies of card ``number``."""

    number: str = Field(min_length=1)
    name: str = Field(min_length=1)
    count: Copies
    #: the card number this printing counts as (an alternate-art version)
    counts_as: str | None = None


Card = TypeVar("Card", bound=DeckCard)
Key = TypeVar("Key", bound=Hashable)


def by_number(card: DeckCard) -> str:
    return card.counts_as or card.number


def by_name_and_number(card: DeckCard) -> tuple[str, str]:
    return (card.name, card.counts_as or card.number)


def total(cards: Iterable[DeckCard]) -> int:
    return sum(card.count for card in cards)


def copies(cards: Iterable[Card], key: Callable[[Card], Key]) -> Counter[Key]:
    counts: Counter[Key] = Counter()
    for card in cards:
        counts[key(card)] += card.count
    return counts


def over_limit(
    cards: Iterable[Card], key: Callable[[Card], Key], limit: int | Callable[[Key], int | None]
) -> list[tuple[Key, int]]:
    """Each "same card" with more than its limit of copies, in first-seen order.

    ``limit`` is one number for every card, or a function of the key giving
    each card's own limit (``None``: no limit — a rulebook's stated exceptions).
    """
    limit_of = limit if callable(limit) else (lambda _key: limit)
    found = []
    for k, n in copies(cards, key).items():
        most = limit_of(k)
        if most is not None and n > most:
            found.append((k, n))
    return found


def check_size(
    trace: Trace,
    cards: int,
    expected: int,
    cites: tuple[str, ...],
    fits: str,
    wrong: str,
    *,
    at_least: bool = False,
) -> bool:
    """Step for a deck size: exactly ``expected`` cards, or ``at_least`` that many.

    ``fits``/``wrong`` are the engine's sentences, in the rulebook's language;
    both may use ``{cards}`` and ``{expected}``.  The clause is decisive when
    the size is wrong.
    """
    ok = cards >= expected if at_least else cards == expected
    text = (fits if ok else wrong).format(cards=cards, expected=expected)
    trace.step(text, *cites, decisive=not ok, cards=cards, expected=expected)
    return ok
