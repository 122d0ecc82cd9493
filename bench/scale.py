"""Scale benchmark: Arbiter on a synthetic corpus 10×, 100× and 1000× the bundled one.

    python bench/scale.py                      # 10×, 100×, 1000× (1000× within --budget)
    python bench/scale.py --sizes 10,100       # only these sizes
    python bench/scale.py --budget 0           # no time limit: measure 1000× in full
    python bench/scale.py --sizes 1000 --home DIR   # re-time searches on a kept 1000× home

The synthetic corpus is made of the bundled rulebooks themselves: for a size
of N×, each of the seven bundled book versions is copied N − 1 times with
perturbed text (a few percent of its lines get one Chinese character or one
English word swapped for another of the same book) and ingested with the
real ``corpus.store.ingest`` under game keys such as ``ucg_0003``, five
successive versions per key (each version perturbs its predecessor a
little more, so a diff between two of them finds real modifications).  So
the corpus is N times the bundled one in versions, clauses and bytes, and
every clause went through the same parse, cache and manifest code a user's
``arbiter ingest`` does.

Each size runs in a fresh process with a fresh ``ARBITER_HOME``, so its
memory peak (``ru_maxrss``) is its own.  Measured at each size:

* ingest — wall time of every ``store.ingest`` call (parse, coverage, cache,
  atomic writes, manifest commit under the store lock);
* index build — ``Searcher.refresh()`` from nothing: loading every book
  from the parse cache, then the whoosh build (reported separately);
* index size on disk, and the process's peak resident memory;
* re-index — ``Searcher.refresh()`` after one more version is ingested
  into the corpus of that size (the index is updated, not rebuilt);
* search — warm p50 / p95 of the 71 queries of ``bench/queries.yaml``,
  once filtered to their game (a copy of it, varying by round) and once
  over every game (newest version of each);
* diff — ``diff_versions`` between two versions of a synthetic game, the
  median over one game per bundled book.

A time budget (default 15 minutes) bounds each size.  A size whose ingest
has not finished in half of it stops there (the rest would only repeat the
smaller sizes' measurements at a smaller corpus); its row is then marked
"≈": the ingest total is what was measured plus the rest of the versions
at the per-ingest cost fitted on the measured ones (a + b · versions
already stored), and every other figure continues the power law measured
between the two sizes before it (the growth table shows the exponents).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

SIZES = (10, 100, 1000)
VERSIONS_PER_GAME = 5
#: Share of lines changed in a game's first version, then in each later one.
FIRST_SHARE, NEXT_SHARE = 0.03, 0.005
ROUNDS = 3  # timed repetitions of the query set
#: Share of the budget the ingest of a size may use before the size is extrapolated.
INGEST_SHARE = 0.5
_CJK = re.compile(r"[\u4e00-\u9fff]")
_WORD = re.compile(r"\b[a-z]{4,}\b")


# -- the synthetic corpus -------------------------------------------------------


class Perturber:
    """Swaps a character (Chinese) or word (English) on some lines of one book.

    Only ideographs and lower-case words change, never digits, punctuation
    or markup, so the clause numbers and the layout the parser reads stay.
    """

    def __init__(self, text: str):
        pattern = _WORD if len(_CJK.findall(text)) < len(text) // 20 else _CJK
        self.pattern = pattern
        self.vocabulary = sorted(set(pattern.findall(text)))

    def __call__(self, text: str, share: float, rng: random.Random) -> str:
        lines = text.split("\n")
        for index in rng.sample(range(len(lines)), k=max(1, int(len(lines) * share))):
            spots = [m.span() for m in self.pattern.finditer(lines[index])]
            if spots:
                start, end = rng.choice(spots)
                line = lines[index]
                lines[index] = line[:start] + rng.choice(self.vocabulary) + line[end:]
        return "\n".join(lines)


def copy_plan(size: int, books) -> list[tuple[object, str, str, int]]:
    """``(bundled info, game key, version, copy number)`` in ingest order.

    Copies are interleaved across books, so a run stopped early has ingested
    the same share of every book.
    """
    plan = []
    for copy in range(size - 1):
        for info in books:
            game = f"{info.game}_{copy // VERSIONS_PER_GAME:04d}"
            plan.append((info, game, f"{info.version}.{copy % VERSIONS_PER_GAME}", copy))
    return plan


def synthetic_text(base: dict, info, copy: int, previous: dict) -> str:
    """The text of one copy: a fresh perturbation for a game's first version,
    a small one of the previous version for the others."""
    rng = random.Random(f"{info.game}@{info.version}#{copy}")
    chain = (info.game, info.version, copy // VERSIONS_PER_GAME)
    text, perturb = base[(info.game, info.version)]
    if copy % VERSIONS_PER_GAME == 0:
        text = perturb(text, FIRST_SHARE, rng)
    else:
        text = perturb(previous[chain], NEXT_SHARE, rng)
    previous[chain] = text
    return text


# -- one size, in its own process ---------------------------------------------------


def worker(size: int, budget: float, scratch: Path) -> dict:
    os.environ["ARBITER_HOME"] = str(scratch / "home")
    from corpus import store
    from corpus.manifest import bundled_manifest

    started = time.perf_counter()
    bundled = list(bundled_manifest().books)
    root = bundled_manifest().root
    base = _bases(bundled)
    plan = copy_plan(size, bundled)
    previous: dict = {}
    durations: list[float] = []
    ingested_bytes = sum((root / i.source).stat().st_size for i in bundled)
    for info, game, version, copy in plan:
        if budget and time.perf_counter() - started > budget * INGEST_SHARE:
            break
        text = synthetic_text(base, info, copy, previous)
        path = scratch / "incoming.txt"
        path.write_text(text, encoding="utf-8")
        ingested_bytes += len(text.encode("utf-8"))
        began = time.perf_counter()
        store.ingest(path, game, version, parser=info.parser, date=info.date)
        durations.append(time.perf_counter() - began)
        if len(durations) % 100 == 0:
            _say(f"{size}×: ingested {len(durations)} of {len(plan)} versions")
    result = {
        "size": size,
        "planned_versions": len(bundled) * size,
        "versions": len(bundled) + len(durations),
        "bytes": ingested_bytes,
        "ingest_seconds": sum(durations),
        "ingest_fit": _linear_fit(durations),
        "ingest_remaining_versions": len(plan) - len(durations),
    }
    if len(durations) == len(plan):
        searcher, measured = index_and_search(size)
        result.update(measured)
        result["diff_ms"] = diff_time(plan)
        result["reindex_seconds"] = reindex_time(searcher, base, scratch)
        result["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    result["seconds"] = time.perf_counter() - started
    return result


def _bases(bundled) -> dict:
    """Each bundled book's text and its perturber, by ``(game, version)``."""
    from corpus.manifest import bundled_manifest

    base = {}
    for info in bundled:
        text = (bundled_manifest().root / info.source).read_text(encoding="utf-8")
        base[(info.game, info.version)] = (text, Perturber(text))
    return base


