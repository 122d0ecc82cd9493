"""uhb's game-end check (1.3): who loses, and a draw when both do.

Used by ``loss_check`` and at the end of ``battle``: losing conditions are
checked only once the current effect has been carried out in full (1.3.4).
"""

from __future__ import annotations

import enum
from typing import Any

from judge.players import Player, turn_order
from judge.ruling import Trace

DAMAGE_LIMIT = 5


class LossCause(enum.StrEnum):
    DAMAGE_ZONE_FULL = "damage_zone_full"  # 1.3.2a
    DRAW_FROM_EMPTY_DECK = "draw_from_empty_deck"  # 1.3.2b
    ENERGY_FROM_EMPTY_DECK = "energy_from_empty_deck"  # 1.3.2c
    OPPONENT_WINS_BY_EFFECT = "opponent_wins_by_effect"  # 1.3.2d


class GameEnd(enum.StrEnum):
    CONTINUES = "continues"
    LOSS = "loss"
    DRAW = "draw"  # 1.3.3
    UNDECIDED = "undecided"  # depends on a point the rulebook does not decide


CAUSE_CLAUSE = {
    LossCause.DAMAGE_ZONE_FULL: "1.3.2a",
    LossCause.DRAW_FROM_EMPTY_DECK: "1.3.2b",
    LossCause.ENERGY_FROM_EMPTY_DECK: "1.3.2c",
    LossCause.OPPONENT_WINS_BY_EFFECT: "1.3.2d",
}

CAUSE_TEXT = {
    LossCause.DRAW_FROM_EMPTY_DECK: "将要抽牌时牌库内没有剩余牌",
    LossCause.ENERGY_FROM_EMPTY_DECK: "将要将牌库顶牌移入能量区时牌库内没有剩余牌",
    LossCause.OPPONENT_WINS_BY_EFFECT: "对方的卡牌效果使对方获得胜利",
}


def game_end(
    trace: Trace, active: Player, damage: dict[Player, int], happened: dict[Player, list[LossCause]]
) -> dict[str, Any]:
    """Check every player after the effect is over; return the ``game_end`` facts.

    ``happened`` lists the losing events met while the effect was carried out.
    """
    trace.step("玩家不会在效果执行到一半时输掉游戏；在当前效果全部执行完毕后检查输掉游戏的条件。", "1.3.4")
    causes: dict[Player, list[LossCause]] = {}
    for player in turn_order(active):
        found = list(happened.get(player, ()))
        if damage[player] >= DAMAGE_LIMIT:
            trace.step(
                f"玩家 {player} 的伤害区有 {damage[player]} 张牌（5 张或更多），输掉游戏。",
                "1.3.2a",
                "3.3.2",
                decisive=True,
                damage_zone=damage[player],
            )
            found.insert(0, LossCause.DAMAGE_ZONE_FULL)
        for cause in happened.get(player, ()):
            trace.step(f"玩家 {player} {CAUSE_TEXT[cause]}，输掉游戏。", CAUSE_CLAUSE[cause], decisive=True)
        if found:
            causes[player] = found
    if not causes:
        trace.step(
            "双方都不满足输掉游戏的条件，游戏继续。",
            "1.3.2a",
            damage_zone={p.value: n for p, n in damage.items()},
        )
        return {"result": GameEnd.CONTINUES, "losers": [], "winner": None, "causes": {}}
    if len(causes) == 2:
        trace.step("双方同时输掉游戏，此局游戏的结果为平手。", "1.3.3", decisive=True)
        return {"result": GameEnd.DRAW, "losers": list(causes), "winner": None, "causes": causes}
    loser = next(iter(causes))
    return {"result": GameEnd.LOSS, "losers": [loser], "winner": loser.other, "causes": causes}
