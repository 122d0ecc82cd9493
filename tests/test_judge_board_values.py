"""Numbers on a board are whole numbers within what the game allows; flags are true or false.

Before, pydantic's lax mode read ``life: true`` (and YAML's ``yes``) as 1 and
the text ``"3"`` as 3, and printed values took any size: a uhb power of
−2 147 483 648 gave a confident "winner B".  Now every number in every board
model is strict and bounded (:mod:`judge.bounds`), and a value out of bounds
is refused with its path and what was expected — citing the clause where the
rulebook sets the bound.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from corpus.library import load_book
from judge.board import BoardError, format_path
from judge.bounds import RULES, Bounds, Rule
from judge.citations import Citations, verify
from judge.registry import ENGINES, engine, rule, rule_text

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "judge" / "examples").glob("*/*.yaml"))


def problems_of(request: dict | str) -> list[tuple[str, str, tuple[str, ...]]]:
    with pytest.raises(BoardError) as caught:
        rule(request) if isinstance(request, dict) else rule_text(request)
    return [(p.path, p.message, p.cites) for p in caught.value.problems]


def places(document: Any, here: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    """``(path, value)`` of every value under the document's own fields."""
    items = (
        document.items()
        if isinstance(document, dict)
        else enumerate(document)
        if isinstance(document, list)
        else ()
    )
    for key, value in items:
        yield here + (key,), value
        yield from places(value, here + (key,))


def replaced(document: dict, path: tuple, value: Any) -> dict:
    board = copy.deepcopy(document)
    parent = board
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return board


def example(name: str) -> dict:
    return yaml.safe_load((ROOT / "judge" / "examples" / f"{name}.yaml").read_text(encoding="utf-8"))


# -- the examples, every number and every flag in turn ------------------------------------------

#: what a number may not be, and the start of the message saying so
NOT_NUMBERS = [
    (True, "expected an integer, not true"),
    (False, "expected an integer, not false"),
    ("3", 'expected an integer, not "3"'),
    (3.0, "expected an integer, not 3.0"),
    (10**100, "expected at most "),
    (-(10**100), "expected at least "),
]
NOT_FLAGS = [
    (1, "expected true or false, not 1"),
    ("yes", 'expected true or false, not "yes"'),
    ("true", 'expected true or false, not "true"'),
]


def holds_numbers(path: Path) -> bool:
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    return any(isinstance(value, int) for place, value in places(document) if place[0] != "version")


@pytest.mark.parametrize(
    "path", [p for p in EXAMPLES if holds_numbers(p)], ids=lambda p: f"{p.parent.name}/{p.stem}"
)
def test_every_number_and_flag_of_every_example_refuses_what_it_is_not(path):
    """The problem is named at the value's place (or in it: a zone's bare ``5`` stands for ``{unnamed: 5}``)."""
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    for place, value in places(document):
        if place[0] in ("game", "version", "question"):
            continue
        if isinstance(value, bool):
            wrong = NOT_FLAGS
        elif isinstance(value, int):
            wrong = NOT_NUMBERS
        else:
            continue
        for given, says in wrong:
            (found,) = problems_of(replaced(document, place, given))
            where, message, _ = found
            assert where in (format_path(place), format_path(place + ("add",))), (place, given, found)
            assert message.startswith(says), (place, given, found)


# -- one count and one printed value per game, as a judge would type them ---------------------------

#: per game: an example, a count in it, the count's largest value and the clause that sets it
COUNTS = {
    "ucg": ("ucg/set_scene", ("state", "players", "A", "deck"), 50, ("4.1.1",)),
    "uhb": ("uhb/battle", ("state", "players", "A", "deck"), 40, ("1.0.2",)),
    "bs": ("bs/attack", ("state", "players", "A", "life"), 999, ()),
    "gcg": ("gcg/attack", ("state", "players", "B", "shields"), 50, ("6-1-1",)),
    "zd": ("zd/battle", ("state", "players", "B", "life"), 50, ("100.p2",)),
}
#: per game: an example, a value printed on a card in it, and its largest value
PRINTED = {
    "ucg": ("ucg/judgment", ("state", "areas", 0, "A", "bp", "TRIPLE"), 999_999),
    "uhb": ("uhb/battle", ("state", "players", "A", "field", 0, "power"), 999_999),
    "bs": ("bs/attack", ("state", "players", "A", "field", 0, "levels", 0, "bp"), 999_999),
    "gcg": ("gcg/attack", ("state", "players", "A", "battle", 0, "ap"), 99),
    "zd": ("zd/battle", ("state", "players", "A", "battle", 0, "attack"), 999_999),
}


def document_value(document: dict, path: tuple) -> Any:
    for key in path:
        document = document[key]
    return document


def yaml_with(document: dict, path: tuple, text: str) -> str:
    """The board as YAML with the value at ``path`` written as ``text``, exactly as a judge types it."""
    marker = "MARKER-0123456789"
    return yaml.safe_dump(replaced(document, path, marker), allow_unicode=True).replace(marker, text)


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_a_count_is_never_true_yes_text_negative_or_huge(game):
    name, count, most, cites = COUNTS[game]
    document, where = example(name), format_path(count)
    as_it_is = yaml_with(document, count, str(document_value(document, count)))
    assert rule_text(as_it_is).outcome  # the board as typed, before any damage, is ruled
    for typed, says, cited in [
        ("true", "expected an integer, not true", ()),
        ("yes", "expected an integer, not true", ()),  # YAML 1.1 reads yes as true
        ('"3"', 'expected an integer, not "3"', ()),
        ("-1", "expected at least 0", ()),
        (str(10**100), f"expected at most {most}", cites),
        (str(most + 1), f"expected at most {most}", cites),
    ]:
        assert problems_of(yaml_with(document, count, typed)) == [(where, says, cited)], typed


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_a_printed_value_is_never_negative_or_huge(game):
    name, printed, most = PRINTED[game]
    document, where = example(name), format_path(printed)
    for typed, says in [
        ("-2147483648", "expected at least 0"),
        (str(10**100), f"expected at most {most}"),
        ("true", "expected an integer, not true"),
        ('"3000"', 'expected an integer, not "3000"'),
    ]:
        found = problems_of(yaml_with(document, printed, typed))
        assert [(path, message) for path, message, _ in found] == [(where, says)], typed


