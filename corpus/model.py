"""The clause model: what every parser produces and every other package reads.

A rulebook version is a :class:`Book`: its manifest entry (:class:`BookInfo`),
its clauses in reading order, the problems found in the source, and the
changes the book states about itself.  Everything here is plain, immutable
data so that a parsed book can be cached, compared and shared between
threads without copying.

>>> c = Clause(game="ucg", version="1.6", id="1.3.2", parent="1.3",
...            title=None, text="…", kind=ClauseKind.RULE, order=12,
...            line_start=42, line_end=42)
>>> c.address
'ucg@1.6:1.3.2'
>>> printed_number("4.1.1a~2")
'4.1.1a'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

#: Separates a printed number from the ordinal that makes a repeated number
#: addressable: the second ``4.1.1a`` in a book gets the id ``4.1.1a~2``.
DUPLICATE_MARK = "~"
#: Joins the headings of a path-shaped id (a book that prints no numbers: ``回合流程/回合流程/①開始階段``).
PATH_MARK = "/"


class ClauseKind(enum.StrEnum):
    """What a clause is, so search can rank and pages can style it."""

    CHAPTER = "chapter"  # top-level heading ("1. 遊戲概要")
    SECTION = "section"  # heading below a chapter ("1-1. 遊戲人數")
    RULE = "rule"  # a numbered or derived rule paragraph
    EXAMPLE = "example"  # a worked example standing on its own
    NOTE = "note"  # ※ remarks and other commentary standing on their own
    FAQ = "faq"  # one question together with its answer
    GLOSSARY = "glossary"  # one glossary entry
    KEYWORD = "keyword"  # a keyword's defining paragraph (zd 900's 突袭 …)


class Script(enum.StrEnum):
    HANT = "Hant"
    HANS = "Hans"
    LATN = "Latn"


@dataclass(frozen=True, slots=True)
class BookInfo:
    """One manifest entry: which rulebook version a source file is."""

    game: str
    title: str
    version: str
    date: str
    language: str
    script: Script
    source: str  # path of the text, relative to the rulebook folder
    parser: str  # name of the layout parser (see corpus.parsers)
    game_title: str = ""
    #: The game's name as this book prints it in Chinese, in the book's script ("" if it prints none).
    game_title_zh: str = ""
    #: Headings that start a top-level part of a web page whose heading levels
    #: did not survive extraction (nothing in the text tells them apart).
    chapters: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        return f"{self.game}@{self.version}"

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "game_title": self.game_title,
            "game_title_zh": self.game_title_zh,
            "title": self.title,
            "version": self.version,
            "date": self.date,
            "language": self.language,
            "script": self.script.value,
            "parser": self.parser,
        }


@dataclass(frozen=True, slots=True)
class Clause:
    """One addressable piece of a rulebook.

    ``id`` is the number as printed, without its trailing dot; where the book
    prints none it is derived from the structure (see each parser).  A number
    printed twice keeps both clauses: the later ones get ``~2``, ``~3`` ….
    ``line_start``/``line_end`` are 1-based, inclusive lines of the source.
    """

    game: str
    version: str
    id: str
    parent: str | None
    title: str | None
    text: str
    kind: ClauseKind
    order: int
    line_start: int
    line_end: int

    @property
    def address(self) -> str:
        return f"{self.game}@{self.version}:{self.id}"

    @property
    def number(self) -> str:
        """The number as printed (the id without a duplicate ordinal)."""
        return printed_number(self.id)

    def as_dict(self, *, lines: bool = True) -> dict[str, Any]:
        """The documented fields; ``lines`` adds the source line span."""
        data: dict[str, Any] = {
            "game": self.game,
            "version": self.version,
            "id": self.id,
            "parent": self.parent,
            "title": self.title,
            "text": self.text,
            "kind": self.kind.value,
            "order": self.order,
        }
        if lines:
            data["lines"] = [self.line_start, self.line_end]
        return data


class ProblemKind(enum.StrEnum):
    """Findings about the source text itself (not about the parser)."""

    DUPLICATE_ID = "duplicate_id"
    OUT_OF_ORDER = "out_of_order"
    SKIPPED_NUMBER = "skipped_number"
    MISPLACED_HEADING = "misplaced_heading"
    UNPARSED_TEXT = "unparsed_text"


@dataclass(frozen=True, slots=True)
class Problem:
    kind: ProblemKind
    clause: str | None
    message: str
    line: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "clause": self.clause,
            "message": self.message,
            "line": self.line,
        }


class ChangeAction(enum.StrEnum):
    ADDED = "added"
    REVISED = "revised"
    DELETED = "deleted"
    MOVED = "moved"
    OTHER = "other"


@dataclass(frozen=True, slots=True)
class ChangeEntry:
    """One line of a publisher's own change list, as structured data."""

    from_version: str | None
    to_version: str
    action: ChangeAction
    clauses: tuple[str, ...]
    remark: str
    line: int
    source: str = ""  # which file the entry was read from

    def as_dict(self) -> dict[str, Any]:
        return {
            "from_version": self.from_version,
            "to_version": self.to_version,
            "action": self.action.value,
            "clauses": list(self.clauses),
            "remark": self.remark,
            "line": self.line,
            "source": self.source,
        }


