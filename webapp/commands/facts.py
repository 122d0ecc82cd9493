"""A ruling's facts as text for the command line: no Python reprs, no ``None``.

An outcome's facts are plain JSON-ready values (:func:`judge.ruling.plain`):
text, numbers, true/false, null, lists and mappings nested a few levels.
The web page shows them as nested lists; the command line writes them as
indented lines, the way the page reads: a value that is nothing but
scalars fits on its key's line (``wins: A=3, B=1``, ``losers: A, B``), a
nested one goes below it, list items numbered.  Nothing is written as ``—``,
true and false as yes and no.

>>> print(*lines({"winner": None, "wins": {"A": 3, "B": 1}, "legal": True,
...               "areas": [{"result": "A", "bp": {"A": 7000, "B": 6000}}, {"result": "draw", "bp": {}}],
...               "losers": []}), sep="\\n")
winner: —
wins: A=3, B=1
legal: yes
areas:
  1. result: A
     bp: A=7000, B=6000
  2. result: draw
     bp: —
losers: —
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

NOTHING = "—"


def scalar(value: Any) -> str:
    """One value as text: ``—`` for nothing, yes/no for true/false."""
    if value is None:
        return NOTHING
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _nested(value: Any) -> bool:
    return isinstance(value, (Mapping, list, tuple))


def _flat(value: Any) -> bool:
    """Fits on one line: a scalar, or a list or mapping of scalars."""
    if isinstance(value, Mapping):
        return not any(_nested(item) for item in value.values())
    if isinstance(value, (list, tuple)):
        return not any(_nested(item) for item in value)
    return True


def inline(value: Any) -> str:
    """A :func:`_flat` value on one line: ``A, B``, ``A=3, B=1``, ``—`` when empty."""
    if isinstance(value, Mapping):
        return ", ".join(f"{key}={scalar(item)}" for key, item in value.items()) or NOTHING
    if isinstance(value, (list, tuple)):
        return ", ".join(scalar(item) for item in value) or NOTHING
    return scalar(value)


def lines(value: Mapping[str, Any] | list[Any], indent: str = "") -> list[str]:
    """A mapping's entries (``key: …``) or a list's items (``1. …``), one level at ``indent``."""
    found: list[str] = []
    if isinstance(value, Mapping):
        for key, item in value.items():
            if _flat(item):
                found.append(f"{indent}{key}: {inline(item)}")
            else:
                found.append(f"{indent}{key}:")
                found += lines(item, indent + "  ")
        return found
    for number, item in enumerate(value, start=1):
        mark = f"{number}. "
        if (_flat(item) and not isinstance(item, Mapping)) or not item:
            found.append(f"{indent}{mark}{inline(item)}")
            continue
        below = lines(item, indent + " " * len(mark))  # the item's first line goes up beside its number
        found += [f"{indent}{mark}{below[0].lstrip()}", *below[1:]]
    return found
