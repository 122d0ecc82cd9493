"""One gcg battle, step by step, for a given block and 【爆發】 choice (8-2 – 8-6).

:func:`declare` writes the attack step; :func:`play` writes the rest to a
trace and returns a :class:`Battle`; the ``attack`` question calls it once
per choice of the defending player,
and again with ``ignore`` (clause ids left out) to find which clauses
decide the outcome: ``13-1-5-2`` (《先制攻擊》 strikes first) and
``13-1-2-5`` (《突破》 values stack into one effect instead of several).

Damage follows the book: 0 damage is no damage (5-5-5); a shield is
destroyed by 1 damage or more and excess never reaches another shield
(8-5-2-3-1, 5-5-6); a base keeps damage counters (8-5-2-4-1); units deal
their AP to each other at once unless the attacker has 《先制攻擊》
(8-5-3-2, 13-1-5-2).  Whether an attacked base deals its AP back is not
written anywhere; the ruling follows 8-5-2-4 as written and reports the
silence, with what the other reading would give.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from judge.games.gcg.cards import Base, Stats, Unit, ap, explain, hp, remaining
from judge.games.gcg.defeat import Cause, conclude
from judge.order import How, Pending, Placement, Triggered, resolve
from judge.players import Player
from judge.ruling import Trace

if TYPE_CHECKING:
    from judge.games.gcg.attack import AttackBoard

PLAYER = "PLAYER"


class BattleStep(enum.StrEnum):
    ATTACK = "ATTACK"  # 攻擊步驟
    BLOCK = "BLOCK"  # 阻擋步驟
    ACTION = "ACTION"  # 瞬動步驟


#: the clause that ends the battle early after each step, and the step it skips
STEP_END = {
    BattleStep.ATTACK: ("8-2-4", "攻擊步驟", "阻擋步驟"),
    BattleStep.BLOCK: ("8-3-5", "阻擋步驟", "瞬動步驟"),
    BattleStep.ACTION: ("8-4-2", "瞬動步驟", "傷害步驟"),
}


class Result(enum.StrEnum):
    ENDED_EARLY = "battle_ended_before_damage"
    PLAYER_DEFEATED = "player_defeated"
    NO_DAMAGE = "no_damage"
    SHIELD_DESTROYED = "shield_destroyed"
    BASE_DAMAGED = "base_damaged"
    BASE_DESTROYED = "base_destroyed"
    TARGET_DESTROYED = "target_destroyed"
    ATTACKER_DESTROYED = "attacker_destroyed"
    BOTH_DESTROYED = "both_destroyed"
    NEITHER_DESTROYED = "neither_destroyed"


@dataclass
class Battle:
    """What one battle did; ``cards`` maps a card's name to its damage and whether it was destroyed."""

    reason: Result = Result.NO_DAMAGE
    target: str = PLAYER
    blocker: str | None = None
    ended_after: BattleStep | None = None
    cards: dict[str, dict[str, Any]] = field(default_factory=dict)
    shields_destroyed: int = 0
    breach: dict[str, Any] | None = None
    burst_possible: bool = False
    burst: str | None = None  # "activated" / "declined" when a shield with 【爆發】 was destroyed
    pending: list[Pending] = field(default_factory=list)  # effects triggered by the battle
    inserted: list[Triggered] = field(default_factory=list)  # triggered while 《突破》 resolves
    effects: tuple[str, ...] = ()
    player_damage: int = 0
    game_end: dict[str, Any] | None = None

    @property
    def key(self) -> tuple[object, ...]:
        """What the outcome rests on; a decisive clause changes it."""
        cards = tuple(sorted((name, c["damage"], c["destroyed"]) for name, c in self.cards.items()))
        loser = tuple(self.game_end["losers"]) if self.game_end else ()
        return self.reason, cards, self.shields_destroyed, loser

    def mark(self, card: Stats, damage: int | None, destroyed: bool | None) -> None:
        self.cards[card.name] = {"damage": damage, "destroyed": destroyed}

    def destroyed(self, name: str) -> bool:
        return bool(self.cards.get(name, {}).get("destroyed"))

    def facts(self) -> dict[str, Any]:
        return {
            "legal": True,
            "target": self.target,
            "blocked_by": self.blocker,
            "ended_after": self.ended_after,
            "cards": self.cards,
            "shields_destroyed": self.shields_destroyed,
            "breach": self.breach,
            "burst": self.burst,
            "effects": list(self.effects),
            "loser": self.game_end["losers"][0] if self.game_end and self.game_end["losers"] else None,
            "winner": self.game_end["winner"] if self.game_end else None,
        }


