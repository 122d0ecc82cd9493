"""Zero Dimension TCG (零次元集换式卡牌游戏), complete rules 1.20, on the replay.

Steps are written in Simplified Chinese, the language of the rulebook.  The
book numbers sections only; clauses are cited by the corpus's derived ids
(``101.p5``: the fifth paragraph of 101; ``900.远程``: 900's keyword entry).
A ruling request is a timeline (:class:`~judge.games.zd.engine.ZdTimeline`):
the table at the start of a phase or step, then what happens.  The named
questions are views onto it; ``deck`` stays a static check of a deck list.
"""

from judge.games.zd import decklist
from judge.games.zd.engine import RULES, ZdTimeline
from judge.games.zd.rules import CITE
from judge.registry import as_it_is, build
from judge.timeline import Until, view

ENGINE = build(
    "zd",
    CITE,
    [
        (
            "deck",
            "Whether a deck list is legal: 50 cards, at most 4 of the same card (same text, 327).",
            decklist.DeckBoard,
            decklist.judge,
        ),
    ],
    rules=RULES,
    timeline_example="turn_whole.yaml",
    views=[
        (
            "battle",
            "One attack from its declaration to the end of the battle: damage, keywords, life, triggers, game end.",
            view(
                ZdTimeline,
                "battle",
                "The table in the action phase (405), then the attack and what follows.",
                phase="action",
            ),
            as_it_is,
        ),
        (
            "chain",
            "What enters the chain and the order it resolves in (105, 106, 305.p4).",
            view(
                ZdTimeline,
                "chain",
                "The table in the action phase (405), then what is used and how the chain resolves.",
                phase="action",
            ),
            as_it_is,
        ),
        (
            "result",
            "Win, loss or draw: an empty life zone hit, a draw from a short deck, both losing at once (101).",
            view(
                ZdTimeline, "result", "The table at any point, then what happens until the game is decided."
            ),
            as_it_is,
        ),
        (
            "numbers",
            "A value through a list of changes: below 0 counted as 0 while the true value is kept (103.p4, 309.p3).",
            view(
                ZdTimeline,
                "numbers",
                "The table in the action phase (405), then the changes made.",
                phase="action",
            ),
            as_it_is,
        ),
        (
            "end_phase",
            "The end phase: end, cleanup and discard steps; only the active player discards down to six (406-408).",
            view(
                ZdTimeline,
                "end_phase",
                "The table at the start of the end step (406), replayed to the end of the turn.",
                phase="end",
                step="end",
                until=Until.END_OF_TURN,
            ),
            as_it_is,
        ),
    ],
)
