"""The zd table (ch. 2): each player's deck, life, hand, resources, battle area and rest area, the
turn and the battle in progress.

Every fact may be left out; ``None`` is "not known".  The battle area is
public, so a battle area left out is empty; every other zone left out is a
zone nothing is known about.  A character's LV is 1 plus its level
indicators (600.p5), its damage is what it took this turn (607.p2), and the
equipment it carries is written on it (``equipment: {name: 金箍棒,
attack_bonus: 2000}``, 319).

>>> side = ZdPlayer.model_validate({"battle": [{"name": "路飞", "attack": 3000, "defence": 3000}]})
>>> side.battle.cards[0].level, side.deck.total
(1, None)
"""

from __future__ import annotations

import enum

from pydantic import Field, field_validator

from corpus.search.folding import fold
from judge.board import impossible
from judge.bounds import Flag, Small, Stat, StatChange, ZdCards
from judge.players import Player
from judge.state import Card, GameState, Mutable, PlayerState, Sides, Zone

#: keyword effects of ch. 900 the battle reads, and effects it reads as if they were keywords: 不能被防御
#: (502.p1) and 可以攻击多张角色牌 (507.p2, which lets an attack name several characters)
SEVERAL = "可以攻击多张角色牌"
#: the attack target that is the defending player's life zone (501.p2)
LIFE = "life"
KEYWORDS = (
    "突袭",
    "守备",
    "迟缓",
    "远程",
    "先制",
    "贯通",
    "会心一击",
    "神速",
    "坚韧",
    "独行客",
    "不能被防御",
    SEVERAL,
)


def keyword(written: str) -> str | None:
    """The keyword as the book writes it, from either script (遠程 is 远程); None for one the engine
    does not read."""
    found = fold(written)
    return found if found in KEYWORDS else None


def unknown_keyword(value: str) -> str:
    return f"{value!r} is not a keyword the engine reads: expected one of {', '.join(KEYWORDS)}"


class Kind(enum.StrEnum):
    """The card types (302)."""

    CHARACTER = "character"  # 角色牌
    EQUIPMENT = "equipment"  # 装备牌
    TACTIC = "tactic"  # 战术牌
    EVENT = "event"  # 事件牌


#: the card types as the book names them (302), read from either script
KIND_NAMES = {"角色牌": Kind.CHARACTER, "装备牌": Kind.EQUIPMENT, "战术牌": Kind.TACTIC, "事件牌": Kind.EVENT}


class ZdCard(Card):
    """A card as the board names it, and what it prints."""

    kind: Kind | None = Field(default=None, description="card type (302)")
    character_names: list[str] | None = Field(
        default=None, description="its 角色名 (305); [] for none; left out: not known"
    )
    same_as: str | None = Field(
        default=None, description="the card it is the same card as (327: the same text), for 次元升级"
    )
    cost: Stat | None = Field(default=None, description="total cost (303)")
    attack: Stat | None = Field(default=None, description="printed （攻） (308)")
    defence: Stat | None = Field(default=None, description="printed （防） (309)")
    attack_bonus: StatChange | None = Field(default=None, description="an equipment's 攻击加成 (310)")
    defence_bonus: StatChange | None = Field(default=None, description="an equipment's 防御加成 (310)")
    damage: Stat = Field(default=0, description="damage it took this turn (607.p2); public, so 0 if left out")
    level: Small = Field(default=1, description="LV: 1 plus its level indicators (600.p5)")
    instant: Flag = Field(default=False, description="a tactic's 瞬间战术 (311)")
    counter: Flag = Field(default=False, description="a life card's 反击特效 (312)")
    face_up: Flag | None = Field(
        default=None, description="a resource: face up (keeps colour and name, 204.p3)"
    )
    negated: Flag = Field(default=False, description="an effect made its effects void (319.p8)")
    equipment: ZdCard | None = Field(default=None, description="the equipment it carries (319)")

    def has(self, keyword: str) -> bool:
        """A card whose effects are void has none of its keyword effects, printed or given (708.p1,
        708.p2)."""
        return not self.negated and super().has(keyword)

    @field_validator("kind", mode="before")
    @classmethod
    def _book_kind(cls, value: object) -> object:
        """角色牌 (or 角色牌 in the other script) is ``character``: the book's own word for the type."""
        return KIND_NAMES.get(fold(value), value) if isinstance(value, str) else value

    @field_validator("level")
    @classmethod
    def _lv1(cls, level: int) -> int:
        if level < 1:
            raise impossible("a character is LV1 once it enters, and higher with level indicators", "600.p5")
        return level

    @field_validator("keywords")
    @classmethod
    def _zd_keywords(cls, values: list[str]) -> list[str]:
        found = [keyword(value) for value in values]
        for value, read in zip(values, found, strict=True):
            if read is None:
                raise impossible(unknown_keyword(value))
        return [read for read in found if read is not None]


