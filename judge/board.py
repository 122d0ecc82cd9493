"""Board files: reading a ruling request and validating it, all problems at once.

A request is a YAML or JSON mapping: ``game``, optional ``version``,
``question`` and the state that question needs.  Each question's state is a
:class:`BoardModel` (pydantic), written in the game's own vocabulary.  Two
kinds of problem are reported, together, each with its path in the file:

* schema problems — ``areas[2].A.cards: expected an integer`` — worded by
  :func:`describe` from pydantic's error types, so every engine gets the same
  messages (``expected one of SINGLE, DOUBLE, TRIPLE, QUAD``);
* impossible boards — a five-card stack in ucg — raised with
  :func:`impossible` inside a field validator, or yielded by a model's
  :meth:`BoardModel.impossibilities`, each citing the clause that makes the
  board impossible.

>>> class Demo(BoardModel):
...     cards: int = Field(ge=1)
...     sides: list[int]
>>> try:
...     validate(Demo, {"cards": 0, "sides": [1, "x"], "card": 2})
... except BoardError as error:
...     print(*error.problems, sep="\\n")
cards: expected at least 1
sides[1]: expected an integer
card: unknown field
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Annotated, Any, Generic, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic_core import PydanticCustomError

from corpus.errors import ArbiterError
from judge.players import Player

M = TypeVar("M", bound="BoardModel")
T = TypeVar("T")

#: a number of cards: never negative
Count = Annotated[int, Field(ge=0)]
Path = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class BoardProblem:
    """One thing wrong with a board file, at ``path``, maybe citing clauses."""

    path: str
    message: str
    cites: tuple[str, ...] = ()

    def __str__(self) -> str:
        where = f"{self.path}: " if self.path else ""
        rule = f" [{', '.join(self.cites)}]" if self.cites else ""
        return f"{where}{self.message}{rule}"

    def as_dict(self) -> dict:
        return {"path": self.path, "message": self.message, "cites": list(self.cites)}


class BoardError(ArbiterError):
    """A board file with problems; ``problems`` holds every one of them."""

    code = "bad_board"

    def __init__(self, problems: Iterable[BoardProblem]):
        self.problems = tuple(problems)
        count = len(self.problems)
        summary = "; ".join(str(p) for p in self.problems)
        plural = "s" if count != 1 else ""
        first = self.problems[0].path.split(".")[0].split("[")[0] if self.problems else None
        super().__init__(f"board has {count} problem{plural}: {summary}", first or None)

    def as_dict(self) -> dict:
        data = super().as_dict()
        data["error"]["problems"] = [p.as_dict() for p in self.problems]
        return data


class BoardModel(BaseModel):
    """Base of every board schema: unknown fields are errors, values immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        """Cross-field impossibilities: ``(path relative to this model, message, cites)``."""
        return iter(())


class Both(BoardModel, Generic[T]):
    """One value per player, both required: ``{A: …, B: …}``."""

    A: T
    B: T

    def __getitem__(self, player: Player) -> T:
        return self.A if player is Player.A else self.B


def impossible(message: str, *cites: str) -> PydanticCustomError:
    """The error a field validator raises for a value the rules make impossible."""
    return PydanticCustomError("impossible", message, {"cites": cites})


