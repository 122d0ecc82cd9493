"""Battle damage between zd characters, as a pure computation (505, 507, 607, 900).

The attacking character deals its attack as battle damage to every
character it battles, each of them deals its attack to the attacker, all
at once (507.p4); an attack of 0 or less deals none (505.p2).  Damage stays
on a character for the whole turn (607.p2) and destroys it at once when it
reaches its defence (309.p2, 607.p3, 607.p4).  远程 keeps the attacker from
taking battle damage (900.远程, 507.p5); 坚韧 keeps a character that
declared defence from it, not one that is merely attacked (900.坚韧).
Characters with 先制 deal their damage first; a character without 先制
destroyed by it deals none (900.先制, 507.p6).

:func:`settle` takes ``ignore`` (clause ids to leave out) so the engine can
find the decisive clauses by asking again without each one, and
``strict_first_strike`` for 900.先制's own wording: it stops a character
from striking back only when its damage is *higher* than its defence,
where 607.p3/607.p4 destroy it at once when the damage *reaches* it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cached_property

from pydantic import Field

from judge.board import BoardModel
from judge.bounds import Flag, Stat
from judge.games.zd.modifiers import Change, Trail, follow


class Keyword(enum.StrEnum):
    RANGED = "远程"
    TOUGH = "坚韧"
    FIRST_STRIKE = "先制"
    SWIFT = "神速"
    GUARD = "守备"
    RUSH = "突袭"
    CRITICAL = "会心一击"
    PIERCE = "贯通"


class Timing(enum.StrEnum):
    ON_ATTACK = "攻击时"
    ON_DEFENCE = "防御时"
    BATTLE_SET = "战斗成立时"
    ATTACK_BATTLE_SET = "攻击战斗成立时"
    DEFENCE_BATTLE_SET = "防御战斗成立时"
    BATTLE_WIN = "战斗胜利时"
    ATTACK_WIN = "攻击胜利时"
    DEFENCE_WIN = "防御胜利时"
    BATTLE_DESTROYED = "战斗破坏时"
    ATTACK_DESTROYED = "攻击破坏时"
    DEFENCE_DESTROYED = "防御破坏时"
    DESTROYED = "破坏时"


class Character(BoardModel):
    """A character in a battle, with its values as they stand in the damage step."""

    name: str = Field(min_length=1)
    attack: Stat = Field(description="printed （攻）")
    defence: Stat = Field(description="printed （防）")
    attack_changes: list[Change] = Field([], description="（攻）± and attack bonuses, in order")
    defence_changes: list[Change] = Field([], description="（防）± and defence bonuses, in order")
    damage: Stat = Field(0, description="damage already on it this turn (607.p2)")
    rested: Flag = False
    keywords: list[Keyword] = Field(default_factory=list)
    timings: list[Timing] = Field([], description="the 【…】 timings of its effects")

    @cached_property
    def attack_trail(self) -> Trail:
        return follow(self.attack, self.attack_changes, 0)

    @cached_property
    def defence_trail(self) -> Trail:
        return follow(self.defence, self.defence_changes, 0)

    def has(self, keyword: Keyword) -> bool:
        return keyword in self.keywords


@dataclass(frozen=True, slots=True)
class Hit:
    """Battle damage one character deals another."""

    first_strike: bool  # dealt in the 先制 round
    source: str
    target: str
    amount: int
    prevented_by: Keyword | None = None  # 远程 / 坚韧 kept it off


@dataclass(frozen=True, slots=True)
class Settlement:
    attacker: str
    attack: dict[str, int]
    defence: dict[str, int]
    prior: dict[str, int]
    damage: dict[str, int]
    hits: tuple[Hit, ...]
    destroyed: tuple[str, ...]
    silenced: tuple[str, ...]  # destroyed by 先制 damage before they could strike

    @property
    def key(self) -> frozenset[str]:
        """What decides the battle: who is destroyed."""
        return frozenset(self.destroyed)

    def dealt(self, source: str, target: str) -> int:
        return sum(h.amount for h in self.hits if h.source == source and h.target == target)

    def taken(self, target: str) -> int:
        """Battle damage ``target`` took in this battle."""
        return sum(h.amount for h in self.hits if h.target == target)


def settle(
    attacker: Character,
    fighters: list[tuple[Character, bool]],
    ignore: frozenset[str] = frozenset(),
    strict_first_strike: bool = False,
) -> Settlement:
    """The battle of ``attacker`` against ``fighters`` ((character, declared defence) pairs)."""
    cards = {attacker.name: attacker, **{c.name: c for c, _ in fighters}}
    names = list(cards)
    declared = {c.name for c, defends in fighters if defends}
    attack = {n: c.attack_trail.shown for n, c in cards.items()}
    defence = {n: c.defence_trail.shown for n, c in cards.items()}
    prior = {n: 0 if "607.p2" in ignore else c.damage for n, c in cards.items()}
    damage = dict(prior)
    first = (
        {n for n, c in cards.items() if c.has(Keyword.FIRST_STRIKE)} if "900.先制" not in ignore else set()
    )
    rounds = (
        [(True, first), (False, set(names) - first)]
        if first and first != set(names)
        else [(False, set(names))]
    )
    alive, hits, silenced = set(names), [], []
    for first_round, strikers in rounds:
        dealt = []
        for source in (n for n in names if n in strikers and n in alive):
            targets = [c.name for c, _ in fighters] if source == attacker.name else [attacker.name]
            for target in (t for t in targets if t in alive):
                guard = _prevented(attacker, source, target, cards, declared, ignore)
                amount = 0 if guard or attack[source] <= 0 else attack[source]
                dealt.append(Hit(first_round, source, target, amount, guard))
        for hit in dealt:
            damage[hit.target] += hit.amount
        hits += dealt
        if first_round:
            for name in [n for n in names if n in alive]:
                if damage[name] > defence[name] or (
                    not strict_first_strike and damage[name] >= defence[name]
                ):
                    alive.discard(name)
                    if name not in first:
                        silenced.append(name)
    destroyed = tuple(n for n in names if damage[n] >= defence[n])
    return Settlement(attacker.name, attack, defence, prior, damage, tuple(hits), destroyed, tuple(silenced))


def _prevented(
    attacker: Character,
    source: str,
    target: str,
    cards: dict[str, Character],
    declared: set[str],
    ignore: frozenset[str],
) -> Keyword | None:
    if target == attacker.name and attacker.has(Keyword.RANGED) and "900.远程" not in ignore:
        return Keyword.RANGED
    if (
        source == attacker.name
        and target in declared
        and cards[target].has(Keyword.TOUGH)
        and "900.坚韧" not in ignore
    ):
        return Keyword.TOUGH
    return None
