"""The API's contract: what ``/api/openapi.json`` says is what the routes do.

Every route answers a method it does not take with 405 and an ``Allow``
header that lists exactly the methods that work there; the parameters the
description calls valid are accepted and those it calls invalid are refused
with a 400 naming them; the text of every parameter is read as UTF-8 or
refused; a clause address typed into search finds that clause; an address
under /api that is no endpoint says so.  (``tests/test_fuzz_api.py`` runs
schemathesis over the same description.)
"""

from __future__ import annotations

import re
import sys
from typing import Any

import jsonschema_rs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from corpus.address import REFERENCE
from corpus.library import load_book, versions
from webapp import create_app
from webapp.views.params import ADDRESS, SPACE
from webapp.views.versions import Address

METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")
#: Real values for each path variable, so that a route's own methods answer (not 404).
REAL = {
    "game": "dbscg",
    "version": "1.071",
    "clause_id": "11-1",
    "old": "1.070",
    "new": "1.071",
    "original": "1.070",
    "translation": "1.071",
    "filename": "style.css",
}
RULINGS = {"game": "ucg", "question": "judgment"}
NOT_UTF8 = "%ED%A0%80"  # a UTF-8-encoded surrogate: bytes no UTF-8 decoder may accept


@pytest.fixture(scope="module")
def app():
    return create_app({"TESTING": True, "REFRESH_SECONDS": 0})


@pytest.fixture(scope="module")
def client(app):
    return app.test_client()


@pytest.fixture(scope="module")
def spec(client) -> dict[str, Any]:
    return client.get("/api/openapi.json").json


