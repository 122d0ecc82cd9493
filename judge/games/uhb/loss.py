"""uhb ``loss_check``: after an effect has been carried out, who loses (1.3.2–1.3.4)?

The board lists what happened during the effect, in order.  An action that
affects both players is carried out by the active player first (1.1.5).
Running out of deck is met *while* drawing or adding energy, but a player
only loses once the effect is over (1.3.4).
"""

from __future__ import annotations

import enum

from pydantic import Field

from judge.board import BoardModel, Both
from judge.bounds import UhbCards
from judge.games.uhb.ending import LossCause, game_end
from judge.players import Player, turn_order
from judge.ruling import Outcome, Trace


class Action(enum.StrEnum):
    DRAW = "DRAW"  # draw cards
    ADD_ENERGY = "ADD_ENERGY"  # move the deck's top cards to the energy zone (5.3.1)
    DAMAGE = "DAMAGE"  # cards enter this player's damage zone
    WIN_BY_EFFECT = "WIN_BY_EFFECT"  # this player's card effect makes them win


class Who(enum.StrEnum):
    A = "A"
    B = "B"
    BOTH = "BOTH"


class Event(BoardModel):
    player: Who
    action: Action
    count: UhbCards = Field(1, ge=1)


class Zones(BoardModel):
    damage_zone: UhbCards
    deck: UhbCards


class LossCheckBoard(BoardModel):
    active_player: Player
    players: Both[Zones]
    events: list[Event] = Field([], description="what the effect did, in order")


def judge(board: LossCheckBoard, trace: Trace) -> Outcome:
    deck = {p: board.players[p].deck for p in Player}
    damage = {p: board.players[p].damage_zone for p in Player}
    happened: dict[Player, list[LossCause]] = {}
    for event in board.events:
        players: tuple[Player, ...]
        if event.player is Who.BOTH:
            trace.step(
                "效果同时影响双方玩家：由当前回合玩家先执行，再由对方执行。",
                "1.1.5",
                order=turn_order(board.active_player),
            )
            players = turn_order(board.active_player)
        else:
            players = (Player(event.player.value),)
        for player in players:
            _carry_out(trace, player, event, deck, damage, happened)
    end = game_end(trace, board.active_player, damage, happened)
    return Outcome(end["result"], {**end, "damage_zone": damage, "deck": deck})


def _carry_out(
    trace: Trace,
    player: Player,
    event: Event,
    deck: dict[Player, int],
    damage: dict[Player, int],
    happened: dict[Player, list[LossCause]],
) -> None:
    if event.action is Action.DAMAGE:
        damage[player] += event.count
        trace.step(
            f"{event.count} 张牌移入玩家 {player} 的伤害区（共 {damage[player]} 张）。",
            "1.3.2a",
            damage_zone=damage[player],
        )
        return
    if event.action is Action.WIN_BY_EFFECT:
        trace.step(
            f"玩家 {player} 的卡牌效果使其获得胜利：对方玩家 {player.other} 满足输掉游戏的条件。", "1.3.2d"
        )
        happened.setdefault(player.other, []).append(LossCause.OPPONENT_WINS_BY_EFFECT)
        return
    done = min(event.count, deck[player])
    deck[player] -= done
    energy = event.action is Action.ADD_ENERGY
    verb = "将牌库顶牌移入能量区" if energy else "抽牌"
    cites = ("5.3.1", "1.3.2c") if energy else ("1.3.2b",)
    if done == event.count:
        trace.step(
            f"玩家 {player} {verb} {done} 张，牌库内仍有牌（剩 {deck[player]} 张）。",
            *cites,
            count=done,
            deck=deck[player],
        )
        return
    trace.step(
        f"玩家 {player} 需{verb} {event.count} 张，但只{verb} {done} 张后牌库内没有剩余牌：满足输掉游戏的条件。",
        *cites,
        count=event.count,
        done=done,
    )
    cause = LossCause.ENERGY_FROM_EMPTY_DECK if energy else LossCause.DRAW_FROM_EMPTY_DECK
    happened.setdefault(player, []).append(cause)
