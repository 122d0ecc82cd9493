"""What players do in bs, in the book's own words, as timeline actions.

A card used from a hand nobody named is given in full where it is used
(``summon: {card: {name: X, kind: spirit, cost: 3, levels: [...]}}``); a card
the board names is given by its name.  Decisions the rules ask for at once —
whether to activate a burst, keep a brave on the field, put a contract card
in soul state — are stated right after what caused them (``burst``,
``keep_brave``, ``soul``); left out, each is the player's open choice.

>>> Attack(by="Y").names(), Summon(card="X", cores=2).names()
(['Y'], ['X'])
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Discriminator, Field, Tag

from judge.action import Action
from judge.bounds import Flag, Many
from judge.games.bs.state import BsCard
from judge.players import Player

RESERVE = "reserve"
#: where cores lie besides field cards (counted, never named)
CORE_PLACES = (RESERVE, "life", "trash")


def _which(value: Any) -> str:
    return "name" if isinstance(value, str) else "card"


#: a card the board names (its name), or a new one given in full
CardRef = Annotated[
    Annotated[str, Tag("name"), Field(min_length=1)] | Annotated[BsCard, Tag("card")], Discriminator(_which)
]


def named(card: str | BsCard) -> str:
    return card if isinstance(card, str) else card.name


class OpeningHand(Action):
    """遊戲準備 ⑤: the opening hand, 4 cards; or 3 and the contract card set aside before shuffling."""

    verb = "opening_hand"
    player: Player
    contract: CardRef | None = Field(
        default=None, description="the contract card taken out of the deck (契約卡)"
    )

    def introduces(self) -> list[str]:
        return [] if self.contract is None or isinstance(self.contract, str) else [self.contract.name]

    def names(self) -> list[str]:
        return [self.contract] if isinstance(self.contract, str) else []


class Redraw(Action):
    """遊戲準備 ⑦: the whole hand back into the deck, shuffled, and 4 new cards; once per player."""

    verb = "redraw"
    player: Player


class Summon(Action):
    """召喚: pay the cost (reduced by the field's symbols), then put cores on it up to its lowest Lv."""

    verb = "summon"
    card: CardRef = Field(description="a card the board names, or a new one in full")
    player: Player | None = Field(default=None, description="whose card (a new card: the turn player's)")
    pay: dict[str, Many] = Field(
        default_factory=dict,
        description="where the cost's cores come from: reserve, or field cards by name; left out: the reserve",
    )
    cores: Many | None = Field(default=None, description="cores put on it; left out: its lowest Lv's")
    unite: str | None = Field(default=None, description="a brave summoned united with this spirit (直接合體)")

    def names(self) -> list[str]:
        paid = [name for name in self.pay if name not in CORE_PLACES]
        return (
            ([self.card] if isinstance(self.card, str) else []) + paid + ([self.unite] if self.unite else [])
        )

    def introduces(self) -> list[str]:
        return [] if isinstance(self.card, str) else [self.card.name]


class Unite(Action):
    """合體: a brave on the field unites with a spirit (no cost); the brave's cores move onto the spirit."""

    verb = "unite"
    brave: str = Field(min_length=1)
    spirit: str = Field(min_length=1)

    def names(self) -> list[str]:
        return [self.brave, self.spirit]


class Separate(Action):
    """分離: a brave leaves the spirit it is united with (no cost) and stays as a spirit, cores put on it."""

    verb = "separate"
    brave: str = Field(min_length=1)
    spirit: str | None = Field(
        default=None, description="the spirit it leaves (needed only for an 異魔神 united with two)"
    )
    cores: Many | None = Field(
        default=None, description="cores put on it from the reserve; left out: its Lv1's"
    )

    def names(self) -> list[str]:
        return [self.brave] + ([self.spirit] if self.spirit else [])


class MoveCores(Action):
    """能量的移動: cores between the reserve and field cards (freely in the main step, or by an effect)."""

    verb = "move_cores"
    count: Many = Field(description="how many cores")
    from_: str = Field(alias="from", min_length=1, description="reserve, life, trash, or a field card")
    to: str = Field(min_length=1, description="reserve, life, trash, or a field card")
    player: Player | None = Field(
        default=None, description="whose cores (the card's owner, else the turn player)"
    )
    by_effect: Flag = Field(default=False, description="an effect moves them, at the effect's time")

    def names(self) -> list[str]:
        return [name for name in (self.from_, self.to) if name not in CORE_PLACES]


class SetBurst(Action):
    """設置爆烈: once a turn, a card from the hand face down in the burst area, no cost."""

    verb = "set_burst"
    card: CardRef
    player: Player | None = None

    def names(self) -> list[str]:
        return [self.card] if isinstance(self.card, str) else []

    def introduces(self) -> list[str]:
        return [] if isinstance(self.card, str) else [self.card.name]


class Flash(Action):
    """A flash effect used (靈動) — or, ``main``, a magic card's main effect (主要) in the own main step: a magic
    card from the hand, or a card's; its effects follow as stated."""

    verb = "flash"
    player: Player | None = Field(default=None, description="who uses it (left out: whose turn to act it is)")
    card: CardRef | None = Field(default=None, description="the magic card used, if it is one")
    main: Flag = Field(
        default=False, description="its main effect (主要) instead: only in the player's own main step"
    )

    def names(self) -> list[str]:
        return [self.card] if isinstance(self.card, str) else []

    def introduces(self) -> list[str]:
        return [self.card.name] if isinstance(self.card, BsCard) else []


class Pass(Action):
    """跳過: no flash effect now; both players passing in a row ends the flash timing."""

    verb = "pass"
    player: Player | None = None


class Attack(Action):
    """宣告攻擊: a refreshed spirit of the turn player attacks and is exhausted."""

    verb = "attack"
    by: str = Field(min_length=1)

    def names(self) -> list[str]:
        return [self.by]


class Block(Action):
    """宣告阻擋: one refreshed spirit of the defender blocks and is exhausted."""

    verb = "block"
    by: str = Field(min_length=1)

    def names(self) -> list[str]:
        return [self.by]


class NoBlock(Action):
    """The defender declares no block."""

    verb = "no_block"


class Burst(Action):
    """發動爆烈: the set burst whose condition was just met is turned over (or, activate false, kept set)."""

    verb = "burst"
    player: Player
    activate: Flag = True


class KeepBrave(Action):
    """A united spirit left the field: keep its brave on the field as a spirit (cores moved onto it), or not."""

    verb = "keep_brave"
    brave: str = Field(min_length=1)
    keep: Flag = True
    cores: Many | None = Field(
        default=None, description="cores moved onto it from the reserve; left out: its Lv1's"
    )

    def names(self) -> list[str]:
        return [self.brave]


class Soul(Action):
    """A contract card the opponent took off the field: put it in soul state instead (魂狀態), or not."""

    verb = "soul"
    card: str = Field(min_length=1)
    keep: Flag = True

    def names(self) -> list[str]:
        return [self.card]


class Exhaust(Action):
    """An effect exhausts a card (疲勞), or heavily (重疲勞)."""

    verb = "exhaust"
    card: str = Field(min_length=1)
    heavy: Flag = False

    def names(self) -> list[str]:
        return [self.card]


class Refresh(Action):
    """An effect refreshes a card (回復)."""

    verb = "refresh"
    card: str = Field(min_length=1)

    def names(self) -> list[str]:
        return [self.card]


class UTrigger(Action):
    """【U 觸發】 of an ultimate (an effect): the opponent's top card to the trash, the costs compared."""

    verb = "u_trigger"
    by: str = Field(min_length=1, description="the ultimate whose U trigger this is")

    def names(self) -> list[str]:
        return [self.by]


#: decisions stated right after what asks for them
DECISIONS = (Burst, KeepBrave, Soul)
#: decisions about a card leaving the field: they never move the battle on
LEAVING = (KeepBrave, Soul)
#: what an effect does at its own time, wherever the timeline lists it
BY_EFFECT = (Exhaust, Refresh, UTrigger)
ACTIONS = (
    OpeningHand,
    Redraw,
    Summon,
    Unite,
    Separate,
    MoveCores,
    SetBurst,
    Flash,
    Pass,
    Attack,
    Block,
    NoBlock,
    Burst,
    KeepBrave,
    Soul,
    Exhaust,
    Refresh,
    UTrigger,
)


def within_an_effect(action: Action) -> bool:
    """A decision the rules ask for, or what an effect does: it happens inside the effect under way."""
    return isinstance(action, (*DECISIONS, *BY_EFFECT)) or (
        isinstance(action, MoveCores) and action.by_effect
    )