def remeasure(size: int, home: Path) -> dict:
    """The search, diff and re-index figures of a size whose corpus is already
    ingested and indexed under ``home`` (a worker's ARBITER_HOME, kept): after a
    change to searching, the hour of ingest and build at 1000× need not be redone."""
    os.environ["ARBITER_HOME"] = str(home)
    from corpus.library import all_books
    from corpus.manifest import bundled_manifest

    bundled = list(bundled_manifest().books)
    searcher, measured = index_and_search(size)
    measured.pop("build_seconds")  # the index was there: nothing was built
    with tempfile.TemporaryDirectory(prefix="arbiter-scale-remeasure-") as scratch:
        reindex = reindex_time(searcher, _bases(bundled), Path(scratch))
    return {
        "size": size,
        "versions": len(all_books()),
        **measured,
        "diff_ms": diff_time(copy_plan(size, bundled)),
        "reindex_seconds": reindex,
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def _linear_fit(durations: list[float]) -> tuple[float, float]:
    """``(a, b)`` of ingest seconds ≈ a + b · (versions already in the store)."""
    if len(durations) < 2:
        return (durations[0] if durations else 0.0, 0.0)
    slope, intercept = statistics.linear_regression(range(len(durations)), durations)
    return (intercept, slope)


def index_and_search(size: int) -> tuple[object, dict]:
    """The searcher over the whole corpus, built from nothing, and what it measured."""
    from corpus.search.documents import library_snapshot
    from corpus.search.service import Searcher
    from corpus.search.whoosh_backend import WhooshBackend

    loaded = {}

    def corpus():
        began = time.perf_counter()
        loaded["snapshot"] = library_snapshot()
        loaded["seconds"] = time.perf_counter() - began
        return loaded["snapshot"]

    backend = WhooshBackend()
    searcher = Searcher(backend, corpus=corpus)
    _say(f"{size}×: building the search index")
    began = time.perf_counter()
    searcher.refresh()
    refresh_seconds = time.perf_counter() - began
    documents = loaded["snapshot"].documents
    index_bytes = sum(p.stat().st_size for p in backend.directory.rglob("*") if p.is_file())
    games = sorted({doc.game for doc in documents})
    queries = _queries()
    _say(f"{size}×: timing {len(queries)} queries × {ROUNDS} rounds, per game and over all games")
    one_game = _latency(searcher, queries, games, by_game=True)
    every_game = _latency(searcher, queries, games, by_game=False)
    return searcher, {
        "clauses": len(documents),
        "load_seconds": loaded["seconds"],
        "build_seconds": refresh_seconds - loaded["seconds"],
        "index_bytes": index_bytes,
        "search_game_ms": one_game,
        "search_all_ms": every_game,
    }


def reindex_time(searcher, base: dict, scratch: Path) -> float:
    """Seconds to bring the index up to date after one more version is ingested
    (what ``arbiter ingest`` adds at this size): the store's ucg 1.6 once more, under a new game."""
    from corpus import store
    from corpus.library import games

    text, perturb = base[("ucg", "1.6")]
    path = scratch / "incoming.txt"
    path.write_text(perturb(text, FIRST_SHARE, random.Random("one more")), encoding="utf-8")
    extra = sum(game.startswith("ucg_extra") for game in games())  # a kept home has had some already
    store.ingest(path, f"ucg_extra{extra or ''}", "1.0", parser="dotted")
    began = time.perf_counter()
    searcher.refresh()
    return time.perf_counter() - began


def _queries() -> list[tuple[str, str]]:
    import yaml

    entries = yaml.safe_load((HERE / "queries.yaml").read_text(encoding="utf-8"))
    return [(entry["game"], entry["query"]) for entry in entries]


def _latency(searcher, queries, games: list[str], by_game: bool) -> tuple[float, float]:
    """Warm p50 and p95 in ms.  Filtered runs search a different copy of the
    query's game each round (the bundled book in round 0)."""
    copies = {}
    for game in games:
        copies.setdefault(game.split("_")[0], []).append(game)

    def game_for(game: str, round_: int) -> str | None:
        if not by_game:
            return None
        keys = copies[game]
        return keys[round_ * 7919 % len(keys)]

    for round_ in range(ROUNDS):  # warm every (query, filter) pair first
        for game, text in queries:
            searcher.search(text, game=game_for(game, round_))
    times = []
    for round_ in range(ROUNDS):
        for game, text in queries:
            began = time.perf_counter()
            searcher.search(text, game=game_for(game, round_))
            times.append((time.perf_counter() - began) * 1000)
    return statistics.median(times), statistics.quantiles(times, n=20)[-1]


def diff_time(done: list) -> float | None:
    """Median ms of ``diff_versions`` between versions 0 and 1 of one synthetic
    game per bundled book (None if no game has two versions yet)."""
    from corpus.library import load_book
    from corpus.versions.diff import diff_versions

    pairs = {}
    for info, game, version, copy in done:
        if copy < VERSIONS_PER_GAME and copy % VERSIONS_PER_GAME in (0, 1):
            pairs.setdefault((info.game, info.version), []).append((game, version))
    times = []
    for versions in pairs.values():
        if len(versions) == 2:
            (game, old), (_, new) = versions
            load_book(game, old), load_book(game, new)
            began = time.perf_counter()
            diff_versions(game, old, new)
            times.append((time.perf_counter() - began) * 1000)
    return statistics.median(times) if times else None


def _say(message: str) -> None:
    print(f"[scale] {message}", file=sys.stderr, flush=True)


# -- the table ------------------------------------------------------------------------


def run_size(size: int, budget: float) -> dict:
    with tempfile.TemporaryDirectory(prefix=f"arbiter-scale-{size}-") as scratch:
        command = [
            sys.executable,
            __file__,
            "--worker",
            str(size),
            "--budget",
            str(budget),
            "--scratch",
            scratch,
        ]
        done = subprocess.run(command, stdout=subprocess.PIPE, text=True, cwd=ROOT, check=False)
    if done.returncode != 0:
        raise SizeFailed(
            f"the {size}× run failed (exit {done.returncode}"
            f"{', killed by the kernel: out of memory?' if done.returncode == -9 else ''})"
        )
    return json.loads(done.stdout.strip().splitlines()[-1])


class SizeFailed(Exception):
    """A size's worker process died; the sizes measured before it are still printed."""


#: The figures of a row, and whether a larger value is a list of (p50, p95).
FIGURES = (
    "bytes",
    "clauses",
    "load_seconds",
    "build_seconds",
    "reindex_seconds",
    "index_bytes",
    "peak_rss_mb",
    "diff_ms",
    "search_game_ms",
    "search_all_ms",
)


def extrapolated(partial: dict, smaller: dict, larger: dict) -> dict:
    """The full-size row of a run that only ingested part of its size (see the module docstring)."""
    intercept, slope = partial["ingest_fit"]
    done = partial["versions"] - partial["planned_versions"] // partial["size"]
    remaining = partial["ingest_remaining_versions"]
    # per-ingest time a + b·n summed over the versions not ingested (n = versions stored before each)
    rest = remaining * intercept + slope * (remaining * done + remaining * (remaining - 1) / 2)
    row = {
        "size": partial["size"],
        "planned_versions": partial["planned_versions"],
        "versions": partial["planned_versions"],
        "extrapolated": True,
        "ingested": done,
        "ingest_seconds": partial["ingest_seconds"] + rest,
    }
    for key in FIGURES:
        a, b = smaller.get(key), larger.get(key)
        if isinstance(b, list):
            row[key] = [
                _power_law(smaller["size"], x, larger["size"], y, row["size"])
                for x, y in zip(a, b, strict=True)
            ]
        else:
            row[key] = (
                None
                if a is None or b is None
                else _power_law(smaller["size"], a, larger["size"], b, row["size"])
            )
    return row


def _power_law(x1: float, y1: float, x2: float, y2: float, x: float) -> float:
    if y1 <= 0 or y2 <= 0 or x1 == x2:
        return y2
    return y2 * (x / x2) ** _exponent(x1, y1, x2, y2)


def _exponent(x1: float, y1: float, x2: float, y2: float) -> float:
    return math.log(y2 / y1) / math.log(x2 / x1)


def _cell(row: dict, key: str, scale: float = 1.0, digits: int = 1) -> str:
    value = row.get(key)
    if value is None:
        return "—"
    mark = "≈ " if row.get("extrapolated") else ""
    if isinstance(value, (list, tuple)):  # (p50, p95): a list once read back from a worker's JSON
        return f"{mark}{value[0]:.{digits}f} / {value[1]:.{digits}f}"
    return f"{mark}{value * scale:.{digits}f}"


def print_tables(rows: list[dict]) -> None:
    print(
        "| size | versions | clauses | text MB | ingest s | corpus load s | index build s | re-index s | index MB "
        "| peak RSS MB | search p50 / p95 ms, one game | search p50 / p95 ms, all games | diff ms |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for row in rows:
        label = f"{row['size']}×" + (" ≈" if row.get("extrapolated") else "")
        clauses = f"≈ {row['clauses']:.0f}" if row.get("extrapolated") else str(row["clauses"])
        print(
            f"| {label} | {row['versions']} | {clauses} | {_cell(row, 'bytes', 1e-6, 0)} "
            f"| {_cell(row, 'ingest_seconds')} | {_cell(row, 'load_seconds')} | {_cell(row, 'build_seconds')} "
            f"| {_cell(row, 'reindex_seconds')} "
            f"| {_cell(row, 'index_bytes', 1e-6, 0)} | {_cell(row, 'peak_rss_mb', 1, 0)} "
            f"| {_cell(row, 'search_game_ms')} | {_cell(row, 'search_all_ms')} | {_cell(row, 'diff_ms', 1, 0)} |"
        )
    for row in rows:
        if row.get("extrapolated"):
            print(
                f"\n≈ {row['size']}×: only {row['ingested']} of {row['planned_versions'] - row['planned_versions'] // row['size']}"
                " versions were ingested within the budget; the ingest total adds the rest at the fitted "
                "per-ingest cost, the other figures continue the growth measured between the two sizes before."
            )
    print(
        "\nGrowth between consecutive sizes: each figure's ratio, and in brackets its exponent k "
        "(figure ∝ size^k; 1 = linear, below 1 = sub-linear):\n"
    )
    keys = (
        ("ingest_seconds", None),
        ("load_seconds", None),
        ("build_seconds", None),
        ("index_bytes", None),
        ("peak_rss_mb", None),
        ("search_game_ms", 1),
        ("search_all_ms", 1),
        ("diff_ms", None),
    )
    print(
        "| from → to | corpus × | ingest | corpus load | index build | index MB | peak RSS "
        "| search p95, one game | search p95, all games | diff |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for small, large in itertools.pairwise(rows):
        cells = []
        for key, index in keys:
            a, b = small.get(key), large.get(key)
            if index is not None and a is not None and b is not None:
                a, b = a[index], b[index]
            if not a or not b:
                cells.append("—")
                continue
            k = _exponent(small["size"], a, large["size"], b)
            cells.append(f"{b / a:.2f} (k={k:.2f})")
        print(
            f"| {small['size']}× → {large['size']}×{' ≈' if large.get('extrapolated') else ''} "
            f"| {large['size'] / small['size']:g} | " + " | ".join(cells) + " |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="comma-separated multiples")
    parser.add_argument(
        "--budget",
        type=float,
        default=900.0,
        help="seconds per size (0: none); a size that cannot finish is extrapolated",
    )
    parser.add_argument(
        "--home",
        type=Path,
        help="with one --sizes N: only re-measure search, diff and "
        "re-index on the N× corpus already under this ARBITER_HOME",
    )
    parser.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--scratch", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(args.worker, args.budget, args.scratch)))
        return
    if args.home:
        row = remeasure(int(args.sizes), args.home)
        print(json.dumps(row), file=sys.stderr)
        print_tables([row])
        return
    rows: list[dict] = []
    failure = None
    for size in sorted(int(s) for s in args.sizes.split(",")):
        try:
            row = run_size(size, args.budget)
        except SizeFailed as error:
            failure = str(error)
            break
        if row["ingest_remaining_versions"]:
            measured = [r for r in rows if not r.get("extrapolated")]
            if len(measured) < 2:
                raise SystemExit(
                    f"{size}× did not finish in --budget {args.budget:.0f} s, and two smaller "
                    "measured sizes are needed to extrapolate it; raise --budget or add sizes"
                )
            row = extrapolated(row, measured[-2], measured[-1])
        rows.append(row)
    if rows:
        print_header(args.budget)
        print_tables(rows)
    if failure:
        raise SystemExit(failure)


def print_header(budget: float) -> None:
    print(
        f"\nbundled corpus = 1× (7 book versions); {VERSIONS_PER_GAME} versions per synthetic game; "
        f"warm search over {ROUNDS} rounds of the {len(_queries())} queries of bench/queries.yaml; "
        f"{os.cpu_count()} CPUs; budget {budget:.0f} s per size\n"
    )


if __name__ == "__main__":
    main()
