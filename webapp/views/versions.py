"""Versions: what changed between two versions, one clause's history, and comparisons.

The data are those of ``arbiter diff --json`` and ``arbiter compare --json``
(:mod:`corpus.versions`), so the page, the API and the command line agree.
A diff is computed once per pair of parsed books and kept while those books
are the ones the library serves (an ingest that replaces one makes a new
book, and so a new diff).
"""

from __future__ import annotations

import threading
from itertools import pairwise
from typing import Annotated, Any

from flask import url_for
from pydantic import Field, StringConstraints

from corpus.errors import ArbiterError
from corpus.languages import language_tag, split_edition
from corpus.library import all_books, edition, editions, games, languages, load_book, versions, versions_in
from corpus.model import Book, BookInfo
from corpus.versions.compare import compare_sides, concept_view
from corpus.versions.crosscheck import CrossCheck, cross_check
from corpus.versions.diff import ADDED, REMOVED, VersionDiff, diff_books
from corpus.versions.lineage import clause_history
from corpus.versions.translation import compare_pair
from webapp.views import Area, Failed
from webapp.views.clauses import brief, clause_at, find_clause
from webapp.views.links import clause_url
from webapp.views.params import ADDRESS, MAX_TEXT, OptionalText, QueryModel, RequiredText, echoed
from webapp.views.schemas import Compare, Diff, History, VersionsIndex

area = Area("versions", __name__)
_diffs: dict[tuple[BookInfo, BookInfo], tuple[Book, Book, VersionDiff, CrossCheck]] = {}
_lock = threading.Lock()
#: How many of a matched heading's clauses the concept view lists.
CHILDREN_SHOWN = 6
Address = Annotated[str, StringConstraints(max_length=MAX_TEXT, pattern=ADDRESS)]


def diff_of(game: str, old: str, new: str) -> tuple[VersionDiff, CrossCheck]:
    """The diff and changelog cross-check between two versions (cached per pair of books)."""
    return _diff_and_check(
        load_book(game, edition(game, old, "old")), load_book(game, edition(game, new, "new"))
    )


def _diff_and_check(old_book: Book, new_book: Book) -> tuple[VersionDiff, CrossCheck]:
    key = (old_book.info, new_book.info)
    cached = _diffs.get(key)
    if cached is None or cached[0] is not old_book or cached[1] is not new_book:
        diff = diff_books(old_book, new_book)
        cached = (old_book, new_book, diff, cross_check(diff))
        with _lock:
            _diffs[key] = cached
    return cached[2], cached[3]


def _kept_diff(old_book: Book, new_book: Book) -> VersionDiff:
    return _diff_and_check(old_book, new_book)[0]


def diff_url(game: str, old: str, new: str) -> str:
    return url_for("versions.diff", game=game, old=old, new=new)


class VersionsQuery(QueryModel):
    """The game and the two versions chosen so far (all three: the diff's address)."""

    game: OptionalText = Field(None, description="Game to diff.")
    old: OptionalText = Field(None, description="Older version.")
    new: OptionalText = Field(None, description="Newer version.")


class HistoryQuery(QueryModel):
    """Which language's editions to follow the clause through."""

    language: OptionalText = Field(
        None, description="A language the game has editions in (fr); empty: the game's own."
    )


class CompareQuery(QueryModel):
    """left=GAME:ID and right=GAME:ID, two clauses to compare (one without the other is refused); or
    concept=TERM, to find in every game (it wins when all three are given); or nothing, for the
    concepts to choose from."""

    together = (("left", "right"),)
    left: Address | None = Field(None, description="A clause as GAME[@VERSION]:ID (ucg:1.3.2).")
    right: Address | None = Field(None, description="A clause as GAME[@VERSION]:ID (gcg:1-2-2).")
    concept: RequiredText | None = Field(
        None, description="A term (勝利條件) or a synonym-file concept (win_conditions)."
    )


@area.page(
    "/versions",
    template="versions_index.html",
    response=VersionsIndex,
    query=VersionsQuery,
    summary="Games and their versions, to choose two to compare (all three chosen: a redirect "
    "to their diff).",
)
def versions_index(params: VersionsQuery) -> dict[str, Any]:
    chosen = params.model_dump()
    listed = [{"game": game, "game_title": _title(game), "versions": editions(game)} for game in games()]
    pairs = [
        {"game": game, "old": old, "new": new, "url": diff_url(game, old, new)}
        for game in games()
        for language in languages(game)
        for old, new in pairwise(versions_in(game, language))
    ]
    data: dict[str, Any] = {
        "games": listed,
        "diffs": pairs,
        "chosen": chosen,
        "suggested": suggested_pair(),
        "redirect": None,
    }
    if all(chosen.values()):
        diff_of(chosen["game"], chosen["old"], chosen["new"])  # check before sending the browser on
        data["redirect"] = diff_url(chosen["game"], chosen["old"], chosen["new"])
    return data


