"""The OpenAPI 3 description of the JSON API, generated from the route table.

Paths, methods, parameters and summaries come from :data:`webapp.views.PAGES`
(each page's JSON twin), so a page cannot be added without being described;
the response shapes are the schemas below, written once by hand from the
page functions.  Objects allow extra properties, so adding a field is not a
breaking change; the listed ones are promised.
"""

from __future__ import annotations

import re

from webapp.views import Page

VERSION = "3.0.3"
_CONVERTER = re.compile(r"<(?:[a-z]+:)?([a-z_]+)>")


def obj(required: dict, optional: dict | None = None) -> dict:
    """An object schema whose ``required`` properties must all be present."""
    return {"type": "object", "required": list(required), "properties": {**required, **(optional or {})}}


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def array(items: dict) -> dict:
    return {"type": "array", "items": items}


def nullable(schema: dict) -> dict:
    return {**schema, "nullable": True}


STRING, INTEGER, NUMBER, BOOLEAN = ({"type": t} for t in ("string", "integer", "number", "boolean"))
ANY_OBJECT = {"type": "object"}
TEXT_OR_NULL = nullable(STRING)
STRINGS = array(STRING)
SPAN = {"type": "array", "items": INTEGER, "minItems": 2, "maxItems": 2}

BOOK_SUMMARY = obj({"game": STRING, "game_title": STRING, "game_title_zh": STRING, "title": STRING, "version": STRING,
                    "parser": STRING, "date": STRING, "language": STRING,
                    "script": {"type": "string", "enum": ["Hant", "Hans", "Latn"]}, "url": STRING})
BOOK_DETAIL = {**BOOK_SUMMARY,
               "required": BOOK_SUMMARY["required"] + ["clauses", "problems", "versions", "numbered"],
               "properties": {**BOOK_SUMMARY["properties"], "clauses": INTEGER, "problems": INTEGER,
                              "versions": STRINGS, "numbered": BOOLEAN}}
CLAUSE_LINK = obj({"id": STRING, "kind": STRING, "label": STRING, "url": STRING})
REFERENCE = obj({"source": STRING, "target": TEXT_OR_NULL, "kind": STRING, "text": STRING,
                 "printed": STRING, "span": SPAN, "status": STRING, "by_title": BOOLEAN,
                 "reason": TEXT_OR_NULL}, {"label": STRING, "url": STRING})
HIT = obj({"game": STRING, "version": STRING, "id": STRING, "title": STRING, "kind": STRING,
           "snippet": STRING, "highlights": array(SPAN), "score": NUMBER, "exact": BOOLEAN, "url": STRING,
           "script": STRING})
STEP = obj({"kind": STRING, "text": STRING, "values": ANY_OBJECT, "cites": STRINGS})
RULING = obj({"game": STRING, "rulebook_version": STRING, "question": STRING,
              "outcome": obj({"reason": STRING}), "steps": array(STEP), "decisive": STRINGS,
              "choices": array(ANY_OBJECT), "gaps": array(STEP)})
QUESTION = obj({"game": STRING, "question": STRING, "summary": STRING, "url": STRING})
FINDING = obj({"kind": STRING, "clause": TEXT_OR_NULL, "message": STRING, "line": INTEGER,
               "source": STRING, "url": TEXT_OR_NULL})
DIFF_KINDS = ("unchanged", "modified", "renumbered", "split", "merged", "added", "removed")

