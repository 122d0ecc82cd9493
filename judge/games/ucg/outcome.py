"""How a ucg replay ends: the reasons (each naming its clause) and the outcome model."""

from __future__ import annotations

from pydantic import Field

from judge.games.ucg.battle import BattleRecord, NextLead
from judge.games.ucg.state import UcgState
from judge.outcome import GameOutcome, Reason
from judge.players import Player


class UcgReason(Reason):
    """Why a ucg game ended or goes on, as ``chess.Termination`` names why a game ended."""

    THREE_BATTLES_WON = "three_battles_won", "1.3.2"
    MORE_BATTLES_WON = "more_battles_won", "1.3.3"
    TIED_WINS_CONTINUE = "tied_wins_continue", "1.3.3.1"
    CANNOT_SET_CHARACTER = "cannot_set_character", "1.3.4"
    CANNOT_FILL_EMPTY_AREA = "cannot_fill_empty_area", "12.4.3"
    GAME_CONTINUES = "game_continues", "5.1.2"


class UcgOutcome(GameOutcome[UcgReason, UcgState]):
    """A ucg replay's end; ``battles`` and the rest come from the last judgment phase it ran."""

    battles: list[BattleRecord] = Field(default_factory=list, description="each battle area, oldest first")
    wins: dict[Player, int] | None = Field(default=None, description="battles each player won")
    next_first_player: Player | None = Field(default=None, description="the next turn's first player")
    next_first_player_reason: NextLead | None = None
