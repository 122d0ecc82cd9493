"""bs ``start_step``: the beginning of a turn, from the start step to the main step.

① start step: a player whose deck has 0 cards at their own start step
loses — the opponent wins and the game ends at once (勝利條件); an empty
deck at any other moment decides nothing.  ② core step: one core from the
void to the reserve.  ③ draw step: one card (no hand limit).  ④ refresh
step: every exhausted card refreshes — a heavily exhausted one becomes
merely exhausted — and every core in the trash returns to the reserve.
The first player's first turn (turn 1) has no core step and no attack step.
"""

from __future__ import annotations

import enum

from pydantic import Field

from judge.board import BoardModel, Both
from judge.bounds import Many, Turn
from judge.games.bs.rules import (
    ATTACK_STEP,
    CORE_STEP,
    DRAW_STEP,
    FIRST_TURN,
    HEAVY_EXHAUST,
    MAIN_STEP,
    REFRESH_STEP,
    START_STEP,
    TURN,
    WIN,
)
from judge.players import Player
from judge.ruling import Outcome, Trace


class StartBoard(BoardModel):
    turn: Turn = Field(description="turns played so far plus this one; 1 = the first player's first turn")
    active_player: Player
    deck: Both[Many] = Field(description="cards in each player's deck as the turn begins")
    hand: Many = Field(0, description="the active player's hand")
    reserve: Many = Field(0, description="cores in the active player's reserve")
    trash_cores: Many = Field(0, description="cores in the active player's trash")
    exhausted: Many = Field(0, description="exhausted cards on the active player's field")
    heavy_exhausted: Many = Field(0, description="heavily exhausted cards on the active player's field")


class StartResult(enum.StrEnum):
    DECK_OUT = "deck_out"
    FIRST_TURN = "first_turn_no_core_or_attack_step"
    CONTINUES = "continues"


def judge(board: StartBoard, trace: Trace) -> Outcome:
    active = board.active_player
    first = board.turn == 1
    trace.step(
        f"第 {board.turn} 回合，回合玩家 {active}：回合分為 7 個階段，從①開始階段開始。", TURN, START_STEP
    )
    if board.deck[active] == 0:
        trace.step(
            f"在玩家 {active} 的開始階段時，其牌組卡牌為 0 張：對手玩家 {active.other} 獲勝，遊戲隨即結束。",
            WIN,
            START_STEP,
            decisive=True,
            deck=0,
        )
        return Outcome(StartResult.DECK_OUT, {"winner": active.other, "game_over": True})
    if board.deck[active.other] == 0:
        trace.step(
            f"玩家 {active.other} 的牌組為 0 張，但牌組 0 張只在該玩家自己的開始階段時決定勝負，遊戲繼續。",
            WIN,
            deck=0,
        )
    reserve, hand, deck = board.reserve, board.hand, board.deck[active]
    if first:
        trace.step("第 1 回合（先攻玩家的第一個回合）沒有②能量階段，跳過。", FIRST_TURN, decisive=True)
    else:
        reserve += 1
        trace.step(
            f"②能量階段：從空間取出 1 個能量放入預備區（{board.reserve} → {reserve}）。",
            CORE_STEP,
            decisive=True,
            reserve=reserve,
        )
    hand, deck = hand + 1, deck - 1
    trace.step(
        f"③抽牌階段：從牌組抽 1 張卡牌加入手牌（手牌 {hand} 張，牌組剩 {deck} 張）；手牌張數沒有上限。",
        DRAW_STEP,
        decisive=True,
        hand=hand,
        deck=deck,
    )
    if deck == 0:
        trace.step(f"牌組剩 0 張：遊戲繼續，到玩家 {active} 下一個開始階段時才會決定勝負。", WIN, deck=deck)
    _refresh(trace, board)
    reserve += board.trash_cores
    if first:
        trace.step(
            "⑤主要階段之後，第 1 回合沒有⑥攻擊階段，直接進入⑦結束階段。",
            FIRST_TURN,
            ATTACK_STEP,
            decisive=True,
        )
    else:
        trace.step("⑤主要階段結束後進入⑥攻擊階段。", MAIN_STEP)
    return Outcome(
        StartResult.FIRST_TURN if first else StartResult.CONTINUES,
        {
            "winner": None,
            "game_over": False,
            "core_step": not first,
            "attack_step": not first,
            "reserve": reserve,
            "hand": hand,
            "deck": deck,
            "trash_cores": 0,
            "exhausted": board.heavy_exhausted,
            "refreshed": board.exhausted,
        },
    )


def _refresh(trace: Trace, board: StartBoard) -> None:
    trace.step(
        f"④回復階段：將場地上 {board.exhausted} 張疲勞狀態的卡牌回復，廢棄區的 {board.trash_cores} 個能量返回預備區。",
        REFRESH_STEP,
        decisive=bool(board.exhausted or board.trash_cores or board.heavy_exhausted),
        refreshed=board.exhausted,
        cores=board.trash_cores,
    )
    if board.heavy_exhausted:
        trace.step(
            f"{board.heavy_exhausted} 張重疲勞狀態的卡牌經過 1 次回復，變回一般的疲勞狀態。",
            HEAVY_EXHAUST,
            decisive=True,
            exhausted=board.heavy_exhausted,
        )
