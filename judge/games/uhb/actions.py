"""What players do in uhb, in the book's own words (ch. 1.2, 4, 5), as timeline actions.

A card played from a hand of cards nobody named is given in full where it is
played (``support: {player: A, card: {name: X, support_power: 2000}}``), or by its
name alone, its stats then not known; a card the board already names is given by
its name.

>>> Battle(attacker="X", defender="Y").names()
['X', 'Y']
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Discriminator, Field, Tag

from judge.action import Action
from judge.bounds import Flag, UhbCards
from judge.games.uhb.state import UhbCard
from judge.players import Player


def _which(value: Any) -> str:
    return "name" if isinstance(value, str) else "card"


#: a card the board names (its name), or a new one given in full
CardRef = Annotated[
    Annotated[str, Tag("name"), Field(min_length=1)] | Annotated[UhbCard, Tag("card")], Discriminator(_which)
]


class ChooseOrder(Action):
    """先后 (1.2.2, 1.2.2a): before the game's first turn, who decides, and who goes first."""

    verb = "choose_order"
    player: Player = Field(description="the player who decides")
    first: Player = Field(description="the player who takes the first turn")


class FormChange(Action):
    """形态转换 (5.10.1): a card from the hand replaces a card on the field."""

    verb = "form_change"
    card: str = Field(min_length=1, description="进行形态转换的牌: the card on the field")
    into: CardRef = Field(description="通过形态转换进场的牌: the card from the hand")
    by_effect: Flag = Field(default=False, description="an extra form change a card effect allows (5.10.4)")

    def names(self) -> list[str]:
        return [self.card, *([self.into] if isinstance(self.into, str) else [])]

    def introduces(self) -> list[str]:
        return [] if isinstance(self.into, str) else [self.into.name]


class Battle(Action):
    """主战角色 (4.2.3): the turn player picks one character on each side of the field."""

    verb = "battle"
    attacker: str = Field(min_length=1, description="the turn player's main character")
    defender: str = Field(min_length=1, description="the opponent's main character")

    def names(self) -> list[str]:
        return [self.attacker, self.defender]


class FromHand(Action):
    """An action that plays a character from the hand: one the board names, one given in full, or
    one only named out of a hand of cards nobody named (its stats then not known)."""

    player: Player
    card: CardRef | None

    def introduces(self) -> list[str]:
        if self.card is None:
            return []
        return [self.card] if isinstance(self.card, str) else [self.card.name]


class Support(FromHand):
    """支援 (4.3.2): one character from the hand, or none (``card`` left out)."""

    verb = "support"
    card: CardRef | None = Field(default=None, description="the support character; left out: no support")


class ExtraSupport(FromHand):
    """额外支援 (4.3.4): a character whose 支 effect lets it join the battle."""

    verb = "extra_support"
    card: CardRef


class Promote(Action):
    """4.4.4a: the winner's support that takes the main character's place."""

    verb = "promote"
    player: Player
    card: str = Field(min_length=1)

    def names(self) -> list[str]:
        return [self.card]


class Weaken(Action):
    """5.11.1: the losing main character stays weakened (``apply: true``) or goes to the damage zone."""

    verb = "weaken"
    player: Player
    apply: Flag = True


class Discard(Action):
    """弃牌 (5.0.1) at the end of the turn (4.5.4): the named cards, and how many unnamed ones."""

    verb = "discard"
    player: Player
    cards: list[str] = Field(default_factory=list, description="the named cards discarded")
    unnamed: UhbCards = Field(default=0, description="how many cards nobody named are discarded")

    def names(self) -> list[str]:
        return list(self.cards)


class Flip(Action):
    """翻开 (5.5.1) by a card effect: a face-down card on the field or in the energy zone, or a card
    of the deck (5.5.2)."""

    verb = "flip"
    card: str = Field(min_length=1)
    source: str | None = Field(default=None, description="the card whose effect flips it")

    def names(self) -> list[str]:
        return [self.card]


class Win(Action):
    """1.3.2d: a card effect of ``player`` makes them win (the opponent loses)."""

    verb = "win"
    player: Player = Field(description="the player whose card effect wins the game")


#: the zones a card can be moved to (ch. 3)
ZoneName = Literal["deck", "hand", "field", "damage_zone", "rest_area", "energy"]


class Replace(Action):
    """替代性效果 (5.8.1, 「……改为……」), in force from where the timeline lists it: ``card`` that would be
    moved to ``zone`` goes to ``instead``; the first move does not happen at all."""

    verb = "replace"
    card: str = Field(min_length=1, description="the card the replacement watches")
    zone: ZoneName = Field(description="where it would go")
    instead: ZoneName = Field(description="where it goes instead")
    source: str | None = Field(default=None, description="the card whose effect this is")

    def names(self) -> list[str]:
        return [self.card, *([self.source] if self.source else [])]


ACTIONS = (
    Win,
    ChooseOrder,
    FormChange,
    Battle,
    Support,
    ExtraSupport,
    Promote,
    Weaken,
    Discard,
    Flip,
    Replace,
)
