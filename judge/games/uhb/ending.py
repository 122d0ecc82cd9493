"""The end of a uhb game (1.3): who loses, and a draw when both do, checked as rule processing.

A player who has to draw, or to add energy, from an empty deck is noted as
it happens (1.3.2b, 1.3.2c); a damage zone of 5 cards is counted (1.3.2a).
During an effect nobody loses until it is carried out in full (1.3.4): the
effect's own code says so, once, where it applies; the check itself runs
after every action and every automatic part of the turn.
"""

from __future__ import annotations

from judge.games.uhb.outcome import UhbReason
from judge.games.uhb.sources import continues, current
from judge.games.uhb.state import DAMAGE_LIMIT, UhbState
from judge.outcome import Result
from judge.players import PLAYERS, Player, turn_order
from judge.replay import Replay

Run = Replay[UhbState]

#: notes: the losing conditions met since the last check, per player
MET = "losing"
#: notes: the cards effects put into each player's damage zone: (count, source, clauses that did it)
INTO_DAMAGE = "into_damage_zone"

TEXT = {
    UhbReason.DRAW_FROM_EMPTY_DECK: "将要抽牌，同时牌库内没有剩余牌",
    UhbReason.ENERGY_FROM_EMPTY_DECK: "将要将牌库顶牌移入能量区，同时牌库内没有剩余牌",
    UhbReason.WIN_BY_EFFECT: "对方的卡牌效果使对方获得胜利",
}


def meet(replay: Run, player: Player, reason: UhbReason, *because: str) -> None:
    """A losing condition met now (an empty deck, a win granted by an effect): lost at the next check,
    which cites ``because``, the clauses that made the player draw or add energy, with it."""
    replay.notes.setdefault(MET, {}).setdefault(player, []).append((reason, because))


def into_damage(
    replay: Run, player: Player, count: int, source: str | None, clauses: tuple[str, ...]
) -> None:
    """Cards an effect put into ``player``'s damage zone (3.3.1): a loss they made up the fifth card
    of is decided by the clauses that carried that effect out."""
    replay.notes.setdefault(INTO_DAMAGE, {}).setdefault(player, []).append((count, source, clauses))


def _by_effects(replay: Run, player: Player, total: int) -> None:
    """The effects without whose cards the damage zone would hold fewer than 5: they decide the loss."""
    for count, source, clauses in replay.notes.get(INTO_DAMAGE, {}).get(player, []):
        if total - count < DAMAGE_LIMIT:
            whose = f"「{source}」的效果" if source else "效果"
            replay.step(
                f"玩家 {player} 的伤害区中有 {count} 张牌是{whose}移入的（若没有此效果，伤害区只有 "
                f"{total - count} 张牌）。",
                *clauses,
                decisive=True,
            )


def damage_full(state: UhbState, player: Player) -> bool:
    total = state.side(player).damage_zone.total
    return total is not None and total >= DAMAGE_LIMIT


def pending(replay: Run) -> bool:
    """Whether some losing condition holds now (for 1.3.4's step after an effect)."""
    return bool(replay.notes.get(MET)) or any(damage_full(replay.state, p) for p in PLAYERS)


def check(replay: Run) -> None:
    """1.3.2 for both players, the turn player first; both at once is a draw (1.3.3).  Not while a
    card's effect still has parts to carry out (1.3.4)."""
    if continues(replay, current(replay)):
        return
    met: dict[Player, list[tuple[UhbReason, tuple[str, ...]]]] = replay.notes.pop(MET, {})
    first = replay.state.turn_player or Player.A
    lost: dict[Player, UhbReason] = {}
    for player in turn_order(first):
        if damage_full(replay.state, player):
            total = replay.state.side(player).damage_zone.total
            replay.step(
                f"玩家 {player} 的伤害区有 {total} 张牌（5 张或更多），输掉本局游戏。",
                "1.3.2a",
                "3.3.2",
                decisive=True,
                damage_zone=total,
            )
            _by_effects(replay, player, total or 0)
            lost.setdefault(player, UhbReason.DAMAGE_ZONE_FULL)
        for reason, because in met.get(player, []):
            replay.step(f"玩家 {player} {TEXT[reason]}，输掉游戏。", reason.clause, *because, decisive=True)
            lost.setdefault(player, reason)
    replay.notes.setdefault("losers", []).extend(p for p in lost if p not in replay.notes["losers"])
    if len(lost) == 2:
        replay.end_game(
            Result.DRAWN, UhbReason.BOTH_LOST, None, "双方同时输掉游戏，此局游戏的结果为平手。", "1.3.3"
        )
    if lost:
        loser, reason = next(iter(lost.items()))
        replay.end_game(
            Result.WON, reason, loser.other, f"玩家 {loser} 输掉游戏，玩家 {loser.other} 获胜。", "1.3.1"
        )


def why_not(replay: Run) -> None:
    """Each way to lose that did not apply, for the ruling's "why not"."""
    for player in turn_order(replay.state.turn_player or Player.A):
        total = replay.state.side(player).damage_zone.total
        if total is not None:
            replay.not_applied(
                f"玩家 {player} 的伤害区有 {total} 张牌，不到 5 张，不会因此输掉游戏。",
                "1.3.2a",
                damage_zone=total,
            )