SCHEMAS = {
    "Error": obj({"error": obj({"code": STRING, "message": STRING, "field": TEXT_OR_NULL},
                               {"problems": array(obj({"path": STRING, "message": STRING,
                                                       "cites": STRINGS}))})}),
    "Home": obj({"games": array(obj({"game": STRING, "game_title": STRING,
                                     "versions": array(BOOK_DETAIL)}))}),
    "TocNode": obj({"id": STRING, "kind": STRING, "label": STRING, "url": STRING,
                    "children": array(ref("TocNode"))}),
    "Book": obj({"book": BOOK_DETAIL, "toc": array(ref("TocNode"))}),
    "ClausePage": obj({
        "book": BOOK_DETAIL,
        "clause": obj({"game": STRING, "version": STRING, "id": STRING, "parent": TEXT_OR_NULL,
                       "title": TEXT_OR_NULL, "text": STRING, "kind": STRING, "order": INTEGER,
                       "lines": SPAN, "number": STRING, "label": STRING, "url": STRING}),
        "ancestors": array(CLAUSE_LINK), "children": array(CLAUSE_LINK),
        "previous": nullable(CLAUSE_LINK), "next": nullable(CLAUSE_LINK),
        "references": array(REFERENCE), "cited_by": array(REFERENCE), "term_users": array(REFERENCE),
        "versions": array(obj({"version": STRING, "present": BOOLEAN, "url": TEXT_OR_NULL})),
        "neighbourhood": array({**CLAUSE_LINK, "required": CLAUSE_LINK["required"] + ["relation"],
                                "properties": {**CLAUSE_LINK["properties"], "relation": STRING}}),
    }),
    "SearchPage": obj({"query": STRING, "filters": obj({k: TEXT_OR_NULL for k in ("game", "version", "kind")}),
                       "choices": obj({"games": STRINGS, "versions": ANY_OBJECT, "kinds": STRINGS}),
                       "hits": array(HIT), "total": INTEGER, "page": INTEGER, "pages": INTEGER,
                       "per_page": INTEGER, "redirect": TEXT_OR_NULL}),
    "RuleIndex": obj({"games": array(obj({"game": STRING, "questions": array(QUESTION)}))}),
    "RulePage": obj({"game": TEXT_OR_NULL, "script": TEXT_OR_NULL, "question": TEXT_OR_NULL, "summary": TEXT_OR_NULL,
                     "versions": STRINGS, "questions": array(QUESTION), "schema": nullable(ANY_OBJECT),
                     "yaml": STRING, "board": nullable(ANY_OBJECT), "ruling": nullable(RULING),
                     "clauses": {"type": "object", "additionalProperties":
                                 obj({"label": STRING, "text": STRING, "url": STRING})},
                     "problems": array(ANY_OBJECT)}),
    "VersionsIndex": obj({"games": array(obj({"game": STRING, "game_title": STRING, "versions": STRINGS})),
                          "chosen": obj({k: TEXT_OR_NULL for k in ("game", "old", "new")}),
                          "suggested": obj({k: STRING for k in ("game", "old", "new")}),
                          "redirect": TEXT_OR_NULL}),
    "Diff": obj({"game": STRING, "old": STRING, "new": STRING,
                 "summary": obj({k: INTEGER for k in DIFF_KINDS}),
                 "added": STRINGS, "removed": STRINGS, "modified": array(ANY_OBJECT),
                 "renumbered": array(ANY_OBJECT), "split": array(ANY_OBJECT), "merged": array(ANY_OBJECT),
                 "changelog": obj({"counts": ANY_OBJECT, "stated": array(ANY_OBJECT),
                                   "unmentioned": array(ANY_OBJECT)}),
                 "texts": obj({"old": ANY_OBJECT, "new": ANY_OBJECT}), "versions": STRINGS}),
    "History": obj({"game": STRING, "clause": STRING, "label": STRING, "url": STRING,
                    "versions": STRINGS, "steps": array(obj({"old_version": STRING, "new_version": STRING,
                                                             "kind": STRING, "old_ids": STRINGS,
                                                             "new_ids": STRINGS, "diff_url": STRING}))}),
    "Compare": obj({"left": TEXT_OR_NULL, "right": TEXT_OR_NULL, "concept": TEXT_OR_NULL, "concepts": STRINGS,
                    "comparison": nullable(ANY_OBJECT), "matches": nullable(array(ANY_OBJECT))}),
    "LintIndex": obj({"books": array({**BOOK_SUMMARY,
                                      "required": BOOK_SUMMARY["required"] + ["findings", "kinds"],
                                      "properties": {**BOOK_SUMMARY["properties"], "findings": INTEGER,
                                                     "kinds": ANY_OBJECT}})}),
    "Lint": obj({"book": BOOK_SUMMARY, "findings": array(FINDING)}),
    "OpenAPI": obj({"openapi": STRING, "info": ANY_OBJECT, "paths": ANY_OBJECT}),
}

BOARD_BODY = {
    "required": True,
    "description": "A board file: game, optional version, question and the board state "
                   "(the question's schema is in GET's `schema`).",
    "content": {"application/json": {"schema": ANY_OBJECT},
                "application/yaml": {"schema": STRING}},
}
ERROR_TEXT = {400: "Bad input (the error names the field)", 404: "No such game, version, clause or question",
              413: "The request body is too large"}


def openapi_path(rule: str) -> str:
    """``/api/<game>/<path:clause_id>`` → ``/api/{game}/{clause_id}``."""
    return _CONVERTER.sub(r"{\1}", rule)


def _parameters(page: Page) -> list[dict]:
    found = [{"name": name, "in": "path", "required": True, "schema": STRING}
             for name in _CONVERTER.findall(page.api_rule)]
    for param in page.params:
        schema = {"type": param.type}
        if param.enum:
            schema["enum"] = list(param.enum)
        if param.minimum is not None:
            schema["minimum"] = param.minimum
        if param.maximum is not None:
            schema["maximum"] = param.maximum
        found.append({"name": param.name, "in": "query", "required": param.required,
                      "description": param.description, "schema": schema})
    return found


def _operation(page: Page, method: str) -> dict:
    errors = set(page.errors)
    operation = {"summary": page.summary, "tags": [page.tag],
                 "operationId": f"{page.endpoint.replace('.', '_')}_{method}",
                 "parameters": _parameters(page) if method == "get" or not page.body else
                 [p for p in _parameters(page) if p["in"] == "path"]}
    if method == "post" and page.body:
        operation["requestBody"] = BOARD_BODY
        errors |= {400, 413}
    if any(p["in"] == "path" for p in operation["parameters"]):
        errors.add(404)
    responses = {"200": {"description": "OK",
                         "content": {"application/json": {"schema": ref(page.response)}}}}
    for status in sorted(errors):
        responses[str(status)] = {"description": ERROR_TEXT[status],
                                  "content": {"application/json": {"schema": ref("Error")}}}
    operation["responses"] = responses
    return operation


def build(pages: list[Page], title: str, version: str) -> dict:
    paths: dict[str, dict] = {}
    for page in pages:
        item = paths.setdefault(openapi_path(page.api_rule), {})
        for method in page.methods:
            item[method.lower()] = _operation(page, method.lower())
    return {
        "openapi": VERSION,
        "info": {"title": title, "version": version,
                 "description": "Every page of Arbiter as JSON: the same data as the HTML page at the "
                                "same address without /api. Errors are "
                                '{"error": {"code", "message", "field"}}.'},
        "paths": paths,
        "components": {"schemas": SCHEMAS},
    }
