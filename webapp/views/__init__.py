"""Pages with JSON twins: one function per page, two routes per function.

Every page of the web app is written once, as a function that returns plain
JSON-ready data.  :meth:`Area.page` registers it twice, the way Datasette
serves every table both as HTML and as JSON: at its HTML address, rendered
through a Jinja template, and at ``/api`` + that address (or an explicit
``api`` rule), returned as JSON.  Both are the same data, so the page and the
API cannot drift apart.  Each page names the pydantic models of its query
parameters (:mod:`webapp.views.params`), request body and response
(:mod:`webapp.views.schemas`); the route table :data:`PAGES` and those
models are what ``/api/openapi.json`` is generated from, and the query model
is also what checks every request, so the description cannot drift from the
behaviour either.

A page function raises :class:`~corpus.errors.ArbiterError` for bad input
(the app turns it into a 4xx error object or error page) or
:class:`Failed` when the HTML page should still be shown around the error —
a ruling form with the problems next to its fields.  Data with a
``redirect`` key sends a browser there (a clause number typed into search);
the JSON twin just carries the address.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, Response, jsonify, redirect, render_template, request
from flask.typing import ResponseReturnValue
from pydantic import BaseModel

from corpus.errors import ArbiterError
from webapp.views.params import BadParameter, QueryModel, nothing_asked, read_query

API_PREFIX = "/api"


@dataclass(frozen=True, slots=True)
class Page:
    """One row of the route table: a page, its JSON twin, and the models that describe it."""

    endpoint: str
    rule: str | None  # HTML address (None: API only)
    api_rule: str
    methods: tuple[str, ...]
    summary: str
    tag: str
    query: type[QueryModel] | None  # its query parameters, validated and documented
    response: type[BaseModel]  # what the JSON twin answers
    body: type[BaseModel] | None = None  # a JSON/YAML request body (POST)
    errors: tuple[int, ...] = (400, 404)  # documented error statuses (400 always: any request can be bad)


#: Every page of every area, in registration order.
PAGES: list[Page] = []


class Failed(Exception):
    """Bad input, but the HTML page is still shown with ``data`` around the error."""

    def __init__(self, data: dict[str, Any], error: ArbiterError):
        super().__init__(error.message)
        self.data = data
        self.error = error


def is_api() -> bool:
    """Whether the current request is for a JSON twin."""
    return request.path == API_PREFIX or request.path.startswith(API_PREFIX + "/")


@dataclass
class Area:
    """A blueprint for one area of the app (search, clauses, rulings …)."""

    name: str
    import_name: str
    blueprint: Blueprint = field(init=False)

    def __post_init__(self) -> None:
        self.blueprint = Blueprint(self.name, self.import_name)

    def page(
        self,
        rule: str | None,
        *,
        template: str | None,
        summary: str,
        response: type[BaseModel],
        api: str | None = None,
        methods: tuple[str, ...] = ("GET",),
        query: type[QueryModel] | None = None,
        body: type[BaseModel] | None = None,
        errors: tuple[int, ...] = (400, 404),
        form_errors: bool = False,
    ) -> Callable[[Callable[..., dict[str, Any]]], Callable[..., dict[str, Any]]]:
        """Register ``function`` at ``rule`` (HTML) and at its API address (JSON).

        With a ``query`` model, the function gets the request's parameters
        as ``params=`` (validated: a bad one is a 400 naming it).  The HTML
        page gets ``params=None`` when nothing was asked yet (the empty
        form); with ``form_errors`` it also shows a bad parameter next to
        that form instead of on the error page.
        """
        if api is not None:
            api_rule = api
        elif rule is not None:
            api_rule = API_PREFIX + (rule if rule != "/" else "")
        else:
            raise ValueError(f"{self.name}: a page without an HTML address needs its API address (api)")
        if rule is not None and template is None:
            raise ValueError(f"{self.name}: the page at {rule} needs a template")

        def register(function: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
            endpoint = function.__name__
            PAGES.append(
                Page(
                    f"{self.name}.{endpoint}",
                    rule,
                    api_rule,
                    methods,
                    summary,
                    self.name,
                    query,
                    response,
                    body,
                    errors,
                )
            )

            def as_json(**kwargs: Any) -> Response:
                if query is not None:
                    kwargs["params"] = read_query(query)
                try:
                    return jsonify(function(**kwargs))
                except Failed as failed:
                    raise failed.error from None

            self.blueprint.add_url_rule(api_rule, endpoint + "_api", as_json, methods=list(methods))
            if rule is not None and template is not None:  # checked above: a rule comes with a template
                html = _as_html(function, template, query, form_errors)
                self.blueprint.add_url_rule(rule, endpoint, html, methods=list(methods))
            return function

        return register


def _as_html(
    function: Callable[..., dict[str, Any]], template: str, query: type[QueryModel] | None, form_errors: bool
) -> Callable[..., ResponseReturnValue]:
    """The HTML view of a page: its data rendered with ``template``, a redirect, or the page
    around an error."""

    def as_html(**kwargs: Any) -> ResponseReturnValue:
        try:
            data, status, error = _html_data(function, query, form_errors, kwargs), 200, None
        except Failed as failed:
            data, status, error = failed.data, failed.error.status, failed.error
        if data.get("redirect"):
            return redirect(data["redirect"])
        return render_template(template, data=data, error=error), status

    return as_html


def _html_data(
    function: Callable[..., dict[str, Any]],
    query: type[QueryModel] | None,
    form_errors: bool,
    kwargs: dict[str, Any],
) -> dict[str, Any]:
    """The HTML page's data: the function's, given the parameters the request holds."""
    if query is None:
        return function(**kwargs)
    try:
        params = read_query(query)
    except BadParameter as error:
        if nothing_asked(query):
            return function(**kwargs, params=None)
        if form_errors:
            raise Failed(function(**kwargs, params=None), error) from None
        raise
    return function(**kwargs, params=params)
