"""``arbiter serve``: the web app and JSON API under waitress, with no configuration.

Once it has its port, and before it answers, the command loads every
rulebook, builds their reference graphs and opens (on a first run, builds)
the search index, so the first visitor waits for nothing; then it prints
the address, which with ``--port 0`` is a free port the system chose.
"""

from __future__ import annotations

import sys
import time

import click

from corpus.errors import ArbiterError


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
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="Port to listen on (0: any free port).")
@click.option("--threads", default=8, show_default=True, type=click.IntRange(1, 64),
              help="Requests served at once.")
def serve(host: str, port: int, threads: int) -> None:
    """Serve the rulebooks as web pages and a JSON API (waitress)."""
    from waitress.server import create_server

    from webapp.app import create_app

    started = time.perf_counter()
    app = create_app()
    # waitress takes in a whole body (up to 1 GB, spooled to a temporary file past
    # 512 KB) before the app sees it: refuse what is far over the app's own limit
    # as soon as it is announced, and keep what is taken in in memory.
    body_limit = 2 * app.config["MAX_CONTENT_LENGTH"]
    try:  # bind first: a port in use is reported before any loading
        server = create_server(app, host=host, port=port, threads=threads,
                               max_request_body_size=body_limit, inbuf_overflow=body_limit + 65536)
    except OSError as error:
        raise ArbiterError(f"cannot listen on {host}:{port}: {error.strerror or error}", "port") from None
    warm(app)
    listening = getattr(server, "effective_listen", None) or [(server.effective_host, server.effective_port)]
    address = " and ".join(f"http://{_url_host(h)}:{p}/" for h, p in listening)
    click.echo(f"Arbiter is serving on {address} (ready in {time.perf_counter() - started:.1f} s; "
               "Ctrl+C stops it)")
    sys.stdout.flush()
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