def suggested_pair() -> dict[str, str]:
    """The two newest versions, in its own language, of the first game that has two."""
    own = {game: versions(game) for game in games()}
    game = next((game for game, known in own.items() if len(known) > 1), games()[0])
    return {"game": game, "old": own[game][-2:][0], "new": own[game][-1]}


def concept_keys() -> list[str]:
    """The concepts the synonym files name (suggestions for the concept view)."""
    from corpus.search.synonyms import concepts

    return sorted({key for game in games() for key in concepts(game)})


def _title(game: str) -> str:
    return next(info.game_title for info in all_books() if info.game == game)


@area.page(
    "/versions/<game:game>/<edition:old>/<edition:new>",
    template="diff.html",
    response=Diff,
    summary="What changed from OLD to NEW, clause by clause, with the publisher's "
    "changelog checked against it.",
)
def diff(game: str, old: str, new: str) -> dict[str, Any]:
    found, check = diff_of(game, old, new)
    data = found.as_dict()
    data["changelog"] = check.as_dict()
    data["texts"] = {
        "old": {c.old_ids[0]: c.old_text for c in found.of_kind(REMOVED)},
        "new": {c.new_ids[0]: c.new_text for c in found.of_kind(ADDED)},
    }
    data["versions"] = versions_in(game, split_edition(found.old_book.version)[1])
    return data


@area.page(
    "/versions/<game:game>/history/<path:clause_id>",
    template="history.html",
    response=History,
    query=HistoryQuery,
    summary="One clause through every version of its rulebook in one language.",
)
def history(game: str, clause_id: str, params: HistoryQuery | None) -> dict[str, Any]:
    known = versions_in(game, params.language if params else None)
    books = [load_book(game, version) for version in known]
    holder = next((book for book in reversed(books) if clause_id in book), books[-1])
    clause = find_clause(holder, clause_id)
    steps = []
    for step in clause_history(books, clause.id, diff=_kept_diff):
        row = step.as_dict()
        row["diff_url"] = diff_url(game, step.old_version, step.new_version)
        steps.append(row)
    return {
        "game": game,
        "language": language_tag(holder.info),
        "clause": clause.id,
        "label": clause.title or clause.text[:80],
        "url": clause_url(game, holder.version, clause.id),
        "versions": known,
        "steps": steps,
    }


@area.page(
    "/compare",
    template="compare.html",
    response=Compare,
    query=CompareQuery,
    form_errors=True,
    summary="Two clauses side by side (left and right), or the best clause of every game "
    "for a concept; with neither, the concepts to choose from.",
)
def compare(params: CompareQuery | None) -> dict[str, Any]:
    data: dict[str, Any] = {
        **echoed("left", "right", "concept"),
        "concepts": concept_keys(),
        "comparison": None,
        "matches": None,
    }
    try:
        if params is not None and params.concept:
            data["matches"] = concept_matches(params.concept)
        elif params is not None and params.left and params.right:
            data["comparison"] = comparison(params.left, params.right)
    except ArbiterError as error:
        raise Failed(data, error) from None
    return data


def concept_matches(concept: str) -> list[dict[str, Any]]:
    """Every game's best clause for ``concept``; a heading with the first of the clauses it holds."""
    from webapp.views.search import searcher

    try:
        matches = [m.as_dict() for m in concept_view(concept, searcher=searcher())]
    except ArbiterError as error:
        if error.field == "query":  # the concept is searched: its words are the query
            error.field = "concept"
        raise
    for match in matches:
        side = match["clause"]
        if side:  # a heading says little by itself: show what it holds
            book = load_book(side["game"], side["version"])
            side["url"] = clause_url(side["game"], side["version"], side["id"])
            side["children"] = [brief(book, c.id) for c in book.children(side["id"])[:CHILDREN_SHOWN]]
    return matches


def comparison(left: str, right: str) -> dict[str, Any]:
    """Two clauses side by side, each with its address; in two languages, what the translation
    check finds in the pair (as ``arbiter compare`` shows it)."""
    found = compare_sides(clause_at(left, "left"), clause_at(right, "right"))
    data = found.as_dict()
    for side, info in ((data["left"], found.left.info), (data["right"], found.right.info)):
        side["url"] = clause_url(side["game"], side["version"], side["id"])
        side["lang"] = language_tag(info)
    two_languages = data["left"]["lang"] != data["right"]["lang"]
    data["findings"] = (
        [finding.as_dict() for finding in compare_pair(found.left, found.right)] if two_languages else None
    )
    return data
