"""How long warm ``arbiter show`` and ``arbiter search`` take, against a bare Python start-up.

Run: ``python bench/startup.py``.  Prints a table of wall-clock times (best
and median of N runs), CPU times (median), and each one's ratio to the
baseline measured in the same run, because these machines are shared and
noisy.  Targets: a warm
``arbiter show`` in well under half a second, a warm ``arbiter search``
within 0.2 s (about 10× ``python -c pass``).

"Warm" is every cache written: the parsed books, the search index and the
search caches, and Python's bytecode of Arbiter's modules — the warm-up
commands run with ``PYTHONDONTWRITEBYTECODE`` unset, as a user's Python
writes bytecode on the first run (an installed wheel has it already), so that
a machine that sets it for everything else does not measure compiling.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

RUNS = 15


def timed(command: list[str], env: dict) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU (user + system) seconds of each run: on a shared machine the CPU time
    moves less with the other work than the wall clock does."""
    times, cpu = [], []
    for _ in range(RUNS):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, env=env, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return times, cpu


def main() -> None:
    home = tempfile.mkdtemp(prefix="arbiter-bench-")
    env = dict(os.environ, ARBITER_HOME=home)
    arbiter = [os.path.join(os.path.dirname(sys.executable), "arbiter")]
    cases = {
        "python -c pass (baseline)": [sys.executable, "-c", "pass"],
        "arbiter --help": arbiter + ["--help"],
        "arbiter show ucg 5.9.4.1 (warm)": arbiter + ["show", "ucg", "5.9.4.1"],
        "arbiter clauses zd --json (warm)": arbiter + ["clauses", "zd", "--json"],
        "arbiter search 胜利条件 --game ucg (warm)": arbiter + ["search", "胜利条件", "--game", "ucg"],
        "arbiter search 'win condition' (warm)": arbiter + ["search", "win condition"],
    }
    writing = {name: value for name, value in env.items() if name != "PYTHONDONTWRITEBYTECODE"}
    for warm_up in [arbiter + ["books"], arbiter + ["search", "warm"], *cases.values()]:
        subprocess.run(warm_up, env=writing, check=True, capture_output=True)  # caches, index, bytecode
    results = {name: timed(cmd, env) for name, cmd in cases.items()}
    baseline, baseline_cpu = map(statistics.median, results["python -c pass (baseline)"])
    print(
        f"{'command':<42} {'best ms':>8} {'median ms':>10} {'× baseline':>11} {'CPU ms':>7} {'× baseline':>11}"
    )
    for name, (times, cpu) in results.items():
        median, median_cpu = statistics.median(times), statistics.median(cpu)
        print(
            f"{name:<42} {min(times) * 1000:8.1f} {median * 1000:10.1f} {median / baseline:11.1f} "
            f"{median_cpu * 1000:7.1f} {median_cpu / baseline_cpu:11.1f}"
        )


if __name__ == "__main__":
    main()
