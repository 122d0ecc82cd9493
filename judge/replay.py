"""Rulings are replays: a state, then one action at a time through the game's rules.

Modelled on python-chess (``Board.push(move)``, then ask the position) and
on jervis-ffb's rules engine (static rules, stateless procedures for the
flow of a turn, one game state changed only through commands).

**Porting a game onto the replay** — a game supplies, in ``judge/games/<game>/``:

1. *A state model*: a :class:`~judge.state.GameState` subclass with
   ``players`` (a :class:`~judge.state.Sides` of its
   :class:`~judge.state.PlayerState`, whose :class:`~judge.state.Zone`
   fields are its zones) and its :class:`~judge.state.Card` subclass with
   the stats its cards print.  Leave every fact optional: ``None`` is
   "not known", never a default that changes a ruling.
2. *Actions*: :class:`~judge.action.Action` subclasses in the book's own
   vocabulary (``draw``, ``deploy``, ``attack``, ``block``, ``set_scene`` …),
   collected by :func:`judge.timeline.actions_of` into a
   :class:`~judge.timeline.Timeline` subclass.  Stated effects come free:
   :class:`~judge.effects.Effect` with its shared primitives.
3. *Its turn structure as procedures*: a tuple of :class:`Procedure`, one
   per phase or step in the book's order, each citing its clause, saying
   which actions it accepts and what the rules do automatically as it starts
   and ends (the draw, the battle, "until end of turn" effects ending).
4. *Its rules*: a :class:`Rules` subclass — :meth:`Rules.act` applies an
   action (first refusing it with :meth:`Replay.refuse` and the clause that
   forbids it), :meth:`Rules.apply_effect` reads each primitive by the book,
   :meth:`Rules.process` is the rule processing run after every action and
   every automatic part of the turn (state checks, loss and win checks),
   :meth:`Rules.next_turn` sets up the next turn, :meth:`Rules.conclude`
   builds the game's :class:`~judge.outcome.GameOutcome` subclass (its
   :class:`~judge.outcome.Reason` members each name their clause).  So that
   the loop's own sentences read as the book does, it may name events
   (:meth:`Rules.event_name`, and :meth:`Rules.event_cites`, the clause that
   names each), stated effects (:meth:`Rules.label`) and ``if`` conditions
   (:meth:`Rules.condition_text`); by default they are written as a board
   file writes them.
5. *Registered clauses*: a :class:`~judge.citations.Citations` of every
   clause it cites with the phrase it relies on (checked against the book).

**What the loop does** (:func:`replay`): a card an action names in another
spelling than the board's is written as the board spells it
(:mod:`judge.spelling`).  The state is a snapshot at the
*start* of its phase or step; triggered effects listed before anything else
are put in force, then the replay runs that procedure's start, and for each
action advances through the turn to the first procedure that accepts it
(never into the next turn: that takes ``next_turn``; an action
:meth:`Rules.anytime` takes happens where it is listed), refusing it with
:meth:`Rules.when` when nothing left of the turn does; applies it; resolves
triggered effects; runs the rule processing.  Then it plays on as ``until``
asks.  A refused action ends the replay there: the outcome is ``refused``,
its clause a decisive step, its state the table the action found.  The game
ends where :meth:`Replay.end_game` is called; later actions are not replayed.

**Choices and unknown facts.** Rules code asks :meth:`Replay.choose` for a
player's choice and :meth:`Replay.fact` for a fact the state may lack.  A
choice the timeline states, or a fact it gives, is used.  Otherwise, when
the possibilities are few, the replay is run again in full once per
possibility (each a :class:`~judge.ruling.Choice` of the ruling, ``kind``
``choice`` or ``fact``; all of them or, past :data:`MAX_BRANCHES`, none); when
they are not (an unknown BP), the ruling stops there and says what it
depends on.  A fact no rule asks for is never needed.  Give each fact a key
that names it for the whole replay (``f"{card}.level"``, ``f"judgment:{turn}"``):
the same key is answered the same way every time it is asked.

**Why not.** Rules code records each rule it checked that did not apply
with :meth:`Replay.not_applied` and the clause that says so; the ruling lists
them under ``not_applied``.  A triggered effect still waiting when the timeline ends is handed
to :meth:`Rules.never_fired`, for the game to say why it never happened.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Generic, NoReturn, TypeVar

from judge.action import Action, EndPhase, NextTurn
from judge.board import BoardError, BoardProblem
from judge.citations import Citations
from judge.effects import Condition, Effect
from judge.outcome import GameOutcome, Reason, Refusal, Result
from judge.players import Player, by_turn_order
from judge.ruling import Ruling, Step, Trace
from judge.spelling import Spellings, respelled
from judge.state import Card, Duration, GameState
from judge.timeline import Timeline, Until

S = TypeVar("S", bound=GameState)
OutcomeT = TypeVar("OutcomeT", bound=GameOutcome[Any, Any])

#: At most this many full replays per ruling: more open choices and facts than that are
#: reported as what the ruling depends on, unexplored.
MAX_BRANCHES = 16


@dataclass(frozen=True, slots=True)
class Point:
    """Where in the turn: a phase, and a step where the phase has steps."""

    phase: str
    step: str | None = None

    def __str__(self) -> str:
        return self.phase if self.step is None else f"{self.phase}/{self.step}"


def _nothing(_replay: Replay[Any]) -> None:
    return None


def accepts(*verbs: str) -> Callable[[Any, Action], bool]:
    """A procedure's test that takes these verbs from anybody."""
    allowed = frozenset(verbs)
    return lambda _state, action: action.verb in allowed


