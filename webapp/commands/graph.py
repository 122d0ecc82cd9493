"""``arbiter refs``, ``arbiter graph`` and ``arbiter lint``: the reference graph on the command line.

The graph package (and networkx) is imported inside each command, so the
other commands never pay for it.
"""

from __future__ import annotations

from pathlib import Path

import click

from corpus.errors import ArbiterError
from webapp.cli import counted, emit_json
from webapp.commands.corpus import addressed, clause_arguments, json_option, version_option


@click.command()
@clause_arguments
@version_option
@json_option
def refs(game: str, clause_id: str | None, version: str | None, as_json: bool) -> None:
    """What clause ID of GAME cites, what cites it, and the terms it uses.

    The clause is GAME ID (ucg 5.9.4.1) or its address (ucg:5.9.4.1, ucg@1.6:5.9.4.1)."""
    from graph.build import load_graph

    game, clause_id, version = addressed(game, clause_id, version)

    graph = load_graph(game, version)
    clause_id = clause_id.strip().rstrip(".")
    data = {
        "cites": [r.as_dict() for r in graph.cites(clause_id)],
        "cited_by": [r.as_dict() for r in graph.cited_by(clause_id)],
        "terms": [r.as_dict() for r in graph.terms(clause_id)],
    }
    if as_json:
        emit_json(data)
        return
    for heading, rows, other in (
        ("cites", data["cites"], "target"),
        ("cited by", data["cited_by"], "source"),
        ("terms", data["terms"], "target"),
    ):
        click.echo(f"{heading}:")
        for row in rows:
            where = row[other] or f"(nowhere: {row['reason']})"
            note = f"  [{row['status']}: {row['reason']}]" if row["target"] and row["reason"] else ""
            click.echo(f"  {where}\t{row['kind']}\t{row['text']}{note}")


@click.command()
@click.argument("game")
@version_option
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["json", "graphml"]),
    default="json",
    show_default=True,
    help="Node-link JSON or GraphML.",
)
@click.option(
    "-o",
    "--output",
    "output",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="File to write (replaced atomically).",
)
def graph(game: str, version: str | None, fmt: str, output: Path) -> None:
    """Export the reference graph of GAME to a file."""
    from corpus.storage import atomic_write_bytes
    from graph.build import load_graph

    built = load_graph(game, version)
    data = built.to_json() if fmt == "json" else built.to_graphml()
    try:
        atomic_write_bytes(output, data, make_parents=False)
    except OSError as error:
        raise ArbiterError(f"cannot write {output}: {error.strerror or error}", "output") from None
    click.echo(
        f"wrote {output} ({counted(built.graph.number_of_nodes(), 'clause')}, "
        f"{counted(built.graph.number_of_edges(), 'edge')}, {len(built.unresolved)} unresolved)"
    )


@click.command()
@click.argument("game")
@version_option
@json_option
def lint(game: str, version: str | None, as_json: bool) -> None:
    """Problems in GAME's own text: broken references, duplicate numbers, stale change lists."""
    from corpus.library import load_book
    from graph.lint import lint as lint_book

    book = load_book(game, version)
    findings = lint_book(book)
    if as_json:
        emit_json([f.as_dict() for f in findings])
        return
    for finding in findings:
        click.echo(f"{finding.source}:{finding.line}: {finding.kind} [{finding.clause}] {finding.message}")
    click.echo(f"{counted(len(findings), 'problem')} in {book.game} {book.version}")
