"""Search benchmark: Arbiter against SQLite FTS5 (trigram) on the same clauses.

    python bench/search.py            # the tables (README and closing note)
    python bench/search.py --verbose  # plus the rank of every query
    python bench/search.py --tune     # re-tune corpus.search.ranking on the dev half

Quality: MRR@10 and recall@5 per query class, each query filtered to its
game, newest version, on three query sets side by side: the test half of
the new set (``queries-test.yaml``, frozen, reported first), its dev half
(``queries-dev.yaml``, the only one ranking is tuned on) and the old 71
queries (``queries.yaml``); see :mod:`queryset`.  recall@5 = relevant
clauses in the top 5 / min(5, relevant clauses), so a perfect ranking
scores 1.  Arbiter is measured twice: as shipped, and with the synonym
files switched off, which shows whether the synonym files are what a
query passes by.
Speed: warm latency — the index open, every query run once before timing —
of a full search (query parsing, synonyms, ranking, snippets) for Arbiter
and of a MATCH + bm25 + snippet() query for FTS5, over every query of the
three sets, filtered to the query's game and not.  And the time to build
Arbiter's index of the whole corpus from scratch.

FTS5 gets what a user of it would write: the trigram tokenizer; each word
of the query of three characters or more as a quoted string, OR-ed, ranked
by bm25 with the title and heading-path weights Arbiter uses; a query with
no such word falls back to LIKE '%word%' (trigram cannot MATCH shorter
strings).  Both rank the newest version of each game.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from queryset import CLASSES, load_numbered, load_quoted  # noqa: E402

ROUNDS = 5  # timed repetitions of the whole query set
#: The query sets, in the order they are reported: name, file, loader.
QUERY_SETS = (
    ("test", "queries-test.yaml", load_quoted),
    ("dev", "queries-dev.yaml", load_quoted),
    ("old 71", "queries.yaml", load_numbered),
)


class Fts5:
    """SQLite FTS5 with the trigram tokenizer over the same documents."""

    def __init__(self, documents, title_weight: float, path_weight: float):
        if sqlite3.sqlite_version_info < (3, 34, 0):
            sys.exit(f"SQLite {sqlite3.sqlite_version} has no trigram tokenizer (needs 3.34)")
        self.db = sqlite3.connect(":memory:", check_same_thread=False)
        self.db.execute(
            "CREATE VIRTUAL TABLE clauses USING fts5(id UNINDEXED, game UNINDEXED, "
            "latest UNINDEXED, title, path, body, tokenize='trigram')"
        )
        self.db.executemany(
            "INSERT INTO clauses VALUES (?, ?, ?, ?, ?, ?)",
            [(d.id, d.game, int(d.latest), d.title, " / ".join(d.path), d.text) for d in documents],
        )
        self.db.commit()
        self.rank = f"bm25(clauses, 0, 0, 0, {title_weight}, {path_weight}, 1.0)"

    def search(self, text: str, game: str | None, limit: int = 10) -> list[tuple[str, str]]:
        words = [w.strip('"“”「」') for w in text.split()]
        long = [w for w in words if len(w) >= 3]
        where, params = "latest = 1", []
        if game:
            where, params = "latest = 1 AND game = ?", [game]
        if long:
            match = " OR ".join('"' + w.replace('"', '""') + '"' for w in long)
            rows = self.db.execute(
                "SELECT game, id, snippet(clauses, 5, '«', '»', '…', 16) FROM clauses "
                f"WHERE clauses MATCH ? AND {where} ORDER BY {self.rank} LIMIT ?",
                (match, *params, limit),
            )
        else:
            like = " OR ".join("title LIKE ? OR body LIKE ?" for _ in words)
            patterns = [p for w in words for p in (f"%{w}%", f"%{w}%")]
            rows = self.db.execute(
                f"SELECT game, id, substr(body, 1, 60) FROM clauses WHERE ({like}) AND {where} LIMIT ?",
                (*patterns, *params, limit),
            )
        return [(row[0], row[1]) for row in rows]


def arbiter_engine(searcher):
    def run(text: str, game: str | None, limit: int = 10) -> list[tuple[str, str]]:
        return [(hit.game, hit.id) for hit in searcher.search(text, game=game, limit=limit).hits]

    return run


def whoosh_engine(searcher):
    """The same plans, run by whoosh's own searcher (matcher tree, collector) instead of Arbiter's
    plan runner: what ``corpus/search/whoosh_search.py`` is kept for is the difference in latency.
    Without the second pass of a query in the asker's own words (``Plan.feedback``), which whoosh's
    searcher has no stage for: its latency is the first pass's."""
    import functools

    from whoosh import query as wq
    from whoosh.scoring import BM25F

    from corpus.search.backend import Filters, SearchQuery
    from corpus.search.query import parse_query
    from corpus.search.service import without_question_words
    from corpus.search.whoosh_query import QueryBuilder

    backend = searcher.backend
    searcher.search("warm")  # open the index
    opened = backend._current()
    runner = backend._searcher(opened)
    plain = opened.index.searcher(weighting=BM25F(B=backend.ranking.b, K1=backend.ranking.k1))
    newest = {book.split("@")[0]: book for book in runner.newest}

    def run(text: str, game: str | None, limit: int = 10) -> list[tuple[str, str]]:
        filters = Filters(games=(game,) if game else ())
        share = functools.partial(runner.share, filters=filters)
        sections = functools.partial(runner.sections, filters=filters)
        parsed = without_question_words(parse_query(text))
        plan = QueryBuilder(
            opened.analysis, backend.ranking, share, lambda: opened.glosses, sections=sections
        ).build(SearchQuery(parsed, {}))
        query = wq.Or([*plan.scored, *plan.pinned])
        if plan.boosting:
            query = wq.AndMaybe(query, wq.Or(list(plan.boosting)))
        if plan.required is not None:
            query = wq.AndMaybe(plan.required, query)
        if plan.excluded is not None:
            query = wq.AndNot(query, plan.excluded)
        books = [newest[game]] if game else list(newest.values())
        hits = plain.search(query, limit=limit, filter=wq.Or([wq.Term("book", b) for b in books]))
        return [(hit["game"], hit["id"]) for hit in hits]

    return run


