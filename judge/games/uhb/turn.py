"""The uhb turn as procedures (ch. 4): start, form change, battle, support, settlement, end.

The game's first turn skips the draw and the energy (1.2.4, 4.0.2, 4.0.3).
Who takes the first turn is decided before it (1.2.2); in the second and
later games of a match, by the previous game's loser, or after a draw by
whoever decided last time (1.2.2a).
"""

from __future__ import annotations

from itertools import combinations

from judge.games.uhb import battle, effects, ending
from judge.games.uhb.actions import Battle, ChooseOrder, Discard
from judge.games.uhb.state import UhbState
from judge.players import PLAYERS, Player, turn_order
from judge.replay import Point, Procedure, Replay, accepts
from judge.state import Duration
from judge.timeline import Until

Run = Replay[UhbState]


def chooser(replay: Run) -> Player | None:
    """Who decides the order (1.2.2a), where the book names one; None in a first game (1.2.2)."""
    match = replay.state.match
    if match is None or match.game == 1 or match.previous is None:
        return None
    previous = match.previous
    return previous.loser if previous.loser is not None else previous.decided_by


def _chooser_text(replay: Run, player: Player) -> tuple[str, str]:
    previous = replay.state.match.previous if replay.state.match else None
    if previous is not None and previous.drawn:
        return f"上一局平局，由上一局决定先后的玩家 {player} 再次决定先后", "1.2.2a"
    return f"由上一局输掉游戏的玩家 {player} 决定先后", "1.2.2a"


def decide_order(replay: Run, action: ChooseOrder | None) -> None:
    """Before the first turn: who decides (1.2.2, 1.2.2a), and who goes first."""
    state = replay.state
    deciding = chooser(replay)
    if action is not None:
        if deciding is not None and action.player is not deciding:
            text, clause = _chooser_text(replay, deciding)
            replay.refuse(
                f"第 {state.match.game if state.match else 2} 局游戏{text}，不是玩家 {action.player}。",
                clause,
            )
        state.turn_player = action.first
    elif deciding is not None:
        text, clause = _chooser_text(replay, deciding)
        state.turn_player = replay.choose(
            deciding, "first_player", None, PLAYERS, f"玩家 {deciding} 决定的先手玩家", clause
        )
    else:
        state.turn_player = replay.fact(
            "first_player", None, PLAYERS, "先手玩家（1.2.2：双方同意的方式决定）", "1.2.2"
        )
    if deciding is not None:
        text, clause = _chooser_text(replay, deciding)
        replay.step(
            f"{text}：玩家 {state.turn_player} 先开始回合。", clause, decisive=True, first=state.turn_player
        )
    elif action is not None:
        replay.step(
            f"在首局游戏中，以双方同意的方式由玩家 {action.player} 决定先后：玩家 {action.first} 先开始回合。",
            "1.2.2",
        )
    replay.notes["first_player"] = state.turn_player
    _start_of_turn(replay)


def start_phase(replay: Run) -> None:
    """4.0: draw, energy (neither on the game's first turn), then 「回合开始时」 effects."""
    state = replay.state
    if state.turn_player is None:
        leading = next((a for a in replay.timeline.actions if not _is_trigger(a)), None)
        if isinstance(leading, ChooseOrder) and state.turn in (1, None):
            return  # the order is decided by the first action, which then starts the turn
        if state.turn == 1 or state.match is not None:
            decide_order(replay, None)
            return
        state.turn_player = replay.fact("turn_player", None, PLAYERS, "当前回合玩家", "4.0.1")
    _start_of_turn(replay)


def _is_trigger(action: object) -> bool:
    return getattr(action, "when", None) is not None


def _start_of_turn(replay: Run) -> None:
    state = replay.state
    player = state.turn_player or Player.A
    first: bool = replay.fact(
        "first_turn",
        None if state.turn is None else state.turn == 1,
        (True, False),
        "本回合是否为本局游戏的第一个回合",
        "1.2.4",
    )
    alone = _start_phase_alone(replay)
    if first and alone:
        replay.step(
            f"本回合为本局游戏的第一个回合：先手玩家 {player} 不进行抽牌和暗盖能量牌的操作。",
            "1.2.4",
            decisive=True,
        )
    elif first:
        replay.not_applied(
            f"本回合为本局游戏的第一个回合：先手玩家 {player} 不进行抽牌和暗盖能量牌的操作。",
            "1.2.4",
            "4.0.2",
            "4.0.3",
        )
    else:
        effects.draw(replay, player, 1, "4.0.2")
        ending.check(replay)  # a rule's draw, not an effect: the loss is at once (1.3.2b)
        effects.add_energy(replay, player, 1, "4.0.3")
        if alone:
            replay.log.mark_decisive("4.0.2", "4.0.3")
    replay.event("turn_start", player=player)
    if replay.fired:
        replay.step(
            "当前回合玩家、随后对方玩家选择使用写有“回合开始时”的效果。",
            "4.0.4",
            "4.0.5",
            decisive=_both_sides(replay),
        )


