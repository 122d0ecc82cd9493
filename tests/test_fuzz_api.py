"""The JSON API against its own description: schemathesis over ``/api/openapi.json``.

schemathesis reads the OpenAPI description the app serves (generated from
the same pydantic models that validate the requests) and generates requests
for every operation — valid ones from the schemas, and invalid ones (wrong
types, missing and out-of-range parameters, values outside an enum or a
pattern, odd Unicode in path segments).  Every response must be a non-5xx
answer with a status code, content type and body the description allows;
a request the description calls invalid must be refused (4xx), and one it
calls valid must be answered (2xx, or 404 for a game or clause that does not
exist) — so the description and the behaviour cannot disagree.

Two things no JSON Schema can state are left to other tests: whether a
board is possible (a ruling's body is validated by the game's own models:
``tests/test_web_api.py``, ``tests/test_fuzz_boards.py``), and the search
query language (``-word`` alone, only filters), which may refuse a query
the pattern lets through (``tests/test_search_query.py``).

Random path segments almost never name a real game, so half of the cases
get real ones instead (a game and version, a clause of it, an engine's
question, two versions to diff or to read side by side): the generated query strings and bodies
then reach the books, the diff and the judging engines, not only the 404
for an unknown game.  Each operation gets at most 12 examples, each to be
answered within 20 s (the search index is built once before them); the
run takes about 20 seconds on two cores.
"""

from __future__ import annotations

from datetime import timedelta
from functools import cache

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.core import NOT_SET
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    positive_data_acceptance,
    response_schema_conformance,
    status_code_conformance,
)

from corpus.errors import ArbiterError
from corpus.languages import EDITION_MARK
from corpus.library import all_books, load_book
from corpus.model import ClauseKind
from corpus.search.query import parse_query
from judge.registry import ENGINES, engine
from webapp import create_app
from webapp.views.links import URL_EDITION_MARK

#: Parameters whose text is searched, so the query language reads them.
QUERY_TEXT = ("q", "concept")
app = create_app({"TESTING": True, "REFRESH_SECONDS": 0})
schema = schemathesis.openapi.from_wsgi("/api/openapi.json", app)


@cache
def real_parameters() -> dict[frozenset[str], list[dict[str, str]]]:
    """Path parameters that name real things, by the set of parameter names
    (read when the first case is generated, under the test session's ARBITER_HOME)."""
    books = [load_book(info.game, info.version) for info in all_books()]
    clauses = [
        {"game": b.game, "version": in_address(b.version), "clause_id": c.id}
        for b in books
        for c in b.clauses[::25]
    ]
    versions = {}
    for book in books:
        versions.setdefault(book.game, []).append(in_address(book.version))
    return {
        frozenset({"game", "version"}): [{"game": b.game, "version": in_address(b.version)} for b in books],
        frozenset({"game", "version", "clause_id"}): clauses,
        frozenset({"game", "clause_id"}): [{"game": c["game"], "clause_id": c["clause_id"]} for c in clauses],
        frozenset({"game", "old", "new"}): [
            {"game": g, "old": v[0], "new": v[-1]} for g, v in versions.items()
        ],
        frozenset({"game", "original", "translation"}): [
            {"game": g, "original": v[-1], "translation": v[0]} for g, v in versions.items()
        ],
        frozenset({"game", "question"}): [
            {"game": g, "question": q} for g in ENGINES for q in engine(g).questions
        ],
    }


def in_address(version: str) -> str:
    """A version as an address spells it (a translation's ``1.070/fr`` is ``1.070~fr``)."""
    return version.replace(EDITION_MARK, URL_EDITION_MARK)


@schema.hook
def flatmap_path_parameters(context, path_parameters):
    real = real_parameters().get(frozenset(path_parameters or ()))
    if not real:
        return st.just(path_parameters)
    return st.one_of(st.just(path_parameters), st.sampled_from(real).map(dict))


def refused_by_the_query_language(case) -> bool:
    """Whether a searched parameter is something the query language itself refuses."""
    for name in QUERY_TEXT:
        text = (case.query or {}).get(name)
        if isinstance(text, str):
            try:
                parsed = parse_query(text)
            except ArbiterError:
                return True
            if any(kind.lower() not in set(ClauseKind) for kind in parsed.filters.get("kind", ())):
                return True
    return False


def valid_requests_are_answered(ctx, response, case):
    """positive_data_acceptance, for what the description can state (see the module's docstring)."""
    if case.body is not NOT_SET:  # a board file: the game's models decide
        return None
    if response.status_code == 400 and refused_by_the_query_language(case):
        return None
    return positive_data_acceptance(ctx, response, case)


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
    valid_requests_are_answered,
]


@pytest.fixture(scope="module")
def search_index_built() -> None:
    """The first search builds the index (seconds); no generated request should pay for it."""
    assert app.test_client().get("/api/search", query_string={"q": "勝利"}).status_code == 200


@schema.parametrize()
@settings(max_examples=12, deadline=timedelta(seconds=20), suppress_health_check=list(HealthCheck))
def test_every_api_operation_answers_within_its_description(case, search_index_built):
    case.call_and_validate(checks=CHECKS)
