"""The ucg table (ch. 3): each player's deck, hand, discard pile and removed cards, the shared
scene area, and the battle areas where the two players' characters face each other.

A character on the field is a stack of one to four character cards (8.1.1)
with charge cards under it (11.17), named by its top card.  Every fact may be
left out; a battle area's side that is left out is an empty slot (12.4.1),
since the field is public and the board shows every card on it.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from judge.board import Path, impossible
from judge.bounds import UCG_DECK_SIZE, UCG_MOST_STACKED, Flag, SmallPositive, Stat, UcgCards
from judge.players import PLAYERS, Player
from judge.state import Card, GameState, Mutable, PlayerState, Sides, Zone


class Stack(enum.StrEnum):
    """How many character cards are stacked (8.1.1); charge cards do not count (11.17.2)."""

    SINGLE = "SINGLE"
    DOUBLE = "DOUBLE"
    TRIPLE = "TRIPLE"
    QUAD = "QUAD"

    @classmethod
    def of(cls, cards: int) -> Stack | None:
        return _STACKS[cards - 1] if 1 <= cards <= len(_STACKS) else None

    def shifted(self, levels: int) -> Stack | None:
        return Stack.of(_STACKS.index(self) + 1 + levels)


_STACKS = tuple(Stack)


class PrintedBP(Mutable):
    """The BP a card prints for each stack (2.3.7.2) and its EXTRA BP (2.3.7.3); a value left out
    is one the board does not give."""

    SINGLE: Stat | None = None
    DOUBLE: Stat | None = None
    TRIPLE: Stat | None = None
    QUAD: Stat | None = None
    EXTRA: Stat | None = None

    def at(self, stack: Stack) -> int | None:
        value: int | None = getattr(self, stack.value)
        return value


class UcgCard(Card):
    """A card as printed: a character card (2.3) or a scene card (2.4)."""

    kind: Literal["character", "scene"] | None = Field(
        default=None, description="character card or scene card"
    )
    character: str | None = Field(
        default=None, description="角色名稱/角色名, which levelling up matches (5.6.1)"
    )
    level: SmallPositive | None = Field(default=None, description="等級 (2.3.3)")
    team: list[str] | None = Field(default=None, description="the ○○ of each [TEAM][○○] it has (11.18)")
    bp: PrintedBP = Field(default_factory=PrintedBP, description="its printed BP (2.3.7)")
    single_bp: Flag | None = Field(default=None, description="whether it prints a SINGLE BP (11.15)")
    round: SmallPositive | None = Field(
        default=None, description="a scene's round icon: its lit dots (2.4.2)"
    )

    @field_validator("bp", mode="before")
    @classmethod
    def _bp_per_stack(cls, bp: Any) -> Any:
        if isinstance(bp, int) and not isinstance(bp, bool):
            raise impossible(
                "expected the BP printed for each stack, as {SINGLE: 3000, DOUBLE: 5000}; a plain number "
                "is read as the BP of a character's present stack only where its cards are given",
                "2.3.7.2",
            )
        return bp

    def has_single_bp(self) -> bool | None:
        """Whether it prints a SINGLE BP: said outright, or shown by the SINGLE value given."""
        return True if self.bp.SINGLE is not None else self.single_bp


class Character(UcgCard):
    """A character in a battle area, named by its top card."""

    cards: UcgCards | None = Field(
        default=None, ge=1, description="character cards stacked, the top one included (charges excluded)"
    )
    under: list[UcgCard] = Field(
        default_factory=list, description="named cards under the top one, the bottom first"
    )
    charges: UcgCards | None = Field(default=None, description="charge cards under it (11.17)")
    face_down: Flag | None = Field(
        default=None, description="set face down and not yet opened (5.5.3.1, 5.7.1)"
    )
    extra: Flag | None = Field(default=None, description="the condition of its EXTRA BP is met (8.1.2)")

    @model_validator(mode="before")
    @classmethod
    def _bp_of_its_stack(cls, data: Any) -> Any:
        """``bp: 3000`` with ``cards: 1`` is the BP printed for the stack it is in (8.1.1)."""
        if not isinstance(data, dict):
            return data
        bp, cards = data.get("bp"), data.get("cards")
        if isinstance(bp, int) and not isinstance(bp, bool) and isinstance(cards, int):
            stack = Stack.of(cards)
            if stack is not None:
                return {**data, "bp": {stack.value: bp}}
        return data

    @field_validator("cards")
    @classmethod
    def _at_most_four(cls, cards: int | None) -> int | None:
        if cards is not None and Stack.of(cards) is None:
            raise impossible(
                f"a character of {cards} stacked cards is impossible: BP is defined for "
                "one to four cards (SINGLE, DOUBLE, TRIPLE, QUAD)",
                "8.1.1",
            )
        return cards

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        if self.cards is not None and len(self.under) >= self.cards:
            yield ("under",), f"{len(self.under)} cards under a stack of {self.cards}", ("8.1.1",)
        if len(self.under) >= UCG_MOST_STACKED:
            yield ("under",), f"{len(self.under)} cards under the top one: at most three", ("8.1.1",)

    @property
    def stack(self) -> Stack | None:
        return None if self.cards is None else Stack.of(self.cards)

    def topped_by(self, top: UcgCard, cards: int, under: list[UcgCard]) -> Character:
        """This character with ``top`` as its top card, ``cards`` stacked and ``under`` beneath it:
        what the character carries (its charges, state, the turn it entered, its lasting effects)
        stays with it when a level up covers its top card or an effect takes that card away."""
        return Character.model_validate(
            {
                **top.model_dump(),
                "cards": cards,
                "under": [card.model_dump() for card in under],
                "charges": self.charges,
                "status": self.status,
                "entered_turn": self.entered_turn,
                "face_down": self.face_down,
                "modifiers": [m.model_dump() for m in self.modifiers],
                "grants": [g.model_dump() for g in self.grants],
            }
        )


class Area(Mutable):
    """One battle area (3.6): each player's character, or an empty slot (12.4.1)."""

    A: Character | None = None
    B: Character | None = None

    def side(self, player: Player) -> Character | None:
        return self.A if player is Player.A else self.B

    def put(self, player: Player, character: Character | None) -> None:
        setattr(self, player.value, character)


