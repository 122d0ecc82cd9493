"""The gcg rules on the replay: the timeline a board file states, the turn, and the rules.

The questions of old are views (:func:`judge.timeline.view`): each is a timeline whose state
is a snapshot at the start of one phase or step — ``attack`` and ``deploy``
in the main phase, ``repair`` at the end step, ``rule_processing`` anywhere.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from judge.action import Action
from judge.board import BoardProblem
from judge.effects import Condition, Effect
from judge.games.gcg import battle, effects, play, processing
from judge.games.gcg.actions import (
    ACTIONS,
    BY_EFFECT,
    Attack,
    Block,
    Command,
    Concede,
    Deploy,
    Discard,
    NoBlock,
    Pair,
    Pass,
    PlaceEnergy,
    Rest,
    Support,
)
from judge.games.gcg.outcome import GcgOutcome, GcgReason
from judge.games.gcg.rules import CITE
from judge.games.gcg.state import GcgCard, GcgState
from judge.games.gcg.turn import TURN
from judge.games.gcg.values import stat
from judge.outcome import Result
from judge.replay import Ending, Phrases, Replay, Rules
from judge.state import Card, Status
from judge.timeline import Timeline, actions_of

Run = Replay[GcgState]

GcgAction = actions_of(*ACTIONS)


class GcgTimeline(Timeline):
    """A gcg board file: the table at the start of a phase or step, then what happens."""

    state: GcgState
    actions: list[GcgAction] = Field(default_factory=list, description="what happens, in order")  # type: ignore[valid-type]


PHRASES = Phrases.chinese(
    "zh-Hant",
    not_now=("{verb} 不能在本回合剩下的階段或步驟進行（目前為 {point}）。", ("7-1-1",)),
    game_over=("遊戲已結束；第 {index} 個動作（從 0 起算）起不再重演。", ("1-2-1",)),
    declined=("{effect}是「可以～」的效果，選擇不發動。", ("10-1-3",)),
    optional=("是否發動{effect}", ("10-1-3",)),
    condition_fails=("{effect}的條件（{condition}）不滿足，該效果不會發動。", ("10-2-1",)),
    waits=("{effect}等待其誘發條件（{event}）。", ("10-1-6-2",)),
    fires=("{event}：誘發{effect}。", ("10-1-6-1",)),
    not_done=("前一個效果沒有完全執行（「那樣做時」的條件不滿足）：{effect}不會發動。", ("10-2-1", "1-3-2")),
    done=("{effect}之前的效果是否已完全執行", ("10-2-1",)),
)

#: when each action may be taken, for a refusal out of its time
WHEN: dict[str, tuple[str, tuple[str, ...]]] = {
    "deploy": ("使用手牌在我方的主要階段進行。", ("7-5-1", "7-5-2-1")),
    "pair": ("讓駕駛員搭乘在我方的主要階段進行。", ("7-5-2-1",)),
    "command": ("指令在主要階段（【主要】）或瞬動步驟（【瞬動】）使用。", ("3-4-5",)),
    "support": ("《支援》是【啟動·主要】效果，在我方的主要階段發動。", ("13-1-3-1", "13-2-1-1")),
    "attack": ("機體攻擊在主要階段中進行。", ("7-5-1", "7-5-4-1")),
    "block": ("《阻擋者》在攻擊的阻擋步驟中發動。", ("8-3-1",)),
    "no_block": ("是否阻擋在攻擊的阻擋步驟中決定。", ("8-3-4",)),
    "pass": ("讓過在瞬動步驟中進行。", ("9-1", "9-3-3")),
    "place_energy": ("能源在能源階段放置，每回合 1 張。", ("7-4-1",)),
    "discard": ("手牌超過上限時，在結束階段的手牌步驟丟棄。", ("7-6-5-1",)),
}

#: the events a triggered effect may wait for: each one's name in the book, and the clause that names it
EVENTS: dict[str, tuple[str, str | None]] = {
    "turn_start": ("「回合開始時」", "7-2-4-1"),
    "deployed": ("【配置時】", "13-2-6-1"),
    "attack": ("【攻擊時】", "13-2-7-1"),
    "destroyed": ("【破壞時】", "13-2-8-1"),
    "destroys": ("「當透過戰鬥傷害破壞對方機體時」", None),
    "burst": ("【爆發】", "13-2-5-1"),
    "shield_destroyed": ("「當護盾被破壞時」", "5-10-3"),
    "paired": ("【搭乘時】", "13-2-9-1"),
    "linked": ("【共鳴時】", "13-2-11-1"),
    "turn_end": ("「回合結束時」", "7-6-4-1"),
}


class GcgRules(Rules[GcgState, GcgOutcome]):
    game = "gcg"
    citations = CITE
    timeline = GcgTimeline
    outcome = GcgOutcome
    turn = TURN
    phrases = PHRASES
    times = WHEN
    events = frozenset(EVENTS)
    stats = frozenset({"ap", "hp"})
    triggers_decide = True

    def event_name(self, event: str) -> str:
        return EVENTS[event][0] if event in EVENTS else event

    def event_cites(self, event: str) -> tuple[str, ...]:
        clause = EVENTS[event][1] if event in EVENTS else None
        return () if clause is None else (clause,)

    def label(self, effect: Effect) -> str:
        return effects.label(effect)

    def condition_text(self, condition: Condition) -> str:
        return effects.condition_text(condition)

    def act(self, replay: Run, action: Action) -> None:
        if isinstance(action, Attack):
            battle.declare(replay, action)
        elif isinstance(action, Block):
            battle.block(replay, action)
        elif isinstance(action, NoBlock):
            battle.block(replay, None)
        elif isinstance(action, Pass):
            battle.pass_(replay, action)
        elif isinstance(action, Deploy):
            play.deploy(replay, action)
        elif isinstance(action, Pair):
            play.pair(replay, action)
        elif isinstance(action, Command):
            play.command(replay, action)
        elif isinstance(action, Support):
            play.support(replay, action)
        elif isinstance(action, PlaceEnergy):
            play.place_energy(replay, action)
        elif isinstance(action, Discard):
            play.discard(replay, action)
        elif isinstance(action, Concede):
            play.concede(replay, action)
        elif isinstance(action, BY_EFFECT):
            effects.set_status(
                replay, action.card, Status.RESTED if isinstance(action, Rest) else Status.ACTIVE
            )

    def play_on(self, replay: Run) -> None:
        """A snapshot taken at the hand step plays that step out: whether a hand over 10 discards is the
        rules' own doing (7-6-5-1), and the question such a snapshot asks."""
        state, start = replay.state, replay.timeline.state
        if isinstance(start, GcgState) and (start.phase, start.step) == ("end", "hand"):
            replay.play_while(lambda: (state.phase, state.step) == ("end", "hand"))

    def never_fired(self, replay: Run, effect: Effect) -> None:
        """A stated effect whose event never came in the timeline was not triggered (10-1-6-2)."""
        assert effect.when is not None  # only triggered effects wait
        replay.not_applied(
            f"{self.label(effect)}的誘發條件（{self.event_name(effect.when.event)}）在時間軸中沒有發生："
            "該效果沒有被誘發，也不會發動。",
            "10-1-6-2",
            *self.event_cites(effect.when.event),
        )

    def anytime(self, state: GcgState, action: Action) -> bool:
        """A concession comes at any time (1-2-4); what an effect does (a unit it deploys, a card it
        rests or sets active) comes when the effect says."""
        return isinstance(action, (Concede, *BY_EFFECT)) or (isinstance(action, Deploy) and action.by_effect)

    def apply_effect(self, replay: Run, effect: Effect) -> None:
        if effects.target_gone(replay, effect):
            return
        effects.left_its_area(replay, effect)
        effects.apply(replay, effect)

    def order(self, replay: Run, waiting: list[Effect]) -> list[Effect]:
        return effects.order(replay, waiting)

    def process(self, replay: Run) -> None:
        """The battle's own steps as far as no decision is due, then rule processing (ch. 11)."""
        battle.progress(replay)
        processing.check(replay)

    def value(self, replay: Run, card: Card, stat_name: str) -> int:
        assert isinstance(card, GcgCard)  # the state holds gcg cards only
        known: int = replay.fact(
            f"{card.name}.{stat_name}", stat(card, stat_name), None, f"「{card.name}」的 {stat_name.upper()}"
        )
        return known

    def next_turn(self, replay: Run) -> None:
        state = replay.state
        player = processing.turn_player(replay)
        state.turn = None if state.turn is None else state.turn + 1
        state.turn_player, state.energy_placed = player.other, False
        replay.notes["deployed"], replay.notes["new_turn"] = set(), True
        replay.step(
            f"結束階段結束，回合移交給對方玩家：{'' if state.turn is None else f'第 {state.turn} 回合，'}"
            f"回合玩家為 {player.other}。",
            "7-6-7",
            turn=state.turn,
        )

    def check(self, timeline: Timeline) -> list[BoardProblem]:
        found = super().check(timeline)
        if isinstance(timeline.state, GcgState):  # always: the timeline model is GcgTimeline
            found += battle.problems(timeline.state)
        return found

    def effect_problems(self, where: str, effect: Effect) -> list[BoardProblem]:
        return effects.problems(where, effect)

    def conclude(self, replay: Run, ending: Ending | None) -> GcgOutcome:
        common: dict[str, Any] = {
            "state": replay.state,
            "battles": list(replay.notes.get(battle.BATTLES, [])),
            "losers": list(replay.notes.get("losers", [])),
            "destroyed": list(replay.notes.get(processing.DESTROYED, [])),
        }
        if ending is None:
            return GcgOutcome(result=Result.CONTINUES, reason=GcgReason.GAME_CONTINUES, **common)
        return GcgOutcome(
            result=ending.result, reason=GcgReason(ending.reason.value), winner=ending.winner, **common
        )


RULES = GcgRules()
