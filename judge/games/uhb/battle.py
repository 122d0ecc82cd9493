"""uhb ``battle``: the settlement phase (4.4) from the supports to the game-end check.

Total power is the main character's power (its weakened power when weakened,
5.11.3) plus every support's support power (4.4.2), plus power effects whose
condition holds — conditions compare numbers the 5.9.1 way, the value itself
included.  Equal totals make both sides losers.  Result effects fire active
player first (4.4.3); cards move active player first (4.4.4a–c); then, once
everything is over, the game-end check (1.3.4).

A losing main character with a weakened power, in full state, *may* stay on
the field weakened by sending the deck's top card to the damage zone
instead (5.11.1): the ruling gives the outcome of each choice.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from itertools import product
from typing import Any

from pydantic import Field

from judge.board import BoardModel, Both, Path
from judge.bounds import Flag, Stat, StatChange, UhbCards
from judge.games.uhb.ending import DAMAGE_LIMIT, GameEnd, game_end
from judge.numbers import Compare, holds
from judge.players import Player, turn_order
from judge.ruling import Outcome, Trace


class Zone(enum.StrEnum):
    DAMAGE_ZONE = "damage_zone"
    DECK = "deck"
    HAND = "hand"
    ENERGY = "energy"


ZONE_NAMES = {Zone.DAMAGE_ZONE: "伤害区", Zone.DECK: "牌库", Zone.HAND: "手牌", Zone.ENERGY: "能量区"}
COMPARE_WORDS = {
    Compare.AT_LEAST: " {n} 张以上",
    Compare.AT_MOST: " {n} 张以下",
    Compare.MORE_THAN: "大于 {n} 张",
    Compare.LESS_THAN: "小于 {n} 张",
}


class Whose(enum.StrEnum):
    SELF = "self"
    OPPONENT = "opponent"


class Condition(BoardModel):
    """「如我方伤害区中的牌的数量为 3 张以下」 → ``{zone: damage_zone, at_most: 3}``."""

    zone: Zone
    whose: Whose = Whose.SELF
    at_least: UhbCards | None = None
    at_most: UhbCards | None = None
    more_than: UhbCards | None = None
    less_than: UhbCards | None = None

    @property
    def test(self) -> tuple[Compare, int]:
        return next((c, getattr(self, c.value)) for c in Compare if getattr(self, c.value) is not None)

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        given = [c.value for c in Compare if getattr(self, c.value) is not None]
        if len(given) != 1:
            yield (), f"give exactly one of {', '.join(c.value for c in Compare)}", ()


class PowerChange(BoardModel):
    amount: StatChange
    source: str = Field("", description="the card or effect, for the steps")
    condition: Condition | None = Field(None, alias="if")


class Main(BoardModel):
    name: str = Field(min_length=1)
    power: Stat
    weakened_power: Stat | None = Field(None, description="the red weakened power (2.0.6a)")
    weakened: Flag = Field(False, description="in weakened state (5.11)")
    win_effect: Flag = Field(False, description="has a 胜 effect (2.0.5e)")
    lose_effect: Flag = Field(False, description="has a 败 effect (2.0.5f)")

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        if self.weakened and self.weakened_power is None:
            yield ("weakened",), "only a card with a weakened power can be in weakened state", ("5.11.2",)


class Support(BoardModel):
    name: str = Field(min_length=1)
    support_power: Stat


class Side(BoardModel):
    main: Main
    support: Support | None = None
    extra_supports: list[Support] = []
    power_changes: list[PowerChange] = []
    promote: str | None = Field(None, description="the support that takes the main's place if this side wins")
    damage_zone: UhbCards
    deck: UhbCards
    hand: UhbCards | None = None
    energy: UhbCards | None = None

    @property
    def supports(self) -> list[Support]:
        return ([self.support] if self.support else []) + list(self.extra_supports)

    def count(self, zone: Zone) -> int | None:
        count: int | None = getattr(self, zone.value)
        return count


class BattleBoard(BoardModel):
    active_player: Player
    players: Both[Side]

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        for player in Player:
            side = self.players[player]
            if side.damage_zone >= DAMAGE_LIMIT:
                yield (
                    ("players", player.value, "damage_zone"),
                    (f"a player with {side.damage_zone} cards in the damage zone has already lost"),
                    ("3.3.2",),
                )
            names = [s.name for s in side.supports]
            if side.promote is not None and side.promote not in names:
                yield (
                    ("players", player.value, "promote"),
                    f"expected one of the supports: {', '.join(names) or '(none)'}",
                    (),
                )
            for i, change in enumerate(side.power_changes):
                if change.condition is None:
                    continue
                whose = player if change.condition.whose is Whose.SELF else player.other
                if self.players[whose].count(change.condition.zone) is None:
                    yield (
                        ("players", whose.value, change.condition.zone.value),
                        (f"required by players.{player.value}.power_changes[{i}].if"),
                        (),
                    )


class BattleReason(enum.StrEnum):
    HIGHER_TOTAL = "higher_total_power"
    EQUAL_TOTALS = "equal_totals_both_lose"


#: clauses whose absence would change a total; tried away to find the decisive ones
MODIFIERS = ("5.9.1", "5.11.3")


def total_power(board: BattleBoard, player: Player, ignore: frozenset[str] = frozenset()) -> int:
    side = board.players[player]
    main = side.main
    weakened = main.weakened_power if main.weakened and "5.11.3" not in ignore else None  # set when weakened
    power = main.power if weakened is None else weakened
    power += sum(s.support_power for s in side.supports)
    for change in side.power_changes:
        if change.condition is None or _met(board, player, change.condition, "5.9.1" not in ignore):
            power += change.amount
    return power


def _met(board: BattleBoard, player: Player, condition: Condition, inclusive: bool) -> bool:
    whose = player if condition.whose is Whose.SELF else player.other
    compare, threshold = condition.test
    count = board.players[whose].count(condition.zone)  # given wherever a condition reads it
    return count is not None and holds(count, compare, threshold, inclusive=inclusive)


def _winner(board: BattleBoard, ignore: frozenset[str] = frozenset()) -> Player | None:
    a, b = (total_power(board, p, ignore) for p in Player)
    return None if a == b else (Player.A if a > b else Player.B)


def judge(board: BattleBoard, trace: Trace) -> Outcome:
    active = board.active_player
    for player in turn_order(active):
        _explain_total(trace, board, player)
    totals = {p: total_power(board, p) for p in Player}
    winner = _winner(board)
    losers = [p for p in turn_order(active) if p is not winner]
    if winner is None:
        trace.step(
            f"双方总战力相等（{totals[Player.A]}），双方都为战败方。", "4.4.2", decisive=True, totals=totals
        )
    else:
        trace.step(
            f"玩家 {winner} 的总战力 {totals[winner]} 较高，为胜利方；玩家 {winner.other} 的 "
            f"{totals[winner.other]} 较低，为战败方。",
            "4.4.2",
            decisive=True,
            totals=totals,
        )
    trace.mark_decisive_if_it_matters(lambda ignore: _winner(board, ignore), *MODIFIERS)
    triggered = _result_effects(trace, board, winner)
    optional = [p for p in losers if _may_weaken(board.players[p].main)]
    default = dict.fromkeys(optional, False)
    end, moves = _settle(trace, board, winner, default)
    for options in product((False, True), repeat=len(optional)) if optional else ():
        chosen = dict(zip(optional, options, strict=True))
        branch = trace.branch()
        branch_end, branch_moves = _settle(branch, board, winner, chosen)
        facts = {"game_end": branch_end, "moves": branch_moves}
        reason = BattleReason.EQUAL_TOTALS if winner is None else BattleReason.HIGHER_TOTAL
        trace.add_choice(
            optional[0] if len(optional) == 1 else None,
            {f"weaken_{p.value}": c for p, c in chosen.items()},
            Outcome(reason, facts),
            branch,
        )
    return Outcome(
        BattleReason.EQUAL_TOTALS if winner is None else BattleReason.HIGHER_TOTAL,
        {
            "winner": winner,
            "losers": losers,
            "totals": totals,
            "triggered": triggered,
            "moves": moves,
            "game_end": end,
        },
    )


def _explain_total(trace: Trace, board: BattleBoard, player: Player) -> None:
    side = board.players[player]
    main = side.main
    if side.support:
        trace.step(
            f"玩家 {player} 以手牌中的「{side.support.name}」作为支援角色。",
            "4.3.2",
            support_power=side.support.support_power,
        )
    if side.extra_supports:
        names = "、".join(f"「{s.name}」" for s in side.extra_supports)
        trace.step(
            f"玩家 {player} 以满足条件的 {names} 进行额外支援。",
            "4.3.4",
            extra_supports=[s.name for s in side.extra_supports],
        )
    if main.weakened:
        trace.step(
            f"玩家 {player} 的主战角色「{main.name}」处于衰弱状态，使用衰弱战力 {main.weakened_power}。",
            "5.11.3",
            power=main.weakened_power,
        )
    for change in side.power_changes:
        if change.condition is not None:
            _explain_condition(trace, board, player, change, change.condition)
    sum_text = str(main.weakened_power if main.weakened else main.power)
    sum_text += "".join(f" + {s.support_power}（{s.name}）" for s in side.supports)
    sum_text += "".join(
        f" {'+' if c.amount >= 0 else '-'} {abs(c.amount)}"
        for c in side.power_changes
        if c.condition is None or _met(board, player, c.condition, True)
    )
    trace.step(
        f"玩家 {player} 的总战力 = 主战角色「{main.name}」的战力加上所有支援角色的支援战力"
        f"{'及战力增减' if side.power_changes else ''}：{sum_text} = {total_power(board, player)}。",
        "4.4.2",
        total=total_power(board, player),
    )


def _explain_condition(
    trace: Trace, board: BattleBoard, player: Player, change: PowerChange, condition: Condition
) -> None:
    whose = player if condition.whose is Whose.SELF else player.other
    value = board.players[whose].count(condition.zone)
    compare, threshold = condition.test
    met = _met(board, player, condition, True)
    owner = "我方" if whose is player else "对方"
    trace.step(
        f"{change.source or '效果'}的条件「{owner}{ZONE_NAMES[condition.zone]}"
        f"{COMPARE_WORDS[compare].format(n=threshold)}」包括该数值本身：{ZONE_NAMES[condition.zone]}有 {value} 张，"
        + (f"条件满足，战力{change.amount:+d}。" if met else "条件不满足。"),
        "5.9.1",
        value=value,
        threshold=threshold,
        met=met,
    )


def _result_effects(trace: Trace, board: BattleBoard, winner: Player | None) -> list[dict[str, Any]]:
    triggered = []
    for player in turn_order(board.active_player):
        main = board.players[player].main
        won = player is winner
        if won and main.win_effect:
            trace.step(f"玩家 {player} 的主战角色「{main.name}」胜利，触发胜利效果。", "4.4.3", "2.0.5e")
            triggered.append({"player": player, "effect": "win"})
        elif not won and main.lose_effect:
            how = "平局" if winner is None else "战败"
            trace.step(f"玩家 {player} 的主战角色「{main.name}」{how}，触发战败效果。", "4.4.3", "2.0.5f")
            triggered.append({"player": player, "effect": "lose"})
    if len(triggered) == 2:
        trace.step("结果效果先由当前回合玩家触发，再由对方玩家触发。", "4.4.3", order=triggered)
    return triggered


def _may_weaken(main: Main) -> bool:
    return main.weakened_power is not None and not main.weakened


def _settle(
    trace: Trace, board: BattleBoard, winner: Player | None, weaken: dict[Player, bool]
) -> tuple[dict[str, Any], dict[Player, dict[str, Any]]]:
    """Move the cards (4.4.4) and check the game end; return (game_end, moves)."""
    trace.step("双方各自根据战斗的结果移动卡牌，先由当前回合玩家执行，再由对手执行。", "4.4.4")
    damage = {p: board.players[p].damage_zone for p in Player}
    moves: dict[Player, dict[str, Any]] = {}
    for player in turn_order(board.active_player):
        side = board.players[player]
        if player is winner:
            moves[player] = _winner_moves(trace, player, side)
        else:
            moves[player] = _loser_moves(trace, player, side, weaken.get(player, False))
            damage[player] += 1 if moves[player]["damage_zone"] else 0
    end = game_end(trace, board.active_player, damage, {})
    for player in end["losers"]:  # the card this battle sent to the damage zone decided it
        trace.mark_decisive("5.11.1" if weaken.get(player) else "4.4.4b")
    if any(move.get("undecided") for move in moves.values()):
        end = {**end, "result": GameEnd.UNDECIDED}
    return end, moves


def _winner_moves(trace: Trace, player: Player, side: Side) -> dict[str, Any]:
    supports = side.supports
    if not supports:
        trace.step(f"胜利方玩家 {player} 没有进行支援，主战角色「{side.main.name}」留在战场。", "4.4.4c")
        return {"field": side.main.name, "rest_area": [], "damage_zone": []}
    chosen = side.promote or supports[0].name
    rest = [side.main.name] + [s.name for s in supports if s.name != chosen]
    trace.choice(
        f"胜利方玩家 {player}：主战角色「{side.main.name}」移入休息区，从支援角色中选取「{chosen}」移入主战角色"
        f"之前所在的配置区，其余支援角色移入休息区。",
        "4.4.4a",
        field=chosen,
        rest_area=rest,
    )
    return {"field": chosen, "rest_area": rest, "damage_zone": []}


def _loser_moves(trace: Trace, player: Player, side: Side, weaken: bool) -> dict[str, Any]:
    main = side.main
    rest = [s.name for s in side.supports]
    if _may_weaken(main):
        trace.choice(
            f"战败方玩家 {player} 的「{main.name}」具有衰弱战力且处于全力状态：可以选择将牌库顶的 1 张牌移入"
            "伤害区，使此牌以衰弱状态留在战场上（这不是战败效果）。",
            "2.0.6a",
            "5.11.1",
            "5.11.4",
        )
    if weaken and side.deck == 0:
        trace.silent(
            f"玩家 {player} 的牌库内没有牌，无法将牌库顶的牌移入伤害区。规则书未规定此时能否选择以衰弱状态留在"
            "战场上（1.1.3a 只说明部分效果无法执行时尽量执行可以执行的部分）。",
            "5.11.1",
            "1.1.3a",
        )
        return {"field": main.name, "rest_area": rest, "damage_zone": [], "undecided": True}
    if weaken:
        trace.step(
            f"玩家 {player} 选择将牌库顶的 1 张牌移入伤害区，「{main.name}」以衰弱状态留在战场上；"
            "支援角色移入休息区。",
            "5.11.1",
            "4.4.4b",
            rest_area=rest,
        )
        return {"field": main.name, "rest_area": rest, "damage_zone": ["牌库顶的 1 张牌"]}
    reset = "（衰弱状态的角色牌进入其他区域时重置回全力状态）" if main.weakened else ""
    trace.step(
        f"战败方玩家 {player}：主战角色「{main.name}」移入伤害区{reset}，所有支援角色移入休息区。",
        "4.4.4b",
        *(("5.11.2a",) if main.weakened else ()),
        damage_zone=[main.name],
        rest_area=rest,
    )
    return {"field": None, "rest_area": rest, "damage_zone": [main.name]}
