"""Loops (901): a set of actions that keeps repeating, stated as one round of it (``loop``).

The round is demonstrated (901.p3, 901.p4), then played once more: a round that does not leave the
table as the one before it left it does not repeat without end, and is refused (901.p1).  A loop
that does repeat ends as the book says by what the round holds:

* only mandatory actions and no triggered effect — the game is a draw (901.p6, 101.p7);
* mandatory actions and triggered effects — the controller of the first triggered effect names a
  number of at least ten thousand; the loop ends as that effect would next trigger, and it does not
  (901.p4): the round is played up to it;
* optional actions, all one player's — that player names how many times it repeats (901.p2);
* optional actions of both players — the smaller of the numbers they name, and the loop ends before
  the first optional action of the player who named it, who gets priority and may not go on with
  it (901.p3): the round is played up to there.

Every round leaving the table as it was, the number named changes nothing the replay models, and
the game goes on.
"""

from __future__ import annotations

from judge.effects import Effect
from judge.games.zd import effects
from judge.games.zd.actions import Loop
from judge.games.zd.outcome import ZdReason
from judge.games.zd.state import ZdState
from judge.outcome import Result
from judge.replay import Replay

Run = Replay[ZdState]


def loop(replay: Run, action: Loop) -> None:
    replay.step("死循环：首先完整地演示该循环的一轮。", "901.p1", "901.p3")
    _round(replay, action.effects)
    after = replay.state.model_dump()
    replay.step("再进行一轮，看盘面是否回到上一轮之后的样子。", "901.p1")
    _round(replay, action.effects)
    if replay.state.model_dump() != after:
        replay.refuse("这组动作再进行一轮之后，盘面与上一轮之后不同：它并非不断反复，不是死循环。", "901.p1")
    replay.step("这一轮之后盘面与上一轮之后相同：这组动作不断反复，游戏进入了死循环的状态。", "901.p1")
    triggered = [index for index, effect in enumerate(action.effects) if effect.when is not None]
    optional = [index for index, effect in enumerate(action.effects) if effect.optional]
    if not optional and not triggered:
        replay.end_game(
            Result.DRAWN,
            ZdReason.ENDLESS_LOOP,
            None,
            "这个循环中只包含强制性的动作，且不包含触发效果：无法阻止的死循环，此局游戏便视为平手。",
            "901.p6",
            "101.p7",
        )
    if not optional:
        first = action.effects[triggered[0]]
        replay.step(
            f"这个强制性的死循环涉及触发效果：该循环中第一个触发效果（{_name(replay, first)}）的操控者 "
            f"{effects.controller(replay, first)} 选择一个不小于一万的数字，该死循环便当作额外重复了该数字的次数，并在下一次该效果"
            "将要触发时结束：此时该效果不会触发，且自此开始，游戏照常进行。",
            "901.p4",
            decisive=True,
        )
        _round(replay, action.effects[: triggered[0]])
        return
    owners = {index: effects.controller(replay, action.effects[index]) for index in optional}
    players = list(dict.fromkeys(owners.values()))
    if len(players) == 1:
        replay.step(
            f"这个死循环中可选择的动作都由玩家 {players[0]} 控制：该玩家选择一个数字，此循环就会重复那个次数；每一轮之后盘面都"
            "与之前相同，之后游戏照常进行。",
            "901.p2",
            decisive=True,
        )
        return
    starter, other = players
    replay.step(
        f"这个死循环中的可选择动作分别由双方控制：由执行第一个可选择动作的玩家 {starter} 选择一个数字，然后由玩家 {other} 选择一个"
        f"较小的数字；死循环额外重复那个次数后，在玩家 {other} 第一次执行可选择动作之前结束。玩家 {other} 获得优先权，且不能选择执行"
        "会将死循环继续下去的动作。",
        "901.p3",
        decisive=True,
    )
    stop = next(index for index, owner in owners.items() if owner is other)
    _round(replay, action.effects[:stop])
    replay.notes["priority"] = other


def _round(replay: Run, round_: list[Effect]) -> None:
    """One round as stated: each effect where it is listed, a triggered one too, an optional one taken."""
    for effect in round_:
        happens = effect.model_copy(update={"when": None, "apply": True if effect.optional else effect.apply})
        replay.effect(happens)
        replay.resolve_fired()


def _name(replay: Run, effect: Effect) -> str:
    """A triggered effect as a step names it: its card's, at its timing (「布鲁克」的【登场时】效果)."""
    assert effect.when is not None  # only a triggered effect is named so
    card = effect.source or effect.when.card
    return f"{f'「{card}」的' if card else ''}{replay.rules.event_name(effect.when.event)}效果"
