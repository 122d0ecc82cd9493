"""What a zd replay ends in: the result, why (each reason naming its clause), the battles fought.

>>> ZdReason.EMPTY_LIFE_HIT.clause, ZdReason.DECK_OUT.clause
('101.p1', '101.p2')
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from judge.games.zd.state import ZdState
from judge.outcome import GameOutcome, Reason
from judge.players import Player


class ZdReason(Reason):
    """Why the game ended, or that it goes on (python-chess's ``Termination``, with clauses)."""

    EMPTY_LIFE_HIT = "empty_life_zone_hit", "101.p1"
    DECK_OUT = "cannot_draw", "101.p2"
    CONCEDED = "conceded", "101.p4"
    BOTH_LOST = "both_lost_at_once", "101.p6"
    ENDLESS_LOOP = "endless_loop", "901.p6"
    GAME_CONTINUES = "game_continues", "101.p3"


class BattleRecord(BaseModel):
    """One battle (ch. 5) as it was fought."""

    attacker: str
    player: Player = Field(description="the attacking player")
    targets: list[str] = Field(description='the attack targets: ["life"], a character, or several (507)')
    defenders: list[str] = Field(
        default_factory=list,
        description="the characters the attacker battled: each declared defender, or an attacked character "
        "defending alone (503.p2)",
    )
    life_damage: int = Field(default=0, description="battle damage dealt to the life zone")
    destroyed: list[str] = Field(default_factory=list, description="characters the battle destroyed")
    won: list[str] = Field(
        default_factory=list,
        description="the characters that reached 【战斗胜利时】 (804): the attacker once, however many it destroyed (507.p4)",
    )


class ZdOutcome(GameOutcome[ZdReason, ZdState]):
    battles: list[BattleRecord] = Field(default_factory=list, description="each battle fought, in order")
    destroyed: list[str] = Field(
        default_factory=list, description="every character destroyed (605), in order"
    )
    values: dict[str, dict[str, int]] = Field(
        default_factory=dict,
        description="each character's attack and defence at the end, as counted (0 for a value below 0, 103.p4)",
    )
