"""What the JSON API answers (and the board file it takes), as pydantic models.

The page functions build plain dicts; these models say which fields those
dicts promise, and :mod:`webapp.views.openapi` turns them into the schemas
of ``/api/openapi.json``.  Every object allows extra properties, so adding a
field is not a breaking change; the listed ones are promised.  A field
typed ``X | None`` with no default is always present and may be null; one
typed ``X | Absent`` may be left out, and is never null.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, create_model
from pydantic.json_schema import SkipJsonSchema

from corpus.model import ClauseKind, Script
from judge import ruling as judged

Span = Annotated[list[int], Field(min_length=2, max_length=2, description="[start, end) offsets")]
AnyObject = dict[str, Any]
#: A field that may be missing (its schema does not admit null).
Absent = SkipJsonSchema[None]
DiffKind = Literal["unchanged", "modified", "renumbered", "split", "merged", "added", "removed"]


class Shape(BaseModel):
    """A response object: the listed fields are promised, more may come."""

    model_config = ConfigDict(extra="allow")


class BookSummary(Shape):
    game: str
    game_title: str
    game_title_zh: str
    title: str
    version: str
    parser: str
    date: str
    language: str
    script: Script
    url: str


class BookDetail(BookSummary):
    clauses: int
    problems: int
    versions: list[str]
    numbered: bool


class ClauseLink(Shape):
    id: str
    kind: ClauseKind
    label: str
    url: str


class Neighbour(ClauseLink):
    relation: str


class Reference(Shape):
    source: str
    target: str | None
    kind: str
    text: str
    printed: str
    span: Span
    status: str
    by_title: bool
    reason: str | None
    label: str | Absent = Field(None, description="the other end's label, where it exists")
    url: str | Absent = Field(None, description="the other end's address, where it exists")


class Hit(Shape):
    game: str
    version: str
    id: str
    title: str
    kind: ClauseKind
    snippet: str
    highlights: list[Span]
    score: float
    exact: bool
    url: str
    script: Script


class QuestionOutcome(Shape):
    """The outcome of a question engine: its reason (an enum value of the game) and facts."""

    reason: str


def _replay_outcomes() -> tuple[type[BaseModel], ...]:
    """Each replay game's own outcome model (result, reason, winner, final state …)."""
    from judge.registry import ENGINES, engine

    return tuple(rules.outcome for game in ENGINES if (rules := engine(game).rules) is not None)


#: A ruling's outcome: a replay game's typed outcome, or a question engine's reason and facts.
Outcome = Union[(*_replay_outcomes(), QuestionOutcome)]  # type: ignore[valid-type]


def _described(model: type[BaseModel], name: str, **replaced: Any) -> type[BaseModel]:
    """``model`` as the API writes it: its own fields, some with a more exact type or added."""
    fields: dict[str, Any] = {
        field: (info.annotation, info) for field, info in model.model_fields.items() if field not in replaced
    }
    found: type[BaseModel] = create_model(name, __base__=Shape, __doc__=model.__doc__, **fields, **replaced)
    return found


Choice = _described(judged.Choice, "Choice", outcome=(Outcome, ...))
#: A ruling, as :class:`judge.ruling.Ruling` writes it: its fields, each outcome typed, and ``gaps``.
Ruling = _described(
    judged.Ruling,
    "Ruling",
    outcome=(Outcome, ...),
    choices=(list[Choice], ...),  # type: ignore[valid-type]  # a model built above
    gaps=(
        list[judged.Step],
        Field(
            description="the steps where the rulebook is silent or contradicts itself, or a fact is missing"
        ),
    ),
)


class Question(Shape):
    game: str
    question: str
    summary: str
    url: str


class Finding(Shape):
    kind: str
    clause: str | None
    message: str
    line: int
    source: str
    url: str | None


class Problem(Shape):
    path: str
    message: str
    cites: list[str]


class ErrorDetail(Shape):
    code: str
    message: str
    field: str | None
    problems: list[Problem] | Absent = Field(None, description="a board file's problems, one per field")


class Error(Shape):
    """Every 4xx answer: what was wrong, and which parameter or field it was."""

    error: ErrorDetail


class GameBooks(Shape):
    game: str
    game_title: str
    versions: list[BookDetail]


class Home(Shape):
    games: list[GameBooks]


