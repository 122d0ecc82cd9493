"""The tree-building every layout parser shares: unique ids, problems, number sequences, clauses.

Each layout finds where its clauses start in its own way (printed numbers,
numbered headings, the shape of lines); what it does with them then is the
same, and lives here once:

* **Ids** are unique in a book: a name printed again gets ``~2``, ``~3`` …
  (:func:`corpus.model.unique_id`) and the repeat is reported.
* **Problems**, the faults of the source, are collected as they are met and
  handed over in line order.
* **Sequences**: the numbers printed under one parent should count up one by
  one.  A :class:`Step` says where a number lands after the one before it
  (back, or past some); each layout words the report, since each prints its
  numbers its own way.
* **Clauses** are made from the layout's drafts in reading order, which
  numbers them.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from corpus.model import (
    BookInfo,
    ChangeEntry,
    Clause,
    ClauseKind,
    ParseResult,
    Problem,
    ProblemKind,
    unique_id,
)

Parent = TypeVar("Parent", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Parts:
    """What a layout found of one clause; its place in the book comes from the order they are given in."""

    id: str
    parent: str | None
    title: str | None
    text: str
    kind: ClauseKind
    line_start: int
    line_end: int


@dataclass(frozen=True, slots=True)
class Step:
    """A number printed after ``previous`` (the last printed under the same parent; None: the first).

    >>> Step(3, 5).skipped(), Step(None, 3).skipped(), Step(4, 2).backwards, Step(2, 2).backwards
    (range(4, 5), range(1, 3), True, False)
    >>> Step(3, 4).next, Step(None, 1).next, Step(3, 3).next
    (True, True, False)
    """

    previous: int | None
    ordinal: int

    @property
    def backwards(self) -> bool:
        """Lower than the number before it."""
        return self.previous is not None and self.ordinal < self.previous

    @property
    def next(self) -> bool:
        """Exactly the number after the one before it (1 for the first)."""
        return self.ordinal == (1 if self.previous is None else self.previous + 1)

    @property
    def repeated(self) -> bool:
        """The same as the number before it."""
        return self.ordinal == self.previous

    def skipped(self) -> range:
        """The numbers left out before it (counting from 1 for the first)."""
        return range(1 if self.previous is None else self.previous + 1, self.ordinal)


class Sequence(Generic[Parent]):
    """The last number printed under each parent."""

    def __init__(self) -> None:
        self._last: dict[Parent, int] = {}

    def follow(self, parent: Parent, ordinal: int) -> Step:
        """Where ``ordinal`` lands after the last number under ``parent`` (then it is the last)."""
        step = Step(self._last.get(parent), ordinal)
        self._last[parent] = ordinal
        return step


class TreeBuilder:
    """One book's ids and problems while a layout reads it, and its clauses at the end."""

    def __init__(self, info: BookInfo) -> None:
        self.info = info
        self.problems: list[Problem] = []
        self._seen: dict[str, int] = {}
        self._first_line: dict[str, int] = {}

    def problem(self, kind: ProblemKind, clause: str | None, message: str, line: int) -> None:
        self.problems.append(Problem(kind, clause, message, line))

    def unique(self, name: str, line: int, again: str) -> str:
        """``name`` the first time; then ``name~2`` …, reported as ``again`` (a format string
        given the ``name`` and the line it was ``first`` printed on)."""
        clause_id = unique_id(self._seen, name)
        if clause_id == name:
            self._first_line[name] = line
        else:
            message = again.format(name=name, first=self._first_line[name])
            self.problem(ProblemKind.DUPLICATE_ID, clause_id, message, line)
        return clause_id

    def result(
        self,
        clauses: Iterable[Parts],
        excluded: Iterable[tuple[int, int, str]],
        changelog: tuple[ChangeEntry, ...] = (),
    ) -> ParseResult:
        """The parse: ``clauses`` in reading order, the problems by line."""
        return ParseResult(
            clauses=tuple(
                Clause(
                    game=self.info.game,
                    version=self.info.version,
                    id=parts.id,
                    parent=parts.parent,
                    title=parts.title,
                    text=parts.text,
                    kind=parts.kind,
                    order=order,
                    line_start=parts.line_start,
                    line_end=parts.line_end,
                )
                for order, parts in enumerate(clauses)
            ),
            problems=tuple(sorted(self.problems, key=lambda problem: problem.line)),
            changelog=changelog,
            excluded=tuple(excluded),
        )