class ZdZone(Zone[ZdCard]):
    """A zone of zd cards: every card a player has comes from a deck of exactly 50 (100.p2)."""

    unnamed: ZdCards | None = Field(default=None, description="more cards nobody named; left out: not known")


class BattleArea(ZdZone):
    """The battle area (205): public, so every card on it is named."""

    unnamed: ZdCards | None = Field(default=0, description="always 0: cards on the field are named")
    public = ("cards in the battle area are public: name each", "205.p1")


class ZdPlayer(PlayerState):
    deck: ZdZone = Field(default_factory=ZdZone, description="牌组区 (201)")
    life: ZdZone = Field(default_factory=ZdZone, description="生命区 (202), top card first")
    hand: ZdZone = Field(default_factory=ZdZone, description="手牌 (203)")
    resources: ZdZone = Field(default_factory=ZdZone, description="资源区 (204)")
    battle: BattleArea = Field(default_factory=BattleArea, description="战斗区 (205)")
    rest: ZdZone = Field(default_factory=ZdZone, description="休息区 (207)")
    removed: ZdZone = Field(default_factory=ZdZone, description="移出游戏 (208)")


class Battle(Mutable):
    """The battle in progress (ch. 5): who attacks what, who defends in whose place, and how far it
    has come.  A character that can attack several attacks X of them at once (507.p3): each
    character declared as a defender takes the place of one of them."""

    attacker: str
    targets: list[str] = Field(
        min_length=1, description='["life"], or the attacked characters (several: 507)'
    )
    defenders: dict[str, str] = Field(
        default_factory=dict,
        description="each attack target a defender took the place of, and that defender (503.p1, 507.p3)",
    )
    step: str = Field(default="defence", description="defence, battle, damage or end")

    def opponents(self) -> list[str]:
        """The characters the attacker battles once the defence is over: each target's defender, or
        the attacked character itself, defending alone (503.p2); none for a life zone nobody defends."""
        return [self.defenders.get(t, t) for t in self.targets if t != LIFE or t in self.defenders]

    def declared(self, name: str) -> bool:
        """Whether ``name`` declared defence (rather than defending alone as an attacked character)."""
        return name in self.defenders.values()


class ZdState(GameState):
    """The table at the start of a phase or step (400: start — reset, start, draw, resource —,
    action, end — end, cleanup, discard)."""

    players: Sides[ZdPlayer] = Field(default_factory=lambda: Sides[ZdPlayer].model_validate({}))
    battle: Battle | None = Field(default=None, description="the battle in progress")
    resource_placed: Flag = Field(default=False, description="a resource was placed this turn (204.p2)")
    levelled_up: Flag = Field(default=False, description="the turn player levelled up this turn (600.p1)")

    def side(self, player: Player) -> ZdPlayer:
        found: ZdPlayer = self.players[player]
        return found

    def owner(self, name: str) -> Player | None:
        """Whose battle area holds the card (an equipment: its character's)."""
        for player in Player:
            for card in self.side(player).battle.cards:
                if name in (card.name, card.equipment.name if card.equipment else None):
                    return player
        return None

    def character(self, name: str) -> ZdCard | None:
        for player in Player:
            found = self.side(player).battle.find(name)
            if found is not None:
                return found
        return None
