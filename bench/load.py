"""Load test: the served app (``arbiter serve``, gunicorn) under concurrent clients.

    python bench/load.py                         # 1, 8 and 32 clients, then search only at 32
    python bench/load.py --clients 1,8 --seconds 20 --requests 500
    python bench/load.py --workers 1 --threads 8 # the server as one process (a baseline)

Starts ``arbiter serve --port 0`` (the production server, exactly as a user
runs it) as a subprocess on 127.0.0.1 with a fresh ``ARBITER_HOME``, waits
for it to say it is serving, and drives it from this process with closed-loop
clients: each client is a thread with its own keep-alive HTTP connection that
sends its next request as soon as the last one is answered (no think time,
so the figures are for a saturated server).  Every run is bounded both in
requests and in seconds, and the server is stopped at the end.

The request mix, drawn at random with a fixed seed:

* 40 % search — the queries of ``bench/queries.yaml`` with their game
  filter, half as the JSON API and half as the HTML results page;
* 30 % clause pages — a random clause of a random book, HTML;
* 15 % rulings — every example board of every engine, POSTed as YAML to
  ``/api/rule/<game>/<question>``;
* 15 % diffs — the dbscg 1.070 → 1.071 diff (API and page) and one
  clause's history across versions.

Reported per concurrency: requests, requests/s, p50 / p95 / p99 latency
and errors (anything but the expected status, and every failed connection).
Targets: no errors; search p95 at 32 clients ≤ 200 ms.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote, urlencode

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
HOST = "127.0.0.1"
#: The line ``arbiter serve`` prints when it answers.
SERVING = re.compile(r"serving on http://127\.0\.0\.1:(\d+)/")
START_TIMEOUT = 180.0
REQUEST_TIMEOUT = 30.0
SEED = 20250909


@dataclass(frozen=True)
class Request:
    kind: str  # search / clause / ruling / diff
    method: str
    path: str
    body: bytes | None = None


# -- the server -------------------------------------------------------------------------


@dataclass
class Server:
    """A running ``arbiter serve``: its port, and every line it has printed so far."""

    port: int = 0
    output: list[str] = field(default_factory=list)


@contextmanager
def served(home: Path, options: tuple[str, ...] = ()) -> Iterator[Server]:
    """``arbiter serve`` on a free port of 127.0.0.1, with its own ``ARBITER_HOME``; stopped after."""
    arbiter = Path(sys.executable).with_name("arbiter")
    command = [str(arbiter), "serve", "--host", HOST, "--port", "0", *options]
    env = {**os.environ, "ARBITER_HOME": str(home)}
    process = subprocess.Popen(
        command, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        yield _wait_until_serving(process)
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _wait_until_serving(process: subprocess.Popen) -> Server:
    server = Server()

    def read() -> None:
        for line in process.stdout:
            server.output.append(line)
            match = SERVING.search(line)
            if match and not server.port:
                server.port = int(match.group(1))

    threading.Thread(target=read, daemon=True).start()  # keeps draining the pipe afterwards
    deadline = time.monotonic() + START_TIMEOUT
    while not server.port:
        if process.poll() is not None or time.monotonic() > deadline:
            raise SystemExit("arbiter serve did not start:\n" + "".join(server.output))
        time.sleep(0.05)
    return server


# -- what the clients ask ------------------------------------------------------------------


def get_json(port: int, path: str):
    connection = http.client.HTTPConnection(HOST, port, timeout=REQUEST_TIMEOUT)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read()
        if response.status != 200:
            raise SystemExit(f"GET {path}: {response.status} {body[:200]!r}")
        return json.loads(body)
    finally:
        connection.close()


def workload(port: int) -> dict[str, list[Request]]:
    """Every request the mix draws from, by kind (clause ids and examples read from the app)."""
    import yaml

    queries = yaml.safe_load((HERE / "queries.yaml").read_text(encoding="utf-8"))
    searches = []
    for entry in queries:
        args = urlencode({"q": entry["query"], "game": entry["game"]})
        searches += [
            Request("search", "GET", f"/api/search?{args}"),
            Request("search", "GET", f"/search?{args}"),
        ]
    clauses = []
    for game in get_json(port, "/api/books")["games"]:
        for book in game["versions"]:
            contents = get_json(port, book["url"].replace("/", "/api/", 1))
            clauses += [Request("clause", "GET", clause["url"]) for clause in _walk(contents["toc"])]
    rulings = []
    for path in sorted((ROOT / "judge" / "examples").glob("*/*.yaml")):
        board = yaml.safe_load(path.read_text(encoding="utf-8"))
        rulings.append(
            Request("ruling", "POST", f"/api/rule/{board['game']}/{board['question']}", path.read_bytes())
        )
    diffs = [
        Request("diff", "GET", "/api/versions/dbscg/1.070/1.071"),
        Request("diff", "GET", "/versions/dbscg/1.070/1.071"),
        Request("diff", "GET", "/versions/dbscg/history/" + quote("10-4")),
    ]
    return {"search": searches, "clause": clauses, "ruling": rulings, "diff": diffs}


def _walk(entries) -> Iterator[dict]:
    for entry in entries:
        yield entry
        yield from _walk(entry.get("children", ()))


MIX = {"search": 0.40, "clause": 0.30, "ruling": 0.15, "diff": 0.15}


def draw(
    pool: dict[str, list[Request]], mix: dict[str, float], count: int, rng: random.Random
) -> list[Request]:
    kinds = rng.choices(list(mix), weights=list(mix.values()), k=count)
    return [rng.choice(pool[kind]) for kind in kinds]


# -- the clients ----------------------------------------------------------------------------


@dataclass
class Tally:
    latencies: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, kind: str, seconds: float, error: str | None) -> None:
        with self.lock:
            self.latencies.setdefault(kind, []).append(seconds)
            if error:
                self.errors.append(error)

    def all(self) -> list[float]:
        return [s for values in self.latencies.values() for s in values]


def run_clients(port: int, requests: list[Request], clients: int, seconds: float) -> tuple[Tally, float]:
    """Send ``requests`` from ``clients`` threads, until done or ``seconds`` have passed."""
    tally = Tally()
    queue = iter(requests)
    queue_lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def client() -> None:
        connection = http.client.HTTPConnection(HOST, port, timeout=REQUEST_TIMEOUT)
        while time.monotonic() < deadline:
            with queue_lock:
                request = next(queue, None)
            if request is None:
                break
            started = time.perf_counter()
            error = None
            try:
                headers = {"Content-Type": "application/yaml"} if request.body else {}
                connection.request(request.method, request.path, body=request.body, headers=headers)
                response = connection.getresponse()
                response.read()
                if response.status != 200:
                    error = f"{request.method} {request.path}: HTTP {response.status}"
            except (OSError, http.client.HTTPException) as failure:
                error = f"{request.method} {request.path}: {type(failure).__name__}: {failure}"
                connection.close()
                connection = http.client.HTTPConnection(HOST, port, timeout=REQUEST_TIMEOUT)
            tally.add(request.kind, time.perf_counter() - started, error)
        connection.close()

    began = time.perf_counter()
    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return tally, time.perf_counter() - began


def percentiles(values: list[float]) -> tuple[float, float, float]:
    """p50, p95, p99 in milliseconds."""
    if len(values) < 2:
        single = values[0] * 1000 if values else float("nan")
        return single, single, single
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return statistics.median(values) * 1000, cuts[94] * 1000, cuts[98] * 1000


def row(label: str, clients: int, tally: Tally, elapsed: float) -> str:
    values = tally.all()
    p50, p95, p99 = percentiles(values)
    by_kind = " | ".join(
        f"{percentiles(tally.latencies[kind])[1]:.1f}" if kind in tally.latencies else "—" for kind in MIX
    )
    return (
        f"| {label} | {clients} | {len(values)} | {elapsed:.1f} | {len(values) / elapsed:.0f} "
        f"| {p50:.1f} | {p95:.1f} | {p99:.1f} | {by_kind} | {len(tally.errors)} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", default="1,8,32", help="comma-separated concurrency levels")
    parser.add_argument("--requests", type=int, default=2000, help="most requests per level")
    parser.add_argument("--seconds", type=float, default=45.0, help="most seconds per level")
    parser.add_argument(
        "--workers", type=int, help="server processes (arbiter serve --workers; default: its own)"
    )
    parser.add_argument("--threads", type=int, help="threads per server process (arbiter serve --threads)")
    args = parser.parse_args()
    levels = [int(c) for c in args.clients.split(",")]
    rng = random.Random(SEED)
    with tempfile.TemporaryDirectory(prefix="arbiter-load-") as home:
        started = time.perf_counter()
        options = tuple(
            f"--{name}={value}" for name in ("workers", "threads") if (value := getattr(args, name))
        )
        with served(Path(home), options) as server:
            port = server.port
            serving = next(line for line in server.output if SERVING.search(line))
            print(
                f"{serving.strip()}\nready after {time.perf_counter() - started:.1f} s; "
                f"{os.cpu_count()} CPUs shared with the clients\n",
                flush=True,
            )
            pool = workload(port)
            run_clients(port, [r for requests in pool.values() for r in requests], 4, 120)  # warm every page
            lines = []
            errors: list[str] = []
            for clients in levels:
                tally, elapsed = run_clients(port, draw(pool, MIX, args.requests, rng), clients, args.seconds)
                lines.append(row("mix", clients, tally, elapsed))
                errors += tally.errors
            search_only = max(levels)
            tally, elapsed = run_clients(
                port, draw(pool, {"search": 1.0}, args.requests, rng), search_only, args.seconds
            )
            lines.append(row("search only", search_only, tally, elapsed))
            errors += tally.errors
    print(
        "| workload | clients | requests | seconds | requests/s | p50 ms | p95 ms | p99 ms | "
        + " | ".join(f"{kind} p95 ms" for kind in MIX)
        + " | errors |"
    )
    print("|---|" + "---:|" * (8 + len(MIX)))
    print("\n".join(lines))
    for error in errors[:20]:
        print("error:", error)


if __name__ == "__main__":
    main()
