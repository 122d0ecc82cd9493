"""One clause's history across every version of its rulebook.

A judge holding the newest rulebook asks "when did 11-1-2 get this
wording?"; the answer follows the clause back through each pair of
consecutive versions (it was 10-32-1-1 in 1.070) and forward to the newest,
through renumberings, splits and merges, using the same alignment as
``arbiter diff``.  The id is looked up in the newest version that has it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from corpus.errors import NotFound
from corpus.model import Book
from corpus.versions.diff import ADDED, REMOVED, Change, VersionDiff, diff_books

UNCHANGED = "unchanged"


@dataclass(frozen=True, slots=True)
class Step:
    """What happened to the clause from one version to the next."""

    old_version: str
    new_version: str
    change: Change

    def as_dict(self) -> dict[str, Any]:
        change = self.change
        data: dict[str, Any] = {
            "old_version": self.old_version,
            "new_version": self.new_version,
            "kind": change.kind,
            "old_ids": change.old_ids,
            "new_ids": change.new_ids,
        }
        if change.kind not in (ADDED, REMOVED, UNCHANGED):
            data.update(similarity=change.similarity, ops=[op.as_dict() for op in change.ops])
        return data


def clause_history(
    books: list[Book],
    clause_id: str,
    progress: Callable[[int], object] | None = None,
    diff: Callable[[Book, Book], VersionDiff] = diff_books,
) -> list[Step]:
    """The steps of ``clause_id`` through ``books`` (one game, oldest first).

    ``progress(n)``, if given, is called after each pair of versions is aligned.
    ``diff`` aligns one pair; a server passes one that keeps its diffs, since
    aligning every pair again on each request is most of the cost.
    """
    holding = [index for index, book in enumerate(books) if clause_id in book]
    if not holding and clause_id.endswith("."):  # typed as printed: "11-1-2."
        return clause_history(books, clause_id.rstrip("."), progress, diff)
    if not holding:
        versions = ", ".join(book.version for book in books)
        raise NotFound(f"no clause {clause_id!r} in any version ({versions})", "id")
    diffs = []
    for old, new in pairwise(books):
        diffs.append(diff(old, new))
        if progress is not None:
            progress(1)
    anchor = holding[-1]
    backward = _follow(diffs[:anchor][::-1], clause_id, forward=False)
    forward = _follow(diffs[anchor:], clause_id, forward=True)
    return backward[::-1] + forward


def _follow(diffs: list[VersionDiff], clause_id: str, forward: bool) -> list[Step]:
    steps: list[Step] = []
    ids = [clause_id]
    for diff in diffs:
        change = _change_of(diff, ids, forward)
        steps.append(Step(diff.old_book.version, diff.new_book.version, change))
        ids = change.new_ids if forward else change.old_ids
        if not ids:
            break
    return steps


def _change_of(diff: VersionDiff, ids: list[str], forward: bool) -> Change:
    """The change the clause(s) ``ids`` went through in ``diff`` (unchanged if none)."""
    side = "old_ids" if forward else "new_ids"
    for change in diff.changes:
        if set(ids) & set(getattr(change, side)):
            return change
    lookup = diff.alignment.from_old if forward else diff.alignment.to_new
    match = lookup(ids[0])
    if match is None:  # cannot happen: a clause of the book is either changed or matched unchanged
        raise LookupError(
            f"{ids[0]} is neither changed nor matched from {diff.old_book.version} to {diff.new_book.version}"
        )
    return Change(UNCHANGED, match.old, match.new, 1.0)
