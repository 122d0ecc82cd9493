"""uhb ``end_phase``: the hand-limit discard (3.6.2, 3.6.3, 4.5.4, 5.0.3).

4.5.4 has only the active player check the hand; 3.6.3 says, without naming
whose turn, that a hand over the limit in the end phase is discarded.  For a
non-active player over the limit the two disagree, and the ruling says so.
"""

from __future__ import annotations

import enum

from pydantic import Field

from judge.board import BoardModel, Both
from judge.bounds import UhbCards
from judge.players import Player
from judge.ruling import Outcome, Trace

HAND_LIMIT = 10


class EndPhaseBoard(BoardModel):
    active_player: Player
    hand: Both[UhbCards] = Field(description="cards in hand after the end-of-turn effects (4.5.2, 4.5.3)")
    hand_limit: UhbCards = Field(HAND_LIMIT, description="10 unless an effect changes it")
    on_discard: list[str] = Field([], description="cards in the active hand with 当此牌被弃置时 effects")


class Discard(enum.StrEnum):
    DISCARD = "discard_to_limit"
    WITHIN_LIMIT = "within_limit"


def judge(board: EndPhaseBoard, trace: Trace) -> Outcome:
    active, other = board.active_player, board.active_player.other
    limit = board.hand_limit
    trace.step(
        "回合结束阶段先由当前回合玩家、再由对方玩家执行“回合结束时”的效果，之后检查手牌。", "4.5.2", "4.5.3"
    )
    if limit == HAND_LIMIT:
        trace.step(f"手牌上限为 {limit} 张。", "3.6.2", hand_limit=limit)
    else:
        trace.step(
            f"手牌上限一般为 10 张，此处受卡牌效果影响为 {limit} 张（卡牌效果优先）。",
            "3.6.2",
            "1.1.1",
            decisive=True,
            hand_limit=limit,
        )
    excess = max(0, board.hand[active] - limit)
    if excess:
        trace.step(
            f"当前回合玩家 {active} 有 {board.hand[active]} 张手牌，超过上限 {limit}：需弃 {excess} 张，直至等于手牌上限。",
            "4.5.4",
            "3.6.3",
            decisive=True,
            hand=board.hand[active],
            discard=excess,
        )
        trace.choice(f"弃哪些牌及移入休息区的顺序由玩家 {active} 自行决定。", "5.0.1")
        if board.on_discard:
            trace.step(
                "这次弃牌也会触发“当此牌被弃置时……”的效果："
                + "、".join(f"「{n}」" for n in board.on_discard)
                + "若被弃置则触发。",
                "5.0.3",
                cards=board.on_discard,
            )
    else:
        trace.step(
            f"当前回合玩家 {active} 有 {board.hand[active]} 张手牌，未超过上限 {limit}，不需弃牌。",
            "4.5.4",
            decisive=True,
            hand=board.hand[active],
        )
    other_excess = max(0, board.hand[other] - limit)
    if other_excess:
        trace.conflict(
            f"对方玩家 {other} 有 {board.hand[other]} 张手牌，超过上限 {limit}。4.5.4 只要求当前回合玩家检查手牌，"
            "3.6.3 则说在回合结束阶段手牌超过上限就需弃牌，未限定是哪一方；规则书对此未有一致的规定。",
            "4.5.4",
            "3.6.3",
            hand=board.hand[other],
        )
    return Outcome(
        Discard.DISCARD if excess else Discard.WITHIN_LIMIT,
        {
            "discard": {active: excess, other: None if other_excess else 0},
            "hand_after": {
                active: board.hand[active] - excess,
                other: None if other_excess else board.hand[other],
            },
            "disputed": [other] if other_excess else [],
        },
    )
