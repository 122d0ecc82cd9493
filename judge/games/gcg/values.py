"""A card's AP and HP as the rules count them, its keyword values, and comparisons on unknowns.

AP and HP are the printed value, plus a boarded pilot's modifier (3-3-8-1),
plus every change in force; a result below zero counts as 0 (1-3-6), while
the true total is kept for later changes.  A keyword gained again is not a
second effect: the values add up (《修復》 13-1-1-2, 《突破》 13-1-2-5,
《支援》 13-1-3-2).  A comparison the rules make on a value the board does not
give is asked as a yes-or-no fact, so the ruling branches in two instead of
stopping.
"""

from __future__ import annotations

import re
from typing import Any

from judge.games.gcg.state import VALUED, GcgCard, GcgState, book_name
from judge.replay import Replay

Run = Replay[GcgState]


def stat(card: GcgCard, name: str) -> int | None:
    """AP or HP now: printed, the pilot's modifier and every change, below 0 counted as 0 (1-3-6)."""
    printed: int | None = getattr(card, name)
    if printed is None:
        return None
    total = printed + card.modification(name)
    if card.pilot is not None:
        boarded: int | None = getattr(card.pilot, name)
        if boarded is None:
            return None
        total += boarded
    return max(0, total)


def remaining(card: GcgCard) -> int | None:
    """HP left before the card is destroyed: its HP less its damage counters."""
    hp = stat(card, "hp")
    return None if hp is None else hp - card.damage


def _value(key: str, name: str) -> int | None:
    return int(key.split(":")[1]) if key.startswith(f"{name}:") else None


def instances(card: GcgCard, name: str) -> list[int]:
    """Each instance's value of a stacking keyword (repair, breach, support): printed, then gained.

    Grants are stored in their one spelling (``breach:2``); a removal of the bare
    name (``breach``) takes every instance away.
    """
    values = [value for key in card.keywords if (value := _value(key, name)) is not None]
    for grant in card.grants:
        value = _value(grant.keyword, name)
        if grant.removed and grant.keyword == name:
            values = []
        elif grant.removed and value in values:
            values.remove(value)
        elif not grant.removed and value is not None:
            values.append(value)
    return values


#: the clause that makes each keyword's instances one effect of their summed value
STACKING = {"repair": "13-1-1-2", "breach": "13-1-2-5", "support": "13-1-3-2"}


def stacked(replay: Run, card: GcgCard, name: str, decisive: bool = True) -> int:
    """The value of ``card``'s one ``name`` effect: every instance added up, a step saying so where
    there are several (13-1-1-2, 13-1-2-5, 13-1-3-2); 0 when it has none."""
    found = instances(card, name)
    value = sum(found)
    if len(found) > 1:
        word = VALUED[name].strip("《》")
        listed = "、".join(f"《{word}：{v}》" for v in found)
        replay.step(
            f"「{card.name}」擁有 {listed}：不算擁有多個，而是疊加數值，成為《{word}：{value}》。",
            STACKING[name],
            decisive=decisive,
            **{name: value},
        )
    return value


#: the clause that lets a unit hold each of these keywords only once
SINGLE = {"blocker": "13-1-4-2", "first_strike": "13-1-5-3", "high_maneuver": "13-1-6-2"}


def single(replay: Run, card: GcgCard, name: str) -> None:
    """A keyword a unit holds once however often it was given (13-1-4-2, 13-1-5-3, 13-1-6-2): where it
    was given more than once, a step says it works once, and that decides how it works."""
    given = card.keywords.count(name) + sum(1 for g in card.grants if g.keyword == name and not g.removed)
    if given > 1 and card.has(name):
        replay.step(
            f"「{card.name}」被給予 {given} 次{book_name(name)}：同一機體無法擁有多個，只作為 1 個效果發動。",
            SINGLE[name],
            decisive=True,
        )


def _bare(word: str) -> str:
    """A name or trait without the marks a card prints around it: 〈白色基地隊〉 is 白色基地隊 (2-5-3)."""
    return word.strip().strip("〈〉<>「」『』[]【】")


def _alternatives(word: str) -> list[str]:
    """The names or traits one condition offers: 「/」 means "or" (5-19-1), so 〈吉翁〉/〈新吉翁〉 is 吉翁 or 新吉翁."""
    return [bare for part in re.split("[/／]", word) if (bare := _bare(part))]


def link_met(card: GcgCard) -> str | None:
    """The link condition its boarded pilot meets by name or trait (3-2-6-2, 2-12-1), as written, or
    None: the unit is no link unit."""
    pilot = card.pilot
    if pilot is None:
        return None
    held = {_bare(pilot.name)} | {_bare(trait) for trait in pilot.traits}
    return next((word for word in card.link if held & set(_alternatives(word))), None)


def is_link(card: GcgCard) -> bool:
    """A link unit: its boarded pilot meets its link condition (3-2-6-2)."""
    return link_met(card) is not None


def link_cites(card: GcgCard) -> tuple[str, ...]:
    """5-19-1 where the condition met offers alternatives with 「/」, which it reads as "or"."""
    met = link_met(card)
    return ("5-19-1",) if met is not None and len(_alternatives(met)) > 1 else ()


def change_text(what: str) -> str:
    """A change as the book writes it: ``ap+2`` → ``AP+2``, ``+repair:2`` → ``+《修復：2》``."""
    if what[:2] in ("ap", "hp"):
        return what[:2].upper() + what[2:]
    return what[:1] + book_name(what[1:])


def at_least(replay: Run, key: str, value: int | None, threshold: int | None, text: str, *cites: str) -> bool:
    """``value >= threshold``; when either is not given, a yes-or-no fact (``text`` says which)."""
    if value is not None and threshold is not None:
        return value >= threshold
    answer: Any = replay.fact(key, None, (True, False), text, *cites)
    return bool(answer)