@dataclass(frozen=True)
class Procedure(Generic[S]):
    """One phase or step of the turn as the book describes it (stateless: it acts on a Replay)."""

    point: Point
    clause: str  # the clause that describes this phase or step
    accepts: Callable[[S, Action], bool] = lambda _state, _action: False
    start: Callable[[Replay[S]], None] = _nothing
    end: Callable[[Replay[S]], None] = _nothing


#: A sentence the loop writes, in the rulebook's language (``{…}`` filled in), and the clauses it cites.
Sentence = tuple[str, tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class Phrases:
    """The sentences the loop itself writes; a game gives them in its book's words, with its clauses."""

    not_now: Sentence = ("{verb} is not possible in what is left of this turn ({point}). ", ())
    game_over: Sentence = ("The game is over; the actions from {index} on were not replayed.", ())
    depends: Sentence = ("The ruling depends on {what}: each possibility is replayed in full.", ())
    unknown: Sentence = ("The ruling depends on {what}, which the board does not give.", ())
    too_many: Sentence = ("More than {most} possibilities: the ruling depends on {what}.", ())
    same_either_way: Sentence = ("Whatever {what}, the result and the table are the same.", ())
    same_result: Sentence = (
        "Whatever {what}, the result is the same; the table it leaves differs (see each branch).",
        (),
    )
    declined: Sentence = ("{effect} is optional, and is not applied.", ())
    optional: Sentence = ("whether {effect} is applied", ())
    condition_fails: Sentence = (
        "The condition of {effect} ({condition}) does not hold: it does not apply.",
        (),
    )
    waits: Sentence = ("{effect} waits for {event}.", ())
    not_done: Sentence = ("The effect before {effect} was not done in full: {effect} does not apply.", ())
    #: said when an ``if_done`` effect applies, the one before it done in full; a book without a
    #: clause for it leaves it out
    done_in_full: Sentence | None = None
    done: Sentence = ("whether the effect before {effect} was done in full", ())
    fires: Sentence = ("{event}: {effect} is triggered.", ())

    @classmethod
    def chinese(cls, script: str, **own: Sentence) -> Phrases:
        """A Chinese book's phrases: the loop's own sentences (on open facts, which cite nothing) in
        ``script`` (``zh-Hant`` or ``zh-Hans``), and ``own``, the sentences that cite its clauses."""
        return cls(**(_OPEN_FACTS_IN_CHINESE[script] | own))


#: The loop's sentences about open facts, in each Chinese script (they cite no clause).
_OPEN_FACTS_IN_CHINESE: dict[str, dict[str, Sentence]] = {
    "zh-Hant": {
        "depends": ("裁定取決於{what}：以下分別完整重演每一種可能。", ()),
        "unknown": ("裁定取決於{what}，而盤面未提供此資訊。", ()),
        "too_many": ("可能情況超過 {most} 種：裁定取決於{what}。", ()),
        "same_either_way": ("無論{what}，結果與場面都相同。", ()),
        "same_result": ("無論{what}，結果都相同；留下的場面則各不相同（見各分支）。", ()),
    },
    "zh-Hans": {
        "depends": ("裁定取决于{what}：以下分别完整重演每一种可能。", ()),
        "unknown": ("裁定取决于{what}，而盘面未提供此信息。", ()),
        "too_many": ("可能情况超过 {most} 种：裁定取决于{what}。", ()),
        "same_either_way": ("无论{what}，结果与场面都相同。", ()),
        "same_result": ("无论{what}，结果都相同；留下的场面则各不相同（见各分支）。", ()),
    },
}


@dataclass(frozen=True, slots=True)
class Ending:
    """How the game ended during a replay (from :meth:`Replay.end_game`)."""

    result: Result
    reason: Reason
    winner: Player | None


class GameOver(Exception):
    def __init__(self, ending: Ending):
        self.ending = ending


class Refused(Exception):
    def __init__(self, refusal: Refusal):
        self.refusal = refusal


@dataclass(frozen=True, slots=True)
class Open:
    """A choice or fact the replay needs and the timeline does not give."""

    key: str
    kind: str  # "choice" or "fact"
    player: Player | None
    options: tuple[Any, ...] | None  # None: too many to replay each (an unknown number)
    text: str  # what it is, in the rulebook's language
    cites: tuple[str, ...]


class Opened(Exception):
    def __init__(self, point: Open):
        self.point = point


class Rules(ABC, Generic[S, OutcomeT]):
    """A game's static rules: no state of their own, every change made on a :class:`Replay`."""

    game: ClassVar[str]
    citations: ClassVar[Citations]
    timeline: ClassVar[type[Timeline]]
    outcome: ClassVar[type[GameOutcome[Any, Any]]]
    turn: ClassVar[tuple[Procedure[Any], ...]]
    phrases: ClassVar[Phrases] = Phrases()
    #: the events triggered effects may wait for (``when: {event: …}``)
    events: ClassVar[frozenset[str]] = frozenset()
    #: the stats a ``modify`` effect may change
    stats: ClassVar[frozenset[str]] = frozenset()
    #: whether the game's :meth:`apply_effect` reads ``cost`` (elsewhere a stated cost is refused)
    costs: ClassVar[bool] = False
    #: whether the clause naming a trigger's event decides the ruling when its effect is carried out
    #: (the effect happened because of it); a game whose rulings name only the rules of play leaves it off
    triggers_decide: ClassVar[bool] = False
    #: when each action may be taken, by verb: the sentence and clauses a refusal out of its time cites
    times: ClassVar[dict[str, Sentence]] = {}
    #: the procedure each new turn begins at: those before it happen once, before the first turn
    #: (the game's setup), and a timeline may start there
    turn_begins: ClassVar[int] = 0

    @abstractmethod
    def act(self, replay: Replay[S], action: Action) -> None:
        """Apply one action of the game's own (refusing it, with its clause, if the rules forbid it)."""

    @abstractmethod
    def apply_effect(self, replay: Replay[S], effect: Effect) -> None:
        """Carry out one stated effect whose condition holds, as the book reads its primitive."""

    def passed_over(self, replay: Replay[S], effect: Effect, declined: bool, failed: bool = False) -> None:
        """A stated effect not carried out: ``declined`` by its controller, its condition ``failed``, or
        the part before it not done in full; a game weighs what it would have changed (default: nothing)."""

    def goes_on(self, replay: Replay[S], effect: Effect, before: Action) -> None:
        """``effect`` follows ``before``, an effect of the same card not done in full, and does not
        need it done (no ``if_done``): a book with a clause for that says so (ucg's 「(A)。此外，(B)。」);
        default: nothing."""

    def process(self, replay: Replay[S]) -> None:
        """Rule processing after each action and each automatic part of the turn (default: none)."""

    def play_on(self, replay: Replay[S]) -> None:
        """What the rules play on by themselves after the last action of a timeline that sets no
        ``until`` (default: nothing; uhb ends a battle whose supports are stated)."""

    def never_fired(self, replay: Replay[S], effect: Effect) -> None:
        """A triggered effect still waiting when the timeline ends: its event never came (default:
        nothing said; a game may say why not)."""

    def anytime(self, state: S, action: Action) -> bool:
        """Whether ``action`` happens where the timeline puts it, like an effect (default: no)."""
        return False

    @abstractmethod
    def next_turn(self, replay: Replay[S]) -> None:
        """Set up the next turn: its number and who plays it (the procedures do the rest)."""

    def when(self, verb: str) -> tuple[str, tuple[str, ...]]:
        """When an action may be taken: the sentence and clauses a refusal out of its time cites
        (default: the game's :attr:`times`)."""
        return self.times.get(verb, ("", ()))

    @abstractmethod
    def conclude(self, replay: Replay[S], ending: Ending | None) -> OutcomeT:
        """The outcome once the replay is over (``ending`` is None when the game goes on)."""

    def held_back(self, replay: Replay[S], effect: Effect) -> bool:
        """Whether the triggered ``effect`` cannot fire now though its event happened — its card has
        lost its effects, say —, so it goes on waiting (default: never); a game says why in a step."""
        return False

    def order(self, replay: Replay[S], waiting: list[Effect]) -> list[Effect]:
        """The order triggered effects waiting together resolve in (default: the turn player's first)."""
        first = replay.state.turn_player or Player.A
        return by_turn_order(waiting, first, owner=lambda effect: effect.by or first)

    def check(self, timeline: Timeline) -> list[BoardProblem]:
        """Problems with a timeline the models cannot see: unknown names, events, stats."""
        names = [card.name for card in timeline.state.all_cards()]
        problems = [
            BoardProblem("state", f"two cards named {name!r}: each card on the board needs its own name")
            for name in sorted({n for n in names if names.count(n) > 1})
        ]
        known = set(names)
        later = {name for action in timeline.actions for name in action.introduces()}
        spelled = Spellings(known | later)
        for index, action in enumerate(timeline.actions):
            where = f"actions[{index}].{action.verb}"
            waits = isinstance(action, Effect) and action.when is not None  # may wait for a card to come
            problems += [
                BoardProblem(
                    where, f"no card named {name!r} on the board or brought in before{spelled.hint(name)}"
                )
                for name in dict.fromkeys(action.names())
                if name not in known and not (waits and name in later)
            ]
            known |= set(action.introduces())
            if isinstance(action, Effect):
                problems += self.check_effect(where, action, timeline.state)
                if action.if_done and not (index and isinstance(timeline.actions[index - 1], Effect)):
                    problems.append(
                        BoardProblem(f"{where}.if_done", "expected an effect listed just before it")
                    )
        return problems

    def check_effect(self, where: str, effect: Effect, state: GameState) -> list[BoardProblem]:
        """Every check of one stated effect: its event, stats and zones, then the game's own
        (:meth:`effect_problems`).  A game whose actions carry effects of their own calls it for each."""
        problems = []
        if effect.cost and not self.costs:
            problems.append(
                BoardProblem(f"{where}.cost", "this game's rules read no costs: state it as an effect")
            )
        if effect.when is not None and effect.when.event not in self.events:
            problems.append(
                BoardProblem(f"{where}.when.event", f"expected one of {', '.join(sorted(self.events))}")
            )
        stats = [effect.modify.stat] if effect.modify else []
        stats += [effect.if_.stat] if effect.if_ and effect.if_.stat else []
        problems += [
            BoardProblem(f"{where}", f"no stat {stat!r}: expected one of {', '.join(sorted(self.stats))}")
            for stat in stats
            if stat not in self.stats
        ]
        return problems + _unknown_zones(where, effect, state) + self.effect_problems(where, effect)

    def effect_problems(self, where: str, effect: Effect) -> list[BoardProblem]:
        """Problems with a stated effect the game's book has no reading for (default: none)."""
        return []

    def holds(self, replay: Replay[S], condition: Condition, value: int) -> bool:
        """Whether an ``if`` condition holds for ``value`` (default: as :class:`Condition` reads its
        words; a game whose book reads them otherwise overrides this, and may say so in a step)."""
        return condition.holds(value)

    def event_name(self, event: str) -> str:
        """An event as the steps name it, in the book's words (default: its key, ``enters``)."""
        return event

    def event_cites(self, event: str) -> tuple[str, ...]:
        """The clause that names an event, cited where an effect waits for it or it fires (default: none)."""
        return ()

    def condition_text(self, condition: Condition) -> str:
        """An ``if`` condition as the steps name it, in the book's words (default: ``A.energy at_least 4``)."""
        return condition.describe()

    def label(self, effect: Effect) -> str:
        """A stated effect as the steps name it, in the book's words (default: as a board file writes
        it, ``draw {player: A}``)."""
        return _label(effect)

    def value(self, replay: Replay[S], card: Card, stat: str) -> int:
        """A card's stat as the rules count it now (for ``if`` conditions); the game's own reading."""
        printed = getattr(card, stat, None)
        known = replay.fact(f"{card.name}.{stat}", printed, None, f"{card.name} {stat}")
        return int(known) + card.modification(stat)


@dataclass
class Leaf:
    """One full replay: its steps, its outcome, and the assumptions it was run under."""

    assumed: dict[str, Any]
    labels: list[tuple[Open, Any]]
    trace: Trace
    outcome: GameOutcome[Any, Any]
    opened: Open | None = None  # where it stopped, with no way to branch


class Replay(Generic[S]):
    """One run of a timeline: the state it changes and the steps it writes.

    Rules and procedures change :attr:`state` and write steps through this
    object only, so a run can be repeated exactly (for each branch of a
    choice or a fact).
    """

    def __init__(self, rules: Rules[S, Any], timeline: Timeline, assumed: dict[str, Any]):
        self.rules = rules
        self.timeline = timeline
        self.state: S = timeline.state.model_copy(deep=True)  # type: ignore[assignment]  # the rules' model
        self.log = Trace(rules.citations)
        self.assumed = assumed
        self.labels: list[tuple[Open, Any]] = []
        self.index = -1  # the action being replayed (-1: before the first)
        self.waiting: list[Effect] = []  # triggered effects waiting for their event
        self.fired: list[Effect] = []  # triggered and not yet resolved
        self.pending: list[Effect] = []  # fired, put in order, and not yet carried out
        self.notes: dict[str, Any] = {}  # what the rules keep for the outcome during this run
        #: whether the effect carried out last was done in full (None: not known), for ``if_done``;
        #: a game's apply_effect sets False (or None) where it does only part of one
        self.done: bool | None = None
        self.position = self._position_of(Point(self.state.phase, self.state.step))

    # -- where in the turn ---------------------------------------------------------------------

    def _position_of(self, point: Point) -> int:
        for index, procedure in enumerate(self.rules.turn):
            if procedure.point == point:
                return index
        raise BoardError(
            [
                BoardProblem(
                    "state.phase", f"expected one of {', '.join(str(p.point) for p in self.rules.turn)}"
                )
            ]
        )

    @property
    def procedure(self) -> Procedure[S]:
        found: Procedure[S] = self.rules.turn[self.position]
        return found

    def _enter(self) -> None:
        point = self.procedure.point
        self.state.phase, self.state.step = point.phase, point.step
        self.procedure.start(self)
        self._settle()

    def _leave(self) -> None:
        """End the current procedure and move to the next (into the next turn after the last)."""
        self.procedure.end(self)
        self._settle()
        self.position += 1
        if self.position == len(self.rules.turn):
            self.position = self.rules.turn_begins
            self.rules.next_turn(self)
        point = self.procedure.point
        self.state.phase, self.state.step = point.phase, point.step

    def advance(self) -> None:
        """Go on to the next procedure of the turn, as the rules run it."""
        self._leave()
        self._enter()

    def _reach(self, action: Action) -> None:
        """Advance to the first procedure left in this turn that accepts ``action``, or refuse it."""
        if self.rules.anytime(self.state, action):
            return
        if not self._accepted_later(action):
            text, cites = self.rules.when(action.verb)
            point = str(self.procedure.point)
            lead, leading = self.rules.phrases.not_now
            self.refuse(lead.format(verb=action.verb, point=point) + text, *leading, *cites)
        self._advance_to(action)

    def _end_phase(self, action: EndPhase) -> None:
        """End the current phase; in a game whose player declares the end of one phase only (a
        procedure that accepts ``end_phase``: gcg's 主要階段結束), play on to that phase first."""
        if self._accepted_later(action):
            self._advance_to(action)
        self.advance()

    def _accepted_later(self, action: Action) -> bool:
        """Some procedure from here to the end of the turn accepts ``action``."""
        return any(p.accepts(self.state, action) for p in self.rules.turn[self.position :])

    def _advance_to(self, action: Action) -> None:
        """Play on to the procedure that accepts ``action`` (one left in this turn does)."""
        while not self.procedure.accepts(self.state, action):
            self.advance()

    def play_while(self, going: Callable[[], bool]) -> None:
        """Play the turn on, one procedure at a time, while ``going()`` holds (for
        :meth:`Rules.play_on`): the next procedure is entered only while it still does."""
        while going():
            self._leave()
            if going():
                self._enter()

    def _finish(self, until: Until) -> None:
        if until is Until.LAST_ACTION and "until" not in self.timeline.model_fields_set:
            self.rules.play_on(self)
        elif until is Until.END_OF_PHASE:
            phase, turn = self.state.phase, self.state.turn
            self.play_while(lambda: self.state.phase == phase and self.state.turn == turn)
        elif until is Until.END_OF_TURN:
            self._leave()
            while self.position != self.rules.turn_begins:
                self._enter()
                self._leave()

    # -- what the rules ask -------------------------------------------------------------------

    def fact(self, key: str, known: Any, options: Sequence[Any] | None, text: str, *cites: str) -> Any:
        """A fact the rules need: ``known`` if the board gives it, else each of ``options`` in turn.

        ``options`` None means the possibilities cannot be listed (an unknown
        number): the ruling then stops here and says it depends on ``text``.
        """
        if known is not None:
            return known
        return self._open(Open(key, "fact", None, _options(options), text, self.log.citations(*cites)))

    def choose(
        self, player: Player | None, key: str, given: Any, options: Sequence[Any], text: str, *cites: str
    ) -> Any:
        """A player's choice: ``given`` if the timeline states it, else each option in turn."""
        if given is not None:
            return given
        where = "end" if self.index == len(self.timeline.actions) else str(self.index)
        return self._open(
            Open(f"{where}:{key}", "choice", player, tuple(options), text, self.log.citations(*cites))
        )

    def _open(self, point: Open) -> Any:
        if point.key in self.assumed:
            value = self.assumed[point.key]
            self.labels.append((point, value))
            return value
        raise Opened(point)

    def refuse(self, text: str, *cites: str) -> NoReturn:
        """The current action is illegal: the ruling stops before it, citing what forbids it."""
        action = self.timeline.actions[self.index]
        raise Refused(
            Refusal(action=self.index, verb=action.verb, text=text, cites=self.log.citations(*cites))
        )

    def end_game(
        self, result: Result, reason: Reason, winner: Player | None, text: str, *cites: str
    ) -> NoReturn:
        """The game is over: a decisive step, and no more actions are replayed."""
        self.log.step(text, *cites, decisive=True, winner=winner)
        raise GameOver(Ending(result, reason, winner))

    def say(self, sentence: Sentence, *more: str, **filled: Any) -> Step:
        """One of the loop's own sentences, in the game's words (``more``: clauses it cites besides)."""
        text, cites = sentence
        return self.log.step(text.format(**filled), *cites, *more)

    def step(self, text: str, *cites: str, decisive: bool = False, **values: Any) -> Step:
        return self.log.step(text, *cites, decisive=decisive, **values)

    def not_applied(self, text: str, *cites: str, **values: Any) -> Step:
        return self.log.not_applied(text, *cites, **values)

    def card(self, name: str) -> Card:
        """The card of that name now (names are checked before the replay starts)."""
        found = next((card for card in self.state.all_cards() if card.name == name), None)
        if found is None:  # it has left every zone the state names
            raise BoardError([BoardProblem(f"actions[{self.index}]", f"{name!r} is no longer on the board")])
        return found

    # -- effects ------------------------------------------------------------------------------------

    def effect(self, effect: Effect) -> None:
        """A stated effect: it waits for its trigger, or happens now if its condition holds."""
        if effect.when is not None:
            self.waiting.append(effect)
            self.say(
                self.rules.phrases.waits,
                *self.rules.event_cites(effect.when.event),
                effect=self.rules.label(effect),
                event=self.rules.event_name(effect.when.event),
            )
            return
        self._carry_out(effect)

    def _carry_out(self, effect: Effect) -> None:
        phrases = self.rules.phrases
        if effect.if_done and not self._previous_done(effect):
            self.say(self.rules.phrases.not_done, effect=self.rules.label(effect))
            self.done = False
            self.rules.passed_over(self, effect, declined=False)
            return
        if effect.if_done and phrases.done_in_full is not None:
            self.say(phrases.done_in_full, effect=self.rules.label(effect))
        if not effect.if_done and self.done is False and self._follows_own_card(effect):
            self.rules.goes_on(self, effect, self.timeline.actions[self.index - 1])
        self.done = False  # until it is carried out: declined, or its condition failing
        if effect.optional:
            key = f"apply:{_label(effect)}"
            text, cites = self.rules.phrases.optional
            applied = self.choose(
                effect.by,
                key,
                effect.apply,
                (True, False),
                text.format(effect=self.rules.label(effect)),
                *cites,
            )
            if not applied:
                self.say(self.rules.phrases.declined, effect=self.rules.label(effect))
                self.rules.passed_over(self, effect, declined=True)
                return
        if effect.if_ is not None and not self.condition_holds(effect):
            self.say(
                self.rules.phrases.condition_fails,
                effect=self.rules.label(effect),
                condition=self.rules.condition_text(effect.if_),
            )
            self.rules.passed_over(self, effect, declined=False, failed=True)
            return
        self.done = True
        if effect.when is not None and self.rules.triggers_decide:
            self.log.mark_decisive(*self.rules.event_cites(effect.when.event))
        self.rules.apply_effect(self, effect)

    def _follows_own_card(self, effect: Effect) -> bool:
        """Whether the action just before ``effect`` is an effect of the same card (one text's parts)."""
        before = self.timeline.actions[self.index - 1] if self.index else None
        return effect.source is not None and isinstance(before, Effect) and before.source == effect.source

    def _previous_done(self, effect: Effect) -> bool:
        text, cites = self.rules.phrases.done
        done: bool = self.fact(
            f"done:{self.index}:{_label(effect)}",
            self.done,
            (True, False),
            text.format(effect=self.rules.label(effect)),
            *cites,
        )
        return done

    def condition_holds(self, effect: Effect) -> bool:
        """Whether ``effect``'s ``if`` holds now (a game may check it as the effect triggers too)."""
        condition = effect.if_
        assert condition is not None  # checked by the caller
        if condition.zone is not None and condition.player is not None:
            total = self.state.player(condition.player).zone(condition.zone).total
            holds: bool = self.fact(
                f"if:{condition.describe()}",
                None if total is None else self.rules.holds(self, condition, total),
                (True, False),
                self.rules.condition_text(condition),
                *self.rules.phrases.condition_fails[1],  # the clause that says when an effect applies
            )
            return holds
        assert condition.card is not None and condition.stat is not None  # the model's own check
        value = self.rules.value(self, self.card(condition.card), condition.stat)
        return self.rules.holds(self, condition, value)

    def event(self, name: str, card: str | None = None, player: Player | None = None) -> None:
        """Something happened that triggered effects may wait for: they fire (and resolve later)."""
        for effect in list(self.waiting):
            trigger = effect.when
            assert trigger is not None  # only triggered effects wait
            if trigger.event == name and trigger.card in (None, card) and trigger.player in (None, player):
                if self.rules.held_back(self, effect):
                    continue
                self.waiting.remove(effect)
                self.fired.append(effect)
                self.say(
                    self.rules.phrases.fires,
                    *self.rules.event_cites(name),
                    event=self.rules.event_name(name),
                    effect=self.rules.label(effect),
                )

    def unfired(
        self, name: str, text: str, *cites: str, card: str | None = None, player: Player | None = None
    ) -> bool:
        """This moment does not raise ``name`` for ``card`` (or ``player``): if an effect waits for that
        event here, the why-not says so with the clause; whether one waited."""
        waiting = [
            effect
            for effect in self.waiting
            if effect.when is not None
            and effect.when.event == name
            and effect.when.card in (None, card)
            and effect.when.player in (None, player)
        ]
        if waiting:
            self.not_applied(
                text, *cites, event=name, effects=[self.rules.label(effect) for effect in waiting]
            )
        return bool(waiting)

    def resolve_fired(self) -> None:
        """Carry out the fired effects in the order the rules give, and any they fire in turn."""
        while self.fired:
            batch, self.fired = self.fired, []
            ordered = self.rules.order(self, batch)
            self.pending[:0] = ordered
            for effect in ordered:
                self.pending.remove(effect)
                self._carry_out(effect)

    def expire(self, duration: Duration, text: Callable[[Card, str], str], *cites: str) -> int:
        """End every modifier and keyword grant lasting ``duration``, a step for each; how many ended."""
        ended = 0
        for card in self.state.all_cards():
            for modifier in [m for m in card.modifiers if m.until is duration]:
                card.modifiers.remove(modifier)
                self.log.step(text(card, f"{modifier.stat}{modifier.by:+d}"), *cites, card=card.name)
                ended += 1
            for grant in [g for g in card.grants if g.until is duration]:
                card.grants.remove(grant)
                sign = "-" if grant.removed else "+"
                self.log.step(text(card, f"{sign}{grant.keyword}"), *cites, card=card.name)
                ended += 1
        return ended

    def _settle(self) -> None:
        self.resolve_fired()
        self.rules.process(self)

    # -- the run ------------------------------------------------------------------------------------

    def run(self, stop: int | None = None) -> tuple[Ending | None, Refusal | None]:
        """Replay the timeline.  Triggered effects listed before anything else happens are in
        force from the snapshot on, so they see what its own phase does as it starts (the
        cards' abilities, stated as effects); a later one waits from where it is listed.

        With ``stop``, the replay ends as the action of that index comes up, nothing of it
        done and nothing played on: the table a refused action found (see :func:`_run`)."""
        actions = self.timeline.actions
        leading = 0
        while leading < len(actions) and isinstance(actions[leading], Effect) and actions[leading].when:
            leading += 1
        try:
            for index in range(leading):
                if index == stop:
                    return None, None
                self.index = index
                self.effect(actions[index])
            self._enter()
            for index, action in enumerate(actions[leading:], start=leading):
                if index == stop:
                    return None, None
                self.index = index
                if isinstance(action, EndPhase):
                    self._end_phase(action)
                elif isinstance(action, NextTurn):
                    self._finish(Until.END_OF_TURN)
                    self._enter()
                elif isinstance(action, Effect):
                    self.effect(action)
                    self._settle()
                else:
                    self._reach(action)
                    self.rules.act(self, action)
                    self._settle()
            self.index = len(self.timeline.actions)
            self._finish(self.timeline.until)
            for effect in self.waiting:
                self.rules.never_fired(self, effect)
        except GameOver as over:
            rest = self.index + 1
            if rest < len(self.timeline.actions):
                self.say(self.rules.phrases.game_over, index=rest)
            return over.ending, None
        except Refused as refused:
            return None, refused.refusal
        return None, None


def _options(options: Sequence[Any] | None) -> tuple[Any, ...] | None:
    return None if options is None else tuple(options)


def _label(effect: Effect) -> str:
    primitive = effect.primitive
    return f"{effect.kind} {_flow(primitive.model_dump(mode='json', by_alias=True, exclude_defaults=True))}"


def _flow(value: Any) -> str:
    """A value as a board file writes it in YAML's flow style (``{from: {player: A}}``), not as Python."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    return str(value)


def _run(rules: Rules[Any, Any], timeline: Timeline, assumed: dict[str, Any]) -> Leaf:
    replay: Replay[Any] = Replay(rules, timeline, assumed)
    try:
        ending, refusal = replay.run()
    except Opened as opened:
        outcome = rules.outcome(
            result=Result.DEPENDS, reason=None, state=replay.state, depends_on=[opened.point.text]
        )
        leaf = Leaf(dict(assumed), replay.labels, replay.log, outcome, opened.point)
        return leaf
    if refusal is not None:
        replay.log.decisive = []  # what decides a refusal is the clause that forbids the action
        replay.log.step(refusal.text, *refusal.cites, decisive=True, action=refusal.action)
        outcome = rules.outcome(
            result=Result.REFUSED,
            reason=None,
            state=_table_before(rules, timeline, assumed, refusal),
            refused=refusal,
        )
    else:
        outcome = rules.conclude(replay, ending)
    return Leaf(dict(assumed), replay.labels, replay.log, outcome)


def _table_before(
    rules: Rules[Any, Any], timeline: Timeline, assumed: dict[str, Any], refusal: Refusal
) -> Any:
    """The state as the refused action found it.  The rules may have begun the action before
    the check that refuses it (a card taken from the hand, a cost paid); rather than ask every
    game to undo, or copy the state before every action, the replay is run again, with the same
    answers, up to that action: a refused action leaves the table as it was."""
    before: Replay[Any] = Replay(rules, timeline, assumed)
    before.run(stop=refusal.action)
    return before.state


def explore(rules: Rules[Any, Any], timeline: Timeline) -> list[Leaf]:
    """Every full replay the timeline's open choices and missing facts call for, in order.

    All or nothing: when the possibilities come to more than :data:`MAX_BRANCHES`
    replays, none is kept but the first, stopped where the first open point was
    met (which possibilities would be kept must not depend on the order options
    are listed in: the players' names, say).
    """
    leaves: list[Leaf] = []
    todo: list[dict[str, Any]] = [{}]
    first: Leaf | None = None
    while todo:
        assumed = todo.pop(0)
        leaf = _run(rules, timeline, assumed)
        first = first or leaf
        point = leaf.opened
        if point is not None and point.options:
            if len(leaves) + len(todo) + len(point.options) > MAX_BRANCHES:
                assert first.opened is not None  # the first run met an open point, or none is met
                first.opened = replace(first.opened, options=())
                return [first]
            todo[0:0] = [{**assumed, point.key: option} for option in point.options]
            continue
        leaves.append(leaf)
    return leaves


def replay(rules: Rules[Any, Any], timeline: Timeline, version: str, question: str = "timeline") -> Ruling:
    """The ruling on ``timeline``: one replay, or one per possibility where the timeline leaves them open.

    A card named in another spelling than the board's is read as the board's card."""
    timeline = respelled(timeline)
    problems = rules.check(timeline)
    if problems:
        raise BoardError(problems)
    leaves = explore(rules, timeline)
    if len(leaves) == 1:
        return _single(rules, leaves[0], version, question)
    return _branched(rules, leaves, version, question)


def _stopped(rules: Rules[Any, Any], leaf: Leaf) -> None:
    """Write where a leaf stopped for a fact or choice it could not branch on."""
    point = leaf.opened
    if point is None:
        return
    template, cites = rules.phrases.unknown if point.options is None else rules.phrases.too_many
    leaf.trace.unknown(template.format(what=point.text, most=MAX_BRANCHES), *cites, *point.cites)


def _single(rules: Rules[Any, Any], leaf: Leaf, version: str, question: str) -> Ruling:
    _stopped(rules, leaf)
    return leaf.trace.ruling(rules.game, version, question, leaf.outcome)


def _common_prefix(traces: Sequence[Trace]) -> int:
    shortest = min(len(t.steps) for t in traces)
    for index in range(shortest):
        if any(t.steps[index] != traces[0].steps[index] for t in traces):
            return index
    return shortest


def _branched(rules: Rules[Any, Any], leaves: list[Leaf], version: str, question: str) -> Ruling:
    for leaf in leaves:
        _stopped(rules, leaf)
    prefix = _common_prefix([leaf.trace for leaf in leaves])
    trace = Trace(rules.citations)
    trace.steps = list(leaves[0].trace.steps[:prefix])
    points = list(dict.fromkeys(point for leaf in leaves for point, _ in leaf.labels))
    what = "; ".join(dict.fromkeys(point.text for point in points))
    cites = tuple(dict.fromkeys(cite for point in points for cite in point.cites))
    kinds = {point.kind for point in points}
    keys = [leaf.outcome.key() for leaf in leaves]
    agreed = all(key == keys[0] for key in keys)
    if agreed:
        first = leaves[0].outcome
        same_table = all(leaf.outcome.state == first.state for leaf in leaves)
        text, leading = rules.phrases.same_either_way if same_table else rules.phrases.same_result
        trace.choice(text.format(what=what), *leading, *cites)
        outcome = first if same_table else first.model_copy(update={"state": None})
    else:
        step = trace.choice if kinds == {"choice"} else trace.unknown
        text, leading = rules.phrases.depends
        step(text.format(what=what), *leading, *cites)
        outcome = rules.outcome(result=Result.DEPENDS, reason=None, depends_on=[p.text for p in points])
    for leaf in leaves:
        decided = dict(leaf.labels)
        option = {point.text: value for point, value in decided.items()}
        player = next((p.player for p in decided if p.player is not None), None)
        kind = "choice" if all(p.kind == "choice" for p in decided) else "fact"
        branch = Trace(rules.citations)
        branch.steps = list(leaf.trace.steps[prefix:])
        branch.why_not = list(leaf.trace.why_not)
        trace.add_choice(player, option, leaf.outcome, branch, kind=kind)
        for cite in leaf.trace.decisive:
            trace.mark_decisive(cite)
    shared = [s for s in leaves[0].trace.why_not if all(s in leaf.trace.why_not for leaf in leaves)]
    trace.why_not = shared
    return trace.ruling(rules.game, version, question, outcome)


def _unknown_zones(where: str, effect: Effect, state: GameState) -> list[BoardProblem]:
    """A zone an effect counts or moves cards between that the game's players do not have."""
    if getattr(state, "players", None) is None:
        return []
    zones = state.player(Player.A).zones()
    named = {"if.zone": effect.if_.zone if effect.if_ else None}
    if effect.move is not None:
        named |= {"move.from.zone": effect.move.from_.zone, "move.to.zone": effect.move.to.zone}
    return [
        BoardProblem(f"{where}.{field}", f"no zone {zone!r}: expected one of {', '.join(zones)}")
        for field, zone in named.items()
        if zone is not None and zone not in zones
    ]
