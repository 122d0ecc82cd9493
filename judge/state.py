"""The game state every replay engine builds on: players, ordered zones of named cards, the turn.

A game's state model subclasses these (its own card stats, its own zones, its
phases), so the shared machinery — zone moves, lasting effects, conditions —
works on any game while each file is still read in the game's own words.

Every fact may be left out.  Nothing here invents a default for a fact that
changes a ruling: a zone left out is *unknown* (``unnamed is None``), a card's
status left out is ``None``; the replay asks for a fact only when a rule needs
it (:meth:`judge.replay.Replay.fact`), and a fact it never touches is never
required.

>>> zone = Zone[Card].model_validate(3)
>>> zone.total, zone.cards
(3, [])
>>> Zone[Card].model_validate(["X", {"name": "Y", "status": "rested"}]).names()
['X', 'Y']
>>> Zone[Card]().total is None  # a zone nobody described: how many cards it holds is not known
True
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Any, ClassVar, Generic, TypeVar, get_args

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ModelWrapValidatorHandler,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError
from pydantic_core.core_schema import ErrorType

from judge.board import impossible
from judge.bounds import Flag, Many, StatChange, Turn
from judge.players import Player


class Status(enum.StrEnum):
    """How a card stands: upright (active, 縱向) or turned sideways (rested, 橫向)."""

    ACTIVE = "active"
    RESTED = "rested"


class Duration(enum.StrEnum):
    """How long a stated effect lasts; the game's turn structure ends each at its clause."""

    END_OF_TURN = "end_of_turn"  # 「在此回合期間」「當回合結束時」
    END_OF_PHASE = "end_of_phase"
    END_OF_BATTLE = "end_of_battle"  # 「本次戰鬥中」
    PERMANENT = "permanent"  # as long as the card stays where it is


class Mutable(BaseModel):
    """A part of a game state: validated when read, then changed in place by the replay."""

    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class Modifier(Mutable):
    """A stat change in force on a card (a stated ``modify`` effect that has been applied)."""

    stat: str
    by: StatChange
    until: Duration = Duration.PERMANENT
    source: str | None = Field(default=None, description="the card the effect comes from")


class Grant(Mutable):
    """A keyword given to (or taken from) a card by an effect."""

    keyword: str
    removed: Flag = False
    until: Duration = Duration.PERMANENT


class Card(Mutable):
    """One card, named by the board (``X``, ``Y``): its status, attachments and lasting effects.

    A game's card subclasses this with the stats its cards print.  A bare
    name in a board file (``- X``) is a card of that name and nothing else
    known about it.
    """

    name: str = Field(min_length=1, description="the name the board gives this card (X, Y …)")
    status: Status | None = Field(
        default=None, description="active (upright) or rested (sideways); unknown if left out"
    )
    entered_turn: Turn | None = Field(default=None, description="the turn it came onto the field")
    keywords: list[str] = Field(default_factory=list, description="keywords it has of its own")
    attachments: list[Card] = Field(
        default_factory=list, description="cards attached to it (under it, paired with it)"
    )
    modifiers: list[Modifier] = Field(default_factory=list, description="stat changes in force on it")
    grants: list[Grant] = Field(default_factory=list, description="keywords effects gave it or took from it")

    @model_validator(mode="before")
    @classmethod
    def _bare_name(cls, data: Any) -> Any:
        return {"name": data} if isinstance(data, str) else data

    def has(self, keyword: str) -> bool:
        """Its own keywords, as effects in force changed them (the latest grant wins)."""
        holding = keyword in self.keywords
        for grant in self.grants:
            if grant.keyword == keyword:
                holding = not grant.removed
        return holding

    def modification(self, stat: str) -> int:
        """The sum of the changes in force on ``stat``."""
        return sum(m.by for m in self.modifiers if m.stat == stat)


C = TypeVar("C", bound=Card)


