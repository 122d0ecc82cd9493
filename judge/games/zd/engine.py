"""The zd rules on the replay: the timeline a board file states, the turn, and the rules.

Triggered effects (stated effects waiting for an event, ``when: {event: enters, card: X}``) are
raised by the event that defines their timing (ch. 8) and go on the chain together: the active
player's first, then the other player's, and the chain resolves from its top (106.p6, 106.p3), so
the other player's resolve first.  One triggered while another resolves goes on top and resolves
before the rest (106.p5).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from judge.action import Action
from judge.board import BoardProblem
from judge.effects import Effect
from judge.games.zd import battle, effects, loops, play
from judge.games.zd.actions import (
    ACTIONS,
    Activate,
    Attack,
    Concede,
    Defend,
    Discard,
    LevelUp,
    Loop,
    Negate,
    NoDefend,
    Pass,
    PlaceResource,
    Play,
    Simultaneous,
)
from judge.games.zd.outcome import ZdOutcome, ZdReason
from judge.games.zd.rules import CITE
from judge.games.zd.state import ZdCard, ZdState
from judge.games.zd.turn import TURN
from judge.games.zd.values import STATS, counted, negated, true_value
from judge.order import last_in_first_out
from judge.outcome import Result
from judge.players import Player
from judge.replay import Ending, Phrases, Replay, Rules
from judge.state import Card
from judge.timeline import Timeline, actions_of

Run = Replay[ZdState]

ZdAction = actions_of(*ACTIONS)


class ZdTimeline(Timeline):
    """A zd board file: the table at the start of a phase or step, then what happens."""

    state: ZdState
    actions: list[ZdAction] = Field(default_factory=list, description="what happens, in order")  # type: ignore[valid-type]


PHRASES = Phrases.chinese(
    "zh-Hans",
    not_now=("{verb} 不能在本回合剩下的阶段或步骤中进行（目前为 {point}）。", ("400.p1",)),
    game_over=("游戏已经结束；第 {index} 个动作（从 0 起算）起不再重演。", ("101.p3",)),
    declined=("{effect} 是带有“可以”的触发效果，其控制者选择不触发。", ("702.p2",)),
    optional=("是否触发 {effect}", ("702.p2",)),
    condition_fails=("{effect} 的条件（{condition}）在清算时不成立：该效果被忽略。", ("702.p4",)),
    waits=("{effect} 等待其触发条件（{event}）。", ("702.p1",)),
    fires=("{event}：触发 {effect}，它进入连锁。", ("702.p2",)),
)

#: when each action may be taken, for a refusal out of its time
WHEN: dict[str, tuple[str, tuple[str, ...]]] = {
    "place_resource": ("放置资源牌在开始阶段的资源步骤中进行。", ("404.p1",)),
    "play": ("角色牌、装备牌、事件牌在我方回合的非战斗行动阶段使用。", ("318.p1",)),
    "level_up": ("升级在自己的行动阶段进行，时机与使用普通战术牌相同。", ("600.p1",)),
    "attack": ("宣布攻击在自己的非战斗行动阶段进行。", ("405.1.p1",)),
    "defend": ("宣布防御在对方角色牌攻击成立之后进行。", ("502.p2",)),
    "no_defend": ("宣布防御在对方角色牌攻击成立之后进行。", ("502.p2",)),
    "negate": ("效果在其清算时使牌的效果无效。", ("105.p2",)),
    "discard": ("手牌超过六张时，在结束阶段的弃牌步骤舍弃。", ("408.p1",)),
    "activate": (
        "清算步骤和弃牌步骤中玩家不会获得优先权，弃牌步骤之后直接进入下一回合；获得优先权的玩家才可以使用瞬间战术牌或者发动效果。",
        ("407.p1", "408.p2", "105.p2"),
    ),
    "pass": ("清算步骤和弃牌步骤中玩家不会获得优先权，也没有可以让过的优先权。", ("407.p1", "408.p2")),
}

#: the events a triggered effect may wait for: the timing's name in the book, and the clause that defines it
EVENTS = {
    "enters": ("【登场时】", "801.p1"),
    "destroyed": ("【破坏时】", "802.p1"),
    "battle_destroyed": ("【战斗破坏时】", "803.p1"),
    "attack_destroyed": ("【攻击破坏时】", "803.p2"),
    "defence_destroyed": ("【防御破坏时】", "803.p2"),
    "battle_won": ("【战斗胜利时】", "804.p1"),
    "attack_won": ("【攻击胜利时】", "804.p2"),
    "defence_won": ("【防御胜利时】", "804.p2"),
    "attack": ("【攻击时】", "805.p1"),
    "attacked": ("【被攻击时】", "501.p1"),
    "defends": ("【防御时】", "806.p1"),
    "turn_start": ("【回合开始时】", "807.p1"),
    "turn_end": ("【回合结束时】", "808.p1"),
    "battle_set": ("【战斗成立时】", "810.p1"),
    "attack_battle_set": ("【攻击战斗成立时】", "810.p1"),
    "defence_battle_set": ("【防御战斗成立时】", "810.p1"),
    "life_attack": ("攻击生命区成功时", "504.p1"),
    "life_damaged": ("对生命区造成伤害时", "505.p1"),
    "counter": ("反击特效", "312.p1"),
    "to_rest": ("从战斗区中进入休息区时", "811.p1"),
}
#: actions that happen where the timeline lists them, in any free timing (105.p2)
ANYTIME = (Activate, Pass, Concede, Simultaneous, Loop, Negate)
#: the steps in which nobody gets priority (401.p2, 407.p1, 408.p2): using a card or an effect there
#: waits for the next free timing of the turn — the start step's, from the reset step
NO_PRIORITY = ("reset", "cleanup", "discard")


class ZdRules(Rules[ZdState, ZdOutcome]):
    game = "zd"
    citations = CITE
    timeline = ZdTimeline
    outcome = ZdOutcome
    turn = TURN
    phrases = PHRASES
    times = WHEN
    events = frozenset(EVENTS)
    stats = frozenset(STATS)

    def act(self, replay: Run, action: Action) -> None:
        if isinstance(action, Attack):
            battle.declare(replay, action)
        elif isinstance(action, Defend):
            battle.defend(replay, action)
        elif isinstance(action, NoDefend):
            battle.defend(replay, None)
        elif isinstance(action, Play):
            play.play(replay, action)
        elif isinstance(action, PlaceResource):
            play.place_resource(replay, action)
        elif isinstance(action, LevelUp):
            play.level_up(replay, action)
        elif isinstance(action, Activate):
            play.activate(replay, action)
        elif isinstance(action, Pass):
            play.pass_(replay, action)
        elif isinstance(action, Discard):
            play.discard(replay, action)
        elif isinstance(action, Simultaneous):
            play.simultaneous(replay, action)
        elif isinstance(action, Loop):
            loops.loop(replay, action)
        elif isinstance(action, Negate):
            play.negate(replay, action)
        elif isinstance(action, Concede):
            play.concede(replay, action)
        play.responded(replay)

    def anytime(self, state: ZdState, action: Action) -> bool:
        if isinstance(action, (Activate, Pass)) and state.step in NO_PRIORITY:
            return False
        return isinstance(action, ANYTIME)

    def apply_effect(self, replay: Run, effect: Effect) -> None:
        effects.apply(replay, effect)

    def order(self, replay: Run, waiting: list[Effect]) -> list[Effect]:
        """106.p6: the active player's go on the chain first, then the other's; the top resolves first."""
        first = replay.state.turn_player or Player.A
        ordered: list[Effect] = last_in_first_out(
            waiting, first, owner=lambda effect: effects.controller(replay, effect)
        )
        if len(waiting) > 1:
            owners = {effects.controller(replay, effect) for effect in waiting}
            names = "、".join(_name(effect) for effect in ordered)
            if len(owners) == 2:
                replay.step(
                    f"多个效果将要同时加入连锁：先由主动玩家 {first} 加入，之后由非主动玩家 {first.other} 加入，然后从连锁的最上方"
                    f"开始清算：{names}。",
                    "106.p6",
                    "106.p3",
                    decisive=True,
                    order=[_name(effect) for effect in ordered],
                )
            else:
                replay.step(
                    f"这些效果由其控制者选择顺序依次加入连锁，从连锁的最上方开始清算：{names}。",
                    "702.p7",
                    "106.p3",
                    order=[_name(effect) for effect in ordered],
                )
        return ordered

    def held_back(self, replay: Run, effect: Effect) -> bool:
        """708.p1, 708.p2: a card on the field whose effects are void triggers none of them; it may
        trigger them again once they are back (709.p7).  702.p3: a triggered effect whose condition
        does not hold as it would trigger does not trigger."""
        if effect.if_ is not None and not replay.condition_holds(effect):
            replay.step(
                f"{self.label(effect)} 的条件（{self.condition_text(effect.if_)}）在其触发时不成立：效果不成立则不会触发。",
                "702.p3",
                decisive=True,
            )
            return True
        source = effect.source or (effect.when.card if effect.when else None)
        if source is None or source not in negated(replay.state):
            return False
        replay.not_applied(
            f"「{source}」的效果被无效，它失去所有效果：其触发效果不会触发。", "708.p1", "708.p2", card=source
        )
        replay.log.mark_decisive("708.p2")
        return True

    def process(self, replay: Run) -> None:
        """The chain once nothing responds, then the battle's steps as far as no decision is due."""
        play.settle_chain(replay)
        if not play.chain(replay):
            battle.progress(replay)

    def value(self, replay: Run, card: Card, stat_name: str) -> int:
        assert isinstance(card, ZdCard)  # the state holds zd cards only
        return true_value(replay, card, stat_name)

    def next_turn(self, replay: Run) -> None:
        state = replay.state
        player = state.turn_player or Player.A
        state.turn = None if state.turn is None else state.turn + 1
        state.turn_player, state.resource_placed, state.levelled_up = player.other, False, False
        replay.notes["discarded"] = False
        replay.step(
            f"弃牌步骤结束后不会出现自由时机，直接进入下一回合：{'' if state.turn is None else f'第 {state.turn} 回合，'}"
            f"主动玩家为 {player.other}。",
            "408.p2",
            turn=state.turn,
        )

    def event_name(self, event: str) -> str:
        return EVENTS[event][0] if event in EVENTS else event

    def check(self, timeline: Timeline) -> list[BoardProblem]:
        found = super().check(timeline)
        for index, action in enumerate(timeline.actions):
            nested = (
                action.cost + action.effects
                if isinstance(action, Activate)
                else action.effects
                if isinstance(action, (Simultaneous, Loop))
                else []
            )
            for effect in nested:
                found += self.check_effect(f"actions[{index}].{action.verb}", effect, timeline.state)
        return found

    def effect_problems(self, where: str, effect: Effect) -> list[BoardProblem]:
        return effects.problems(where, effect)

    def conclude(self, replay: Run, ending: Ending | None) -> ZdOutcome:
        values = {
            card.name: {
                "attack": counted(replay, card, "attack"),
                "defence": counted(replay, card, "defence"),
            }
            for player in Player
            for card in replay.state.side(player).battle.cards
            if card.attack is not None and card.defence is not None
        }
        common: dict[str, Any] = {
            "state": replay.state,
            "battles": list(replay.notes.get(battle.BATTLES, [])),
            "destroyed": list(replay.notes.get(effects.DESTROYED, [])),
            "values": values,
        }
        if ending is None:
            return ZdOutcome(result=Result.CONTINUES, reason=ZdReason.GAME_CONTINUES, **common)
        return ZdOutcome(
            result=ending.result, reason=ZdReason(ending.reason.value), winner=ending.winner, **common
        )


def _name(effect: Effect) -> str:
    return effect.source or (effect.when.card if effect.when and effect.when.card else effect.kind)


RULES = ZdRules()
