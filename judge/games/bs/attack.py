"""bs ``attack``: one battle, from the attack declaration to the battle end.

The steps of 攻擊階段的行動 › 戰鬥步驟: ① declare with a refreshed spirit, ②
flash timing, ③ an optional block by one refreshed spirit, ④ a second
flash timing only after a block, ⑤ the battle resolution — unblocked: the
defender's life is reduced by the attacker's symbols (a united brave's
added) and those cores go to the defender's reserve; blocked: the BPs are
compared — ⑥ the lower BP is destroyed, both on equal BP, destroyed cards
to their owner's trash and their cores to their owner's reserve, ⑦ the
battle end.  A blocker that left the field still blocked.  Life reaching 0
ends the game at once (勝利條件).

When a united spirit is destroyed its owner chooses to keep the brave on
the field as a spirit or let it go with the spirit: the ruling's outcome is
the one where it goes, and each option is a :class:`judge.ruling.Choice`.

The book is silent on an unblocked attack whose attacker has left the
field (the battle goes on, but life is reduced by the symbols of the
attacking spirit, which is gone); the ruling says so.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import product
from typing import Any

from pydantic import Field, field_validator

from judge.board import BoardModel, Path, impossible
from judge.bounds import Flag, Many, Small
from judge.games.bs.rules import (
    ATTACK_STEP,
    BATTLE_END,
    BLOCK,
    BLOCKED,
    BP_ORDER,
    BP_ZERO,
    CORES_GO,
    DECLARE,
    DESTROY,
    EXHAUSTED,
    FLASH_1,
    FLASH_2,
    LV_FROM_CORES,
    OWN_RESERVE,
    SYMBOLS,
    UNBLOCKED,
    UNION,
    UNION_GO,
    UNION_KEEP,
    UNION_LEAVES,
    UNION_LIKE_MYTHIC,
    WIN,
    WIN_BY_LIFE,
)
from judge.games.bs.spirits import (
    Brave,
    Power,
    Spirit,
    explain_level,
    explain_power,
    level_of,
    power,
    symbols_of,
)
from judge.numbers import tally
from judge.players import Player
from judge.ruling import Outcome, Trace


class Fighter(Spirit):
    """The attacking or blocking spirit (or ultimate)."""

    symbols: Small = Field(description="its own symbols; a united brave's go in brave.symbols")
    exhausted: Flag = Field(False, description="exhausted (or heavily exhausted) when declared")
    left_field: Flag = Field(False, description="left the field during a flash timing, before the resolution")

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        yield from super().impossibilities()
        if not self.left_field and level_of(self, self.cores) is None:
            yield (
                ("cores",),
                (f"{self.cores} cores cannot keep its lowest Lv: it would already have been depleted"),
                self.kind.lowest_lv_clauses,
            )


class AttackBoard(BoardModel):
    active_player: Player = Field(Player.A, description="the attacking (turn) player")
    attacker: Fighter
    blocker: Fighter | None = None
    life: Many = Field(description="the defending player's life (cores)")

    @field_validator("life")
    @classmethod
    def _still_playing(cls, life: int) -> int:
        if life == 0:
            raise impossible("a player whose life is 0 has already lost: the game is over", WIN)
        return life


class AttackResult(enum.StrEnum):
    UNBLOCKED = "unblocked_life_reduced"
    LIFE_ZERO = "life_zero"
    ATTACKER_DESTROYED = "attacker_destroyed"
    BLOCKER_DESTROYED = "blocker_destroyed"
    BOTH_DESTROYED = "both_destroyed"
    BLOCK_STANDS = "block_stands_nothing_compared"
    ILLEGAL_ATTACK = "attacker_exhausted"
    ILLEGAL_BLOCK = "blocker_exhausted"
    UNDECIDED = "undecided"


ATTACKER, BLOCKER = "attacker", "blocker"
BY_LOSERS = {
    (ATTACKER,): AttackResult.ATTACKER_DESTROYED,
    (BLOCKER,): AttackResult.BLOCKER_DESTROYED,
    (ATTACKER, BLOCKER): AttackResult.BOTH_DESTROYED,
}
#: clauses that change a BP or the symbols; each is tried away to see if it decides
MODIFIERS = (UNION, BP_ORDER, BP_ZERO)


@dataclass(frozen=True, slots=True)
class Battle:
    reason: AttackResult
    attack: Power
    block: Power | None
    symbols: int
    life: int | None  # after the battle; None when the book does not decide
    destroyed: tuple[str, ...]  # ATTACKER and/or BLOCKER

    @property
    def key(self) -> tuple[AttackResult, tuple[str, ...], int | None]:
        return self.reason, self.destroyed, self.life


def _losers(attack: int, block: int) -> tuple[str, ...]:
    if attack == block:
        return ATTACKER, BLOCKER
    return (ATTACKER,) if attack < block else (BLOCKER,)


def fight(board: AttackBoard, ignore: frozenset[str] = frozenset()) -> Battle:
    """The battle's result; ``ignore`` leaves clauses out to find the decisive ones."""
    attacker, blocker = board.attacker, board.blocker
    attack, block = power(attacker, ignore), (power(blocker, ignore) if blocker else None)
    symbols = symbols_of(attacker.symbols, attacker.brave, ignore)

    def result(
        reason: AttackResult, life: int | None = board.life, destroyed: tuple[str, ...] = ()
    ) -> Battle:
        return Battle(reason, attack, block, symbols, life, destroyed)

    if attacker.exhausted:
        return result(AttackResult.ILLEGAL_ATTACK)
    if blocker is None or block is None:  # the one is None when the other is
        if attacker.left_field:
            return result(AttackResult.UNDECIDED, None)
        life = tally(board.life, [-symbols]).floored_at_end
        return result(AttackResult.LIFE_ZERO if life == 0 else AttackResult.UNBLOCKED, life)
    if blocker.exhausted:
        return result(AttackResult.ILLEGAL_BLOCK)
    if attacker.left_field or blocker.left_field:
        return result(AttackResult.BLOCK_STANDS)
    possible = {_losers(a, b) for a in attack.readings for b in block.readings}
    if len(possible) > 1:
        return result(AttackResult.UNDECIDED)
    losers = possible.pop()
    return result(BY_LOSERS[losers], destroyed=losers)


