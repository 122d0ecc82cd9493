"""The zd turn as procedures (400): the start phase (reset, start, draw, resource), the action
phase, and the end phase (end, cleanup, discard), with what the rules do by themselves in each.

A battle is not a phase of its own: it happens inside the action phase
(405.p1), run by :mod:`judge.games.zd.battle`.
"""

from __future__ import annotations

from judge.games.zd import effects, life, play, timings
from judge.games.zd.state import ZdState
from judge.players import Player
from judge.replay import Point, Procedure, Replay, accepts
from judge.state import Duration, Status

Run = Replay[ZdState]

#: the cards the turn's reset step unrested (401.p1): what it decides, if one of them attacks
RESET = "reset"


def _player(replay: Run) -> Player:
    return replay.state.turn_player or Player.A


def reset_step(replay: Run) -> None:
    """401.p1: every card of the turn player's battle and resource areas is reset."""
    side = replay.state.side(_player(replay))
    cards = [*side.battle.cards, *side.resources.cards]
    replay.notes[RESET] = {card.name for card in cards if card.status is not Status.ACTIVE}
    for card in cards:
        card.status = Status.ACTIVE
        replay.notes.get(effects.RESTED_BY, {}).pop(card.name, None)
    effects.not_reset(replay, replay.state.side(_player(replay).other).battle.names())
    replay.step(
        f"重置步骤：主动玩家 {_player(replay)} 重置战斗区和资源区中的所有牌；玩家不会在此步骤中获得优先权。",
        "401.p1",
        "401.p2",
    )


def start_step(replay: Run) -> None:
    """402.p1, 807.p1: the 【回合开始时】 effects trigger."""
    timings.timing(
        replay,
        ("turn_start",),
        None,
        _player(replay),
        ("开始步骤：触发【回合开始时】的效果。", "开始步骤：没有【回合开始时】的效果。"),
        "402.p1",
        "807.p1",
    )


def draw_step(replay: Run) -> None:
    """403.p1: the turn player draws one (a deck without it loses, 101.p2)."""
    life.draw(replay, _player(replay), 1, "403.p1")


def end_step(replay: Run) -> None:
    """406.p1, 808.p1: the 【回合结束时】 effects trigger."""
    timings.timing(
        replay,
        ("turn_end",),
        None,
        _player(replay),
        ("结束步骤：触发【回合结束时】的效果。", "结束步骤：没有【回合结束时】的效果。"),
        "406.p1",
        "808.p1",
    )


def cleanup_step(replay: Run) -> None:
    """407.p1: damage on every character is healed and every 「本回合」 effect ends."""
    healed = []
    for player in Player:
        for card in replay.state.side(player).battle.cards:
            if card.damage:
                healed.append(card.name)
                card.damage = 0
    replay.step(
        "清算步骤：回复战斗区中所有角色牌上的伤害"
        + (f"（{'、'.join(f'「{n}」' for n in healed)}）" if healed else "")
        + "，并清除所有“本回合”的效果和攻防加成的影响；玩家不会在此步骤中获得优先权。",
        "407.p1",
        decisive=bool(healed),
        healed=healed,
    )
    effects.expire(
        replay,
        Duration.END_OF_TURN,
        lambda card, what: f"清算步骤：「{card.name}」的 {what}（本回合）失效。",
        "407.p1",
    )
    play.effects_back(replay)


ACTION_VERBS = ("play", "level_up", "attack", "defend", "no_defend", "negate")

TURN: tuple[Procedure[ZdState], ...] = (
    Procedure(Point("start", "reset"), "401", start=reset_step),
    Procedure(Point("start", "start"), "402", start=start_step, accepts=accepts("activate", "pass")),
    Procedure(Point("start", "draw"), "403", start=draw_step),
    Procedure(Point("start", "resource"), "404", accepts=accepts("place_resource"), end=play.no_resource),
    Procedure(Point("action"), "405", accepts=accepts(*ACTION_VERBS)),
    Procedure(Point("end", "end"), "406", start=end_step),
    Procedure(Point("end", "cleanup"), "407", start=cleanup_step),
    Procedure(Point("end", "discard"), "408", accepts=accepts("discard"), end=play.discard_step),
)
