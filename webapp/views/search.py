"""Search: the rules by words in either Chinese script, by phrase or by clause number.

A thin page over :class:`corpus.search.service.Searcher` (the same one the
command line uses; the app may be given its own with ``SEARCHER``).  A query
that names exactly one clause by its number (``5.9.4.1``, or ``101`` with
``game=zd``) sends the browser straight to that clause; the JSON twin says
where, under ``redirect``.
"""

from __future__ import annotations

import re

from flask import current_app

from corpus.errors import ArbiterError
from corpus.library import all_books, games, versions
from corpus.model import ClauseKind
from webapp.views import Area, Failed, Param, int_arg, is_api, text_arg
from webapp.views.links import clause_url

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


def choices() -> dict:
    """What the filter menus offer."""
    return {
        "games": games(),
        "versions": {game: versions(game) for game in games()},
        "kinds": [kind.value for kind in ClauseKind],
    }


@area.page("/search", template="search.html", response="SearchPage",
           summary="Search every clause; filters by game, version and kind; highlighted snippets.",
           params=(
               Param("q", "Words in either Chinese script or English, \"a phrase\", a clause number, "
                          "NOT/-word, game:/version:/kind: filters.", required=True),
               Param("game", "Only this game."),
               Param("version", "Only this version ('all': every version; default: newest)."),
               Param("kind", "Only this clause kind.", enum=tuple(k.value for k in ClauseKind)),
               Param("page", "Page of results.", type="integer", minimum=1, maximum=1000),
           ))
def search() -> dict:
    query = text_arg("q")
    filters = {"game": text_arg("game"), "version": text_arg("version"), "kind": text_arg("kind")}
    data = {"query": query or "", "filters": filters, "choices": choices(), "hits": [],
            "total": 0, "page": 1, "pages": 0, "per_page": PER_PAGE, "redirect": None}
    if query is None:
        if is_api():
            raise ArbiterError("give a query: q=words, a phrase or a clause number", "q")
        return data
    try:
        page = int_arg("page", 1, maximum=1000)
        results = searcher().search(query, limit=PER_PAGE, page=page, **filters)
    except ArbiterError as error:
        if error.field == "query":
            error.field = "q"
        raise Failed(data, error) from None
    data.update(results.as_dict())
    scripts = {(info.game, info.version): info.script.value for info in all_books()}
    for hit in data["hits"]:
        hit["url"] = clause_url(hit["game"], hit["version"], hit["id"])
        hit["script"] = scripts.get((hit["game"], hit["version"]), "Latn")
    exact = [hit for hit in data["hits"] if hit["exact"]]
    if NUMBER_ONLY.match(query) and len(exact) == 1 and page == 1:
        data["redirect"] = exact[0]["url"]
    return data