def format_path(path: Path) -> str:
    """``('areas', 2, 'A', 'cards')`` → ``areas[2].A.cards``."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        elif part == "[key]":
            text += " (key)"
        else:
            text += f".{part}" if text else str(part)
    return text


def _choices(expected: str) -> str:
    found = re.findall(r"'([^']*)'", expected)
    return ", ".join(found) if found else expected


#: pydantic error type -> message template (``ctx`` values are filled in).
_MESSAGES = {
    "missing": "required",
    "extra_forbidden": "unknown field",
    "int_type": "expected an integer",
    "int_parsing": "expected an integer",
    "int_from_float": "expected an integer",
    "bool_type": "expected true or false",
    "bool_parsing": "expected true or false",
    "string_type": "expected text",
    "list_type": "expected a list",
    "dict_type": "expected a mapping",
    "model_type": "expected a mapping",
    "model_attributes_type": "expected a mapping",
    "greater_than_equal": "expected at least {ge}",
    "less_than_equal": "expected at most {le}",
    "greater_than": "expected more than {gt}",
    "less_than": "expected less than {lt}",
    "too_short": "expected at least {min_length} item(s)",
    "too_long": "expected at most {max_length} item(s)",
    "string_too_short": "expected non-empty text",
}


def describe(error: dict) -> BoardProblem:
    """One pydantic error as a :class:`BoardProblem`."""
    kind = error["type"]
    ctx = error.get("ctx") or {}
    path = format_path(error["loc"])
    if kind in ("enum", "literal_error"):
        return BoardProblem(path, f"expected one of {_choices(ctx.get('expected', ''))}")
    if kind == "impossible":
        return BoardProblem(path, error["msg"], tuple(ctx.get("cites", ())))
    template = _MESSAGES.get(kind)
    if template is None:
        return BoardProblem(path, error["msg"].removeprefix("Value error, "))
    return BoardProblem(path, template.format(**ctx))


_CONTAINERS = (BaseModel, list, tuple, dict)


def _walk(value: Any, path: Path) -> Iterator[BoardProblem]:
    """Every model's :meth:`impossibilities`, depth first, with full paths."""
    if isinstance(value, BoardModel):
        for relative, message, cites in value.impossibilities():
            yield BoardProblem(format_path(path + relative), message, tuple(cites))
        children = ((info.alias or name, getattr(value, name)) for name, info in type(value).model_fields.items())
    elif isinstance(value, dict):
        children = ((str(getattr(key, "value", key)), item) for key, item in value.items())
    else:
        children = enumerate(value)
    for step, child in children:
        if isinstance(child, _CONTAINERS):
            yield from _walk(child, path + (step,))


def validate(model: type[M], data: Any) -> M:
    """``data`` as a ``model``, or :class:`BoardError` with every problem found."""
    try:
        board = model.model_validate(data)
    except ValidationError as error:
        raise BoardError(describe(e) for e in error.errors()) from None
    problems = list(_walk(board, ()))  # the board itself is a model, so a container
    if problems:
        raise BoardError(problems)
    return board


#: Deeper than any board (a few levels); a deeper document is refused as it is read.
MAX_DEPTH = 64


class _BoardLoader(yaml.SafeLoader):
    """``yaml.SafeLoader`` that stops at :data:`MAX_DEPTH` levels of nesting,
    before a hostile file (``[[[[…``) exhausts the stack or the CPU."""

    depth = 0

    def compose_node(self, parent, index):
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                mark = self.peek_event().start_mark
                raise yaml.composer.ComposerError(None, None, f"nested more than {MAX_DEPTH} levels deep", mark)
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def read_document(text: str, source: str = "<board>") -> dict:
    """Parse a board file's text (JSON or YAML) into a mapping."""
    try:
        if text.lstrip().startswith("{"):
            data = json.loads(text)
        else:
            data = yaml.load(text, Loader=_BoardLoader)
    except json.JSONDecodeError as error:
        raise BoardError([BoardProblem("", f"{source}: not valid JSON: {error}")]) from None
    except RecursionError:
        raise BoardError([BoardProblem("", f"{source}: nested more than {MAX_DEPTH} levels deep")]) from None
    except ValueError as error:  # an integer of thousands of digits (Python refuses to convert it)
        raise BoardError([BoardProblem("", f"{source}: {str(error).split(';')[0]}")]) from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        reason = getattr(error, "problem", None) or str(error)
        raise BoardError([BoardProblem("", f"{source}: not valid YAML{where}: {reason}")]) from None
    if not isinstance(data, dict):
        raise BoardError([BoardProblem("", f"{source}: expected a mapping with game and question")])
    return data