def quality(run, queries, by_game: bool = True) -> dict[str, tuple[float, float]]:
    """MRR@10 and recall@5 per class and overall (``by_game``: filtered to the query's game)."""
    per_class: dict[str, list[tuple[float, float]]] = {}
    for q in queries:
        found = run(q.text, q.game if by_game else None)
        relevant = {(q.game, clause) for clause in q.relevant}
        rank = next((i for i, hit in enumerate(found[:10], 1) if hit in relevant), None)
        rr = 1 / rank if rank else 0.0
        recall = len(relevant & set(found[:5])) / min(5, len(relevant))
        per_class.setdefault(q.cls, []).append((rr, recall))
        per_class.setdefault("overall", []).append((rr, recall))
    return {
        c: (statistics.mean(v[0] for v in vals), statistics.mean(v[1] for v in vals))
        for c, vals in per_class.items()
    }


def latency(engines, queries, by_game: bool = True) -> list[tuple[float, float]]:
    """Warm p50 and p95 in milliseconds for each engine (``by_game``: filtered to the query's game).

    The engines take turns query by query, so a busy machine slows them alike.
    """
    for run in engines:
        for q in queries:
            run(q.text, q.game if by_game else None)
    times: list[list[float]] = [[] for _ in engines]
    for _ in range(ROUNDS):
        for q in queries:
            for run, spent in zip(engines, times, strict=True):
                start = time.perf_counter()
                run(q.text, q.game if by_game else None)
                spent.append((time.perf_counter() - start) * 1000)
    return [(statistics.median(t), statistics.quantiles(t, n=20)[-1]) for t in times]


#: The values coordinate ascent tries for each ranking weight.
GRID = {
    "title": [1.0, 2.0, 3.0, 5.0],  # index time: rebuilds
    "path": [0.0, 0.5, 1.0, 2.0],  # index time: rebuilds
    "k1": [0.8, 1.2, 1.6, 2.0],
    "b": [0.3, 0.5, 0.75, 0.9],
    "grams": [0.25, 0.5, 1.0],
    "substring": [0.5, 1.0, 2.0, 3.0],
    "proximity": [0.0, 0.5, 1.0, 2.0],
    "proximity_slop": [2, 3, 5],
    "common": [0.1, 0.2, 0.3],
    "heading": [0.3, 0.5, 0.7, 1.0],
    "gloss": [0.5, 1.0, 1.5, 2.0],
    "pivot": [0.0, 0.05, 0.1, 0.2, 0.3],
    "characters": [0.0, 0.25, 0.5, 1.0],
}
INDEX_TIME = {"title", "path"}


def tune(snapshot, queries) -> None:
    """Coordinate ascent on MRR@10 + recall@5 of the dev half, with a two-fold check that it generalises."""
    from corpus.search.ranking import DEFAULT_RANKING

    def ascend(ranking, subset):
        best = score(ranking, subset)
        for _ in range(2):
            for name, values in GRID.items():
                for value in values:
                    trial = ranking.with_(**{name: value})
                    result = score(trial, subset)
                    if result > best:
                        ranking, best = trial, result
        return ranking, best

    def score(ranking, subset):
        searcher = _searcher_with(snapshot, ranking)
        mrr, recall = quality(arbiter_engine(searcher), subset)["overall"]
        return round(mrr + recall, 4), round(mrr, 4)

    halves = (queries[0::2], queries[1::2])
    for name, (train, test) in (("even→odd", halves), ("odd→even", halves[::-1])):
        tuned, _ = ascend(DEFAULT_RANKING, train)
        print(
            f"{name}: held-out MRR@10 {score(DEFAULT_RANKING, test)[1]:.3f} before, "
            f"{score(tuned, test)[1]:.3f} tuned"
        )
    tuned, best = ascend(DEFAULT_RANKING, queries)
    print(f"all queries: MRR@10 {score(DEFAULT_RANKING, queries)[1]:.3f} → {best[1]:.3f}")
    print(tuned)


_built: dict[tuple, object] = {}


