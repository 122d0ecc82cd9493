"""What the property tests of the engines still answering questions from one board share: a
bounded number of examples, swapping the players, and checking that every clause a ruling cites
exists. (Mangled boards, for every engine: tests/test_fuzz_boards.py; the replayed games' own
properties: tests/test_judge_{ucg,gcg,uhb}_properties.py.)"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from corpus.library import load_book
from judge.registry import engine

#: bounded so the suite stays fast; raise ARBITER_HYPOTHESIS_EXAMPLES for a long shake-out
FEW = settings(
    max_examples=int(os.environ.get("ARBITER_HYPOTHESIS_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
players = st.sampled_from(["A", "B"])


def swapped(value):
    """The same board with the players' names exchanged."""
    if isinstance(value, dict):
        return {{"A": "B", "B": "A"}.get(k, k): swapped(v) for k, v in value.items()}
    if isinstance(value, list):
        return [swapped(v) for v in value]
    return {"A": "B", "B": "A"}.get(value, value) if isinstance(value, str) else value


def cited_ids_exist(ruling) -> None:
    book = load_book(ruling.game, ruling.rulebook_version)
    citations = engine(ruling.game).citations
    for clause in ruling.cited + ruling.decisive:
        assert clause in book and clause in citations, clause
