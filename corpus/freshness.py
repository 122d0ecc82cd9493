"""Looking at the disk for changes once per request, not once per question.

Another process may ingest a rulebook, edit a synonym file or swap in a
new search index while the server runs, so the store, the synonym files
and the index are each checked for changes (a ``stat``) whenever they are
used.  A page uses them a dozen times, and a cross-game search asks every
game's synonym files.  Within one request the answer is wanted the same
anyway — a page shows one state of the corpus — and every system call
gives up Python's interpreter lock: under many concurrent clients, each of
those calls waits for the other threads' turns before it may go on.

So a request runs inside :func:`one_look` (and so does each search, which
asks every game's synonym folders), and each check inside it goes through
:func:`looked`: the first call does the check, later ones get its answer.
Outside a look, every check is done.
A write this process makes inside a look (an ingest) calls :func:`forget`,
so what follows sees it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Hashable, Iterator
from contextvars import ContextVar
from typing import Any, TypeVar

T = TypeVar("T")

_answers: ContextVar[dict[Hashable, Any] | None] = ContextVar("arbiter_looked", default=None)


@contextlib.contextmanager
def one_look() -> Iterator[None]:
    """Within the block, each check of the disk is made at most once (within
    a look already, the block is part of it)."""
    if _answers.get() is not None:
        yield
        return
    token = _answers.set({})
    try:
        yield
    finally:
        _answers.reset(token)


def looked(key: Hashable, check: Callable[[], T]) -> T:
    """``check()``, or within :func:`one_look` the answer it gave the first time for ``key``."""
    answers = _answers.get()
    if answers is None:
        return check()
    if key not in answers:
        answers[key] = check()
    answer: T = answers[key]  # the answer check() gave for this key
    return answer


def forget() -> None:
    """Make the checks of the current look again (this process has just changed the disk)."""
    answers = _answers.get()
    if answers is not None:
        answers.clear()
