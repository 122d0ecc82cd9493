"""How ingest and the first search after it grow with the size of one rulebook text.

    python bench/ingest.py                   # 1, 2, 3, 4, 5, 10 and 20 MB (about 20 minutes)
    python bench/ingest.py --sizes 0.5,3     # these sizes (MB of 2^20 bytes) instead

A user's rulebook may be far larger than a bundled one (ucg is 30 KB).  Each
size is a synthetic book: the bundled ucg text, then copies of its body with
every clause number moved past the previous copy's (chapter 1 of the second
copy is chapter 13, and its references move with it) and a few percent of
their lines perturbed as ``bench/scale.py`` does, until the text reaches the
size.  So it parses as one long dotted rulebook of distinct clauses, whose
references resolve within their own copy.

Each size starts from the same ``ARBITER_HOME``, in which the bundled books
are already indexed (as for a user who has searched before), and runs the
commands a user runs, each a process of its own:

* ``arbiter ingest FILE --game synthetic --version 1`` — parse, coverage,
  store, lint and the index update for the new version (sizes over the
  store's ``MAX_BYTES`` are measured with that cap lifted, to show why it
  is where it is);
* ``arbiter search 勝利條件``, the first search after it (the ingest has
  brought the index up to date, so every later cold command-line search
  costs about the same).

Wall time, CPU time (user + system: on a shared machine the wall time also
holds the waits for a core) and peak resident memory of each process (its
own ``ru_maxrss``, from ``wait4``) are printed, and as ratios to the first
row: the bundled text itself, ingested the same way in the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from scale import FIRST_SHARE, Perturber  # bench/scale.py, beside this script

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

SIZES_MB = (1.0, 2.0, 3.0, 4.0, 5.0, 10.0, 20.0)
BOOK = "ucg-1.6-zh-Hant.txt"
CHAPTERS = 12  # ucg's chapters: copy k numbers them 12k + 1 … 12k + 12
QUERY = "勝利條件"
#: ``arbiter`` as its entry point runs it, with the store's cap on a text's size lifted.
LIFTED = "import corpus.intake, webapp.cli; corpus.intake.MAX_BYTES = 1 << 40; webapp.cli.main(prog_name='arbiter')"
ARBITER = [sys.executable, "-c", LIFTED]
#: A top-level clause number (``5.`` in ``5.9.4``) where it is a number: not inside another.
_CHAPTER = re.compile(r"(?<![\d.])(\d+)(?=\.(?:\d|\s))")


def synthetic_book(megabytes: float) -> str:
    """A text of about ``megabytes`` MB (never more, never less than one copy)."""
    from corpus.manifest import bundled_manifest

    text = (bundled_manifest().root / BOOK).read_text(encoding="utf-8")
    start = text.index("\n1. ", text.index("\n12. "))  # the body, after the table of contents
    head, body = text[:start], text[start:]
    perturb = Perturber(body)
    parts, size, copies = [head, body], len((head + body).encode()), 1
    target = megabytes * 1024 * 1024
    while True:
        copy = _renumbered(perturb(body, FIRST_SHARE, random.Random(copies)), CHAPTERS * copies)
        if size + len(copy.encode()) > target:
            return "".join(parts)
        parts.append(copy)
        size += len(copy.encode())
        copies += 1


def _renumbered(body: str, offset: int) -> str:
    def moved(match: re.Match[str]) -> str:
        number = int(match.group(1))
        return str(number + offset) if number <= CHAPTERS else match.group(1)

    return _CHAPTER.sub(moved, body)


@dataclass(frozen=True)
class Run:
    seconds: float
    cpu_seconds: float
    peak_mb: float
    stdout: str


def run(*args: str, home: Path) -> Run:
    """One ``arbiter`` command as a process of its own: wall time, its own peak RSS, its output."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        began = time.perf_counter()
        process = subprocess.Popen(
            [*ARBITER, *args],
            env={**os.environ, "ARBITER_HOME": str(home)},
            stdout=out,
            stderr=err,
            text=True,
            cwd=ROOT,
        )
        _, status, usage = os.wait4(process.pid, 0)  # not process.wait(): that drops the child's usage
        seconds = time.perf_counter() - began
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0), err.seek(0)
        if process.returncode != 0:
            raise SystemExit(f"arbiter {' '.join(args)} failed:\n{err.read()}")
        return Run(seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, out.read())


def measure(megabytes: float | None, template: Path, scratch: Path) -> dict[str, float]:
    """Ingest one synthetic book (the bundled text itself when ``megabytes`` is None) into a copy of
    ``template``, then search."""
    from corpus.manifest import bundled_manifest

    home = scratch / "home"
    shutil.rmtree(home, ignore_errors=True)
    shutil.copytree(template, home)
    book = scratch / "book.txt"
    if megabytes is None:
        shutil.copyfile(bundled_manifest().root / BOOK, book)
    else:
        book.write_text(synthetic_book(megabytes), encoding="utf-8")
    ingest = run("ingest", str(book), "--game", "synthetic", "--version", "1", "--json", home=home)
    search = run("search", QUERY, "--limit", "1", home=home)
    return {
        "mb": book.stat().st_size / 1024 / 1024,
        "clauses": json.loads(ingest.stdout)["clauses"],
        "ingest_s": ingest.seconds,
        "ingest_cpu": ingest.cpu_seconds,
        "ingest_mb": ingest.peak_mb,
        "search_s": search.seconds,
        "search_cpu": search.cpu_seconds,
        "search_mb": search.peak_mb,
    }


COLUMNS = (
    ("ingest_s", "ingest s", 1),
    ("ingest_cpu", "ingest CPU s", 1),
    ("ingest_mb", "ingest MB", 0),
    ("search_s", "search s", 2),
    ("search_cpu", "search CPU s", 2),
    ("search_mb", "search MB", 0),
)


def print_table(rows: list[dict[str, float]]) -> None:
    base = rows[0]
    cells = [f"{'text MB':>8} {'clauses':>8}"] + [f"{title:>12} {'×':>6}" for _, title, _ in COLUMNS]
    print(" ".join(cells))
    for row in rows:
        cells = [f"{row['mb']:8.2f} {row['clauses']:8d}"]
        cells += [f"{row[key]:12.{digits}f} {row[key] / base[key]:6.1f}" for key, _, digits in COLUMNS]
        print(" ".join(cells))
    print(
        f"\nMB = 2^20 bytes; × = ratio to the first row (the bundled {BOOK}, {base['mb'] * 1024:.0f} KB, same run); "
        f"search = the first cold `arbiter search {QUERY}` after the ingest; RSS = peak of the process; "
        f"{os.cpu_count()} CPUs"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default=",".join(f"{s:g}" for s in SIZES_MB), help="text sizes in MB")
    args = parser.parse_args()
    sizes = sorted(float(size) for size in args.sizes.split(","))
    with tempfile.TemporaryDirectory(prefix="arbiter-bench-ingest-") as folder:
        scratch = Path(folder)
        template = scratch / "template"
        run("search", QUERY, "--limit", "1", home=template)  # the bundled books, indexed once
        rows = []
        for megabytes in (None, *sizes):
            print(
                f"[ingest] {'the bundled text' if megabytes is None else f'{megabytes:g} MB'}",
                file=sys.stderr,
                flush=True,
            )
            rows.append(measure(megabytes, template, scratch))
    print_table(rows)


if __name__ == "__main__":
    main()
