"""The two players of a two-player game, and who acts first.

Every engine names the players ``A`` and ``B`` (the person filling in the
board decides who is who).  Rulebooks that say "the active player first, then
the opponent" (ucg 10.1.3.4, uhb 1.1.5 / 1.1.6a, zd 106, gcg …) all reduce to
:func:`turn_order`, written once here.

>>> Player.A.other
<Player.B: 'B'>
>>> [p.value for p in turn_order(Player.B)]
['B', 'A']
>>> [e for e in by_turn_order(["b1", "a1", "b2"], Player.A, owner=lambda e: Player(e[0].upper()))]
['a1', 'b1', 'b2']
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from typing import TypeVar

T = TypeVar("T")


class Player(enum.StrEnum):
    A = "A"
    B = "B"

    @property
    def other(self) -> Player:
        return Player.B if self is Player.A else Player.A


#: both players, as a tuple (iterating the enum itself is slow in hot loops)
PLAYERS: tuple[Player, Player] = (Player.A, Player.B)


def turn_order(first: Player) -> tuple[Player, Player]:
    """``first`` then the other player."""
    return first, first.other


def by_turn_order(items: Iterable[T], first: Player, owner: Callable[[T], Player]) -> list[T]:
    """``first``'s items, then the other player's, each keeping its own order.

    This is the shared rule for effects of both players that happen at once;
    the order *within* one player's items is that player's choice, so it is
    kept as given.
    """
    items = list(items)
    return [item for player in turn_order(first) for item in items if owner(item) is player]
