"""The uhb table (ch. 3): each player's deck, hand, field, damage zone, rest area and energy zone,
the turn, the battle in progress and, in a match, how the previous game ended.

Every fact may be left out; ``None`` is "not known".  A zone is written as a
count (``deck: 20``), a list of named cards, or both (``{cards: [X], unnamed:
3}``).  The field (配置区) holds at most 5 cards (3.2.1); every card on it is
named, face up or face down (暗盖).

>>> side = UhbPlayer.model_validate({"deck": 20, "field": [{"name": "X", "power": 5000}]})
>>> side.deck.total, side.field.cards[0].face_up
(20, True)
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from judge.board import impossible
from judge.bounds import Flag, Small, SmallPositive, Stat, UhbCards
from judge.players import PLAYERS, Player
from judge.state import Card, GameState, Mutable, PlayerState, Sides, Zone

#: the field's spaces (3.2.1: 「配置区有 5 个空格，可以放置 5 张牌」)
FIELD_SPACES = 5
#: the usual hand limit (3.6.2)
HAND_LIMIT = 10
#: a damage zone of this many cards loses (1.3.2a)
DAMAGE_LIMIT = 5


class UhbCard(Card):
    """A character card (2.0.0): its power, support power, weakened power and form-change mark."""

    power: Stat | None = Field(default=None, description="战力 (2.0.6)")
    support_power: Stat | None = Field(default=None, description="支援战力 (2.0.6)")
    weakened_power: Stat | None = Field(
        default=None, description="衰弱战力, printed in red (2.0.6a); left out: the card has none"
    )
    weakened: Flag = Field(default=False, description="in weakened state (5.11); full state otherwise")
    face_up: Flag = Field(default=True, description="正面 (true) or 暗盖, face down (false)")
    change_mark: str | None = Field(
        default=None, description="the keyword its form-change mark names (2.0.8, 5.10.2b)"
    )

    @model_validator(mode="after")
    def _weakened_needs_a_weakened_power(self) -> UhbCard:
        if self.weakened and self.weakened_power is None:
            raise impossible("only a card with a weakened power can be in weakened state", "5.11.3a")
        return self


class UhbZone(Zone[UhbCard]):
    """A zone of uhb cards: every card a player has comes from a deck of 40 (1.0.2)."""

    unnamed: UhbCards | None = Field(default=None, description="more cards nobody named; left out: not known")


class FieldZone(UhbZone):
    """配置区 (3.2): public face-up cards and the player's own face-down ones, each named, at most 5."""

    unnamed: UhbCards | None = Field(default=0, description="always 0: every card on the field is named")
    public = ("name every card on the field (face down ones too: face_up: false)", "3.2.1")

    @field_validator("cards")
    @classmethod
    def _five_spaces(cls, cards: list[UhbCard]) -> list[UhbCard]:
        if len(cards) > FIELD_SPACES:
            raise impossible(f"a field has {FIELD_SPACES} spaces", "3.2.1")
        return cards


class UhbPlayer(PlayerState):
    """One player's zones (3.0.1); a zone left out is not known, except the field (named in full)."""

    deck: UhbZone = Field(default_factory=UhbZone, description="牌库区, the top card first")
    hand: UhbZone = Field(default_factory=UhbZone, description="手牌")
    field: FieldZone = Field(default_factory=FieldZone, description="配置区 (战场), at most 5 cards")
    damage_zone: UhbZone = Field(default_factory=UhbZone, description="伤害区")
    rest_area: UhbZone = Field(default_factory=UhbZone, description="休息区")
    energy: UhbZone = Field(default_factory=UhbZone, description="能量区")
    hand_limit: UhbCards = Field(
        default=HAND_LIMIT, description="手牌上限: 10 unless a card effect changes it (3.6.2, 1.1.1)"
    )

    @field_validator("damage_zone")
    @classmethod
    def _not_lost(cls, zone: UhbZone) -> UhbZone:
        if zone.total is not None and zone.total >= DAMAGE_LIMIT:
            raise impossible(f"a player with {zone.total} cards in the damage zone has already lost", "3.3.2")
        return zone


