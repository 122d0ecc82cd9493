"""ucg ``set_character``: can each player set a new character and fill every
empty battle area of theirs (5.5, 12.4.3), else who loses at once (1.3.4)?

The first player's step comes first (5.5.1), so a first player who cannot
set loses before the second player's step is reached.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator

from pydantic import Field

from judge.board import BoardModel, Both, Path
from judge.bounds import UcgCards
from judge.players import Player, turn_order
from judge.ruling import Outcome, Trace


class Hand(BoardModel):
    characters: UcgCards = Field(description="character cards in hand that have a SINGLE BP")
    without_single_bp: UcgCards = Field(0, description="character cards without a SINGLE BP (11.15)")


class SetCharacterBoard(BoardModel):
    first_player: Player
    battle_areas: UcgCards = Field(description="battle areas already on the field")
    empty: Both[UcgCards] = Field(description="each player's empty slots among them (12.4.1)")
    hand: Both[Hand]

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        for player in Player:
            if self.empty[player] > self.battle_areas:
                yield (
                    ("empty", player.value),
                    (f"{self.empty[player]} empty slots in {self.battle_areas} battle areas is impossible"),
                    ("12.4.1",),
                )


class Setting(enum.StrEnum):
    BOTH_SET = "both_can_set"
    FIRST_PLAYER_LOSES = "first_player_cannot_set"
    SECOND_PLAYER_LOSES = "second_player_cannot_set"


def judge(board: SetCharacterBoard, trace: Trace) -> Outcome:
    trace.step("角色牌設置階段分為先攻方角色牌設置步驟和後攻方角色牌設置步驟，先攻方先進行。", "5.5.1")
    needed = {}
    for player in turn_order(board.first_player):
        need = 1 + board.empty[player]
        needed[player] = need
        hand = board.hand[player]
        first = player is board.first_player
        trace.step(
            f"玩家 {player.value} 需設置 1 張新的角色牌"
            + (f"，並在自己 {board.empty[player]} 個空出的戰鬥區中設置角色牌" if board.empty[player] else "")
            + f"，共 {need} 張。",
            "5.5.3.1" if first else "5.5.4.1",
            *(("12.4.3",) if board.empty[player] else ()),
            decisive=True,
            needed=need,
        )
        if hand.without_single_bp:
            trace.step(
                f"手牌中 {hand.without_single_bp} 張不持有 SINGLE BP 的角色牌不能從手牌設置。",
                "11.15.1",
                without_single_bp=hand.without_single_bp,
            )
        if hand.characters < need:
            trace.step(
                f"玩家 {player.value} 手牌中只有 {hand.characters} 張可設置的角色牌，無法完成設置，立即敗北。",
                "1.3.4",
                "12.4.3",
                decisive=True,
                available=hand.characters,
            )
            reason = Setting.FIRST_PLAYER_LOSES if first else Setting.SECOND_PLAYER_LOSES
            return Outcome(reason, {"loser": player, "winner": player.other, "needed": dict(needed)})
        trace.step(
            f"玩家 {player.value} 手牌中有 {hand.characters} 張可設置的角色牌，可以完成設置。",
            "5.5.3.1" if first else "5.5.4.1",
            available=hand.characters,
        )
    return Outcome(Setting.BOTH_SET, {"loser": None, "winner": None, "needed": dict(needed)})