def declare(board: AttackBoard, trace: Trace) -> Battle | None:
    """The attack step (8-2-1); a finished battle when it already ends there (8-2-4), else None."""
    battle = Battle(target=board.target)
    named = "對方玩家" if board.target == PLAYER else f"對方休息狀態的機體「{board.target}」"
    trace.step(
        f"攻擊步驟：回合玩家 {board.turn_player} 將「{board.attacker.name}」轉為休息狀態，宣言攻擊對象為{named}。",
        "8-1",
        "8-2-1",
        target=board.target,
    )
    return _battle_end(trace, battle) if _ends(board, trace, battle, BattleStep.ATTACK) else None


def play(
    board: AttackBoard, trace: Trace, blocker: str | None, burst: bool, ignore: frozenset[str] = frozenset()
) -> Battle:
    """From the block step on, when the defender blocks with ``blocker`` (or not) and takes 【爆發】 or not."""
    battle = Battle(target=board.target, blocker=blocker)
    if blocker is not None:
        trace.step(
            f"阻擋步驟：非回合玩家 {board.defender_player} 將「{blocker}」轉為休息狀態發動《阻擋者》，"
            f"攻擊對象變更為「{blocker}」。",
            "8-3-1",
            "13-1-4-1",
            decisive=True,
            blocker=blocker,
        )
        battle.target = blocker
    else:
        trace.step("阻擋步驟：沒有發動《阻擋者》，攻擊對象不變。", "8-3-4")
    if _ends(board, trace, battle, BattleStep.BLOCK):
        return _battle_end(trace, battle)
    trace.step(
        "瞬動步驟：從非回合玩家開始，雙方可以輪流發動【瞬動】指令與【啟動·瞬動】效果，直到雙方連續讓過。",
        "8-4-1",
    )
    if _ends(board, trace, battle, BattleStep.ACTION):
        return _battle_end(trace, battle)
    target = board.unit(battle.target)  # None: the player (no unit is named PLAYER)
    if target is None:
        trace.step("傷害步驟：攻擊對象是玩家，對玩家的攻擊成立；確認對方的護盾區。", "8-5-1", "8-5-2-1")
        _hit_shield_area(board, trace, battle, burst, ignore)
    else:
        _fight(board, trace, battle, target, burst, ignore)
    _resolve_effects(board, trace, battle)
    if battle.player_damage:
        battle.game_end = conclude(trace, board.turn_player, {board.defender_player: [Cause.BATTLE_DAMAGE]})
    return _battle_end(trace, battle)


def _ends(board: AttackBoard, trace: Trace, battle: Battle, step: BattleStep) -> bool:
    """8-2-4 / 8-3-5 / 8-4-2: the attacker or the attacked unit left the field during ``step``."""
    left = board.left_field
    if left is None or left.step is not step or left.card not in (board.attacker.name, battle.target):
        return False
    clause, this, skipped = STEP_END[step]
    trace.step(
        f"{this}結束時，「{left.card}」已移動了區域：不進入{skipped}，直接進入戰鬥結束步驟；不會給予戰鬥傷害。",
        clause,
        decisive=True,
        card=left.card,
    )
    battle.reason, battle.ended_after = Result.ENDED_EARLY, step
    return True


def _battle_end(trace: Trace, battle: Battle) -> Battle:
    trace.step("戰鬥結束步驟：所有「本次戰鬥中」效果均失效，戰鬥結束回到主要階段。", "8-6-1", "8-6-2")
    return battle


def _attack_value(trace: Trace, card: Stats) -> int:
    value = ap(card)
    explain(trace, f"「{card.name}」", "AP", value)
    return value.value


