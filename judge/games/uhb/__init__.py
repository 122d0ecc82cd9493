"""Ultraman Hero Battle (奥特曼英雄对决), rules V1.9.

Steps are written in Simplified Chinese, the language of the rulebook.
Every comparison of numbers in a condition includes the value itself (5.9.1).
"""

from judge.games.uhb import battle, decklist, end_phase, form_change, loss, ordering
from judge.games.uhb.rules import CITE
from judge.registry import build

ENGINE = build(
    "uhb",
    CITE,
    [
        (
            "battle",
            "A battle's settlement: total power, result effects, where every card goes, then the game end.",
            battle.BattleBoard,
            battle.judge,
        ),
        (
            "loss_check",
            "After an effect: who loses (damage zone, empty deck, effect), and a draw if both do.",
            loss.LossCheckBoard,
            loss.judge,
        ),
        ("end_phase", "The end-of-turn hand-limit discard.", end_phase.EndPhaseBoard, end_phase.judge),
        (
            "form_change",
            "Whether a form change is legal, and where the cards go.",
            form_change.FormChangeBoard,
            form_change.judge,
        ),
        (
            "deck",
            "Whether a deck (and a match sideboard) is legal: 40 cards, at most 3 of a card number.",
            decklist.DeckBoard,
            decklist.judge,
        ),
        (
            "effect_order",
            "The order waiting and triggered effects are carried out in (1.1.5-1.1.7).",
            ordering.EffectOrderBoard,
            ordering.judge,
        ),
    ],
)
