"""Lint: what is wrong in a rulebook's own text, each finding linked to its clause."""

from __future__ import annotations

from collections import Counter
from typing import Any

from corpus.library import all_books, load_book, load_version
from graph.lint import lint as lint_book
from graph.lint import problem_count
from webapp.views import Area
from webapp.views.books import info_dict
from webapp.views.links import clause_url
from webapp.views.schemas import Lint, LintIndex

area = Area("lint", __name__)


@area.page(
    "/lint",
    template="lint_index.html",
    response=LintIndex,
    errors=(),
    summary="Every rulebook version with the number of lint findings of each kind.",
)
def lint_index() -> dict[str, Any]:
    rows = []
    for info in all_books():
        book = load_version(info)
        kinds = Counter(f.kind.value for f in lint_book(book))
        rows.append({**info_dict(info), "findings": problem_count(book), "kinds": dict(kinds)})
    return {"books": rows}


@area.page(
    "/lint/<game:game>/<edition:version>",
    template="lint.html",
    response=Lint,
    summary="A rulebook version's problems: broken references, duplicate or skipped "
    "numbers, stale changelog entries; each with its clause and source line.",
)
def lint(game: str, version: str) -> dict[str, Any]:
    book = load_book(game, version)
    findings = []
    for finding in lint_book(book):
        row = finding.as_dict()
        clause = finding.clause
        row["url"] = clause_url(game, book.version, clause) if clause is not None and clause in book else None
        findings.append(row)
    return {"book": info_dict(book.info), "findings": findings}
