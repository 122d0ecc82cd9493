"""Pages with JSON twins: one function per page, two routes per function.

Every page of the web app is written once, as a function that returns plain
JSON-ready data.  :meth:`Area.page` registers it twice, the way Datasette
serves every table both as HTML and as JSON: at its HTML address, rendered
through a Jinja template, and at ``/api`` + that address (or an explicit
``api`` rule), returned as JSON.  Both are the same data, so the page and the
API cannot drift apart, and the route table :data:`PAGES` is what
``/api/openapi.json`` is generated from.

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

from flask import Blueprint, jsonify, redirect, render_template, request

from corpus.errors import ArbiterError

API_PREFIX = "/api"


@dataclass(frozen=True, slots=True)
class Param:
    """A query or form parameter, as documented in the OpenAPI description."""

    name: str
    description: str
    type: str = "string"  # OpenAPI type: string, integer
    required: bool = False
    enum: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None


@dataclass(frozen=True, slots=True)
class Page:
    """One row of the route table: a page, its JSON twin, and how to document it."""

    endpoint: str
    rule: str | None  # HTML address (None: API only)
    api_rule: str
    methods: tuple[str, ...]
    summary: str
    tag: str
    params: tuple[Param, ...] = ()
    response: str = "Object"  # name of a schema in webapp.views.openapi
    body: str | None = None  # schema name of a JSON/YAML request body (POST)
    errors: tuple[int, ...] = (400, 404)


#: Every page of every area, in registration order.
PAGES: list[Page] = []


class Failed(Exception):
    """Bad input, but the HTML page is still shown with ``data`` around the error."""

    def __init__(self, data: dict, error: ArbiterError):
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
        api: str | None = None,
        methods: tuple[str, ...] = ("GET",),
        params: tuple[Param, ...] = (),
        response: str = "Object",
        body: str | None = None,
        errors: tuple[int, ...] = (400, 404),
    ) -> Callable:
        """Register ``function`` at ``rule`` (HTML) and at its API address (JSON)."""

        def register(function: Callable[..., dict]) -> Callable[..., dict]:
            endpoint = function.__name__
            api_rule = api or API_PREFIX + (rule if rule != "/" else "")
            PAGES.append(Page(f"{self.name}.{endpoint}", rule, api_rule, methods, summary,
                              self.name, params, response, body, errors))

            def as_json(**kwargs):
                try:
                    return jsonify(function(**kwargs))
                except Failed as failed:
                    raise failed.error from None

            def as_html(**kwargs):
                try:
                    data, status, error = function(**kwargs), 200, None
                except Failed as failed:
                    data, status, error = failed.data, failed.error.status, failed.error
                if data.get("redirect"):
                    return redirect(data["redirect"])
                return render_template(template, data=data, error=error), status

            self.blueprint.add_url_rule(api_rule, endpoint + "_api", as_json, methods=list(methods))
            if rule is not None:
                self.blueprint.add_url_rule(rule, endpoint, as_html, methods=list(methods))
            return function

        return register


def text_arg(name: str, default: str | None = None, limit: int = 500) -> str | None:
    """A query/form parameter as stripped text (None when absent or blank)."""
    value = request.values.get(name)
    if value is None or not value.strip():
        return default
    if len(value) > limit:
        raise ArbiterError(f"{name} is {len(value)} characters long: at most {limit} are allowed", name)
    return value.strip()


def int_arg(name: str, default: int, minimum: int = 1, maximum: int = 10_000) -> int:
    """An integer parameter within bounds; anything else is a 400 naming it."""
    value = request.values.get(name)
    if value is None or not value.strip():
        return default
    try:
        number = int(value.strip())
    except ValueError:
        raise ArbiterError(f"{name} must be a whole number, not {value[:40]!r}", name) from None
    if not minimum <= number <= maximum:
        raise ArbiterError(f"{name} must be between {minimum} and {maximum}, not {number}", name)
    return number
