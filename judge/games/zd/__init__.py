"""Zero Dimension TCG (零次元集换式卡牌游戏), complete rules 1.20.

Steps are written in Simplified Chinese, the language of the rulebook.  The
book numbers sections only; clauses are cited by the corpus's derived ids
(``101.p5``: the fifth paragraph of 101; ``900.远程``: 900's keyword entry).

To move into the framework: :mod:`judge.games.zd.modifiers` follows a value
through amounts, factors and settings (``judge.numbers.tally`` takes amounts
only) and hands its floor readings to ``judge.numbers.Tally``.
"""

from judge.games.zd import battle, chain, decklist, end_phase, result, values
from judge.games.zd.rules import CITE
from judge.registry import build

ENGINE = build(
    "zd",
    CITE,
    [
        (
            "battle",
            "One attack from its declaration to the end of the battle: damage, keywords, life, triggers, game end.",
            battle.BattleBoard,
            battle.judge,
        ),
        (
            "chain",
            "What enters the chain and the order it resolves in (105, 106, 619, 620).",
            chain.ChainBoard,
            chain.judge,
        ),
        (
            "result",
            "Win, loss or draw when conditions meet at once, and loops (101, 901).",
            result.ResultBoard,
            result.judge,
        ),
        (
            "numbers",
            "A value through a list of changes: fractions dropped, below 0 counted as 0, true value kept (103).",
            values.NumbersBoard,
            values.judge,
        ),
        (
            "end_phase",
            "The cleanup and discard steps: only the active player discards down to six (203, 407, 408).",
            end_phase.EndPhaseBoard,
            end_phase.judge,
        ),
        (
            "deck",
            "Whether a deck list is legal: 50 cards, at most 4 of the same card (same text, 327).",
            decklist.DeckBoard,
            decklist.judge,
        ),
    ],
)
