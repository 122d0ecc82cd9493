"""A whole book side by side with its translation, aligned by clause id, with the translation check.

``/compare/dbscg/1.070/1.070~fr`` reads the English 1.070 and its French
edition row by row (:func:`corpus.versions.translation.aligned`); each row a
finding of :func:`~corpus.versions.translation.check_translation` concerns
carries it, so a translator reads the problem beside the two texts.  Any two
editions of one game can be read so (two versions, too), the left one being
taken as the original.  The data are those of ``arbiter translation --json``,
plus the texts.
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field

from corpus.library import load_book
from corpus.model import Clause
from corpus.versions.align import content
from corpus.versions.inline import display
from corpus.versions.translation import Finding, aligned, check_translation
from webapp.views import Area
from webapp.views.books import info_dict
from webapp.views.links import clause_url
from webapp.views.params import QueryModel
from webapp.views.schemas import SideBySide

area = Area("translations", __name__)
#: Which rows to show; empty means all of them (a form sends its empty field).
Shown = Annotated[Literal["all", "findings", ""], AfterValidator(lambda shown: shown or "all")]


class SideBySideQuery(QueryModel):
    """Every row, or only the rows the translation check has something to say about."""

    show: Shown = Field("all", description="all: every clause; findings: only those with a finding.")


@area.page(
    "/compare/<game:game>/<edition:original>/<edition:translation>",
    template="side_by_side.html",
    response=SideBySide,
    query=SideBySideQuery,
    summary="Two editions of a rulebook (an original and its translation) side by side, aligned by "
    "clause id, each row with what the translation check finds in it.",
)
def side_by_side(
    game: str, original: str, translation: str, params: SideBySideQuery | None
) -> dict[str, Any]:
    left, right = load_book(game, original), load_book(game, translation)
    findings: dict[str, list[Finding]] = {}
    for finding in check_translation(left, right):
        findings.setdefault(finding.clause, []).append(finding)
    show = params.show if params is not None else "all"
    rows = [
        {
            "id": row.id,
            "original": _side(game, left.version, row.original),
            "translation": _side(game, right.version, row.translation),
            "findings": [{"kind": f.kind, "message": f.message} for f in findings.get(row.id, [])],
        }
        for row in aligned(left, right)
        if show == "all" or row.id in findings
    ]
    return {
        "game": game,
        "original": info_dict(left.info),
        "translation": info_dict(right.info),
        "show": show,
        "counts": dict(Counter(f.kind for found in findings.values() for f in found)),
        "flagged": len(findings),
        "rows": rows,
    }


def _side(game: str, version: str, clause: Clause | None) -> dict[str, Any] | None:
    if clause is None:
        return None
    return {
        "id": clause.id,
        "kind": clause.kind.value,
        "text": display(content(clause)),
        "url": clause_url(game, version, clause.id),
    }
