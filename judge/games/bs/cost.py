"""bs ``cost``: what using a card really costs, and whether the player can pay it.

費用與能量 › 費用支付與卡牌的使用, step by step: ① the cost and the card's
reduction symbols, ② the symbols on the player's field, ③ the reduction
(colour by colour, mandatory, see :mod:`judge.games.bs.reduction`), ④ the
payment — from the reserve and the cores on field cards, never from life,
never from a god or stone nexus — and ⑤ the cores placed on a summoned
spirit (at least its Lv1; an ultimate's Lv3).

With a ``payment`` (and ``placement``) the ruling checks that plan and
names every spirit it drains below its lowest Lv: those are depleted (消滅),
not destroyed.  Without one it says whether the card can be paid for
without depleting anything; if not, the player must still pay (FAQ 關於支
付費用 Q2) and chooses which spirits to deplete — the ruling gives the
outcome of each smallest choice.

FAQ 關於支付費用 Q1 asks whether the cost changes when paying depletes the
spirits whose symbols reduced it — and the book prints no answer.  The
procedure fixes the reduction at ②–③, before ④; the ruling follows that
order and says that the FAQ's answer is missing.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Annotated, Any

from pydantic import Field

from judge.board import BoardModel, Path
from judge.bounds import Flag, Many, Small, SmallPositive
from judge.games.bs.reduction import Colour, Reduced, Reduction, Symbol, describe, reduce, word
from judge.games.bs.rules import (
    COST,
    COST_1,
    COST_2,
    COST_3,
    COST_4,
    COST_5,
    DEPLETION,
    DEPLETION_TERM,
    GOD_CORES,
    GOD_SYMBOL,
    PAY_DRAINS,
    PAY_FROM_FIELD,
    PAY_FROM_RESERVE,
    PAY_SHORT,
    STONE_CORES,
    SUMMON_CONDITION,
    SYMBOL_KINDS,
    ULTIMATE_LV,
    ULTIMATE_SYMBOL,
)
from judge.numbers import tally
from judge.ruling import Outcome, Trace

#: at most this many ways to deplete are spelled out as choices
MAX_CHOICES = 12


class UsedKind(enum.StrEnum):
    SPIRIT = "SPIRIT"  # also a brave summoned in spirit state
    ULTIMATE = "ULTIMATE"
    NEXUS = "NEXUS"
    GOD_NEXUS = "GOD_NEXUS"  # 創界神 / 創界石 nexus: no cores placed when deployed
    MAGIC = "MAGIC"

    @property
    def summoned(self) -> bool:
        return self in (UsedKind.SPIRIT, UsedKind.ULTIMATE)


class FieldKind(enum.StrEnum):
    SPIRIT = "SPIRIT"
    ULTIMATE = "ULTIMATE"
    NEXUS = "NEXUS"
    GOD_NEXUS = "GOD_NEXUS"  # 創界神核心卡
    STONE_NEXUS = "STONE_NEXUS"  # 創界石核心卡


LOCKED = {FieldKind.GOD_NEXUS: GOD_CORES, FieldKind.STONE_NEXUS: STONE_CORES}
LOWEST_LV = {FieldKind.SPIRIT: 1, FieldKind.ULTIMATE: 3}


class UsedCard(BoardModel):
    name: str = Field(min_length=1)
    kind: UsedKind = UsedKind.SPIRIT
    cost: Small
    reduction: dict[Reduction, SmallPositive] = Field(
        {}, description="reduction symbols by colour; any = 6 色"
    )
    min_cores: Many | None = Field(None, description="cores for its lowest Lv (Lv1; an ultimate's Lv3)")
    summon_condition_met: Flag = Field(True, description="an ultimate's summon condition (召喚條件) holds")

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        if self.kind.summoned and self.min_cores is None:
            yield (
                ("min_cores",),
                f"required for a {self.kind.value}: the cores its lowest Lv needs",
                (COST_5,),
            )

    @property
    def cores_to_place(self) -> int:
        """The cores put on the card as it is used: its lowest Lv's when summoned (required then)."""
        return self.min_cores if self.kind.summoned and self.min_cores is not None else 0


