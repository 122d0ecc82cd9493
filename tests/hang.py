"""Bounding a call in time, for the fuzz tests: a hang becomes a failure that says what hung."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def time_limit(seconds: int, what: str) -> Iterator[None]:
    """Raise :class:`TimeoutError` naming ``what`` if the block runs past ``seconds``."""

    def expired(_signum, _frame):
        raise TimeoutError(f"{what} after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
