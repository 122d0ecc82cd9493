"""What the replay tests of every game share: naming a clause by quote, and mirroring a board."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from corpus.library import load_book
from judge.citations import Citations
from judge.outcome import Result
from judge.players import Player
from judge.ruling import Ruling

#: A quote, or ``(parent's quote, quote)`` for the clause under the one that holds the first
#: (where a book prints the same words twice).
Quote = str | tuple[str, str]
PLAYERS = {"A": "B", "B": "A"}


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def clause_by_quote(game: str, quote: Quote) -> str:
    """The one clause of ``game``'s newest book whose text holds ``quote`` exactly (spaces aside)."""
    within = ""
    if isinstance(quote, tuple):
        parent, quote = quote
        above = clause_by_quote(game, parent)
        within = above + ("-" if "-" in above else ".")  # 1-2-2-1 under 1-2-2, 11.19.2 under 11.19
    found = [
        c.id
        for c in load_book(game).clauses
        if c.id.startswith(within) and _squeezed(quote) in _squeezed(f"{c.title or ''}{c.text}")
    ]
    assert len(found) == 1, (quote, found)
    return found[0]


def swapped(value: Any, rename: Callable[[str], str] = lambda name: PLAYERS.get(name, name)) -> Any:
    """The same value with the players' names exchanged (``rename`` says which strings name them)."""
    if isinstance(value, dict):
        return {(rename(k) if isinstance(k, str) else k): swapped(v, rename) for k, v in value.items()}
    if isinstance(value, list):
        return [swapped(v, rename) for v in value]
    return rename(value) if isinstance(value, str) else value


def comparable(outcome: dict[str, Any]) -> dict[str, Any]:
    """An outcome without its sentences (which name the players in words)."""
    found = {k: v for k, v in outcome.items() if k != "depends_on"}
    if found.get("refused"):
        found["refused"] = {k: v for k, v in found["refused"].items() if k != "text"}
    return found


@dataclass(frozen=True)
class Expect:
    """What a situation's ruling must be: its outcome, and the clauses (by quote) that decide it.

    ``decides`` is the whole set of decisive clauses; ``refused`` the clauses a refusal cites;
    ``why_not`` clauses among the "why not" (of the ruling or of any branch); ``cited`` clauses some
    step (of the ruling or of any branch) must cite; ``not_cited`` clauses no step may cite;
    ``check`` anything else about the ruling."""

    result: Result
    reason: str | None = None
    decides: tuple[Quote, ...] = ()
    refused: tuple[Quote, ...] = ()
    why_not: tuple[Quote, ...] = ()
    cited: tuple[Quote, ...] = ()
    not_cited: tuple[Quote, ...] = ()
    winner: Player | None = None
    check: Callable[[Ruling], Any] | None = field(default=None, compare=False)


def assert_situation(game: str, expect: Expect, ruling: Ruling) -> None:
    """The ruling is what ``expect`` says, every clause named by its quote in ``game``'s book."""

    def clauses(quotes: tuple[Quote, ...]) -> set[str]:
        return {clause_by_quote(game, quote) for quote in quotes}

    outcome = ruling.outcome
    assert outcome.result is expect.result
    assert (outcome.reason.value if outcome.reason else None) == expect.reason
    assert outcome.winner is expect.winner
    assert set(ruling.decisive) == clauses(expect.decides)
    if expect.refused:
        assert set(outcome.refused.cites) == clauses(expect.refused)
    why_not = {cite for step in ruling.not_applied for cite in step.cites}
    why_not |= {cite for choice in ruling.choices for step in choice.not_applied for cite in step.cites}
    assert clauses(expect.why_not) <= why_not
    cited = set(ruling.cited) | {
        cite for choice in ruling.choices for step in choice.steps for cite in step.cites
    }
    assert clauses(expect.cited) <= cited
    assert not clauses(expect.not_cited) & cited
    if expect.check is not None:
        assert expect.check(ruling)


def assert_mirrored(ruling: Ruling, mirror: Ruling, rename: Callable[[str], str]) -> None:
    """``mirror`` (the board with the players exchanged) is ``ruling`` with the players exchanged."""
    assert comparable(mirror.outcome.as_dict()) == comparable(swapped(ruling.outcome.as_dict(), rename))
    assert set(mirror.decisive) == set(ruling.decisive)
    expected = sorted(
        json.dumps(comparable(swapped(c.outcome.as_dict(), rename)), sort_keys=True) for c in ruling.choices
    )
    found = sorted(json.dumps(comparable(c.outcome.as_dict()), sort_keys=True) for c in mirror.choices)
    assert found == expected


def assert_cites_registered(ruling: Ruling, citations: Citations) -> None:
    """A ruling is JSON, cites only clauses its engine registered and its book holds, and every
    decisive clause among them; its result is one of the five."""
    json.dumps(ruling.as_dict(), ensure_ascii=False)
    book = load_book(ruling.game, ruling.rulebook_version)
    assert all(cite in citations and cite in book for cite in ruling.cited)
    assert set(ruling.decisive) <= set(ruling.cited)
    assert ruling.outcome.result.value in ("won", "drawn", "continues", "refused", "depends")
