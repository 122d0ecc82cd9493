"""The uhb rules on the replay: the timeline a board file states, the turn, and the rules.

The questions of old are views: each is a timeline whose state is a snapshot
at the start of a phase — ``battle`` from the battle phase, ``form_change``
from the form-change phase, ``end_phase`` from the end phase, ``loss_check``
and ``effect_order`` anywhere.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from judge.action import Action
from judge.board import BoardProblem
from judge.effects import Condition, Effect
from judge.games.uhb import battle, effects, ending, flips, form_change, turn
from judge.games.uhb.actions import (
    ACTIONS,
    Battle,
    ChooseOrder,
    Discard,
    ExtraSupport,
    Flip,
    FormChange,
    Promote,
    Replace,
    Support,
    Weaken,
    Win,
)
from judge.games.uhb.outcome import UhbOutcome, UhbReason
from judge.games.uhb.rules import CITE
from judge.games.uhb.state import UhbState
from judge.outcome import Result
from judge.players import Player
from judge.replay import Ending, Phrases, Replay, Rules
from judge.timeline import Timeline, actions_of

Run = Replay[UhbState]

UhbAction = actions_of(*ACTIONS)


class UhbTimeline(Timeline):
    """A uhb board file: the table at the start of a phase, then what happens."""

    state: UhbState
    actions: list[UhbAction] = Field(default_factory=list, description="what happens, in order")  # type: ignore[valid-type]


PHRASES = Phrases.chinese(
    "zh-Hans",
    not_now=("{verb} 不能在本回合剩下的阶段中进行（现为 {point}；下一回合的动作之前写 next_turn）。", ()),
    game_over=("本局游戏已结束；第 {index} 个动作（从 0 起算）起不再重演。", ("1.3.1",)),
    declined=("{effect} 是“可……”的效果，玩家决定不执行。", ("1.1.4",)),
    optional=("是否执行 {effect}", ("1.1.4",)),
    not_done=("{effect} 之前的部分未全部执行，{effect} 不执行。", ("1.1.4",)),
    done=("{effect} 之前的部分是否已全部执行", ("1.1.3",)),
    condition_fails=("{effect} 的条件（{condition}）不满足，不执行该效果。", ("1.1.4",)),
    waits=("{effect} 等待其触发条件（{event}）。", ("1.1.4",)),
    fires=("{event}：触发 {effect}。", ("1.1.4",)),
)

#: when each action may be taken, for a refusal out of its time
WHEN: dict[str, tuple[str, tuple[str, ...]]] = {
    "choose_order": ("先后在首个回合开始前决定。", ("1.2.2",)),
    "form_change": ("形态转换在形态转换阶段进行。", ("4.1.2", "5.10.1")),
    "battle": ("主战角色在战斗阶段选择。", ("4.2.3",)),
    "support": ("支援角色在支援阶段选择。", ("4.3.2",)),
    "extra_support": ("额外支援在支援阶段进行。", ("4.3.4",)),
    "promote": ("胜利方在结算阶段选取移入配置区的支援角色。", ("4.4.4a",)),
    "weaken": ("是否以衰弱状态留在战场上，在结算阶段战败时选择。", ("5.11.1",)),
    "discard": ("手牌超过上限时的弃牌在回合结束阶段进行。", ("4.5.4",)),
}

#: the events a triggered effect may wait for, and the clause that names each
EVENTS = {
    "turn_start": "4.0.4",  # 「回合开始时」
    "battle_start": "4.2.2",  # 「战斗开始时」
    "flipped": "2.0.5a",  # 翻
    "attack": "2.0.5b",  # 攻
    "defend": "2.0.5c",  # 防
    "support": "2.0.5d",  # 支
    "won": "2.0.5e",  # 胜
    "lost": "2.0.5f",  # 败
    "form_changed": "2.0.5g",  # 转
    "discarded": "5.0.3",  # 「当此牌被弃置时」
    "to_damage_zone": "3.3.1",  # a card enters the damage zone
    "turn_end": "4.5.2",  # 「回合结束时」
}


class UhbRules(Rules[UhbState, UhbOutcome]):
    game = "uhb"
    citations = CITE
    timeline = UhbTimeline
    outcome = UhbOutcome
    turn = turn.TURN
    phrases = PHRASES
    events = frozenset(EVENTS)
    stats = frozenset({"power", "support_power", "weakened_power"})
    costs = True  # 【】 (1.1.3)
    times = WHEN

    def act(self, replay: Run, action: Action) -> None:
        if isinstance(action, ChooseOrder):
            if replay.state.turn_player is not None:
                replay.refuse("先后在首个回合开始前决定，本局游戏的先后已经决定。", "1.2.2")
            turn.decide_order(replay, action)
        elif isinstance(action, FormChange):
            form_change.form_change(replay, action)
        elif isinstance(action, Battle):
            battle.declare(replay, action)
        elif isinstance(action, Support):
            battle.support(replay, action)
        elif isinstance(action, ExtraSupport):
            battle.extra_support(replay, action)
        elif isinstance(action, Promote):
            battle.promote(replay, action)
        elif isinstance(action, Weaken):
            battle.weaken(replay, action)
        elif isinstance(action, Discard):
            turn.discard(replay, action)
        elif isinstance(action, Flip):
            flips.flip(replay, action)
        elif isinstance(action, Replace):
            effects.replace(replay, action)
        elif isinstance(action, Win):
            replay.step(f"玩家 {action.player} 的卡牌效果使其获得胜利。", "1.3.2d")
            ending.meet(replay, action.player.other, UhbReason.WIN_BY_EFFECT)

    def anytime(self, state: UhbState, action: Action) -> bool:
        """Card effects act where the timeline lists them: a flip, a win, an extra form change."""
        return isinstance(action, (Flip, Win, Replace)) or (
            isinstance(action, FormChange) and action.by_effect
        )

    def apply_effect(self, replay: Run, effect: Effect) -> None:
        effects.apply(replay, effect)

    def passed_over(self, replay: Run, effect: Effect, declined: bool, failed: bool = False) -> None:
        effects.passed_over(replay, effect, declined, failed)

    def holds(self, replay: Run, condition: Condition, value: int) -> bool:
        return effects.holds(replay, condition, value)

    def order(self, replay: Run, waiting: list[Effect]) -> list[Effect]:
        return effects.order(replay, waiting)

    def process(self, replay: Run) -> None:
        """Flip effects held until the flipping effect is over (5.5.3), the main characters' effects
        waiting for a stated 翻 effect to be over (4.2.5), then the game-end check (1.3)."""
        flips.release(replay)
        battle.go_on(replay)
        ending.check(replay)

    def play_on(self, replay: Run) -> None:
        """A timeline that ends in a battle whose supports it states goes on to the battle's end."""
        battle.play_on(replay)

    def next_turn(self, replay: Run) -> None:
        state = replay.state
        player = state.turn_player or Player.A
        state.turn = None if state.turn is None else state.turn + 1
        state.turn_player, state.form_changes = player.other, 0
        replay.step(
            f"本回合结束，对方玩家 {player.other} 开始他的回合"
            + ("。" if state.turn is None else f"（第 {state.turn} 回合）。"),
            "4.5.5",
            turn=state.turn,
        )

    def effect_problems(self, where: str, effect: Effect) -> list[BoardProblem]:
        return effects.problems(where, effect)

    def conclude(self, replay: Run, ending_: Ending | None) -> UhbOutcome:
        common: dict[str, Any] = {
            "state": replay.state,
            "battles": list(replay.notes.get(battle.BATTLES, [])),
            "losers": list(replay.notes.get("losers", [])),
            "first_player": replay.notes.get("first_player"),
        }
        if ending_ is None:
            ending.why_not(replay)
            return UhbOutcome(result=Result.CONTINUES, reason=UhbReason.GAME_CONTINUES, **common)
        return UhbOutcome(
            result=ending_.result, reason=UhbReason(ending_.reason.value), winner=ending_.winner, **common
        )


RULES = UhbRules()
