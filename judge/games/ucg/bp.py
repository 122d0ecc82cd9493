"""A ucg character's BP in the judgment phase, as chapter 8 and 11 compute it.

:func:`battle_point` is pure and takes ``ignore`` (clause ids to leave out),
so the judgment engine can ask "would the result differ without 11.7.2?"
and list only the clauses that really decide a ruling.  :func:`explain`
turns one computation into steps.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from pydantic import Field, field_validator

from judge.board import BoardModel, Path, impossible
from judge.bounds import Flag, Stat, StatChange, UcgCards
from judge.numbers import Tally, tally
from judge.ruling import Trace


class State(enum.StrEnum):
    """How many character cards are stacked (8.1.1); charge cards do not count."""

    SINGLE = "SINGLE"
    DOUBLE = "DOUBLE"
    TRIPLE = "TRIPLE"
    QUAD = "QUAD"

    @classmethod
    def of(cls, cards: int) -> State | None:
        return _STATES[cards - 1] if 1 <= cards <= len(_STATES) else None

    def shifted(self, levels: int) -> State | None:
        return State.of(_STATES.index(self) + 1 + levels)


_STATES = tuple(State)


class LevelChange(enum.StrEnum):
    UP = "UP"  # 「上升一級」
    DOWN = "DOWN"  # 「降低一級」


class Forced(enum.StrEnum):
    WIN = "WIN"  # 「獲得勝利」
    DRAW = "DRAW"  # 「視為平局」


class PrintedBP(BoardModel):
    """The BP printed on the top card (8.1.1); a value the card lacks is left out."""

    SINGLE: Stat | None = None
    DOUBLE: Stat | None = None
    TRIPLE: Stat | None = None
    QUAD: Stat | None = None
    EXTRA: Stat | None = None

    def at(self, state: State) -> int | None:
        value: int | None = getattr(self, state.value)
        return value


class Character(BoardModel):
    """One side of a battle area in the judgment phase."""

    cards: UcgCards = Field(ge=1, description="character cards stacked (charge cards excluded)")
    bp: PrintedBP
    extra: Flag = Field(False, description="the condition of the EXTRA BP is met (8.1.2)")
    charges: UcgCards = Field(0, description="charge cards under the character (11.17)")
    level_changes: list[LevelChange] = []
    bp_changes: list[StatChange] = Field([], description="BP+/BP- amounts in the order they apply")
    forced: Forced | None = None

    @field_validator("cards")
    @classmethod
    def _at_most_four(cls, cards: int) -> int:
        if State.of(cards) is None:
            raise impossible(
                f"a character of {cards} stacked cards is impossible: BP is defined for "
                "one to four cards (SINGLE, DOUBLE, TRIPLE, QUAD)",
                "8.1.1",
            )
        return cards

    @property
    def state(self) -> State:
        """How its character cards stack (``cards`` is one to four: checked above)."""
        return _STATES[self.cards - 1]

    @cached_property
    def touched_by(self) -> frozenset[str]:
        """The clauses whose absence could change this character's BP or result."""
        touched = {"8.1.2"} if self.extra else set()
        touched |= {"11.17.2"} if self.charges else set()
        touched |= {"11.6.1", "11.7.3"} if self.level_changes else set()
        touched |= {"11.7.1", "11.7.2", "11.7.3"} if self.bp_changes else set()
        touched |= {"11.16.1"} if self.forced else set()
        return frozenset(touched)

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        state = self.state
        if self.extra and self.bp.EXTRA is None:
            yield ("bp", "EXTRA"), "required when extra is true: the EXTRA value becomes the BP", ("8.1.2",)
        elif not self.extra and self.bp.at(state) is None:
            cites = ("8.1.1", "11.15.1") if state is State.SINGLE else ("8.1.1",)
            yield (
                ("bp", state.value),
                (f"required: a {state.value} character's BP is the top card's {state.value} value"),
                cites,
            )


@dataclass(frozen=True, slots=True)
class BattlePoint:
    """Every value on the way from the printed BP to the BP that battles."""

    state: State | None  # None only when 11.17.2 is left out and charges overflow
    base: int | None  # printed value used: the state's, or EXTRA's
    extra: bool  # base is the EXTRA value
    shift: int  # net level change (ups minus downs)
    shifted: State | None  # the state whose BP the level change points to
    after_level: int | None
    changes: tuple[int, ...]
    tally: Tally | None
    value: int | None  # None: the rulebook does not determine the BP
    floor_unclear: bool  # 11.7.2 does not say which of two values applies


