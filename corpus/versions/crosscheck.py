"""Check a diff against the changes the publisher says it made.

Rulebooks state their own changes (ucg's and gcg's trailers, dbscg's history
file, all read by :mod:`corpus.changelog`).  Both sides can be wrong: the
parser may miss a change, and changelogs forget things or name the wrong
clause.  So nothing is forced to agree; the report says, for every stated
change, whether the diff *confirms* it (every clause it names changed —
*partial* when only some did) or it was *not found*, and lists every change
the diff found that no statement mentions.

A statement that names clauses is confirmed by a change to that clause or to
anything inside it (``Revised 7-4.`` is borne out by a change to 7-4-1-3).
One that names none (``Added section on [Wish].``) is matched by its subject:
a bracketed term (``[Wish]``, 【爆發】, 《先制攻擊》, 「…」) found in a changed
clause, or, without one, a content word found among the words the change
inserted or deleted (``…count as keyword skills`` ↔ an inserted ``keyword``).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from corpus.changelog import VERBS
from corpus.manifest import version_key
from corpus.model import Book, ChangeEntry, Clause, printed_number
from corpus.versions.diff import ADDED, REMOVED, Change, VersionDiff
from corpus.versions.inline import canonical, changed_text

#: Bracketed terms: how rulebooks mark the name of a keyword or a section.
TERM = re.compile(r"\[[^\]\n]+\]|【[^】\n]+】|《[^》\n]+》|「[^」\n]+」")
_WORD = re.compile(r"[A-Za-z]{4,}")
#: Words of a change statement that say nothing about its subject: the
#: change verbs themselves and the vocabulary of change lists.
NOT_A_SUBJECT = frozenset(word for words in VERBS.values() for word in words if word.isascii()) | frozenset(
    """about accordingly also been details detail explanation from have into
    missing more numbering only other rule rules section sections some such
    text that their them there these they this those update what when which
    with would""".split()
)


class Status(enum.StrEnum):
    CONFIRMED = "confirmed"
    PARTIAL = "partial"
    NOT_FOUND = "not_found"


@dataclass(frozen=True, slots=True)
class Verdict:
    """One stated change and what the diff says about it."""

    entry: ChangeEntry
    status: Status
    changes: tuple[Change, ...]
    unconfirmed: tuple[str, ...] = ()  # stated clause ids no change touches

    def as_dict(self) -> dict[str, Any]:
        return {
            "stated": self.entry.as_dict(),
            "status": self.status.value,
            "changes": [{"kind": c.kind, "clauses": c.label} for c in self.changes],
            "unconfirmed": list(self.unconfirmed),
        }


@dataclass(frozen=True, slots=True)
class CrossCheck:
    verdicts: tuple[Verdict, ...]
    unmentioned: tuple[Change, ...]  # found, but no statement mentions it

    def counts(self) -> dict[str, int]:
        counts = {status.value: 0 for status in Status}
        for verdict in self.verdicts:
            counts[verdict.status.value] += 1
        counts["unmentioned"] = len(self.unmentioned)
        return counts

    def as_dict(self) -> dict[str, Any]:
        return {
            "counts": self.counts(),
            "stated": [verdict.as_dict() for verdict in self.verdicts],
            "unmentioned": [{"kind": c.kind, "clauses": c.label} for c in self.unmentioned],
        }


def stated_changes(diff: VersionDiff) -> list[ChangeEntry]:
    """Every change the publisher states for the versions after ``old`` up to ``new``."""
    from corpus.library import history

    low, high = version_key(diff.old_book.version), version_key(diff.new_book.version)
    seen: dict[tuple[str, int], ChangeEntry] = {}
    for entry in (*diff.new_book.changelog, *history(diff.game)):
        if low < version_key(entry.to_version) <= high:
            seen.setdefault((entry.source, entry.line), entry)
    return list(seen.values())


def cross_check(diff: VersionDiff, entries: list[ChangeEntry] | None = None) -> CrossCheck:
    """Each stated change confirmed or not, and each found change nobody stated."""
    if entries is None:
        entries = stated_changes(diff)
    verdicts = tuple(_verdict(entry, diff) for entry in entries)
    mentioned = {id(change) for verdict in verdicts for change in verdict.changes}
    unmentioned = tuple(c for c in diff.changes if id(c) not in mentioned)
    return CrossCheck(verdicts, unmentioned)


def _verdict(entry: ChangeEntry, diff: VersionDiff) -> Verdict:
    if entry.clauses:
        touched = {number: _touching(number, diff) for number in entry.clauses}
        changes = _unique(change for found in touched.values() for change in found)
        missing = tuple(number for number, found in touched.items() if not found)
        if not changes:
            status = Status.NOT_FOUND
        else:
            status = Status.PARTIAL if missing else Status.CONFIRMED
        return Verdict(entry, status, changes, missing)
    changes = tuple(change for change in diff.changes if _about(entry.remark, change))
    return Verdict(entry, Status.CONFIRMED if changes else Status.NOT_FOUND, changes)


def _touching(number: str, diff: VersionDiff) -> list[Change]:
    """Changes to the clause printed as ``number`` or to anything inside it."""
    found = []
    for change in diff.changes:
        lineage = _lineage(change.old, diff.old_book) | _lineage(change.new, diff.new_book)
        if number in lineage:
            found.append(change)
    return found


def _lineage(clauses: tuple[Clause, ...], book: Book) -> set[str]:
    numbers = set()
    for clause in clauses:
        numbers.add(printed_number(clause.id))
        numbers.update(printed_number(parent.id) for parent in book.ancestors(clause.id))
    return numbers


def _about(remark: str, change: Change) -> bool:
    """Whether a statement that names no clause describes ``change``."""
    terms = [canonical(term).casefold() for term in TERM.findall(remark)]
    if terms:
        said = canonical(f"{change.old_text}\n{change.new_text}").casefold()
        return any(term in said for term in terms)
    subject = _subject_words(remark)
    if change.kind in (ADDED, REMOVED):
        edited = f"{change.old_text} {change.new_text}"
    else:
        edited = " ".join(changed_text(list(change.ops)))
    return bool(subject & _subject_words(edited, keep_all=True))


def _subject_words(text: str, keep_all: bool = False) -> set[str]:
    """Content words, lower-cased, a plural ``s`` dropped (``skills`` ~ ``skill``)."""
    words = set()
    for word in _WORD.findall(text):
        word = word.lower()
        if keep_all or word not in NOT_A_SUBJECT:
            words.add(word[:-1] if word.endswith("s") else word)
    return words


def _unique(changes: Iterable[Change]) -> tuple[Change, ...]:
    seen: dict[int, Change] = {}
    for change in changes:
        seen.setdefault(id(change), change)
    return tuple(seen.values())
