"""Mangled board files into every judging engine: a ruling, or the problems named.

A judge at a table types a board file in a hurry; a web visitor may send
anything.  Through :func:`judge.registry.rule` (what ``arbiter rule`` and the
web app call), every engine in :data:`judge.registry.ENGINES` must answer a
damaged board with either a ruling whose every cited clause exists in the
rulebook version it names, or :class:`~corpus.errors.ArbiterError` — never
another exception, and within bounded time.  The damage starts from each
engine's own example files: fields deleted, renamed, given values of the
wrong type, absurd numbers (2**63, 10**100, NaN), lists repeated, subtrees
swapped; then the file's text itself truncated or shuffled, and hostile
documents (deep nesting, YAML alias bombs, unsafe YAML tags, huge integers).
"""

from __future__ import annotations

import copy
import json
import random
from datetime import timedelta
from functools import cache
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from corpus.errors import ArbiterError
from corpus.library import load_book
from judge.registry import ENGINES, engine, rule, rule_text
from tests.hang import time_limit as bounded

ROOT = Path(__file__).resolve().parents[1]
#: Seconds one ruling may take before it counts as a hang (a ruling takes milliseconds).
HANG = 10
FUZZ = settings(
    max_examples=15,
    deadline=timedelta(seconds=HANG),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def example_files() -> list:
    """Every example board of every engine, checked to name its game and a question."""
    found = []
    for game in ENGINES:
        paths = sorted((ROOT / "judge" / "examples" / game).glob("*.yaml"))
        names = {question.example for question in engine(game).questions.values()}
        assert names <= set(paths), f"{game}: an example file is missing"
        found += [pytest.param(path, id=f"{game}/{path.stem}") for path in paths]
    return found


EXAMPLES = example_files()


def time_limit():
    return bounded(HANG, "no ruling: the engine hangs on this board")


@cache
def clause_ids(game: str, version: str) -> frozenset[str]:
    return frozenset(clause.id for clause in load_book(game, version).clauses)


def rule_or_refuse(judge, board):
    """The ruling on ``board``, or None when refused with ArbiterError.

    A ruling must cite only clauses of its rulebook version; anything but
    ArbiterError, or a hang, fails the test.
    """
    with time_limit():
        try:
            ruling = judge(board)
        except ArbiterError as error:
            assert error.message.strip(), "an error must say what is wrong"
            return None
    known = clause_ids(ruling.game, ruling.rulebook_version)
    assert set(ruling.cited) <= known, set(ruling.cited) - known
    assert set(ruling.decisive) <= set(ruling.cited)
    json.dumps(ruling.as_dict(), ensure_ascii=False)  # what the API and --json print
    return ruling


def test_every_engine_has_example_boards_and_they_rule():
    assert {param.values[0].parent.name for param in EXAMPLES} == set(ENGINES)
    for param in EXAMPLES:
        path = param.values[0]
        assert rule_or_refuse(rule_text, path.read_text(encoding="utf-8")) is not None, path


# -- structural damage ----------------------------------------------------------------

#: Values that break assumptions: huge and negative numbers, non-finite floats, odd text.
ODD = st.sampled_from(
    [
        0,
        -1,
        -(2**31),
        2**31,
        2**63,
        10**18,
        10**100,
        1.5,
        -0.0,
        float("nan"),
        float("inf"),
        True,
        None,
        "",
        " ",
        "A",
        "B",
        "C",
        "0",
        "-1",
        "1e309",
        "NaN",
        "\x00",
        "<script>",
        "../../etc/passwd",
        "ucg",
        "1.6",
        "SINGLE",
        "UP",
        "red",
        "SPIRIT",
        "勝利",
        "a" * 5000,
        [],
        {},
        [[]],
        {"": None},
    ]
).map(copy.deepcopy)  # a fresh copy each draw: damage must not change the samples themselves
LEAF = st.one_of(ODD, st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=20))
VALUE = st.recursive(
    LEAF,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def places(document, here=()):
    """``(path, value)`` of every value in the document (the document itself excepted)."""
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


def paths(document) -> list[tuple]:
    return [path for path, _value in places(document)]


def _parent(document, path):
    for key in path[:-1]:
        document = document[key]
    return document


def _get(document, path):
    return _parent(document, path)[path[-1]]


@st.composite
def damaged(draw, document: dict) -> dict:
    """The board after one to three random structural damages."""
    board = copy.deepcopy(document)
    for _ in range(draw(st.integers(1, 3))):
        spots = paths(board)
        if not spots:
            break
        path = draw(st.sampled_from(spots))
        parent, key = _parent(board, path), path[-1]
        damage = draw(st.sampled_from(["delete", "replace", "odd", "repeat", "swap", "rename", "wrap"]))
        if damage == "delete":
            del parent[key]
        elif damage == "replace":
            parent[key] = draw(VALUE)
        elif damage == "odd":
            parent[key] = draw(ODD)
        elif damage == "repeat":
            value = parent[key]
            times = draw(st.sampled_from([2, 7, 50, 400]))
            parent[key] = (
                value * times
                if isinstance(value, (list, str))
                else [copy.deepcopy(value) for _ in range(times)]
            )
        elif damage == "swap":  # another part of the board, not one holding this place
            source = draw(st.sampled_from(spots))
            if path[: len(source)] != source:
                parent[key] = copy.deepcopy(_get(board, source))
        elif damage == "rename" and isinstance(parent, dict):
            parent[draw(st.text(min_size=1, max_size=8))] = parent.pop(key)
        else:
            parent[key] = draw(st.sampled_from([[parent[key]], {"value": parent[key]}]))
    return board


@pytest.mark.parametrize("path", EXAMPLES)
@FUZZ
@given(data=st.data())
def test_a_damaged_board_gets_a_ruling_or_its_problems(path, data):
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    rule_or_refuse(rule, data.draw(damaged(document), label="board"))


@pytest.mark.parametrize("game", sorted(ENGINES))
@FUZZ
@given(data=st.data())
def test_a_random_board_for_any_question_is_refused_or_ruled(game, data):
    question = data.draw(st.sampled_from(sorted(engine(game).questions)), label="question")
    board = data.draw(st.dictionaries(st.text(max_size=12), VALUE, max_size=6), label="fields")
    rule_or_refuse(rule, {**board, "game": game, "question": question})


#: Numbers no real board holds, put in turn in every numeric place of every example.
ABSURD = (10**9, 2**63, 10**100, -(10**9))


def replaced(document: dict, path: tuple, value) -> dict:
    board = copy.deepcopy(document)
    _parent(board, path)[path[-1]] = value
    return board


@pytest.mark.parametrize("path", EXAMPLES)
def test_absurd_numbers_and_long_lists_in_every_place_are_bounded(path):
    """Not random: every integer of the example set to each of :data:`ABSURD`,
    every list made 300 times longer (a hang here is a loop over a count)."""
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    for place, value in places(document):
        if isinstance(value, int) and not isinstance(value, bool):
            for number in ABSURD:
                rule_or_refuse(rule, replaced(document, place, number))
        elif isinstance(value, list) and value:
            rule_or_refuse(
                rule, replaced(document, place, [copy.deepcopy(v) for v in value for _ in range(300)])
            )


# -- damaged text ------------------------------------------------------------------------


@st.composite
def damaged_text(draw, text: str) -> str:
    lines = text.split("\n")
    rng = random.Random(draw(st.integers(0, 2**32)))
    damage = draw(st.sampled_from(["truncate", "shuffle", "insert", "indent", "tabs"]))
    if damage == "truncate":
        return text[: rng.randrange(len(text) + 1)]
    if damage == "shuffle":
        return "\n".join(rng.sample(lines, len(lines)))
    if damage == "insert":
        at = rng.randrange(len(text) + 1)
        return text[:at] + draw(st.text(max_size=40)) + text[at:]
    if damage == "indent":
        index = rng.randrange(len(lines))
        lines[index] = " " * rng.randrange(1, 9) + lines[index]
        return "\n".join(lines)
    return text.replace("  ", "\t")


@pytest.mark.parametrize("path", EXAMPLES)
@FUZZ
@given(data=st.data())
def test_a_damaged_board_file_is_read_or_refused(path, data):
    text = data.draw(damaged_text(path.read_text(encoding="utf-8")), label="board file")
    rule_or_refuse(rule_text, text)


# -- hostile documents -----------------------------------------------------------------------

HEADER = "game: ucg\nquestion: deck\n"
ALIAS_BOMB = (
    HEADER
    + "\n".join(
        ["x0: &x0 {number: BP01-001, name: 超人力霸王迪卡, count: 1}"]
        + [f"x{i}: &x{i} [{', '.join([f'*x{i - 1}'] * 10)}]" for i in range(1, 8)]
    )
    + "\ncards: *x7\n"
)
HOSTILE = {
    "JSON nested 100 000 deep": '{"game": "ucg", "question": "deck", "cards": '
    + "[" * 100_000
    + "]" * 100_000
    + "}",
    "YAML nested 100 000 deep": HEADER + "cards: " + "[" * 100_000 + "]" * 100_000,
    "YAML block nesting 5 000 deep": HEADER + "cards:\n" + "".join(" " * i + "- \n" for i in range(5000)),
    "YAML alias bomb (10**7 values)": ALIAS_BOMB,
    "YAML alias bomb as a JSON-shaped flow": "game: ucg\nquestion: judgment\n"
    + "\n".join(
        ["a0: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]"]
        + [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    )
    + "\nareas: *a8\n",
    "an integer of 5 000 digits (YAML)": HEADER + "cards: [{number: X, name: Y, count: " + "9" * 5000 + "}]",
    "an integer of 5 000 digits (JSON)": '{"game": "ucg", "question": "deck", "cards": [{"number": "X", '
    '"name": "Y", "count": ' + "9" * 5000 + "}]}",
    "a float beyond double range": '{"game": "ucg", "question": "deck", "cards": [{"number": "X", '
    '"name": "Y", "count": 1e999}]}',
    "NaN in JSON": '{"game": "ucg", "question": "deck", "cards": NaN}',
    "an unsafe YAML tag": "!!python/object/apply:os.system ['touch /tmp/arbiter-pwned']",
    "a YAML tag on a value": HEADER + "cards: !!python/name:os.system",
    "a binary YAML value": HEADER + "cards: !!binary aGVsbG8=",
    "a YAML set and a timestamp": HEADER + "cards: !!set {a, b}\nversion: 2001-12-14t21:59:43.10-05:00",
    "a YAML merge key loop": "a: &a {<<: *a}\n",
    "two YAML documents": HEADER + "---\n" + HEADER,
    "NUL bytes": HEADER.replace("\n", "\x00\n"),
    "a mapping key that is a list": "? [a, b]\n: 1\n" + HEADER,
    "a question that is a mapping": "game: ucg\nquestion: {deck: 1}\n",
    "a game that is a list": "game: [ucg]\nquestion: deck\n",
    "a megabyte string": HEADER + "cards: [{number: X, name: " + "長" * 1_000_000 + ", count: 1}]",
    "a hundred thousand cards": '{"game": "ucg", "question": "deck", "cards": ['
    + ", ".join(['{"number": "X", "name": "Y", "count": 1}'] * 100_000)
    + "]}",
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_board_file_is_refused_or_ruled_in_bounded_time(case, tmp_path):
    rule_or_refuse(rule_text, HOSTILE[case])
    assert not Path("/tmp/arbiter-pwned").exists(), "a YAML tag ran code"


@pytest.mark.parametrize(
    "case",
    ["YAML alias bomb (10**7 values)", "JSON nested 100 000 deep", "an integer of 5 000 digits (YAML)"],
)
def test_a_hostile_board_file_gets_one_line_from_the_command_line(case, tmp_path):
    from click.testing import CliRunner

    from webapp.cli import main

    board = tmp_path / "board.yaml"
    board.write_text(HOSTILE[case], encoding="utf-8")
    with time_limit():
        result = CliRunner().invoke(main, ["rule", str(board)])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.output.startswith("arbiter: ")