def battle_point(ch: Character, ignore: frozenset[str] = frozenset()) -> BattlePoint:
    cards = ch.cards + (ch.charges if "11.17.2" in ignore else 0)
    state = State.of(cards)
    extra = ch.extra and "8.1.2" not in ignore
    base = ch.bp.EXTRA if extra else (ch.bp.at(state) if state else None)
    ups, downs = ch.level_changes.count(LevelChange.UP), ch.level_changes.count(LevelChange.DOWN)
    shift = 0 if "11.6.1" in ignore else ups - downs
    shifted = state.shifted(shift) if state else None
    if extra or shift == 0 or base is None:
        after_level = base  # 11.6.4: EXTRA has no level to move to
    else:
        after_level = ch.bp.at(shifted) if shifted else None
    changes = () if "11.7.1" in ignore else tuple(ch.bp_changes)
    if "11.7.3" in ignore and shift and not extra:
        changes = ()  # BP+/- first, then the level change replaces the BP
    if after_level is None:
        return BattlePoint(state, base, extra, shift, shifted, None, changes, None, None, False)
    counted = tally(after_level, changes)
    if "11.7.2" in ignore:
        value, unclear = counted.true_total, False
    elif counted.floor_order_matters:
        value, unclear = None, True
    else:
        value, unclear = counted.floored_at_end, False
    return BattlePoint(state, base, extra, shift, shifted, after_level, changes, counted, value, unclear)


def explain(trace: Trace, who: str, ch: Character, bp: BattlePoint) -> None:
    """Write the steps of one character's BP, in the order the rules apply."""
    trace.step(
        f"{who}疊加 {ch.cards} 張角色牌，為 {ch.state.value} 狀態"
        + (f"，BP 為最上方卡牌的 {ch.state.value} 數值 {bp.base}。" if not bp.extra else "。"),
        "8.1.1",
        cards=ch.cards,
        state=ch.state,
        bp=None if bp.extra else bp.base,
    )
    if ch.charges:
        trace.step(f"{who}下方的 {ch.charges} 張充能牌不計入狀態。", "11.17.2", charges=ch.charges)
    if bp.extra:
        trace.step(f"{who}滿足 EXTRA 的條件，BP 為 EXTRA 數值 {bp.base}。", "8.1.2", bp=bp.base)
    _explain_levels(trace, who, ch, bp)
    if bp.tally is None:
        return
    if bp.changes:
        listed = "、".join(f"BP{c:+d}" for c in bp.changes)
        cites = ("11.7.3", "11.7.1") if ch.level_changes else ("11.7.1",)
        lead = "先適用升級/降級，再適用" if ch.level_changes else "適用"
        trace.step(
            f"{who}{lead} {listed}：{bp.after_level} → {bp.tally.true_total}。",
            *cites,
            changes=bp.changes,
            total=bp.tally.true_total,
        )
    if bp.floor_unclear:
        trace.silent(
            f"{who}的 BP 在增減途中低於 0。規則書規定 BP 不會成為負數而是 0，但未規定之後的增減"
            f"從 0 起算（得 {bp.tally.floored_each_step}）還是從實際數值起算"
            f"（得 {bp.tally.floored_at_end}）。",
            "11.7.2",
            each_step=bp.tally.floored_each_step,
            at_end=bp.tally.floored_at_end,
        )
    elif bp.tally.true_total < 0:
        trace.step(f"{who}的 BP 不會成為負數，而是 0。", "11.7.2", bp=0)


def _explain_levels(trace: Trace, who: str, ch: Character, bp: BattlePoint) -> None:
    if not ch.level_changes:
        return
    if LevelChange.UP in ch.level_changes and LevelChange.DOWN in ch.level_changes:
        trace.step(
            f"{who}同時受「上升一級」與「降低一級」效果影響，仍視為「正在升級/降級中」。",
            "11.6.5",
            level_changes=ch.level_changes,
        )
    if bp.extra:
        trace.step(
            f"{who}的 EXTRA 的 BP 沒有升級/降級的變動目標，BP 維持 {bp.base}，"
            "但卡牌仍處於受該效果影響的狀態。",
            "11.6.4",
            bp=bp.base,
        )
    elif bp.shift == 0:
        return
    elif bp.after_level is None:
        target = bp.shifted.value if bp.shifted else "不存在的狀態"
        trace.silent(
            f"{who}受升級/降級效果影響，BP 應變為 {target} 的 BP，但最上方卡牌沒有該數值。"
            "規則書只說明效果仍然生效，未規定此時的 BP。",
            "11.6.3",
            "11.6.1",
            shift=bp.shift,
        )
    else:
        trace.step(
            f"{who}的 BP 變為 {bp.shifted} 狀態的 BP {bp.after_level}（狀態仍為 {ch.state.value}）。",
            "11.6.1",
            shift=bp.shift,
            bp=bp.after_level,
        )