def _searcher_with(snapshot, ranking):
    """A searcher with ``ranking``; indexes are built once per index-time weighting."""
    from corpus.search.service import Searcher
    from corpus.search.whoosh_backend import WhooshBackend
    from corpus.storage import arbiter_home

    key = tuple(getattr(ranking, name) for name in sorted(INDEX_TIME))
    backend = _built.get(key)
    if backend is None:
        directory = arbiter_home() / "tune" / "-".join(map(str, key))
        backend = _built[key] = WhooshBackend(directory, ranking=ranking)
        backend.build(snapshot)
    backend.ranking = ranking
    return Searcher(backend, corpus=lambda: snapshot, synonyms=False)  # tuned without the synonym files


def print_ranks(run, queries) -> None:
    for q in queries:
        ids = [clause for _game, clause in run(q.text, q.game)]
        rank = next((i for i, found in enumerate(ids[:10], 1) if found in q.relevant), "-")
        print(f"  {q.game:<6} {q.cls:<10} {rank!s:>2}  {q.text}  →  {', '.join(ids[:3])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true", help="print every query's rank")
    parser.add_argument("--tune", action="store_true", help="tune the ranking weights on the dev half")
    parser.add_argument(
        "--sets",
        default=",".join(name for name, _file, _load in QUERY_SETS),
        help="the query sets to measure, comma-separated (default: all; --tune uses dev)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="arbiter-bench-") as home:
        os.environ["ARBITER_HOME"] = home  # a fresh home: nothing cached, nothing of the user's touched
        run(args)


def run(args) -> None:
    from corpus.search.documents import library_snapshot
    from corpus.search.service import Searcher
    from corpus.search.whoosh_backend import WhooshBackend

    start = time.perf_counter()
    snapshot = library_snapshot()
    parse_seconds = time.perf_counter() - start
    wanted = {name.strip() for name in args.sets.split(",")}
    sets = {name: load(HERE / file, snapshot.documents) for name, file, load in QUERY_SETS if name in wanted}
    if args.tune:
        tune(snapshot, load_quoted(HERE / "queries-dev.yaml", snapshot.documents))
        return
    backend = WhooshBackend()
    start = time.perf_counter()
    backend.build(snapshot)
    build_seconds = time.perf_counter() - start
    arbiter = arbiter_engine(Searcher(backend, corpus=lambda: snapshot))
    plain = arbiter_engine(Searcher(backend, corpus=lambda: snapshot, synonyms=False))
    start = time.perf_counter()
    fts5 = Fts5(snapshot.documents, backend.ranking.title, backend.ranking.path)
    fts5_seconds = time.perf_counter() - start

    everything = [q for queries in sets.values() for q in queries]
    native = whoosh_engine(Searcher(backend, corpus=lambda: snapshot))
    our_speed, their_speed = latency([arbiter, fts5.search], everything)
    our_wide, their_wide = latency([arbiter, fts5.search], everything, by_game=False)
    # apart: whoosh's searcher leaves garbage whose collection would land in the others' timings
    [native_speed], [native_wide] = (
        latency([native], everything),
        latency([native], everything, by_game=False),
    )
    print(
        f"{len(everything)} queries over {len({q.game for q in everything})} books, "
        f"{len(snapshot.documents)} clauses indexed (SQLite {sqlite3.sqlite_version})\n"
    )
    for name, queries in sets.items():
        if args.verbose:
            print(f"Arbiter ranks ({name}):")
            print_ranks(arbiter, queries)
        ours, bare, theirs = quality(arbiter, queries), quality(plain, queries), quality(fts5.search, queries)
        counts = {c: sum(q.cls == c for q in queries) for c in CLASSES}
        counts["overall"] = len(queries)
        print(
            f"| {name}: class | queries | Arbiter MRR@10 | without synonym files | FTS5 MRR@10 "
            "| Arbiter recall@5 | without synonym files | FTS5 recall@5 |"
        )
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        for cls in (*CLASSES, "overall"):
            if cls in ours:
                print(
                    f"| {cls} | {counts[cls]} | {ours[cls][0]:.3f} | {bare[cls][0]:.3f} | {theirs[cls][0]:.3f} "
                    f"| {ours[cls][1]:.3f} | {bare[cls][1]:.3f} | {theirs[cls][1]:.3f} |"
                )
        print()
    print("| | Arbiter | FTS5 | the same plans on whoosh's own searcher |")
    print("|---|---:|---:|---:|")
    for label, (ours, theirs, whooshs) in (
        ("one game", (our_speed, their_speed, native_speed)),
        ("all games", (our_wide, their_wide, native_wide)),
    ):
        print(
            f"| warm latency p50 / p95, {label} | {ours[0]:.2f} / {ours[1]:.2f} ms "
            f"| {theirs[0]:.2f} / {theirs[1]:.2f} ms | {whooshs[0]:.2f} / {whooshs[1]:.2f} ms |"
        )
    print(f"| full index build | {build_seconds:.2f} s | {fts5_seconds:.2f} s | |")
    print(f"| (parsing the corpus first, fresh ARBITER_HOME) | {parse_seconds:.2f} s | | |")


if __name__ == "__main__":
    main()
