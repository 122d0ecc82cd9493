"""A card named in an action as the board does not spell it: 賽羅 for the board's 赛罗.

Users of the Chinese books write in either script, and full or half width, so
a timeline may name a card the board states in another spelling of the same
name.  Every game compares names exactly, so before any game sees the
timeline, :func:`respelled` writes each such name as the board does — when
exactly one card on the board (or one an action brings in) has that folded
spelling.  A name that matches none, or several, stays as written and is a
board problem, whose message gives the board's spelling where there is one
(:meth:`Spellings.hint`).

>>> spellings = Spellings({"賽羅", "ＺＥＲＯ"})
>>> spellings.board_spelling("赛罗"), spellings.board_spelling("zero"), spellings.board_spelling("泰罗")
('賽羅', 'ＺＥＲＯ', None)
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

from judge.timeline import Timeline

T = TypeVar("T", bound=Timeline)


def folded(name: str) -> str:
    """One spelling for a card's name written in either Chinese script (賽羅 / 赛罗), full width or
    another case."""
    from corpus.search.folding import fold  # OpenCC, loaded only when a name is not found

    try:
        return fold(name)
    except UnicodeError:  # a lone surrogate OpenCC cannot take: the name as it is
        return name


class Spellings:
    """The board's card names by their folded spelling, folded once and only when a name is not
    found as written (most timelines never need OpenCC)."""

    def __init__(self, names: set[str]):
        self._names = names
        self._by_fold: dict[str, list[str]] | None = None
        self._alike: dict[str, list[str]] = {}  # one name may be named by many actions

    def alike(self, name: str) -> list[str]:
        """The board's names spelt like ``name`` once folded, in code point order."""
        if self._by_fold is None:
            self._by_fold = {}
            for other in sorted(self._names):
                self._by_fold.setdefault(folded(other), []).append(other)
        if name not in self._alike:
            self._alike[name] = self._by_fold.get(folded(name), [])
        return self._alike[name]

    def board_spelling(self, name: str) -> str | None:
        """The one board name spelt like ``name`` once folded; None for none, or for several (two
        cards whose names differ only in script are two cards, and the file must say which)."""
        alike = self.alike(name)
        return alike[0] if len(alike) == 1 else None

    def hint(self, name: str) -> str:
        """What a refusal of ``name`` adds: the board's spellings of it, if any."""
        alike = self.alike(name)
        return f" (the board spells it {' or '.join(map(repr, alike))})" if alike else ""


def respelled(timeline: T) -> T:
    """``timeline`` with every card its actions name in another spelling written as the board
    spells it (the timeline itself when there is none).  The ruling's steps name each card as the
    board does, so a reader sees which card was meant."""
    board = {card.name for card in timeline.state.all_cards()}
    board |= {name for action in timeline.actions for name in action.introduces()}
    unknown = {name for action in timeline.actions for name in action.names()} - board
    if not unknown:
        return timeline
    spellings = Spellings(board)
    read_as = {name: found for name in sorted(unknown) if (found := spellings.board_spelling(name))}
    if not read_as:
        return timeline
    actions = [_renamed(action, read_as) for action in timeline.actions]
    return timeline.model_copy(update={"actions": actions})


def _renamed(value: Any, read_as: dict[str, str]) -> Any:
    """``value`` with every text equal to a key of ``read_as`` replaced, through models, lists and
    mappings (keys too); an enum member (a player's letter is text too) is never a card's name."""
    if type(value) is str:
        return read_as.get(value, value)
    if isinstance(value, BaseModel):
        update = {
            field: new for field, old in value.__dict__.items() if (new := _renamed(old, read_as)) is not old
        }
        return value.model_copy(update=update) if update else value
    if type(value) in (list, tuple):
        items = [_renamed(item, read_as) for item in value]
        changed = any(new is not old for new, old in zip(items, value, strict=True))
        return type(value)(items) if changed else value
    if type(value) is dict:
        renamed = {_renamed(key, read_as): _renamed(item, read_as) for key, item in value.items()}
        return renamed if list(renamed.items()) != list(value.items()) else value
    return value
