"""The gcg turn as procedures (7-1-1): start (active, start), draw, energy, main, end (action, end, hand,
cleanup), and what the rules do by themselves in each.

A battle is not a phase of its own: it happens inside the main phase
(8-1, 8-6-2), run by :mod:`judge.games.gcg.battle`.
"""

from __future__ import annotations

from judge.action import Action
from judge.games.gcg import battle, effects, play, processing
from judge.games.gcg.actions import Pair
from judge.games.gcg.state import GcgState
from judge.games.gcg.values import change_text, remaining, stacked
from judge.players import turn_order
from judge.replay import Point, Procedure, Replay, accepts
from judge.state import Duration, Status

Run = Replay[GcgState]


def active_step(replay: Run) -> None:
    """7-2-3-1: every rested card of the turn player's battle area, energy area and base section stands up."""
    player = processing.turn_player(replay)
    side = replay.state.side(player)
    for card in [*side.battle.cards, *side.base.cards]:
        card.status = Status.ACTIVE
        replay.notes.get(processing.RESTED_BY_ATTACK, {}).pop(card.name, None)
        replay.notes.get(effects.STATUS_SET, {}).pop(card.name, None)
    side.energy.rested = 0
    replay.step(
        f"啟動步驟：回合玩家 {player} 將戰鬥區·能源區·基地放置處的所有休息狀態的卡牌同時轉為活躍狀態。",
        "7-2-3-1",
        "7-2-3-2",
    )


def start_step(replay: Run) -> None:
    """7-2-4-1: effects of 「回合開始時」 trigger."""
    waiting = len(replay.fired)
    replay.event("turn_start", player=processing.turn_player(replay))
    if len(replay.fired) > waiting:
        replay.step("開始步驟：發動「回合開始時」所指定的效果。", "7-2-4-1")


def draw_phase(replay: Run) -> None:
    """7-3-1: the turn player draws 1; a deck left with 0 cards loses at once (7-3-1-1)."""
    player = processing.turn_player(replay)
    if replay.state.turn == 1:
        replay.not_applied(
            f"第 1 回合（先攻玩家 {player} 的第一個回合）也進行抽卡：抽卡階段沒有先攻玩家的例外；"
            "後攻玩家則在遊戲前將 EX 能源置於能源區。",
            "7-3-1",
            "6-2-4",
        )
    effects.draw(replay, player, 1, f"draw{replay.state.turn}", "7-3-1")
    if replay.state.side(player).deck.total == 0:
        replay.step(
            f"抽取卡牌後玩家 {player} 的卡組變為 0 張：在該時間點即為遊戲敗北。", "7-3-1-1", decisive=True
        )
        processing.check(replay)
    effects.deck_left(replay, player, "7-3-1-1")


def energy_phase_end(replay: Run) -> None:
    """7-4-1: the energy of this phase, if the timeline did not place it already."""
    if not replay.state.energy_placed:
        play.place_energy(replay)


def main_phase_end(replay: Run) -> None:
    """7-5-5-2: the turn player declares 「主要階段結束」, and the end phase begins at once."""
    replay.step(
        f"回合玩家 {processing.turn_player(replay)} 宣言「主要階段結束」，立即進入「結束階段」。", "7-5-5-2"
    )


def end_action_step(replay: Run) -> None:
    """7-6-3-1: the end phase's action step, the right to act first with the non-turn player."""
    battle.begin_action_step(replay)
    replay.step(
        "結束階段的瞬動步驟：從非回合玩家開始，可以輪流發動【瞬動】指令與【啟動·瞬動】效果，直到雙方連續讓過。",
        "7-6-3-1",
        "9-1",
    )


