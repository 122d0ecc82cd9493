"""A replay's outcome, typed per game, as python-chess's ``Outcome(termination, winner)``.

:class:`Result` says how the replay ended (the same words for every game);
the game's own :class:`Reason` enum says why, each member naming the clause
it rests on (python-chess's ``Termination``, with clause ids as reasons); the
game's outcome model (a :class:`GameOutcome` subclass) adds what its book
decides besides (ucg: the next turn's first player) and carries the final
state.

>>> class Why(Reason):
...     THREE_WINS = "three_wins", "1.3.2"
>>> Why.THREE_WINS.value, Why.THREE_WINS.clause
('three_wins', '1.3.2')
"""

from __future__ import annotations

import enum
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from judge.players import Player
from judge.state import GameState


class Result(enum.StrEnum):
    """How a replay ended, in any game."""

    WON = "won"  # the game is over and has a winner
    DRAWN = "drawn"  # the game is over without a winner
    CONTINUES = "continues"  # the replay reached its end and the game goes on
    REFUSED = "refused"  # an action the rules forbid: see ``refused``
    DEPENDS = "depends"  # the outcome turns on an open choice or a missing fact: see ``depends_on``


class Reason(enum.StrEnum):
    """Base of a game's reasons: each member is ``NAME = "value", "clause id"``.

    The clause is the one the reason rests on; the tests check that every
    member's clause is registered with the game's citations.
    """

    clause: str

    def __new__(cls, value: str, clause: str = "") -> Reason:
        member = str.__new__(cls, value)
        member._value_ = value
        member.clause = clause
        return member

    @classmethod
    def __get_pydantic_json_schema__(
        cls, schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        found = handler(schema)
        found = handler.resolve_ref_schema(found)
        found["description"] = "; ".join(f"{member.value}: {member.clause}" for member in cls)
        return found


R = TypeVar("R", bound=Reason)
S = TypeVar("S", bound=GameState)


class Refusal(BaseModel):
    """An action the rules forbid, and the clause that forbids it."""

    model_config = ConfigDict(frozen=True)

    action: int = Field(description="its index in actions (0 is the first)")
    verb: str = Field(description="what it was: the action's key in the timeline")
    text: str = Field(description="why not, in the rulebook's language")
    cites: tuple[str, ...]


class GameOutcome(BaseModel, Generic[R, S]):
    """What a replay ends in: a game subclasses it, with its reason enum and state model."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    result: Result
    reason: R | None = Field(description="why; null when the result is refused or depends")
    winner: Player | None = None
    state: S | None = Field(default=None, description="the final state; null where branches differ")
    refused: Refusal | None = None
    depends_on: list[str] = Field(
        default_factory=list, description="the open choices and missing facts the result turns on"
    )

    def as_dict(self) -> dict[str, Any]:
        found: dict[str, Any] = self.model_dump(mode="json", by_alias=True, exclude_none=False)
        return found

    def key(self) -> dict[str, Any]:
        """What a reader acts on, without the final state: branches that agree on it agree."""
        found: dict[str, Any] = self.model_dump(mode="json", exclude={"state"})
        return found
