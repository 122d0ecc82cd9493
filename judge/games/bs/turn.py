"""The bs turn as procedures (回合流程): ① start, ② core, ③ draw, ④ refresh, ⑤ main, ⑥ attack, ⑦ end,
and the game's setup before the first turn.

Each step happens even when nothing is done in it.  ① a player whose deck
holds 0 cards at their own start step loses (勝利條件); an empty deck at any
other moment decides nothing yet.  ② one core from the void to the reserve;
③ one card drawn (no hand limit); ④ every exhausted card of the turn
player refreshes — a heavily exhausted one becomes merely exhausted — and
the trash's cores return to the reserve.  Turn 1 (the first player's first
turn) has no ② and no ⑥ (第一回合的特例).  ⑦ every temporary effect ends.
A battle is not a step of its own: it happens in ⑥, run by
:mod:`judge.games.bs.battle`.
"""

from __future__ import annotations

from judge.games.bs import bursts, field, reliance
from judge.games.bs.battle import turn_player
from judge.games.bs.outcome import BsReason
from judge.games.bs.rules import (
    ATTACK_PHASE,
    ATTACK_STEP,
    CORE_STEP,
    DRAW_STEP,
    END_STEP,
    FIRST_TURN,
    MAIN_STEP,
    REFRESH_STEP,
    SETUP,
    START_STEP,
    TURN,
    WIN,
)
from judge.games.bs.state import BsState
from judge.outcome import Result
from judge.replay import Point, Procedure, Replay, accepts
from judge.state import Card, Duration, Status

Run = Replay[BsState]


def start_step(replay: Run) -> None:
    """① the deck-out check, then 「回合開始時」 effects."""
    player = turn_player(replay)
    turn = replay.state.turn
    replay.step(
        f"{'' if turn is None else f'第 {turn} 回合，'}回合玩家 {player}：①開始階段，宣告回合開始（一個回合分為 7 個階段）。",
        TURN,
        START_STEP,
    )
    reliance.new_turn(replay)
    _past_the_first_turn(replay)
    deck = replay.state.side(player).deck.total
    empty: bool = replay.fact(
        f"{player}.deck_empty:{turn}",
        None if deck is None else deck == 0,
        (True, False),
        f"玩家 {player} 的牌組是否為 0 張",
        WIN,
    )
    if empty:
        replay.end_game(
            Result.WON,
            BsReason.DECK_OUT,
            player.other,
            f"在玩家 {player} 的開始階段時，其牌組卡牌為 0 張：玩家 {player.other} 獲勝，遊戲隨即結束。",
            WIN,
            START_STEP,
        )
    replay.not_applied(f"玩家 {player} 的開始階段時牌組不為 0 張，不會因此敗北。", WIN)
    if replay.state.side(player.other).deck.total == 0:
        replay.not_applied(
            f"玩家 {player.other} 的牌組為 0 張，但現在是玩家 {player} 的開始階段：牌組 0 張只在自己的開始階段才會敗北。",
            WIN,
        )
    bursts.happen(replay, "turn_start", None, player)


def _past_the_first_turn(replay: Run) -> None:
    """A later turn begins: what turn 1 skipped (第一回合的特例) decided only a ruling about turn 1 itself
    — this turn has its own core and attack steps —, so it no longer decides."""
    if replay.state.turn != 1:
        skipped = replay.log.citations(FIRST_TURN, ATTACK_STEP)
        replay.log.decisive = [cite for cite in replay.log.decisive if cite not in skipped]


def core_step(replay: Run) -> None:
    """② one core from the void to the reserve; not on turn 1."""
    player = turn_player(replay)
    if replay.state.turn == 1:
        replay.step("第 1 回合（先攻玩家的第一個回合）沒有②能量階段：跳過。", FIRST_TURN, decisive=True)
        return
    side = replay.state.side(player)
    before = side.reserve
    field.add_cores(replay, player, "reserve", 1)
    reliance.gave_cores(replay, player, CORE_STEP, 1)
    shown = "" if before is None else f"（{before} → {side.reserve}）"
    replay.step(
        f"②能量階段：玩家 {player} 從空間取出 1 個能量放入預備區{shown}。", CORE_STEP, reserve=side.reserve
    )


def draw_step(replay: Run) -> None:
    """③ one card; a deck already empty gives nothing, and decides nothing until the start step."""
    player = turn_player(replay)
    deck = replay.state.side(player).deck
    if deck.total == 0:
        replay.step(f"③抽牌階段：玩家 {player} 的牌組為 0 張，無法抽牌。", DRAW_STEP)
    else:
        field.draw(replay, player, 1, DRAW_STEP, lead="③抽牌階段：")
    if deck.total == 0:
        replay.not_applied(
            f"玩家 {player} 的牌組為 0 張，但牌組 0 張只在其自己的開始階段時決定勝負：遊戲繼續。",
            WIN,
            DRAW_STEP,
        )