def _start_phase_alone(replay: Run) -> bool:
    """Whether the start phase of a turn the board gives is all a timeline replays (no action,
    stopping at the phase's end; not the order of play still to decide): then what its rules did
    to the table, the draw and the energy or their skipping on the first turn, is what the ruling
    decides."""
    timeline = replay.timeline
    given = timeline.state.turn_player is not None and replay.state.match is None
    return given and not timeline.actions and timeline.until is Until.END_OF_PHASE


def battle_phase(replay: Run) -> None:
    """4.2.2: 「战斗开始时」 effects."""
    replay.event("battle_start", player=replay.state.turn_player)
    if replay.fired:
        replay.step("玩家选择执行写有“战斗开始时”的效果。", "4.2.2")


def battle_phase_end(replay: Run) -> None:
    """4.2.3 is not optional: a battle phase the timeline leaves without main characters is the turn
    player's choice of them, replayed per pair."""
    state = replay.state
    if state.battle is not None:
        return
    player = state.turn_player or Player.A
    ours, theirs = state.side(player).field.names(), state.side(player.other).field.names()
    if not ours or not theirs:
        replay.log.silent("一方战场上没有角色牌，无法选择主战角色；规则书未规定此时的战斗阶段。", "4.2.3")
        return
    pairs = [f"{a} vs {d}" for a in ours for d in theirs]
    chosen = replay.choose(
        player,
        "main_characters",
        pairs[0] if len(pairs) == 1 else None,
        pairs,
        f"当前回合玩家 {player} 选择的主战角色",
        "4.2.3",
    )
    attacker, defender = chosen.split(" vs ")
    battle.declare(replay, Battle(attacker=attacker, defender=defender))


def end_phase(replay: Run) -> None:
    """4.5.2–4.5.3: 「回合结束时」 effects, the turn player's first."""
    replay.event("turn_end")
    if replay.fired:
        replay.step(
            "当前回合玩家、随后对方玩家选择使用写有“回合结束时”的效果。",
            "4.5.2",
            "4.5.3",
            decisive=_both_sides(replay),
        )


def _both_sides(replay: Run) -> bool:
    """Whether both players' effects wait: then the clause naming the turn player first decides."""
    return len({effects.owner(replay, effect) for effect in replay.fired}) == 2


def discard(replay: Run, action: Discard) -> None:
    """5.0.1: cards from the hand to the rest area; 5.0.3: each discarded card's effects trigger."""
    side = replay.state.side(action.player)
    count = len(action.cards) + action.unnamed
    total = side.hand.total
    if action.player is not replay.state.turn_player or (
        total is not None and total - count < side.hand_limit
    ):
        replay.refuse(
            f"当前回合玩家检查手牌数量，弃牌直至手牌数量等于手牌上限 {side.hand_limit}（玩家 {action.player} 弃 {count} 张不符）。",
            "4.5.4",
        )
    for name in action.cards:
        if side.hand.find(name) is None:
            replay.refuse(f"「{name}」不在玩家 {action.player} 的手牌中。", "5.0.1")
    if action.unnamed and side.hand.unnamed is not None and side.hand.unnamed < action.unnamed:
        replay.refuse(f"玩家 {action.player} 的手牌中没有 {action.unnamed} 张未指明的牌。", "5.0.1")
    for name in action.cards:
        effects.move_card(replay, name, action.player, "rest_area")
        replay.event("discarded", card=name, player=action.player)
    effects.put(
        side.rest_area, effects.take(side.hand, action.unnamed, bottom=True) if action.unnamed else []
    )
    replay.step(
        f"玩家 {action.player} 从手牌中弃置 {count} 张牌移入休息区（手牌 {effects.count_text(side.hand)}）。",
        "5.0.1",
        "3.4.1a",
        "4.5.4",
        *(("5.0.3",) if replay.fired else ()),
        hand=side.hand.total,
    )