def _hit_shield_area(
    board: AttackBoard, trace: Trace, battle: Battle, burst: bool, ignore: frozenset[str]
) -> None:
    attacker, area = board.attacker, board.defender
    damage = _attack_value(trace, attacker)
    battle.mark(attacker, attacker.damage, False)
    if area.base is not None:
        _hit_base(board, area.base, trace, battle, damage, "13-1-5-2" not in ignore)
    elif area.shields:
        _hit_shield(board, trace, battle, damage, burst)
    elif damage == 0:
        trace.step(
            f"對方的護盾區中沒有任何 1 張基地或護盾，但「{attacker.name}」的 AP 為 0：給予的傷害是 0，"
            "不視為給予了傷害，玩家不會敗北。",
            "8-5-2-2",
            "5-5-5",
            decisive=True,
            damage=0,
        )
        battle.reason = Result.NO_DAMAGE
    else:
        trace.step(
            f"對方的護盾區中沒有任何 1 張基地或護盾：「{attacker.name}」給予玩家 {board.defender_player} "
            f"{damage} 點戰鬥傷害，受到傷害的玩家立即敗北，持有進行攻擊的機體的玩家獲勝。",
            "8-5-2-2",
            decisive=True,
            damage=damage,
        )
        battle.reason, battle.player_damage = Result.PLAYER_DEFEATED, damage


def _hit_shield(board: AttackBoard, trace: Trace, battle: Battle, damage: int, burst: bool) -> None:
    shields = board.defender.shields
    if damage == 0:
        trace.step(
            f"對方的護盾區中沒有基地只有護盾（{shields} 張），但「{board.attacker.name}」的 AP 為 0：給予的傷害是 0，"
            "不視為給予了傷害；護盾受到 1 點或更多傷害才會被破壞。",
            "8-5-2-3",
            "5-5-5",
            "8-5-2-3-1",
            decisive=True,
            damage=0,
        )
        battle.reason = Result.NO_DAMAGE
        return
    trace.step(
        f"對方的護盾區中沒有基地只有護盾（{shields} 張）：「{board.attacker.name}」給予最上方的 1 張護盾 {damage} 點戰鬥傷害。",
        "8-5-2-3",
        decisive=True,
        damage=damage,
    )
    battle.reason = Result.SHIELD_DESTROYED
    _destroy_shield(board, trace, battle, damage, burst, "8-5-2-3-1")


def _destroy_shield(
    board: AttackBoard, trace: Trace, battle: Battle, damage: int, burst: bool, clause: str
) -> None:
    """A shield (HP 1) that took ``damage`` ≥ 1: destroyed, flipped, maybe 【爆發】, then trashed."""
    left = board.defender.shields - battle.shields_destroyed
    trace.step(
        "每張護盾視為擁有 HP1，受到 1 點或更多傷害的護盾被破壞。",
        clause,
        "4-6-4-2",
        "11-3-1-1",
        decisive=True,
    )
    if damage > 1:
        trace.step(
            f"超出的 {damage - 1} 點傷害不會給予其他護盾。", "5-5-6", decisive=left > 1, excess=damage - 1
        )
    battle.shields_destroyed += 1
    trace.step("被破壞的護盾先翻開確認其【爆發】效果，然後正面朝上置於廢棄區。", "5-10-3")
    if not board.defender.top_shield_burst or battle.shields_destroyed > 1:
        return
    owner = board.defender_player
    battle.burst_possible = True
    if burst:
        trace.step(
            f"玩家 {owner} 選擇發動【爆發】：不支付費用，在置於廢棄區前發動；效果發動後，只要該卡牌沒有移動到"
            "其他區域就置於廢棄區。",
            "13-2-5-1",
            "13-2-5-3",
        )
        battle.burst = "activated"
        effect = Pending("【爆發】（被破壞的護盾）", owner)
        if clause == "8-5-2-3-1":
            battle.pending.append(effect)
        else:  # triggered while 《突破》 resolves
            battle.inserted.append(Triggered(effect, Placement.NEXT))
    else:
        trace.choice(
            f"該護盾擁有【爆發】效果：玩家 {owner} 可以選擇是否發動；不發動時，該卡牌直接置於廢棄區。",
            "13-2-5-1",
            "13-2-5-2",
        )
        battle.burst = "declined"


