"""``arbiter rule``: replay a described board and cite the clauses that decide it.

``arbiter rule FILE|- [--json]`` prints the ruling; ``arbiter rule --questions
GAME`` lists what a game's engine answers.  A bad board file exits 2 and
prints every problem, one per line (with ``--json``, the error object).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import click

from webapp.cli import EXIT_BAD_INPUT, counted, emit_json
from webapp.commands import facts

if TYPE_CHECKING:
    from judge.ruling import Choice, Ruling, Step


@click.command()
@click.argument("board", required=False, type=click.Path(allow_dash=True, dir_okay=False))
@click.option(
    "--questions", "game", metavar="GAME", default=None, help="List the questions GAME's engine answers."
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
def rule(board: str | None, game: str | None, as_json: bool) -> None:
    """Replay BOARD (a YAML or JSON file, or - for stdin) through the rules."""
    from corpus.errors import ArbiterError
    from judge.board import BoardError
    from judge.registry import questions, rule_text

    if game is not None:
        _list_questions(game, questions(game), as_json)
        return
    if board is None:
        raise ArbiterError("give a board file (or - for stdin), or --questions GAME", "board")
    try:
        ruling = rule_text(_read(board), source=board)
    except BoardError as error:
        if as_json:
            emit_json(error.as_dict())
        else:
            click.echo(f"arbiter: {board}: {counted(len(error.problems), 'problem')}", err=True)
            for problem in error.problems:
                click.echo(f"  {problem}", err=True)
        raise click.exceptions.Exit(EXIT_BAD_INPUT) from None
    if as_json:
        emit_json(ruling.as_dict())
    else:
        _print_ruling(ruling)


def _read(board: str) -> str:
    """The board file's text, read no further than one character past what a board
    file may hold (``arbiter rule /dev/zero`` is refused, not read forever)."""
    from corpus.errors import ArbiterError
    from judge.board import MAX_CHARACTERS

    if board == "-":
        return sys.stdin.read(MAX_CHARACTERS + 1)
    try:
        with open(board, encoding="utf-8") as handle:
            return handle.read(MAX_CHARACTERS + 1)
    except (OSError, UnicodeDecodeError) as error:
        raise ArbiterError(f"cannot read {board}: {error}", "board") from None


def _list_questions(game: str, found, as_json: bool) -> None:
    rows = [{"question": q.name, "summary": q.summary, "example": str(q.example)} for q in found]
    if as_json:
        emit_json(rows)
        return
    width = max(len(row["question"]) for row in rows)
    for row in rows:
        click.echo(f"{row['question']:<{width}}  {row['summary']}  (e.g. {row['example']})")


def _print_ruling(ruling: Ruling) -> None:
    """The outcome, its facts as indented text (:mod:`webapp.commands.facts`), the steps, why not,
    each choice or possible fact, and the final state of a replay."""
    outcome = ruling.outcome.as_dict()
    state = outcome.pop("state", None)
    click.echo(f"{ruling.game} {ruling.rulebook_version} · {ruling.question}: {_headline(outcome)}")
    for line in facts.lines(outcome, "  "):
        click.echo(line)
    for number, step in enumerate(ruling.steps, start=1):
        _print_step(f"{number}.", step)
    _print_why_not(ruling.not_applied, "")
    for choice in ruling.choices:
        _print_choice(choice)
    click.echo(f"decisive: {', '.join(ruling.decisive) or '(none)'}")
    if state:
        click.echo("final state:")
        for line in facts.lines(_shown(state), "  "):
            click.echo(line)


def _headline(outcome: dict[str, Any]) -> str:
    """``won (three_battles_won)`` for a replay, the reason alone for a question engine."""
    result, reason = outcome.pop("result", None), outcome.pop("reason", None)
    if result is None:
        return str(reason)
    return f"{result} ({reason})" if reason else str(result)


def _shown(value: Any) -> Any:
    """A state without what says nothing: empty lists and mappings, nulls inside mappings."""
    if isinstance(value, dict):
        kept = {key: _shown(item) for key, item in value.items()}
        return {key: item for key, item in kept.items() if item not in (None, [], {})}
    if isinstance(value, list):
        return [_shown(item) for item in value]
    return value


def _print_choice(choice: Choice) -> None:
    from judge.ruling import plain

    outcome = choice.outcome.as_dict()
    outcome.pop("state", None)
    chosen = "; ".join(f"{key}={facts.inline(value)}" for key, value in plain(dict(choice.option)).items())
    if choice.kind == "fact":
        click.echo(f"if {chosen}: {_headline(outcome)}")
    else:
        who = f"player {choice.player.value}" if choice.player else "the player"
        click.echo(f"if {who} chooses {chosen}: {_headline(outcome)}")
    for line in facts.lines(outcome, "    "):
        click.echo(line)
    for step in choice.steps:
        _print_step("  -", step)
    _print_why_not(choice.not_applied, "  ")


def _print_why_not(entries: tuple[Step, ...], indent: str) -> None:
    if entries:
        click.echo(f"{indent}why not:")
        for step in entries:
            click.echo(f"{indent}  - {step.text} [{', '.join(step.cites)}]")


def _print_step(label: str, step: Step) -> None:
    mark = {
        "silent": " [rulebook silent]",
        "conflict": " [rulebook conflict]",
        "unknown": " [not given]",
    }.get(step.kind.value, "")
    cites = f" [{', '.join(step.cites)}]" if step.cites else ""
    click.echo(f"{label} {step.text}{mark}{cites}")