@dataclass(frozen=True, slots=True)
class ParseResult:
    """What a layout parser returns for one source text.

    ``excluded`` lists the 1-based inclusive line spans that are deliberately
    not clause text (table of contents, changelog, site navigation), each
    with its reason; the coverage check leaves exactly those out.
    """

    clauses: tuple[Clause, ...]
    problems: tuple[Problem, ...] = ()
    changelog: tuple[ChangeEntry, ...] = ()
    excluded: tuple[tuple[int, int, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Book:
    """A parsed rulebook version with fast lookup by id."""

    info: BookInfo
    clauses: tuple[Clause, ...]
    problems: tuple[Problem, ...]
    changelog: tuple[ChangeEntry, ...]
    excluded: tuple[tuple[int, int, str], ...]
    coverage: float
    _by_id: dict[str, Clause] = field(default_factory=dict, repr=False, compare=False)
    _children: dict[str | None, list[str]] = field(default_factory=dict, repr=False, compare=False)
    _by_leaf: dict[str, list[Clause]] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        for clause in self.clauses:
            self._by_id[clause.id] = clause
            self._children.setdefault(clause.parent, []).append(clause.id)
            if PATH_MARK in clause.id:
                self._by_leaf.setdefault(clause.id.rsplit(PATH_MARK, 1)[1], []).append(clause)

    @property
    def game(self) -> str:
        return self.info.game

    @property
    def version(self) -> str:
        return self.info.version

    def __contains__(self, clause_id: str) -> bool:
        return clause_id in self._by_id

    def __len__(self) -> int:
        return len(self.clauses)

    def __getitem__(self, clause_id: str) -> Clause:
        """The clause ``clause_id``, known to be in the book (KeyError otherwise)."""
        return self._by_id[clause_id]

    def get(self, clause_id: str) -> Clause | None:
        return self._by_id.get(clause_id)

    def find(self, typed: str) -> Clause | None:
        """The clause a reader means: its id (a trailing dot as printed is forgiven), or, in a book whose
        ids are heading paths (bs), a heading's own title when no other heading carries it."""
        cleaned = typed.strip()
        found = self.get(cleaned) or self.get(cleaned.rstrip("."))
        if found is not None or PATH_MARK in cleaned:
            return found
        titled = self._by_leaf.get(cleaned, [])
        return titled[0] if len(titled) == 1 else None

    def children(self, clause_id: str | None) -> list[Clause]:
        """Direct children in reading order (``None`` gives the top level)."""
        return [self._by_id[i] for i in self._children.get(clause_id, ())]

    def ancestors(self, clause_id: str) -> list[Clause]:
        """From the top-level clause down to the direct parent."""
        chain: list[Clause] = []
        clause = self._by_id.get(clause_id)
        while clause is not None and clause.parent is not None:
            clause = self._by_id.get(clause.parent)
            if clause is not None:
                chain.append(clause)
        return chain[::-1]


def unique_id(seen: dict[str, int], name: str) -> str:
    """``name`` the first time, then ``name~2``, ``name~3`` … (``seen`` counts).

    >>> seen = {}
    >>> [unique_id(seen, "4.1.1a"), unique_id(seen, "4.1.1a"), unique_id(seen, "4.1.2")]
    ['4.1.1a', '4.1.1a~2', '4.1.2']
    """
    count = seen[name] = seen.get(name, 0) + 1
    return name if count == 1 else f"{name}{DUPLICATE_MARK}{count}"


def printed_number(clause_id: str) -> str:
    """Strip the duplicate ordinal a repeated number was given."""
    return clause_id.split(DUPLICATE_MARK, 1)[0]
