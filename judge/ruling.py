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
does say; :attr:`Ruling.gaps` collects those steps.  A fact the request left
out that the ruling needs is a :attr:`StepKind.UNKNOWN` step (a gap too), and
``not_applied`` lists the rules checked that did not apply, each with its
clause: the "why not" of a ruling ("B does not lose: …").

The models are pydantic, so the JSON a ruling is written as, and its JSON
Schema (the API's description), come from the same classes.  A replay
engine's outcome is its game's :class:`judge.outcome.GameOutcome`; the
engines not yet on replay give an :class:`Outcome` (a reason and facts).

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
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, PlainSerializer, SkipValidation, WithJsonSchema

from judge.citations import Citations
from judge.players import Player


class StepKind(enum.StrEnum):
    RULE = "rule"  # the engine applied a clause
    CHOICE = "choice"  # a player may choose; see Ruling.choices for each option
    SILENT = "silent"  # the rulebook does not decide this point
    CONFLICT = "conflict"  # two clauses of the rulebook disagree here
    UNKNOWN = "unknown"  # the ruling depends on a fact the request left out
    NOT_APPLIED = "not_applied"  # a rule checked that did not apply (why not)


#: Step kinds that are gaps: where the ruling cannot rest on the rulebook alone.
GAP_KINDS = (StepKind.SILENT, StepKind.CONFLICT, StepKind.UNKNOWN)


def plain(value: Any) -> Any:
    """JSON-ready form of engine values: enums by value, tuples as lists."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", by_alias=True)
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


#: An outcome as JSON: a replay engine's typed outcome (result, reason, winner, state …), or a
#: question engine's reason and facts.  Every outcome has a reason (null where the ruling depends
#: on a choice or a fact, or refused an action).
OUTCOME_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["reason"],
    "properties": {
        "reason": {"type": ["string", "null"], "description": "why, as an enum value of the game"},
        "result": {
            "type": "string",
            "enum": ["won", "drawn", "continues", "refused", "depends"],
            "description": "replay engines: how the replay ended",
        },
    },
    "additionalProperties": True,
}
AnyOutcome = Annotated[
    SkipValidation[Any], PlainSerializer(lambda outcome: outcome.as_dict()), WithJsonSchema(OUTCOME_SCHEMA)
]
Values = Annotated[
    SkipValidation[Mapping[str, Any]], PlainSerializer(plain), WithJsonSchema({"type": "object"})
]
Cites = Annotated[tuple[str, ...], Field(description="clause ids of the rulebook version ruled under")]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    def as_dict(self) -> dict[str, Any]:
        found: dict[str, Any] = self.model_dump(mode="json", by_alias=True)
        return found


class Step(Frozen):
    """One rule applied: a sentence in the rulebook's language, the values used, the clauses."""

    kind: StepKind = StepKind.RULE
    text: str
    values: Values = Field(default_factory=dict)
    cites: Cites


class Choice(Frozen):
    """One option of an open choice (``kind: choice``) or one value of a missing fact
    (``kind: fact``), and where the full replay leads."""

    kind: str = Field(
        "choice", description="choice: a player's option; fact: a value a missing fact may have"
    )
    player: Player | None
    option: Values
    outcome: AnyOutcome
    steps: tuple[Step, ...]
    not_applied: tuple[Step, ...] = ()


class Ruling(Frozen):
    """A ruling: the outcome, the steps that led to it, the clauses that decide it, each
    possibility replayed (``choices``) and why the rules that did not apply did not."""

    game: str
    rulebook_version: str
    question: str
    outcome: AnyOutcome
    steps: tuple[Step, ...]
    decisive: tuple[str, ...]
    choices: tuple[Choice, ...] = ()
    not_applied: tuple[Step, ...] = Field((), description="rules checked that did not apply: why not")

    @property
    def cited(self) -> tuple[str, ...]:
        """Every clause id the ruling mentions, first mention first."""
        steps = self.steps + self.not_applied
        steps += tuple(s for choice in self.choices for s in choice.steps + choice.not_applied)
        return tuple(dict.fromkeys(cite for step in steps for cite in step.cites))

    @property
    def gaps(self) -> tuple[Step, ...]:
        """Steps where the rulebook is silent or contradicts itself, or a fact is missing."""
        steps = self.steps + tuple(s for choice in self.choices for s in choice.steps)
        found: list[Step] = []
        for step in steps:
            if step.kind in GAP_KINDS and step not in found:
                found.append(step)
        return tuple(found)

    def as_dict(self) -> dict[str, Any]:
        return {**super().as_dict(), "gaps": [step.as_dict() for step in self.gaps]}


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
        self.why_not: list[Step] = []

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

    def unknown(self, text: str, *cites: str, **values: Any) -> Step:
        """The ruling needs a fact the request left out; ``cites`` is the rule that needs it."""
        return self._add(StepKind.UNKNOWN, text, cites, values)

    def not_applied(self, text: str, *cites: str, **values: Any) -> Step:
        """A rule checked that does not apply here, and the clause that says so (said once)."""
        step = Step(text=text, cites=self.citations(*cites), values=values, kind=StepKind.NOT_APPLIED)
        if step not in self.why_not:
            self.why_not.append(step)
        return step

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
        self,
        player: Player | None,
        option: Mapping[str, Any],
        outcome: Any,
        branch: Trace,
        kind: str = "choice",
    ) -> None:
        self.choices.append(
            Choice(
                kind=kind,
                player=player,
                option=dict(option),
                outcome=outcome,
                steps=tuple(branch.steps),
                not_applied=tuple(branch.why_not),
            )
        )

    def ruling(self, game: str, version: str, question: str, outcome: Any) -> Ruling:
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
            not_applied=tuple(self.why_not),
        )
