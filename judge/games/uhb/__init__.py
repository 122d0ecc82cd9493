"""Ultraman Hero Battle (奥特曼英雄对决), rules V1.9, on the replay.

Steps are written in Simplified Chinese, the language of the rulebook.  A
ruling request is a timeline (:class:`~judge.games.uhb.engine.UhbTimeline`):
the table at the start of a phase, then what happens.  The named questions
are views onto it; ``deck`` stays a static check of a deck list.  Every
comparison of numbers in a condition includes the value itself (5.9.1).
"""

from judge.games.uhb import decklist
from judge.games.uhb.engine import RULES, UhbTimeline
from judge.games.uhb.rules import CITE
from judge.registry import as_it_is, build
from judge.timeline import Until, view

ENGINE = build(
    "uhb",
    CITE,
    [
        (
            "deck",
            "Whether a deck (and a match sideboard) is legal: 40 cards, at most 3 of a card number.",
            decklist.DeckBoard,
            decklist.judge,
        ),
    ],
    rules=RULES,
    timeline_example="turn_whole.yaml",
    views=[
        (
            "battle",
            "A battle from the battle phase on: flips, 翻/攻/防, supports, total power, where every card goes.",
            view(
                UhbTimeline,
                "battle",
                "The table at the start of the battle phase (4.2), then the battle.",
                phase="battle",
            ),
            as_it_is,
        ),
        (
            "loss_check",
            "Who loses once an effect is over (damage zone, empty deck, an effect's win), a draw if both do.",
            view(
                UhbTimeline,
                "loss_check",
                "The table at any phase, then the effects; the game-end check (1.3).",
            ),
            as_it_is,
        ),
        (
            "end_phase",
            "The end phase: 「回合结束时」 effects, then the hand-limit discard (4.5).",
            view(
                UhbTimeline,
                "end_phase",
                "The table at the start of the end phase (4.5), replayed to its end.",
                phase="end",
                until=Until.END_OF_PHASE,
            ),
            as_it_is,
        ),
        (
            "form_change",
            "Whether a form change is legal, and where the cards go (4.1, 5.10).",
            view(
                UhbTimeline,
                "form_change",
                "The table at the start of the form-change phase (4.1).",
                phase="form_change",
            ),
            as_it_is,
        ),
        (
            "effect_order",
            "The order effects triggered together are carried out in (1.1.5-1.1.7, 5.5.3).",
            view(
                UhbTimeline,
                "effect_order",
                "The table at any phase, the effects waiting, then what triggers them.",
            ),
            as_it_is,
        ),
    ],
)