class FieldCard(BoardModel):
    name: str = Field(min_length=1)
    kind: FieldKind = FieldKind.SPIRIT
    cores: Many
    min_cores: Many = Field(0, description="a spirit's cores for its lowest Lv (Lv1; an ultimate's Lv3)")
    symbols: list[Symbol] = Field([], description="each symbol: red, … or god+red for a coloured god symbol")

    @property
    def payable(self) -> bool:
        return self.kind not in LOCKED

    @property
    def depletable(self) -> bool:
        return self.kind in LOWEST_LV

    @property
    def surplus(self) -> int:
        return self.cores - self.min_cores if self.depletable else self.cores

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        if self.depletable and self.cores < self.min_cores:
            yield (
                ("cores",),
                (f"{self.cores} cores cannot keep its lowest Lv: it would already have been depleted"),
                (DEPLETION,),
            )


class Cores(BoardModel):
    """Where cores come from: the reserve, field cards by name, or (illegally) life."""

    reserve: Many = 0
    cards: dict[str, Annotated[Many, Field(ge=1)]] = {}
    life: Many = 0

    @property
    def total(self) -> int:
        return self.reserve + sum(self.cards.values()) + self.life


class CostBoard(BoardModel):
    card: UsedCard
    field: list[FieldCard] = []
    reserve: Many
    payment: Cores | None = Field(None, description="how the player pays (optional)")
    placement: Cores | None = Field(None, description="the cores put on the summoned card (with a payment)")

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        names = [card.name for card in self.field]
        for name in dict.fromkeys(n for n in names if names.count(n) > 1):
            yield ("field",), f"two field cards are named {name!r}; give each its own name", ()
        if self.placement is not None and self.payment is None:
            yield ("payment",), "required with a placement", ()
        plans = {
            key: plan for key, plan in (("payment", self.payment), ("placement", self.placement)) if plan
        }
        taken: Counter[str] = Counter()
        for key, plan in plans.items():
            for name, n in plan.cards.items():
                if name not in names:
                    yield (key, "cards", name), f"no field card named {name!r}", ()
                taken[name] += n
        by_name = {card.name: card for card in self.field}
        for name, n in taken.items():
            if name in by_name and n > by_name[name].cores:
                yield (
                    ("field", names.index(name), "cores"),
                    f"{n} cores taken from a card with {by_name[name].cores}",
                    (),
                )
        if sum(plan.reserve for plan in plans.values()) > self.reserve:
            yield ("reserve",), "fewer cores than the payment and placement take from it", ()


class CostResult(enum.StrEnum):
    PAYABLE = "payable"
    PAYABLE_WITH_DEPLETION = "payable_with_depletion"
    CANNOT_PAY = "cannot_pay"
    CANNOT_REACH_LOWEST_LV = "cannot_reach_lowest_lv"
    SUMMON_CONDITION_NOT_MET = "summon_condition_not_met"
    ILLEGAL_PAYMENT = "illegal_payment"
    UNDECIDED = "undecided"


@dataclass(frozen=True, slots=True)
class Means:
    """The cores a player can use: all of them, and those that deplete nothing."""

    available: int
    free: int
    need: int  # payment plus the cores its lowest Lv needs


def means(board: CostBoard, to_pay: int) -> Means:
    payable = [card for card in board.field if card.payable]
    return Means(
        board.reserve + sum(c.cores for c in payable),
        board.reserve + sum(c.surplus for c in payable),
        to_pay + board.card.cores_to_place,
    )


def verdict(board: CostBoard, to_pay: int) -> CostResult:
    """The result for one amount to pay, without a payment plan."""
    found = means(board, to_pay)
    if to_pay > found.available:
        return CostResult.CANNOT_PAY
    if found.need > found.available:
        return CostResult.CANNOT_REACH_LOWEST_LV
    return CostResult.PAYABLE if found.need <= found.free else CostResult.PAYABLE_WITH_DEPLETION


