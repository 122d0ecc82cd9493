"""zd ``numbers``: a value through a list of changes (103, 303, 308–310).

All numbers are whole: a fraction an effect produces is dropped (103.p3).
An attack, defence or total cost below 0 is settled as 0 for as long as it
does not change, but its true value is kept: 500 − 2000 counts as 0 and
needs + 2000 to be 500 again (103.p4, the book's own example).  What the
value then does depends on what it is: an attack of 0 or less deals no
damage (308.p3), a defence of 0 or less sends the character to the rest
area at once without destroying it (309.p3, 309.p4), damage reaching the
defence destroys it (309.p2), a total cost never goes below its coloured
cost (303.p4), and an equipment bonus may be negative (310.p2).

Where a total cost falls below its coloured cost and then rises, the book
does not say whether the rise starts from the coloured cost or from the
true value (103.p4 keeps the true value only below 0): the ruling says so.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator

from pydantic import Field

from judge.board import BoardModel, Path
from judge.bounds import Small, Stat, StatChange
from judge.games.zd.modifiers import Change, Trail, follow, show
from judge.ruling import Outcome, Trace


class Kind(enum.StrEnum):
    ATTACK = "attack"  # 攻击力
    DEFENCE = "defence"  # 防御力
    COST = "cost"  # 总费用
    BONUS = "bonus"  # 攻击加成/防御加成
    OTHER = "other"  # any other number an effect uses


NAMES = {
    Kind.ATTACK: "攻击力",
    Kind.DEFENCE: "防御力",
    Kind.COST: "总费用",
    Kind.BONUS: "加成",
    Kind.OTHER: "数字",
}
#: the clause that says how changes reach each kind of value
CHANGED_BY = {
    Kind.ATTACK: "317.p3",
    Kind.DEFENCE: "317.p4",
    Kind.COST: "303.p4",
    Kind.BONUS: "310.p3",
    Kind.OTHER: "103.p3",
}


class NumbersBoard(BoardModel):
    value: Kind
    start: StatChange = Field(description="the printed value, or the value before these changes")
    changes: list[Change] = Field([], description="in the order they happen; a bare number is an amount")
    card: str = Field("", description="the card, for the steps")
    coloured_cost: Small | None = Field(None, description="cost only: the coloured part of the cost (303.p3)")
    damage: Stat | None = Field(None, description="defence only: damage already on the character this turn")

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        if self.coloured_cost is not None and self.value is not Kind.COST:
            yield ("coloured_cost",), "only a cost has a coloured cost", ()
        if self.damage is not None and self.value is not Kind.DEFENCE:
            yield ("damage",), "only a defence is compared with damage", ()
        if self.coloured_cost is not None and self.coloured_cost > self.start:
            yield (
                ("coloured_cost",),
                "the coloured cost is part of the total cost, so it cannot exceed it",
                ("303.p3",),
            )


class NumberReason(enum.StrEnum):
    VALUE = "value"
    TRUE_VALUE_KEPT = "true_value_kept"  # it went below 0 and the true value counted on (103.p4)
    SETTLED_AS_ZERO = "settled_as_zero"  # below 0, counted as 0 (103.p4)
    NO_DAMAGE = "deals_no_damage"  # attack 0 or less (308.p3)
    TO_REST_AREA = "to_rest_area"  # defence 0 or less (309.p3)
    DESTROYED = "destroyed"  # damage on it reaches the defence (309.p2)
    AT_COLOURED_COST = "at_coloured_cost"  # a total cost never below its coloured cost (303.p4)
    UNDECIDED = "undecided"  # the rulebook does not decide


def floor_of(board: NumbersBoard) -> int | None:
    if board.value is Kind.BONUS:
        return None  # 310.p2: a bonus may be negative
    return board.coloured_cost if board.coloured_cost else 0


def judge(board: NumbersBoard, trace: Trace) -> Outcome:
    who = f"「{board.card}」的{NAMES[board.value]}" if board.card else NAMES[board.value]
    trail = follow(board.start, board.changes, floor_of(board))
    cites = (CHANGED_BY[board.value],) + (("701.p3",) if any(c.to is not None for c in board.changes) else ())
    text = f"{who}依次变化：{show(trail)}。" if board.changes else f"{who}为 {board.start}，没有变化。"
    trace.step(text, *cites, start=board.start, true=trail.true)
    _explain_fractions(trace, trail)
    if board.value is Kind.DEFENCE:
        gone = next((i for i, m in enumerate(trail.moves) if m.true <= 0), None)
        if gone is not None or board.start <= 0:
            return _to_rest_area(trace, who, trail, gone)
    if board.value is Kind.BONUS:
        return _bonus(trace, who, trail)
    if board.coloured_cost:
        undecided = _coloured_floor(trace, who, trail)
        if undecided is not None:
            return undecided
    reason = _floor(trace, who, trail)
    if board.value is Kind.ATTACK and trail.shown <= 0:
        trace.step(
            f"{who}为 {trail.shown}（0 以下），战斗时无法造成伤害，直接攻击生命区成功也无法造成战斗伤害。",
            "308.p3",
            "505.p2",
            "613.p2",
            decisive=True,
            attack=trail.shown,
        )
        reason = NumberReason.NO_DAMAGE
    if board.value is Kind.DEFENCE and board.damage is not None:
        reason = _against_damage(trace, who, trail, board.damage) or reason
    return _outcome(reason, trail)


def _outcome(reason: NumberReason, trail: Trail) -> Outcome:
    return Outcome(
        reason,
        {
            "true": trail.true,
            "shown": trail.shown,
            "fraction_dropped": trail.dropped,
            "values": [m.true for m in trail.moves],
        },
    )


def _explain_fractions(trace: Trace, trail: Trail) -> None:
    for move in trail.moves:
        if move.dropped:
            trace.step(
                f"{move.change.describe()} 得到 {float(move.exact):g}：所有数字均为整数，清算中出现的小数一律舍去，"
                f"得 {move.true}。",
                "103.p3",
                decisive=True,
                exact=str(move.exact),
                value=move.true,
            )


def _floor(trace: Trace, who: str, trail: Trail) -> NumberReason:
    """103.p4: below 0 counts as 0, the true value is kept."""
    tally = trail.tally
    if not trail.dipped or tally is None:  # a dip needs a floor, and a floor comes with a tally
        return NumberReason.VALUE
    matters = trail.true < 0 or tally.floor_order_matters
    lowest = min(m.true for m in trail.moves) if trail.moves else trail.start
    trace.step(
        f"{who}小于 0 时（此处最低为 {lowest}），只要该数字不发生改变，都按照 0 来清算，但保留真实数值：最终真实数值为 "
        f"{trail.true}，按 {trail.shown} 清算。",
        "103.p4",
        decisive=matters,
        lowest=lowest,
        true=trail.true,
        shown=trail.shown,
    )
    if tally.floor_order_matters:
        trace.step(
            f"之后的增减从真实数值起算（若从 0 起算会得 {tally.floored_each_step}）：如 103 的例子，攻击力 500 的角色牌"
            "减去 2000 后按 0 清算，需要再加 2000 才回到 500。",
            "103.p4",
            each_step=tally.floored_each_step,
            kept=tally.floored_at_end,
        )
        return NumberReason.TRUE_VALUE_KEPT
    return NumberReason.SETTLED_AS_ZERO if trail.true < 0 else NumberReason.VALUE


def _to_rest_area(trace: Trace, who: str, trail: Trail, gone: int | None) -> Outcome:
    value = trail.start if gone is None else trail.moves[gone].true
    later = len(trail.moves) - (gone + 1 if gone is not None else 0)
    trace.step(
        f"{who}降为 {value}（0 以下）：直接将其送入休息区，即使是在效果的清算过程之中；这不视为破坏或废弃。",
        "309.p3",
        "309.p4",
        "605.p5",
        "613.p2",
        decisive=True,
        defence=value,
    )
    if later:
        trace.step(
            f"其后的 {later} 项变化不再影响它：进入另一个区域的牌成为一张新的牌。", "200.p4", ignored=later
        )
    return Outcome(
        NumberReason.TO_REST_AREA,
        {
            "true": value,
            "shown": max(0, value),
            "fraction_dropped": trail.dropped,
            "values": [m.true for m in trail.moves],
            "left_at_change": gone,
        },
    )


def _bonus(trace: Trace, who: str, trail: Trail) -> Outcome:
    if trail.true < 0:
        trace.step(
            f"加成可能是负数：{who}为 {trail.true}，会降低角色牌的相应数值。",
            "310.p2",
            decisive=True,
            bonus=trail.true,
        )
    return _outcome(NumberReason.VALUE, trail)


def _coloured_floor(trace: Trace, who: str, trail: Trail) -> Outcome | None:
    """303.p4: a total cost never goes below its coloured cost; None when the book decides the value."""
    tally = trail.tally
    if not trail.dipped or tally is None:  # a dip needs a floor, and a floor comes with a tally
        return None
    if tally.floor_order_matters:
        trace.silent(
            f"{who}曾低于有色费用 {trail.floor}，之后又有增减。303.p4 只规定总费用不会低于有色费用，103.p4 保留真实数值的"
            f"规定只针对小于 0 的数字；规则书未规定之后的增减从有色费用起算（得 {tally.floored_each_step}）还是从真实"
            f"数值起算（得 {tally.floored_at_end}）。",
            "303.p4",
            "103.p4",
            each_step=tally.floored_each_step,
            at_end=tally.floored_at_end,
        )
        return Outcome(
            NumberReason.UNDECIDED,
            {
                "true": trail.true,
                "shown": None,
                "fraction_dropped": trail.dropped,
                "values": [m.true for m in trail.moves],
                "readings": {
                    "from_coloured_cost": tally.floored_each_step,
                    "from_true_value": tally.floored_at_end,
                },
            },
        )
    if trail.true < tally.floor:
        trace.step(
            f"一张牌的总费用不会低于它的有色费用：{who}按有色费用 {trail.floor} 计算。",
            "303.p4",
            decisive=True,
            coloured_cost=trail.floor,
            true=trail.true,
        )
        return _outcome(NumberReason.AT_COLOURED_COST, trail)
    trace.step(
        f"{who}曾低于有色费用 {trail.floor}（按有色费用计算），最终为 {trail.true}。",
        "303.p4",
        coloured_cost=trail.floor,
        true=trail.true,
    )
    return _outcome(NumberReason.VALUE, trail)


def _against_damage(trace: Trace, who: str, trail: Trail, damage: int) -> NumberReason | None:
    if damage >= trail.shown:
        trace.step(
            f"角色牌上的伤害 {damage} 大于或等于{who} {trail.shown}：它即被破坏；因防御力改变而被破坏不属于效果破坏"
            "或战斗破坏。",
            "309.p2",
            "607.p3",
            "605.p6",
            decisive=True,
            damage=damage,
            defence=trail.shown,
        )
        return NumberReason.DESTROYED
    trace.step(
        f"角色牌上的伤害 {damage} 小于{who} {trail.shown}，它不会被破坏。",
        "309.p2",
        decisive=True,
        damage=damage,
        defence=trail.shown,
    )
    return None
