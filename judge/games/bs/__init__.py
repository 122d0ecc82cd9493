"""Battle Spirits (バトルスピリッツ), official rule manual [ETERNAL] VER.17.0.

Steps are written in Traditional Chinese, the language of the rulebook.  The
book prints no clause numbers: rulings cite the heading paths, FAQ entries
and glossary entries the corpus derives (see :mod:`judge.games.bs.rules`).
"""

from judge.games.bs import attack, cost, decklist, level, turn
from judge.games.bs.rules import CITE
from judge.registry import build

ENGINE = build(
    "bs",
    CITE,
    [
        (
            "attack",
            "One attack from declaration to battle end: Lv and BP, block, life, destruction, the game end.",
            attack.AttackBoard,
            attack.judge,
        ),
        (
            "cost",
            "The cost after reduction, whether it can be paid from the reserve and field cores, what is depleted.",
            cost.CostBoard,
            cost.judge,
        ),
        (
            "level",
            "A spirit's Lv and BP from the cores on it, or its depletion.",
            level.LevelBoard,
            level.judge,
        ),
        (
            "start_step",
            "The start of a turn: deck-out at the start step, core, draw and refresh steps, turn 1.",
            turn.StartBoard,
            turn.judge,
        ),
        (
            "deck",
            "Whether a deck list is legal: 40 cards or more, at most 3 of a name, contract cards.",
            decklist.DeckBoard,
            decklist.judge,
        ),
    ],
)
