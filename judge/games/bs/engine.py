"""The bs rules on the replay: the timeline a board file states, the turn, and the rules.

The questions of old are views (:func:`judge.timeline.view`): each is a timeline whose
state is a snapshot at the start of one step — ``attack`` in the attack step,
``cost`` and ``level`` in the main step, ``start_step`` at the start step.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from judge.action import Action
from judge.board import BoardProblem
from judge.effects import Condition, Effect
from judge.games.bs import battle, bursts, effects, field, play, ultimate
from judge.games.bs.actions import (
    ACTIONS,
    Attack,
    Block,
    Burst,
    Exhaust,
    Flash,
    KeepBrave,
    MoveCores,
    NoBlock,
    OpeningHand,
    Pass,
    Redraw,
    Refresh,
    Separate,
    SetBurst,
    Soul,
    Summon,
    Unite,
    UTrigger,
    within_an_effect,
)
from judge.games.bs.outcome import BsOutcome, BsReason
from judge.games.bs.rules import (
    AS_FAR_AS_POSSIBLE,
    BY_DOING,
    CITE,
    DECLARE,
    EFFECT_ORDER,
    EFFECTS,
    END_STEP,
    FIRST_TURN,
    MAIN_ACTIONS,
    MOVE_CORES,
    MOVE_IN_OWN_MAIN,
    OPTIONAL,
    SET_BURST_ONCE,
    SETUP,
    SOUL,
    SOUL_ONLY_FIELD,
    SUMMON,
    TURN,
    UNION_LEAVES,
    UNITE,
    UNITE_IN_MAIN,
    WIN,
)
from judge.games.bs.state import BsCard, BsState
from judge.games.bs.turn import TURN_STEPS
from judge.games.bs.values import bp
from judge.outcome import Result
from judge.replay import Ending, Phrases, Replay, Rules
from judge.state import Card
from judge.timeline import Timeline, actions_of

Run = Replay[BsState]

BsAction = actions_of(*ACTIONS)


class BsTimeline(Timeline):
    """A bs board file: the table at the start of a step (or the setup), then what happens."""

    state: BsState
    actions: list[BsAction] = Field(default_factory=list, description="what happens, in order")  # type: ignore[valid-type]


PHRASES = Phrases.chinese(
    "zh-Hant",
    not_now=("{verb} 不能在本回合剩下的階段進行（目前為 {point}）。", (TURN,)),
    game_over=("遊戲已結束；第 {index} 個動作（從 0 起算）起不再重演。", (WIN,)),
    declined=("{effect} 是「可以」的效果，玩家選擇不發動。", (OPTIONAL,)),
    optional=("是否發動 {effect}", (OPTIONAL,)),
    condition_fails=("{effect} 的條件（{condition}）在其發揮的當下不成立，後續效果不會發揮。", (EFFECTS,)),
    waits=("{effect} 等待其發揮時機（{event}）。", (EFFECTS,)),
    fires=("{event}：{effect} 發揮。", (EFFECTS, EFFECT_ORDER)),
    not_done=(
        "前一個效果沒有完全執行：「藉由○○來△△」的效果必須執行○○才能發動，{effect} 不會發揮。",
        (BY_DOING,),
    ),
    done=("{effect} 之前的效果是否已完全執行", (BY_DOING,)),
)

#: when each action may be taken, for a refusal out of its time
WHEN: dict[str, tuple[str, tuple[str, ...]]] = {
    "opening_hand": ("起始手牌在遊戲準備時決定。", (SETUP,)),
    "redraw": ("重新抽牌在遊戲準備時進行（每位玩家僅可一次）。", (SETUP,)),
    "summon": ("召喚在自己的主要階段進行。", (MAIN_ACTIONS, SUMMON)),
    "unite": ("合體在自己的主要階段進行。", (MAIN_ACTIONS, UNITE_IN_MAIN)),
    "separate": ("分離在自己的主要階段進行。", (MAIN_ACTIONS, UNITE_IN_MAIN, UNITE)),
    "move_cores": (
        "能量在自己的主要階段自由移動（效果移動的能量請寫 by_effect: true）。",
        (MOVE_IN_OWN_MAIN, MOVE_CORES),
    ),
    "set_burst": ("爆烈在自己的主要階段設置。", (MAIN_ACTIONS, SET_BURST_ONCE)),
    "flash": ("靈動效果在自己的主要階段或戰鬥的靈動時機使用。", (MAIN_ACTIONS,)),
    "pass": ("跳過在戰鬥的靈動時機中進行。", (DECLARE,)),
    "attack": ("攻擊在攻擊階段宣告；第 1 回合（先攻玩家的第一個回合）沒有攻擊階段。", (DECLARE, FIRST_TURN)),
    "block": ("阻擋在對手的攻擊宣告後宣告。", (DECLARE,)),
    "no_block": ("是否阻擋在對手的攻擊宣告後決定。", (DECLARE,)),
}

#: the events a triggered effect or a burst may wait for
EVENTS = frozenset(
    {
        "turn_start",
        "refreshed",
        "exhausted",
        "summoned",
        "attack",
        "attacked",
        "block",
        "destroyed",
        "destroyed_by_opponent",
        "depleted",
        "removed",
        "moved",
        "life_reduced",
        "battle_resolution",
        "battle_end",
        battle.AFTER_BATTLE,
        ultimate.HIT,
        "turn_end",
    }
)


class BsRules(Rules[BsState, BsOutcome]):
    game = "bs"
    citations = CITE
    timeline = BsTimeline
    outcome = BsOutcome
    turn = TURN_STEPS
    turn_begins = 1  # the setup happens once, before the first turn
    phrases = PHRASES
    times = WHEN
    events = EVENTS
    stats = frozenset({"bp"})

    def act(self, replay: Run, action: Action) -> None:
        if not within_an_effect(action):
            bursts.finish_resolving(replay)
            replay.notes.pop(bursts.READY, None)  # a burst is declared when its condition is met, or never
            replay.notes.pop(bursts.MISSED, None)
        if isinstance(action, Attack):
            battle.declare(replay, action)
        elif isinstance(action, Block):
            battle.block(replay, action)
        elif isinstance(action, NoBlock):
            battle.no_block(replay, action)
        elif isinstance(action, Flash):
            battle.flash(replay, action)
        elif isinstance(action, Pass):
            battle.pass_(replay, action)
        elif isinstance(action, Summon):
            play.summon(replay, action)
        elif isinstance(action, Unite):
            play.unite(replay, action)
        elif isinstance(action, Separate):
            play.separate(replay, action)
        elif isinstance(action, MoveCores):
            play.move_cores(replay, action)
        elif isinstance(action, SetBurst):
            play.set_burst(replay, action)
        elif isinstance(action, OpeningHand):
            play.opening_hand(replay, action)
        elif isinstance(action, Redraw):
            play.redraw(replay, action)
        elif isinstance(action, Exhaust):
            play.exhaust(replay, action)
        elif isinstance(action, Refresh):
            play.refresh(replay, action)
        elif isinstance(action, Burst):
            bursts.act(replay, action)
        elif isinstance(action, UTrigger):
            ultimate.u_trigger(replay, action)
        else:
            self._decided(replay, action)

    def _decided(self, replay: Run, action: Action) -> None:
        """``keep_brave`` and ``soul`` are read where the book asks for them; one nothing asked for is refused."""
        decided: set[tuple[str, str]] = replay.notes.get(field.DECIDED, set())
        if isinstance(action, KeepBrave) and (action.verb, action.brave) not in decided:
            replay.refuse(f"「{action.brave}」沒有因合體靈魂卡離開場地而需要決定是否留下。", UNION_LEAVES)
        if isinstance(action, Soul) and (action.verb, action.card) not in decided:
            replay.refuse(
                f"「{action.card}」沒有因對手而從場地離開：只有那時才能變為魂狀態。", SOUL, SOUL_ONLY_FIELD
            )

    def anytime(self, state: BsState, action: Action) -> bool:
        """Decisions and what effects do happen where the timeline lists them."""
        return within_an_effect(action)

    def apply_effect(self, replay: Run, effect: Effect) -> None:
        effects.apply(replay, effect)

    def order(self, replay: Run, waiting: list[Effect]) -> list[Effect]:
        return effects.order(replay, waiting)

    def process(self, replay: Run) -> None:
        """Spirits below their lowest Lv are depleted, life at 0 ends the game, then the battle's steps
        as far as no decision is due."""
        field.deplete_drained(replay)
        battle.life_check(replay)
        after = replay.timeline.actions[replay.index + 1 : replay.index + 2]
        if not (after and (isinstance(after[0], Effect) or within_an_effect(after[0]))):
            bursts.finish_resolving(replay)  # the card's effects (and bursts declared with it) are done
        battle.progress(replay)

    def value(self, replay: Run, card: Card, stat: str) -> int:
        assert isinstance(card, BsCard)  # the state holds bs cards only
        if replay.state.on_field(card.name) is None:
            return 0  # no BP off the field: :meth:`holds` says the condition does not hold
        return bp(replay, card)

    def holds(self, replay: Run, condition: Condition, value: int) -> bool:
        """A 「若其 BP……」 about a card that has left the field does not hold: it has no BP to read."""
        if condition.card is not None and replay.state.on_field(condition.card) is None:
            replay.not_applied(
                f"「{condition.card}」已離開場地：無法參照其 BP，條件（{self.condition_text(condition)}）不成立。",
                AS_FAR_AS_POSSIBLE,
            )
            return False
        return super().holds(replay, condition, value)

    def passed_over(self, replay: Run, effect: Effect, declined: bool, failed: bool = False) -> None:
        """An 「藉由○○來△△」 whose ○○ was not done: △△ does not happen (FAQ 效果通則 Q5), which decides the
        ruling with the rule that left ○○ undone (a target gone, FAQ 指定效果 Q1); the why-not says so."""
        if effect.if_done and not declined and not failed:
            replay.log.mark_decisive(BY_DOING, *replay.notes.pop(effects.UNDONE, ()))
            replay.not_applied(
                f"{self.label(effect)} 不會發揮：它之前的效果沒有完全執行，「藉由○○來△△」必須執行○○才能發動。",
                BY_DOING,
            )

    def next_turn(self, replay: Run) -> None:
        state = replay.state
        player = battle.turn_player(replay)
        state.turn = None if state.turn is None else state.turn + 1
        state.turn_player, state.burst_set = player.other, False
        replay.step(
            f"結束回合，進入對手的回合：{'' if state.turn is None else f'第 {state.turn} 回合，'}回合玩家為 {player.other}。",
            END_STEP,
            turn=state.turn,
        )

    def check(self, timeline: Timeline) -> list[BoardProblem]:
        found = super().check(timeline)
        if isinstance(timeline.state, BsState):  # always: the timeline model is BsTimeline
            found += [
                BoardProblem("state.battle", f"{name!r} is not on the field")
                for name in battle.problems(timeline.state)
            ]
        return found

    def effect_problems(self, where: str, effect: Effect) -> list[BoardProblem]:
        return effects.problems(where, effect)

    def conclude(self, replay: Run, ending: Ending | None) -> BsOutcome:
        common: dict[str, Any] = {
            "state": replay.state,
            "battles": list(replay.notes.get(battle.BATTLES, [])),
            "destroyed": list(replay.notes.get(field.DESTROYED, [])),
            "depleted": list(replay.notes.get(field.DEPLETED, [])),
        }
        if ending is None:
            return BsOutcome(result=Result.CONTINUES, reason=BsReason.GAME_CONTINUES, **common)
        return BsOutcome(
            result=ending.result, reason=BsReason(ending.reason.value), winner=ending.winner, **common
        )


RULES = BsRules()