def judge(board: AttackBoard, trace: Trace) -> Outcome:
    battle = fight(board)
    attacking, defending = board.active_player, board.active_player.other
    attacker, blocker = board.attacker, board.blocker
    if not _declare(trace, attacking, attacker, battle):
        return _outcome(board, battle)
    if blocker is None or battle.block is None:  # the one is None when the other is
        trace.step(f"防禦方玩家 {defending} 未宣告阻擋。", BLOCK)
        trace.step("未宣告阻擋，省略第 2 次靈動時機，直接進入戰鬥結算。", FLASH_2)
        _unblocked(trace, board, battle)
    elif blocker.exhausted:
        trace.step(
            f"防禦方玩家 {defending} 的「{blocker.name}」處於疲勞狀態，疲勞狀態的靈魂卡無法進行阻擋。",
            BLOCK,
            EXHAUSTED,
            decisive=True,
        )
        return _outcome(board, battle)
    else:
        trace.step(
            f"防禦方玩家 {defending} 以回復狀態的「{blocker.name}」阻擋，並將其轉為疲勞狀態。",
            BLOCK,
            decisive=True,
        )
        explain_level(trace, f"阻擋方玩家 {defending} 的", blocker, battle.block.level, decisive=False)
        explain_power(trace, f"阻擋方玩家 {defending} 的「{blocker.name}」", blocker, battle.block)
        trace.step("已宣告阻擋，發生第 2 次靈動時機。", FLASH_2)
        _blocked(trace, board, battle, blocker, battle.block)
    trace.mark_decisive_if_it_matters(lambda ignore: fight(board, ignore).key, *MODIFIERS)
    if battle.reason is AttackResult.LIFE_ZERO:
        return _outcome(board, battle)
    trace.step(
        "戰鬥結束：指定為「攻擊時」、「阻擋時」或「本次戰鬥期間」的效果在此時失效。"
        f"若還有回復狀態的靈魂卡或終極靈魂卡，玩家 {attacking} 可以再次宣告攻擊。",
        BATTLE_END,
    )
    outcome = _outcome(board, battle)
    _brave_choices(trace, board, battle, outcome)
    return outcome


def _declare(trace: Trace, attacking: Player, attacker: Fighter, battle: Battle) -> bool:
    """Steps ① and ②; False when the attack cannot be declared."""
    if battle.reason is AttackResult.ILLEGAL_ATTACK:
        trace.step(
            f"「{attacker.name}」處於疲勞狀態，疲勞狀態的靈魂卡無法進行攻擊；攻擊方須選擇處於回復狀態的靈魂卡宣告攻擊。",
            DECLARE,
            EXHAUSTED,
            decisive=True,
        )
        return False
    trace.step(
        f"攻擊方玩家 {attacking} 宣告以回復狀態的「{attacker.name}」攻擊，並將其轉為疲勞狀態，戰鬥開始。",
        ATTACK_STEP,
        DECLARE,
    )
    if not attacker.left_field:
        explain_level(trace, f"攻擊方玩家 {attacking} 的", attacker, battle.attack.level, decisive=False)
        explain_power(trace, f"攻擊方玩家 {attacking} 的「{attacker.name}」", attacker, battle.attack)
    trace.step("進入第 1 次靈動時機。", FLASH_1)
    if attacker.left_field:
        trace.step(f"「{attacker.name}」在此時機離開場地，但戰鬥不會結束。", DECLARE)
    return True


