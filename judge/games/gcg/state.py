"""The gcg table (ch. 4): each player's deck, hand, energy, battle area, shield area, trash and
removed cards, the turn, and the battle in progress.

Every fact may be left out; ``None`` is "not known".  The battle area is
public and shows every unit on it, so a battle area left out is empty; every
other zone left out is a zone nothing is known about.  The EX base and EX
energy are presets (5-17-3): ``base: ex_base`` is a token base of AP 0 and
HP 3 (5-17-3-1-1), and ``energy: {ex: 1}`` counts EX energy, so neither is
ever typed in as numbers.

>>> side = GcgPlayer.model_validate({"base": "ex_base", "energy": {"active": 2, "rested": 1, "ex": 1}})
>>> side.base.cards[0].ap, side.base.cards[0].hp, side.base.cards[0].token, side.energy.total
(0, 3, True, 4)
>>> book_name("breach:2"), book_name("high_maneuver")
('《突破：2》', '《高機動》')
"""

from __future__ import annotations

import enum
import re
from typing import Any, Literal

from pydantic import Field, ModelWrapValidatorHandler, field_validator, model_validator

from corpus.search.folding import fold
from judge.board import impossible
from judge.bounds import Flag, GcgCards, GcgEnergy, GcgExEnergy, Many, Small
from judge.players import PLAYERS, Player
from judge.state import Card, GameState, Grant, Mutable, PlayerState, Sides, Zone, rooted

#: the EX base's printed values (5-17-3-1-1: 「擁有 AP0 和 HP3 的基地替代卡」)
EX_BASE_AP, EX_BASE_HP = 0, 3
EX_BASE = "EX基地"

#: keyword effects a unit may have (13-1), by their key in a board file and their name in the book
FLAGS = {"blocker": "《阻擋者》", "first_strike": "《先制攻擊》", "high_maneuver": "《高機動》"}
VALUED = {"repair": "《修復》", "breach": "《突破》", "support": "《支援》"}
#: each keyword's book name in one spelling (:func:`fold`: 阻擋者 and 阻挡者 alike) → its key
_BOOK_NAMES = {fold(name.strip("《》")): key for key, name in {**FLAGS, **VALUED}.items()}
#: a keyword as written: its name, then a value after a colon, a space or nothing (《突破：2》, 《突破 2》)
_KEYWORD = re.compile(r"^《?(?P<name>[^《》:：\s\d]+)(?:\s*[:：]?\s*(?P<value>\d{1,2}))?》?$")
KEYWORDS_EXPECTED = (
    "blocker, first_strike, high_maneuver, repair:N, breach:N, support:N (or 《阻擋者》, 《修復：1》 …)"
)


def keyword_key(text: str) -> str | None:
    """A keyword as a board writes it (``breach:2``, ``《突破：2》``, ``《突破 2》``, in either Chinese
    script) in its one spelling, or None."""
    found = _KEYWORD.match(text.strip())
    if found is None:
        return None
    name, value = found["name"], found["value"]
    key = _BOOK_NAMES.get(fold(name), fold(name))
    if key in FLAGS and value is None:
        return key
    if key in VALUED and value is not None and int(value) >= 1:
        return f"{key}:{int(value)}"
    return None


def book_name(key: str) -> str:
    """A keyword in the book's spelling (``breach:2`` → 《突破：2》); a bare valued name (a removal of
    every instance) without a value."""
    name, _, value = key.partition(":")
    printed = {**FLAGS, **VALUED}.get(name)
    if printed is None:
        return key
    return f"{printed[:-1]}：{value}》" if value else printed


def keywords_checked(values: list[str]) -> list[str]:
    found = []
    for value in values:
        key = keyword_key(value)
        if key is None:
            raise impossible(f"{value!r} is not a gcg keyword effect: expected {KEYWORDS_EXPECTED}", "13-1")
        found.append(key)
    return found


class Kind(enum.StrEnum):
    """The card types (2-3-2); energy cards are never named, only counted."""

    UNIT = "unit"  # 機體
    PILOT = "pilot"  # 駕駛員
    COMMAND = "command"  # 指令
    BASE = "base"  # 基地


class Timing(enum.StrEnum):
    """When a command may be used (3-4-5): 【主要】 in the main phase, 【瞬動】 in an action step."""

    MAIN = "main"
    ACTION = "action"


