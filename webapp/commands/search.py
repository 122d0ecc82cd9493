"""``arbiter search``: find clauses by words, phrase or clause number, in either script."""

from __future__ import annotations

import contextlib
import sys

import click

from webapp.cli import counted, emit_json


@contextlib.contextmanager
def _progressbar(total: int):
    """A progress bar on stderr while the index is built (stdout stays clean JSON)."""
    with click.progressbar(length=total, label="Building the search index", file=sys.stderr) as bar:
        yield bar.update


@click.command()
@click.argument("query")
@click.option("--game", default=None, help="Only this game (also game:G inside the query).")
@click.option(
    "--version",
    "version",
    default=None,
    help="Only this version; 'all' for every version (default: the newest).",
)
@click.option("--kind", default=None, help="Only this clause kind: rule, section, faq, glossary …")
@click.option("--limit", default=10, show_default=True, type=int, help="Results per page (1–100).")
@click.option("--page", default=1, show_default=True, type=int, help="Which page of results.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
def search(query: str, game, version, kind, limit: int, page: int, as_json: bool) -> None:
    """Search the rules for QUERY, best match first.

    QUERY takes words in either Chinese script or English, "quoted phrases",
    clause numbers (5.9.4, 8-5-2), NOT/-word, and game:/version:/kind: filters.
    JSON output: a list of {game, version, id, title, kind, snippet,
    highlights, score, exact}; highlights are [start, end) offsets into snippet.
    """
    from corpus.search.service import default_searcher

    results = default_searcher(progress=_progressbar).search(
        query, game=game, version=version, kind=kind, limit=limit, page=page
    )
    if as_json:
        emit_json([hit.as_dict() for hit in results.hits])
        return
    if not results.hits:
        click.echo(f"no clause matches {results.query!r}" if results.total == 0 else f"no page {page}")
        return
    for hit in results.hits:
        click.echo(f"{hit.game}@{hit.version}:{hit.id}  {hit.title}  ({hit.score:g})")
        click.echo(f"    {hit.snippet.marked()}")
    click.echo(f"page {results.page} of {results.pages} ({counted(results.total, 'match', 'matches')})")