def _hit_base(
    board: AttackBoard, base: Base, trace: Trace, battle: Battle, damage: int, strikes_first: bool
) -> None:
    attacker = board.attacker
    explain(trace, f"基地「{base.name}」", "HP", hp(base))
    first = attacker.first_strike and strikes_first
    if first:
        trace.step(
            f"「{attacker.name}」擁有《先制攻擊》，在通常處理之前優先給予對方基地戰鬥傷害。",
            "8-5-2-4-2",
            "13-1-5-2",
        )
    if damage == 0:
        trace.step(
            f"對方的護盾區中存在基地「{base.name}」，但「{attacker.name}」的 AP 為 0：給予的傷害是 0，不視為給予了傷害。",
            "8-5-2-4",
            "5-5-5",
            damage=0,
        )
        battle.reason = Result.NO_DAMAGE
        battle.mark(base, base.damage, False)
    else:
        trace.step(
            f"對方的護盾區中存在基地「{base.name}」，給予護盾區的傷害優先給予基地：「{attacker.name}」給予基地 {damage} 點"
            f"戰鬥傷害（計數器 {base.damage} → {base.damage + damage}，HP {hp(base).value}）。",
            "8-5-2-4",
            "3-5-3",
            decisive=True,
            damage=damage,
        )
        destroyed = _damage_base(board, base, trace, battle, damage, "8-5-2-4-1")
        battle.reason = Result.BASE_DESTROYED if destroyed else Result.BASE_DAMAGED
    _base_strikes_back(board, base, trace, battle, first)


def _damage_base(
    board: AttackBoard, base: Base, trace: Trace, battle: Battle, damage: int, clause: str
) -> bool:
    """Put ``damage`` counters on the base; destroy it at its HP (11-3-1); excess stays (5-5-6)."""
    left = remaining(base)
    destroyed = damage >= left
    battle.mark(base, base.damage + damage, destroyed)
    if not destroyed:
        trace.step(f"基地「{base.name}」未被破壞，剩餘 HP {left - damage}。", clause, left=left - damage)
        return False
    trace.step(
        f"基地「{base.name}」受到與其 HP 相同或更高數值的傷害，被破壞並置於廢棄區。",
        clause,
        "11-3-1",
        decisive=True,
    )
    if damage > left:
        trace.step(
            f"超出的 {damage - left} 點傷害不會給予護盾。",
            "5-5-6",
            decisive=board.defender.shields > battle.shields_destroyed,
            excess=damage - left,
        )
    if base.token:
        trace.step(f"「{base.name}」是替代卡，移動到廢棄區時從遊戲中被移除。", "5-17-2-5")
    if base.on_destroy:
        _on_destroy(trace, battle, base, board.defender_player, during_breach=clause != "8-5-2-4-1")
    return True


def _base_strikes_back(board: AttackBoard, base: Base, trace: Trace, battle: Battle, first: bool) -> None:
    """The book never says whether an attacked base deals its AP: report it where it matters."""
    attacker = board.attacker
    strength = ap(base).value
    if strength == 0 or (first and battle.destroyed(base.name)):
        return
    would_destroy = strength >= remaining(attacker)
    trace.silent(
        f"基地「{base.name}」的 AP 為 {strength}。8-5-2-4 只規定攻擊中的機體給予基地戰鬥傷害，沒有規定基地給予攻擊中的機體"
        "戰鬥傷害；但 3-5-4-1 說基地的 AP 表示其在戰鬥中擁有的攻擊力，8-5-2-4-2 也讓《先制攻擊》對基地優先給予傷害。"
        f"規則書未決定「{attacker.name}」是否受到 {strength} 點戰鬥傷害"
        + ("（若受到則會被破壞）。" if would_destroy else "。"),
        "8-5-2-4",
        "3-5-4-1",
        "8-5-2-4-2",
        base_ap=strength,
        would_destroy=would_destroy,
    )
    trace.mark_decisive("3-5-4-1", "8-5-2-4-2")  # without them the attacker plainly takes no damage
    battle.mark(attacker, None, None if would_destroy else False)


