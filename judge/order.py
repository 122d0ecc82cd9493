"""The order in which waiting effects are carried out.

Rulebooks agree on the skeleton and differ in details, so the skeleton is
here once and each engine supplies its details:

* effects of both players waiting at once: the active (first) player's go
  first, then the other player's (ucg 10.1.3.4, uhb 1.1.6a, zd 106 …) — see
  :func:`judge.players.by_turn_order`;
* among one player's waiting effects, someone chooses the order (uhb 1.1.6:
  the active player; ucg 10.2.1: the card's holder) — the engine passes
  ``decider``;
* an effect triggered while another is being carried out is placed by a
  :class:`Placement` the engine picks per trigger, citing its clause:
  ``INTERRUPT`` (carried out before the current effect continues, uhb 1.1.7),
  ``NEXT`` (right after the current effect, before the rest: ucg 10.1.3.3, a
  chain's top) or ``POOL`` (joins the waiting effects once the current one
  finishes, uhb 5.5.3's flip effects).

A chain where the last item added resolves first is :func:`last_in_first_out`.

>>> a1, a2, b1 = Pending("a1", Player.A), Pending("a2", Player.A), Pending("b1", Player.B)
>>> events = resolve([b1, a1, a2], Player.A, decider=lambda owner: Player.A,
...                  triggers={"a1": [Triggered(Pending("x", Player.B), Placement.INTERRUPT)]},
...                  preference=["a2"])
>>> [(e.effect.name, e.how.value) for e in events]
[('a2', 'chosen'), ('a1', 'only'), ('x', 'inserted'), ('b1', 'only')]
>>> [p.name for p in last_in_first_out([b1, a1], Player.A, owner=lambda p: p.owner)]
['b1', 'a1']
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from corpus.errors import ArbiterError
from judge.players import Player, by_turn_order

T = TypeVar("T")

#: More events than this means the described effects trigger each other forever.
MAX_EVENTS = 500


class Placement(enum.StrEnum):
    INTERRUPT = "interrupt"
    NEXT = "next"
    POOL = "pool"


class How(enum.StrEnum):
    """Why an effect was carried out at that point."""

    CHOSEN = "chosen"  # the decider picked it among several candidates
    ONLY = "only"  # it was the only candidate
    INSERTED = "inserted"  # triggered during another effect and placed by the rules

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Pending:
    name: str
    owner: Player


@dataclass(frozen=True, slots=True)
class Triggered:
    effect: Pending
    placement: Placement


@dataclass(frozen=True, slots=True)
class Event:
    """One effect carried out, and how it came to be carried out then."""

    effect: Pending
    how: How
    candidates: tuple[Pending, ...] = ()  # what the decider could choose from
    decider: Player | None = None
    during: Pending | None = None  # the effect it interrupted or followed


def resolve(
    pool: Iterable[Pending],
    active: Player,
    decider: Callable[[Player], Player],
    triggers: Mapping[str, Sequence[Triggered]],
    preference: Sequence[str] = (),
) -> list[Event]:
    """Carry out every waiting effect; return the events in order.

    ``decider(owner)`` names who orders ``owner``'s waiting effects;
    ``preference`` is the order that player would pick in (names); where it
    says nothing, effects are taken in the order given.
    """
    waiting = list(pool)
    events: list[Event] = []
    rank = {name: i for i, name in enumerate(preference)}

    def carry_out(effect: Pending, event: Event) -> None:
        if len(events) >= MAX_EVENTS:
            raise ArbiterError("the described effects trigger each other without end", "triggers")
        events.append(event)
        following: list[Pending] = []
        for trigger in triggers.get(effect.name, ()):
            if trigger.placement is Placement.INTERRUPT:
                carry_out(trigger.effect, Event(trigger.effect, How.INSERTED, during=effect))
            elif trigger.placement is Placement.NEXT:
                following.append(trigger.effect)
            else:
                waiting.append(trigger.effect)
        for effect_next in following:
            carry_out(effect_next, Event(effect_next, How.INSERTED, during=effect))

    while waiting:
        first_owner = by_turn_order(waiting, active, owner=lambda p: p.owner)[0].owner
        candidates = tuple(p for p in waiting if p.owner is first_owner)
        _, pick = min(enumerate(candidates), key=lambda seen: rank.get(seen[1].name, len(rank) + seen[0]))
        waiting.remove(pick)
        how = How.CHOSEN if len(candidates) > 1 else How.ONLY
        carry_out(pick, Event(pick, how, candidates, decider(first_owner)))
    return events


def last_in_first_out(items: Iterable[T], first: Player, owner: Callable[[T], Player]) -> list[T]:
    """Resolution order of a chain: items added at once go in turn order, last resolves first."""
    return list(reversed(by_turn_order(items, first, owner)))
