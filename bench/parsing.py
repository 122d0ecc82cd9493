"""Parse time of every bundled rulebook, against a plain scan of the same text.

Run: ``python bench/parsing.py``.  For each book: the best of N cold parses
(no cache), a warm load from the cache, and the ratio of the parse to a
baseline measured in the same run — one pass of a simple regex over the same
text — because these machines are shared and noisy.  Target: a parse well
under 100 ms, a warm load in a few milliseconds.
"""

from __future__ import annotations

import os
import re
import tempfile
import time
from functools import partial

RUNS = 7
_WORDS = re.compile(r"\S+")


def best_of(work) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def _warm_load(game: str, version: str) -> None:
    from corpus import library

    library._load.cache_clear()
    library.load_book(game, version)


def main() -> None:
    os.environ.setdefault("ARBITER_HOME", tempfile.mkdtemp(prefix="arbiter-bench-"))
    from corpus import library
    from corpus.manifest import bundled_manifest
    from corpus.parsers import get_parser

    root = bundled_manifest().root
    print(f"{'book':<14} {'clauses':>7} {'scan ms':>8} {'parse ms':>9} {'× scan':>7} {'warm load ms':>13}")
    for info in library.all_books():
        text = (root / info.source).read_text(encoding="utf-8")
        parse = get_parser(info.parser)
        scan = best_of(partial(_WORDS.findall, text))
        parsed = best_of(partial(parse, text, info))
        library.load_book(info.game, info.version)  # fills the cache
        warm = best_of(partial(_warm_load, info.game, info.version))
        clauses = len(parse(text, info).clauses)
        print(
            f"{info.key:<14} {clauses:>7} {scan * 1000:8.2f} {parsed * 1000:9.2f} "
            f"{parsed / scan:7.1f} {warm * 1000:13.2f}"
        )


if __name__ == "__main__":
    main()
