"""Units, pilots and bases as gcg describes them, and their AP and HP.

Values on cards are whole numbers, and a result below zero counts as 0
unless another effect still adjusts it (1-3-6): the true value is kept
through every change and only the result is shown as 0 — the framework's
:func:`judge.numbers.tally` gives both readings of a floor, and this module
takes the one 1-3-6 prescribes (``floored_at_end``).

A boarded pilot adds its AP/HP modifiers to the unit (3-3-8-1), and each
keyword that stacks (《修復》 13-1-1-2, 《突破》 13-1-2-5) is given as the list
of its instances' values: the unit has one effect whose value is their sum.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BeforeValidator, Field

from judge.board import BoardModel, Path, impossible
from judge.bounds import Flag, Small, SmallChange, SmallPositive
from judge.numbers import Tally, tally
from judge.ruling import Trace


def _whole(value: Any) -> Any:
    """Refuse a fractional number on a card (1-3-6: results are always integers)."""
    if isinstance(value, float) and not value.is_integer():
        raise impossible(f"{value} is not a whole number: values on cards are integers", "1-3-6")
    return value


def _chosen(value: Any) -> Any:
    """Refuse a chosen number below 1 or with a fraction (1-3-5)."""
    fraction = isinstance(value, float) and not value.is_integer()
    if isinstance(value, (int, float)) and not isinstance(value, bool) and (fraction or value < 1):
        raise impossible(
            f"{value} cannot be chosen: a number chosen for a card or a rule is a whole number of at least 1",
            "1-3-5",
        )
    return value


#: a number a card or a rule has a player choose (how many to deploy …)
Chosen = Annotated[SmallPositive, BeforeValidator(_chosen)]
#: a printed AP, HP, Lv. or cost: a whole number, never negative
Printed = Annotated[Small, BeforeValidator(_whole)]
#: a modifier (+1, -2): a whole number of either sign
Change = Annotated[SmallChange, BeforeValidator(_whole)]
#: the value of one instance of a keyword effect such as 《修復：1》
Amount = Annotated[SmallPositive, BeforeValidator(_whole)]


class Pilot(BoardModel):
    """A pilot boarded under a unit (3-3): its AP/HP modifiers, its name and traits."""

    name: str = Field(min_length=1)
    ap: Change = Field(0, description="AP modifier added to the unit (3-3-8-1)")
    hp: Change = Field(0, description="HP modifier added to the unit (3-3-8-1)")
    traits: list[str] = Field([], description="the pilot's traits (2-5), matched by link conditions")


class Durable(BoardModel):
    """A card with HP: its name, printed HP, damage counters and effects' HP changes."""

    name: str = Field(min_length=1)
    hp: Printed
    damage: Small = Field(0, description="damage counters already on the card (5-5-1-1)")
    hp_changes: list[Change] = Field([], description="HP+/HP- of effects, in the order they apply")
    on_destroy: Flag = Field(False, description="has a 【破壞時】 effect (13-2-8)")

    @property
    def pilot_modifiers(self) -> tuple[int, int]:
        """(AP, HP) a boarded pilot adds; only units take pilots."""
        return 0, 0

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        left = hp(self).value
        if left == 0:
            yield ("hp",), f"「{self.name}」 has HP 0 and would already have been destroyed", ("2-8-2",)
        elif self.damage >= left:
            yield (
                ("damage",),
                (
                    f"「{self.name}」 has {self.damage} damage against HP {left} and would already have been "
                    "destroyed by rule processing"
                ),
                ("5-5-2", "11-3-1"),
            )


class Boarded(Durable):
    """A unit's HP side: it may carry one pilot (3-3-4) whose modifiers it adds (3-3-8-1)."""

    pilot: Pilot | None = None

    @property
    def pilot_modifiers(self) -> tuple[int, int]:
        return (self.pilot.ap, self.pilot.hp) if self.pilot else (0, 0)


class Stats(Durable):
    """A card that also deals battle damage: printed AP and effects' AP changes."""

    ap: Printed
    ap_changes: list[Change] = Field([], description="AP+/AP- of effects, in the order they apply")


class Unit(Stats, Boarded):
    """A unit in a battle area, with what an attack needs to know about it."""

    rested: Flag = False
    deployed_this_turn: Flag = False
    link_condition: list[str] = Field([], description="pilot names or traits of its link condition (2-12-1)")
    blocker: Flag = Field(False, description="《阻擋者》")
    first_strike: Flag = Field(False, description="《先制攻擊》")
    high_maneuver: Flag = Field(False, description="《高機動》")
    breach: list[Amount] = Field([], description="the value of each 《突破》 it has, printed or gained")


class Base(Stats):
    """The base in the shield area's base section (4-6-3); EX Base is AP0 HP3 (5-17-3-1-1)."""

    token: Flag = Field(False, description="a token (替代卡) such as the EX Base (5-17)")


@dataclass(frozen=True, slots=True)
class Figure:
    """One AP or HP through the pilot's modifier and every effect's change."""

    printed: int
    pilot: int  # the boarded pilot's modifier (3-3-8-1), 0 without one
    changes: tuple[int, ...]  # effects' changes, in order
    tally: Tally

    @property
    def value(self) -> int:
        """The value used: the true total, counted as 0 when negative (1-3-6)."""
        return self.tally.floored_at_end


def figure(printed: int, pilot: int, changes: list[int]) -> Figure:
    return Figure(
        printed, pilot, tuple(changes), tally(printed, ((pilot,) if pilot else ()) + tuple(changes))
    )


def ap(card: Stats) -> Figure:
    return figure(card.ap, card.pilot_modifiers[0], card.ap_changes)


def hp(card: Durable) -> Figure:
    return figure(card.hp, card.pilot_modifiers[1], card.hp_changes)


def remaining(card: Durable) -> int:
    """HP left before the card is destroyed: its HP less the damage counters on it."""
    return hp(card).value - card.damage


def is_link_to(condition: list[str], pilot: Pilot | None) -> bool:
    """Does ``pilot`` meet a link condition, by name or by trait (3-2-6-2, 2-12-1)?"""
    if pilot is None or not condition:
        return False
    return pilot.name in condition or bool(set(condition) & set(pilot.traits))


def is_link(unit: Unit) -> bool:
    """A link unit: one whose boarded pilot meets its link condition (3-2-6-2)."""
    return is_link_to(unit.link_condition, unit.pilot)


def explain(trace: Trace, who: str, label: str, value: Figure) -> None:
    """Steps for one AP/HP that a pilot or effects change, and 1-3-6's floor where it applies."""
    if not value.tally.changes:
        return
    listed = " ".join(f"{c:+d}" for c in value.tally.changes)
    cites = (("3-3-8-1",) if value.pilot else ()) + (("1-3-6",) if value.changes else ())
    trace.step(
        f"{who}的 {label}：{value.printed} {listed} = {value.tally.true_total}。",
        *cites,
        printed=value.printed,
        changes=value.tally.changes,
        total=value.tally.true_total,
    )
    if value.tally.floor_order_matters:
        trace.step(
            f"數值途中曾低於 0，但仍有其他效果對該數值進行增減調整，因此以實際數值計算，{label} 為 {value.value}"
            f"（不是從 0 起算的 {value.tally.floored_each_step}）。",
            "1-3-6",
            value=value.value,
        )
    elif value.tally.true_total < 0:
        trace.step(
            f"結果 {value.tally.true_total} 為負整數，{label} 視為 0。", "1-3-6", decisive=True, value=0
        )
