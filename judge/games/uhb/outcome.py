"""What a uhb replay ends in: the result, why (each reason naming its clause), the battles fought.

>>> UhbReason.DAMAGE_ZONE_FULL.clause, UhbReason.BOTH_LOST.clause
('1.3.2a', '1.3.3')
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from judge.games.uhb.state import UhbState
from judge.outcome import GameOutcome, Reason, Result
from judge.players import Player


class UhbReason(Reason):
    """Why the game ended, or that it goes on (python-chess's ``Termination``, with clauses)."""

    DAMAGE_ZONE_FULL = "damage_zone_full", "1.3.2a"
    DRAW_FROM_EMPTY_DECK = "draw_from_empty_deck", "1.3.2b"
    ENERGY_FROM_EMPTY_DECK = "energy_from_empty_deck", "1.3.2c"
    WIN_BY_EFFECT = "opponent_wins_by_effect", "1.3.2d"
    BOTH_LOST = "both_lost_at_once", "1.3.3"
    GAME_CONTINUES = "game_continues", "1.3.1"


class BattleRecord(BaseModel):
    """One battle (4.2–4.4): the main characters, the totals, who won, where the cards went."""

    attacker: str
    defender: str
    player: Player = Field(description="the turn player, whose main character is the attacker")
    totals: dict[Player, int] = Field(default_factory=dict, description="总战力 (4.4.2)")
    winner: Player | None = Field(default=None, description="null: equal totals, both lose (4.4.2)")
    supports: dict[Player, list[str]] = Field(default_factory=dict)
    to_field: dict[Player, str] = Field(default_factory=dict, description="the support promoted (4.4.4a)")
    to_rest_area: list[str] = Field(default_factory=list)
    to_damage_zone: list[str] = Field(default_factory=list)
    weakened: list[str] = Field(default_factory=list, description="losers kept weakened (5.11.1)")


class UhbOutcome(GameOutcome[UhbReason, UhbState]):
    losers: list[Player] = Field(default_factory=list, description="every player who lost (1.3.2)")
    battles: list[BattleRecord] = Field(default_factory=list, description="each battle fought, in order")
    first_player: Player | None = Field(
        default=None, description="who takes the game's first turn, where the replay decided it (1.2.2)"
    )

    def key(self) -> dict[str, Any]:
        """Once the game is over, who won is what a reader acts on: branches that end it alike agree,
        wherever their battle put the cards (a loser weakened or in the damage zone, 5.11.1)."""
        found = super().key()
        if self.result in (Result.WON, Result.DRAWN):
            found.pop("battles")
        return found
