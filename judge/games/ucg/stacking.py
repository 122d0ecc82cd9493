"""ucg ``level_up``: may this card be stacked on that character (5.6, 11.15, 11.18),
and what happens to a stack that should not have been made (12.1, 12.2).
"""

from __future__ import annotations

import enum

from pydantic import Field, field_validator

from judge.board import BoardModel, impossible
from judge.bounds import UCG_MOST_STACKED, Flag, SmallPositive
from judge.games.ucg.bp import State
from judge.ruling import Outcome, Trace


class StackCard(BoardModel):
    name: str = Field(min_length=1, description="角色名稱/角色名")
    level: SmallPositive = Field(description="the printed 等級")
    team: list[str] = Field([], description="the ○○ of each [TEAM][○○] it has")
    single_bp: Flag = Field(True, description="the card has a SINGLE BP (11.15)")


class PlacedBy(enum.StrEnum):
    PLAYER = "PLAYER"  # in the level-up phase
    EFFECT = "EFFECT"  # by a card effect


class LevelUpBoard(BoardModel):
    stack: list[StackCard] = Field(min_length=1, description="bottom card first; no charge cards")
    cards: list[StackCard] = Field(
        min_length=1, max_length=UCG_MOST_STACKED, description="the cards to stack, in order"
    )
    placed_by: PlacedBy = PlacedBy.PLAYER
    leveled_this_phase: Flag = Field(False, description="this character already levelled up this phase")

    @field_validator("stack")
    @classmethod
    def _at_most_four(cls, stack: list[StackCard]) -> list[StackCard]:
        if State.of(len(stack)) is None:
            raise impossible(
                f"a character of {len(stack)} stacked cards is impossible: BP is defined for "
                "one to four cards (SINGLE, DOUBLE, TRIPLE, QUAD)",
                "8.1.1",
            )
        return stack


class Stacking(enum.StrEnum):
    LEGAL = "legal"
    NAME_MISMATCH = "name_mismatch"
    SAME_LEVEL = "same_level"
    SKIPS_LEVEL = "skips_level"
    LOWER_LEVEL = "lower_level"
    ALREADY_LEVELED = "already_leveled_this_phase"
    MORE_THAN_ONE_CARD = "more_than_one_card"
    STACK_FULL = "stack_full"


class Remedy(enum.StrEnum):
    NONE = "none"
    RETURN_TO_HAND = "return_to_hand"  # 12.1.1
    TO_DISCARD_AFTER_EFFECT = "to_discard_after_effect"  # 12.2.1, 12.2.2


def judge(board: LevelUpBoard, trace: Trace) -> Outcome:
    violations: list[Stacking] = []
    if board.placed_by is PlacedBy.PLAYER:
        _phase_limits(board, trace, violations)
    top = board.stack[-1]
    for card in board.cards:
        _one_card(trace, top, card, violations)
        top = card
    size = len(board.stack) + len(board.cards)
    state = State.of(size)
    if state is None:
        trace.step(
            f"疊加後為 {size} 張卡牌；BP 只規定了一至四張卡牌（SINGLE 至 QUAD），無法再疊加。",
            "8.1.1",
            decisive=True,
            cards=size,
        )
        violations.append(Stacking.STACK_FULL)
    else:
        _no_single_bp(trace, board, state)
    remedy = _remedy(trace, board, bool(violations))
    reason = violations[0] if violations else Stacking.LEGAL
    return Outcome(
        reason,
        {
            "legal": not violations,
            "violations": list(dict.fromkeys(violations)),
            "remedy": remedy,
            "state_after": None if violations else state,
        },
    )


def _phase_limits(board: LevelUpBoard, trace: Trace, violations: list[Stacking]) -> None:
    if len(board.cards) > 1:
        trace.step(
            f"升級階段中每次升級只能疊加一張卡牌，此處要疊加 {len(board.cards)} 張。",
            "5.6.2.3",
            decisive=True,
            cards=len(board.cards),
        )
        violations.append(Stacking.MORE_THAN_ONE_CARD)
    if board.leveled_this_phase:
        trace.step("此角色在本升級階段已升級過一次，每個升級階段最多只能升級一次。", "5.6.2.3", decisive=True)
        violations.append(Stacking.ALREADY_LEVELED)


def _one_card(trace: Trace, top: StackCard, card: StackCard, violations: list[Stacking]) -> None:
    shared = sorted(set(top.team) & set(card.team))
    if card.name == top.name:
        trace.step(f"「{card.name}」與被覆蓋的角色牌角色名稱相同。", "5.6.1", "2.3.2.2", decisive=True)
    elif shared:
        trace.step(
            f"角色名稱不同（「{top.name}」、「{card.name}」），但雙方擁有共同的 [TEAM][{shared[0]}]，"
            "滿足相同角色名稱的條件。",
            "11.18.1",
            decisive=True,
            team=shared,
        )
    else:
        trace.step(
            f"「{card.name}」與被覆蓋的「{top.name}」角色名稱不同，也沒有共同的 [TEAM]，不能升級。",
            "5.6.1",
            "11.18.1",
            decisive=True,
        )
        violations.append(Stacking.NAME_MISMATCH)
    levels = {"from": top.level, "to": card.level}
    if card.level == top.level + 1:
        trace.step(f"等級由 {top.level} 升為 {card.level}，正好高一級。", "5.6.1", decisive=True, **levels)
    elif card.level == top.level:
        trace.step(f"等級同為 {card.level}，不能將相同等級的卡牌疊加。", "5.6.2.2", decisive=True, **levels)
        violations.append(Stacking.SAME_LEVEL)
    elif card.level > top.level:
        trace.step(
            f"等級由 {top.level} 跳到 {card.level}，升級時不能跳過等級。", "5.6.2.2", decisive=True, **levels
        )
        violations.append(Stacking.SKIPS_LEVEL)
    else:
        trace.step(
            f"等級 {card.level} 低於被覆蓋卡牌的等級 {top.level}，不是高一級的卡牌。",
            "5.6.1",
            decisive=True,
            **levels,
        )
        violations.append(Stacking.LOWER_LEVEL)


def _no_single_bp(trace: Trace, board: LevelUpBoard, state: State) -> None:
    if any(not card.single_bp for card in board.cards):
        trace.step(
            f"不持有 SINGLE BP 的角色牌不能以 SINGLE 狀態登場；升級後為 {state.value} 狀態，不受此限制。",
            "11.15.1",
            state=state,
        )


def _remedy(trace: Trace, board: LevelUpBoard, illegal: bool) -> Remedy:
    if not illegal:
        return Remedy.NONE
    if board.placed_by is PlacedBy.PLAYER:
        trace.step("若已疊加並繼續遊戲，需將違規放置的卡牌返回手牌。", "12.1.1", decisive=True)
        return Remedy.RETURN_TO_HAND
    trace.step(
        "因卡牌效果導致的錯誤升級：在該效果處理完畢後，將錯誤疊加於上方的卡牌放到棄牌區。",
        "12.2.1",
        "12.2.2",
        decisive=True,
    )
    return Remedy.TO_DISCARD_AFTER_EFFECT
