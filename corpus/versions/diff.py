"""The diff between two versions of a rulebook, as data.

Built from an :class:`~corpus.versions.align.Alignment`: every change is one
:class:`Change` (what kind, which old and new clauses, the inline edits),
and :meth:`VersionDiff.as_dict` gives the JSON every front end shows::

    {"game", "old", "new",
     "summary": {"unchanged", "modified", "renumbered", "split", "merged", "added", "removed"},
     "added": [id], "removed": [id],
     "modified": [{id, old, new, ops, similarity}],
     "renumbered": [{from, to, similarity, [old, new, ops when the text changed too]}],
     "split": [{from, to: [id], similarity, old, new, ops}],
     "merged": [{from: [id], to, similarity, old, new, ops}]}

``old``/``new`` are the clause contents (title, then text) as the book shows
them; ``ops`` the inline edits (:mod:`corpus.versions.inline`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from corpus.model import Book, Clause
from corpus.versions.align import Alignment, Match, MatchKind, align, content
from corpus.versions.inline import Op, canonical, display, inline_ops

ADDED, REMOVED = "added", "removed"
#: The change kinds in the order they are listed.
KINDS = ("modified", "renumbered", "split", "merged", ADDED, REMOVED)


@dataclass(frozen=True, slots=True)
class Change:
    """One thing that happened to the rulebook between two versions."""

    kind: str  # one of KINDS
    old: tuple[Clause, ...]
    new: tuple[Clause, ...]
    similarity: float = 0.0
    ops: tuple[Op, ...] = ()

    @property
    def old_ids(self) -> list[str]:
        return [clause.id for clause in self.old]

    @property
    def new_ids(self) -> list[str]:
        return [clause.id for clause in self.new]

    @property
    def old_text(self) -> str:
        return "\n".join(display(content(clause)) for clause in self.old)

    @property
    def new_text(self) -> str:
        return "\n".join(display(content(clause)) for clause in self.new)

    @property
    def label(self) -> str:
        """``10-32 → 11-1`` style: the ids on both sides."""
        old, new = ", ".join(self.old_ids), ", ".join(self.new_ids)
        if not self.new:
            return old
        if not self.old or old == new:
            return new
        return f"{old} → {new}"

    def as_dict(self) -> str | dict[str, Any]:
        """An added or removed clause is its id; any other change, a mapping."""
        if self.kind == ADDED:
            return self.new[0].id
        if self.kind == REMOVED:
            return self.old[0].id
        data: dict[str, Any]
        if self.kind == "modified":
            data = {"id": self.new[0].id}
        else:
            data = {
                "from": self.old_ids if len(self.old) > 1 else self.old[0].id,
                "to": self.new_ids if len(self.new) > 1 else self.new[0].id,
            }
        data["similarity"] = self.similarity
        if self.ops or self.kind != "renumbered":
            data["old"], data["new"] = self.old_text, self.new_text
            data["ops"] = [op.as_dict() for op in self.ops]
        return data


@dataclass(frozen=True)
class VersionDiff:
    """What changed from ``old_book`` to ``new_book``, clause by clause."""

    old_book: Book
    new_book: Book
    alignment: Alignment
    changes: tuple[Change, ...]

    @property
    def game(self) -> str:
        return self.new_book.game

    @property
    def unchanged(self) -> int:
        return len(self.alignment.of_kind(MatchKind.UNCHANGED))

    def of_kind(self, kind: str) -> list[Change]:
        return [change for change in self.changes if change.kind == kind]

    def summary(self) -> dict[str, int]:
        counts = {"unchanged": self.unchanged}
        counts.update({kind: len(self.of_kind(kind)) for kind in KINDS})
        return counts

    def touching(self, clause_ids: Iterable[str]) -> list[Change]:
        """The changes that involve any of ``clause_ids`` (as old or new ids)."""
        wanted = set(clause_ids)
        return [c for c in self.changes if wanted & {*c.old_ids, *c.new_ids}]

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.game,
            "old": self.old_book.version,
            "new": self.new_book.version,
            "summary": self.summary(),
        }
        for kind in (ADDED, REMOVED, *KINDS[:4]):
            data[kind] = [change.as_dict() for change in self.of_kind(kind)]
        return data


def _change(match: Match) -> Change:
    old = "\n".join(content(clause) for clause in match.old)
    new = "\n".join(content(clause) for clause in match.new)
    ops = () if canonical(old) == canonical(new) else tuple(inline_ops(old, new))
    return Change(match.kind.value, match.old, match.new, match.similarity, ops)


def diff_versions(game: str, old: str, new: str) -> VersionDiff:
    """The diff between two known versions of ``game`` (bundled or ingested)."""
    from corpus.library import load_book

    return diff_books(load_book(game, old), load_book(game, new))


def diff_books(old: Book, new: Book) -> VersionDiff:
    """Align two parsed versions and describe every change."""
    alignment = align(old.clauses, new.clauses)
    changes = [_change(m) for m in alignment.matches if m.kind is not MatchKind.UNCHANGED]
    changes += [Change(ADDED, (), (clause,)) for clause in alignment.added]
    changes += [Change(REMOVED, (clause,), ()) for clause in alignment.removed]
    return VersionDiff(old, new, alignment, tuple(changes))
