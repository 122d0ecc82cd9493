"""gcg ``deploy``: placing a unit or a base (7-5-2-2, 2-9, 2-10, 11-4, 11-5).

From the hand, the player's Lv. — every energy in the energy area, active
or rested, EX energy included (2-9-1, 2-9-4) — must reach the card's Lv.,
and the cost is paid by resting that many active energy (2-10-1); an EX
energy that pays is removed from the game (5-17-3-2-3), so which energy
pays is a choice with its own outcome.  A deployment by an effect is not a
use (5-7-1, 5-8-1) and goes through neither check.

A full battle area (6 units) or base section (1 base) makes the player put
one card already there into the trash for each new one (11-4-2, 11-4-2-2,
11-5-2): that is not destruction (11-4-2-1, 11-5-2-1, 5-10-4), so 【破壞時】
does not trigger (13-2-8-1); which card goes is the player's choice.  A new
unit cannot attack this turn unless it is a link unit (3-2-4, 3-2-6-3).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from itertools import combinations, product
from typing import Any

from pydantic import Field

from judge.board import BoardModel, Path
from judge.bounds import GCG_MOST_ENERGY as ENERGY_LIMIT
from judge.bounds import GCG_MOST_UNITS as BATTLE_AREA_LIMIT
from judge.bounds import Flag, GcgEnergy, GcgExEnergy
from judge.games.gcg.cards import Chosen, Pilot, Printed, is_link_to
from judge.ruling import Outcome, Trace

BASE_LIMIT = 1


class Kind(enum.StrEnum):
    UNIT = "UNIT"  # 機體
    BASE = "BASE"  # 基地


class Deploying(BoardModel):
    name: str = Field(min_length=1)
    type: Kind
    level: Printed
    cost: Printed
    on_deploy: Flag = Field(False, description="has a 【配置時】 effect (13-2-6)")
    link_condition: list[str] = Field([], description="pilot names or traits of its link condition (2-12-1)")


class Energy(BoardModel):
    active: GcgEnergy
    rested: GcgEnergy = 0
    ex: GcgExEnergy = Field(0, description="EX energy in the energy area (active)")

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        if self.active + self.rested + self.ex > ENERGY_LIMIT:
            yield (), f"an energy area holds at most {ENERGY_LIMIT} energy", ("4-4-2",)


class Placed(BoardModel):
    """A card already on the field that overflow may put into the trash."""

    name: str = Field(min_length=1)
    on_destroy: Flag = Field(False, description="has a 【破壞時】 effect (13-2-8)")
    pilot: str | None = Field(None, description="the pilot boarded on it (3-3-6)")
    token: Flag = Field(False, description="a token (替代卡) such as the EX Base (5-17)")


class DeployBoard(BoardModel):
    card: Deploying
    by_effect: Flag = Field(False, description="deployed by an effect rather than used from the hand")
    count: Chosen = Field(1, description="units an effect deploys at once (11-4-2-2)")
    energy: Energy | None = Field(None, description="the energy area; required when used from the hand")
    battle_area: list[Placed] = Field([], description="the units already in the battle area")
    base: Placed | None = Field(None, description="the base already in the base section")
    trash: list[str] | None = Field(None, description="the player's pick for overflow; null: list each pick")
    pilot: Pilot | None = Field(None, description="a pilot that boards the new unit this turn")

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        names = [card.name for card in self.battle_area]
        if len(names) > BATTLE_AREA_LIMIT:
            yield (
                ("battle_area",),
                f"a battle area holds at most {BATTLE_AREA_LIMIT} units",
                ("4-5-4", "11-4-1"),
            )
        for name in dict.fromkeys(n for n in names if names.count(n) > 1):
            yield ("battle_area",), f"「{name}」 is listed twice; give each unit its own name", ()
        if not self.by_effect and self.energy is None:
            yield ("energy",), "required when the card is used from the hand", ("7-5-2-2",)
        if self.count > 1 and not self.by_effect:
            yield ("count",), "a card used from the hand is one card; several at once come from an effect", ()
        if self.count > BATTLE_AREA_LIMIT:
            yield ("count",), f"a battle area holds at most {BATTLE_AREA_LIMIT} units", ("4-5-4",)
        elif self.count > BASE_LIMIT and self.card.type is Kind.BASE:
            yield ("count",), f"a base section holds at most {BASE_LIMIT} base", ("4-6-3", "11-5-1")
        if self.trash is not None:
            yield from self._trash_problems(self.trash)

    def _trash_problems(self, trash: list[str]) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        candidates = [c.name for c in overflow_candidates(self)]
        for i, name in enumerate(trash):
            if name not in candidates:
                yield ("trash", i), f"expected one of {', '.join(candidates) or '(no card has to go)'}", ()
        need = overflow(self)
        if len(set(trash)) != need:
            cites = ("11-5-2",) if self.card.type is Kind.BASE else ("11-4-2", "11-4-2-2")
            yield ("trash",), f"expected {need} different card(s): one for each card over the limit", cites

    @property
    def paying(self) -> Energy | None:
        """The energy area the cost is paid from (required then); None when an effect deploys the card."""
        return None if self.by_effect else self.energy


class Deploy(enum.StrEnum):
    DEPLOYED = "deployed"
    DEPLOYED_OVER_LIMIT = "deployed_after_trashing_over_limit"
    LEVEL_TOO_HIGH = "level_not_met"
    COST_UNPAYABLE = "cost_not_payable"


def overflow(board: DeployBoard) -> int:
    """How many cards already there must go to the trash (11-4-2-2, 11-5-2)."""
    if board.card.type is Kind.BASE:
        return max(0, (1 if board.base else 0) + board.count - BASE_LIMIT)
    return max(0, len(board.battle_area) + board.count - BATTLE_AREA_LIMIT)


def overflow_candidates(board: DeployBoard) -> list[Placed]:
    if board.card.type is Kind.BASE:
        return [board.base] if board.base else []
    return list(board.battle_area)


def judge(board: DeployBoard, trace: Trace) -> Outcome:
    card = board.card
    energy = board.paying
    problems = [] if energy is None else _use_from_hand(board, energy, trace)
    if problems:
        return Outcome(problems[0], {"legal": False, "problems": problems})
    if board.by_effect:
        trace.step(
            f"「{card.name}」由效果配置於場上：配置不是從手牌使用，不進行 Lv. 確認，也不支付費用。",
            "5-7-1",
            "5-8-1",
            count=board.count,
        )
    payments = _payments(board)
    need = overflow(board)
    picks = (
        [tuple(board.trash)]
        if board.trash is not None
        else list(combinations([c.name for c in overflow_candidates(board)], need))
    )
    if len(payments) > 1:
        trace.choice(
            "選擇用於支付費用的能源由玩家決定：" + "、".join(f"使用 {n} 張 EX 能源" for n in payments) + "。",
            "7-5-2-2",
            "5-17-3-2-3",
            ex_options=payments,
        )
    reason = Deploy.DEPLOYED_OVER_LIMIT if need else Deploy.DEPLOYED
    facts = _finish(board, trace, payments[0], picks[0] if len(picks) == 1 else None)
    if len(payments) * len(picks) > 1:
        for ex_used, pick in product(payments, picks):
            branch = trace.branch()
            option: dict[str, Any] = {"ex_energy_used": ex_used} if len(payments) > 1 else {}
            option |= {"trash": list(pick)} if len(picks) > 1 else {}
            trace.add_choice(None, option, Outcome(reason, _finish(board, branch, ex_used, pick)), branch)
    return Outcome(reason, facts)


def _use_from_hand(board: DeployBoard, energy: Energy, trace: Trace) -> list[Deploy]:
    card = board.card
    lv = energy.active + energy.rested + energy.ex
    problems = []
    trace.step(f"從手牌公開「{card.name}」（Lv.{card.level}，費用 {card.cost}）。", "7-5-2-2")
    met = lv >= card.level
    trace.step(
        f"能源區中共有 {lv} 張能源（活躍 {energy.active}、休息 {energy.rested}、EX 能源 {energy.ex}），"
        "與能源是否處於活躍或休息狀態無關，EX 能源也計入：玩家的 Lv. 為 "
        f"{lv}，" + ("滿足" if met else "未滿足") + f" Lv.{card.level} 的條件。",
        "2-9-1",
        "2-9-4",
        "7-5-2-2",
        decisive=True,
        lv=lv,
        level=card.level,
    )
    if not met:
        problems.append(Deploy.LEVEL_TOO_HIGH)
    payable = energy.active + energy.ex
    trace.step(
        f"支付費用需將 {card.cost} 張活躍狀態的能源轉為休息狀態；可用的活躍能源有 {payable} 張，"
        + ("可以支付。" if payable >= card.cost else "無法支付。"),
        "2-10-1",
        "7-5-2-2",
        decisive=True,
        cost=card.cost,
        active=payable,
    )
    if payable < card.cost:
        problems.append(Deploy.COST_UNPAYABLE)
    return problems


def _payments(board: DeployBoard) -> list[int]:
    """Each number of EX energy the player may pay with (fewest first); [0] when nothing is paid."""
    energy, cost = board.paying, board.card.cost
    if energy is None:
        return [0]
    return list(range(max(0, cost - energy.active), min(energy.ex, cost) + 1))


def _finish(board: DeployBoard, trace: Trace, ex_used: int, pick: tuple[str, ...] | None) -> dict[str, Any]:
    """Pay, make room, place the card; ``pick`` is None while the player's choice is open."""
    facts: dict[str, Any] = {"legal": True, "problems": []}
    energy = board.paying
    if energy is not None:
        facts["energy_after"] = _pay(board, energy, trace, ex_used)
    facts["trashed"] = _make_room(board, trace, pick) if overflow(board) else []
    card = board.card
    if card.type is Kind.BASE:
        trace.step(f"「{card.name}」以活躍狀態配置到護盾區的基地放置處。", "3-5-1", "5-4-2")
    else:
        trace.step(
            f"「{card.name}」以正面朝上、活躍狀態配置在戰鬥區。", "3-2-1", "4-5-2", "5-4-2", count=board.count
        )
    if card.on_deploy:
        trace.step(f"「{card.name}」被配置，誘發其【配置時】效果。", "13-2-6-1")
    facts["on_deploy"] = card.on_deploy
    facts["can_attack_this_turn"] = None if card.type is Kind.BASE else _attack_this_turn(board, trace)
    return facts


