"""The ruling model: what every engine returns, whatever the game.

A :class:`Ruling` is to Arbiter what ``chess.Outcome`` is to python-chess,
plus the reasoning: the :class:`Outcome` names its reason with an enum value,
the :class:`Step` list replays the rules in the order the engine applied them
(each a sentence in the rulebook's own language, the values it used and the
clause ids it rests on), ``decisive`` lists the clauses without which the
outcome would differ, and ``choices`` gives the outcome of each option where
the rules leave a player a choice ("may", uhb 5.11.1 可以): the top-level
``outcome`` is then the one where nobody takes the option, and each
:class:`Choice` carries its own outcome and the steps that lead to it.

Where the rulebook is silent or contradicts itself a step says so
(:attr:`StepKind.SILENT`, :attr:`StepKind.CONFLICT`) and cites what the book
does say; :attr:`Ruling.gaps` collects those steps.

>>> import enum
>>> class Why(enum.StrEnum):
...     DEMO = "demo"
>>> Outcome(Why.DEMO, {"winner": Player.A}).as_dict()
{'reason': 'demo', 'winner': 'A'}
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from judge.citations import Citations
from judge.players import Player


class StepKind(enum.StrEnum):
    RULE = "rule"  # the engine applied a clause
    CHOICE = "choice"  # a player may choose; see Ruling.choices for each option
    SILENT = "silent"  # the rulebook does not decide this point
    CONFLICT = "conflict"  # two clauses of the rulebook disagree here


def plain(value: Any) -> Any:
    """JSON-ready form of engine values: enums by value, tuples as lists."""
    if isinstance(value, enum.Enum):
        return value.value
    if hasattr(value, "as_dict"):
        return value.as_dict()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(plain(k)): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [plain(v) for v in value]
        return sorted(items, key=str) if isinstance(value, (set, frozenset)) else items
    return value


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a question: a reason (an enum value) and plain facts."""

    reason: enum.Enum
    facts: Mapping[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.facts[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.facts.get(key, default)

    def as_dict(self) -> dict[str, Any]:
        return {"reason": self.reason.value, **plain(dict(self.facts))}


@dataclass(frozen=True, slots=True)
class Step:
    text: str
    cites: tuple[str, ...]
    values: Mapping[str, Any] = field(default_factory=dict)
    kind: StepKind = StepKind.RULE

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "text": self.text,
            "values": plain(dict(self.values)),
            "cites": list(self.cites),
        }


@dataclass(frozen=True, slots=True)
class Choice:
    """One option a player may take, and where it leads."""

    player: Player | None
    option: Mapping[str, Any]
    outcome: Outcome
    steps: tuple[Step, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "player": plain(self.player),
            "option": plain(dict(self.option)),
            "outcome": self.outcome.as_dict(),
            "steps": [step.as_dict() for step in self.steps],
        }


@dataclass(frozen=True, slots=True)
class Ruling:
    game: str
    rulebook_version: str
    question: str
    outcome: Outcome
    steps: tuple[Step, ...]
    decisive: tuple[str, ...]
    choices: tuple[Choice, ...] = ()

    @property
    def cited(self) -> tuple[str, ...]:
        """Every clause id the ruling mentions, first mention first."""
        steps = self.steps + tuple(s for choice in self.choices for s in choice.steps)
        return tuple(dict.fromkeys(cite for step in steps for cite in step.cites))

    @property
    def gaps(self) -> tuple[Step, ...]:
        """Steps where the rulebook is silent or contradicts itself."""
        steps = self.steps + tuple(s for choice in self.choices for s in choice.steps)
        return tuple(s for s in steps if s.kind in (StepKind.SILENT, StepKind.CONFLICT))

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "rulebook_version": self.rulebook_version,
            "question": self.question,
            "outcome": self.outcome.as_dict(),
            "steps": [step.as_dict() for step in self.steps],
            "decisive": list(self.decisive),
            "choices": [choice.as_dict() for choice in self.choices],
            "gaps": [step.as_dict() for step in self.gaps],
        }


class Trace:
    """Collects the steps of one ruling as an engine applies the rules.

    Every clause id goes through the game's :class:`Citations`, so an engine
    cannot cite a clause that is not in the registry (and the registry is
    checked against the corpus by the tests).
    """

    def __init__(self, citations: Citations):
        self.citations = citations
        self.steps: list[Step] = []
        self.decisive: list[str] = []
        self.choices: list[Choice] = []

    def _add(self, kind: StepKind, text: str, cites: tuple[str, ...], values: dict[str, Any]) -> Step:
        step = Step(text=text, cites=self.citations(*cites), values=values, kind=kind)
        self.steps.append(step)
        return step

    def step(self, text: str, *cites: str, decisive: bool = False, **values: Any) -> Step:
        step = self._add(StepKind.RULE, text, cites, values)
        if decisive:
            self.mark_decisive(*cites)
        return step

    def silent(self, text: str, *cites: str, **values: Any) -> Step:
        """The rulebook does not decide this point; ``cites`` is what it does say."""
        return self._add(StepKind.SILENT, text, cites, values)

    def conflict(self, text: str, *cites: str, **values: Any) -> Step:
        """Two clauses disagree; cite both sides."""
        return self._add(StepKind.CONFLICT, text, cites, values)

    def choice(self, text: str, *cites: str, **values: Any) -> Step:
        return self._add(StepKind.CHOICE, text, cites, values)

    def mark_decisive(self, *cites: str) -> None:
        for cite in self.citations(*cites):
            if cite not in self.decisive:
                self.decisive.append(cite)

    def mark_decisive_if_it_matters(self, compute: Callable[[frozenset[str]], Any], *clauses: str) -> None:
        """Mark each clause decisive when ``compute`` without it gives another result.

        ``compute(ignore)`` reruns the engine's own calculation leaving out the
        clauses in ``ignore``; this is how "the clauses without which the outcome
        would differ" is found rather than asserted.  Each clause must be cited
        by a step whenever leaving it out can change the result.
        """
        result = compute(frozenset())
        for clause in clauses:
            if compute(frozenset({clause})) != result:
                self.mark_decisive(clause)

    def branch(self) -> Trace:
        """A fresh trace for the steps of one option of a choice."""
        return Trace(self.citations)

    def add_choice(
        self, player: Player | None, option: Mapping[str, Any], outcome: Outcome, branch: Trace
    ) -> None:
        self.choices.append(Choice(player, dict(option), outcome, tuple(branch.steps)))

    def ruling(self, game: str, version: str, question: str, outcome: Outcome) -> Ruling:
        cited = {cite for step in self.steps for cite in step.cites}
        cited |= {cite for choice in self.choices for step in choice.steps for cite in step.cites}
        stray = [cite for cite in self.decisive if cite not in cited]
        if stray:  # an engine bug: a decisive clause must be shown in a step
            raise ValueError(f"decisive clauses never cited in a step: {stray}")
        return Ruling(
            game=game,
            rulebook_version=version,
            question=question,
            outcome=outcome,
            steps=tuple(self.steps),
            decisive=tuple(self.decisive),
            choices=tuple(self.choices),
        )
