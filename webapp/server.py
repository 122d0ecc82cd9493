"""The production server behind ``arbiter serve``: gunicorn, a master and forked workers.

One Python process answers on one core at a time (the interpreter lock),
and under many clients its threads spend their time waiting for each
other; at a tournament, dozens of phones ask at once.  So the master loads
everything once — the rulebooks, their graphs, the search index (see
``webapp.commands.serve.warm``) — and then forks the workers, which share
what it loaded (copy-on-write) and answer with a few threads each.

The command binds the listening socket itself, before loading anything,
so that a port in use is reported at once and plainly; gunicorn is handed
that socket as its listener.
"""

from __future__ import annotations

import gc
import os
import socket
from collections.abc import Callable
from typing import Any

from flask import Flask
from gunicorn import sock as gunicorn_sockets
from gunicorn.app.base import BaseApplication
from gunicorn.arbiter import Arbiter as Master

from corpus.errors import ArbiterError

#: Most workers started by default, whatever the number of cores: each one
#: holds its own copy of whatever it touches of the master's memory.
MOST_WORKERS = 8
#: A request line longer than this is refused (gunicorn's largest; a long
#: Chinese query takes nine bytes a character once percent-encoded).
LONGEST_REQUEST_LINE = 8190


def default_workers() -> int:
    """One worker per core this process may run on, up to :data:`MOST_WORKERS`."""
    return max(1, min(len(os.sched_getaffinity(0)), MOST_WORKERS))


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host``:``port`` (0: a free port); a clear error if there is none."""
    try:
        family, kind, protocol, _name, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
        listener = socket.socket(family, kind, protocol)
        try:
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a restart need not wait
            listener.bind(address)
            listener.listen(2048)
        except OSError:
            listener.close()
            raise
    except OSError as error:
        raise ArbiterError(f"cannot listen on {host}:{port}: {error.strerror or error}", "port") from None
    return listener


class _Loaded(BaseApplication):
    """gunicorn's view of an app that is already loaded, with settings given here."""

    def __init__(self, app: Flask, settings: dict[str, Any]):
        self.app, self.settings = app, settings
        super().__init__()

    def load_config(self) -> None:
        for name, value in self.settings.items():
            self.cfg.set(name, value)

    def load(self) -> Flask:  # type: ignore[override]  # a WSGI app: the stubs type environ apart from Flask
        return self.app


def run(app: Flask, listener: socket.socket, workers: int, threads: int, ready: Callable[[], None]) -> None:
    """Serve ``app`` on ``listener`` until stopped (Ctrl+C or SIGTERM); ``ready()`` is
    called once the workers are being started."""
    loaded = _Loaded(
        app,
        {
            "workers": workers,
            "threads": threads,
            "worker_class": "gthread",
            "preload_app": True,  # load() runs in the master, before the workers are forked
            "when_ready": lambda _master: ready(),
            "accesslog": None,
            "errorlog": "-",
            "loglevel": "warning",
            "limit_request_line": LONGEST_REQUEST_LINE,
            "proc_name": "arbiter",
        },
    )
    master = Master(loaded)
    address = listener.getsockname()[:2]
    kind = gunicorn_sockets._sock_type(address)  # type: ignore[attr-defined]  # private, so not in the stubs
    listeners = [kind(address, loaded.cfg, master.log, fd=listener.detach())]
    master.LISTENERS = listeners  # type: ignore[misc]  # gunicorn sets it per arbiter; stubs: class-wide
    # What the master loaded is shared with the workers page by page: keep the
    # collector from walking it (and so copying every page into every worker).
    gc.freeze()
    master.run()
