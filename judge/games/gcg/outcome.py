"""What a gcg replay ends in: the result, why (each reason naming its clause), the battles fought.

>>> GcgReason.BATTLE_DAMAGE.clause, GcgReason.DECK_OUT.clause
('1-2-2-1', '1-2-2-2')
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from judge.games.gcg.state import GcgState
from judge.outcome import GameOutcome, Reason
from judge.players import Player


class GcgReason(Reason):
    """Why the game ended, or that it goes on (python-chess's ``Termination``, with clauses)."""

    BATTLE_DAMAGE = "battle_damage_with_empty_shield_area", "1-2-2-1"
    DECK_OUT = "deck_of_zero_cards", "1-2-2-2"
    CONCEDED = "conceded", "1-2-4"
    EVERY_PLAYER_LOST = "every_player_lost", "11-2-1"
    GAME_CONTINUES = "game_continues", "1-2-3"


class BattleRecord(BaseModel):
    """One battle (8-1) as it was fought: who attacked whom, what blocked, what it destroyed."""

    attacker: str
    player: Player = Field(description="the attacking player")
    declared: str = Field(description='the target declared: a unit, or "player"')
    blocked_by: str | None = None
    target: str = Field(description='the target when damage was dealt: a unit, or "player"')
    ended_early: bool = Field(
        default=False, description="a card left the field and the battle skipped to its end"
    )
    destroyed: list[str] = Field(default_factory=list, description="cards the battle destroyed (shields too)")
    shields_destroyed: int = 0
    base_damage: int = Field(default=0, description="damage the base took")
    player_damage: int = Field(default=0, description="battle damage the defending player took")


class GcgOutcome(GameOutcome[GcgReason, GcgState]):
    losers: list[Player] = Field(default_factory=list, description="every player who lost (11-2-1)")
    battles: list[BattleRecord] = Field(default_factory=list, description="each battle fought, in order")
    destroyed: list[str] = Field(
        default_factory=list,
        description="every unit and base destroyed (5-10), by battle or effect, in order",
    )
