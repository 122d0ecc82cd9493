"""The citation types: small, immutable records of what a text says and where.

A :class:`Citation` is found in one clause's text (see :mod:`graph.find` and
:mod:`graph.terms`); each of its :class:`Target` s is one thing it points at,
as printed.  Resolving a target against a book (:mod:`graph.resolve`) gives a
:class:`Reference`: the same span, plus the clause it lands on or the reason
it lands nowhere.  Spans are ``(start, end)`` character offsets into the
clause text, end exclusive, so ``text[start:end]`` is the printed words.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any


class CitationKind(enum.StrEnum):
    """How one clause points at another."""

    CONTAINS = "contains"  # the clause hierarchy (parent → child); graph edges only
    CITES = "cites"  # an explicit reference: 參閱 13-2-5, see “10-1. KO”, 1.1.6
    TERM = "term"  # a defined term or keyword used in the text: 《先制攻擊》


@dataclass(frozen=True, slots=True)
class Target:
    """One thing a citation points at, as printed.

    ``number`` and ``title`` are what the text prints (either may be missing:
    「請參閱「遊戲流程規則」」 has no number, 「参见 2.0.7」 no title);
    ``until`` closes a range (「参照 318—321」); ``relative`` names a position
    instead (``"previous"`` for zd's 「请参照上条」).  ``span`` covers exactly
    the printed target, which is what a web page turns into a link.
    """

    span: tuple[int, int]
    number: str | None = None
    title: str | None = None
    until: str | None = None
    relative: str | None = None

    @property
    def printed(self) -> str:
        """The target as a reader would name it: ``318—321``, ``13-2-5.【爆發】``."""
        if self.relative:
            return self.relative
        number = f"{self.number}—{self.until}" if self.until else self.number
        if number and self.title:
            return f"{number}.{self.title}"
        return number or self.title or ""


@dataclass(frozen=True, slots=True)
class Citation:
    """A run of text that points at one or more clauses.

    ``keyword`` is the word that introduced it as printed with blanks removed
    (``參閱``, ``see``), or ``None`` for a bare number (``不适用规则 1.1.6``)
    and for terms.  ``raw`` is ``text[span[0]:span[1]]``.
    """

    span: tuple[int, int]
    raw: str
    targets: tuple[Target, ...]
    kind: CitationKind = CitationKind.CITES
    keyword: str | None = None

    @property
    def target_numbers(self) -> tuple[str, ...]:
        """Every number printed, range ends included."""
        return tuple(n for t in self.targets for n in (t.number, t.until) if n)


class Status(enum.StrEnum):
    """What became of one target when it was looked up in its book."""

    RESOLVED = "resolved"
    TITLE_DISAGREES = "title_disagrees"  # found by number, but the printed title names another
    AMBIGUOUS = "ambiguous"  # the number or title is printed on more than one clause
    NOT_FOUND = "not_found"  # no clause has that number or title


@dataclass(frozen=True, slots=True)
class Reference:
    """A target resolved (or not) to a clause of the same rulebook version."""

    source: str  # id of the citing clause
    kind: CitationKind
    target: str | None  # id of the clause pointed at; None when it does not exist
    status: Status
    span: tuple[int, int]  # of the printed target in the citing clause's text
    raw: str  # the whole citation as printed
    printed: str  # this target as printed
    by_title: bool = False  # found by its title alone (no number printed)
    reason: str | None = None  # why it is not simply resolved

    @property
    def resolved(self) -> bool:
        return self.target is not None

    def as_dict(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "target": self.target,
            "kind": self.kind.value,
            "text": self.raw,
            "printed": self.printed,
            "span": list(self.span),
            "status": self.status.value,
            "by_title": self.by_title,
            "reason": self.reason,
        }
