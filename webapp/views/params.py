"""Query parameters: each page's pydantic model reads and checks them, and describes them.

A page declares its query parameters as a :class:`QueryModel`; the same
model validates every request (:func:`read_query`) and, through its JSON
Schema, is what ``/api/openapi.json`` documents (:mod:`webapp.views.openapi`),
so the description and the behaviour cannot drift apart.  Whatever a model
refuses is a 400 naming the parameter and what was expected.

The query string is decoded here, strictly: werkzeug keeps bytes that are
not UTF-8 as literal ``%ED%A0%80`` text, which would then be searched for.
Parameters no model names (``lang`` …) are ignored.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, Literal
from urllib.parse import unquote_to_bytes

from flask import request
from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    StringConstraints,
    ValidationError,
    model_validator,
)
from pydantic_core import ErrorDetails, PydanticCustomError

from corpus.errors import ArbiterError
from corpus.model import ClauseKind

#: Longer text is not something a person typed into a form.
MAX_TEXT = 500
#: White space as Python's ``str.strip`` and ``re``'s ``\s`` know it, spelled out: the readers of
#: a pattern (pydantic's engine, schemathesis, any client's) each take ``\s`` differently.
SPACE = r"\t-\r\x1c- \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
#: Text with something in it: a character that is neither white space nor a control character.
NOT_BLANK = rf"[^{SPACE}\x00-\x1f\x7f]"
#: A clause as ``GAME[@VERSION]:ID``: what :data:`corpus.versions.compare.REFERENCE` reads,
#: in classes that every regex dialect reads alike.
ADDRESS = rf"^[{SPACE}]*[^@:{SPACE}]+(?:@[^:{SPACE}]+)?:[^\n]+[{SPACE}]*$"
_WHOLE_NUMBER = re.compile(r"-?[0-9]+")


def _absent_if_blank(value: object) -> object:
    """Empty text is "not given" (text too long to be that is refused as too long)."""
    return None if isinstance(value, str) and len(value) <= MAX_TEXT and not value.strip() else value


def _whole_number(value: object) -> object:
    """Only digits make an integer parameter (pydantic alone would take ``1.0`` and `` 5 ``)."""
    if isinstance(value, str) and not _WHOLE_NUMBER.fullmatch(value):
        raise ValueError("not a whole number")
    return value


#: Free text; left empty it means "not given" (a form sends its empty fields).
OptionalText = Annotated[
    Annotated[str, StringConstraints(max_length=MAX_TEXT), AfterValidator(str.strip)] | None,
    BeforeValidator(_absent_if_blank),
]
#: Text that must hold something (a query, a concept).
RequiredText = Annotated[
    str, StringConstraints(max_length=MAX_TEXT, pattern=NOT_BLANK), AfterValidator(str.strip)
]
#: A clause kind; empty means any kind (the search form's "Any kind").
OptionalKind = Annotated[ClauseKind | Literal[""] | None, AfterValidator(lambda kind: kind or None)]
WholeNumber = Annotated[int, BeforeValidator(_whole_number)]


def _state_together(schema: dict[str, Any], model: type) -> None:
    """JSON Schema's way to say that some parameters come together or not at all."""
    groups: tuple[tuple[str, ...], ...] = getattr(model, "together", ())
    if groups:
        schema["dependentRequired"] = {
            name: [other for other in group if other != name] for group in groups for name in group
        }


class QueryModel(BaseModel):
    """A page's query parameters.

    ``together`` names groups of parameters that are given all or none
    (compare's ``left`` and ``right``); the rule is checked here and stated
    in the JSON Schema (``dependentRequired``), which OpenAPI can only carry
    on a single object-valued parameter (see
    :func:`webapp.views.openapi.query_parameters`).
    """

    model_config = ConfigDict(extra="ignore", frozen=True, json_schema_extra=_state_together)
    together: ClassVar[tuple[tuple[str, ...], ...]] = ()

    @model_validator(mode="after")
    def _groups_given_whole(self) -> QueryModel:
        for group in self.together:
            given = [name for name in group if getattr(self, name) is not None]
            if given and len(given) < len(group):
                missing = next(name for name in group if name not in given)
                raise PydanticCustomError(
                    "together",
                    "give {missing} as well: {group} come together",
                    {"missing": missing, "group": " and ".join(group)},
                )
        return self