def test_a_uhb_power_of_minus_two_billion_gets_no_ruling():
    """The hostile tester's board: B "won" a battle its main could not have fought."""
    board = example("uhb/battle")
    card = board["state"]["players"]["A"]["field"][0]
    card["power"] = -2147483648
    assert problems_of(board) == [("state.players.A.field[0].power", "expected at least 0", ())]
    card["power"] = 2147483648
    assert problems_of(board) == [("state.players.A.field[0].power", "expected at most 999999", ())]


def test_a_flag_is_only_true_or_false():
    board = example("ucg/set_scene")
    for given in (1, 0, "yes", "no", "on"):
        board["state"]["scene_set"] = given
        (found,) = problems_of(board)
        assert found[0] == "state.scene_set" and found[1].startswith("expected true or false, not ")


def test_changes_may_be_negative_but_not_beyond_any_card():
    board = example("ucg/judgment")
    board["state"]["areas"][1]["A"]["modifiers"][1]["by"] = -999_999
    assert rule(board).outcome.reason.value  # a big BP- is a ruling, not a refusal
    board["state"]["areas"][1]["A"]["modifiers"][1]["by"] = -(10**6)
    assert problems_of(board) == [("state.areas[1].A.modifiers[1].by", "expected at least -999999", ())]


def test_list_lengths_are_bounded_where_the_book_bounds_them():
    board = example("ucg/judgment")
    board["state"]["areas"] = board["state"]["areas"] * 13  # 52 battle areas: more than a deck's 50 (4.1.1)
    assert problems_of(board) == [("state.areas", "expected at most 50 item(s)", ())]
    board = example("ucg/level_up")
    character = board["state"]["areas"][0]["A"]
    character["cards"], character["under"] = (
        4,
        ["U1", "U2", "U3", "U4"],
    )  # a character is at most four (8.1.1)
    assert problems_of(board) == [
        ("state.areas[0].A.under", "4 cards under a stack of 4", ("8.1.1",)),
        ("state.areas[0].A.under", "4 cards under the top one: at most three", ("8.1.1",)),
    ]


# -- every board model, whatever its example holds --------------------------------------------------


def core_nodes(node: Any, parent: Any = None) -> Iterator[tuple[dict, Any]]:
    """Every schema dict in a pydantic core schema, with the dict holding it."""
    if isinstance(node, dict):
        if "type" in node:
            yield node, parent
        for value in node.values():
            yield from core_nodes(value, node if "type" in node else parent)
    elif isinstance(node, (list, tuple)):
        for value in node:
            yield from core_nodes(value, parent)


BOARDS = [
    pytest.param(q.board, id=f"{game}/{q.name}")
    for game in sorted(ENGINES)
    for q in engine(game).questions.values()
]


@pytest.mark.parametrize("board", BOARDS)
def test_every_number_in_every_board_model_is_strict_and_bounded(board):
    numbers = flags = 0
    for node, parent in core_nodes(board.__pydantic_core_schema__):
        if node["type"] == "int":
            numbers += 1
            assert node.get("strict"), f"{board.__name__}: a lax integer"
            check = (parent or {}).get("function", {}).get("function")
            bound = getattr(check, "__self__", None)
            assert isinstance(bound, Bounds), f"{board.__name__}: an unbounded integer"
        elif node["type"] == "bool":
            flags += 1
            assert node.get("strict"), f"{board.__name__}: a lax flag"
    assert numbers + flags or board.__name__ in ("ChainBoard", "EffectOrderBoard"), "found no number at all"


@pytest.mark.parametrize("board", BOARDS)
def test_every_integer_in_every_board_schema_shows_its_bounds(board):
    """What the web form and the API description see."""

    def integers(node: Any) -> Iterator[dict]:
        if isinstance(node, dict):
            if node.get("type") == "integer":
                yield node
            for value in node.values():
                yield from integers(value)
        elif isinstance(node, list):
            for value in node:
                yield from integers(value)

    for schema in integers(board.model_json_schema()):
        assert "minimum" in schema and "maximum" in schema, schema


def rules_in_models() -> set[Rule]:
    found = set()
    for param in BOARDS:
        for node, _ in core_nodes(param.values[0].__pydantic_core_schema__):
            check = node.get("function", {}).get("function") if node["type"] == "function-after" else None
            bound = getattr(check, "__self__", None)
            if isinstance(bound, Bounds) and isinstance(bound.source, Rule):
                found.add(bound.source)
    return found


def test_every_bound_a_rulebook_sets_is_listed():
    assert rules_in_models() <= set(RULES)


@pytest.mark.parametrize("bound", RULES, ids=lambda r: f"{r.game}:{r.clause}")
def test_every_bound_a_rulebook_sets_stands_in_its_clause(bound):
    assert verify(Citations(bound.game, {bound.clause: bound.words}), load_book(bound.game)) == []
