"""The ``arbiter`` command line.

Commands live in small modules under :mod:`webapp.commands` and are imported
only when invoked, so ``arbiter show`` never pays for loading the search
index or the judging engines.  Every command reports bad input the same way:
one line on stderr naming what was wrong, exit status 2, no traceback.
"""

from __future__ import annotations

import json
import os
import sys
from importlib import import_module

import click

from corpus.errors import ArbiterError

#: command name -> ("module:attribute", one-line help); imported on first use.
COMMANDS: dict[str, tuple[str, str]] = {
    "books": ("webapp.commands.corpus:books", "Every rulebook and version, with counts."),
    "clauses": ("webapp.commands.corpus:clauses", "Every clause of a rulebook in reading order."),
    "show": ("webapp.commands.corpus:show", "One clause with its children and source lines."),
    "refs": ("webapp.commands.graph:refs", "What a clause cites, what cites it, its terms."),
    "graph": ("webapp.commands.graph:graph", "Export a rulebook's reference graph."),
    "lint": ("webapp.commands.graph:lint", "Problems in a rulebook's own text."),
    "search": ("webapp.commands.search:search", "Search the rules in either Chinese script."),
    "rule": ("webapp.commands.judge:rule", "Replay a described board and cite the deciding clauses."),
    "ingest": (
        "webapp.commands.versions:ingest",
        "Add a rulebook version of your own (then lint and index it).",
    ),
    "remove": ("webapp.commands.versions:remove", "Take an ingested rulebook version out again."),
    "diff": ("webapp.commands.versions:diff", "What changed between two versions, clause by clause."),
    "compare": ("webapp.commands.versions:compare", "Two clauses side by side, or one concept across games."),
    "translation": (
        "webapp.commands.versions:translation",
        "Check a translated edition against its original, clause by clause.",
    ),
    "serve": ("webapp.commands.serve:serve", "Serve the rulebooks as web pages and a JSON API (gunicorn)."),
}

EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 1


class LazyGroup(click.Group):
    """A click group whose subcommands are imported when they are used."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        entry = COMMANDS.get(name)
        if entry is None:
            return None
        module_name, attribute = entry[0].split(":")
        command: click.Command = getattr(import_module(module_name), attribute)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """List commands from the table, without importing any of them."""
        with formatter.section("Commands"):
            formatter.write_dl([(name, COMMANDS[name][1]) for name in self.list_commands(ctx)])

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except ArbiterError as error:
            where = f" ({error.field})" if error.field else ""
            click.echo(f"arbiter: {error.message}{where}", err=True)
            ctx.exit(EXIT_BAD_INPUT)
        except (click.exceptions.Exit, click.ClickException, click.Abort):
            raise
        except BrokenPipeError:  # `arbiter clauses ucg | head`: the reader left, so stop quietly
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            ctx.exit(EXIT_INTERNAL)
        except Exception as error:  # a bug: say so plainly, keep the traceback for developers
            if os.environ.get("ARBITER_DEBUG"):
                raise
            click.echo(
                f"arbiter: internal error: {type(error).__name__}: {error} "
                "(set ARBITER_DEBUG=1 for the traceback)",
                err=True,
            )
            ctx.exit(EXIT_INTERNAL)


@click.group(cls=LazyGroup)
@click.version_option(package_name="arbiter")
def main() -> None:
    """Arbiter: search, cite and judge trading-card-game rulebooks."""


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` and ``noun``, the noun in the plural unless the number is one.

    >>> counted(1, "problem"), counted(4, "problem"), counted(0, "match", "matches")
    ('1 problem', '4 problems', '0 matches')
    """
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def emit_json(data) -> None:
    """Print ``data`` as UTF-8 JSON (Chinese stays readable, not \\u-escaped)."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2))
    sys.stdout.write("\n")