class GcgCard(Card):
    """A card as the board names it: a unit, pilot, command or base, and what it prints."""

    kind: Kind | None = Field(default=None, description="card type (2-3-2)")
    level: Small | None = Field(default=None, description="Lv. (2-9)")
    cost: Small | None = Field(default=None, description="cost (2-10)")
    ap: Small | None = Field(
        default=None, description="AP (2-7); a pilot's AP is the modifier it adds when boarded (3-3-8-1)"
    )
    hp: Small | None = Field(
        default=None, description="HP (2-8); a pilot's HP is the modifier it adds when boarded (3-3-8-1)"
    )
    damage: Small = Field(
        default=0, description="damage counters on it (5-5-1-1, 5-18); public, so 0 if left out"
    )
    traits: list[str] = Field(
        default_factory=list, description="its traits (2-5), which link conditions name"
    )
    link: list[str] = Field(
        default_factory=list, description="a unit's link condition (2-12): pilot names or traits"
    )
    timing: list[Timing] | None = Field(default=None, description="a command's 【主要】/【瞬動】 (3-4-5)")
    burst: Flag | None = Field(default=None, description="it has 【爆發】 (13-2-5): matters for a shield")
    token: Flag = Field(default=False, description="a token (替代卡, 5-17)")
    preset: Literal["ex_base"] | None = Field(
        default=None, description="ex_base: the EX base token, AP 0 and HP 3 as 5-17-3-1-1 prints"
    )
    pilot: GcgCard | None = Field(default=None, description="the pilot boarded under this unit (3-3)")

    @field_validator("keywords")
    @classmethod
    def _gcg_keywords(cls, values: list[str]) -> list[str]:
        return keywords_checked(values)

    @field_validator("grants")
    @classmethod
    def _gcg_grants(cls, grants: list[Grant]) -> list[Grant]:
        """A keyword a board says an effect gave (or took) is one of 13-1's, in its one spelling; a
        removal may name a valued keyword bare (``breach``: every instance)."""
        for grant in grants:
            if not (grant.removed and grant.keyword in VALUED):
                grant.keyword = keywords_checked([grant.keyword])[0]
        return grants

    @model_validator(mode="before")
    @classmethod
    def _ex_base(cls, data: Any) -> Any:
        if data == "ex_base":
            data = {"preset": "ex_base"}
        if not isinstance(data, dict) or data.get("preset") != "ex_base":
            return data
        printed = {"kind": "base", "ap": EX_BASE_AP, "hp": EX_BASE_HP, "token": True}
        typed = [key for key, value in printed.items() if key in data and data[key] != value]
        typed += [
            key for key in ("level", "cost") if data.get(key) not in (None, 0)
        ]  # a token's are 0 (5-17-2-4)
        if typed:
            raise impossible(
                f"the EX base's values are the book's ({', '.join(typed)} given otherwise): "
                f"AP {EX_BASE_AP} and HP {EX_BASE_HP}, a base token",
                "5-17-3-1-1",
            )
        return {"name": EX_BASE, **data, **printed}


class GcgZone(Zone[GcgCard]):
    """A zone of gcg cards: every card a player has comes from a deck of exactly 50 (6-1-1)."""

    unnamed: GcgCards | None = Field(default=None, description="more cards nobody named; left out: not known")


class BaseSection(GcgZone):
    """The base section of the shield area (4-6-3): at most one base, face up.

    Written ``base: ex_base`` (the EX base token), ``base: {name: …, ap: …, hp: …}``,
    ``base: none`` (no base), or left out (not known).
    """

    @model_validator(mode="wrap")
    @classmethod
    def _shorthand(cls, data: Any, handler: ModelWrapValidatorHandler[Any]) -> Any:
        """``none`` is an empty section; ``ex_base`` or one base's mapping is that base."""
        if data == "none":
            data = []
        elif data == "ex_base" or (isinstance(data, dict) and ("name" in data or "preset" in data)):
            return rooted(handler, {"cards": [data], "unnamed": 0}, "cards", 0)
        return super()._shorthand(data, handler)  # type: ignore[operator]  # a classmethod at run time

    @field_validator("cards")
    @classmethod
    def _one_base(cls, cards: list[GcgCard]) -> list[GcgCard]:
        if len(cards) > 1:
            raise impossible("a base section holds at most 1 base", "4-6-3")
        return cards

    @field_validator("unnamed")
    @classmethod
    def _bases_are_named(cls, unnamed: int | None) -> int | None:
        if unnamed:
            raise impossible("a base is face up (4-6-3): name it", "4-6-3")
        return unnamed

    @property
    def base(self) -> GcgCard | None:
        return self.cards[0] if self.cards else None


class BattleArea(GcgZone):
    """The battle area (4-5): public, so every unit on it is named, at most 6 (4-5-4)."""

    unnamed: GcgCards | None = Field(default=0, description="always 0: units on the field are named")
    public = ("units in the battle area are public (4-5-5): name each", "4-5-5")

    @field_validator("cards")
    @classmethod
    def _six(cls, cards: list[GcgCard]) -> list[GcgCard]:
        if len(cards) > 6:
            raise impossible("a battle area holds at most 6 units", "4-5-4")
        return cards


