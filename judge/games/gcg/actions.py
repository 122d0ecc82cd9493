"""What players do in gcg, in the book's own words (ch. 7 to 9), as timeline actions.

A card used from a hand of cards nobody named is given in full where it is
used (``deploy: {card: {name: X, level: 3, cost: 2, ap: 3, hp: 3}}``); a card
the board already names is given by its name (``deploy: {card: X}``).

>>> Attack(by="Y").target, Attack(by="Y", target="W").names()
('player', ['Y', 'W'])
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Discriminator, Field, Tag, field_validator

from judge.action import Action
from judge.bounds import Flag, GcgExEnergy
from judge.games.gcg.state import GcgCard, GcgState, Kind, Timing
from judge.players import PLAYERS, Player

PLAYER = "player"
#: the words for "the opposing player" an attack's target may be written with
PLAYER_WORDS = ("player", "對方玩家", "对方玩家", "玩家")


def _which(value: Any) -> str:
    return "name" if isinstance(value, str) else "card"


#: a card the board names (its name), or a new one given in full (a problem in it is named at its place)
CardRef = Annotated[
    Annotated[str, Tag("name"), Field(min_length=1)] | Annotated[GcgCard, Tag("card")], Discriminator(_which)
]


def _names(card: str | GcgCard) -> list[str]:
    return [card] if isinstance(card, str) else []


def _introduces(card: str | GcgCard) -> list[str]:
    if isinstance(card, str):
        return []
    return [card.name] + ([card.pilot.name] if card.pilot else [])


class Uses(Action):
    """An action that uses a card (5-7-1): from the hand, paying its cost, unless an effect does it."""

    card: CardRef = Field(description="a card the board names, or a new one in full (name and values)")
    player: Player | None = Field(
        default=None, description="whose card (a new card: the turn player's if left out)"
    )
    ex: GcgExEnergy | None = Field(
        default=None, description="EX energy used to pay (5-17-3-2); left out: the player's choice"
    )

    def names(self) -> list[str]:
        return _names(self.card)

    def introduces(self) -> list[str]:
        return _introduces(self.card)


class Deploy(Uses):
    """配置 (5-8-1): a unit into the battle area, or a base (``kind: base``) into the base section."""

    verb = "deploy"
    replace: str | None = Field(
        default=None, description="the unit or base a full area sends to the trash (11-4-2, 11-5-2)"
    )
    by_effect: Flag = Field(
        default=False,
        description="an effect deploys it: no Lv. check and no cost (5-8-1), at the effect's time",
    )

    def names(self) -> list[str]:
        return _names(self.card) + ([self.replace] if self.replace else [])


class Pair(Uses):
    """搭乘 (5-9-1): a pilot (or a command's 【駕駛員】) boards one of the player's units."""

    verb = "pair"
    unit: str = Field(min_length=1, description="the unit the pilot boards")

    def names(self) -> list[str]:
        return _names(self.card) + [self.unit]

    def by_flash_command(self, state: GcgState) -> bool:
        """Whether a 【瞬動】 command card boards as a pilot (3-4-6-2): listed in an action step, it is
        taken there (and refused, 13-2-4-2), not after it."""
        card = self.card if isinstance(self.card, GcgCard) else None
        for player in PLAYERS:
            card = card or state.side(player).hand.find(str(self.card))
        return card is not None and card.kind is Kind.COMMAND and Timing.ACTION in (card.timing or [])


#: a command's target given by what it must be rather than by name: a unit of that side on the field
TARGET_KINDS = {"enemy_unit": "對方的機體", "friendly_unit": "我方的機體", "unit": "機體"}


class Command(Uses):
    """A command card used for its effect (3-4-1): 【主要】 in the main phase, 【瞬動】 in an action step.

    What it does is stated as effects after it.  ``target`` is what its effect chooses, where it
    chooses one: a card by name, or ``enemy_unit`` / ``friendly_unit`` / ``unit`` (any such unit);
    a command whose target cannot be chosen cannot be used (10-1-8-1-1)."""

    verb = "command"
    target: str | None = Field(
        default=None,
        min_length=1,
        description="the card its effect chooses, or enemy_unit / friendly_unit / unit (10-1-8-1-1)",
    )

    def names(self) -> list[str]:
        return super().names() + ([self.target] if self.target and self.target not in TARGET_KINDS else [])


class Support(Action):
    """《支援》 (13-1-3-1): rest this unit; another friendly unit gets AP+(value) this turn."""

    verb = "support"
    by: str = Field(min_length=1, description="the unit with 《支援》")
    target: str = Field(min_length=1, description="another friendly unit")

    def names(self) -> list[str]:
        return [self.by, self.target]


class Attack(Action):
    """機體攻擊 (7-5-4-1, 8-2-1): an active unit attacks the opposing player or a rested unit."""

    verb = "attack"
    by: str = Field(min_length=1, description="the attacking unit")
    target: str = Field(
        default=PLAYER,
        min_length=1,
        description='"player" (or 對方玩家, or the player\'s letter), or a rested opposing unit',
    )

    @field_validator("target")
    @classmethod
    def _player(cls, target: str) -> str:
        """The opposing player as a new user may write it: 對方玩家 / 对方玩家 / 玩家 (a letter stays one,
        to be checked against whose turn it is)."""
        return PLAYER if target.strip() in PLAYER_WORDS else target

    def player_named(self) -> Player | None:
        """The player the target names by letter, if it does."""
        return Player(self.target) if self.target in PLAYERS else None

    def names(self) -> list[str]:
        return [self.by] + ([self.target] if self.target != PLAYER and self.player_named() is None else [])


class Block(Action):
    """《阻擋者》 (8-3-1, 13-1-4-1): the non-turn player's active unit becomes the attack's target."""

    verb = "block"
    by: str = Field(min_length=1, description="the blocking unit")

    def names(self) -> list[str]:
        return [self.by]


class NoBlock(Action):
    """The non-turn player blocks with nothing (8-3-4)."""

    verb = "no_block"


class Pass(Action):
    """讓過 (9-3-3): do nothing in the action step; two passes in a row end it (9-5)."""

    verb = "pass"
    player: Player | None = Field(default=None, description="who passes (the book alternates, 9-4-2)")


class PlaceEnergy(Action):
    """The energy phase's one energy card from the energy deck, active (7-4-1)."""

    verb = "place_energy"


class Discard(Action):
    """丟棄 (5-11-1) in the hand step, down to 10 cards (7-6-5-1): which named cards go."""

    verb = "discard"
    player: Player | None = None
    cards: list[str] = Field(default_factory=list, description="the named cards discarded")

    def names(self) -> list[str]:
        return list(self.cards)


class Rest(Action):
    """An effect sets a unit or base rested (5-4-1-2): 「轉為休息狀態」, where the timeline lists it."""

    verb = "rest"
    card: str = Field(min_length=1, description="a unit in a battle area, or a base")

    def names(self) -> list[str]:
        return [self.card]


class SetActive(Action):
    """An effect sets a unit or base active (5-4-1-1): 「轉為活躍狀態」, where the timeline lists it."""

    verb = "set_active"
    card: str = Field(min_length=1, description="a unit in a battle area, or a base")

    def names(self) -> list[str]:
        return [self.card]


#: what an effect does at its own time, wherever the timeline lists it
BY_EFFECT = (Rest, SetActive)


class Concede(Action):
    """認輸 (1-2-4): the player loses at once; no card effect can force it (1-2-5)."""

    verb = "concede"
    player: Player
    forced: Flag = Field(default=False, description="a card effect would make the player concede (1-2-5)")


ACTIONS = (
    Deploy,
    Pair,
    Command,
    Support,
    Attack,
    Block,
    NoBlock,
    Pass,
    PlaceEnergy,
    Discard,
    Rest,
    SetActive,
    Concede,
)
