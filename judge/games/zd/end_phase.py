"""zd ``end_phase``: the cleanup and discard steps at the end of a turn (203, 407, 408).

The hand limit is usually six for every player (203.p2), but the discard
step makes only the active player discard down to it (408.p1): the other
player keeps a larger hand until their own turn's discard step.  The
discard does not enter the chain (408.p1, 105.p4).  An effect it triggers
goes on the chain, the active player gets priority, and once that chain is
resolved a new cleanup step begins (408.p1); otherwise the next turn starts
with no free timing (408.p2).
"""

from __future__ import annotations

import enum

from pydantic import Field

from judge.board import BoardModel, Both
from judge.bounds import ZdCards
from judge.players import Player
from judge.ruling import Outcome, Trace

HAND_LIMIT = 6


class EndPhaseBoard(BoardModel):
    active_player: Player
    hand: Both[ZdCards] = Field(description="cards in hand when the discard step begins")
    hand_limit: ZdCards = Field(HAND_LIMIT, description="6 unless a card effect changes it")
    triggered: list[str] = Field(
        [], description="effects the discard triggers (e.g. when a card is discarded)"
    )


class Discard(enum.StrEnum):
    DISCARD = "discard_to_limit"
    WITHIN_LIMIT = "within_limit"


def judge(board: EndPhaseBoard, trace: Trace) -> Outcome:
    active, other = board.active_player, board.active_player.other
    limit = board.hand_limit
    trace.step(
        "清算步骤：回复战斗区中所有角色牌上的伤害并清除所有“本回合”的效果，之后直接进入弃牌步骤，玩家不会获得优先权。",
        "407.p1",
    )
    if limit == HAND_LIMIT:
        trace.step(f"通常每位玩家的手牌上限为 {limit} 张。", "203.p2", hand_limit=limit)
    else:
        trace.step(
            f"手牌上限通常为 6 张，此处因卡牌效果为 {limit} 张：卡牌上的信息优先于游戏规则。",
            "203.p2",
            "102.p1",
            decisive=True,
            hand_limit=limit,
        )
    excess = max(0, board.hand[active] - limit)
    if excess:
        trace.step(
            f"主动玩家 {active} 有 {board.hand[active]} 张手牌，超过 {limit} 张：需要将手牌舍弃到 {limit} 张为止，舍弃 "
            f"{excess} 张。这个动作不会进入连锁。",
            "408.p1",
            "203.p2",
            decisive=True,
            hand=board.hand[active],
            discard=excess,
        )
    else:
        trace.step(
            f"主动玩家 {active} 有 {board.hand[active]} 张手牌，未超过 {limit} 张，不需舍弃。",
            "408.p1",
            decisive=True,
            hand=board.hand[active],
        )
    if board.hand[other] > limit:
        trace.step(
            f"非主动玩家 {other} 有 {board.hand[other]} 张手牌，超过 {limit} 张，但弃牌步骤只要求主动玩家舍弃：他现在不舍弃，"
            "手牌上限在他自己回合的弃牌步骤中才适用于他。",
            "408.p1",
            "203.p2",
            decisive=True,
            hand=board.hand[other],
        )
    if board.triggered:
        names = "、".join(f"「{name}」" for name in board.triggered)
        trace.step(
            f"弃牌步骤中触发了{names}：将触发效果加入连锁，主动玩家 {active} 获得优先权；此连锁清算完毕之后重新进入一个新的"
            "清算步骤。",
            "408.p1",
            "407.p3",
            decisive=True,
            triggered=board.triggered,
        )
        then = "new_cleanup_step"
    else:
        trace.step("弃牌步骤的动作结束后不会出现自由时机，直接进入下一回合。", "408.p2", decisive=True)
        then = "next_turn"
    return Outcome(
        Discard.DISCARD if excess else Discard.WITHIN_LIMIT,
        {
            "discard": {active: excess, other: 0},
            "hand_after": {active: board.hand[active] - excess, other: board.hand[other]},
            "then": then,
        },
    )
