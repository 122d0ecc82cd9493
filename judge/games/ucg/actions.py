"""What players do in a ucg turn, in the book's words (ch. 5): set a scene, set a character,
level up, activate a [發動] effect; and what card effects do that the shared primitives cannot
say: set a scene (6.2.2), bring a character out (11.8), swap two characters' places (11.9).
Everything else a card does enters as a stated effect."""

from __future__ import annotations

from pydantic import Field

from judge.action import Action
from judge.bounds import Flag, SmallPositive
from judge.games.ucg.state import Character, Scene, UcgCard
from judge.players import Player


class SetScene(Action):
    """「場景牌設置」: a scene card from the hand to the scene area (5.4, 6.1–6.3)."""

    verb = "set_scene"
    player: Player
    card: Scene
    by_effect: Flag = Field(
        default=False, description="set by a card effect rather than in the scene phase (6.2.2)"
    )
    draw: Flag | None = Field(default=None, description="whether the player takes the draw 6.2.1 allows")

    def introduces(self) -> list[str]:
        return [self.card.name]


class SetCharacter(Action):
    """「角色牌設置」: a character card from the hand, face down, to a battle area (5.5); or, by a card
    effect, 「登場」 face up in an empty slot, where its 《當本角色登場時》 applies at once (11.8)."""

    verb = "set_character"
    player: Player
    card: Character
    area: SmallPositive | None = Field(
        default=None,
        description="an empty slot to fill (12.4.3), by area number from 1; else a new battle area",
    )
    by_effect: Flag = Field(
        default=False,
        description="brought out (登場) by a card effect where the effect says, not set in the character phase (11.8)",
    )

    def introduces(self) -> list[str]:
        return [self.card.name]


class Swap(Action):
    """「交換位置」: a card effect swaps the areas of two of one player's characters (11.9)."""

    verb = "swap"
    cards: list[str] = Field(
        min_length=2,
        max_length=2,
        description="the two characters (their top cards) whose places are swapped",
    )

    def names(self) -> list[str]:
        return list(self.cards)


class LevelUp(Action):
    """「升級」: a card from the hand stacked on a character of the same name, one level higher (5.6)."""

    verb = "level_up"
    player: Player
    character: str = Field(min_length=1, description="the character's top card")
    card: UcgCard

    def names(self) -> list[str]:
        return [self.character]

    def introduces(self) -> list[str]:
        return [self.card.name]


class Activate(Action):
    """「[發動]」: a player pays the cost of a character's (or their scene's) [發動] effect to use it
    (9.4, 5.8, 6.3.3)."""

    verb = "activate"
    player: Player
    card: str = Field(
        min_length=1, description="the character (its top card) or the scene whose [發動] effect it is"
    )
    limit: SmallPositive | None = Field(
        default=None, description="the uses a turn it prints: [發動] (每回合○次)"
    )
    paid: Flag | None = Field(default=None, description="whether its whole cost was paid (9.4.4)")

    def names(self) -> list[str]:
        return [self.card]