def _fight(
    board: AttackBoard, trace: Trace, battle: Battle, target: Unit, burst: bool, ignore: frozenset[str]
) -> None:
    attacker = board.attacker
    trace.step(
        f"傷害步驟：攻擊對象是「{target.name}」，對機體的攻擊成立，機體之間相互給予等同於其 AP 的戰鬥傷害。",
        "8-5-1",
        "8-5-3-1",
        "8-5-3-2",
        decisive=True,
    )
    for unit in (attacker, target):
        explain(trace, f"「{unit.name}」", "HP", hp(unit))
    if target.first_strike:
        trace.step(
            f"「{target.name}」的《先制攻擊》只在攻擊中的機體進行戰鬥時生效，被攻擊時不會優先給予傷害。",
            "13-1-5-1",
        )
    strike = _attack_value(trace, attacker)
    if attacker.first_strike and "13-1-5-2" not in ignore:
        trace.step(
            f"「{attacker.name}」擁有《先制攻擊》：在通常處理之前，優先給予「{target.name}」{strike} 點戰鬥傷害。",
            "8-5-3-2-2",
            "13-1-5-2",
            damage=strike,
        )
        if _take(trace, battle, target, strike, attacker):
            trace.step(
                f"「{target.name}」被此戰鬥傷害破壞，「{attacker.name}」不會受到來自被攻擊方機體的戰鬥傷害。",
                "13-1-5-2",
            )
            battle.mark(attacker, attacker.damage, False)
        else:
            back = _attack_value(trace, target)
            trace.step(
                f"「{target.name}」未被破壞，接著給予「{attacker.name}」{back} 點戰鬥傷害。",
                "13-1-5-2",
                damage=back,
            )
            _take(trace, battle, attacker, back, target)
    else:
        back = _attack_value(trace, target)
        trace.step(
            f"「{attacker.name}」給予「{target.name}」{strike} 點戰鬥傷害，同時「{target.name}」給予「{attacker.name}」"
            f"{back} 點戰鬥傷害。",
            "8-5-3-2",
            dealt=strike,
            received=back,
        )
        _take(trace, battle, target, strike, attacker)
        _take(trace, battle, attacker, back, target)
    lost = {unit.name for unit in (attacker, target) if battle.destroyed(unit.name)}
    if len(lost) == 2:
        trace.step("雙方戰鬥中的機體都被破壞，視為同時被破壞。", "8-5-3-2-3")
    battle.reason = {
        2: Result.BOTH_DESTROYED,
        0: Result.NEITHER_DESTROYED,
    }.get(len(lost), Result.TARGET_DESTROYED if target.name in lost else Result.ATTACKER_DESTROYED)
    for unit, owner in ((attacker, board.turn_player), (target, board.defender_player)):
        if unit.name in lost:
            _unit_destroyed(trace, battle, unit, owner)
    if target.name in lost:
        _breach(board, trace, battle, burst, ignore)


def _take(trace: Trace, battle: Battle, unit: Unit, damage: int, source: Unit) -> bool:
    """``unit`` receives ``source``'s battle damage; returns whether it is destroyed."""
    if damage == 0:
        trace.step(f"「{source.name}」的 AP 為 0：給予的傷害是 0，不視為給予了傷害。", "5-5-5", damage=0)
        battle.mark(unit, unit.damage, False)
        return False
    counters = unit.damage + damage
    destroyed = counters >= hp(unit).value
    trace.step(
        f"「{unit.name}」受到 {damage} 點戰鬥傷害（計數器 {unit.damage} → {counters}，HP {hp(unit).value}）："
        + ("受到與其 HP 相同或更高數值的傷害，被破壞並置於廢棄區。" if destroyed else "未被破壞。"),
        "8-5-3-2-1",
        "5-5-2",
        *(("11-3-1",) if destroyed else ()),
        decisive=destroyed,
        counters=counters,
    )
    battle.mark(unit, counters, destroyed)
    return destroyed


def _unit_destroyed(trace: Trace, battle: Battle, unit: Unit, owner: Player) -> None:
    if unit.pilot is not None:
        trace.step(
            f"搭乘在「{unit.name}」下方的駕駛員「{unit.pilot.name}」移動到與該機體相同的區域（廢棄區）。",
            "3-3-6",
        )
    if unit.on_destroy:
        _on_destroy(trace, battle, unit, owner, during_breach=False)


def _on_destroy(trace: Trace, battle: Battle, card: Stats, owner: Player, during_breach: bool) -> None:
    trace.step(
        f"「{card.name}」被破壞並置於廢棄區，其【破壞時】效果作為該卡牌的效果從廢棄區發動。",
        "13-2-8-1",
        "13-2-8-2",
    )
    effect = Pending(f"【破壞時】（{card.name}）", owner)
    if during_breach:
        battle.inserted.append(Triggered(effect, Placement.NEXT))
    else:
        battle.pending.append(effect)


