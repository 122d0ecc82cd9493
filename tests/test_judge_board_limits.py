"""Oversized board files are refused cheaply, in one place, for the command line and the web alike.

:func:`judge.board.read_document` keeps a board file's size, its number of
values and its nesting within bounds *while* it reads it; everything that
rules on a board (``arbiter rule``, the JSON API, the page) goes through it.
A refusal must cost well under a second of CPU — not the 10 s a 0.5 MB YAML
file used to cost before the web view's own count refused it, nor the 43 s
``arbiter rule`` spent on a 60 000-area board the command line never
refused at all.  Time is the process's CPU time (``time.process_time``), so
other work on the machine does not count against the bound.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from judge import board as board_module
from judge.board import MAX_CHARACTERS, MAX_DEPTH, MAX_VALUES, BoardError, read_document
from judge.registry import rule_text
from webapp import create_app
from webapp.cli import main

#: CPU seconds a refusal may cost, at most (one is generous: it takes a few hundredths).
REFUSAL_CPU = 1.0
EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "judge" / "examples").glob("*/*.yaml"))

HEADER = "game: ucg\nquestion: judgment\nstate:\n  turn_player: A\n  areas:\n"
AREA = "    - A: {name: X, cards: 1, bp: {SINGLE: 3000}}\n      B: {name: Y, cards: 1, bp: {SINGLE: 4000}}\n"


def judgment_yaml(characters: int) -> str:
    """A ucg judgment board of about ``characters`` characters, all areas (whose names repeat)."""
    return HEADER + AREA * ((characters - len(HEADER)) // len(AREA))


def judgment_json(areas: int) -> str:
    area = {"A": {"name": "X", "cards": 1, "bp": {"SINGLE": 3000}}, "B": {"name": "Y", "cards": 1}}
    state = {"turn_player": "A", "areas": [area] * areas}
    return json.dumps({"game": "ucg", "question": "judgment", "state": state})


#: areas of :func:`judgment_json` that fit in a board file
JSON_AREAS = MAX_CHARACTERS // len(judgment_json(2)) * 2 - 2


def billion_laughs(levels: int = 9) -> str:
    """Ten aliases per level: a few hundred bytes standing for 10**levels values."""
    lines = ["l0: &l0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 10)}]" for i in range(1, levels + 1)]
    return "game: ucg\nquestion: deck\n" + "\n".join(lines) + f"\ncards: *l{levels}\n"


def refused(call, *args, runs: int = 3):
    """The problems ``call(*args)`` is refused with, and the fewest CPU seconds it took in ``runs``
    runs: what the refusal costs, without what a busy machine (two test workers on two cores, a
    large test process) adds to one run."""
    spent = []
    for _ in range(runs):
        start = time.process_time()
        with pytest.raises(BoardError) as caught:
            call(*args)
        spent.append(time.process_time() - start)
    return [str(p) for p in caught.value.problems], min(spent)


#: Board files that used to cost seconds (or forever) before they were refused.
HOSTILE = {
    "0.5 MB of YAML areas, just under the size limit": (
        judgment_yaml(MAX_CHARACTERS),
        f"more than {MAX_VALUES} values",
    ),
    "1 MB of YAML areas": (judgment_yaml(2 * MAX_CHARACTERS), "characters, more than the"),
    "60 000 areas as JSON": (judgment_json(60_000), "characters, more than the"),
    "JSON areas just under the size limit": (judgment_json(JSON_AREAS), f"more than {MAX_VALUES} values"),
    "a YAML billion laughs": (billion_laughs(), f"more than {MAX_VALUES} values"),
    "a YAML flow list of 100 000 numbers": (
        "game: ucg\nquestion: deck\ncards: [" + "1, " * 80_000 + "1]\n",
        f"more than {MAX_VALUES} values",
    ),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_an_oversized_board_is_refused_by_the_reader_within_a_second(case):
    text, says = HOSTILE[case]
    problems, cpu = refused(rule_text, text)
    assert len(problems) == 1 and says in problems[0], problems
    assert cpu < REFUSAL_CPU, f"{case}: refused after {cpu:.2f} s of CPU"


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_an_oversized_board_is_refused_by_the_command_line_within_a_second(case, tmp_path):
    text, says = HOSTILE[case]
    board = tmp_path / "board.yaml"
    board.write_text(text, encoding="utf-8")
    start = time.process_time()
    result = CliRunner().invoke(main, ["rule", str(board)])
    cpu = time.process_time() - start
    assert result.exit_code == 2, result.output
    assert says in result.stderr and "Traceback" not in result.output
    assert cpu < REFUSAL_CPU, f"{case}: refused after {cpu:.2f} s of CPU"


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_an_oversized_board_is_refused_by_the_api_within_a_second(case, client):
    """A body larger than a request may be is refused unread (413); the others by the reader."""
    text, says = HOSTILE[case]
    body = text.encode("utf-8")
    start = time.process_time()
    response = client.post("/api/rule/ucg/judgment", data=body, content_type="application/yaml")
    cpu = time.process_time() - start
    if len(body) > client.application.config["MAX_CONTENT_LENGTH"]:
        assert response.status_code == 413, response.json
    else:
        assert response.status_code == 400, response.json
        assert says in response.json["error"]["message"]
    assert cpu < REFUSAL_CPU, f"{case}: refused after {cpu:.2f} s of CPU"


#: Both YAML loaders: libyaml's parser (used wherever PyYAML has it) and the pure-Python fallback.
LOADERS = [pytest.param(board_module.PyBoundedLoader, id="pure-Python")] + (
    [pytest.param(board_module.CBoundedLoader, id="libyaml")] if yaml.__with_libyaml__ else []
)


@pytest.mark.parametrize("loader", LOADERS)
@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_either_yaml_loader_refuses_within_a_second(case, loader, monkeypatch):
    monkeypatch.setattr(board_module, "BoundedLoader", loader)
    text, says = HOSTILE[case]
    problems, cpu = refused(read_document, text)
    assert len(problems) == 1 and says in problems[0], problems
    assert cpu < REFUSAL_CPU, f"{case}: refused after {cpu:.2f} s of CPU"


@pytest.mark.parametrize("loader", LOADERS)
def test_either_yaml_loader_reads_every_example_as_yaml_safe_load_does(loader, monkeypatch):
    monkeypatch.setattr(board_module, "BoundedLoader", loader)
    for path in EXAMPLES:
        text = path.read_text(encoding="utf-8")
        assert read_document(text, path.name) == yaml.safe_load(text), path


def test_an_endless_board_file_is_read_no_further_than_the_limit():
    """``arbiter rule /dev/zero`` is refused, not read until memory runs out."""
    start = time.process_time()
    result = CliRunner().invoke(main, ["rule", "/dev/zero"])
    assert result.exit_code == 2
    assert f"more than the {MAX_CHARACTERS}" in result.stderr
    assert time.process_time() - start < REFUSAL_CPU


def test_aliases_count_as_what_they_name_and_may_not_contain_themselves():
    shared = "game: ucg\nquestion: deck\ncard: &card {number: X-1, name: 迪卡, count: 10}\n"
    ruling = rule_text(shared.replace("card: &card", "cards: [&card").replace("10}\n", "10}, *card]\n"))
    assert ruling.outcome["cards"] == 20  # a small alias is read as a copy
    for cycle in ("a: &a [1, *a]\n", "a: &a {b: *a}\n", "a: &a {<<: *a}\n"):
        (problem,), _ = refused(read_document, cycle)
        assert "the alias *a (line 1) is inside its own anchor" in problem
    nested = "a: &a " + "[" * 40 + "]" * 40 + "\nb: " + "[" * 40 + "*a" + "]" * 40 + "\n"
    (problem,), _ = refused(read_document, nested)
    assert f"nested more than {MAX_DEPTH} levels deep (line 2)" in problem


def test_the_limits_leave_room_for_a_large_real_board():
    """A 50-card deck list of 50 different cards, each line written out in full, is ruled."""
    lines = [
        f"  - {{number: BP01-{n:03d}, name: 超人力霸王迪卡第{n}型, count: 1, counts_as: null}}  # 第{n}張"
        for n in range(1, 51)
    ]
    ruling = rule_text("game: ucg\nquestion: deck\ncards:\n" + "\n".join(lines) + "\n")
    assert ruling.outcome["cards"] == 50 and ruling.outcome["legal"] is True


def test_a_board_given_as_data_is_held_to_the_same_limits():
    """A mapping handed to :func:`judge.registry.rule` (not read from text) with 20 000 cards on the
    field is refused for its size before any card is validated, within a second of CPU."""
    from judge.registry import rule

    spirit = {"name": "甲龍", "kind": "spirit", "cores": 1, "levels": [{"lv": 1, "cores": 1, "bp": 4000}]}
    board = {
        "game": "bs",
        "state": {
            "turn": 5,
            "turn_player": "A",
            "phase": "main",
            "players": {"A": {"field": [spirit] * 20_000}},
        },
    }
    started = time.process_time()
    with pytest.raises(BoardError, match=f"more than {MAX_VALUES} values"):
        rule(board)
    assert time.process_time() - started < REFUSAL_CPU