def refresh_step(replay: Run) -> None:
    """④ every exhausted card of the turn player refreshes; the trash's cores go to the reserve."""
    player = turn_player(replay)
    side = replay.state.side(player)
    replay.step(
        f"④回復階段：將玩家 {player} 場地上所有處於疲勞狀態的卡牌回復，並將廢棄區的所有能量返回預備區。",
        REFRESH_STEP,
    )
    for card in side.field.cards:
        standing = card.status is Status.RESTED and not card.heavy
        field.refresh_card(replay, player, card, "④回復階段")
        if standing:
            reliance.stood_up(replay, card.name, REFRESH_STEP)
    for card in replay.state.side(player.other).field.cards:
        rested = field.why_rested(replay, card.name)
        if card.status is Status.RESTED and REFRESH_STEP not in rested:
            field.rested_by(replay, card.name, *rested, REFRESH_STEP)
            replay.not_applied(
                f"玩家 {player.other} 的「{card.name}」仍為疲勞狀態：④回復階段只回復回合玩家自己場地上的卡牌。",
                REFRESH_STEP,
            )
    cores = side.trash_cores
    if cores:
        side.trash_cores = 0
        field.add_cores(replay, player, "reserve", cores)
        reliance.gave_cores(replay, player, REFRESH_STEP, cores)
        replay.step(f"廢棄區的 {cores} 個能量返回預備區。", REFRESH_STEP, cores=cores)


def main_step(replay: Run) -> None:
    replay.step(
        f"⑤主要階段：回合玩家 {turn_player(replay)} 可召喚、合體、移動能量、使用魔法卡、設置爆烈等。",
        MAIN_STEP,
    )


def attack_step(replay: Run) -> None:
    if replay.state.turn == 1:
        replay.step(
            "第 1 回合（先攻玩家的第一個回合）沒有⑥攻擊階段：跳過。", FIRST_TURN, ATTACK_STEP, decisive=True
        )


def attack_step_end(replay: Run) -> None:
    if replay.state.turn != 1:
        replay.step("⑥攻擊階段：不再宣告攻擊，攻擊階段結束，進入⑦結束階段。", ATTACK_PHASE)


def end_step(replay: Run) -> None:
    """⑦ every temporary effect of the turn ends."""
    player = turn_player(replay)
    bursts.happen(replay, "turn_end", None, player)
    replay.resolve_fired()

    def ends(card: Card, what: str) -> str:
        if what.startswith("bp"):  # a BP change ends: a later comparison may turn on it
            reliance.changed_bp(replay, END_STEP, card.name, -int(what[2:]))
        return f"⑦結束階段：「{card.name}」的 {what}（本回合中）失效。"

    ended = replay.expire(Duration.END_OF_TURN, ends, END_STEP)
    replay.expire(Duration.END_OF_PHASE, lambda card, what: f"「{card.name}」的 {what} 失效。", END_STEP)
    if not ended:
        replay.step("⑦結束階段：該回合中發生的所有暫時性效果全部失效（沒有這樣的效果）。", END_STEP)


def _not_first_turn(verbs: tuple[str, ...]) -> object:
    allowed = frozenset(verbs)
    return lambda state, action: state.turn != 1 and action.verb in allowed


MAIN = ("summon", "unite", "separate", "move_cores", "set_burst", "flash")
ATTACK = ("attack", "block", "no_block", "flash", "pass")

TURN_STEPS: tuple[Procedure[BsState], ...] = (
    Procedure(
        Point("setup"),
        SETUP,
        accepts=lambda state, action: state.phase == "setup" and action.verb in ("opening_hand", "redraw"),
    ),
    Procedure(Point("start"), START_STEP, start=start_step),
    Procedure(Point("core"), CORE_STEP, start=core_step),
    Procedure(Point("draw"), DRAW_STEP, start=draw_step),
    Procedure(Point("refresh"), REFRESH_STEP, start=refresh_step),
    Procedure(Point("main"), MAIN_STEP, accepts=accepts(*MAIN), start=main_step),
    Procedure(
        Point("attack"),
        ATTACK_PHASE,
        accepts=_not_first_turn(ATTACK),  # type: ignore[arg-type]  # a procedure's test
        start=attack_step,
        end=attack_step_end,
    ),
    Procedure(Point("end"), END_STEP, start=end_step),
)