def end_step(replay: Run) -> None:
    """7-6-4-1: 「回合結束時」 effects, 《修復》 among them (13-1-1-1)."""
    player = processing.turn_player(replay)
    waiting = len(replay.fired)
    replay.event("turn_end", player=player)
    if len(replay.fired) > waiting:
        replay.step("結束步驟：發動「回合結束時」所指定的效果。", "7-6-4-1")
    repairing = []
    for owner in turn_order(player):
        for unit in replay.state.side(owner).battle.cards:
            value = stacked(replay, unit, "repair", decisive=owner is player)
            if not value:
                continue
            if owner is not player:
                replay.not_applied(
                    f"玩家 {owner} 的「{unit.name}」的《修復：{value}》只在其持有者的回合結束時發動，現在是玩家 {player} 的回合。",
                    "13-1-1-1",
                )
            elif unit.damage == 0:
                replay.not_applied(f"「{unit.name}」沒有受到傷害，無法回復。", "5-6-3", "13-1-1-1")
            else:
                repairing.append((unit, value))
    if len(repairing) > 1:
        replay.step(f"玩家 {player} 的多個《修復》效果同時誘發，由其決定解決順序並依次處理。", "10-1-6-5")
    for unit, value in repairing:
        healed = min(value, unit.damage)
        unit.damage -= healed
        replay.notes.setdefault(REPAIRED, {})[unit.name] = healed
        extra = "，剩餘數值不會疊加到 HP 上" if value > healed else ""
        replay.step(
            f"結束步驟：當我方的回合結束時，「{unit.name}」的《修復：{value}》回復 {healed}，移除 {healed} 個表示傷害的計數器"
            f"（剩 {unit.damage} 個）{extra}。",
            "13-1-1-1",
            "5-6-1",
            *(("5-6-2",) if extra else ()),
            decisive=True,
            recovered=healed,
        )


def cleanup_step(replay: Run) -> None:
    """7-6-6-1: every effect lasting 「本回合中」 ends (the keywords it gave are noted, so that a use of
    one in a later turn can say why it is gone)."""
    for card in replay.state.all_cards():
        for grant in card.grants:
            if grant.until is Duration.END_OF_TURN and not grant.removed:
                replay.notes.setdefault(processing.ENDED, {}).setdefault(card.name, set()).add(
                    grant.keyword.split(":")[0]
                )
    processing.note_expiring(replay, Duration.END_OF_TURN, "7-6-6-1")
    ended = replay.expire(
        Duration.END_OF_TURN,
        lambda card, what: f"清算步驟：「{card.name}」的 {change_text(what)}（本回合中）失效。",
        "7-6-6-1",
    )
    processing.expiry_destroys(replay, ended, "7-6-6-1")
    _repair_came_first(replay)


def _repair_came_first(replay: Run) -> None:
    """A unit 《修復》 healed in the end step that survives an HP change ending in the cleanup step only
    because of it: the end step comes before the cleanup step (7-6-1), and that order decides."""
    for name, healed in replay.notes.pop(REPAIRED, {}).items():
        found = replay.state.unit(name)
        left = None if found is None else remaining(found[1])
        if left is not None and left > 0 and left - healed <= 0:
            replay.step(
                f"結束步驟在清算步驟之前：「{name}」先由《修復》回復了 {healed}，「本回合中」的效果失效後仍剩 HP {left}，"
                "沒有被破壞。",
                "7-6-1",
                "13-1-1-1",
                decisive=True,
            )


def _in_end_action_step(state: GcgState, action: Action) -> bool:
    """The end phase's action step takes 【瞬動】 commands and passes (7-6-3-1), and a 【瞬動】 command
    card boarding as a pilot, to refuse it (13-2-4-2)."""
    return action.verb in ("command", "pass") or (isinstance(action, Pair) and action.by_flash_command(state))


#: notes: how much each unit's 《修復》 recovered in this turn's end step, for the cleanup step to weigh
REPAIRED = "repaired"

MAIN_ACTIONS = ("deploy", "pair", "command", "support", "attack", "block", "no_block", "pass")

TURN: tuple[Procedure[GcgState], ...] = (
    Procedure(Point("start", "active"), "7-2-3", start=active_step),
    Procedure(Point("start", "start"), "7-2-4", start=start_step),
    Procedure(Point("draw"), "7-3", start=draw_phase),
    Procedure(Point("energy"), "7-4", accepts=accepts("place_energy"), end=energy_phase_end),
    Procedure(Point("main"), "7-5", accepts=accepts(*MAIN_ACTIONS, "end_phase"), end=main_phase_end),
    Procedure(Point("end", "action"), "7-6-3", accepts=_in_end_action_step, start=end_action_step),
    Procedure(Point("end", "end"), "7-6-4", start=end_step),
    Procedure(Point("end", "hand"), "7-6-5", accepts=accepts("discard"), end=play.hand_step),
    Procedure(Point("end", "cleanup"), "7-6-6", start=cleanup_step),
)
