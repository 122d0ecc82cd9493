"""``arbiter rule``: every example file is ruled through the command line; bad boards exit 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.registry import ENGINES, questions
from webapp.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "judge" / "examples").glob("*/*.yaml"))


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, ["rule", *args], input=stdin)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_example_file_is_ruled(path):
    result = run(str(path), "--json")
    assert result.exit_code == 0, result.output
    ruling = json.loads(result.stdout)
    assert ruling["game"] == path.parent.name
    assert set(ruling) == {
        "game",
        "rulebook_version",
        "question",
        "outcome",
        "steps",
        "decisive",
        "choices",
        "gaps",
        "not_applied",
    }
    assert ruling["steps"] and all(step["cites"] for step in ruling["steps"])
    outcome = ruling["outcome"]
    assert isinstance(outcome["reason"], str) or outcome["result"] in ("refused", "depends")


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_every_question_has_an_example_file_naming_it(game):
    for question in questions(game):
        example = ROOT / question.example
        assert example.is_file(), example
        if question.name != "timeline":  # any timeline file will do for that one
            assert f"question: {question.name}\n" in example.read_text(encoding="utf-8")


def test_questions_are_listed_with_their_example():
    result = run("--questions", "uhb")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == [q.name for q in questions("uhb")]
    assert "examples/uhb/turn_whole.yaml" in lines[0] and "examples/uhb/battle.yaml" in lines[1]
    listed = json.loads(run("--questions", "ucg", "--json").stdout)
    assert [row["question"] for row in listed] == [
        "timeline",
        "judgment",
        "level_up",
        "set_scene",
        "set_character",
        "deck",
    ]


def test_text_output_shows_steps_with_their_clauses_and_the_silent_points():
    result = run(str(ROOT / "judge/examples/ucg/judgment_forced_draw.yaml"))
    assert result.exit_code == 0
    assert result.stdout.startswith("ucg 1.6 · judgment: continues (game_continues)")
    assert "[rulebook silent] [5.9.6.1, 5.9.6.2, 11.16.1]" in result.stdout
    lines = result.stdout.splitlines()
    assert "decisive: 5.9.6.1, 5.9.6.2, 11.16.1" in lines
    why_not = lines.index("why not:")
    assert lines[why_not + 1].startswith("  - 沒有玩家在 3 處或以上的戰鬥中勝出") and lines[
        why_not + 1
    ].endswith("[1.3.2]")
    assert lines[lines.index("final state:") + 1] == "  turn: 3"


def test_a_board_on_stdin():
    result = run(
        "-", "--json", stdin="game: ucg\nquestion: deck\ncards: [{number: X, name: 迪卡, count: 50}]\n"
    )
    assert result.exit_code == 0
    assert json.loads(result.stdout)["outcome"]["reason"] == "too_many_copies"


def test_a_bad_board_exits_2_with_every_problem():
    board = (
        "game: ucg\nquestion: judgment\nstate:\n  turn_player: C\n  areas:\n    - A: {name: X, cards: 5}\n"
    )
    result = run("-", stdin=board)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        "arbiter: -: 2 problems",
        "  state.turn_player: expected one of A, B",
        (
            "  state.areas[0].A.cards: a character of 5 stacked cards is impossible: BP is defined for one to "
            "four cards (SINGLE, DOUBLE, TRIPLE, QUAD) [8.1.1]"
        ),
    ]
    as_json = json.loads(run("-", "--json", stdin=board).stdout)
    assert [p["cites"] for p in as_json["error"]["problems"]] == [[], ["8.1.1"]]


@pytest.mark.parametrize(
    "args, says",
    [
        (["--questions", "mtg"], "no judging engine for 'mtg'"),
        (["no-such-file.yaml"], "cannot read no-such-file.yaml"),
        ([], "give a board file"),
    ],
)
def test_other_bad_input_is_one_line_with_status_2(args, says):
    result = run(*args)
    assert result.exit_code == 2
    assert says in result.stderr and len(result.stderr.splitlines()) == 1


def test_the_installed_command_rules_an_example(arbiter_home):
    command = Path(sys.executable).parent / "arbiter"
    done = subprocess.run(
        [str(command), "rule", "judge/examples/ucg/judgment.yaml", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "ARBITER_HOME": arbiter_home},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["outcome"]["winner"] == "A"


#: Python's own writing of values, which the text output must never show
REPRS = ("{'", "[{", "['", "None", "True", "False")


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_text_output_writes_every_fact_as_text_not_python(path):
    result = run(str(path))
    assert result.exit_code == 0, result.output
    for python in REPRS:
        assert python not in result.stdout, (python, result.stdout)
    outcome = json.loads(run(str(path), "--json").stdout)["outcome"]
    lines = result.stdout.splitlines()
    for key in outcome:
        if key not in ("reason", "result", "state"):  # the first two head the output, the state ends it
            assert any(line.startswith(f"  {key}:") for line in lines), (key, result.stdout)


def test_text_output_nests_lists_and_mappings_and_shows_nothing_as_a_dash():
    result = run(str(ROOT / "judge/examples/ucg/judgment.yaml"))
    facts = result.stdout.split("\n1. ")[0].splitlines()[1:]  # up to the first step
    assert facts[:8] == [
        "  winner: A",
        "  refused: —",
        "  depends_on: —",
        "  battles:",
        "    1. area: 1",
        "       result: A",
        "       reason: higher_bp",
        "       bp: A=7000, B=6000",
    ]
    assert "  wins: A=3, B=1" in facts and "  next_first_player: —" in facts
    chosen = run(str(ROOT / "judge/examples/ucg/set_scene.yaml")).stdout
    assert "if player A chooses 玩家 A 是否抽一張牌=yes: continues (game_continues)" in chosen