class BadParameter(ArbiterError):
    """A query parameter the page's model refuses (always 400)."""


def decoded_query() -> dict[str, str]:
    """The query string's parameters (the first value of each), decoded as strict UTF-8."""
    found: dict[str, str] = {}
    for pair in request.environ.get("QUERY_STRING", "").split("&"):
        if not pair:
            continue
        raw_name, _, raw_value = pair.partition("=")
        name = _decode(raw_name, "a parameter name")
        found.setdefault(name, _decode(raw_value, name))
    return found


def _decode(raw: str, name: str) -> str:
    """One name or value: WSGI hands the query string over as bytes in latin-1 clothing."""
    text = raw.replace("+", " ")
    try:
        data = unquote_to_bytes(text.encode("latin-1"))
    except UnicodeEncodeError:  # a server that decoded it already
        data = unquote_to_bytes(text.encode("utf-8"))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        bad = data[error.start : error.end].hex(" ").upper()
        raise BadParameter(
            f"{name} is not UTF-8 text (bytes {bad} at byte {error.start}): percent-encode the text as UTF-8",
            name,
        ) from None


def check_path() -> None:
    """Refuse an address whose path is not UTF-8 (werkzeug would turn the bytes into U+FFFD)."""
    try:
        request.environ.get("PATH_INFO", "").encode("latin-1").decode("utf-8")
    except UnicodeError:
        raise BadParameter("the address is not UTF-8 text: percent-encode it as UTF-8", "path") from None


def read_query(model: type[QueryModel]) -> QueryModel:
    """The request's query parameters as ``model``, or a :class:`BadParameter` naming the first bad one."""
    given = decoded_query()
    try:
        return model.model_validate(dict(given))
    except ValidationError as error:
        raise _bad_parameter(model, error.errors()[0], given) from None


def echoed(*names: str) -> dict[str, str | None]:
    """The parameters as typed (stripped; None when blank), for a form to show them again."""
    given = decoded_query()
    return {name: given.get(name, "").strip() or None for name in names}


def nothing_asked(model: type[QueryModel]) -> bool:
    """Whether the request gives none of ``model``'s parameters (or only empty ones)."""
    given = decoded_query()
    return not any(given.get(name, "").strip() for name in model.model_fields)


def _bad_parameter(model: type[QueryModel], error: ErrorDetails, given: Mapping[str, str]) -> BadParameter:
    if not error["loc"]:  # the model's own rule: parameters that come together
        return BadParameter(error["msg"], str(error["ctx"]["missing"]))
    name = str(error["loc"][0])
    schema = model.model_json_schema()
    prop = schema["properties"][name]
    value = given.get(name, "")
    if error["type"] == "missing":
        return BadParameter(f"give {name}: {_as_phrase(prop.get('description', 'it is required'))}", name)
    if error["type"] == "string_too_long":
        return BadParameter(f"{name} is {len(value)} characters long: at most {MAX_TEXT} are allowed", name)
    wanted = expected(prop, schema.get("$defs", {})) or _as_phrase(prop.get("description", "something else"))
    return BadParameter(f"{name} must be {wanted}, not {value[:40]!r}", name)


def _as_phrase(description: str) -> str:
    """A parameter's description ("A clause as GAME:ID.") inside a sentence ("a clause as GAME:ID")."""
    return description[:1].lower() + description[1:].rstrip(".")


def expected(prop: Mapping[str, Any], defs: Mapping[str, Any]) -> str | None:
    """What a parameter's schema allows, in words (None where only its description says it)."""
    branches = [defs[b["$ref"].rsplit("/", 1)[1]] if "$ref" in b else b for b in prop.get("anyOf", [prop])]
    values = [v for b in branches for v in (b.get("enum") or ([b["const"]] if "const" in b else []))]
    if values:
        named = ", ".join(v for v in values if v)
        return f"one of {named}" + (" (or empty, for any)" if "" in values else "")
    numbers = next((b for b in branches if b.get("type") == "integer"), None)
    if numbers is not None:
        return f"a whole number from {numbers['minimum']} to {numbers['maximum']}"
    return None
