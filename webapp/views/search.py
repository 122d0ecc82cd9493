"""Search: the rules by words in either Chinese script, by phrase or by clause number.

A thin page over :class:`corpus.search.service.Searcher` (the same one the
command line uses; the app may be given its own with ``SEARCHER``).  A query
that names exactly one clause by its number (``5.9.4.1``, or ``101`` with
``game=zd``) or by its address (``ucg@1.6:5.9.4.1``, as ``arbiter compare``
takes it) sends the browser straight to that clause; the JSON twin says
where, under ``redirect``, and lists it first among its hits.
"""

from __future__ import annotations

import re
from typing import Any

from flask import current_app
from pydantic import Field

from corpus.errors import ArbiterError
from corpus.languages import language_tag
from corpus.library import all_books, editions, games
from corpus.model import ClauseKind
from corpus.search.service import clause_address
from webapp.views import Area, Failed
from webapp.views.clauses import clause_at
from webapp.views.links import clause_url
from webapp.views.params import OptionalKind, OptionalText, QueryModel, RequiredText, WholeNumber, echoed
from webapp.views.schemas import SearchPage

area = Area("search", __name__)
PER_PAGE = 10
#: A query that is only a clause number (as printed, maybe with its trailing dot).
NUMBER_ONLY = re.compile(r"^\s*[0-9]+(?:[.\-][0-9]+[a-z]?)*[a-z]?\.?\s*$")


def searcher():
    """The app's searcher: ``SEARCHER`` from the config, else the process-wide one."""
    configured = current_app.config.get("SEARCHER")
    if configured is not None:
        return configured
    from corpus.search.service import default_searcher

    return default_searcher()


def choices() -> dict[str, Any]:
    """What the filter menus offer."""
    return {
        "games": games(),
        "versions": {game: editions(game) for game in games()},
        "kinds": [kind.value for kind in ClauseKind],
    }


class SearchQuery(QueryModel):
    """What to search for, where, and which page of the results."""

    q: RequiredText = Field(
        description='Words in either Chinese script or English, "a phrase", a clause '
        "number (5.9.4.1) or address (ucg@1.6:5.9.4.1), NOT/-word, "
        "game:/version:/kind: filters."
    )
    game: OptionalText = Field(None, description="Only this game (empty: every game).")
    version: OptionalText = Field(
        None, description="Only this version ('all': every version; empty: the newest)."
    )
    kind: OptionalKind = Field(None, description="Only this clause kind (empty: any kind).")
    page: WholeNumber = Field(1, ge=1, le=1000, description="Page of results.")


def addressed(query: str) -> tuple[dict[str, Any], str]:
    """Results for a clause address (the searcher puts the clause first), and where it is."""
    side = clause_at(query, "q")
    found = searcher().search(query, limit=PER_PAGE).as_dict()
    return found, clause_url(side.info.game, side.info.version, side.clause.id)


@area.page(
    "/search",
    template="search.html",
    response=SearchPage,
    query=SearchQuery,
    form_errors=True,
    summary="Search every clause; filters by game, version and kind; highlighted snippets. "
    "A clause number or address as the query names that clause (redirect).",
)
def search(params: SearchQuery | None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "query": echoed("q")["q"] or "",
        "filters": echoed("game", "version", "kind"),
        "choices": choices(),
        "hits": [],
        "total": 0,
        "page": 1,
        "pages": 0,
        "per_page": PER_PAGE,
        "redirect": None,
    }
    if params is None:
        return data
    query = params.q
    try:
        if clause_address(query) is not None:
            found, data["redirect"] = addressed(query)
            data.update(found)
        else:
            data.update(
                searcher()
                .search(
                    query,
                    limit=PER_PAGE,
                    page=params.page,
                    game=params.game,
                    version=params.version,
                    kind=params.kind,
                )
                .as_dict()
            )
    except ArbiterError as error:
        if error.field == "query":
            error.field = "q"
        raise Failed(data, error) from None
    infos = {(info.game, info.version): info for info in all_books()}
    for hit in data["hits"]:
        info = infos.get((hit["game"], hit["version"]))
        hit["url"] = clause_url(hit["game"], hit["version"], hit["id"])
        hit["script"] = info.script.value if info else "Latn"
        hit["lang"] = language_tag(info) if info else "en"
    exact = [hit for hit in data["hits"] if hit["exact"]]
    if NUMBER_ONLY.match(query) and len(exact) == 1 and params.page == 1:
        data["redirect"] = exact[0]["url"]
    return data
