"""Gundam Card Game (鋼彈卡牌對戰), comprehensive rules Ver.1.1.0, on the replay.

Steps are written in Traditional Chinese, the language of the rulebook.  A
ruling request is a timeline (:class:`~judge.games.gcg.engine.GcgTimeline`):
the table at the start of a phase or step, then what happens.  The named
questions are views onto it; ``deck`` stays a static check of a deck list.
Multiplayer (ch. 12) is out of scope: two players, A and B.
"""

from judge.games.gcg import decklist
from judge.games.gcg.engine import RULES, GcgTimeline
from judge.games.gcg.rules import CITE
from judge.registry import as_it_is, build
from judge.timeline import view

ENGINE = build(
    "gcg",
    CITE,
    [
        (
            "deck",
            "Whether a deck and energy deck are legal: 50 and 10 cards, 1-2 colours, at most 4 of a number.",
            decklist.DeckBoard,
            decklist.judge,
        ),
    ],
    rules=RULES,
    timeline_example="turn_whole.yaml",
    views=[
        (
            "attack",
            "One attack from the main phase to the battle's end: blocks, damage, 《先制攻擊》, 《突破》, 【爆發】, defeat.",
            view(
                GcgTimeline,
                "attack",
                "The table in the main phase (7-5), then the attack and what follows.",
                phase="main",
            ),
            as_it_is,
        ),
        (
            "deploy",
            "Deploying a unit or base: Lv. and cost, EX energy, the limits of 6 units and 1 base, link units.",
            view(
                GcgTimeline,
                "deploy",
                "The table in the main phase (7-5), then the card deployed.",
                phase="main",
            ),
            as_it_is,
        ),
        (
            "rule_processing",
            "Who loses when rule processing runs: battle damage with no shields, a deck of 0, destruction at 0 HP.",
            view(
                GcgTimeline,
                "rule_processing",
                "The table at any point: rule processing runs as it starts (ch. 11).",
            ),
            as_it_is,
        ),
        (
            "repair",
            "The end step: 《修復》 of the turn player's units, stacked values, how much damage is recovered.",
            view(
                GcgTimeline,
                "repair",
                "The table at the start of the end step (7-6-4), replayed to its end.",
                phase="end",
                step="end",
            ),
            as_it_is,
        ),
    ],
)
