"""The one shared vocabulary of stated effects: what a card does, entered as an event.

Card text is out of scope; a judge states what the card did, with one of a
few primitives, each game reading it by its own book:

* ``modify`` — change a stat for a duration (``{card: Y, stat: ap, by: 2}``, or ``{card: Y, ap: +2}``);
* ``destroy`` / ``ko`` / ``remove`` — take a card off the field (to the trash,
  knocked out, out of the game: the game says where each goes);
* ``move`` — move N cards between zones, "as many as possible";
* ``draw`` — a player draws N;
* ``damage`` — damage to a card or a player (a player's life, shields … as
  the game counts them);
* ``keyword`` — grant or remove a keyword for a duration.

Each may carry ``if`` (a :class:`Condition`: 以上 ``at_least`` and 以下
``at_most`` include the value, ``more_than``/``less_than`` do not), ``when``
(a :class:`Trigger`: the effect waits for that event instead of happening at
once), ``if_done`` (「若進行此操作」: only if the effect carried out just before
it was done in full), ``until`` (a :class:`~judge.state.Duration`), ``by`` (whose effect),
``source`` (the card it comes from), ``optional`` (「可～」: its controller
may decline, so the replay branches unless ``apply`` says which) and ``cost``
(what using the effect costs, where a game's rules read costs).

>>> effect = Effect.model_validate({"modify": {"card": "Y", "stat": "ap", "by": 2}, "until": "end_of_turn"})
>>> effect.kind, effect.primitive
('modify', Modify(card='Y', stat='ap', by=2))
>>> Condition(at_least=4, player="A", zone="energy").holds(4), Condition(more_than=4, card="X", stat="hp").holds(4)
(True, False)
"""

from __future__ import annotations

import enum
from typing import Any, ClassVar, Literal

from pydantic import Field, TypeAdapter, model_validator

from judge.action import Action
from judge.board import BoardModel
from judge.bounds import Flag, Many, SmallPositive, Stat, StatChange
from judge.players import Player
from judge.state import Duration

#: A stat change keyed by its stat, as ``{ap: +2}`` writes it.
_CHANGE_BY_STAT = TypeAdapter(dict[str, StatChange])


class Modify(BoardModel):
    """Change one stat of a card (a game names its stats: ``bp``, ``ap``, ``hp``, ``level`` …)."""

    card: str = Field(min_length=1)
    stat: str = Field(min_length=1)
    by: StatChange

    @model_validator(mode="before")
    @classmethod
    def _stat_as_key(cls, data: Any) -> Any:
        """``{card: Y, ap: +2}``, the stat named as the key, is ``{card: Y, stat: ap, by: 2}``; the
        change is checked under its own key, so a bad one is named where the file wrote it."""
        if isinstance(data, dict) and "stat" not in data and "by" not in data:
            named = [key for key in data if key != "card"]
            if len(named) == 1:
                ((stat, by),) = _CHANGE_BY_STAT.validate_python({named[0]: data[named[0]]}).items()
                return {"card": data.get("card"), "stat": stat, "by": by}
        return data


class Target(BoardModel):
    """The card a destroy, KO or removal takes."""

    card: str = Field(min_length=1)


class Place(BoardModel):
    """Where cards move from or to: a player's zone (its top or bottom), or under a card."""

    player: Player | None = Field(default=None, description="whose zone (not needed with card)")
    zone: str | None = Field(default=None, description="the zone's name in the game's state")
    position: Literal["top", "bottom"] = "top"
    card: str | None = Field(default=None, description="attach under this card instead of a zone")

    @model_validator(mode="after")
    def _one_place(self) -> Place:
        if self.card is None and (self.player is None or self.zone is None):
            raise ValueError("expected player and zone, or card")
        return self


class Move(BoardModel):
    """Move ``count`` cards (or the named ``cards``), as many as possible."""

    count: Many | None = Field(default=None, description="how many from the top/bottom of the zone")
    cards: list[str] = Field(default_factory=list, description="the named cards to move, instead of a count")
    from_: Place = Field(alias="from")
    to: Place

    @model_validator(mode="after")
    def _count_or_cards(self) -> Move:
        if (self.count is None) == (not self.cards):
            raise ValueError("expected count or cards (one of them)")
        return self


class Draw(BoardModel):
    player: Player
    count: SmallPositive = 1


class Damage(BoardModel):
    """Damage to a card, or to a player (the game counts it in life, shields …)."""

    card: str | None = None
    player: Player | None = None
    amount: Stat

    @model_validator(mode="after")
    def _one_target(self) -> Damage:
        if (self.card is None) == (self.player is None):
            raise ValueError("expected card or player (one of them)")
        return self


