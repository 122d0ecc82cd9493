"""The zd actions a timeline names, in the book's own vocabulary (ch. 4, 5, 6).

A card used from a hand nobody named is given in full where it is used
(``play: {player: A, card: {name: 丝诺, kind: character, attack: 2000, defence: 2000}}``).
What a card or effect does on the chain is stated with the shared effect
primitives (``activate: {player: B, name: 瞬间战术, effects: [...]}``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from corpus.search.folding import fold
from judge.action import Action
from judge.board import impossible
from judge.bounds import Flag, ZdCards
from judge.effects import Effect
from judge.games.zd.state import LIFE, ZdCard
from judge.players import Player
from judge.state import Duration


class PlaceResource(Action):
    """404: the turn player puts one card of the hand into the resource area (face up unless said)."""

    verb = "place_resource"
    player: Player
    card: ZdCard = Field(description="the card, from the hand")
    face_up: Flag = Field(default=True, description="face up keeps its colour and name (204.p3)")

    def introduces(self) -> list[str]:
        return [self.card.name]


class Play(Action):
    """Use a character, equipment or event from the hand (318, 319, 321); it enters as it resolves."""

    verb = "play"
    player: Player
    card: ZdCard
    to: str | None = Field(default=None, description="an equipment: the character it is equipped on (319.p2)")
    discard: str | None = Field(
        default=None, description="a same-name character the player chooses to discard (305.p4)"
    )

    def names(self) -> list[str]:
        return [name for name in (self.to, self.discard) if name and name != self.card.name]

    def introduces(self) -> list[str]:
        return [self.card.name]


class LevelUp(Action):
    """600: a character of the turn player goes up one LV, by a normal or a dimension level-up."""

    verb = "level_up"
    card: str
    how: Literal["normal", "dimension"] = Field(description="normal (600.p3) or dimension (600.p4)")
    shown: ZdCard | None = Field(default=None, description="dimension: the same card shown from the hand")

    def names(self) -> list[str]:
        return [self.card]


class Attack(Action):
    """405.1, 501: an unrested character attacks the opponent's life zone or a rested character;
    one that can attack several (507.p2) may name several rested characters in ``targets``."""

    verb = "attack"
    by: str
    target: str = Field(
        default=LIFE, description='"life" (or 生命区, player), or a rested character of the opponent'
    )
    targets: list[str] = Field(
        default_factory=list,
        description="instead of target: several rested characters attacked at once (507), by a character "
        "that can attack several",
    )

    @field_validator("target")
    @classmethod
    def _life_zone(cls, target: str) -> str:
        """The life zone, as the book names it in either script (生命区, 202), or the opponent as a
        player (an attack on a player is one on the life zone, 501.p2), is ``life``."""
        return LIFE if fold(target) in ("生命区", "player") else target

    @field_validator("targets")
    @classmethod
    def _several_characters(cls, targets: list[str]) -> list[str]:
        if targets and (len(targets) < 2 or len(set(targets)) < len(targets) or LIFE in targets):
            raise impossible(
                "several targets are two or more different characters; for one, use target", "507.p1"
            )
        return targets

    @model_validator(mode="after")
    def _target_or_targets(self) -> Attack:
        if self.targets and "target" in self.model_fields_set:
            raise impossible("an attack names target or targets, not both", "507.p2")
        return self

    def aimed(self) -> list[str]:
        """What the attack is aimed at: ``["life"]``, one character, or several."""
        return list(self.targets) or [self.target]

    def names(self) -> list[str]:
        return [self.by] + [name for name in self.aimed() if name != LIFE]


class Defend(Action):
    """502, 503: the defending player declares an unrested character as defender; against an attack
    on several, it takes the place of the target ``instead`` names (507.p3: the defender's choice)."""

    verb = "defend"
    by: str
    instead: str | None = Field(
        default=None, description="an attack on several: the attack target this defender takes the place of"
    )

    def names(self) -> list[str]:
        return [self.by] + [name for name in (self.instead,) if name is not None and name != LIFE]


class NoDefend(Action):
    """502: the defending player declares no defence."""

    verb = "no_defend"


class Activate(Action):
    """106: a card or effect is used and goes on top of the chain; ``cost`` is paid as it is used."""

    verb = "activate"
    player: Player
    name: str = Field(min_length=1, description="what is used: a card or an effect")
    card: ZdCard | None = Field(default=None, description="a tactic used from the hand (320)")
    cost: list[Effect] = Field(default_factory=list, description="what is paid as it is used (703)")
    effects: list[Effect] = Field(default_factory=list, description="what it does as it resolves")
    cancels: str | None = Field(
        default=None,
        description="取消 (620): the card or effect on the chain, by its name, it takes off the chain",
    )

    def names(self) -> list[str]:
        return [name for effect in (*self.cost, *self.effects) for name in effect.names()]

    def introduces(self) -> list[str]:
        return [self.card.name] if self.card else []


class Pass(Action):
    """105: the player with priority passes it."""

    verb = "pass"
    player: Player


class Discard(Action):
    """408: the turn player discards from the hand down to six; the named cards are the ones chosen."""

    verb = "discard"
    player: Player
    cards: list[str] = Field(default_factory=list, description="the named cards discarded")
    count: ZdCards = Field(default=0, description="unnamed cards discarded")

    def names(self) -> list[str]:
        return list(self.cards)


class Simultaneous(Action):
    """102.p3: effects both players process at once — the active player chooses first, then the
    other, then they happen together (and a loss of both at once is a draw, 101.p6)."""

    verb = "simultaneous"
    effects: list[Effect] = Field(min_length=1)

    def names(self) -> list[str]:
        return [name for effect in self.effects for name in effect.names()]


class Loop(Action):
    """901: a set of actions that keeps repeating, stated as one round of it: what happens, in order.
    A triggered effect among them is marked by its ``when`` and happens where it is listed; an
    optional one (「可以」) is taken, since taking it is what keeps the loop going."""

    verb = "loop"
    effects: list[Effect] = Field(min_length=1, description="one round of the loop, in order")

    def names(self) -> list[str]:
        return [name for effect in self.effects for name in effect.names()]


class Negate(Action):
    """An effect makes a card's effects void (not an equipment's bonus: 319.p8), for good or for this
    turn (「本回合失去所有效果」: back at the cleanup step, 407.p1, 709.p7)."""

    verb = "negate"
    card: str
    until: Literal[Duration.PERMANENT, Duration.END_OF_TURN] = Field(
        default=Duration.PERMANENT, description="permanent, or end_of_turn (本回合)"
    )

    def names(self) -> list[str]:
        return [self.card]


class Concede(Action):
    """101.p4: a player concedes, at any time."""

    verb = "concede"
    player: Player


ACTIONS: tuple[type[Action], ...] = (
    PlaceResource,
    Play,
    LevelUp,
    Attack,
    Defend,
    NoDefend,
    Activate,
    Pass,
    Discard,
    Simultaneous,
    Loop,
    Negate,
    Concede,
)
