"""Numbers as rulebooks define them: floors at zero, whole numbers.

Rulebooks differ on small arithmetic points that decide games, so each point
is one function here and the engine says which clause makes it apply
(whether a comparison includes the value itself is each game's
:meth:`judge.replay.Rules.holds`, uhb 5.9.1 saying 大于/小于/以上/以下 all do):

* what happens below zero — ucg 11.7.2 makes a BP below 0 count as 0 but does
  not say whether a later increase starts from 0 or from the true value; zd
  103 keeps the true value; :class:`Tally` computes both so an engine can
  report when the book's silence matters;
* fractions — dropped (:func:`whole`).

>>> t = tally(1000, [-2000, 1500])
>>> t.true_total, t.floored_at_end, t.floored_each_step, t.floor_order_matters
(500, 500, 1500, True)
>>> whole(7 / 2), whole(-7 / 2)
(3, -3)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True, slots=True)
class Tally:
    """A value through a list of changes, with the two readings of a floor."""

    start: int
    changes: tuple[int, ...]
    floor: int
    true_total: int  # no floor at all
    floored_each_step: int  # never below the floor at any point

    @property
    def floored_at_end(self) -> int:
        """The true total, shown as the floor when below it (zd 103's reading)."""
        return max(self.floor, self.true_total)

    @property
    def floor_order_matters(self) -> bool:
        """Whether the two readings of the floor give different values."""
        return self.floored_each_step != self.floored_at_end


def tally(start: int, changes: Iterable[int], floor: int = 0) -> Tally:
    changes = tuple(changes)
    running = start
    floored = max(floor, start)
    for change in changes:
        running += change
        floored = max(floor, floored + change)
    return Tally(start, changes, floor, running, floored)


def whole(value: float | Fraction) -> int:
    """Drop the fraction (toward zero), as rulebooks that use whole numbers say."""
    return math.trunc(value)