def _breach(board: AttackBoard, trace: Trace, battle: Battle, burst: bool, ignore: frozenset[str]) -> None:
    attacker, area = board.attacker, board.defender
    if not attacker.breach:
        return
    total = sum(attacker.breach)
    if len(attacker.breach) > 1:
        listed = "、".join(f"《突破：{v}》" for v in attacker.breach)
        trace.step(
            f"「{attacker.name}」擁有 {listed}：不算擁有多個，而是疊加數值，成為《突破：{total}》。",
            "13-1-2-5",
            instances=attacker.breach,
            breach=total,
        )
    if area.base is None and not area.shields:
        trace.step("對方護盾區中沒有任何 1 張基地或護盾，不發動《突破》效果。", "13-1-2-4")
        return
    if battle.destroyed(attacker.name):
        trace.step(
            f"即便雙方的機體均因戰鬥被破壞，「{attacker.name}」的《突破》也會發動。",
            "13-1-2-3",
            decisive=True,
        )
    trace.step(
        f"在我方的回合中，「{attacker.name}」透過戰鬥傷害破壞了對方機體：發動《突破：{total}》，給予對方護盾區"
        "最前方的 1 張卡牌傷害（有基地則給予基地，沒有基地則給予最上方的 1 張護盾）。",
        "13-1-2-1",
        "13-1-2-2",
        decisive=True,
        breach=total,
    )
    name = f"《突破：{total}》（{attacker.name}）"
    battle.pending.insert(0, Pending(name, board.turn_player))
    for value in list(attacker.breach) if "13-1-2-5" in ignore else [total]:
        _breach_hit(board, trace, battle, value, burst)
    battle.breach = {
        "effect": name,
        "value": total,
        "to": "base" if area.base else "shield",
        "shields_destroyed": battle.shields_destroyed,
        "base_destroyed": battle.destroyed(area.base.name) if area.base else None,
    }


def _breach_hit(board: AttackBoard, trace: Trace, battle: Battle, value: int, burst: bool) -> None:
    base = board.defender.base
    if base is not None and not battle.destroyed(base.name):
        done = battle.cards.get(base.name, {}).get("damage", base.damage) - base.damage
        trace.step(
            f"《突破》給予基地「{base.name}」{value} 點傷害（計數器 {base.damage + done} → {base.damage + done + value}）。",
            "13-1-2-2",
            "3-5-3",
            decisive=True,
            damage=value,
        )
        _damage_base(board, base, trace, battle, done + value, "13-1-2-2")
    elif battle.shields_destroyed < board.defender.shields:
        trace.step(
            f"沒有基地：《突破》給予對方護盾區最上方的 1 張護盾 {value} 點傷害。",
            "13-1-2-2",
            decisive=True,
            damage=value,
        )
        _destroy_shield(board, trace, battle, value, burst, "13-1-2-2")


def _resolve_effects(board: AttackBoard, trace: Trace, battle: Battle) -> None:
    """Order what the battle triggered: turn player first (10-1-6-6), new triggers next (10-1-6-7)."""
    if not battle.pending:
        return
    breach = battle.breach["effect"] if battle.breach else None
    triggers = {breach: battle.inserted} if breach else {}
    events = resolve(battle.pending, board.turn_player, decider=lambda owner: owner, triggers=triggers)
    battle.effects = tuple(event.effect.name for event in events)
    if len(events) < 2:
        return
    if len({p.owner for p in battle.pending}) > 1:
        trace.step(
            f"雙方的效果同時誘發：首先解決回合玩家 {board.turn_player} 誘發的所有效果，接著解決非回合玩家的效果。",
            "10-1-6-6",
        )
    for event in events:
        if event.how is How.CHOSEN:
            trace.choice(
                f"玩家 {event.decider} 的多個效果同時誘發（"
                + "、".join(c.name for c in event.candidates)
                + "），由其決定解決順序。",
                "10-1-6-5",
            )
        elif event.how is How.INSERTED and event.during is not None:  # it names the effect it interrupted
            burst = "【爆發】" in event.effect.name
            trace.step(
                f"解決{event.during.name}的過程中誘發了{event.effect.name}，優先解決新誘發的效果。",
                "10-1-6-7",
                *(("10-1-6-8",) if burst else ()),
            )
    trace.step("效果的解決順序：" + " → ".join(battle.effects) + "。", "10-1-6-6", order=battle.effects)
