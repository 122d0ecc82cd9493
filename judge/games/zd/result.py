"""zd ``result``: win, loss or draw when conditions meet at once, and loops (101, 901).

The board gives, per player, what happens at this moment: damage to the
life zone (and how many cards it holds), cards to draw (and how many the
deck holds), a concession, a card effect that makes the player win or lose.
:mod:`judge.games.zd.ending` turns those into the game's result, 101.p5 and
101.p6 included.

A loop (901) that the board describes is judged when the game goes on:
optional actions of one player — that player names the repetitions (901.p2);
of both — the smaller number, and the loop stops before the smaller
chooser's next optional action (901.p3); only mandatory actions with
triggered effects — the first trigger's controller names at least 10000,
then the trigger does not happen again (901.p4); only mandatory actions and
no trigger — a draw (901.p6, 101.p7).  A loop someone breaks stops there
(901.p5).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from itertools import product
from typing import Any

from pydantic import Field

from judge.board import BoardModel, Both, Path
from judge.bounds import Flag, LoopNumber, ZdCards
from judge.games.zd.ending import GameEnd, HitBy, Verdict, decide, life_hit, verdict
from judge.players import Player, turn_order
from judge.ruling import Outcome, Trace

#: 901.p4: the number a mandatory loop's first trigger controller names is at least this
LEAST_REPEATS = 10000


class LifeHit(BoardModel):
    by: HitBy = HitBy.BATTLE
    points: ZdCards = Field(1, ge=1, description="points of damage to the life zone")


class Standing(BoardModel):
    """What happens to one player at this moment."""

    life: ZdCards | None = Field(None, description="cards in the life zone when it is hit")
    hit: LifeHit | None = None
    deck: ZdCards | None = Field(None, description="cards left in the deck")
    draws: ZdCards = Field(0, description="cards the player must draw now")
    concedes: Flag = False
    wins_by_effect: Flag = False
    loses_by_effect: Flag = False

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        if self.hit is not None and self.life is None:
            yield ("life",), "required when the life zone is hit", ()
        if self.draws and self.deck is None:
            yield ("deck",), "required when the player must draw", ()


class Loop(BoardModel):
    """A set of actions that repeats without end (901.p1)."""

    optional_by: list[Player] = Field(
        [], max_length=2, description="players whose optional actions are in it"
    )
    triggers: Flag = Field(False, description="its mandatory actions involve triggered effects")
    first: Player | None = Field(
        None, description="who performs its first optional action, or controls its first trigger"
    )
    numbers: dict[Player, LoopNumber] = Field({}, description="the numbers the players name")
    broken_by: Player | None = Field(None, description="a player who takes an action that stops it (901.p5)")

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        if len(set(self.optional_by)) != len(self.optional_by):
            yield ("optional_by",), "each player at most once", ()
        if len(self.optional_by) == 2 and self.first is None:
            yield ("first",), "required: who performs the loop's first optional action", ("901.p3",)
        allowed = set(self.optional_by) if self.optional_by else ({self.first} if self.triggers else set())
        for player in self.numbers:
            if player not in allowed:
                yield (
                    ("numbers", player.value),
                    "this player names no number for this loop",
                    ("901.p2", "901.p3", "901.p4"),
                )
        first = self.first
        if first is None:
            return
        both = len(self.optional_by) == 2 and len(self.numbers) == 2
        if both and self.numbers[first.other] >= self.numbers[first]:
            yield (
                ("numbers", first.other.value),
                "expected a number smaller than the first player's",
                ("901.p3",),
            )
        forced = not self.optional_by and self.triggers and first in self.numbers
        if forced and self.numbers[first] < LEAST_REPEATS:
            yield ("numbers", first.value), f"expected at least {LEAST_REPEATS}", ("901.p4",)


class ResultBoard(BoardModel):
    active_player: Player
    players: Both[Standing] | None = None
    loop: Loop | None = None

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        if self.players is None and self.loop is None:
            yield (), "describe the players (players) or a loop (loop)", ()


class ResultReason(enum.StrEnum):
    CONTINUES = "game_continues"
    LOSS = "loss"  # a player lost; the other wins (101.p1–p4)
    WIN_BY_EFFECT = "win_by_effect"
    WON_AND_LOST = "won_and_lost_loses"  # 101.p5
    DRAW = "draw"  # 101.p6
    LOOP_DRAW = "unstoppable_loop_draw"  # 101.p7, 901.p6
    LOOP_ENDS = "loop_ends"  # 901.p2–p5: the loop stops, the game goes on
    RULEBOOK_CONFLICT = "rulebook_conflict"  # 101.p5 against 101.p6
    UNDECIDED = "undecided"  # the rulebook does not decide


def judge(board: ResultBoard, trace: Trace) -> Outcome:
    active = board.active_player
    won: set[Player] = set()
    lost: set[Player] = set()
    open_: set[Player] = set()
    players = board.players
    if players is not None:
        for player in turn_order(active):
            wins, loses = _standing(trace, player, players[player])
            won |= {player} if wins else set()
            lost |= {player} if loses else set()
            open_ |= {player} if loses is None else set()
    found = decide(trace, active, frozenset(won), frozenset(lost)) if players is not None else None
    possible = _possible(active, won, lost, open_) if open_ else []
    if len(possible) > 1:
        return Outcome(
            ResultReason.UNDECIDED, {"winner": None, "losers": [], "draw": None, "possible": possible}
        )
    if isinstance(found, tuple):
        return Outcome(
            ResultReason.RULEBOOK_CONFLICT,
            {
                "winner": None,
                "losers": [],
                "draw": None,
                "readings": {"101.p5": found[0].as_dict(), "101.p6": found[1].as_dict()},
            },
        )
    if found is not None and found.result is not GameEnd.CONTINUES:
        if board.loop is not None:
            trace.step("游戏已经结束，不再处理死循环。", "101.p3")
        return _ended(found, won)
    if board.loop is None:
        trace.step("双方都未赢得或输掉游戏，游戏继续。", "101.p1", "101.p2")
        return Outcome(ResultReason.CONTINUES, {"winner": None, "losers": [], "draw": False})
    return _loop(trace, board.loop)


def _standing(trace: Trace, player: Player, side: Standing) -> tuple[bool, bool | None]:
    """(wins, loses) for one player; loses is None when the book does not decide."""
    loses: bool | None = False
    if side.hit is not None and side.life is not None:  # the life is required with a hit
        loses = life_hit(trace, player, side.life, side.hit.points, side.hit.by)
    if side.draws and side.deck is not None:  # the deck is required with draws
        if side.draws > side.deck:
            trace.step(
                f"玩家 {player} 需要抽 {side.draws} 张牌，但牌组中只有 {side.deck} 张，没有足够的牌：他输掉本局游戏。",
                "101.p2",
                decisive=True,
                draws=side.draws,
                deck=side.deck,
            )
            loses = True
        else:
            trace.step(
                f"玩家 {player} 抽 {side.draws} 张牌，牌组中有 {side.deck} 张，足够。",
                "101.p2",
                draws=side.draws,
                deck=side.deck,
            )
    if side.concedes:
        trace.step(f"玩家 {player} 认输，结束本局游戏。", "101.p4", decisive=True)
        loses = True
    if side.loses_by_effect:
        trace.step(f"玩家 {player} 因卡牌效果输掉游戏：卡牌上的信息优先于游戏规则。", "102.p1", decisive=True)
        loses = True
    if side.wins_by_effect:
        trace.step(f"玩家 {player} 因卡牌效果赢得游戏：卡牌上的信息优先于游戏规则。", "102.p1", decisive=True)
    return side.wins_by_effect, loses


def _ended(found: Verdict, won: set[Player]) -> Outcome:
    if found.result is GameEnd.DRAW:
        reason = ResultReason.DRAW
    elif found.won_and_lost:
        reason = ResultReason.WON_AND_LOST
    elif found.winner in won:
        reason = ResultReason.WIN_BY_EFFECT
    else:
        reason = ResultReason.LOSS
    return Outcome(
        reason, {"winner": found.winner, "losers": list(found.losers), "draw": found.result is GameEnd.DRAW}
    )


def _possible(
    active: Player, won: set[Player], lost: set[Player], open_: set[Player]
) -> list[dict[str, Any]]:
    """Every result the points the book leaves open allow (one when there are none)."""
    possible = []
    for choice in product((False, True), repeat=len(open_)):
        extra = {p for p, loses in zip(sorted(open_), choice, strict=True) if loses}
        result = verdict(active, frozenset(won), frozenset(lost | extra))
        for one in result if isinstance(result, tuple) else (result,):
            if one.as_dict() not in possible:
                possible.append(one.as_dict())
    return possible


def _loop(trace: Trace, loop: Loop) -> Outcome:
    trace.step("游戏进入一组动作不断反复的状态，即死循环。", "901.p1")
    if loop.broken_by is not None:
        trace.step(
            f"玩家 {loop.broken_by} 用会停止继续循环的动作打破循环：循环在该时间点停止，然后照常进行游戏。",
            "901.p5",
            decisive=True,
        )
        return _loop_ends({"rule": "901.p5", "broken_by": loop.broken_by})
    chooser: Player | None
    if len(loop.optional_by) == 1:
        chooser = loop.optional_by[0]
        repeats = loop.numbers.get(chooser)
        trace.step(
            f"循环中可选择的动作都由玩家 {chooser} 控制：他选择一个数字"
            + (f"（{repeats}）" if repeats is not None else "")
            + "，此循环就重复那个次数。",
            "901.p2",
            decisive=True,
            chooser=chooser,
            repeats=repeats,
        )
        return _loop_ends({"rule": "901.p2", "chooser": chooser, "repeats": repeats})
    if len(loop.optional_by) == 2 and loop.first is not None:  # required with two choosers
        return _both_choose(trace, loop, loop.first)
    if loop.triggers:
        chooser = loop.first
        repeats = loop.numbers.get(chooser) if chooser else None
        who = f"玩家 {chooser}" if chooser else "该循环中第一个触发效果的操控者"
        trace.step(
            f"循环只包含强制性的动作且涉及触发效果，没有玩家能够并愿意打破：先完整地演示该循环，然后{who}选择一个不小于"
            f"一万的数字{f'（{repeats}）' if repeats is not None else ''}；循环额外重复该次数，在下一次该效果将要触发时结束，"
            "此时该效果不会触发，游戏照常进行。",
            "901.p4",
            decisive=True,
            chooser=chooser,
            repeats=repeats,
        )
        return _loop_ends({"rule": "901.p4", "chooser": chooser, "repeats": repeats})
    trace.step(
        "循环中只包含强制性的动作，且不包含触发效果：这是无法阻止的死循环，本局游戏视为平局。",
        "901.p6",
        "101.p7",
        decisive=True,
    )
    return Outcome(
        ResultReason.LOOP_DRAW, {"winner": None, "losers": [], "draw": True, "loop": {"rule": "901.p6"}}
    )


def _both_choose(trace: Trace, loop: Loop, first: Player) -> Outcome:
    smaller = first.other
    repeats = loop.numbers.get(smaller)
    trace.step(
        f"循环中可选择的动作分别由双方控制：先完整地演示该循环；执行第一个可选择动作的玩家 {first} 选择一个数字，"
        f"然后玩家 {smaller} 选择一个较小的数字。被选择的最小数字"
        + (f"（{repeats}）" if repeats is not None else "")
        + f"便是额外重复的次数；之后在玩家 {smaller} 第一次执行可选择动作之前结束此循环，玩家 {smaller} 获得优先权，"
        "下一次不能选择会将死循环继续下去的动作。",
        "901.p3",
        decisive=True,
        first=first,
        numbers=dict(loop.numbers),
        repeats=repeats,
    )
    return _loop_ends(
        {"rule": "901.p3", "chooser": first, "smaller": smaller, "repeats": repeats, "priority": smaller}
    )


def _loop_ends(loop: dict[str, Any]) -> Outcome:
    return Outcome(ResultReason.LOOP_ENDS, {"winner": None, "losers": [], "draw": False, "loop": loop})
