"""The web app: the same functions as the command line, as pages and a JSON API.

:func:`create_app` is the factory (``flask --app webapp:create_app run`` for
development, ``arbiter serve`` under gunicorn for real use).  It needs no
configuration: the bundled rulebooks, and whatever the user ingested under
``ARBITER_HOME``, are served as they are.  Options (``config``):

* ``SEARCHER`` — a :class:`corpus.search.service.Searcher` to use instead of
  the process-wide one;
* ``MAX_CONTENT_LENGTH`` — the largest request body (board files), in bytes;
* ``REFRESH_SECONDS`` — how often to look for rulebook versions ingested
  while the app runs (the search index is then refreshed in the background,
  and searches keep using the old one until the new one is swapped in).

No request writes anything a user gave: an uploaded board file is read in
memory and dropped, and nothing from a request names a file.  What the app
derives itself it may write under ``ARBITER_HOME`` while serving — the parse
cache of a rulebook version first loaded by a request, the search index
refreshed after an ingest — always atomically (:mod:`corpus.storage`).
"""

from __future__ import annotations

import io
import logging
import threading
import time
from typing import Any

from flask import Flask, Request, current_app, jsonify, render_template, request, url_for
from flask.json.provider import DefaultJSONProvider
from flask_babel import Babel, get_locale
from werkzeug.exceptions import HTTPException, MethodNotAllowed, RequestEntityTooLarge

from corpus.errors import ArbiterError
from corpus.freshness import one_look
from corpus.model import BookInfo
from webapp.views import (
    PAGES,
    apidocs,
    books,
    clauses,
    is_api,
    labels,
    lint,
    locale,
    rulings,
    search,
    translations,
    versions,
)
from webapp.views.gamenames import game_name
from webapp.views.links import (
    SCRIPT_LANG,
    EditionConverter,
    GameConverter,
    annotated,
    clause_url,
    here,
    highlighted,
)
from webapp.views.pager import pages_shown
from webapp.views.params import check_path, decoded_query
from webapp.views.picture import layout

DEFAULTS = {
    "MAX_CONTENT_LENGTH": 512 * 1024,
    "BABEL_DEFAULT_LOCALE": locale.DEFAULT,
    "BABEL_TRANSLATION_DIRECTORIES": "translations",
    "SEARCHER": None,
    "REFRESH_SECONDS": 2.0,
    "JSON_SORT_KEYS": False,
}
#: Content-Security-Policy: nothing but this server's own files; no inline script.
POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
)
AREAS = (
    books,
    search,
    rulings,
    versions,
    translations,
    lint,
    apidocs,
    clauses,
)  # clauses last: its rule is the catch-all
log = logging.getLogger("arbiter.web")


class InMemoryRequest(Request):
    """A request whose file uploads stay in memory.

    werkzeug spools a file part of more than 500 KB to a temporary file on
    disk; uploads here are board files bounded by ``MAX_CONTENT_LENGTH``, and
    nothing a request sends is ever written anywhere.
    """

    def _get_file_stream(self, total_content_length, content_type, filename=None, content_length=None):
        return io.BytesIO()


class _Json(DefaultJSONProvider):
    """JSON as the API documents it: Chinese as it is, keys in the order the views give them."""

    ensure_ascii = False
    sort_keys = False


def create_app(config: dict[str, Any] | None = None) -> Flask:
    app = Flask("webapp")
    app.request_class = InMemoryRequest
    app.config.update(DEFAULTS)
    app.config.update(config or {})
    app.json = _Json(app)
    Babel(app, locale_selector=locale.select_locale)
    app.url_map.converters["game"] = GameConverter
    app.url_map.converters["edition"] = EditionConverter
    for area in AREAS:
        app.register_blueprint(area.area.blueprint)
    _errors(app)
    _templates(app)
    app.wsgi_app = _one_look_per_request(app.wsgi_app)  # type: ignore[method-assign]  # as Flask documents
    app.before_request(_take_in_chunked_body)
    app.before_request(_utf8_address)
    watcher = LibraryWatcher(app.config["REFRESH_SECONDS"])
    app.before_request(lambda: watcher.check(app))

    @app.after_request
    def finish(response):
        response.headers.setdefault("Content-Security-Policy", POLICY)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        return locale.remember(response)

    return app