def judge(board: CostBoard, trace: Trace) -> Outcome:
    card = board.card
    reduced = _explain_reduction(trace, board)
    to_pay = tally(card.cost, [-reduced.total]).floored_at_end
    trace.step(
        f"實際需支付的能量：{card.cost}（費用）− {reduced.total}（減輕）= {to_pay} 個；若可減輕費用，則必須進行減輕。",
        COST_3,
        decisive=reduced.total > 0,
        to_pay=to_pay,
    )
    facts = {
        "cost": card.cost,
        "reduction": reduced.total,
        "to_pay": to_pay,
        "reduction_by_colour": {kind.value: n for kind, n in reduced.by_kind.items()},
        "depleted": [],
        "min_depleted": None,
        "problems": [],
    }
    if reduced.overlap_matters:
        other = tally(card.cost, [-reduced.exclusive]).floored_at_end
        trace.silent(
            f"規則書以顏色逐一計算減輕（合計 {reduced.total}），但未說明同一個標誌能否同時用於兩種減輕標誌；"
            f"若每個標誌只能減輕一次，減輕為 {reduced.exclusive}，需支付 {other} 個。",
            COST_3,
            SYMBOL_KINDS,
            colour_by_colour=to_pay,
            each_symbol_once=other,
        )
        facts["to_pay_readings"] = [to_pay, other]
        if board.payment is not None or verdict(board, to_pay) is not verdict(board, other):
            trace.mark_decisive(COST_3, SYMBOL_KINDS)
            return Outcome(CostResult.UNDECIDED, {**facts, "to_pay": None})
    if card.kind is UsedKind.ULTIMATE and not card.summon_condition_met:
        trace.step(f"「{card.name}」的召喚條件未滿足，無法召喚。", SUMMON_CONDITION, decisive=True)
        return Outcome(CostResult.SUMMON_CONDITION_NOT_MET, facts)
    if board.payment is not None:
        return _planned(trace, board, board.payment, reduced, to_pay, facts)
    return _unplanned(trace, board, reduced, to_pay, facts)


def _explain_reduction(trace: Trace, board: CostBoard) -> Reduced:
    card = board.card
    listed = "、".join(f"{word(kind)} {n}" for kind, n in card.reduction.items()) or "沒有減輕標誌"
    trace.step(
        f"「{card.name}」的費用為 {card.cost}，減輕標誌：{listed}。",
        COST_1,
        cost=card.cost,
        reduction={k.value: n for k, n in card.reduction.items()},
    )
    symbols = [symbol for field in board.field for symbol in field.symbols]
    reduced = reduce(card.reduction, symbols)
    trace.step(f"自己場地上的標誌：{describe(symbols)}。", COST_2, symbols=len(symbols))
    special = _special_symbol_clauses(card.reduction, symbols)
    if special:
        trace.step(
            "神標誌與究極標誌只能減輕「神」「究極」減輕標誌的費用；帶有顏色的神標誌同時也是該顏色的標誌。",
            *special,
        )
    if card.reduction:
        parts = "、".join(f"{word(kind)} {n}" for kind, n in reduced.by_kind.items())
        trace.step(
            f"依顏色逐一取減輕標誌數與場地上該顏色標誌數的較小者：{parts}，合計可減輕 {reduced.total}。",
            COST,
            COST_3,
            decisive=reduced.total > 0,
            by_colour={k.value: n for k, n in reduced.by_kind.items()},
        )
    return reduced


def _special_symbol_clauses(
    reduction: Mapping[Reduction, int], symbols: list[frozenset[Colour]]
) -> tuple[str, ...]:
    kinds = set().union(*symbols) | {Colour(k.value) for k in reduction if k is not Reduction.ANY}
    found = []
    if Colour.GOD in kinds:
        found.append(GOD_SYMBOL)
    if Colour.ULTIMATE in kinds:
        found.append(ULTIMATE_SYMBOL)
    if any(Colour.GOD in s and len(s) > 1 for s in symbols):
        found.append(SYMBOL_KINDS)
    return tuple(found)


def _sources(trace: Trace, board: CostBoard, found: Means) -> None:
    locked = [card for card in board.field if not card.payable]
    trace.step(
        f"可用於支付的能量：預備區 {board.reserve} 個，加上場地上卡牌的能量，共 {found.available} 個；"
        "生命值等其他區域的能量不可用於支付費用。",
        PAY_FROM_RESERVE,
        PAY_FROM_FIELD,
        COST_4,
        available=found.available,
    )
    for card in locked:
        trace.step(
            f"「{card.name}」上的 {card.cores} 個能量不可用於支付費用。", LOCKED[card.kind], cores=card.cores
        )


