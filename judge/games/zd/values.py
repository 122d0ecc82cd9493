"""A character's attack and defence as the book counts them (103, 308, 309, 310, 319.p8).

The true value is the printed one plus every change in force, in the order
applied, plus the bonus of the equipment it carries (310.p1); a change to
the equipment's own （攻）/（防） changes that bonus (317.p3, 310.p4).  A value
below 0 is counted as 0 while it stays unchanged, and the true value is
kept, so a later change counts from it (103.p4, 308.p2).  The effects of a
card made void no longer change anything; an equipment's bonus is not an
effect and stays (319.p8).
"""

from __future__ import annotations

from judge.games.zd.state import Kind, ZdCard, ZdState
from judge.players import Player
from judge.replay import Replay

Run = Replay[ZdState]

#: the stats a ``modify`` effect may change, with their names in the book
STATS = {
    "attack": "攻击力",
    "defence": "防御力",
    "level": "等级",
    "damage": "伤害",
    "cost": "费用",
    "prevent": "防止伤害",  # damage still to be prevented (607.p5, 607.p6)
}
BONUS = {"attack": "attack_bonus", "defence": "defence_bonus"}
#: what 独行客 adds to attack and defence (900.独行客)
LONE = 1000


def negated(state: ZdState) -> set[str]:
    """The cards on the field whose effects are void (only a card on the field has effects in force)."""
    found = set()
    for player in Player:
        for card in state.side(player).battle.cards:
            found |= {c.name for c in (card, card.equipment) if c is not None and c.negated}
    return found


def changes(state: ZdState, card: ZdCard, stat: str) -> int:
    """The changes in force on ``stat`` from effects not made void."""
    void = negated(state)
    return sum(m.by for m in card.modifiers if m.stat == stat and m.source not in void)


def bonus(state: ZdState, card: ZdCard, stat: str) -> int:
    """The equipment's bonus to ``stat`` (310), as effects on the equipment changed it (310.p4)."""
    equipment = card.equipment
    if equipment is None:
        return 0
    printed = getattr(equipment, BONUS[stat]) or 0
    return int(printed) + changes(state, equipment, stat)


def alone(state: ZdState, card: ZdCard) -> bool | None:
    """Whether ``card`` is the only character in its battle area — equipment and events do not count
    (900.独行客); None off the field."""
    for player in Player:
        cards = state.side(player).battle.cards
        if any(c is card for c in cards):
            return all(c is card or c.kind in (Kind.EVENT, Kind.EQUIPMENT) for c in cards)
    return None


def lone(state: ZdState, card: ZdCard) -> int:
    """900.独行客: （攻）+1000（防）+1000 while it is the only character in its battle area."""
    return LONE if card.has("独行客") and alone(state, card) else 0


def true_value(replay: Run, card: ZdCard, stat: str) -> int:
    """The value with every change, below 0 included (103.p4 keeps it)."""
    if stat == "level":
        return card.level
    if stat == "damage":
        return card.damage
    if stat == "prevent":
        return sum(m.by for m in card.modifiers if m.stat == "prevent")
    if stat == "cost":
        cost: int = replay.fact(f"{card.name}.cost", card.cost, None, f"「{card.name}」的费用", "303.p3")
        return cost
    printed: int = replay.fact(
        f"{card.name}.{stat}", getattr(card, stat), None, f"「{card.name}」的{STATS[stat]}", "308.p1"
    )
    return (
        printed
        + changes(replay.state, card, stat)
        + bonus(replay.state, card, stat)
        + lone(replay.state, card)
    )


def counted(replay: Run, card: ZdCard, stat: str) -> int:
    """The value the rules count: 0 while the true value is below 0 (103.p4, 308.p2)."""
    return max(0, true_value(replay, card, stat))