def _unblocked(trace: Trace, board: AttackBoard, battle: Battle) -> None:
    attacker, defending = board.attacker, board.active_player.other
    if attacker.left_field or battle.life is None:  # the life is None when the attacker left the field
        trace.silent(
            f"未宣告阻擋時，依照「攻擊中」靈魂卡的標誌數量減少生命值；但「{attacker.name}」已離開場地，"
            "規則書只說明戰鬥不會結束，未規定此時防禦方的生命值是否減少。",
            DECLARE,
            UNBLOCKED,
        )
        trace.mark_decisive(DECLARE, UNBLOCKED)
        return
    if attacker.brave:
        trace.step(
            f"「{attacker.name}」的標誌 {attacker.symbols} 個，加上合體卡「{attacker.brave.name}」追加的標誌 "
            f"{attacker.brave.symbols} 個，共 {battle.symbols} 個。",
            SYMBOLS,
            UNION_LIKE_MYTHIC,
            symbols=battle.symbols,
        )
    else:
        trace.step(f"「{attacker.name}」的標誌為 {battle.symbols} 個。", SYMBOLS, symbols=battle.symbols)
    lost = board.life - battle.life
    short = f"（生命值只有 {board.life} 個）" if battle.symbols > board.life else ""
    trace.step(
        f"未宣告阻擋：依照標誌數量減少防禦方玩家 {defending} 的生命值 {lost} 個{short}："
        f"{board.life} → {battle.life}，這些能量移至玩家 {defending} 的預備區。",
        UNBLOCKED,
        SYMBOLS,
        CORES_GO,
        OWN_RESERVE,
        life=battle.life,
        lost=lost,
    )
    trace.mark_decisive(UNBLOCKED, SYMBOLS)
    if battle.reason is AttackResult.LIFE_ZERO:
        trace.step(
            f"玩家 {defending} 的生命值變為 0：玩家 {board.active_player} 獲勝，遊戲隨即結束。",
            WIN,
            WIN_BY_LIFE,
            decisive=True,
        )


def _blocked(trace: Trace, board: AttackBoard, battle: Battle, blocker: Fighter, block: Power) -> None:
    attacker = board.attacker
    if battle.reason is AttackResult.BLOCK_STANDS:
        gone = "、".join(f"「{f.name}」" for f in (attacker, blocker) if f.left_field)
        trace.step(
            f"{gone}已從場地上消失，但阻擋依然成立，防禦方的生命值不會減少；"
            "沒有可互相比較 BP 的靈魂卡，不會因比較 BP 而被破壞。",
            BLOCKED,
            DESTROY,
            decisive=True,
        )
        return
    bp = {ATTACKER: _bp_text(battle.attack), BLOCKER: _bp_text(block)}
    if battle.reason is AttackResult.UNDECIDED:
        trace.silent(
            f"比較 BP：「{attacker.name}」{bp[ATTACKER]} 對「{blocker.name}」{bp[BLOCKER]}。"
            "規則書未決定的 BP 讀法會改變比較的結果，無法確定哪一方被破壞。",
            DESTROY,
            BP_ZERO,
        )
        trace.mark_decisive(DESTROY, BP_ZERO)
        return
    names = {ATTACKER: attacker.name, BLOCKER: blocker.name}
    if len(battle.destroyed) == 2:
        verdict = "BP 相同，為平手，雙方皆被破壞。"
    else:
        verdict = f"BP 較低的「{names[battle.destroyed[0]]}」被破壞。"
    trace.step(
        f"比較 BP：攻擊的「{attacker.name}」{bp[ATTACKER]} 對阻擋的「{blocker.name}」{bp[BLOCKER]}，{verdict}",
        DESTROY,
        LV_FROM_CORES,
        decisive=True,
        bp={ATTACKER: battle.attack.value, BLOCKER: block.value},
    )
    owners = {ATTACKER: board.active_player, BLOCKER: board.active_player.other}
    fighters = _fighters(board)
    for role in battle.destroyed:
        fighter, owner = fighters[role], owners[role]
        trace.step(
            f"被破壞的「{fighter.name}」移至玩家 {owner} 的廢棄區，其上的 {fighter.cores} 個能量返回玩家 {owner} 的預備區。",
            DESTROY,
            CORES_GO,
            to="trash",
            cores_to_reserve=fighter.cores,
        )
        if fighter.brave:
            trace.choice(
                f"「{fighter.name}」與合體卡「{fighter.brave.name}」合體中：玩家 {owner} 可選擇將合體卡留在場地上，"
                "或讓它與合體對象一同離開場地。",
                UNION_LEAVES,
                UNION_KEEP,
                UNION_GO,
            )
            _brave_goes(trace, fighter, fighter.brave, owner)