def hand_limit(replay: Run) -> None:
    """4.5.4: the turn player discards down to the hand limit; 3.6.3 and 4.5.4 disagree on the other."""
    state = replay.state
    player = state.turn_player or Player.A
    for whose in turn_order(player):
        side = state.side(whose)
        limit, total = side.hand_limit, side.hand.total
        cites = ("3.6.2",) if limit == 10 else ("3.6.2", "1.1.1")
        if total is None:
            if whose is player:
                replay.fact(f"{whose}.hand:{state.turn}", None, None, f"玩家 {whose} 的手牌数量", "4.5.4")
            continue
        if total <= limit:
            if whose is player:
                replay.not_applied(
                    f"当前回合玩家 {whose} 有 {total} 张手牌，未超过手牌上限 {limit}，不需弃牌。",
                    "4.5.4",
                    *cites,
                    hand=total,
                )
            continue
        if whose is not player:
            replay.log.conflict(
                f"对方玩家 {whose} 有 {total} 张手牌，超过上限 {limit}。4.5.4 只要求当前回合玩家检查手牌，"
                "3.6.3 则说在回合结束阶段手牌超过上限就需弃牌，未限定是哪一方；规则书对此未有一致的规定。",
                "4.5.4",
                "3.6.3",
                hand=total,
            )
            continue
        excess = total - limit
        discarded = _which_discarded(replay, whose, excess)
        for name in discarded:
            effects.move_card(replay, name, whose, "rest_area")
            replay.event("discarded", card=name, player=whose)
        effects.put(side.rest_area, effects.take(side.hand, excess - len(discarded), bottom=True))
        replay.step(
            f"当前回合玩家 {whose} 有 {total} 张手牌，超过手牌上限 {limit}：弃 {excess} 张，直至手牌数量等于手牌上限"
            + (f"（其中{'、'.join(f'「{n}」' for n in discarded)}）。" if discarded else "。"),
            "4.5.4",
            "3.6.3",
            *cites,
            decisive=True,
            hand=limit,
            discarded=excess,
        )
        if discarded and replay.fired:
            replay.step(
                "手牌数量大于手牌上限时进行的弃牌也会触发“当此牌被弃置时……”的效果。", "5.0.3", decisive=True
            )


NONE_NAMED = "只弃置未指明的牌"


def _which_discarded(replay: Run, player: Player, excess: int) -> list[str]:
    """5.0.1: which cards go is the player's choice; the named ones among them, replayed per option."""
    hand = replay.state.side(player).hand
    names = hand.names()
    if not names:
        return []
    unnamed = hand.unnamed
    if unnamed is None:
        replay.fact(f"{player}.discard:{replay.state.turn}", None, None, f"玩家 {player} 弃置哪些牌", "5.0.1")
    least = max(0, excess - (unnamed or 0))
    options = [
        "、".join(group) or NONE_NAMED
        for size in range(least, min(excess, len(names)) + 1)
        for group in combinations(names, size)
    ]
    chosen: str = replay.choose(
        player,
        "discard",
        options[0] if len(options) == 1 else None,
        options,
        f"玩家 {player} 弃置的牌",
        "5.0.1",
    )
    return [] if chosen == NONE_NAMED else chosen.split("、")


def end_phase_end(replay: Run) -> None:
    hand_limit(replay)
    effects.expire(replay, Duration.END_OF_TURN, "本回合结束，「{card}」的{change}（本回合）失效。", "4.5.5")


TURN: tuple[Procedure[UhbState], ...] = (
    Procedure(Point("start"), "4.0.1", accepts=accepts("choose_order"), start=start_phase),
    Procedure(Point("form_change"), "4.1.2", accepts=accepts("form_change")),
    Procedure(Point("battle"), "4.2.1", accepts=accepts("battle"), start=battle_phase, end=battle_phase_end),
    Procedure(Point("support"), "4.3.1", accepts=accepts("support", "extra_support"), end=battle.end_support),
    Procedure(
        Point("settle"), "4.4.1", accepts=accepts("promote", "weaken"), start=battle.settle, end=battle.place
    ),
    Procedure(Point("end"), "4.5.1", accepts=accepts("discard"), start=end_phase, end=end_phase_end),
)