class Battle(Mutable):
    """The battle in progress (4.2–4.4): the two main characters, the supports, the decisions stated."""

    attacker: str = Field(description="the turn player's main character (4.2.3)")
    defender: str = Field(description="the opponent's main character (4.2.3)")
    supports: dict[Player, list[UhbCard]] = Field(
        default_factory=dict, description="each player's support and extra supports, set aside (4.3.2)"
    )
    declared: list[Player] = Field(default_factory=list, description="who has decided on a support")
    winner: Player | None = None
    losers: list[Player] = Field(default_factory=list)
    promote: dict[Player, str] = Field(default_factory=dict, description="the support the winner promotes")
    weaken: dict[Player, Flag] = Field(default_factory=dict, description="the loser takes 5.11.1's option")


class PreviousGame(Mutable):
    """How the previous game of a match ended (1.2.2a): who lost, or a draw and who decided then."""

    loser: Player | None = Field(default=None, description="who lost the previous game")
    drawn: Flag = Field(default=False, description="the previous game was a draw (1.3.3)")
    decided_by: Player | None = Field(
        default=None, description="who decided the order of the previous game (needed after a draw)"
    )

    @model_validator(mode="after")
    def _one_ending(self) -> PreviousGame:
        if self.drawn == (self.loser is not None):
            raise ValueError("expected loser, or drawn: true (with decided_by)")
        return self


class Match(Mutable):
    """A game of a multi-game match (1.0.2a): its number, and how the previous one ended."""

    game: SmallPositive = Field(description="which game of the match (1: the first)")
    previous: PreviousGame | None = Field(default=None, description="how the previous game ended")

    @model_validator(mode="after")
    def _previous_given(self) -> Match:
        if self.game > 1 and self.previous is None:
            raise ValueError("expected previous: how the previous game ended (1.2.2a)")
        return self


UhbPhase = Literal["start", "form_change", "battle", "support", "settle", "end"]


class UhbState(GameState):
    """The table at the start of a phase (ch. 4): start, form_change, battle, support, settle, end."""

    phase: UhbPhase = Field(description="the phase the snapshot starts at (ch. 4)")
    players: Sides[UhbPlayer] = Field(default_factory=lambda: Sides[UhbPlayer].model_validate({}))
    form_changes: Small = Field(default=0, description="form changes made this turn (5.10.4)")
    battle: Battle | None = Field(default=None, description="the battle in progress (support, settle)")
    match: Match | None = Field(default=None, description="in a match: which game, and the previous one")

    def side(self, player: Player) -> UhbPlayer:
        found: UhbPlayer = self.players[player]
        return found

    def card(self, name: str) -> UhbCard | None:
        """The card of that name wherever it is (a zone, or set aside as a support): a direct walk
        over uhb's few places, where the framework's generic one walks every field of the state."""
        for player in PLAYERS:
            for zone in self.side(player).zones().values():
                found: UhbCard | None = zone.find(name)
                if found is not None:
                    return found
        if self.battle is not None:
            for cards in self.battle.supports.values():
                found = next((card for card in cards if card.name == name), None)
                if found is not None:
                    return found
        return None

    def where(self, name: str) -> tuple[Player, str] | None:
        """Whose zone holds this card, and which zone."""
        for player in PLAYERS:
            for zone_name, zone in self.side(player).zones().items():
                if zone.find(name) is not None:
                    return player, zone_name
        return None

    def owner(self, name: str) -> Player | None:
        found = self.where(name)
        if found is not None:
            return found[0]
        if self.battle is not None:
            return next(
                (p for p, cards in self.battle.supports.items() if any(c.name == name for c in cards)), None
            )
        return None
