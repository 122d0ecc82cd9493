"""Board files: reading a ruling request and validating it, all problems at once.

A request is a YAML or JSON mapping: ``game``, optional ``version``,
``question`` and the state that question needs.  :func:`read_document`
reads it within fixed limits (:data:`MAX_CHARACTERS`, :data:`MAX_VALUES`,
:data:`MAX_DEPTH`), checked while it reads, so a hostile file is refused in
a fraction of a second, for the command line and the web alike.  Each
question's state is a :class:`BoardModel` (pydantic), written in the game's
own vocabulary, whose numbers are the strict, bounded types of
:mod:`judge.bounds`.  Two kinds of problem are reported, together, each with
its path in the file:

* schema problems — ``areas[2].A.cards: expected an integer`` — worded by
  :func:`describe` from pydantic's error types, so every engine gets the same
  messages (``expected one of SINGLE, DOUBLE, TRIPLE, QUAD``);
* impossible boards — a five-card stack in ucg — raised with
  :func:`impossible` inside a field validator, or yielded by a model's
  :meth:`BoardModel.impossibilities`, each citing the clause that makes the
  board impossible.

>>> from pydantic import Field
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
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic_core import ErrorDetails, PydanticCustomError

from corpus.errors import ArbiterError
from judge.players import Player

M = TypeVar("M", bound="BoardModel")
T = TypeVar("T")

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

    def as_dict(self) -> dict[str, Any]:
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

    def as_dict(self) -> dict[str, Any]:
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
    """``('areas', 2, 'A', 'cards')`` → ``areas[2].A.cards``.

    A name repeated at once is said once: a timeline action's verb is both
    the key that picks the action and the action's own field
    (``actions[1].attack.attack.by`` is ``actions[1].attack.by``).
    """
    text = ""
    for index, part in enumerate(path):
        if isinstance(part, str) and index and path[index - 1] == part:
            continue
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


#: Strict types refuse these inputs outright; the message says what was given instead.
_STRICT = ("int_type", "bool_type")
_SHOWN = 20  # characters of a refused value quoted in a message


def _given(value: Any) -> str:
    """A refused scalar as the board file would write it: ``true``, ``"3"``, ``2.5``."""
    shown = json.dumps(value, ensure_ascii=False)
    return shown if len(shown) <= _SHOWN else shown[: _SHOWN - 1] + "…"


def describe(error: ErrorDetails) -> BoardProblem:
    """One pydantic error as a :class:`BoardProblem` (citing the clause a bound comes from)."""
    kind = error["type"]
    ctx = error.get("ctx") or {}
    path = format_path(error["loc"])
    cites = tuple(ctx.get("cites", ()))
    if kind in ("enum", "literal_error"):
        return BoardProblem(path, f"expected one of {_choices(ctx.get('expected', ''))}")
    if kind == "union_tag_invalid":  # a timeline action whose verb the game does not have
        return BoardProblem(path, f"expected one of {_choices(ctx.get('expected_tags', ''))}")
    if kind == "union_tag_not_found":
        return BoardProblem(path, "expected one action: a mapping with one key (the verb), or the bare verb")
    if kind == "impossible":
        return BoardProblem(path, error["msg"], cites)
    template = _MESSAGES.get(kind)
    if template is None:
        return BoardProblem(path, error["msg"].removeprefix("Value error, "))
    message = template.format(**ctx)
    given = error.get("input")
    if kind in _STRICT and isinstance(
        given, (bool, int, float, str)
    ):  # true is not a count, "3" not a number
        message += f", not {_given(given)}"
    return BoardProblem(path, message, cites)


_CONTAINERS = (BaseModel, list, tuple, dict)


def _walk(value: Any, path: Path) -> Iterator[BoardProblem]:
    """Every model's :meth:`impossibilities`, depth first, with full paths."""
    children: Iterable[tuple[str | int, Any]]
    if isinstance(value, BaseModel):  # a board model, or a part of a game state (judge.state)
        impossibilities = getattr(value, "impossibilities", None)
        for relative, message, cites in impossibilities() if impossibilities else ():
            yield BoardProblem(format_path(path + relative), message, tuple(cites))
        children = (
            (info.alias or name, getattr(value, name)) for name, info in type(value).model_fields.items()
        )
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


#: Board files are a few kilobytes (a deck list with comments); a larger text is refused unread (the
#: web app refuses a larger request body before reading it, MAX_CONTENT_LENGTH: the same figure in bytes).
MAX_CHARACTERS = 512 * 1024
#: More values than any board holds (a deck list has a few hundred): mapping keys, items and the
#: collections themselves count, and an alias counts as every value it names.
MAX_VALUES = 10_000
#: Deeper than any board (a few levels).
MAX_DEPTH = 64


class _Refused(Exception):
    """A document past one of the limits above, found while it is read."""


class _Budget:
    """The values a document holds so far, and how deep it nests: refused the moment
    either passes its limit."""

    def __init__(self, counting: str = "") -> None:
        self.values = 0
        self.counting = counting  # how the values are counted, said when refusing

    def spend(self, values: int, depth: int, line: int | None = None) -> None:
        """Count ``values`` more, the deepest of them ``depth`` levels down."""
        self.values += values
        where = f" (line {line})" if line is not None else ""
        if depth > MAX_DEPTH:
            raise _Refused(f"nested more than {MAX_DEPTH} levels deep{where}")
        if self.values > MAX_VALUES:
            raise _Refused(f"more than {MAX_VALUES} values{where}{self.counting}")