class KeywordChange(BoardModel):
    card: str = Field(min_length=1)
    add: list[str] = Field(default_factory=list, description="keywords it gains")
    remove: list[str] = Field(default_factory=list, description="keywords it loses")


class Compare(enum.StrEnum):
    AT_LEAST = "at_least"  # ……以上: the value itself included
    AT_MOST = "at_most"  # ……以下: the value itself included
    MORE_THAN = "more_than"  # 超過: not included
    LESS_THAN = "less_than"  # 未滿: not included


class Condition(BoardModel):
    """「若……」: a count of a player's zone, or a card's stat, against a threshold."""

    player: Player | None = None
    zone: str | None = None
    card: str | None = None
    stat: str | None = None
    at_least: StatChange | None = Field(default=None, description="以上: the value itself included")
    at_most: StatChange | None = Field(default=None, description="以下: the value itself included")
    more_than: StatChange | None = None
    less_than: StatChange | None = None

    @model_validator(mode="after")
    def _shape(self) -> Condition:
        measured = (self.player is not None and self.zone is not None) != (
            self.card is not None and self.stat is not None
        )
        if not measured:
            raise ValueError("expected player and zone (a count), or card and stat (a value)")
        if len(self.tests()) != 1:
            raise ValueError("expected one of at_least, at_most, more_than, less_than")
        return self

    def tests(self) -> list[tuple[Compare, int]]:
        return [(c, v) for c in Compare if (v := getattr(self, c.value)) is not None]

    def holds(self, value: int) -> bool:
        compare, threshold = self.tests()[0]
        return {
            Compare.AT_LEAST: value >= threshold,
            Compare.AT_MOST: value <= threshold,
            Compare.MORE_THAN: value > threshold,
            Compare.LESS_THAN: value < threshold,
        }[compare]

    def describe(self) -> str:
        compare, threshold = self.tests()[0]
        what = f"{self.player}.{self.zone}" if self.zone else f"{self.card}.{self.stat}"
        return f"{what} {compare.value} {threshold}"


class Trigger(BoardModel):
    """When a waiting effect happens: a game event (the game lists the events it has)."""

    event: str = Field(min_length=1, description="the event, in the game's vocabulary")
    card: str | None = Field(default=None, description="the card the event is about, if it matters")
    player: Player | None = Field(default=None, description="the player the event is about, if it matters")


#: The primitives, in the order a board file's ``effect`` is checked for them.
PRIMITIVES = ("modify", "destroy", "ko", "remove", "move", "draw", "damage", "keyword")


class Effect(Action):
    """One stated effect: exactly one primitive, and when, whether and how long it applies."""

    verb: ClassVar[str] = "effect"

    modify: Modify | None = None
    destroy: Target | None = None
    ko: Target | None = None
    remove: Target | None = None
    move: Move | None = None
    draw: Draw | None = None
    damage: Damage | None = None
    keyword: KeywordChange | None = None
    until: Duration | None = Field(default=None, description="how long a modify or keyword lasts")
    if_: Condition | None = Field(default=None, alias="if", description="it happens only if this holds")
    when: Trigger | None = Field(
        default=None, description="it waits for this event instead of happening at once"
    )
    if_done: Flag = Field(
        default=False,
        description="「若進行此操作」: it happens only if the effect carried out just before it was done "
        "in full (not declined, its condition holding, no part of it left undone)",
    )
    by: Player | None = Field(default=None, description="whose effect it is")
    source: str | None = Field(default=None, description="the card it comes from")
    optional: Flag = Field(default=False, description="「可～」: its controller may decline it")
    cost: Flag = Field(
        default=False,
        description="what using the effect costs (uhb 【】): paid in full or not at all; the parts it pays "
        "for carry if_done, so they do not happen when it cannot be paid",
    )
    apply: Flag | None = Field(default=None, description="for an optional effect: whether it was applied")

    @model_validator(mode="after")
    def _one_primitive(self) -> Effect:
        found = [name for name in PRIMITIVES if getattr(self, name) is not None]
        if len(found) != 1:
            raise ValueError(f"expected exactly one of {', '.join(PRIMITIVES)}")
        return self

    @property
    def kind(self) -> str:
        return next(name for name in PRIMITIVES if getattr(self, name) is not None)

    @property
    def primitive(self) -> Any:
        return getattr(self, self.kind)

    def names(self) -> list[str]:
        """Every card this effect names (checked against the board before the replay)."""
        primitive = self.primitive
        named = [getattr(primitive, "card", None)]
        if isinstance(primitive, Move):
            named += [*primitive.cards, primitive.from_.card, primitive.to.card]
        named += [self.source, self.if_.card if self.if_ else None, self.when.card if self.when else None]
        return [name for name in named if name]
