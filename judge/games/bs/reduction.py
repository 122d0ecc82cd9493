"""Cost reduction (費用減輕): symbols on the field against a card's reduction symbols.

The book computes it colour by colour (費用與能量 › ③): for each colour of
the card's reduction symbols, the smaller of that many and the field's
symbols of that colour; the sum is the reduction, and taking it is
mandatory.  A six-colour reduction symbol (6 色) is reduced by a symbol of
any of the six colours; a god (神) or ultimate (究極) symbol reduces only
its own kind, except that a coloured god symbol is both (紅色的神標誌既是紅色
標誌，也是神標誌).

What the book does not say is whether one field symbol may serve two of
the card's reduction symbols at once — a red god symbol for a red and a god
reduction symbol, or a red symbol for a red and a six-colour one.
:func:`reduce` computes both readings: the colour-by-colour sum, and the
reduction when each field symbol reduces once (a maximum matching); the
ruling reports the silence when they differ.

>>> red, purple = frozenset({Colour.RED}), frozenset({Colour.PURPLE})
>>> r = reduce({Reduction.RED: 2, Reduction.WHITE: 1}, [red, red, red, purple])
>>> r.by_kind[Reduction.RED], r.by_kind[Reduction.WHITE], r.total, r.overlap_matters
(2, 0, 2, False)
>>> reduce({Reduction.RED: 1, Reduction.ANY: 1}, [red]).overlap_matters
True
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated

from pydantic import BeforeValidator


class Colour(enum.StrEnum):
    """A kind a symbol can have; a symbol may have two (a red god symbol)."""

    RED = "red"
    PURPLE = "purple"
    GREEN = "green"
    WHITE = "white"
    YELLOW = "yellow"
    BLUE = "blue"
    GOD = "god"
    ULTIMATE = "ultimate"


SIX = frozenset(list(Colour)[:6])
WORDS = {
    Colour.RED: "紅",
    Colour.PURPLE: "紫",
    Colour.GREEN: "綠",
    Colour.WHITE: "白",
    Colour.YELLOW: "黃",
    Colour.BLUE: "藍",
    Colour.GOD: "神",
    Colour.ULTIMATE: "究極",
}


class Reduction(enum.StrEnum):
    """A card's reduction symbols: a kind of symbol, or ANY of the six colours (6 色).

    >>> [kind.value for kind in Reduction] == [colour.value for colour in Colour] + ["any"]
    True
    """

    RED = "red"
    PURPLE = "purple"
    GREEN = "green"
    WHITE = "white"
    YELLOW = "yellow"
    BLUE = "blue"
    GOD = "god"
    ULTIMATE = "ultimate"
    ANY = "any"


def word(kind: Reduction) -> str:
    return "6 色" if kind is Reduction.ANY else WORDS[Colour(kind.value)]


def _split(value: object) -> object:
    """``"god+red"`` → ``["god", "red"]``: one symbol with two kinds."""
    return [part.strip() for part in value.split("+")] if isinstance(value, str) else value


#: one symbol on a field card, written ``red`` or ``god+red``
Symbol = Annotated[frozenset[Colour], BeforeValidator(_split)]


def label(symbol: frozenset[Colour]) -> str:
    return "".join(WORDS[c] for c in Colour if c in symbol)


def describe(symbols: Sequence[frozenset[Colour]]) -> str:
    """``紅×3、紫×1`` — the field's symbols, for the steps."""
    counted = Counter(label(s) for s in symbols)
    return "、".join(f"{name}×{n}" for name, n in counted.items()) or "沒有標誌"


def qualifies(kind: Reduction, symbol: frozenset[Colour]) -> bool:
    if kind is Reduction.ANY:
        return bool(symbol & SIX)
    return Colour(kind.value) in symbol


@dataclass(frozen=True, slots=True)
class Reduced:
    by_kind: Mapping[Reduction, int]  # colour by colour, as the book computes
    exclusive: int  # if each field symbol may reduce only once

    @property
    def total(self) -> int:
        return sum(self.by_kind.values())

    @property
    def overlap_matters(self) -> bool:
        return self.total != self.exclusive


def reduce(reduction: Mapping[Reduction, int], symbols: Sequence[frozenset[Colour]]) -> Reduced:
    by_kind = {kind: min(n, sum(qualifies(kind, s) for s in symbols)) for kind, n in reduction.items()}
    # no more symbols of a kind can be matched than the field has symbols (a card
    # claiming a billion would otherwise make a billion units to match)
    units = [kind for kind, n in reduction.items() for _ in range(min(n, len(symbols)))]
    return Reduced(by_kind, _matched(units, symbols))


def idle_special(
    reduction: Mapping[Reduction, int], reduced: Reduced, symbols: Sequence[frozenset[Colour]]
) -> list[Colour]:
    """The god or ultimate kinds of field symbols with none of the six colours that the card's reduction
    cannot use, while a colour reduction symbol of it is left short: they reduce only their own kind
    (究極 and 神 symbols: 無法用於一般 6 種屬性的費用減輕), so they are why the cost is not lower.

    >>> idle_special({Reduction.RED: 1}, reduce({Reduction.RED: 1}, [frozenset({Colour.ULTIMATE})]), [frozenset({Colour.ULTIMATE})])
    [<Colour.ULTIMATE: 'ultimate'>]
    """
    short = any(
        kind not in (Reduction.GOD, Reduction.ULTIMATE) and reduced.by_kind[kind] < n
        for kind, n in reduction.items()
    )
    if not short:
        return []
    return [
        kind
        for kind in (Colour.GOD, Colour.ULTIMATE)
        if Reduction(kind.value) not in reduction and any(kind in s and not s & SIX for s in symbols)
    ]


def coloured_special(
    reduction: Mapping[Reduction, int], reduced: Reduced, symbols: Sequence[frozenset[Colour]]
) -> list[frozenset[Colour]]:
    """The god symbols with a colour that count toward a colour reduction the card takes: a coloured
    god symbol is a symbol of that colour too (紅色的神標誌既是紅色標誌，也是神標誌).

    >>> red_god = frozenset({Colour.GOD, Colour.RED})
    >>> coloured_special({Reduction.RED: 1}, reduce({Reduction.RED: 1}, [red_god]), [red_god]) == [red_god]
    True
    """
    used = [
        kind for kind, n in reduced.by_kind.items() if n and kind not in (Reduction.GOD, Reduction.ULTIMATE)
    ]
    return [
        s
        for s in dict.fromkeys(symbols)
        if s & {Colour.GOD, Colour.ULTIMATE} and any(qualifies(k, s) for k in used)
    ]


def _matched(units: list[Reduction], symbols: Sequence[frozenset[Colour]]) -> int:
    """How many reduction symbols can each take a field symbol of its own (augmenting paths)."""
    holder: list[int | None] = [None] * len(symbols)

    def place(unit: int, seen: set[int]) -> bool:
        for i, symbol in enumerate(symbols):
            if i in seen or not qualifies(units[unit], symbol):
                continue
            seen.add(i)
            held = holder[i]
            if held is None or place(held, seen):
                holder[i] = unit
                return True
        return False

    return sum(place(unit, set()) for unit in range(len(units)))
