"""Ultraman Card Game (超人力霸王卡牌遊戲), comprehensive rules Ver 1.6.

Steps are written in Traditional Chinese, the language of the rulebook.
"""

from judge.games.ucg import decklist, judgment, scene, setting, stacking
from judge.games.ucg.rules import CITE
from judge.registry import build

ENGINE = build(
    "ucg",
    CITE,
    [
        (
            "judgment",
            "The judgment phase over every battle area, the game result and the next first player.",
            judgment.JudgmentBoard,
            judgment.judge,
        ),
        (
            "level_up",
            "Whether stacking a card on a character is a legal level up, and the fix if not.",
            stacking.LevelUpBoard,
            stacking.judge,
        ),
        (
            "set_scene",
            "Whether a scene may be set or replace the current one, and the draw it gives.",
            scene.SceneBoard,
            scene.judge,
        ),
        (
            "set_character",
            "Whether each player can set a new character and fill every empty area, else who loses.",
            setting.SetCharacterBoard,
            setting.judge,
        ),
        (
            "deck",
            "Whether a deck list is legal: 50 cards, at most 4 of a card.",
            decklist.DeckBoard,
            decklist.judge,
        ),
    ],
)
