"""Rulings per second, per game and question, over the bundled example boards; and for each
game on the replay, a whole turn against a one-question ruling in the same run.

    python bench/judge.py [--seconds 0.5]

Each example file is parsed once; the clock then covers what a ruling costs
once the corpus is loaded: validating the board, running the engine and
building the ruling (the first ruling of a game, which loads the rulebook
and checks the engine's citations against it, is not timed).  The target
is at most 5 ms per ruling, and at most 20 ms for a whole turn replayed from
its start (the game's ``timeline`` example).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET_MS = 5.0
TURN_TARGET_MS = 20.0


def boards() -> dict[tuple[str, str], list[dict]]:
    """Every example board, keyed by (game, question)."""
    from judge.board import read_document

    found: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for path in sorted((ROOT / "judge" / "examples").glob("*/*.yaml")):
        data = read_document(path.read_text(encoding="utf-8"), str(path))
        found[(data["game"], data.get("question", "timeline"))].append(data)
    return found


def whole_turns(seconds: float) -> bool:
    """Per replay game: a whole turn from its start against one question's ruling, same run."""
    from judge.board import read_document
    from judge.registry import ENGINES, engine

    print(f"\n{'game':<6} {'whole turn ms':>13} {'question':<10} {'question ms':>11} {'ratio':>6}")
    within = True
    for game in ENGINES:
        found = engine(game)
        if found.rules is None:
            continue
        turn_file = found.questions["timeline"].example
        turn = read_document(turn_file.read_text(encoding="utf-8"), str(turn_file))
        question = next(q for q in found.questions.values() if q.view is not None and q.name != "timeline")
        asked = read_document(question.example.read_text(encoding="utf-8"), str(question.example))
        turn_count, turn_took = measure([turn], seconds)
        one_count, one_took = measure([asked], seconds)
        turn_ms, one_ms = turn_took / turn_count * 1000, one_took / one_count * 1000
        within = within and turn_ms <= TURN_TARGET_MS
        print(f"{game:<6} {turn_ms:>13.3f} {question.name:<10} {one_ms:>11.3f} {turn_ms / one_ms:>6.1f}")
    verdict = "within" if within else "OVER"
    print(f"whole turns {verdict} the {TURN_TARGET_MS:g} ms target")
    return within


def measure(requests: list[dict], seconds: float) -> tuple[int, float]:
    """(rulings made, seconds taken), cycling through ``requests``."""
    from judge.registry import rule

    for request in requests:  # warm: load the rulebook, check citations
        rule(request)
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for request in requests:
            rule(request)
        count += len(requests)
    return count, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="time per question")
    args = parser.parse_args()
    os.environ.setdefault("ARBITER_HOME", tempfile.mkdtemp(prefix="arbiter-bench-"))
    print(f"{'game':<6} {'question':<15} {'boards':>6} {'rulings/s':>10} {'ms/ruling':>10}")
    slowest = 0.0
    for (game, question), requests in sorted(boards().items()):
        count, took = measure(requests, args.seconds)
        per_ms = took / count * 1000
        slowest = max(slowest, per_ms)
        print(f"{game:<6} {question:<15} {len(requests):>6} {count / took:>10.0f} {per_ms:>10.3f}")
    verdict = "within" if slowest <= TARGET_MS else "OVER"
    print(f"slowest: {slowest:.3f} ms per ruling ({verdict} the {TARGET_MS:g} ms target)")
    turns_within = whole_turns(args.seconds)
    return 0 if slowest <= TARGET_MS and turns_within else 1


if __name__ == "__main__":
    sys.exit(main())
