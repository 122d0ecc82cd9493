"""Battle Spirits (バトルスピリッツ), official rule manual [ETERNAL] VER.17.0, on the replay.

Steps are written in Traditional Chinese, the language of the rulebook.  The
book prints no clause numbers: rulings cite the heading paths, FAQ entries
and glossary entries the corpus derives (see :mod:`judge.games.bs.rules`).
A ruling request is a timeline (:class:`~judge.games.bs.engine.BsTimeline`);
the named questions are views onto it, and ``deck`` stays a static check.
"""

from judge.games.bs import decklist
from judge.games.bs.engine import RULES, BsTimeline
from judge.games.bs.rules import CITE
from judge.registry import as_it_is, build
from judge.timeline import view

ENGINE = build(
    "bs",
    CITE,
    [
        (
            "deck",
            "Whether a deck list is legal: 40 cards or more, at most 3 of a name, contract cards.",
            decklist.DeckBoard,
            decklist.judge,
        ),
    ],
    rules=RULES,
    timeline_example="turn_whole.yaml",
    views=[
        (
            "attack",
            "One attack from the attack step: flash timings, block, BP, life, destruction, brave and burst.",
            view(
                BsTimeline,
                "attack",
                "The table at the start of the attack step, then the attack and what follows.",
                phase="attack",
            ),
            as_it_is,
        ),
        (
            "cost",
            "Summoning from the main step: the reduced cost, paying from the reserve and field, depletion.",
            view(
                BsTimeline,
                "cost",
                "The table at the start of the main step, then the card summoned.",
                phase="main",
            ),
            as_it_is,
        ),
        (
            "level",
            "A spirit's Lv and BP from its cores as they move in the main step, or its depletion.",
            view(
                BsTimeline,
                "level",
                "The table at the start of the main step, then the cores moved.",
                phase="main",
            ),
            as_it_is,
        ),
        (
            "start_step",
            "The start of a turn: deck-out at the start step, core, draw and refresh steps, turn 1.",
            view(
                BsTimeline,
                "start_step",
                "The table at the start step, replayed to the main step.",
                phase="start",
            ),
            as_it_is,
        ),
    ],
)