def _take_in_chunked_body() -> None:
    """Refuse a chunked body over ``MAX_CONTENT_LENGTH`` as one that declares its length is.

    A chunked body has no length to refuse it by, and the server hands it
    on as it comes, so it is read here, one byte past the limit at most;
    what fits is then given to the view as a body of known length.
    """
    environ = request.environ
    if (
        request.content_length is not None
        or "chunked" not in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
    ):
        return
    limit = current_app.config["MAX_CONTENT_LENGTH"]
    body = environ["wsgi.input"].read(limit + 1)
    if len(body) > limit:
        raise RequestEntityTooLarge()
    environ["wsgi.input"], environ["CONTENT_LENGTH"] = io.BytesIO(body), str(len(body))


def _utf8_address() -> None:
    """Refuse a path or query string that is not UTF-8 (400 naming the parameter), on every route."""
    check_path()
    decoded_query()


def _one_look_per_request(wsgi_app):
    """Each request checks the store, the synonym files and the index for changes
    once, when it first needs them (see :mod:`corpus.freshness`)."""

    def in_one_look(environ, start_response):
        with one_look():
            return wsgi_app(environ, start_response)

    return in_one_look


def error_response(code: str, message: str, status: int, field: str | None = None, extra=None):
    """An error as the API's error object, or as an error page."""
    if is_api():
        body = {"error": {"code": code, "message": message, "field": field}}
        if extra:
            body["error"].update(extra)
        return jsonify(body), status
    return render_template("error.html", status=status, message=message, field=field), status


def _errors(app: Flask) -> None:
    @app.errorhandler(ArbiterError)
    def bad_input(error: ArbiterError):
        extra = {k: v for k, v in error.as_dict()["error"].items() if k not in ("code", "message", "field")}
        return error_response(error.code, error.message, error.status, error.field, extra)

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        code = (error.name or "error").lower().replace(" ", "_")
        message = error.description or error.name
        if error.code == 404 and request.url_rule is None and is_api():
            message = (
                f"no such API endpoint: {request.path}; every endpoint is described at "
                f"{url_for('apidocs.openapi_api')} (readable at {url_for('apidocs.openapi')})"
            )
        body, status = error_response(code, message, error.code or 500)
        response = current_app.make_response((body, status))
        if isinstance(error, MethodNotAllowed) and error.valid_methods:  # RFC 9110: a 405 says what is
            response.headers["Allow"] = ", ".join(sorted(error.valid_methods))
        return response

    @app.errorhandler(Exception)
    def internal(error: Exception):
        log.error("internal error on %s", request.path, exc_info=error)
        return error_response("internal", "internal error: the request could not be answered", 500)


def _templates(app: Flask) -> None:
    app.jinja_env.globals.update(
        clause_url=clause_url,
        annotated=annotated,
        highlighted=highlighted,
        picture=layout,
        here=here,
        pages_shown=pages_shown,
        game_name=game_name,
        script_lang=SCRIPT_LANG,
        locales=locale.LOCALES,
        html_lang=locale.HTML_LANG,
        current_locale=lambda: str(get_locale()),
        api_url=api_url,
        kind_names=labels.KIND_NAMES,
        status_names=labels.STATUS_NAMES,
        status_titles=labels.STATUS_TITLES,
    )
    app.jinja_env.policies["json.dumps_kwargs"] = {"sort_keys": False}  # schemas keep their order
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True


def api_url() -> str | None:
    """The JSON twin of the current page (None where there is none)."""
    endpoint = request.endpoint or ""
    if endpoint.endswith("_api") or not any(p.endpoint == endpoint for p in PAGES):
        return None
    # the address's own values win over a query parameter of the same name (``/ucg/1.6?version=2``)
    values: dict[str, Any] = {k: v for k, v in request.args.items() if k != "lang"}
    values.update(request.view_args or {})
    return url_for(endpoint + "_api", **values)


class LibraryWatcher:
    """Notices rulebook versions ingested (or removed) while the app runs.

    At most every ``seconds`` a request compares the library's list of
    books with the one last seen; on a change, the search index is
    refreshed in a background thread, so no request waits for a rebuild
    and searches go on against the old index until the new one is ready.
    """

    def __init__(self, seconds: float):
        self.seconds = seconds
        self._next = 0.0
        self._seen: tuple[BookInfo, ...] | None = None
        self._lock = threading.Lock()

    def check(self, app: Flask) -> None:
        now = time.monotonic()
        if self.seconds <= 0 or now < self._next or not self._lock.acquire(blocking=False):
            return
        try:
            self._next = now + self.seconds
            from corpus.library import all_books

            current = tuple(all_books())
            if self._seen is not None and current != self._seen:
                threading.Thread(target=self._refresh, args=(app,), daemon=True).start()
            self._seen = current
        finally:
            self._lock.release()

    @staticmethod
    def _refresh(app: Flask) -> None:
        with app.app_context():
            search.searcher().refresh()
        log.info("search index refreshed after a library change")