class TocNode(Shape):
    id: str
    kind: ClauseKind
    label: str
    url: str
    children: list[TocNode]


class Book(Shape):
    book: BookDetail
    toc: list[TocNode]


class ClauseBody(Shape):
    game: str
    version: str
    id: str
    parent: str | None
    title: str | None
    text: str
    kind: ClauseKind
    order: int
    lines: Span
    number: str
    label: str
    url: str


class VersionPresence(Shape):
    version: str
    present: bool
    url: str | None


class ClausePage(Shape):
    book: BookDetail
    clause: ClauseBody
    ancestors: list[ClauseLink]
    children: list[ClauseLink]
    previous: ClauseLink | None
    next: ClauseLink | None
    references: list[Reference]
    cited_by: list[Reference]
    term_users: list[Reference]
    versions: list[VersionPresence]
    neighbourhood: list[Neighbour]


class SearchFilters(Shape):
    game: str | None
    version: str | None
    kind: str | None


class SearchChoices(Shape):
    games: list[str]
    versions: dict[str, list[str]]
    kinds: list[str]


class SearchPage(Shape):
    query: str
    filters: SearchFilters
    choices: SearchChoices
    hits: list[Hit]
    total: int
    page: int
    pages: int
    per_page: int
    redirect: str | None = Field(description="the clause the query names, where it names exactly one")


class GameQuestions(Shape):
    game: str
    questions: list[Question]


class RuleIndex(Shape):
    games: list[GameQuestions]


class ClauseNote(Shape):
    label: str
    text: str
    url: str


class RulePage(Shape):
    game: str | None
    script: str | None
    question: str | None
    summary: str | None
    versions: list[str]
    questions: list[Question]
    board_schema: AnyObject | None = Field(alias="schema", description="the question's board schema")
    yaml: str
    board: AnyObject | None
    ruling: Ruling | None  # type: ignore[valid-type]  # a model built above
    clauses: dict[str, ClauseNote]
    problems: list[AnyObject]


class GameVersions(Shape):
    game: str
    game_title: str
    versions: list[str]


class ChosenVersions(Shape):
    game: str | None
    old: str | None
    new: str | None


class SuggestedVersions(Shape):
    game: str
    old: str
    new: str


class VersionsIndex(Shape):
    games: list[GameVersions]
    chosen: ChosenVersions
    suggested: SuggestedVersions
    redirect: str | None


class Changelog(Shape):
    counts: AnyObject
    stated: list[AnyObject]
    unmentioned: list[AnyObject]


class DiffTexts(Shape):
    old: dict[str, str] = Field(description="the text of each removed clause, by id")
    new: dict[str, str] = Field(description="the text of each added clause, by id")


class Diff(Shape):
    game: str
    old: str
    new: str
    summary: dict[DiffKind, int]
    added: list[str]
    removed: list[str]
    modified: list[AnyObject]
    renumbered: list[AnyObject]
    split: list[AnyObject]
    merged: list[AnyObject]
    changelog: Changelog
    texts: DiffTexts
    versions: list[str]


class HistoryStep(Shape):
    old_version: str
    new_version: str
    kind: DiffKind
    old_ids: list[str]
    new_ids: list[str]
    diff_url: str


class History(Shape):
    game: str
    clause: str
    label: str
    url: str
    versions: list[str]
    steps: list[HistoryStep]


class Compare(Shape):
    left: str | None
    right: str | None
    concept: str | None
    concepts: list[str] = Field(description="the concepts the synonym files name, to choose from")
    comparison: AnyObject | None
    matches: list[AnyObject] | None


class LintSummary(BookSummary):
    findings: int
    kinds: dict[str, int]


class LintIndex(Shape):
    books: list[LintSummary]


class Lint(Shape):
    book: BookSummary
    findings: list[Finding]


class OpenAPI(Shape):
    openapi: str
    info: AnyObject
    paths: AnyObject


class BoardFile(Shape):
    """A board file: which question it asks, and the board.

    The board's own fields are the question's (its JSON Schema is under
    ``schema`` in ``GET /api/rule/{game}/{question}``); the same document
    may be sent as YAML.  At an address that names the game and question,
    the file may leave them out.
    """

    game: str | Absent = Field(None, description="A game with a rulings engine.")
    version: str | Absent = Field(None, description="The rulebook version (default: the newest).")
    question: str | Absent = Field(None, description="One of the game's questions.")
