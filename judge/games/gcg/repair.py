"""gcg ``repair``: 《修復》 at the end of a turn (13-1-1, 5-6).

《修復（數值）》 means "when our turn ends, this unit recovers (value)"
(13-1-1-1), so only the turn player's units recover.  A unit that gains
another 《修復》 does not have two: the values add up to one effect
(13-1-1-2, the book's worked example 《修復：1》 + 《修復：2》 = 《修復：3》).
Recovering removes that many damage counters, never more than the unit has
(5-6-1, 5-6-2), and an undamaged unit cannot recover (5-6-3).
"""

from __future__ import annotations

import enum
from typing import Any

from pydantic import Field

from judge.board import BoardModel, Both
from judge.games.gcg.cards import Amount, Boarded
from judge.players import Player, turn_order
from judge.ruling import Outcome, Trace


class RepairUnit(Boarded):
    repair: list[Amount] = Field([], description="the value of each 《修復》 it has, printed or gained")


class RepairBoard(BoardModel):
    turn_player: Player = Field(description="whose turn is ending")
    battle_area: Both[list[RepairUnit]]


class Repair(enum.StrEnum):
    RECOVERED = "recovered"
    NOTHING_RECOVERED = "nothing_recovered"


def judge(board: RepairBoard, trace: Trace) -> Outcome:
    turn = board.turn_player
    trace.step(f"玩家 {turn} 的回合結束：結束步驟中發動「回合結束時」所指定的效果。", "7-6-4-1", "13-1-1-1")
    results = []
    for player in turn_order(turn):
        for unit in board.battle_area[player]:
            if unit.repair:
                results.append(_one_unit(trace, player, unit, player is turn))
    triggered = [r for r in results if r["triggered"]]
    if len(triggered) > 1:
        trace.step(
            f"玩家 {turn} 的多個《修復》效果同時誘發，由玩家 {turn} 決定解決順序並依次處理；各自回復不同的機體，"
            "順序不影響結果。",
            "10-1-6-5",
            effects=len(triggered),
        )
    recovered = any(r["recovered"] for r in results)
    return Outcome(Repair.RECOVERED if recovered else Repair.NOTHING_RECOVERED, {"units": results})


def _one_unit(trace: Trace, player: Player, unit: RepairUnit, own_turn: bool) -> dict[str, Any]:
    who = f"玩家 {player} 的「{unit.name}」"
    value = sum(unit.repair)
    if len(unit.repair) > 1:
        listed = "、".join(f"《修復：{v}》" for v in unit.repair)
        trace.step(
            f"{who}擁有 {listed}：不算擁有多個，而是疊加數值，成為《修復：{value}》。",
            "13-1-1-2",
            decisive=own_turn,
            instances=unit.repair,
            repair=value,
        )
    result = {
        "player": player,
        "name": unit.name,
        "repair": value,
        "triggered": own_turn,
        "recovered": 0,
        "damage": unit.damage,
    }
    if not own_turn:
        trace.step(
            f"{who}的《修復：{value}》只在其持有者的回合結束時發動，現在不是玩家 {player} 的回合，不發動。",
            "13-1-1-1",
            decisive=unit.damage > 0,
            repair=value,
        )
        return result
    if unit.damage == 0:
        trace.step(f"{who}沒有受到傷害，無法回復。", "13-1-1-1", "5-6-3", decisive=True, damage=0)
        return result
    recovered = min(value, unit.damage)
    if value > unit.damage:
        trace.step(
            f"{who}回復 {value}，超過目前受到的傷害 {unit.damage}：移除所有計數器，剩餘數值不會疊加到 HP 上。",
            "13-1-1-1",
            "5-6-1",
            "5-6-2",
            decisive=True,
            recovered=recovered,
            damage=0,
        )
    else:
        trace.step(
            f"{who}回復 {value}：移除 {value} 個表示傷害的計數器，剩下 {unit.damage - value} 個。",
            "13-1-1-1",
            "5-6-1",
            decisive=True,
            recovered=recovered,
            damage=unit.damage - value,
        )
    return {**result, "recovered": recovered, "damage": unit.damage - recovered}
