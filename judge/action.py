"""The base of every action a timeline names, in any game.

An action is a pydantic model whose :attr:`Action.verb` is its key in a
timeline file (``- attack: {by: Y, target: player}``).  It says which cards
it refers to (checked against the board before the replay starts, so a
misspelt name is a board problem, not a ruling) and which it brings onto the
board (a card set from a hand of unnamed cards gets its name here).
"""

from __future__ import annotations

from typing import ClassVar

from judge.board import BoardModel


class Action(BoardModel):
    """One thing that happens, in the game's own vocabulary."""

    verb: ClassVar[str]

    def names(self) -> list[str]:
        """The cards this action refers to, which must exist when it happens."""
        return []

    def introduces(self) -> list[str]:
        """The cards this action names for the first time (from a zone of unnamed cards)."""
        return []


class EndPhase(Action):
    """End the current phase (or step) and go on to the next one."""

    verb = "end_phase"


class NextTurn(Action):
    """Play the rest of this turn as the rules run it, to the start of the next turn."""

    verb = "next_turn"