def real_paths(app) -> list[str]:
    paths = set()
    for rule in app.url_map.iter_rules():
        values = {**REAL, **(RULINGS if "question" in rule.arguments else {})}
        paths.add(re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", lambda m, values=values: values[m.group(1)], rule.rule))
    return sorted(paths)


# -- 405 and Allow (RFC 9110) ---------------------------------------------------------------


def methods(response) -> set[str]:
    return {method.strip() for method in response.headers["Allow"].split(",")}


def test_every_route_answers_405_with_allow_listing_the_methods_that_work(app, client):
    checked = 0
    for path in real_paths(app):
        allowed = methods(client.options(path))
        assert "OPTIONS" in allowed, path
        for method in METHODS:
            response = client.open(path, method=method)
            if method in allowed:
                assert response.status_code not in (404, 405), (method, path, response.status_code)
            else:
                assert response.status_code == 405, (method, path)
                assert methods(response) == allowed, (method, path)
                checked += 1
    assert checked > 50


def test_a_405_from_the_api_is_still_an_error_object(client):
    response = client.put("/api/search")
    assert response.status_code == 405
    assert methods(response) == {"GET", "HEAD", "OPTIONS"}
    assert response.json["error"]["code"] == "method_not_allowed"


def test_the_board_file_endpoint_takes_only_post(client, spec):
    assert set(spec["paths"]["/api/rule/file"]) == {"post"}
    assert methods(client.options("/api/rule/file")) == {"OPTIONS", "POST"}
    response = client.get("/api/rule/file")
    assert (response.status_code, methods(response)) == (405, {"OPTIONS", "POST"})


# -- the description and the behaviour agree ----------------------------------------------------


def accepts(spec: dict[str, Any], path: str, query: dict[str, str]) -> bool:
    """Whether the description calls this query valid for ``GET path``."""
    root = {"components": spec["components"]}
    for parameter in spec["paths"][path]["get"]["parameters"]:
        if parameter["in"] != "query":
            continue
        schema = parameter["schema"]
        if parameter.get("explode") and schema.get("type") == "object":
            value: Any = {k: v for k, v in query.items() if k in schema["properties"]}
        elif parameter["name"] not in query:
            if parameter["required"]:
                return False
            continue
        else:
            value = query[parameter["name"]]
            if schema.get("type") == "integer":
                if not re.fullmatch(r"-?[0-9]+", value):
                    return False
                value = int(value)
        if not jsonschema_rs.Draft202012Validator({**schema, **root}).is_valid(value):
            return False
    return True


@pytest.mark.parametrize(
    "path, query, field",
    [
        ("/api/search", {"q": "", "kind": "chapter"}, "q"),
        ("/api/search", {"q": "   "}, "q"),
        ("/api/search", {"q": "\x00\x1f"}, "q"),
        ("/api/search", {"q": "勝利", "kind": "poem"}, "kind"),
        ("/api/search", {"q": "勝利", "kind": " rule"}, "kind"),
        ("/api/search", {"q": "勝利", "page": "0"}, "page"),
        ("/api/search", {"q": "勝利", "page": "1.0"}, "page"),
        ("/api/search", {"q": "勝利", "game": "x" * 501}, "game"),
        ("/api/compare", {"left": "", "concept": ""}, "left"),
        ("/api/compare", {"concept": " "}, "concept"),
        ("/api/compare", {"left": "ucg:1.3.2"}, "right"),
        ("/api/compare", {"right": "ucg:1.3.2", "concept": "勝利條件"}, "left"),
        ("/api/compare", {"left": "ucg 1.3.2", "right": "gcg:1-2-2"}, "left"),
    ],
)
def test_what_the_description_refuses_is_a_400_naming_the_parameter(client, spec, path, query, field):
    assert not accepts(spec, path, query)
    response = client.get(path, query_string=query)
    assert response.status_code == 400, response.json
    error = response.json["error"]
    assert error["field"] == field
    assert field in error["message"]


@pytest.mark.parametrize(
    "path, query",
    [
        ("/api/search", {"q": "勝利", "kind": ""}),  # the search form's "Any kind"
        ("/api/search", {"q": "勝利", "game": "", "version": "", "kind": "", "page": "2"}),
        ("/api/search", {"q": "勝利", "kind": "rule", "game": "ucg"}),
        ("/api/compare", {}),  # the concepts to choose from
        ("/api/compare", {"concept": "勝利條件", "left": "ucg:1.3.2", "right": "gcg:1-2-2"}),
        ("/api/compare", {"left": " ucg@1.6:1.3.2 ", "right": "gcg:1-2-2"}),
        ("/api/versions", {"game": "", "old": "", "new": ""}),
        ("/api/versions", {"game": "dbscg"}),
    ],
)
def test_what_the_description_accepts_is_answered(client, spec, path, query):
    assert accepts(spec, path, query)
    response = client.get(path, query_string=query)
    assert response.status_code == 200, response.json


def test_an_empty_kind_means_any_kind(client):
    plain = client.get("/api/search", query_string={"q": "勝利"}).json
    empty = client.get("/api/search", query_string={"q": "勝利", "kind": ""}).json
    assert empty["filters"]["kind"] is None and empty["hits"] == plain["hits"]


def test_a_clause_address_on_either_side_of_compare_is_named_when_wrong(client):
    response = client.get("/api/compare", query_string={"left": "ucg:1.3.2", "right": "gcg:99-99"})
    assert (response.status_code, response.json["error"]["field"]) == (404, "right")
    assert "99-99" in response.json["error"]["message"]


# -- text that is not UTF-8 -----------------------------------------------------------------------------


def query_parameters(spec: dict[str, Any]) -> list[tuple[str, str]]:
    found = []
    for path, item in spec["paths"].items():
        for parameter in item.get("get", {}).get("parameters", ()):
            if parameter["in"] != "query":
                continue
            names = parameter["schema"]["properties"] if parameter.get("explode") else [parameter["name"]]
            found += [(path, name) for name in names]
    return found


def test_every_query_parameter_refuses_text_that_is_not_utf8(client, spec):
    parameters = query_parameters(spec)
    assert {name for _, name in parameters} >= {
        "q",
        "game",
        "version",
        "kind",
        "page",
        "left",
        "right",
        "concept",
        "old",
        "new",
    }
    for path, name in parameters:
        for address in (path, path.removeprefix("/api") or "/"):
            response = client.get(f"{address}?q=%E5%8B%9D&{name}={NOT_UTF8}")
            assert response.status_code == 400, (address, name)
            if address.startswith("/api"):
                error = response.json["error"]
                assert error["field"] == name and "UTF-8" in error["message"], (address, error)


def test_any_query_string_and_any_path_that_is_not_utf8_is_refused(client):
    response = client.get(f"/api/books?lang={NOT_UTF8}")
    assert (response.status_code, response.json["error"]["field"]) == (400, "lang")
    raw_path = b"/api/ucg/1.6/\xed\xa0\x80".decode("latin-1")  # as a WSGI server hands the bytes over
    response = client.get("/", environ_overrides={"PATH_INFO": raw_path})
    assert (response.status_code, response.json["error"]["field"]) == (400, "path")


# -- a clause address in search ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query, game, version, clause_id",
    [
        ("ucg@1.6:5.9.4.1", "ucg", "1.6", "5.9.4.1"),  # the README's own example
        ("ucg:5.9.4.1", "ucg", "1.6", "5.9.4.1"),
        ("dbscg@1.070:10-13-3", "dbscg", "1.070", "10-13-3"),
        ("dbscg:11-1", "dbscg", None, "11-1"),
        ("bs:前言/何謂 BATTLE SPIRITS", "bs", "17.0", "前言/何謂 BATTLE SPIRITS"),
    ],
)
def test_a_clause_address_in_search_names_that_clause(client, query, game, version, clause_id):
    version = version or versions(game)[-1]
    assert clause_id in load_book(game, version)
    data = client.get("/api/search", query_string={"q": query}).json
    first = data["hits"][0]
    assert (first["game"], first["version"], first["id"], first["exact"]) == (game, version, clause_id, True)
    assert data["redirect"] == first["url"]
    page = client.get("/search", query_string={"q": query})
    assert page.status_code == 302 and page.headers["Location"] == first["url"]
    assert client.get(first["url"]).status_code == 200


