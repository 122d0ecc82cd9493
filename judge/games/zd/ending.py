"""zd's end of the game (101): who wins, who loses, when it is a draw.

A player loses when their empty life zone is successfully attacked again
and takes battle damage (101.p1), when they must draw more cards than their
deck holds (101.p2), when they concede (101.p4), or by a card effect; a
player wins only by a card effect.  101.p5: a player who both wins and
loses has lost.  101.p6: both players winning, or both losing, at once is a
draw.  The game ends at once (101.p3).

One case the two clauses settle differently: one player both wins and
loses while the other wins.  Applied player by player first, 101.p5 makes
the first player lose, so the other wins; 101.p6 read as written sees both
players win at once, a draw.  :func:`decide` reports that as a conflict
with both results rather than choosing.

:func:`life_hit` is the life-zone rule both the ``battle`` and ``result``
questions apply: only a zone that is already empty loses, only to battle
damage (101.p1); one card left means no single attack decides (202.p4);
贯通's damage never wins (900.贯通); the book does not say what other
effect damage to an empty life zone does.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from judge.players import Player, turn_order
from judge.ruling import Trace


class GameEnd(enum.StrEnum):
    CONTINUES = "continues"
    DECIDED = "decided"  # one player won, the other lost
    DRAW = "draw"  # 101.p6
    CONFLICT = "conflict"  # 101.p5 and 101.p6 give different results
    UNDECIDED = "undecided"  # depends on a point the rulebook does not decide


class HitBy(enum.StrEnum):
    BATTLE = "battle"  # battle damage of a successful attack (505.p1)
    EFFECT = "effect"  # damage dealt by an effect
    PIERCE = "贯通"  # the damage of 贯通 (900.贯通)


@dataclass(frozen=True, slots=True)
class Verdict:
    result: GameEnd
    winner: Player | None
    losers: tuple[Player, ...]
    won_and_lost: tuple[Player, ...] = ()  # players 101.p5 turned into losers

    def as_dict(self) -> dict[str, Any]:
        return {
            "result": self.result.value,
            "winner": self.winner and self.winner.value,
            "losers": [p.value for p in self.losers],
        }


def verdict(
    active: Player, won: frozenset[Player], lost: frozenset[Player]
) -> Verdict | tuple[Verdict, Verdict]:
    """The game's result; a pair (101.p5 first, 101.p6 as written) when they differ.

    >>> verdict(Player.A, frozenset({Player.A}), frozenset({Player.A})).winner
    <Player.B: 'B'>
    >>> verdict(Player.A, frozenset({Player.A, Player.B}), frozenset()).result
    <GameEnd.DRAW: 'draw'>
    >>> [v.result.value for v in verdict(Player.A, frozenset({Player.A, Player.B}), frozenset({Player.A}))]
    ['decided', 'draw']
    """
    order = turn_order(active)
    both = tuple(p for p in order if p in won and p in lost)
    losers = tuple(p for p in order if p in lost)
    winners = tuple(p for p in order if p in won and p not in lost)
    if len(losers) == 2 or len(winners) == 2:
        return Verdict(GameEnd.DRAW, None, losers, both)
    if both and winners:
        per_player = Verdict(GameEnd.DECIDED, winners[0], losers, both)
        as_written = Verdict(GameEnd.DRAW, None, (), both)
        return per_player, as_written
    if losers:
        return Verdict(GameEnd.DECIDED, losers[0].other, losers, both)
    if winners:
        return Verdict(GameEnd.DECIDED, winners[0], (winners[0].other,))
    return Verdict(GameEnd.CONTINUES, None, ())


def decide(
    trace: Trace, active: Player, won: frozenset[Player], lost: frozenset[Player]
) -> Verdict | tuple[Verdict, Verdict]:
    """Write the steps of the game-end check; return :func:`verdict`'s answer."""
    found = verdict(active, won, lost)
    for player in turn_order(active):
        if player in won and player in lost:
            trace.step(f"玩家 {player} 同时赢得及输掉游戏，那他便输掉了本局游戏。", "101.p5", decisive=True)
    if isinstance(found, tuple):
        per_player, _ = found
        loser = per_player.won_and_lost[0]
        trace.conflict(
            f"玩家 {loser} 同时赢得及输掉游戏，玩家 {loser.other} 赢得游戏。先按 101.p5 判定玩家 {loser} 输掉，则玩家 "
            f"{loser.other} 获胜；按 101.p6 的字面，双方玩家同时赢得游戏，则本局视为平局。规则书未说明两条规定的先后。",
            "101.p5",
            "101.p6",
        )
        trace.mark_decisive("101.p5", "101.p6")
        return found
    if found.result is GameEnd.DRAW:
        how = "输掉" if len(found.losers) == 2 else "赢得"
        trace.step(f"双方玩家同时{how}游戏，本局游戏视为平局。", "101.p6", decisive=True)
    elif found.result is GameEnd.DECIDED:
        loser = found.losers[0]
        trace.step(
            f"玩家 {loser} 输掉游戏，游戏马上结束；玩家 {found.winner} 获胜。",
            "101.p3",
            loser=loser,
            winner=found.winner,
        )
    return found


def life_hit(trace: Trace, player: Player, life: int, points: int, by: HitBy) -> bool | None:
    """Does ``points`` of damage to a life zone of ``life`` cards lose the game?  None: the book does not say."""
    if points <= 0:
        return False
    if life >= 1:
        if life == 1 and points >= 2 and by is HitBy.BATTLE:
            trace.step(
                f"玩家 {player} 的生命区中只有一张牌：无论单次攻击中造成多少点伤害（此处 {points} 点）都无法导致游戏出现"
                "胜负。",
                "202.p4",
                "900.会心一击",
                decisive=True,
                life=life,
                points=points,
            )
        else:
            trace.step(
                f"玩家 {player} 的生命区受到伤害时仍有 {life} 张牌，并非已经没有牌，不会因此输掉游戏。",
                "101.p1",
                life=life,
                points=points,
            )
        return False
    if by is HitBy.BATTLE:
        trace.step(
            f"玩家 {player} 的生命区中已经没有牌，再次被攻击成功并受到战斗伤害：他输掉本局游戏。",
            "101.p1",
            decisive=True,
            life=life,
            points=points,
        )
        return True
    if by is HitBy.PIERCE:
        trace.step(
            f"玩家 {player} 的生命区中已经没有牌，但由贯通造成的伤害无法使玩家获得游戏的胜利。",
            "900.贯通",
            decisive=True,
            life=life,
        )
        return False
    trace.silent(
        f"玩家 {player} 的生命区中已经没有牌，受到效果造成的伤害。101.p1 只规定已经没有牌的生命区再次被攻击成功并受到"
        "战斗伤害时输掉游戏；900.贯通 特别说明贯通的伤害无法使玩家获胜，却未说明其他效果的伤害是否会。规则书对此没有"
        "规定。",
        "101.p1",
        "900.贯通",
        life=life,
    )
    return None
