"""The order of a chain: the last item added resolves first.

Effects of both players waiting at once go the active (first) player's first,
then the other player's (:func:`judge.players.by_turn_order`); a chain (zd)
resolves the other way round, the last item added first.  The order of
triggered effects on the replay is each game's :meth:`judge.replay.Rules.order`.

>>> a1, b1 = ("a1", Player.A), ("b1", Player.B)
>>> last_in_first_out([b1, a1], Player.A, owner=lambda item: item[1])
[('b1', <Player.B: 'B'>), ('a1', <Player.A: 'A'>)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from judge.players import Player, by_turn_order

T = TypeVar("T")


def last_in_first_out(items: Iterable[T], first: Player, owner: Callable[[T], Player]) -> list[T]:
    """Resolution order of a chain: items added at once go in turn order, last resolves first."""
    return list(reversed(by_turn_order(items, first, owner)))
