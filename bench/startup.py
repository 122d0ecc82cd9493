"""How long warm ``arbiter show`` and ``arbiter search`` take, against a bare Python start-up.

Run: ``python bench/startup.py``.  Prints a table of wall-clock times (best
and median of N runs) and the ratio to the baseline measured in the same
run, because these machines are shared and noisy.  Targets: a warm
``arbiter show`` in well under half a second, a warm ``arbiter search``
within 0.2 s.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

RUNS = 15


def timed(command: list[str], env: dict) -> list[float]:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run(command, env=env, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    home = tempfile.mkdtemp(prefix="arbiter-bench-")
    env = dict(os.environ, ARBITER_HOME=home)
    arbiter = [os.path.join(os.path.dirname(sys.executable), "arbiter")]
    for warm_up in (["books"], ["search", "warm"]):  # every cache, and the search index
        subprocess.run(arbiter + warm_up, env=env, check=True, capture_output=True)
    cases = {
        "python -c pass (baseline)": [sys.executable, "-c", "pass"],
        "arbiter --help": arbiter + ["--help"],
        "arbiter show ucg 5.9.4.1 (warm)": arbiter + ["show", "ucg", "5.9.4.1"],
        "arbiter clauses zd --json (warm)": arbiter + ["clauses", "zd", "--json"],
        "arbiter search 胜利条件 --game ucg (warm)": arbiter + ["search", "胜利条件", "--game", "ucg"],
        "arbiter search 'win condition' (warm)": arbiter + ["search", "win condition"],
    }
    results = {name: timed(cmd, env) for name, cmd in cases.items()}
    baseline = statistics.median(results["python -c pass (baseline)"])
    print(f"{'command':<42} {'best ms':>8} {'median ms':>10} {'× baseline':>11}")
    for name, times in results.items():
        median = statistics.median(times)
        print(f"{name:<42} {min(times) * 1000:8.1f} {median * 1000:10.1f} {median / baseline:11.1f}")


if __name__ == "__main__":
    main()
