"""A value through a list of changes, the way zd 103 counts it.

Cards change a number three ways: by an amount (（攻）+1000), by a factor
(一半, 2 倍) and by setting it (（攻）变为 1000, 701's example).  Two rules of
103 then apply: fractions are dropped (103.p3), and a value below zero is
settled as 0 while the true value is kept — 500 − 2000 counts as 0, and it
takes + 2000 to bring it back to 500 (103.p4).

:func:`follow` walks the changes on the true value and hands the two
readings of a floor to the framework's :class:`judge.numbers.Tally`, so
"floored at the end" (zd's reading) and "floored at each step" mean what
they mean for every other game.  Unlike :func:`judge.numbers.tally` it also
takes factors and settings, which is why it lives here (see the package
docstring: to move into the framework).

>>> trail = follow(500, [Change(add=-2000)], floor=0)
>>> trail.true, trail.shown
(-1500, 0)
>>> follow(500, [Change(add=-2000), Change(add=2000)], floor=0).shown
500
>>> follow(1500, [Change(multiply="1/3")], floor=0).moves[0].dropped
False
>>> follow(1000, [Change(multiply="1/3")], floor=0).moves[0].dropped
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from typing import Any

from pydantic import Field, field_validator, model_validator

from judge.board import BoardModel
from judge.bounds import MOST_FACTOR_TERM, StatChange
from judge.numbers import Tally, whole


class Change(BoardModel):
    """One change to a value: exactly one of ``add``, ``multiply`` or ``to``.

    A bare number in a board file is read as ``add``.
    """

    add: StatChange | None = None
    multiply: Fraction | None = Field(None, description="a factor such as 2 or 1/2")
    to: StatChange | None = Field(None, description="the value becomes this (……变为)")
    source: str = Field("", description="the card or effect, for the steps")

    @model_validator(mode="before")
    @classmethod
    def _bare_number(cls, data: Any) -> Any:
        return (
            {"add": data} if isinstance(data, (int, float, str)) else data
        )  # add says what is wrong with it

    @field_validator("multiply", mode="before")
    @classmethod
    def _factor(cls, value: object) -> Fraction | None:
        if value is None or isinstance(value, Fraction):
            return value
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise ValueError("expected a factor such as 2 or 1/2")  # pydantic reports ValueError
        try:
            factor = Fraction(value)
        except (ValueError, ZeroDivisionError):
            raise ValueError("expected a factor such as 2 or 1/2") from None
        if factor < 0:
            raise ValueError("expected a factor of 0 or more")
        if max(factor.numerator, factor.denominator) > MOST_FACTOR_TERM:
            raise ValueError(
                f"expected a factor of at most {MOST_FACTOR_TERM}, in parts of no less than "
                f"1/{MOST_FACTOR_TERM}"
            )
        return factor

    @model_validator(mode="after")
    def _one_change(self) -> Change:
        if sum(getattr(self, name) is not None for name in ("add", "multiply", "to")) != 1:
            raise ValueError("give exactly one of add, multiply, to")
        return self

    def apply(self, value: int) -> tuple[int, Fraction]:
        """The value after this change, and the exact value before dropping a fraction."""
        if self.multiply is not None:
            exact = value * self.multiply
            return whole(exact), exact
        if self.to is not None:
            return self.to, Fraction(self.to)
        added = value + (self.add or 0)  # the one change left: add
        return added, Fraction(added)

    def describe(self) -> str:
        """The change as a card prints it: ``+1000``, ``×1/2``, ``变为 1000``."""
        if self.add is not None:
            return f"{self.add:+d}"
        if self.to is not None:
            return f"变为 {self.to}"
        return f"×{self.multiply}"


@dataclass(frozen=True, slots=True)
class Moved:
    """The value after one change."""

    change: Change
    true: int  # the true value, fraction dropped
    exact: Fraction  # before the fraction was dropped
    shown: int  # as it is settled: never below the floor

    @property
    def dropped(self) -> bool:
        return self.exact != self.true


@dataclass(frozen=True, slots=True)
class Trail:
    """A value from its start through every change."""

    start: int
    moves: tuple[Moved, ...]
    floor: int | None  # None: the value may be negative (310.p2's bonuses)
    tally: Tally | None

    @property
    def true(self) -> int:
        return self.moves[-1].true if self.moves else self.start

    @property
    def shown(self) -> int:
        return self.tally.floored_at_end if self.tally else self.true

    @property
    def dipped(self) -> bool:
        """Whether the true value went below the floor at some point."""
        values = [self.start] + [m.true for m in self.moves]
        return self.floor is not None and min(values) < self.floor

    @property
    def dropped(self) -> bool:
        return any(m.dropped for m in self.moves)


def follow(start: int, changes: list[Change], floor: int | None) -> Trail:
    """Apply ``changes`` in order to the true value; shown values never go below ``floor``."""
    true, moves = start, []
    each_step = start if floor is None else max(floor, start)
    for change in changes:
        true, exact = change.apply(true)
        each_step = change.apply(each_step)[0]
        if floor is not None:
            each_step = max(floor, each_step)
        moves.append(Moved(change, true, exact, true if floor is None else max(floor, true)))
    if floor is None:
        return Trail(start, tuple(moves), None, None)
    deltas = tuple(after - before for before, after in pairwise([start] + [m.true for m in moves]))
    return Trail(start, tuple(moves), floor, Tally(start, deltas, floor, true, each_step))


def show(trail: Trail) -> str:
    """``500 -2000 → -1500（按 0 清算） +2000 → 500`` for a step's text."""
    text = str(trail.start)
    for move in trail.moves:
        label = f"（{move.change.source}）" if move.change.source else ""
        text += f" {move.change.describe()}{label} → {move.true}"
        if move.dropped:
            text += f"（{float(move.exact):g} 舍去小数）"
        if move.shown != move.true:
            text += f"（按 {move.shown} 清算）"
    return text
