"""A bs card's Lv, BP and symbols as the book computes them on the replay.

The Lv is the highest printed Lv whose core count the cores on the card
reach (遊戲開始前 › 在召喚的靈魂卡上放置能量); below the lowest Lv — Lv1, an
ultimate's Lv3 — the card is depleted (消滅).  The BP is that Lv's BP, plus a
united brave's BP+ (合體帶來的變化), plus the BP+/BP- effects in force in the
order they took effect (FAQ 關於「BP+」或「BP-」的效果 Q1); a BP pushed below
0 is 0 (Q2).  Whether a later BP+ counts from 0 or from the true value the
book does not say: that is a fact the ruling branches on, never a guess.
"""

from __future__ import annotations

from judge.games.bs.rules import BP_ORDER, BP_ZERO, LV_FROM_CORES, UNION
from judge.games.bs.state import BsCard, BsState, Level
from judge.numbers import tally
from judge.replay import Replay

Run = Replay[BsState]


def cores_on(replay: Run, card: BsCard) -> int:
    """The cores on a field card (a fact when the board leaves it out)."""
    known: int = replay.fact(
        f"{card.name}.cores", card.cores, None, f"「{card.name}」上的能量數", LV_FROM_CORES
    )
    return known


def level_of(card: BsCard, cores: int) -> Level | None:
    """The Lv ``cores`` cores give, or None: below the lowest printed Lv (depleted)."""
    reached = [level for level in card.levels if level.cores <= cores]
    return reached[-1] if reached else None


def level_now(replay: Run, card: BsCard) -> Level | None:
    """Its Lv now; None when depleted.  Its printed Lvs are a fact the ruling needs."""
    if not card.levels:
        replay.fact(f"{card.name}.levels", None, None, f"「{card.name}」各 Lv 所需的能量與 BP", LV_FROM_CORES)
    return level_of(card, cores_on(replay, card))


def brave_of(state: BsState, card: BsCard) -> BsCard | None:
    """The brave united with ``card``, if any."""
    if card.union is None:
        return None
    found = state.on_field(card.union)
    return found[1] if found else None


def bp(replay: Run, card: BsCard) -> int:
    """The BP the rules count now: the Lv's BP, a united brave's BP+, then the effects in order."""
    level = level_now(replay, card)
    base: int = replay.fact(
        f"{card.name}.bp",
        None if level is None else level.bp,
        None,
        f"「{card.name}」的 BP",
        LV_FROM_CORES,
    )
    brave = brave_of(replay.state, card)
    if brave is not None:
        plus: int = replay.fact(
            f"{brave.name}.bp_plus", brave.bp_plus, None, f"「{brave.name}」的合體數值", UNION
        )
        base += plus
    changes = [m.by for m in card.modifiers if m.stat == "bp"]
    counted = tally(base, changes)
    if not counted.floor_order_matters:
        return counted.floored_at_end
    chosen: int = replay.fact(
        f"{card.name}.bp_floor",
        None,
        (counted.floored_each_step, counted.floored_at_end),
        f"「{card.name}」的 BP 低於 0 後，之後的 BP+ 從 0 起算還是從實際數值起算（規則未說明）",
        BP_ZERO,
        BP_ORDER,
    )
    return chosen


def symbols(replay: Run, card: BsCard) -> int:
    """Its symbols, a united brave's added (合體帶來的變化)."""
    own: list[object] = replay.fact(f"{card.name}.symbols", card.symbols, None, f"「{card.name}」的標誌數")
    count = len(own)
    brave = brave_of(replay.state, card)
    if brave is not None:
        theirs: list[object] = replay.fact(
            f"{brave.name}.symbols", brave.symbols, None, f"「{brave.name}」的標誌數", UNION
        )
        count += len(theirs)
    return count