class EnergyArea(Zone[GcgCard]):
    """The energy area (4-4): how many energy cards, how many of them rested, and EX energy.

    Written ``energy: 4`` (four energy, which of them rested not known) or
    ``energy: {active: 3, rested: 1, ex: 1}``.  ``total`` counts EX energy,
    as the player's Lv. does (2-9-4).
    """

    unnamed: GcgEnergy | None = Field(default=None, description="energy cards (EX energy not counted)")
    active: GcgEnergy | None = Field(
        default=None, exclude=True, description="active energy cards (with rested, instead of a count)"
    )
    rested: GcgEnergy | None = Field(default=None, description="how many energy cards are rested")
    ex: GcgExEnergy = Field(default=0, description="EX energy tokens (5-17-3-2), active")

    @field_validator("cards")
    @classmethod
    def _counted(cls, cards: list[GcgCard]) -> list[GcgCard]:
        if cards:
            raise impossible("energy is counted, not named: give active, rested and ex", "4-4-1")
        return cards

    @model_validator(mode="after")
    def _fits(self) -> EnergyArea:
        if self.active is not None:  # given as active and rested: counted into the energy cards
            if self.unnamed is not None:
                raise impossible("give active and rested, or a count of energy, not both", "4-4-1")
            self.rested = self.rested or 0
            self.unnamed, self.active = self.active + self.rested, None
        if self.unnamed is not None and self.rested is not None and self.rested > self.unnamed:
            raise impossible("more energy rested than there is", "4-4-1")
        if (self.unnamed or 0) + self.ex > 15:
            raise impossible("an energy area holds at most 15 energy", "4-4-2")
        return self

    @property
    def total(self) -> int | None:
        return None if self.unnamed is None else self.unnamed + self.ex

    @property
    def payable(self) -> int | None:
        """Energy that can pay (2-10-1): the active energy cards and every EX energy."""
        if self.unnamed is None or self.rested is None:
            return None
        return self.unnamed - self.rested + self.ex


class GcgPlayer(PlayerState):
    """One player's zones (4-1-1); a zone left out is not known, except the public battle area."""

    deck: GcgZone = Field(default_factory=GcgZone, description="卡組區, the top card first")
    hand: GcgZone = Field(default_factory=GcgZone, description="手牌")
    energy_deck: GcgZone = Field(default_factory=GcgZone, description="能源卡組區")
    energy: EnergyArea = Field(default_factory=EnergyArea, description="能源區")
    battle: BattleArea = Field(default_factory=BattleArea, description="戰鬥區: every unit, named")
    base: BaseSection = Field(default_factory=BaseSection, description="基地放置處: ex_base, a base, or none")
    shields: GcgZone = Field(default_factory=GcgZone, description="護盾放置處, the top shield first")
    trash: GcgZone = Field(default_factory=GcgZone, description="廢棄區")
    removed: GcgZone = Field(default_factory=GcgZone, description="除外區")

    def unit(self, name: str) -> GcgCard | None:
        return self.battle.find(name)


GcgPhase = Literal["start", "draw", "energy", "main", "end"]
GcgStep = Literal["active", "start", "action", "end", "hand", "cleanup"]
BattleStep = Literal["attack", "block", "action", "damage", "end"]


class Battle(Mutable):
    """The battle in progress (8-1): who attacks whom, and which step it has reached."""

    attacker: str = Field(description="the attacking unit")
    target: str | None = Field(default=None, description="the unit attacked; null: the opposing player")
    declared: str | None = Field(default=None, description="the target as declared, before any block")
    blocker: str | None = Field(default=None, description="the unit that blocked (8-3-1)")
    step: BattleStep = "attack"
    passes: Many = Field(default=0, description="consecutive passes in the action step (9-5)")


class GcgState(GameState):
    """The table at the start of a phase or step (7-1-1)."""

    phase: GcgPhase = Field(
        default="main",
        description="the phase the snapshot starts at (7-1-1); left out, the main phase, where cards are "
        "used and units attack (7-5-1)",
    )
    step: GcgStep | None = Field(
        default=None,
        description="start phase: active or start; end phase: action, end, hand or cleanup",
    )
    players: Sides[GcgPlayer] = Field(default_factory=lambda: Sides[GcgPlayer].model_validate({}))
    energy_placed: Flag | None = Field(
        default=None, description="the turn player placed energy this turn (7-4-1)"
    )
    battle: Battle | None = Field(default=None, description="the battle in progress, if any")

    @model_validator(mode="after")
    def _presets_named(self) -> GcgState:
        """Each player's EX base is its own card: ``EX基地(A)``, ``EX基地(B)``."""
        for player in PLAYERS:
            for card in self.players[player].base.cards:
                if card.preset == "ex_base" and card.name == EX_BASE:
                    card.name = f"{EX_BASE}({player})"
        return self

    def side(self, player: Player) -> GcgPlayer:
        found: GcgPlayer = self.players[player]
        return found

    def owner(self, name: str) -> Player | None:
        """Whose card this is: the player whose zone (or unit) holds it."""
        for player in PLAYERS:
            for zone in self.side(player).zones().values():
                for card in zone.cards:
                    if card.name == name or (card.pilot is not None and card.pilot.name == name):
                        return player
        return None

    def unit(self, name: str) -> tuple[Player, GcgCard] | None:
        """A unit in a battle area, and whose it is."""
        for player in PLAYERS:
            found = self.side(player).unit(name)
            if found is not None:
                return player, found
        return None