def _pay(board: DeployBoard, energy: Energy, trace: Trace, ex_used: int) -> dict[str, Any]:
    normal = board.card.cost - ex_used
    after: dict[str, Any] = {
        "active": energy.active - normal,
        "rested": energy.rested + normal,
        "ex": energy.ex - ex_used,
    }
    after["lv"] = after["active"] + after["rested"] + after["ex"]
    text = f"將 {normal} 張活躍狀態的能源轉為休息狀態支付費用"
    if ex_used:
        text += f"，並使用 {ex_used} 張 EX 能源；使用過的 EX 能源從遊戲中移除，玩家的 Lv. 變為 {after['lv']}"
    trace.step(text + "。", "2-10-1", *(("5-17-3-2-3",) if ex_used else ()), **after)
    return after


def _make_room(board: DeployBoard, trace: Trace, pick: tuple[str, ...] | None) -> list[str] | None:
    need = overflow(board)
    candidates = overflow_candidates(board)
    if board.card.type is Kind.BASE:
        trace.step(
            f"基地放置處已有基地「{candidates[0].name}」，已達到上限 1 張：需將其置於廢棄區。",
            "11-5-1",
            "11-5-2",
            decisive=True,
        )
        not_destroyed = ("11-5-2-1", "5-10-4")
    else:
        trace.step(
            f"戰鬥區已有 {len(board.battle_area)} 張機體，配置 {board.count} 張後超過上限 6 張："
            f"需選擇 {need} 張已在戰鬥區的機體並置於廢棄區。",
            "11-4-1",
            "11-4-2",
            *(("11-4-2-2",) if board.count > 1 else ()),
            decisive=True,
            trash=need,
        )
        not_destroyed = ("11-4-2-1", "5-10-4")
    chosen = candidates if pick is None else [c for c in candidates if c.name in pick]
    with_effect = "、".join(f"「{c.name}」" for c in chosen if c.on_destroy)
    trace.step(
        "因超過張數上限而透過規則處理置於廢棄區，不視為「破壞」"
        + (
            f"：{with_effect}的【破壞時】效果{'即使被選擇也' if pick is None else ''}不會發動。"
            if with_effect
            else "。"
        ),
        *not_destroyed,
        *(("13-2-8-1",) if with_effect else ()),
        decisive=bool(with_effect),
    )
    if pick is None:
        trace.choice(
            "由玩家選擇要置於廢棄區的卡牌：" + "、".join(f"「{c.name}」" for c in candidates) + "。",
            "11-4-2" if board.card.type is Kind.UNIT else "11-5-2",
            candidates=[c.name for c in candidates],
        )
        return None
    for placed in chosen:
        _to_trash(trace, placed, "11-5-2" if board.card.type is Kind.BASE else "11-4-2")
    return [c.name for c in chosen]


def _to_trash(trace: Trace, placed: Placed, clause: str) -> None:
    if placed.token:
        trace.step(
            f"「{placed.name}」是替代卡，移動到戰鬥區·能源區·護盾區以外的區域時從遊戲中被移除。",
            clause,
            "5-17-2-5",
        )
    else:
        trace.step(f"「{placed.name}」置於廢棄區。", clause)
    if placed.pilot:
        trace.step(
            f"搭乘在「{placed.name}」下方的駕駛員「{placed.pilot}」移動到與該機體相同的區域。", "3-3-6"
        )


def _attack_this_turn(board: DeployBoard, trace: Trace) -> bool:
    card = board.card
    if board.pilot is not None and is_link_to(card.link_condition, board.pilot):
        trace.step(
            f"駕駛員「{board.pilot.name}」滿足「{card.name}」的共鳴條件，搭乘後成為「共鳴機體」，在配置的回合就可以立即攻擊。",
            "3-2-6-2",
            "3-2-6-3",
            decisive=True,
        )
        return True
    why = "（搭乘的駕駛員不滿足共鳴條件）" if board.pilot is not None else ""
    trace.step(f"新配置的「{card.name}」在配置的回合中無法攻擊{why}。", "3-2-4", decisive=True)
    return False