class _BudgetLoader(yaml.composer.Composer, yaml.constructor.SafeConstructor, yaml.resolver.Resolver):
    """A safe loader but for its parser, whose composer counts every node (see :class:`_Budget`).

    libyaml's own composer (``CSafeLoader``'s) is compiled and cannot be stopped
    part way, so the nodes are composed here from the parser's events (libyaml's
    when PyYAML has it): a hostile file is refused after at most
    :data:`MAX_VALUES` nodes, never after building the whole document.  Aliases
    are not copies in PyYAML, but everything after parsing (validation, JSON)
    walks them as if they were: each alias is charged the values and the depth
    its anchor holds, so a "billion laughs" is refused at the first alias that
    goes over, and an alias inside its own anchor (a cycle) is refused outright.
    """

    peek_event: Callable[[], yaml.Event]  # the parser's, from the loaders below
    dispose: Callable[[], None]

    def _start(self) -> None:
        """Set up all but the parser, which each loader below sets up first, its own way."""
        yaml.composer.Composer.__init__(self)
        yaml.constructor.SafeConstructor.__init__(self)
        yaml.resolver.Resolver.__init__(self)
        self.budget = _Budget("; an alias counts as every value it names")
        self.depth = 0  # of the node being composed
        self.deepest = 0  # the deepest level reached inside it
        self.anchored: dict[str, tuple[int, int]] = {}  # anchor -> (values, levels) it holds

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        event = self.peek_event()
        line = event.start_mark.line + 1 if event.start_mark else None
        if isinstance(event, yaml.AliasEvent):
            anchor = event.anchor or ""
            if anchor in self.anchors and anchor not in self.anchored:
                raise _Refused(f"the alias *{anchor} (line {line}) is inside its own anchor")
            values, levels = self.anchored.get(anchor, (0, 0))  # an unknown one: PyYAML says so
            self.deepest = max(self.deepest, self.depth + levels)
            self.budget.spend(values, self.deepest, line)
            return super().compose_node(parent, index)
        outer, before = self.deepest, self.budget.values
        self.depth += 1
        self.deepest = self.depth
        self.budget.spend(1, self.depth, line)
        node = super().compose_node(parent, index)
        if isinstance(event, yaml.NodeEvent) and event.anchor is not None:
            self.anchored[event.anchor] = (self.budget.values - before, self.deepest - self.depth + 1)
        self.depth -= 1
        self.deepest = max(outer, self.deepest)
        return node


class PyBoundedLoader(_BudgetLoader, yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser):
    """``yaml.SafeLoader`` keeping to the limits: for a PyYAML built without libyaml."""

    def __init__(self, text: str) -> None:
        yaml.reader.Reader.__init__(self, text)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        self._start()


#: The loader board files are read with: libyaml's parser where PyYAML has it (about 3× faster).
BoundedLoader: Callable[[str], _BudgetLoader] = PyBoundedLoader

if yaml.__with_libyaml__:
    from yaml._yaml import CParser

    class CBoundedLoader(_BudgetLoader, CParser):
        """``yaml.CSafeLoader`` keeping to the limits: libyaml parses, :class:`_BudgetLoader` composes."""

        def __init__(self, text: str) -> None:
            CParser.__init__(self, text)
            self._start()

    BoundedLoader = CBoundedLoader


def _load_yaml(text: str) -> Any:
    loader = BoundedLoader(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


def _load_json(text: str) -> Any:
    """JSON, held to the same limits.  Its parser is compiled and JSON has no
    aliases, so the values of the (size-limited) text are counted once read."""
    data = json.loads(text)
    _count(data)
    return data


def _count(data: Any) -> None:
    """Walk ``data`` as the limits count it, refusing it at the first value past them."""
    budget, pending = _Budget(), [(data, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, dict):
            budget.spend(1 + len(value), depth)  # the mapping and its keys
            pending.extend((item, depth + 1) for item in value.values())
        elif isinstance(value, list):
            budget.spend(1, depth)
            pending.extend((item, depth + 1) for item in value)
        else:
            budget.spend(1, depth)


def within_limits(data: Any, source: str = "<board>") -> None:
    """A board given as data (from Python, not read from text) is held to the same limits as a file.

    A caller that builds a mapping skips :func:`read_document`; without this a mapping of a
    hundred thousand cards would be validated card by card before anything refused it.
    """
    try:
        _count(data)
    except _Refused as error:
        raise BoardError([BoardProblem("", f"{source}: {error}")]) from None


def read_document(text: str, source: str = "<board>") -> dict[str, Any]:
    """Parse a board file's text (JSON or YAML) into a mapping.

    The limits (:data:`MAX_CHARACTERS`, :data:`MAX_VALUES`, :data:`MAX_DEPTH`)
    are kept while reading, for the command line and the web alike, so a
    hostile file costs a fraction of a second before it is refused.
    """
    if len(text) > MAX_CHARACTERS:
        raise BoardError(
            [
                BoardProblem(
                    "",
                    f"{source}: {len(text)} characters, more than the {MAX_CHARACTERS} a board file may have",
                )
            ]
        )
    try:
        data = _load_json(text) if text.lstrip().startswith("{") else _load_yaml(text)
    except _Refused as error:
        raise BoardError([BoardProblem("", f"{source}: {error}")]) from None
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