def test_an_address_of_a_clause_that_is_not_there_is_a_404_naming_q(client):
    for query, missing in (("ucg@1.6:99.99", "99.99"), ("ucg@9.9:1.1", "9.9")):
        response = client.get("/api/search", query_string={"q": query})
        assert (response.status_code, response.json["error"]["field"]) == (404, "q")
        assert missing in response.json["error"]["message"]


def test_words_with_a_colon_are_still_words(client):
    data = client.get("/api/search", query_string={"q": "game:ucg 勝利"}).json
    assert data["redirect"] is None and {h["game"] for h in data["hits"]} == {"ucg"}


# -- /api paths that are no endpoint ---------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/api/nonexistent", "/api/api", "/api/versions/ucg", "/api/lint/ucg"])
def test_an_unknown_api_path_says_there_is_no_such_endpoint(client, path):
    response = client.get(path)
    assert response.status_code == 404 and response.content_type == "application/json"
    message = response.json["error"]["message"]
    assert message.startswith("no such API endpoint") and "/api/openapi.json" in message
    assert "unknown game" not in message


# -- patterns every regex dialect reads alike ---------------------------------------------------------------


def test_space_is_pythons_white_space():
    spaces = {chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace()}
    assert {chr(c) for c in range(sys.maxunicode + 1) if re.fullmatch(f"[{SPACE}]", chr(c))} == spaces


@settings(max_examples=300, deadline=None)
@given(st.from_regex(ADDRESS))
def test_every_address_the_description_allows_is_one_compare_reads(text):
    assert REFERENCE.match(text), text
    assert TypeAdapter(Address).validate_python(text) == text  # pydantic's engine agrees
