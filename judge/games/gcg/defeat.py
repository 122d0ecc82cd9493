"""gcg ``rule_processing``: who loses when rule processing starts (1-2, 11-1, 11-2).

Two conditions make a player lose (11-2-1-1, 11-2-1-2): receiving battle
damage from a unit while the shield area (base and shields) is empty, and a
deck of 0 cards.  Every player who meets one when rule processing starts
loses at once (11-2-1).  The winner is the player who did not lose (1-2-1);
the book never says what happens when no such player is left, and the
ruling says so instead of calling it a draw.

:func:`conclude` is shared with the ``attack`` question, whose damage step
ends in the same rule processing.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Any

from pydantic import Field

from judge.board import BoardModel, Both, Path
from judge.bounds import Flag, GcgCards, Small
from judge.players import Player, turn_order
from judge.ruling import Outcome, Trace


class Cause(enum.StrEnum):
    BATTLE_DAMAGE = "battle_damage_with_empty_shield_area"  # 1-2-2-1, 11-2-1-1
    EMPTY_DECK = "deck_of_zero_cards"  # 1-2-2-2, 11-2-1-2


class Defeat(enum.StrEnum):
    CONTINUES = "game_continues"
    DEFEATED = "player_defeated"
    ALL_DEFEATED = "all_players_defeated"  # the book names no result (1-2-1, 11-2-1)


CAUSE_CLAUSES = {
    Cause.BATTLE_DAMAGE: ("1-2-2-1", "11-2-1-1"),
    Cause.EMPTY_DECK: ("1-2-2-2", "11-2-1-2"),
}

CAUSE_TEXT = {
    Cause.BATTLE_DAMAGE: "在護盾區中沒有任何卡牌的狀態下受到來自機體的戰鬥傷害",
    Cause.EMPTY_DECK: "的卡組為 0 張",
}


def conclude(trace: Trace, turn_player: Player, causes: dict[Player, list[Cause]]) -> dict[str, Any]:
    """Rule processing's defeat check (11-2-1) for the causes met; returns the game-end facts."""
    trace.step(
        "規則處理在發生事態的時間點立刻解決；在規則處理開始的時間點，所有滿足敗北條件的玩家在對戰中敗北。",
        "11-1-2",
        "11-2-1",
        "1-2-3",
    )
    losers = [player for player in turn_order(turn_player) if causes.get(player)]
    for player in losers:
        for cause in causes[player]:
            trace.step(
                f"玩家 {player} {CAUSE_TEXT[cause]}，滿足敗北條件。",
                *CAUSE_CLAUSES[cause],
                decisive=True,
                cause=cause,
            )
    found = {player: list(causes[player]) for player in losers}
    if not losers:
        trace.step("沒有玩家滿足敗北條件，遊戲繼續。", "11-2-1")
        return {"result": Defeat.CONTINUES, "losers": [], "winner": None, "causes": found}
    if len(losers) == 1:
        (loser,) = losers
        trace.step(
            f"玩家 {loser} 敗北，遊戲在當下結束；未敗北的玩家 {loser.other} 獲得遊戲勝利。",
            "11-2-1",
            "1-2-1",
            decisive=True,
            loser=loser,
            winner=loser.other,
        )
        return {"result": Defeat.DEFEATED, "losers": losers, "winner": loser.other, "causes": found}
    trace.step("所有滿足敗北條件的玩家同時敗北。", "11-2-1", decisive=True, losers=losers)
    trace.silent(
        "所有玩家同時敗北：1-2-1 只規定對戰對手敗北時由未敗北的玩家獲得勝利，已沒有未敗北的玩家；"
        "規則書沒有規定此時的對戰結果（也沒有平局的規定）。",
        "1-2-1",
        "11-2-1",
    )
    trace.mark_decisive("1-2-1")
    return {"result": Defeat.ALL_DEFEATED, "losers": losers, "winner": None, "causes": found}


class PlayerState(BoardModel):
    """One player when rule processing starts."""

    deck: GcgCards = Field(description="cards in the deck")
    shields: GcgCards = Field(description="shields in the shield area")
    base: Flag = Field(False, description="a base is in the base section")
    battle_damage: Small | None = Field(
        None, description="battle damage a unit dealt to the player itself (null: none was dealt)"
    )
    effect_damage: Small | None = Field(None, description="effect damage dealt to the player itself")

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        if self.battle_damage is not None and (self.shields or self.base):
            yield (
                ("battle_damage",),
                (
                    "a player receives a unit's battle damage only when the shield area holds no base and no shield; "
                    "otherwise the base or the top shield takes it"
                ),
                ("8-5-2-2", "8-5-2-3", "8-5-2-4"),
            )


class RuleProcessingBoard(BoardModel):
    turn_player: Player
    players: Both[PlayerState]


def judge(board: RuleProcessingBoard, trace: Trace) -> Outcome:
    causes: dict[Player, list[Cause]] = {}
    for player in turn_order(board.turn_player):
        state = board.players[player]
        if state.deck == 0:
            causes.setdefault(player, []).append(Cause.EMPTY_DECK)
        if state.battle_damage == 0:
            trace.step(
                f"給予玩家 {player} 的戰鬥傷害是 0，不視為給予了傷害。",
                "5-5-5",
                decisive=player not in causes,
            )
        elif state.battle_damage:
            causes.setdefault(player, []).append(Cause.BATTLE_DAMAGE)
        if state.effect_damage:
            trace.step(
                f"玩家 {player} 受到 {state.effect_damage} 點效果傷害；敗北條件只針對護盾區中沒有任何卡牌時"
                "受到來自機體的戰鬥傷害，效果傷害不會使玩家敗北。",
                "5-5-4",
                "11-2-1-1",
                decisive=player not in causes and not (state.shields or state.base),
                effect_damage=state.effect_damage,
            )
    end = conclude(trace, board.turn_player, causes)
    return Outcome(end["result"], {key: end[key] for key in ("losers", "winner", "causes")})
