"""Ultraman Card Game (超人力霸王卡牌遊戲), comprehensive rules Ver 1.6, on the replay.

Steps are written in Traditional Chinese, the language of the rulebook.  A
ruling request is a timeline (:class:`~judge.games.ucg.engine.UcgTimeline`);
the named questions are views onto it, each a snapshot at the start of a
phase replayed to its end, except ``deck``, a static check of a deck list.
"""

from judge.games.ucg import decklist
from judge.games.ucg.engine import RULES, UcgTimeline
from judge.games.ucg.rules import CITE
from judge.registry import as_it_is, build
from judge.timeline import Until, view

ENGINE = build(
    "ucg",
    CITE,
    [
        (
            "deck",
            "Whether a deck list is legal: 50 cards, at most 4 of a card.",
            decklist.DeckBoard,
            decklist.judge,
        ),
    ],
    rules=RULES,
    timeline_example="turn_whole.yaml",
    views=[
        (
            "judgment",
            "The judgment phase over every battle area: placement, the game result, the next first player.",
            view(
                UcgTimeline,
                "judgment",
                "The table at the start of the judgment phase (5.9), replayed to its end.",
                phase="judgment",
                until=Until.END_OF_PHASE,
            ),
            as_it_is,
        ),
        (
            "level_up",
            "The level-up phase: whether each level up is legal, and the stacks it makes.",
            view(
                UcgTimeline,
                "level_up",
                "The table at the start of the level-up phase (5.6), replayed to its end.",
                phase="level_up",
                step="first",
                until=Until.END_OF_PHASE,
            ),
            as_it_is,
        ),
        (
            "set_scene",
            "The scene phase: whether a scene may be set or replace the current one, and its draw.",
            view(
                UcgTimeline,
                "scene",
                "The table at the start of the scene phase (5.4), replayed to its end.",
                phase="scene",
                until=Until.END_OF_PHASE,
            ),
            as_it_is,
        ),
        (
            "set_character",
            "The character phase: each player sets a character and fills empty areas, else loses.",
            view(
                UcgTimeline,
                "character",
                "The table at the start of the character phase (5.5), replayed to its end.",
                phase="character",
                step="first",
                until=Until.END_OF_PHASE,
            ),
            as_it_is,
        ),
    ],
)
