"""The OpenAPI 3.1 description of the JSON API, generated from the route table and its models.

Paths, methods and summaries come from :data:`webapp.views.PAGES` (each
page's JSON twin); query parameters from each page's
:class:`~webapp.views.params.QueryModel` (the model that also validates the
request), response and body schemas from :mod:`webapp.views.schemas`, all
through pydantic's JSON Schema (draft 2020-12, which OpenAPI 3.1 uses as
it is).  So a page cannot be added, nor a parameter changed, without the
description following.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaMode, models_json_schema

from webapp.views import Page
from webapp.views.params import QueryModel
from webapp.views.schemas import Error

VERSION = "3.1.0"
COMPONENTS = "#/components/schemas/{model}"
_CONVERTER = re.compile(r"<(?:([a-z]+):)?([a-z_]+)>")
#: What a path parameter holds, by its converter (those not listed are plain strings).
PATH_DESCRIPTIONS = {
    "edition": "A version (1.070); an edition in another language than the game's own "
    "as VERSION~LANGUAGE (1.070~fr).",
}
ERROR_TEXT = {
    400: "Bad input: the error names the parameter or field, and what was expected",
    404: "No such game, version, clause or question",
    413: "The request body is too large",
}
#: Where each model's schema is: ``{"$ref": "#/components/schemas/Name"}``.
Refs = Mapping[tuple[Any, JsonSchemaMode], dict[str, Any]]
YAML_BODY = {"type": "string", "description": "The same board file as YAML."}


class WithoutTitles(GenerateJsonSchema):
    """pydantic's JSON Schema without a title on every property (the name says it)."""

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False

    def default_schema(self, schema: Any) -> dict[str, Any]:
        """No ``default: null`` on a field that is left out rather than null."""
        found: dict[str, Any] = super().default_schema(schema)
        if "default" in found and found["default"] is None:
            del found["default"]
        return found


def openapi_path(rule: str) -> str:
    """``/api/<game:game>/<path:clause_id>`` → ``/api/{game}/{clause_id}``."""
    return _CONVERTER.sub(r"{\2}", rule)


def _models(pages: list[Page]) -> list[tuple[type[BaseModel], JsonSchemaMode]]:
    found: dict[tuple[type[BaseModel], JsonSchemaMode], None] = {(Error, "serialization"): None}
    for page in pages:
        found[(page.response, "serialization")] = None
        if page.body is not None:
            found[(page.body, "validation")] = None
        if page.query is not None:
            found[(page.query, "validation")] = None
    return list(found)


def _as_parameter(schema: dict[str, Any]) -> dict[str, Any]:
    """A property as a query parameter's schema: a parameter left out is absent, never null."""
    schema = {key: value for key, value in schema.items() if key != "description"}
    if "anyOf" in schema:
        branches = [branch for branch in schema.pop("anyOf") if branch.get("type") != "null"]
        schema = {**branches[0], **schema} if len(branches) == 1 else {"anyOf": branches, **schema}
    return schema


def query_parameters(model: type[QueryModel], schema: dict[str, Any]) -> list[dict[str, Any]]:
    """The query parameters a model describes.

    One parameter per field, except for a model with parameters that come
    together (:attr:`QueryModel.together`): OpenAPI states a rule across
    parameters only on an object-valued one (``style: form, explode: true``,
    so still ``?left=…&right=…``).
    """
    required = set(schema.get("required", ()))
    properties = {name: _as_parameter(prop) for name, prop in schema["properties"].items()}
    if model.together:
        return [
            {
                "name": "params",
                "in": "query",
                "required": bool(required),
                "style": "form",
                "explode": True,
                "description": inspect.getdoc(model) or "",
                "schema": {
                    "type": "object",
                    "properties": properties,
                    "required": sorted(required),
                    "dependentRequired": schema["dependentRequired"],
                },
            }
        ]
    return [
        {
            "name": name,
            "in": "query",
            "required": name in required,
            "description": schema["properties"][name].get("description", ""),
            "schema": prop,
        }
        for name, prop in properties.items()
    ]


def _name(ref: Mapping[str, Any]) -> str:
    return str(ref["$ref"]).rsplit("/", 1)[1]


def _operation(page: Page, method: str, schemas: dict[str, dict[str, Any]], refs: Refs) -> dict[str, Any]:
    errors = {400, *page.errors}
    parameters = [
        {"name": name, "in": "path", "required": True, "schema": {"type": "string"}}
        | ({"description": PATH_DESCRIPTIONS[converter]} if converter in PATH_DESCRIPTIONS else {})
        for converter, name in _CONVERTER.findall(page.api_rule)
    ]
    if parameters:
        errors.add(404)
    if page.query is not None:
        parameters += query_parameters(page.query, schemas[_name(refs[(page.query, "validation")])])
    operation: dict[str, Any] = {
        "summary": page.summary,
        "tags": [page.tag],
        "operationId": f"{page.endpoint.replace('.', '_')}_{method}",
        "parameters": parameters,
    }
    if method == "post" and page.body is not None:
        operation["requestBody"] = {
            "required": True,
            "description": inspect.getdoc(page.body) or "",
            "content": {
                "application/json": {"schema": refs[(page.body, "validation")]},
                "application/yaml": {"schema": YAML_BODY},
            },
        }
        errors.add(413)
    responses = {
        "200": {
            "description": "OK",
            "content": {"application/json": {"schema": refs[(page.response, "serialization")]}},
        }
    }
    for status in sorted(errors):
        responses[str(status)] = {
            "description": ERROR_TEXT[status],
            "content": {"application/json": {"schema": refs[(Error, "serialization")]}},
        }
    operation["responses"] = responses
    return operation


def build(pages: list[Page], title: str, version: str) -> dict[str, Any]:
    refs, definitions = models_json_schema(
        _models(pages), ref_template=COMPONENTS, schema_generator=WithoutTitles
    )
    schemas = definitions.get("$defs", {})
    paths: dict[str, dict[str, Any]] = {}
    for page in pages:
        item = paths.setdefault(openapi_path(page.api_rule), {})
        for method in page.methods:
            item[method.lower()] = _operation(page, method.lower(), schemas, refs)
    for page in pages:  # query models are spelled out as parameters
        if page.query is not None:
            schemas.pop(_name(refs[(page.query, "validation")]), None)
    return {
        "openapi": VERSION,
        "info": {
            "title": title,
            "version": version,
            "description": "Every page of Arbiter as JSON: the same data as the HTML page at the "
            "same address without /api. Errors are "
            '{"error": {"code", "message", "field"}}.',
        },
        "paths": paths,
        "components": {"schemas": schemas},
    }