class Scene(UcgCard):
    """The scene in the scene area (6.1.3), and whose it is (6.3.3)."""

    owner: Player | None = Field(default=None, description="who set it: its effect is theirs (6.3.3)")


class UcgZone(Zone[UcgCard]):
    """A zone of ucg cards: every card a player has comes from a deck of exactly 50 (4.1.1)."""

    unnamed: UcgCards | None = Field(default=None, description="more cards nobody named; left out: not known")


class UcgPlayer(PlayerState):
    """A player's own zones (3.1.2); a zone left out is one nothing is known about."""

    deck: UcgZone = Field(default_factory=UcgZone, description="牌組, the top card first")
    hand: UcgZone = Field(default_factory=UcgZone, description="手牌")
    discard: UcgZone = Field(default_factory=UcgZone, description="棄牌區, the top card first")
    removed: UcgZone = Field(default_factory=UcgZone, description="removed from the game (3.8)")


UcgPhase = Literal["start", "draw", "scene", "character", "level_up", "open", "effect", "judgment", "end"]
#: the phases split into the first player's step and the second player's (5.5.1, 5.6.1, 5.7.1, 5.8.1)
STEPPED = frozenset({"character", "level_up", "open", "effect"})


class UcgState(GameState):
    """The table at the start of a phase (or of a step: ``first`` or ``second``, the first
    player's or the second player's)."""

    phase: UcgPhase = Field(description="the phase the snapshot starts at (5.1.2)")
    step: Literal["first", "second"] | None = Field(default=None, description="first or second player's step")
    turn_player: Player | None = Field(default=None, description="this turn's first player (先攻方, 5.2.1)")
    players: Sides[UcgPlayer] = Field(default_factory=lambda: Sides[UcgPlayer].model_validate({}))
    #: each battle area was opened with one of the 50 cards of each player's deck (4.1.1)
    areas: list[Area] = Field(
        default_factory=list,
        max_length=UCG_DECK_SIZE,
        description="battle areas, the oldest first (the last is the newest)",
    )
    scene: Scene | None = Field(default=None, description="the scene in the scene area, if any")
    scene_set: Flag | None = Field(default=None, description="a scene was already set this turn (5.4.2)")
    leveled: list[str] = Field(
        default_factory=list, description="characters already levelled up in this phase (5.6.2.3)"
    )
    placed: list[str] = Field(default_factory=list, description="characters set in this phase so far (5.5)")
    next_first_player: Player | None = Field(
        default=None, description="decided by this turn's judgment (5.9.6)"
    )

    @model_validator(mode="before")
    @classmethod
    def _phase_start(cls, data: Any) -> Any:
        """A phase with steps, its step not given, is taken at its start: the first player's step."""
        phase = data.get("phase") if isinstance(data, dict) else None
        if isinstance(phase, str) and phase in STEPPED and data.get("step") is None:
            return {**data, "step": "first"}
        return data

    def characters(self) -> Iterator[tuple[int, Player, Character]]:
        """Every character on the field: (area number from 1, player, character)."""
        for number, area in enumerate(self.areas, start=1):
            for player in PLAYERS:
                character = area.side(player)
                if character is not None:
                    yield number, player, character

    def locate(self, name: str) -> tuple[int, Player, Character] | None:
        """The character whose stack holds the card ``name`` (its top card, or one under it)."""
        for number, player, character in self.characters():
            if character.name == name or name in (card.name for card in character.under):
                return number, player, character
        return None
