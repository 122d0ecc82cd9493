"""What a bs replay ends in: the result, why (each reason naming its clause), the battles fought.

>>> BsReason.LIFE_ZERO.clause, BsReason.DECK_OUT.clause
('勝利條件', '勝利條件')
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from judge.games.bs.rules import BURST_SET, TURN, WIN
from judge.games.bs.state import BsState
from judge.outcome import GameOutcome, Reason
from judge.players import Player


class BsReason(Reason):
    """Why the game ended, or that it goes on (python-chess's ``Termination``, with clauses)."""

    LIFE_ZERO = "life_zero", WIN  # 對手的生命值變為 0
    DECK_OUT = "deck_out_at_start_step", WIN  # 在對手的開始階段時，其牌組卡牌為 0 張
    NO_BURST_EFFECT = "no_burst_effect", BURST_SET  # a card with no burst effect set as a burst
    GAME_CONTINUES = "game_continues", TURN


class BattleRecord(BaseModel):
    """One battle as it was fought: who attacked, what blocked, what it reduced or destroyed."""

    attacker: str
    player: Player = Field(description="the attacking player")
    blocked_by: str | None = None
    life_reduced: int = Field(default=0, description="the defending player's life lost")
    destroyed: list[str] = Field(default_factory=list, description="spirits the BP comparison destroyed")


class BsOutcome(GameOutcome[BsReason, BsState]):
    battles: list[BattleRecord] = Field(default_factory=list, description="each battle fought, in order")
    destroyed: list[str] = Field(default_factory=list, description="every card destroyed, in order")
    depleted: list[str] = Field(default_factory=list, description="every card depleted (消滅), in order")
