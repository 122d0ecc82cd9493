"""Gundam Card Game (鋼彈卡牌對戰), comprehensive rules Ver.1.1.0.

Steps are written in Traditional Chinese, the language of the rulebook.
Values on cards are whole numbers and a negative result counts as 0
(1-3-6), wherever the engine computes one (:mod:`judge.games.gcg.cards`).
"""

from judge.games.gcg import attack, decklist, defeat, deploy, repair
from judge.games.gcg.rules import CITE
from judge.registry import build

ENGINE = build(
    "gcg",
    CITE,
    [
        (
            "attack",
            "One attack from declaration to battle end: blocks, damage, 《先制攻擊》, 《突破》, 【爆發】, defeat.",
            attack.AttackBoard,
            attack.judge,
        ),
        (
            "deploy",
            "Deploying a unit or base: Lv. and cost, the limits of 6 units and 1 base, link units attacking.",
            deploy.DeployBoard,
            deploy.judge,
        ),
        (
            "rule_processing",
            "Who loses when rule processing starts: battle damage with no shields, a deck of 0.",
            defeat.RuleProcessingBoard,
            defeat.judge,
        ),
        (
            "repair",
            "《修復》 at the end of the turn: stacked values and how much damage is recovered.",
            repair.RepairBoard,
            repair.judge,
        ),
        (
            "deck",
            "Whether a deck and energy deck are legal: 50 and 10 cards, 1-2 colours, at most 4 of a number.",
            decklist.DeckBoard,
            decklist.judge,
        ),
    ],
)
