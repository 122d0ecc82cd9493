"""``arbiter serve``: the web app and JSON API under gunicorn, with no configuration.

Once it has its port, and before it answers, the command loads every
rulebook, builds their reference graphs and opens (on a first run, builds)
the search index, so the first visitor waits for nothing; then it prints
the address, which with ``--port 0`` is a free port the system chose.
"""

from __future__ import annotations

import sys
import time

import click

from webapp.cli import counted


def warm(app) -> None:
    """Load what every page needs, once, before the first request."""
    from corpus.library import all_books, load_version
    from graph.build import graph_for
    from webapp.views.search import searcher

    with app.app_context():
        for info in all_books():
            graph_for(load_version(info))
        click.echo("arbiter: opening the search index (built on first run) …", err=True)
        searcher().search("rule", limit=1)


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option(
    "--port",
    default=8000,
    show_default=True,
    type=click.IntRange(0, 65535),
    help="Port to listen on (0: any free port).",
)
@click.option(
    "--workers", type=click.IntRange(1, 64), help="Worker processes  [default: one per core, at most 8]."
)
@click.option(
    "--threads",
    default=4,
    show_default=True,
    type=click.IntRange(1, 64),
    help="Requests each worker serves at once.",
)
def serve(host: str, port: int, workers: int | None, threads: int) -> None:
    """Serve the rulebooks as web pages and a JSON API (gunicorn)."""
    from webapp.app import create_app
    from webapp.server import default_workers, listen, run

    started = time.perf_counter()
    listener = listen(host, port)  # first: a port in use is reported before any loading
    app = create_app()
    warm(app)
    bound_host, bound_port = listener.getsockname()[:2]
    workers = workers or default_workers()

    def ready() -> None:
        click.echo(
            f"Arbiter is serving on http://{_url_host(bound_host)}:{bound_port}/ "
            f"({counted(workers, 'worker')} × {counted(threads, 'thread')}; "
            f"ready in {time.perf_counter() - started:.1f} s; Ctrl+C stops it)"
        )
        sys.stdout.flush()

    run(app, listener, workers, threads, ready)