def _unplanned(
    trace: Trace, board: CostBoard, reduced: Reduced, to_pay: int, facts: dict[str, Any]
) -> Outcome:
    card = board.card
    found = means(board, to_pay)
    result = verdict(board, to_pay)
    _sources(trace, board, found)
    if result is CostResult.CANNOT_PAY:
        trace.step(
            f"需支付 {to_pay} 個，但可用的能量只有 {found.available} 個，無論如何都無法支付："
            "將該卡牌放回手牌，並將場地狀態恢復到使用該卡牌之前的狀態。",
            PAY_SHORT,
            COST_4,
            decisive=True,
            to_pay=to_pay,
            available=found.available,
        )
        return Outcome(result, facts)
    placing = (
        f"，再放置 {card.min_cores} 個能量使其達到最低 Lv，共需 {found.need} 個" if card.kind.summoned else ""
    )
    if result is CostResult.CANNOT_REACH_LOWEST_LV:
        trace.step(
            f"支付 {to_pay} 個後{placing}，但可用的能量只有 {found.available} 個；"
            "靈魂卡或終極靈魂卡不可在能量未達最低 Lv 的狀態下召喚。",
            COST_5,
            *((ULTIMATE_LV,) if card.kind is UsedKind.ULTIMATE else ()),
            decisive=True,
            need=found.need,
        )
        return Outcome(result, facts)
    if result is CostResult.PAYABLE:
        trace.step(
            f"需支付 {to_pay} 個{placing}；不使任何靈魂卡低於最低 Lv 的能量有 {found.free} 個，足夠，不會有卡牌消滅。",
            *((COST_4, COST_5) if card.kind.summoned else (COST_4,)),
            need=found.need,
            free=found.free,
        )
        return Outcome(result, {**facts, "min_depleted": 0})
    return _must_deplete(trace, board, to_pay, found, facts, reduced)


def _must_deplete(
    trace: Trace, board: CostBoard, to_pay: int, found: Means, facts: dict[str, Any], reduced: Reduced
) -> Outcome:
    short = found.need - found.free
    candidates = [c for c in board.field if c.payable and c.depletable and c.min_cores > 0]
    ways = _smallest_depletions(candidates, short)
    trace.step(
        f"共需 {found.need} 個能量，但不使任何靈魂卡消滅的能量只有 {found.free} 個，還差 {short} 個；"
        f"即使會導致自己的靈魂卡消滅，也必須支付費用，至少有 {len(ways[0])} 張卡牌會消滅。",
        PAY_SHORT,
        DEPLETION,
        decisive=True,
        short=short,
        min_depleted=len(ways[0]),
    )
    trace.choice(
        "由玩家選擇使哪張卡牌消滅："
        + "；".join("、".join(f"「{c.name}」" for c in way) for way in ways[:MAX_CHOICES])
        + (f"；另有 {len(ways) - MAX_CHOICES} 種組合" if len(ways) > MAX_CHOICES else "")
        + "。",
        PAY_SHORT,
        DEPLETION_TERM,
    )
    _drain_warning(trace, board, reduced, [{c.name for c in way} for way in ways], planned=False)
    for way in ways[:MAX_CHOICES]:
        names = [c.name for c in way]
        branch = trace.branch()
        branch.step(
            "、".join(f"「{n}」" for n in names)
            + " 的能量用於支付後無法維持最低 Lv，當下消滅：卡牌放置到廢棄區；"
            "消滅與破壞不同，破壞時發生的效果不會發生。",
            DEPLETION,
            DEPLETION_TERM,
            depleted=names,
        )
        trace.add_choice(
            None,
            {"deplete": names},
            Outcome(CostResult.PAYABLE_WITH_DEPLETION, {**facts, "depleted": names}),
            branch,
        )
    return Outcome(
        CostResult.PAYABLE_WITH_DEPLETION, {**facts, "depleted": None, "min_depleted": len(ways[0])}
    )


def _smallest_depletions(candidates: list[FieldCard], short: int) -> list[tuple[FieldCard, ...]]:
    """Every smallest set of spirits whose lowest-Lv cores cover ``short``.

    All the candidates together always do: ``verdict`` found the cores sufficient.
    """
    return next(
        ways
        for size in range(1, len(candidates) + 1)
        if (ways := [way for way in combinations(candidates, size) if sum(c.min_cores for c in way) >= short])
    )


