"""A timeline: the state on the table and the actions that follow, as a board file states them.

A game's timeline model is a :class:`Timeline` subclass naming its state
model and its action type, built by :func:`actions_of` from the game's
action models: each action is a mapping with one key, the verb
(``- attack: {by: Y}``); an action with nothing to say may be the bare verb
(``- end_phase``).  Every game also gets :class:`~judge.effects.Effect`
(``- effect: {...}``), :class:`~judge.action.EndPhase` and
:class:`~judge.action.NextTurn`.  The JSON Schema of the model is what the
API and the web form describe.

>>> from judge.action import Action
>>> class Pass(Action):
...     verb = "pass"
>>> from pydantic import TypeAdapter
>>> adapter = TypeAdapter(list[actions_of(Pass)])
>>> actions = adapter.validate_python(["pass", {"end_phase": {}}, {"effect": {"draw": {"player": "A"}}}])
>>> [type(a).__name__ for a in actions]
['Pass', 'EndPhase', 'Effect']
>>> adapter.dump_python(actions)
[{'pass': {}}, {'end_phase': {}}, {'effect': {'draw': {'player': 'A'}}}]
"""

from __future__ import annotations

import enum
from typing import Annotated, Any, Literal, TypeVar, Union

from pydantic import AfterValidator, BeforeValidator, Discriminator, Field, PlainSerializer, Tag, create_model
from pydantic.json_schema import SkipJsonSchema

from judge.action import Action, EndPhase, NextTurn
from judge.board import BoardModel
from judge.effects import Effect
from judge.state import GameState


class Until(enum.StrEnum):
    """How far the replay goes after the last action."""

    LAST_ACTION = "last_action"  # stop right after it
    END_OF_PHASE = "end_of_phase"  # finish the phase it happened in, as the rules run it
    END_OF_TURN = "end_of_turn"  # finish the turn, to the start of the next one


def _verb(value: Any) -> str | None:
    if isinstance(value, dict) and len(value) == 1:
        key = next(iter(value))
        return key if isinstance(key, str) else None
    return None


def _bare_verb(value: Any) -> Any:
    """``- end_phase`` is ``- end_phase: {}``; ``- draw:`` (YAML's null) is ``- draw: {}``."""
    if isinstance(value, str):
        return {value: {}}
    if isinstance(value, dict) and len(value) == 1:
        key, args = next(iter(value.items()))
        return {key: {}} if args is None else value
    return value


def _wrap(action: Action) -> dict[str, Any]:
    """An action written as a timeline states it: ``{verb: {its fields}}``."""
    return {action.verb: action.model_dump(mode="json", by_alias=True, exclude_defaults=True)}


def _unwrap(wrapped: Any) -> Action:
    found: Action = getattr(wrapped, type(wrapped).verb)
    return found


def actions_of(*models: type[Action]) -> Any:
    """The type of one timeline action: any of ``models``, plus the effects and the shared verbs.

    Each model ``M`` with ``verb = "v"`` is read from ``{v: {...M's fields}}``;
    an unknown verb is reported as ``expected one of …``.
    """
    tagged = []
    every: tuple[type[Action], ...] = (*models, Effect, EndPhase, NextTurn)
    for model in every:
        wrapper = create_model(  # type: ignore[call-overload]  # fields built from the verb's name
            f"{model.__name__}Step", __base__=BoardModel, **{model.verb: (model, ...)}
        )
        wrapper.verb = model.verb
        tagged.append(Annotated[wrapper, Tag(model.verb)])
    union = Union[tuple(tagged)]  # type: ignore[valid-type]  # noqa: UP007  # built at run time
    return Annotated[
        union,
        Discriminator(_verb),
        BeforeValidator(_bare_verb),
        AfterValidator(_unwrap),
        PlainSerializer(_wrap, return_type=dict[str, Any]),
    ]


class Timeline(BoardModel):
    """A ruling request: the state on the table, then what happens, in order."""

    state: GameState
    actions: list[Any] = Field(
        default_factory=list, description="what happens, in order, each a mapping with one verb"
    )
    until: Until = Field(Until.LAST_ACTION, description="how far to replay after the last action")


T = TypeVar("T", bound=Timeline)


def view(
    timeline: type[T],
    name: str,
    summary: str,
    *,
    phase: str | None = None,
    step: str | None = None,
    until: Until | None = None,
) -> type[T]:
    """A question of a game on the replay: ``timeline`` whose state is fixed to start at ``phase``
    (and ``step``; a phase named without one has no step to fill in), replayed to ``until`` when
    given, else as far as the file says.

    A view is a model, not code: the question's board file is validated by it, the web form and
    the API describe it, and the ruling is the timeline's replay.
    """
    title = timeline.__name__.removesuffix("Timeline") + name.title().replace("_", "")
    fields: dict[str, Any] = {}
    if phase is not None:
        fixed_phase: Any = Literal[phase]  # a type built at run time, one per view
        fixed_step: Any = Literal[step] if step else SkipJsonSchema[None]  # type: ignore[misc]  # built at run time
        fields = {
            "phase": (fixed_phase, Field(default=phase, description="the phase this question starts at")),
            "step": (fixed_step, Field(default=step, description="the step this question starts at")),
        }
    base_state: Any = timeline.model_fields["state"].annotation
    state = create_model(
        f"{title}State", __base__=base_state, __doc__=f"The table for the question {name!r}.", **fields
    )
    replayed: dict[str, Any] = {}
    if until is not None:
        fixed_until: Any = Literal[until]
        replayed["until"] = (
            fixed_until,
            Field(default=until, description=f"replayed to the {until.value.replace('_', ' ')}"),
        )
    model: type[T] = create_model(
        f"{title}View", __base__=timeline, __doc__=summary, state=(state, ...), **replayed
    )
    return model
