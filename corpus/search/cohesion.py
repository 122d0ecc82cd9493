"""Which sense of an English query word the book means, judged by the query's other words.

An English word meets a Chinese book through every Chinese word it
translates (the ``glosses`` field: "condition" is 条件 and 状态 alike), and
the book's statistics cannot tell the senses apart: uhb's 全力状态/衰弱状态
section repeats 状态 ("state; condition"), so "win condition" found that
section before the rules on winning (结束游戏: 赢, 输掉游戏, …条件).

The query's other words can (translation disambiguation by co-occurrence,
Ballesteros & Croft 1998; Gao et al. 2001): the right translations of the
words of one query occur together in the book, the wrong ones seldom do.  A
translation of one word is weighed by how much the sections of the book it
occurs in overlap with those of the best-matching translation of each other
word (Dice's coefficient, summed over the other words), relative to the
word's best translation: 条件 shares 结束游戏 with 赢, 状态 shares no section
with a translation of "win".  A word whose translations meet none of the
others' is left alone — no evidence is not evidence against a sense.

>>> weights({"win": {"赢": {"1.3"}}, "condit": {"条件": {"1.1", "1.3"}, "状态": {"5.11"}}})
{'win': {'赢': 1.0}, 'condit': {'条件': 1.0, '状态': 0.0}}
>>> {word: round(w, 2) for word, w in weights({"win": {"赢": {"1.3"}}, "condit": {"条件": {"1.1", "1.3"}, "状态": {"5.11"}}}, prior=0.05)["condit"].items()}
{'条件': 1.0, '状态': 0.07}
>>> weights({"win": {"赢": {"1.3"}}, "condit": {"状态": {"5.11"}}})
{'win': {'赢': 1.0}, 'condit': {'状态': 1.0}}
"""

from __future__ import annotations

from collections.abc import Collection, Mapping


def weights(
    translations: Mapping[str, Mapping[str, Collection[object]]], prior: float = 0.0
) -> dict[str, dict[str, float]]:
    """For each query word (stem), each of its translations' cohesion with the other words, as a
    share of the best one's, 0 to 1.  ``translations``: stem → translation → the sections it occurs
    in; ``prior``: added to each cohesion, so that thin evidence (one shared section) moves the
    weights less than plenty."""
    found: dict[str, dict[str, float]] = {}
    for stem, senses in translations.items():
        others = [other for name, other in translations.items() if name != stem and other]
        cohesion = {
            word: sum(max(_dice(sections, theirs) for theirs in other.values()) for other in others)
            for word, sections in senses.items()
        }
        best = max(cohesion.values(), default=0.0)
        found[stem] = {
            word: (value + prior) / (best + prior) if best else 1.0 for word, value in cohesion.items()
        }
    return found


def _dice(a: Collection[object], b: Collection[object]) -> float:
    shared = len(set(a).intersection(b))
    return 2 * shared / (len(a) + len(b)) if shared else 0.0
