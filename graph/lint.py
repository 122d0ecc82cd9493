"""Lint a rulebook: what is wrong in the book's own text, each with its source line.

Findings come from three places:

* the parse (:attr:`corpus.model.Book.problems`): duplicate ids, out-of-order
  or skipped numbers, misplaced headings, text no clause took;
* the references (:mod:`graph.build`): a target that does not exist, a
  printed title that names another clause, a number printed twice, and — in
  a numbered book — a clause that is cited by its title only (retitling it
  breaks the reference silently);
* the book's change list (:attr:`corpus.model.Book.changelog`): an entry that
  names a clause the book does not have, or "deletes" one it still prints.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from corpus.model import Book, ChangeAction
from graph.build import graph_for
from graph.citations import CitationKind, Reference, Status
from graph.find import numbering_scheme


class FindingKind(enum.StrEnum):
    """What a finding is about: the parse's own problem kinds (the members of
    :class:`corpus.model.ProblemKind`), then those the references and the change list add.

    >>> from corpus.model import ProblemKind
    >>> [kind.value for kind in FindingKind][:len(ProblemKind)] == [kind.value for kind in ProblemKind]
    True
    """

    DUPLICATE_ID = "duplicate_id"
    OUT_OF_ORDER = "out_of_order"
    SKIPPED_NUMBER = "skipped_number"
    MISPLACED_HEADING = "misplaced_heading"
    UNPARSED_TEXT = "unparsed_text"
    DANGLING_REFERENCE = "dangling_reference"  # the target does not exist
    TITLE_DISAGREES = "title_disagrees"  # the printed title names another clause
    AMBIGUOUS_REFERENCE = "ambiguous_reference"  # the number or title is printed twice
    CITED_BY_TITLE_ONLY = "cited_by_title_only"  # retitling would break it silently
    CHANGELOG_UNKNOWN_CLAUSE = "changelog_unknown_clause"
    CHANGELOG_DELETED_PRESENT = "changelog_deleted_present"


@dataclass(frozen=True, slots=True)
class Finding:
    kind: FindingKind
    clause: str | None
    message: str
    line: int  # 1-based line of the rulebook source (of the change-list file for its entries)
    source: str = ""  # the file ``line`` is in, relative to the rulebook folder

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "clause": self.clause,
            "message": self.message,
            "line": self.line,
            "source": self.source,
        }


_BY_STATUS = {
    Status.NOT_FOUND: FindingKind.DANGLING_REFERENCE,
    Status.TITLE_DISAGREES: FindingKind.TITLE_DISAGREES,
    Status.AMBIGUOUS: FindingKind.AMBIGUOUS_REFERENCE,
}


def lint(book: Book) -> list[Finding]:
    """Every finding about ``book``, in source order."""
    findings = [
        Finding(
            FindingKind(problem.kind.value), problem.clause, problem.message, problem.line, book.info.source
        )
        for problem in book.problems
    ]
    findings += _reference_findings(book)
    findings += _changelog_findings(book)
    return sorted(findings, key=lambda f: (f.source != book.info.source, f.source, f.line, f.kind.value))


def problem_count(book: Book) -> int:
    """How many problems ``book`` has: the one count every front end shows.

    The home page, the rulebook page, the lint pages and ``arbiter books``
    all count with this, and a count is a link to (or the heading of) the
    list :func:`lint` gives, so it must be the length of that list.  It
    counts the lint's findings rather than the parse's own
    :attr:`~corpus.model.Book.problems` because those are only part of what
    is wrong in a book's text: a reference to a clause that does not exist
    (uhb cites 4.4.2a), a printed title naming another clause, or a change
    list deleting a clause the book still prints misleads a reader as much
    as a number printed twice does.
    """
    return len(lint(book))


def _reference_findings(book: Book) -> list[Finding]:
    graph = graph_for(book)
    findings = []
    explicit = [r for r in graph.references if r.kind is CitationKind.CITES]
    for ref in explicit:
        if ref.status in _BY_STATUS:
            findings.append(
                _about(book, ref, _BY_STATUS[ref.status], f"「{ref.raw}」 → {ref.printed}: {ref.reason}")
            )
    if numbering_scheme(c.id for c in book.clauses) is None:
        return findings  # a book without numbers can only cite by title
    by_number = {r.target for r in explicit if r.resolved and not r.by_title}
    for ref in explicit:
        if ref.by_title and ref.resolved and ref.target not in by_number:
            findings.append(
                _about(
                    book,
                    ref,
                    FindingKind.CITED_BY_TITLE_ONLY,
                    f"「{ref.raw}」 names {ref.target} by its title only; nothing cites it by number",
                )
            )
    return findings


def _about(book: Book, ref: Reference, kind: FindingKind, message: str) -> Finding:
    return Finding(kind, ref.source, message, book[ref.source].line_start, book.info.source)


def _changelog_findings(book: Book) -> list[Finding]:
    findings = []
    for entry in book.changelog:
        source = entry.source or book.info.source
        for clause_id in entry.clauses:
            present = clause_id in book
            if entry.action is ChangeAction.DELETED and present:
                findings.append(
                    Finding(
                        FindingKind.CHANGELOG_DELETED_PRESENT,
                        clause_id,
                        f"the change list for {entry.to_version} deletes {clause_id}, but the book still prints it",
                        entry.line,
                        source,
                    )
                )
            elif entry.action is not ChangeAction.DELETED and not present:
                findings.append(
                    Finding(
                        FindingKind.CHANGELOG_UNKNOWN_CLAUSE,
                        clause_id,
                        f"the change list for {entry.to_version} ({entry.action}) names {clause_id}, "
                        f"which the book does not have",
                        entry.line,
                        source,
                    )
                )
    return findings