def _drain_warning(
    trace: Trace, board: CostBoard, reduced: Reduced, drained: list[set[str]], *, planned: bool
) -> None:
    """FAQ 關於支付費用 Q1: paying depletes a spirit whose symbols reduced the cost."""
    changed = []
    for names in drained:
        left = [s for card in board.field if card.name not in names for s in card.symbols]
        total = reduce(board.card.reduction, left).total
        if total != reduced.total:
            changed.append((sorted(names), total))
    if not changed:
        return
    first, without = changed[0]
    trace.silent(
        f"{'' if planned else '若'}支付使提供標誌的{'、'.join(f'「{n}」' for n in first)}消滅，"
        f"不計其標誌時減輕將為 {without}。"
        "程序在②③確認標誌並計算減輕，在④才支付，本裁定依此順序維持原本的減輕；"
        "常見問題「關於支付費用」Q1 正是詢問此情況，但規則書未刊載其回答。",
        PAY_DRAINS,
        COST_2,
        COST_4,
        reduction=reduced.total,
        without_drained=without,
    )


def _planned(
    trace: Trace, board: CostBoard, payment: Cores, reduced: Reduced, to_pay: int, facts: dict[str, Any]
) -> Outcome:
    card, placement = board.card, board.placement or Cores()
    problems = _plan_problems(trace, board, to_pay, payment, placement)
    by_name = {c.name: c for c in board.field}
    taken = Counter(payment.cards) + Counter(placement.cards)
    depleted = [
        name
        for name, n in taken.items()
        if by_name[name].depletable and by_name[name].cores - n < by_name[name].min_cores
    ]
    if problems:
        return Outcome(CostResult.ILLEGAL_PAYMENT, {**facts, "problems": problems})
    trace.step(f"將支付的 {to_pay} 個能量移至廢棄區。", COST_4, to_trash=to_pay)
    if card.kind.summoned:
        trace.step(
            f"在「{card.name}」上放置 {placement.total} 個能量，達到最低 Lv 所需的 {card.min_cores} 個。",
            COST_5,
            placed=placement.total,
        )
    for name in depleted:
        left = by_name[name].cores - taken[name]
        trace.step(
            f"「{name}」的能量減少至 {left} 個，無法維持最低 Lv（需 {by_name[name].min_cores} 個），當下消滅："
            f"卡牌放置到廢棄區，其上剩下的 {left} 個能量返回預備區；消滅與破壞不同，破壞時發生的效果不會發生。",
            DEPLETION,
            DEPLETION_TERM,
            PAY_SHORT,
            decisive=True,
            cores_left=left,
        )
    if depleted:
        _drain_warning(trace, board, reduced, [set(depleted)], planned=True)
    reason = CostResult.PAYABLE_WITH_DEPLETION if depleted else CostResult.PAYABLE
    return Outcome(reason, {**facts, "depleted": depleted})


def _plan_problems(
    trace: Trace, board: CostBoard, to_pay: int, payment: Cores, placement: Cores
) -> list[str]:
    card = board.card
    by_name = {c.name: c for c in board.field}
    problems = []
    for key, plan in (("payment", payment), ("placement", placement)):
        if plan.life:
            trace.step(
                f"{'支付' if key == 'payment' else '放置'}使用了生命值的 {plan.life} 個能量：生命值的能量不可使用。",
                COST_4 if key == "payment" else COST_5,
                decisive=True,
                life=plan.life,
            )
            problems.append(f"{key}_from_life")
        for name in plan.cards:
            if not by_name[name].payable:
                trace.step(
                    f"「{name}」上的能量不可用於支付或放置。", LOCKED[by_name[name].kind], decisive=True
                )
                problems.append(f"{key}_from_locked_nexus")
    if payment.total != to_pay:
        trace.step(
            f"支付了 {payment.total} 個能量，但實際需支付的是 {to_pay} 個。",
            COST_3,
            COST_4,
            decisive=True,
            paid=payment.total,
            to_pay=to_pay,
        )
        problems.append("wrong_amount")
    if not card.kind.summoned and placement.total:
        clause = GOD_CORES if card.kind is UsedKind.GOD_NEXUS else COST_5
        if card.kind is not UsedKind.NEXUS:
            trace.step(f"「{card.name}」不可放置能量。", clause, decisive=True)
            problems.append("cores_placed_on_card_without_cores")
    if card.kind.summoned and placement.total < card.cores_to_place:
        trace.step(
            f"只放置 {placement.total} 個能量，未達最低 Lv 所需的 {card.min_cores} 個：不可在此狀態下召喚。",
            COST_5,
            decisive=True,
            placed=placement.total,
            needed=card.min_cores,
        )
        problems.append("below_lowest_lv")
    return problems