def _bp_text(result: Power) -> str:
    if result.value is not None:
        return f"BP {result.value}"
    return "BP " + " 或 ".join(str(v) for v in result.readings)


def _brave_goes(trace: Trace, fighter: Spirit, brave: Brave, owner: Player) -> None:
    trace.step(
        f"合體卡「{brave.name}」與「{fighter.name}」同時離開場地，移至玩家 {owner} 的廢棄區。",
        UNION_GO,
    )


def _brave_stays(trace: Trace, fighter: Spirit, brave: Brave, owner: Player) -> None:
    needed = brave.lv1_cores
    how = (
        "Lv1 費用為 0，不需移動能量即可留下"
        if needed == 0
        else f"從預備區或場地上的卡牌將 {needed} 個能量移至合體卡上，使其達到 Lv1"
    )
    trace.step(
        f"玩家 {owner} 將合體卡「{brave.name}」留在場地上：{how}，以靈魂卡狀態留在場地上。",
        UNION_KEEP,
        cores_needed=needed,
    )


def _fighters(board: AttackBoard) -> dict[str, Fighter]:
    """The spirits in the battle by role (no blocker when none is declared)."""
    return {ATTACKER: board.attacker} | ({BLOCKER: board.blocker} if board.blocker else {})


def _destroyed_unions(board: AttackBoard, battle: Battle) -> list[tuple[Player, Spirit, Brave]]:
    owners = {ATTACKER: board.active_player, BLOCKER: board.active_player.other}
    fighters = _fighters(board)
    return [
        (owners[role], fighter, fighter.brave)
        for role in battle.destroyed
        for fighter in (fighters[role],)
        if fighter.brave
    ]


def _brave_choices(trace: Trace, board: AttackBoard, battle: Battle, outcome: Outcome) -> None:
    unions = _destroyed_unions(board, battle)
    for options in product((False, True), repeat=len(unions)) if unions else ():
        branch = trace.branch()
        stays: list[dict[str, Any]] = []
        for (owner, fighter, brave), keep in zip(unions, options, strict=True):
            (_brave_stays if keep else _brave_goes)(branch, fighter, brave, owner)
            if keep:
                stays.append({"player": owner, "brave": brave.name, "cores_needed": brave.lv1_cores})
        kept = {stay["brave"] for stay in stays}
        trash = {
            player: [name for name in names if name not in kept] for player, names in outcome["trash"].items()
        }
        facts = {**outcome.facts, "trash": trash, "brave_stays": stays}
        option = {
            f"keep_brave_{owner.value}": keep for (owner, _, _), keep in zip(unions, options, strict=True)
        }
        trace.add_choice(
            unions[0][0] if len(unions) == 1 else None, option, Outcome(battle.reason, facts), branch
        )


def _outcome(board: AttackBoard, battle: Battle) -> Outcome:
    attacking, defending = board.active_player, board.active_player.other
    trash: dict[Player, list[str]] = {attacking: [], defending: []}
    to_reserve = {attacking: 0, defending: 0}
    owners = {ATTACKER: attacking, BLOCKER: defending}
    fighters = _fighters(board)
    for role in battle.destroyed:
        fighter = fighters[role]
        trash[owners[role]] += [fighter.name] + ([fighter.brave.name] if fighter.brave else [])
        to_reserve[owners[role]] += fighter.cores
    if battle.life is not None:
        to_reserve[defending] += board.life - battle.life
    over = battle.reason is AttackResult.LIFE_ZERO
    return Outcome(
        battle.reason,
        {
            "winner": attacking if over else None,
            "game_over": over,
            "blocked": board.blocker is not None,
            "bp": {ATTACKER: battle.attack.value, BLOCKER: battle.block.value if battle.block else None},
            "symbols": battle.symbols,
            "life": {"before": board.life, "after": battle.life},
            "destroyed": [fighters[role].name for role in battle.destroyed],
            "trash": {player.value: names for player, names in sorted(trash.items())},
            "to_reserve": {player.value: n for player, n in sorted(to_reserve.items())},
            "brave_stays": [],
        },
    )