class Zone(Mutable, Generic[C]):
    """An ordered zone: the named cards first (a deck's top card first), then cards nobody named.

    ``unnamed`` is how many more cards the zone holds that the board does not
    name; ``None`` means that number is not known.  A board may write a zone
    as a count (``hand: 5``), as a list of cards (``trash: [X, Y]``), or in
    full (``deck: {cards: [X], unnamed: 20}``).
    """

    cards: list[C] = Field(
        default_factory=list, description="named cards, in order (a deck's top card first)"
    )
    unnamed: Many | None = Field(default=None, description="more cards nobody named; left out: not known")
    #: A public zone (a battle area, a field) shows every card, so the board names each: the
    #: refusal of an unnamed count in the game's words and the clause that makes the zone public.
    #: A public zone's subclass also declares ``unnamed`` with the default 0.
    public: ClassVar[tuple[str, str] | None] = None

    @field_validator("unnamed")
    @classmethod
    def _public_zone_names_every_card(cls, unnamed: int | None) -> int | None:
        if cls.public is None:
            return unnamed
        if unnamed:
            raise impossible(*cls.public)
        return 0

    @model_validator(mode="wrap")
    @classmethod
    def _shorthand(cls, data: Any, handler: ModelWrapValidatorHandler[Any]) -> Any:
        """A count or a list stands for the whole zone; a problem is still named where it was typed."""
        if isinstance(data, (bool, int, float, str)):
            return rooted(handler, {"unnamed": data}, "unnamed")
        if isinstance(data, list):
            return rooted(handler, {"cards": data, "unnamed": 0}, "cards")
        return handler(data)

    @property
    def total(self) -> int | None:
        """How many cards it holds, or ``None`` when that is not known."""
        return None if self.unnamed is None else len(self.cards) + self.unnamed

    def names(self) -> list[str]:
        return [card.name for card in self.cards]

    def find(self, name: str) -> C | None:
        return next((card for card in self.cards if card.name == name), None)


def rooted(handler: ModelWrapValidatorHandler[Any], data: dict[str, Any], *where: str | int) -> Any:
    """Validate ``data``, the full form of a shorthand, reporting a problem found at ``where`` in it
    (``"cards", 0``) at the place the shorthand was written."""
    try:
        return handler(data)
    except ValidationError as error:
        depth = len(where)
        details: list[Any] = [
            {
                **detail,
                "loc": detail["loc"][depth:] if detail["loc"][:depth] == where else detail["loc"],
                "type": _error_type(detail),
            }
            for detail in error.errors()
        ]
        raise ValidationError.from_exception_data(error.title, details) from None


_KNOWN_ERRORS = frozenset(get_args(ErrorType))


def _error_type(detail: Any) -> Any:
    """pydantic's own error types by name; one a validator made up (an impossible board) as itself."""
    kind = detail["type"]
    return kind if kind in _KNOWN_ERRORS else PydanticCustomError(kind, detail["msg"], detail.get("ctx"))


class PlayerState(Mutable):
    """One player's side of the table; a game's subclass declares its zones as :class:`Zone` fields."""

    def zones(self) -> dict[str, Zone[Any]]:
        """Every zone of this player, by field name."""
        return {name: value for name, value in self if isinstance(value, Zone)}

    def zone(self, name: str) -> Zone[Any]:
        found = self.zones().get(name)
        if found is None:
            raise KeyError(f"no zone {name!r}: expected one of {', '.join(self.zones())}")
        return found


P = TypeVar("P", bound=PlayerState)


class Sides(Mutable, Generic[P]):
    """Both players' sides; a side left out is a side nothing is known about."""

    A: P
    B: P

    @model_validator(mode="before")
    @classmethod
    def _unknown_sides(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return {"A": {}, "B": {}, **data}
        return data

    def __getitem__(self, player: Player) -> P:
        return self.A if player is Player.A else self.B


class GameState(Mutable):
    """The turn, whose turn it is and where in the turn: the part every game shares.

    A game's state adds ``players`` (a :class:`Sides` of its player model)
    and whatever its book puts on the table besides (ucg's battle areas).
    ``phase`` and ``step`` are the names the game's turn structure uses; the
    snapshot is taken at the *start* of that phase or step, before anything of
    it has happened.
    """

    turn: Turn | None = Field(default=None, description="the turn number; 1 is the game's first turn")
    turn_player: Player | None = Field(default=None, description="whose turn it is")
    phase: str = Field(description="the phase the snapshot starts at")
    step: str | None = Field(default=None, description="the step of that phase, where the phase has steps")

    def player(self, player: Player) -> PlayerState:
        sides = getattr(self, "players", None)
        if not isinstance(sides, Sides):
            raise TypeError(f"{type(self).__name__} has no players")
        found: PlayerState = sides[player]
        return found

    def all_cards(self) -> Iterator[Card]:
        """Every named card the state holds, attachments included (for lookups and lasting effects)."""
        pending: list[Any] = [self]
        while pending:
            value = pending.pop()
            if isinstance(value, Card):
                yield value
            if isinstance(value, BaseModel):  # a card's attachments (and a game's own stacks) too
                pending.extend(getattr(value, name) for name in type(value).model_fields)
            elif isinstance(value, (list, tuple)):
                pending.extend(value)
            elif isinstance(value, dict):
                pending.extend(value.values())
