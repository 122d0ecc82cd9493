"""``arbiter books``, ``arbiter clauses`` and ``arbiter show``: the rulebooks as data."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from corpus.errors import ArbiterError, NotFound
from corpus.library import all_books, load_book, load_version
from webapp.cli import emit_json

#: A command function before click wraps it.
Command = Callable[..., Any]

json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
version_option = click.option(
    "--version", "version", default=None, help="Rulebook version (default: newest)."
)


def clause_arguments(command: Command) -> Command:
    """``GAME ID``, or the one address ``GAME:ID`` / ``GAME@VERSION:ID`` that ``show`` and a
    search print, so that what Arbiter prints can be pasted back (see :func:`addressed`)."""
    command = click.argument("clause_id", metavar="[ID]", required=False)(command)
    return click.argument("game", metavar="GAME|ADDRESS")(command)


def addressed(game: str, clause_id: str | None, version: str | None) -> tuple[str, str, str | None]:
    """The game, clause id and version that ``GAME ID`` or an address names; an address's
    version and ``--version`` must agree."""
    if clause_id is not None:
        return game, clause_id, version
    from corpus.address import read_reference

    reference = read_reference(game)
    if reference is None:
        raise ArbiterError(
            f"missing the clause: expected GAME ID (ucg 5.9.4.1) or an address (ucg:5.9.4.1), not {game!r}",
            "id",
        )
    if reference.version and version and reference.version != version:
        raise ArbiterError(
            f"{game!r} names version {reference.version}, but --version asks for {version}", "version"
        )
    return reference.game, reference.id, reference.version or version


@click.command()
@json_option
def books(as_json: bool) -> None:
    """Every rulebook and version, with clause and problem counts."""
    from graph.lint import problem_count

    rows = []
    for info in all_books():
        book = load_version(info)
        rows.append(
            {
                **info.as_dict(),
                "clauses": len(book),
                "problems": problem_count(book),
                "changelog_entries": len(book.changelog),
                "coverage": round(book.coverage, 4),
            }
        )
    if as_json:
        emit_json(rows)
        return
    click.echo(f"{'game':<6} {'version':<8} {'clauses':>7} {'problems':>8} {'coverage':>8}  title")
    for row in rows:
        click.echo(
            f"{row['game']:<6} {row['version']:<8} {row['clauses']:>7} {row['problems']:>8} "
            f"{row['coverage']:>8.2%}  {row['title']}"
        )


@click.command()
@click.argument("game")
@version_option
@json_option
def clauses(game: str, version: str | None, as_json: bool) -> None:
    """Every clause of GAME in reading order."""
    book = load_book(game, version)
    rows = [clause.as_dict(lines=False) for clause in book.clauses]
    if as_json:
        emit_json(rows)
        return
    for clause in book.clauses:
        label = clause.title or clause.text
        click.echo(f"{clause.id}\t{clause.kind}\t{label[:80]}")


@click.command()
@clause_arguments
@version_option
@json_option
def show(game: str, clause_id: str | None, version: str | None, as_json: bool) -> None:
    """One clause of GAME with its children and where it stands in the source.

    The clause is GAME ID (ucg 5.9.4.1) or its address (ucg:5.9.4.1, ucg@1.6:5.9.4.1)."""
    game, clause_id, version = addressed(game, clause_id, version)
    book = load_book(game, version)
    clause = book.find(clause_id)
    if clause is None:
        raise NotFound(f"no clause {clause_id!r} in {game} {book.version}", "id")
    children = book.children(clause.id)
    if as_json:
        data = clause.as_dict()
        data["source"] = book.info.source
        data["children"] = [child.as_dict(lines=False) for child in children]
        emit_json(data)
        return
    click.echo(f"{clause.address}  [{clause.kind}]  {book.info.source}:{clause.line_start}-{clause.line_end}")
    if clause.title:
        click.echo(clause.title)
    if clause.text:
        click.echo(clause.text)
    for child in children:
        click.echo(f"  {child.id}  {(child.title or child.text)[:70]}")
