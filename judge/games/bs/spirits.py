"""A bs spirit's Lv and BP, as the book computes them.

The Lv is the highest printed Lv whose core count the cores on the card
reach (遊戲開始前 › 在召喚的靈魂卡上放置能量); fewer cores than the lowest Lv
needs — Lv1, an ultimate's Lv3 — and the card is depleted (消滅), which is
not destruction.  The BP is that Lv's BP, plus a brave's BP+ when united
(合體), plus the BP+/BP- effects in the order they took effect (FAQ 關於
「BP+」或「BP-」的效果 Q1).  The FAQ shows a BP pushed below 0 becoming 0 (Q2)
but never says whether a later BP+ counts from 0 or from the true value;
:func:`power` computes both (with :func:`judge.numbers.tally`) and the
ruling says so when they differ.  A brave's BP+ is counted with the Lv's BP,
before the effects.

:func:`power` takes ``ignore`` (clause ids to leave out) so a question can
ask whether a clause decides its ruling.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise

from pydantic import Field, field_validator

from judge.board import BoardModel, Path
from judge.bounds import Many, Small, SmallPositive, Stat, StatChange
from judge.games.bs.rules import (
    BP_ORDER,
    BP_ZERO,
    DEPLETION,
    LV_FROM_CORES,
    ULTIMATE_LV,
    UNION,
    UNION_LIKE_MYTHIC,
)
from judge.numbers import Tally, tally
from judge.ruling import Trace


class Kind(enum.StrEnum):
    SPIRIT = "SPIRIT"  # 靈魂卡 (a brave in spirit state counts as one)
    ULTIMATE = "ULTIMATE"  # 終極靈魂卡

    @property
    def lowest_lv(self) -> int:
        return 3 if self is Kind.ULTIMATE else 1

    @property
    def lowest_lv_clauses(self) -> tuple[str, ...]:
        return (DEPLETION, ULTIMATE_LV) if self is Kind.ULTIMATE else (DEPLETION,)

    @property
    def word(self) -> str:
        return "終極靈魂卡" if self is Kind.ULTIMATE else "靈魂卡"


class Level(BoardModel):
    """One printed Lv: the cores it needs and its BP."""

    lv: SmallPositive
    cores: Many = Field(description="cores needed for this Lv")
    bp: Stat


class Brave(BoardModel):
    """A brave (合體卡) united with the spirit."""

    name: str = Field(min_length=1)
    bp_plus: Stat = Field(description="the union value (合體數值 BP+)")
    symbols: Small = 0
    lv1_cores: Many = Field(1, description="cores the brave needs for Lv1 on its own")


class Card(BoardModel):
    name: str = Field(min_length=1)
    kind: Kind = Kind.SPIRIT
    levels: list[Level] = Field(min_length=1, description="the printed Lvs, lowest first")

    @field_validator("levels")
    @classmethod
    def _rising(cls, levels: list[Level]) -> list[Level]:
        for lower, higher in pairwise(levels):
            if higher.lv <= lower.lv or higher.cores <= lower.cores:
                raise ValueError(
                    "expected Lvs listed lowest first, each needing more cores than the one before"
                )
        return levels

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        if self.levels[0].lv != self.kind.lowest_lv:
            yield (
                ("levels", 0, "lv"),
                (f"a {self.kind.value} card's lowest Lv is Lv{self.kind.lowest_lv}"),
                self.kind.lowest_lv_clauses,
            )


class Spirit(Card):
    """A spirit or ultimate with cores on it, maybe united, maybe under BP effects."""

    cores: Many
    brave: Brave | None = None
    bp_changes: list[StatChange] = Field([], description="BP+/BP- amounts in the order they took effect")


def level_of(card: Card, cores: int) -> Level | None:
    """The Lv ``cores`` cores give, or ``None``: below the lowest Lv (depleted)."""
    reached = [level for level in card.levels if level.cores <= cores]
    return reached[-1] if reached else None


@dataclass(frozen=True, slots=True)
class Power:
    """Every value on the way from the cores to the BP that battles."""

    level: Level | None  # None: depleted
    union: int  # the brave's BP+ counted
    changes: tuple[int, ...]
    tally: Tally | None
    value: int | None  # None: depleted, or the book does not decide (floor_unclear)
    floor_unclear: bool

    @property
    def readings(self) -> tuple[int, ...]:
        """The BPs the book allows: one, two where it does not decide, none when depleted."""
        if self.value is not None:
            return (self.value,)
        if self.tally is not None:  # the floor is unclear
            return self.tally.floored_each_step, self.tally.floored_at_end
        return ()


def power(spirit: Spirit, ignore: frozenset[str] = frozenset()) -> Power:
    level = level_of(spirit, spirit.cores)
    union = spirit.brave.bp_plus if spirit.brave and UNION not in ignore else 0
    changes = () if BP_ORDER in ignore else tuple(spirit.bp_changes)
    if level is None:
        return Power(None, union, changes, None, None, False)
    counted = tally(level.bp + union, changes)
    if BP_ZERO in ignore:
        return Power(level, union, changes, counted, counted.true_total, False)
    if counted.floor_order_matters:
        return Power(level, union, changes, counted, None, True)
    return Power(level, union, changes, counted, counted.floored_at_end, False)


def symbols_of(symbols: int, brave: Brave | None, ignore: frozenset[str] = frozenset()) -> int:
    """A spirit's symbols; a united brave's symbols are added to it."""
    return symbols + (brave.symbols if brave and UNION not in ignore else 0)


def explain_level(trace: Trace, who: str, spirit: Spirit, level: Level | None, *, decisive: bool) -> None:
    """The step that reads the Lv off the cores (or finds the card depleted)."""
    kind = spirit.kind
    cites = (LV_FROM_CORES,) + ((ULTIMATE_LV,) if kind is Kind.ULTIMATE else ())
    if level is None:
        lowest = spirit.levels[0]
        trace.step(
            f"{who}「{spirit.name}」上放置 {spirit.cores} 個能量，少於維持 Lv{lowest.lv} 所需的 {lowest.cores} 個，"
            f"無法維持{kind.word}的最低 Lv（Lv{kind.lowest_lv}）。",
            *cites,
            *kind.lowest_lv_clauses,
            decisive=decisive,
            cores=spirit.cores,
            needed=lowest.cores,
        )
        return
    trace.step(
        f"{who}「{spirit.name}」上放置 {spirit.cores} 個能量，達到 Lv{level.lv} 所需的 {level.cores} 個，"
        f"為 Lv{level.lv}，BP {level.bp}。",
        *cites,
        decisive=decisive,
        cores=spirit.cores,
        lv=level.lv,
        bp=level.bp,
    )


def explain_power(trace: Trace, who: str, spirit: Spirit, result: Power) -> None:
    """Steps from the Lv's BP to the BP that counts, in the order the book applies them."""
    if result.level is None or result.tally is None:  # depleted: the one is None when the other is
        return
    base = result.level.bp
    if spirit.brave:
        trace.step(
            f"{who}與合體卡「{spirit.brave.name}」合體，合體數值 BP+{spirit.brave.bp_plus} 加算至 BP："
            f"{base} → {base + result.union}。",
            UNION,
            UNION_LIKE_MYTHIC,
            bp_plus=spirit.brave.bp_plus,
            bp=base + result.union,
        )
    if result.changes:
        listed = "、".join(f"BP{change:+d}" for change in result.changes)
        trace.step(
            f"{who}的 BP 以 Lv{result.level.lv} 的 BP 為基礎，依照效果的發揮順序加減（{listed}）："
            f"{base + result.union} → {result.tally.true_total}。",
            BP_ORDER,
            changes=result.changes,
            total=result.tally.true_total,
        )
    if result.floor_unclear:
        trace.silent(
            f"{who}的 BP 在加減途中低於 0。常見問題只說明 BP 會變為 0，未說明之後的 BP+ 是從 0 起算"
            f"（得 {result.tally.floored_each_step}）還是從實際數值起算（得 {result.tally.floored_at_end}）。",
            BP_ZERO,
            BP_ORDER,
            each_step=result.tally.floored_each_step,
            at_end=result.tally.floored_at_end,
        )
    elif result.tally.true_total < 0:
        trace.step(f"{who}的 BP 減至 {result.tally.true_total}，BP 變為 0。", BP_ZERO, bp=0)
