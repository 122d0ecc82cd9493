"""What the replay tests of every game share: naming a clause by quote, and mirroring a board."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from corpus.library import load_book

#: A quote, or ``(parent's quote, quote)`` for the clause under the one that holds the first
#: (where a book prints the same words twice).
Quote = str | tuple[str, str]
PLAYERS = {"A": "B", "B": "A"}


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def clause_by_quote(game: str, quote: Quote) -> str:
    """The one clause of ``game``'s newest book whose text holds ``quote`` exactly (spaces aside)."""
    within = ""
    if isinstance(quote, tuple):
        parent, quote = quote
        within = clause_by_quote(game, parent) + "-"
    found = [
        c.id
        for c in load_book(game).clauses
        if c.id.startswith(within) and _squeezed(quote) in _squeezed(f"{c.title or ''}{c.text}")
    ]
    assert len(found) == 1, (quote, found)
    return found[0]


def swapped(value: Any, rename: Callable[[str], str] = lambda name: PLAYERS.get(name, name)) -> Any:
    """The same value with the players' names exchanged (``rename`` says which strings name them)."""
    if isinstance(value, dict):
        return {(rename(k) if isinstance(k, str) else k): swapped(v, rename) for k, v in value.items()}
    if isinstance(value, list):
        return [swapped(v, rename) for v in value]
    return rename(value) if isinstance(value, str) else value


def comparable(outcome: dict[str, Any]) -> dict[str, Any]:
    """An outcome without its sentences (which name the players in words)."""
    found = {k: v for k, v in outcome.items() if k != "depends_on"}
    if found.get("refused"):
        found["refused"] = {k: v for k, v in found["refused"].items() if k != "text"}
    return found
