"""The bs table: each player's deck, hand, field, trash, burst area and cores (life, reserve, trash),
the turn, and the battle in progress.

Cores are counted, never named: ``life``, ``reserve`` and ``trash_cores`` are
counts, and a card on the field counts its own ``cores``.  Every fact may be
left out (``None`` is "not known"); the field is public and shows every card
on it, so a field left out is empty.  A brave (合體卡) united with a spirit
stays on the field as its own card, and the spirit names it in ``union``
(an 異魔神 brave may be named by two spirits, 合體卡 › 異魔神合體卡).

>>> side = BsPlayer.model_validate({"field": [{"name": "X", "levels": [{"lv": 1, "cores": 1, "bp": 3000}], "cores": 1}]})
>>> side.field.cards[0].levels[0].bp, side.life
(3000, None)
"""

from __future__ import annotations

import enum
from itertools import pairwise
from typing import Literal

from pydantic import Field, field_validator

from judge.board import impossible
from judge.bounds import Flag, Many, Small, SmallPositive, Stat
from judge.games.bs.reduction import Reduction, Symbol
from judge.games.bs.rules import WIN
from judge.players import PLAYERS, Player
from judge.state import Card, GameState, Mutable, PlayerState, Sides, Zone


class Kind(enum.StrEnum):
    """The card types of 前言 › 卡牌種類 the engine tells apart."""

    SPIRIT = "spirit"  # 靈魂卡
    ULTIMATE = "ultimate"  # 終極靈魂卡
    BRAVE = "brave"  # 合體卡
    NEXUS = "nexus"  # 核心卡
    MAGIC = "magic"  # 魔法卡


class Level(Mutable):
    """One printed Lv: the cores it needs and the BP it gives."""

    lv: SmallPositive
    cores: Many = Field(description="cores needed for this Lv")
    bp: Stat | None = Field(default=None, description="its BP (a nexus has none)")


class BsCard(Card):
    """A card as the board names it, with what it prints and what lies on it."""

    kind: Kind | None = Field(default=None, description="card type: spirit, ultimate, brave, nexus, magic")
    levels: list[Level] = Field(default_factory=list, description="the printed Lvs, lowest first")
    cores: Many | None = Field(default=None, description="cores on it (on the field)")
    symbols: list[Symbol] | None = Field(
        default=None, description="its symbols, each red, … or god+red; unknown if left out"
    )
    cost: Small | None = Field(default=None, description="its cost (①費用)")
    reduction: dict[Reduction, SmallPositive] = Field(
        default_factory=dict, description="reduction symbols by colour (any = 6 色)"
    )
    bp_plus: Stat | None = Field(default=None, description="a brave's union value (合體數值 BP+)")
    union: str | None = Field(default=None, description="the brave united with this spirit (合體)")
    ima: Flag = Field(default=False, description="an 異魔神 brave: unites with up to 2 spirits")
    heavy: Flag = Field(default=False, description="heavily exhausted (重疲勞): it is rested too")
    burst: Flag | None = Field(default=None, description="it has a burst effect (爆烈); unknown if left out")
    burst_when: str | None = Field(
        default=None, description="its burst condition, an event (life_reduced, destroyed …)"
    )
    contract: Flag = Field(default=False, description="a contract card (契約卡)")
    soul: Flag = Field(default=False, description="in soul state (魂狀態) on the field")

    @field_validator("levels")
    @classmethod
    def _rising(cls, levels: list[Level]) -> list[Level]:
        for lower, higher in pairwise(levels):
            if higher.lv <= lower.lv or higher.cores <= lower.cores:
                raise ValueError(
                    "expected Lvs listed lowest first, each needing more cores than the one before"
                )
        return levels

    @property
    def fights(self) -> bool:
        """A spirit or ultimate that may attack or block (a brave in spirit state counts; an 異魔神 does not)."""
        return self.kind in (Kind.SPIRIT, Kind.ULTIMATE, Kind.BRAVE, None) and not self.soul

    @property
    def lowest(self) -> int:
        """The lowest Lv it keeps: an ultimate's Lv3, else Lv1."""
        return 3 if self.kind is Kind.ULTIMATE else 1


class BsZone(Zone[BsCard]):
    """A zone of bs cards."""


class BsPlayer(PlayerState):
    """One player's zones; a zone left out is not known, except the public field."""

    deck: BsZone = Field(default_factory=BsZone, description="牌組, the top card first")
    hand: BsZone = Field(default_factory=BsZone, description="手牌")
    field: BsZone = Field(default_factory=lambda: BsZone(unnamed=0), description="場地: every card, named")
    trash: BsZone = Field(default_factory=BsZone, description="廢棄區 (cards)")
    burst: BsZone = Field(default_factory=lambda: BsZone(unnamed=0), description="爆烈區: the set burst")
    life: Many | None = Field(default=None, description="cores in life (生命值)")
    reserve: Many | None = Field(default=None, description="cores in the reserve (預備區)")
    trash_cores: Many | None = Field(default=None, description="cores in the trash (廢棄區)")

    @field_validator("life")
    @classmethod
    def _still_playing(cls, life: int | None) -> int | None:
        if life == 0:
            raise impossible("a player whose life is 0 has already lost: the game is over", WIN)
        return life

    @field_validator("field", "burst", mode="before")
    @classmethod
    def _public(cls, value: object) -> object:
        """A public zone given as a list is complete; as a mapping, its unnamed count defaults to 0."""
        if isinstance(value, dict) and "unnamed" not in value:
            return {**value, "unnamed": 0}
        return value


BsPhase = Literal["setup", "start", "core", "draw", "refresh", "main", "attack", "end"]
BattleStep = Literal["flash1", "block", "flash2", "resolve", "end"]


class Battle(Mutable):
    """The battle in progress (攻擊階段的行動 › 戰鬥步驟): who attacks, who blocks, which step."""

    attacker: str | None = Field(
        description="the attacking spirit; null once it left with nothing in its place"
    )
    blocker: str | None = Field(default=None, description="the blocking spirit, while it is on the field")
    blocked: Flag = Field(default=False, description="a block was declared (it stands if the blocker leaves)")
    step: BattleStep = "flash1"
    priority: Player | None = Field(default=None, description="who may use a flash effect next")
    passes: Many = Field(default=0, description="passes in a row in this flash timing")


class BsState(GameState):
    """The table at the start of a step of the turn (回合流程: 7 steps), or at the game's setup."""

    phase: BsPhase = Field(description="setup, or the step the snapshot starts at (start … end)")
    players: Sides[BsPlayer] = Field(default_factory=lambda: Sides[BsPlayer].model_validate({}))
    battle: Battle | None = Field(default=None, description="the battle in progress, if any")
    burst_set: Flag | None = Field(default=None, description="the turn player set a burst this turn")

    def side(self, player: Player) -> BsPlayer:
        found: BsPlayer = self.players[player]
        return found

    def on_field(self, name: str) -> tuple[Player, BsCard] | None:
        """A card on a field, and whose it is."""
        for player in PLAYERS:
            found = self.side(player).field.find(name)
            if found is not None:
                return player, found
        return None

    def owner(self, name: str) -> Player | None:
        """Whose card this is: the player whose zone holds it."""
        for player in PLAYERS:
            if any(zone.find(name) for zone in self.side(player).zones().values()):
                return player
        return None
