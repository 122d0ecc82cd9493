"""zd ``battle``: one attack from its declaration to the end of the battle (chapter 5).

The active player declares an unrested character that can attack
(405.1.p2; not on the turn it entered without 突袭, 318.p6; never with 守备),
rests it and names the opponent's life zone or rested characters as
targets (501.p1, 501.p2; several only when an effect allows, 507).  The
defending player may declare unrested characters that are not targets as
defenders, at most one per target, each taking over one target (502, 503,
507.p3); 神速 lets only 神速 or 守备 characters defend when it attacks
characters (900.神速).

A direct attack that succeeds deals 1 point of battle damage to the life
zone, one more per 会心一击; each point flips a life card from the top,
whose counter effect resolves at once (505.p1, 324.p3, 704.p7).  Only a
life zone that was already empty loses the game to it (101.p1); with one
card left no single attack decides (202.p4); an attack of 0 or less deals
no damage (505.p2).  A battle between characters is settled by
:mod:`judge.games.zd.combat`, then the 【…破坏时】 and 【…胜利时】 effects
trigger (803, 804) and go on the chain in turn order (106.p6).

The values on the board are those in the damage step, after every effect
of the earlier free timings; their changes are listed so the steps can
show them (103.p4 keeps a true value below 0).  Where the book's wording
disagrees with itself on a case that changes the result — 先制 "higher
than" against destruction at "reaching" (900.先制 / 607.p4), 【战斗破坏时】
"exceeding" against battle destruction at "reaching" (803.p1 / 605.p3), which
of several defenders wins (804.p1 / 507.p4) — the ruling says so.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pydantic import Field

from judge.board import BoardModel, Path
from judge.bounds import ZD_DECK_SIZE, Flag, ZdCards
from judge.games.zd.combat import Character, Hit, Keyword, Settlement, Timing, settle
from judge.games.zd.ending import HitBy, Verdict, decide, life_hit
from judge.games.zd.modifiers import show
from judge.order import last_in_first_out
from judge.players import Player
from judge.ruling import Outcome, Trace

LIFE = "生命区"
#: clauses that change who is destroyed; each is tried away to see if it decides
MODIFIERS = ("900.远程", "900.坚韧", "900.先制", "607.p2")
DESTROY_FAMILY = (Timing.BATTLE_DESTROYED, Timing.ATTACK_DESTROYED, Timing.DEFENCE_DESTROYED)


class LifeCard(BoardModel):
    name: str = Field(min_length=1)
    counter: Flag = Field(False, description="it has a 反击特效")


class Attacker(Character):
    entered_this_turn: Flag = False
    unblockable: Flag = Field(False, description="an effect says it cannot be defended (502.p1)")
    max_targets: ZdCards = Field(
        1, ge=1, description="how many characters an effect lets it attack at once (507.p1)"
    )


class Defence(BoardModel):
    name: str = Field(min_length=1)
    instead_of: str | None = Field(None, description="the target it takes over; needed with several targets")


class DefendingSide(BoardModel):
    life: ZdCards = Field(description="cards in the life zone")
    life_cards: list[LifeCard] = Field(
        [], max_length=ZD_DECK_SIZE, description="the life zone's top cards, top first"
    )
    characters: list[Character] = Field([], max_length=ZD_DECK_SIZE)

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        if len(self.life_cards) > self.life:
            yield ("life_cards",), f"more cards than the {self.life} in the life zone", ()


class BattleBoard(BoardModel):
    active_player: Player
    attacker: Attacker
    targets: list[str] = Field([LIFE], min_length=1, description=f"{LIFE}, or names of rested characters")
    defenders: list[Defence] = Field(default_factory=list, description="characters that declare defence")
    defending: DefendingSide

    def character(self, name: str) -> Character | None:
        return next((c for c in self.defending.characters if c.name == name), None)

    @property
    def taken_over(self) -> dict[str, str]:
        """target -> the defender that took it over."""
        return {(d.instead_of or self.targets[0]): d.name for d in self.defenders}

    @property
    def fighters(self) -> list[tuple[Character, bool]]:
        """Who the attacker battles, with whether each declared defence."""
        found = []
        for target in self.targets:
            declared = target in self.taken_over
            if not declared and target == LIFE:
                continue
            fighter = self.character(self.taken_over[target] if declared else target)
            if fighter is not None:  # checked: each names a defending character
                found.append((fighter, declared))
        return found

    @property
    def direct(self) -> bool:
        return self.targets == [LIFE] and not self.defenders

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        yield from _attacker_problems(self.attacker)
        yield from _target_problems(self)
        yield from _defender_problems(self)
        everyone = [self.attacker] + list(self.defending.characters)
        names = [c.name for c in everyone]
        for name in dict.fromkeys(n for n in names if names.count(n) > 1):
            yield (
                ("defending", "characters"),
                f"{name!r} is listed twice; give each character its own name",
                (),
            )
        for path, char in [(("attacker",), self.attacker)] + [
            (("defending", "characters", i), c) for i, c in enumerate(self.defending.characters)
        ]:
            if char.defence_trail.shown <= 0:
                yield (
                    path + ("defence",),
                    "a character whose defence is 0 or less is already in the rest area",
                    ("309.p3",),
                )
            elif char.damage >= char.defence_trail.shown:
                yield path + ("damage",), "damage reaching the defence has already destroyed it", ("607.p4",)


def _attacker_problems(attacker: Attacker) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
    if attacker.rested:
        yield ("attacker", "rested"), "only an unrested character can be declared as attacker", ("405.1.p2",)
    if attacker.has(Keyword.GUARD):
        yield ("attacker", "keywords"), "a character with 守备 cannot attack", ("900.守备",)
    if attacker.entered_this_turn and not attacker.has(Keyword.RUSH):
        yield (
            ("attacker", "entered_this_turn"),
            "a character cannot attack the turn it entered (without 突袭)",
            ("318.p6",),
        )


def _target_problems(board: BattleBoard) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
    targets = board.targets
    if len(set(targets)) != len(targets):
        yield ("targets",), "each target at most once", ()
    if LIFE in targets and len(targets) > 1:
        yield ("targets",), "only characters can be attacked together", ("507.p1",)
    if len(targets) > board.attacker.max_targets:
        yield (
            ("targets",),
            f"the attacker may attack at most {board.attacker.max_targets} character(s)",
            ("507.p1",),
        )
    for i, target in enumerate(targets):
        char = board.character(target)
        if target != LIFE and char is None:
            yield ("targets", i), f"expected {LIFE} or one of the defending characters", ()
        elif char is not None and not char.rested:
            yield ("targets", i), "only the life zone and rested characters can be attacked", ("501.p2",)


def _defender_problems(board: BattleBoard) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
    attacker, targets = board.attacker, board.targets
    if board.defenders and attacker.unblockable:
        yield ("defenders",), "the attacker cannot be defended", ("502.p1",)
    if len(board.defenders) > len(targets):
        yield (
            ("defenders",),
            f"at most {len(targets)} defender(s): one per attack target",
            ("502.p2", "507.p3"),
        )
    taken = [d.instead_of or targets[0] for d in board.defenders]
    for i, defence in enumerate(board.defenders):
        char = board.character(defence.name)
        where = ("defenders", i)
        if char is None:
            yield where + ("name",), "expected one of the defending characters", ()
            continue
        if char.rested:
            yield where + ("name",), "only an unrested character can declare defence", ("502.p2",)
        if defence.name in targets:
            yield where + ("name",), "a character chosen as attack target cannot declare defence", ("502.p4",)
        if (
            attacker.has(Keyword.SWIFT)
            and LIFE not in targets
            and not (char.has(Keyword.SWIFT) or char.has(Keyword.GUARD))
        ):
            yield (
                where + ("name",),
                "a 神速 attacker attacking characters can be defended only by 神速 or 守备",
                ("900.神速",),
            )
        if len(targets) > 1 and defence.instead_of is None:
            yield where + ("instead_of",), "required with several attack targets", ("507.p3",)
        elif taken[i] not in targets:
            yield where + ("instead_of",), "expected one of the attack targets", ("507.p3",)
        elif taken.count(taken[i]) > 1:
            yield where + ("instead_of",), "each defender takes over a different target", ("507.p3",)


class BattleReason(enum.StrEnum):
    LIFE_DAMAGED = "life_damaged"
    NO_BATTLE_DAMAGE = "no_battle_damage"  # attack 0 or less (505.p2)
    EMPTY_LIFE_HIT = "empty_life_hit"  # the defending player loses (101.p1)
    ATTACKER_WINS = "attacker_wins"
    DEFENDER_WINS = "defender_wins"
    BOTH_DESTROYED = "both_destroyed"
    NONE_DESTROYED = "none_destroyed"
    RULEBOOK_CONFLICT = "rulebook_conflict"


@dataclass(frozen=True, slots=True)
class Fired:
    """An effect that triggers in the battle."""

    card: str
    player: Player
    timing: str  # the 【…】 timing, or 贯通
    step: str  # attack / defence / battle / damage
    fires: bool | None  # None: the rulebook does not decide

    @property
    def label(self) -> str:
        return f"{self.card}【{self.timing}】"

    def as_dict(self) -> dict[str, Any]:
        return {
            "card": self.card,
            "player": self.player.value,
            "timing": self.timing,
            "step": self.step,
            "fires": self.fires,
        }


def judge(board: BattleBoard, trace: Trace) -> Outcome:
    fired = _declare(trace, board) + _defend(trace, board)
    if board.direct:
        return _direct(trace, board, fired)
    return _battle(trace, board, fired)


def _owner(board: BattleBoard, name: str) -> Player:
    return board.active_player if name == board.attacker.name else board.active_player.other


def _declare(trace: Trace, board: BattleBoard) -> list[Fired]:
    attacker, active = board.attacker, board.active_player
    trace.step(
        f"玩家 {active} 宣布「{attacker.name}」攻击：自己控制的一张未横置且可以进攻的角色牌。",
        "405.1.p2",
        attacker=attacker.name,
    )
    if attacker.entered_this_turn:
        trace.step(
            f"「{attacker.name}」本回合登场，但带有突袭，登场回合就可以攻击。",
            "900.突袭",
            "318.p6",
            decisive=True,
        )
    cites: tuple[str, ...]
    if board.targets == [LIFE]:
        what, cites = "对方的生命区", ("501.p1", "501.p2")
    else:
        what = "横置的角色牌" + "、".join(f"「{t}」" for t in board.targets)
        cites = ("501.p1", "501.p2") + (("507.p2",) if len(board.targets) > 1 else ())
    trace.step(
        f"横置「{attacker.name}」并选择{what}为攻击对象，此时攻击成立。", *cites, targets=board.targets
    )
    return _fire(trace, board, [attacker], (Timing.ON_ATTACK,), "attack", "805.p1")


def _defend(trace: Trace, board: BattleBoard) -> list[Fired]:
    attacker, other = board.attacker, board.active_player.other
    fired: list[Fired] = []
    if not board.defenders:
        if attacker.unblockable:
            trace.step(f"「{attacker.name}」不能被防御：攻击成立后，对方玩家无法宣告防御。", "502.p1")
        else:
            trace.step(f"防御玩家 {other} 没有宣布防御。", "502.p2")
    for defence in board.defenders:
        char = board.character(defence.name)
        if char is None:  # checked: a defender is a defending character
            continue
        target = defence.instead_of or board.targets[0]
        if attacker.has(Keyword.SWIFT) and LIFE not in board.targets:
            kind = "神速" if char.has(Keyword.SWIFT) else "守备"
            trace.step(
                f"「{attacker.name}」带有神速，攻击角色牌时只能被带有神速或守备的角色牌防御：「{char.name}」带有{kind}。",
                "900.神速",
            )
        cites = ("502.p2", "503.p1") + (("507.p3",) if len(board.targets) > 1 else ())
        instead = "对方的生命区" if target == LIFE else f"「{target}」"
        trace.step(
            f"防御玩家 {other} 以「{char.name}」宣布防御并将其横置，防御成立，战斗对象由{instead}变更为「{char.name}」。",
            *cites,
            defender=char.name,
            instead_of=target,
        )
        fired += _fire(trace, board, [char], (Timing.ON_DEFENCE,), "defence", "806.p1")
    for char, declared in board.fighters:
        if declared:
            continue
        trace.step(
            f"被攻击的横置角色牌「{char.name}」没有其他角色牌为其防御，也会防御成立。",
            "503.p2",
            target=char.name,
        )
        if char.has(Keyword.TOUGH):
            trace.step(f"「{char.name}」带有坚韧，但在被攻击时仍然会照常受到战斗伤害。", "900.坚韧")
        fired += _fire(trace, board, [char], (Timing.ON_DEFENCE,), "defence", "806.p4")
    return fired


def _fire(
    trace: Trace,
    board: BattleBoard,
    cards: list[Character],
    timings: tuple[Timing, ...],
    step: str,
    *cites: str,
) -> list[Fired]:
    fired = [
        Fired(c.name, _owner(board, c.name), t.value, step, True)
        for c in cards
        for t in c.timings
        if t in timings
    ]
    if fired:
        listed = "、".join(f"「{f.card}」的【{f.timing}】" for f in fired)
        trace.step(
            f"触发{listed}效果，加入连锁；之后进入自由时机，主动玩家获得优先权。",
            *cites,
            triggered=[f.label for f in fired],
        )
    return fired


def _values(trace: Trace, char: Character) -> None:
    """Show how a character's attack and defence came to what they are."""
    for label, trail, clause in (
        ("攻击力", char.attack_trail, "317.p3"),
        ("防御力", char.defence_trail, "317.p4"),
    ):
        if not trail.moves:
            continue
        dipped = trail.dipped
        cites = (clause, "103.p4") if dipped else (clause,)
        note = "；小于 0 时按 0 清算，但保留真实数值" if dipped else ""
        shown: dict[str, Any] = {label: trail.shown}
        trace.step(f"「{char.name}」的{label}：{show(trail)}{note}。", *cites, **shown)


# --- a direct attack on the life zone ----------------------------------------------


def _direct(trace: Trace, board: BattleBoard, fired: list[Fired]) -> Outcome:
    attacker, side = board.attacker, board.defending
    defending = board.active_player.other
    _values(trace, attacker)
    trace.step(f"「{attacker.name}」直接攻击生命区成功。", "504.p1")
    attack = attacker.attack_trail.shown
    crits = attacker.keywords.count(Keyword.CRITICAL)
    if attack <= 0:
        trace.step(
            f"「{attacker.name}」的攻击力为 {attack}（0 以下），不会造成战斗伤害：即便直接攻击生命区成功，也无法对"
            "生命区造成战斗伤害。",
            "505.p2",
            "308.p3",
            decisive=True,
            attack=attack,
        )
        points = 0
    else:
        points = 1 + crits
        trace.step(
            "直接攻击生命区成功，对防御方玩家的生命区造成 1 点战斗伤害。", "505.p1", decisive=True, points=1
        )
        if crits:
            trace.step(
                f"「{attacker.name}」带有会心一击（{crits} 个），每个额外多造成 1 点战斗伤害：共 {points} 点。",
                "900.会心一击",
                decisive=min(points, side.life) > min(1, side.life),
                points=points,
            )
    flipped = _flip(trace, side, points)
    loses = life_hit(trace, defending, side.life, points, HitBy.BATTLE)
    end = decide(trace, board.active_player, frozenset(), frozenset({defending})) if loses else None
    if end is None:
        trace.step("战斗结束，战斗时的效果失效，进入主动玩家的行动阶段，主动玩家获得优先权。", "506.p1")
    reason = (
        BattleReason.EMPTY_LIFE_HIT
        if loses
        else BattleReason.NO_BATTLE_DAMAGE
        if points == 0
        else BattleReason.LIFE_DAMAGED
    )
    return Outcome(
        reason,
        {
            "attacker": attacker.name,
            "battled": [],
            "points": points,
            "life": {
                "before": side.life,
                "after": side.life - len(flipped),
                "flipped": [f["card"] for f in flipped],
                "counters": [f["card"] for f in flipped if f["counter"]],
            },
            "destroyed": [],
            "triggers": [f.as_dict() for f in fired],
            # no one won, so no pair of readings (101.p5 against 101.p6): a verdict, or nothing when no one lost
            "game_end": (
                end.as_dict()
                if isinstance(end, Verdict)
                else {"result": "continues", "winner": None, "losers": []}
            ),
        },
    )


def _flip(trace: Trace, side: DefendingSide, points: int) -> list[dict[str, Any]]:
    count = min(points, side.life)
    if count == 0:
        return []
    if points >= 2:
        trace.step(
            f"一次造成 {points} 点伤害：首先确定将要翻开的 {count} 张生命牌，之后依次翻开，处理完一张的反击特效后再翻开"
            "下一张。",
            "704.p7",
            "900.会心一击",
            cards=count,
        )
    flipped = []
    for i in range(count):
        card = side.life_cards[i] if i < len(side.life_cards) else None
        name = card.name if card else f"第 {i + 1} 张生命牌"
        if card is not None and card.counter:
            trace.step(
                f"从上方翻开「{name}」：它有反击特效，必须发动且不能被连锁，优先于其他连锁清算，之后送入休息区。",
                "324.p3",
                "312.p2",
                "704.p5",
                card=name,
            )
        else:
            trace.step(f"从上方翻开「{name}」，送入休息区。", "324.p3", "202.p6", card=name)
        flipped.append({"card": name, "counter": bool(card and card.counter)})
    return flipped


# --- a battle between characters ----------------------------------------------------


def _battle(trace: Trace, board: BattleBoard, fired: list[Fired]) -> Outcome:
    attacker, fighters = board.attacker, board.fighters
    everyone = [attacker] + [c for c, _ in fighters]
    for char in everyone:
        _values(trace, char)
    several = ("507.p4",) if len(fighters) > 1 else ()
    together = (
        "：攻击角色牌对所有防御角色牌同时造成战斗伤害，并受到它们攻击力合计的战斗伤害" if several else ""
    )
    trace.step(
        "攻击的角色牌与"
        + "、".join(f"「{c.name}」" for c, _ in fighters)
        + f"进入战斗，战斗成立{together}。",
        "504.p2",
        "504.p3",
        *several,
    )
    fired += _fire(
        trace, board, [attacker], (Timing.BATTLE_SET, Timing.ATTACK_BATTLE_SET), "battle", "810.p1"
    )
    fired += _fire(
        trace,
        board,
        [c for c, _ in fighters],
        (Timing.BATTLE_SET, Timing.DEFENCE_BATTLE_SET),
        "battle",
        "810.p1",
    )
    settled = settle(attacker, fighters)
    _explain_damage(trace, board, settled)
    strict = settle(attacker, fighters, strict_first_strike=True)
    conflict = strict.key != settled.key
    if conflict:
        _first_strike_conflict(trace, settled, strict)
    trace.mark_decisive_if_it_matters(lambda ignore: settle(attacker, fighters, ignore).key, *MODIFIERS)
    if len(fighters) > 1:
        trace.mark_decisive("507.p4")
    after = _after_damage(trace, board, settled)
    fired += after
    _chain_order(trace, board, after)
    trace.step("战斗结束，战斗时的效果失效，进入主动玩家的行动阶段，主动玩家获得优先权。", "506.p1")
    destroyed = list(settled.destroyed)
    attacker_down = attacker.name in destroyed
    defenders_down = [n for n in destroyed if n != attacker.name]
    if conflict:
        reason = BattleReason.RULEBOOK_CONFLICT
    elif attacker_down:
        reason = BattleReason.BOTH_DESTROYED if defenders_down else BattleReason.DEFENDER_WINS
    else:
        reason = BattleReason.ATTACKER_WINS if defenders_down else BattleReason.NONE_DESTROYED
    facts: dict[str, Any] = {
        "attacker": attacker.name,
        "battled": [c.name for c, _ in fighters],
        "values": {n: {"attack": settled.attack[n], "defence": settled.defence[n]} for n in settled.attack},
        "damage": settled.damage,
        "destroyed": destroyed,
        "life": None,
        "triggers": [f.as_dict() for f in fired],
        "chain_order": [f.label for f in _resolution(board, after)],
        "game_end": {"result": "continues", "winner": None, "losers": []},
    }
    if conflict:
        facts["readings"] = {
            "607.p4": {"destroyed": destroyed},
            "900.先制": {"destroyed": list(strict.destroyed)},
        }
    return Outcome(reason, facts)


def _explain_damage(trace: Trace, board: BattleBoard, settled: Settlement) -> None:
    several = len(board.fighters) > 1
    cards = {board.attacker.name: board.attacker, **{c.name: c for c, _ in board.fighters}}
    first = [n for n, c in cards.items() if c.has(Keyword.FIRST_STRIKE)]
    if first and len(first) == len(cards):
        trace.step("双方都带有先制：同时造成战斗伤害。", "900.先制")
    for first_round in (True, False):
        hits = [h for h in settled.hits if h.first_strike is first_round]
        if first_round and hits:
            trace.step(
                "带有先制的" + "、".join(f"「{n}」" for n in first) + "先造成战斗伤害。", "900.先制", "507.p6"
            )
        for hit in hits:
            _explain_hit(trace, board, settled, hit, several)
        if first_round:
            for name in settled.silenced:
                trace.step(
                    f"「{name}」本回合受到的伤害已达到其防御力，被先制的战斗伤害破坏，无法再造成战斗伤害。",
                    "900.先制",
                    "507.p6",
                    "607.p4",
                    card=name,
                )
    for name in cards:
        _explain_total(trace, settled, name)


def _explain_hit(trace: Trace, board: BattleBoard, settled: Settlement, hit: Hit, several: bool) -> None:
    how = "507.p4" if several else "308.p1"
    if hit.prevented_by is Keyword.RANGED:
        cites = ("900.远程", "507.p5") if several else ("900.远程",)
        trace.step(
            f"「{hit.source}」的战斗伤害不会落到「{hit.target}」上：带有远程的角色牌在攻击战斗时不会受到由与其战斗的"
            "角色牌所造成的战斗伤害。",
            *cites,
            source=hit.source,
            target=hit.target,
        )
    elif hit.prevented_by is Keyword.TOUGH:
        trace.step(
            f"「{hit.target}」带有坚韧，在进行防御时不会受到「{hit.source}」造成的战斗伤害。",
            "900.坚韧",
            source=hit.source,
            target=hit.target,
        )
    elif settled.attack[hit.source] <= 0:
        trace.step(
            f"「{hit.source}」的攻击力为 {settled.attack[hit.source]}（0 以下），不会造成战斗伤害。",
            "505.p2",
            "308.p2",
            source=hit.source,
        )
    else:
        trace.step(
            f"「{hit.source}」对「{hit.target}」造成等同于自身攻击力数值的战斗伤害 {hit.amount}。",
            how,
            source=hit.source,
            target=hit.target,
            amount=hit.amount,
        )


def _explain_total(trace: Trace, settled: Settlement, name: str) -> None:
    prior, taken, total, defence = (
        settled.prior[name],
        settled.taken(name),
        settled.damage[name],
        settled.defence[name],
    )
    sum_text = f"此前的 {prior} + 本次的 {taken} = {total}" if prior else f"{total}"
    cites = ("607.p2", "607.p3") if prior else ("607.p3",)
    if name in settled.destroyed:
        trace.step(
            f"「{name}」本回合受到的伤害 {sum_text}，大于或等于其防御力 {defence}：受到致命伤害，被破坏并直接送入"
            "休息区。",
            *cites,
            "505.p3",
            damage=total,
            defence=defence,
        )
        trace.mark_decisive("607.p3", "505.p3")
    else:
        trace.step(
            f"「{name}」本回合受到的伤害 {sum_text}，小于其防御力 {defence}，没有被破坏。",
            *cites,
            damage=total,
            defence=defence,
        )
        trace.mark_decisive("607.p3")


def _first_strike_conflict(trace: Trace, settled: Settlement, strict: Settlement) -> None:
    tied = [n for n in settled.silenced if n not in strict.silenced]
    trace.conflict(
        "、".join(f"「{n}」" for n in tied)
        + "受到先制的战斗伤害后，伤害正好等于其防御力。607.p3、607.p4 规定伤害大于或等于"
        "防御力即为致命伤害并立刻被破坏，507.p6 说被先制战斗破坏的角色牌不能再造成战斗伤害；900.先制 却说伤害“高于”其"
        "防御力时才无法再造成战斗伤害。按前者被破坏的是"
        + "、".join(f"「{n}」" for n in settled.destroyed)
        + "，按后者是"
        + "、".join(f"「{n}」" for n in strict.destroyed)
        + "。",
        "607.p3",
        "607.p4",
        "507.p6",
        "900.先制",
    )
    trace.mark_decisive("607.p4", "900.先制")


def _after_damage(trace: Trace, board: BattleBoard, settled: Settlement) -> list[Fired]:
    """The 【…破坏时】, 【…胜利时】 and 贯通 effects once battle damage is settled (802–804)."""
    attacker = board.attacker
    fired: list[Fired] = []
    for char in [attacker] + [c for c, _ in board.fighters]:
        mine = char is attacker
        if char.name in settled.destroyed:
            fired += _destroyed(trace, board, settled, char, mine)
        else:
            fired += _won(trace, board, settled, char, mine)
    return fired


def _destroyed(
    trace: Trace, board: BattleBoard, settled: Settlement, char: Character, mine: bool
) -> list[Fired]:
    fired = []
    own = {
        Timing.BATTLE_DESTROYED,
        Timing.DESTROYED,
        Timing.ATTACK_DESTROYED if mine else Timing.DEFENCE_DESTROYED,
    }
    for timing in (t for t in char.timings if t in own):
        fires: bool | None = True
        if timing is Timing.DESTROYED:
            trace.step(
                f"「{char.name}」因伤害离开战斗区：触发【破坏时】的效果。", "802.p1", "505.p3", card=char.name
            )
        elif settled.taken(char.name) > settled.defence[char.name]:
            trace.step(
                f"「{char.name}」在清算步骤中因战斗伤害导致的致命伤害被破坏（战斗破坏）：战斗伤害清算完毕之后触发"
                f"【{timing.value}】的效果。",
                "605.p3",
                "803.p5",
                "803.p2",
                card=char.name,
            )
        else:
            fires = None
            trace.conflict(
                f"「{char.name}」本次受到的战斗伤害 {settled.taken(char.name)} 没有超过其防御力 "
                f"{settled.defence[char.name]}，但累计伤害达到了防御力而被破坏。605.p3 把因战斗伤害导致的致命伤害而被破坏称为"
                f"战斗破坏，505.p3 说受到致命伤害被破坏时【战斗破坏时】等效果触发；803.p1 却把【战斗破坏时】定义为受到了"
                f"“超过自身防御力的战斗伤害”而被破坏时触发。规则书对【{timing.value}】是否触发说法不一。",
                "605.p3",
                "505.p3",
                "803.p1",
                card=char.name,
            )
        fired.append(Fired(char.name, _owner(board, char.name), timing.value, "damage", fires))
    return fired


def _won(trace: Trace, board: BattleBoard, settled: Settlement, char: Character, mine: bool) -> list[Fired]:
    attacker = board.attacker
    if mine:
        beaten = [c.name for c, _ in board.fighters if c.name in settled.destroyed]
        won: bool | None = bool(beaten)
    else:
        beaten = [attacker.name] if attacker.name in settled.destroyed else []
        hitters = [c.name for c, _ in board.fighters if settled.dealt(c.name, attacker.name) > 0]
        won = bool(beaten) and char.name in hitters
        if won and len(hitters) > 1:
            won = None
    own = {Timing.BATTLE_WIN, Timing.ATTACK_WIN if mine else Timing.DEFENCE_WIN}
    timings = [t.value for t in char.timings if t in own]
    timings += [Keyword.PIERCE.value] * char.keywords.count(Keyword.PIERCE) if mine else []
    if not timings or won is False:
        return []
    if won is None:
        trace.silent(
            f"攻击的角色牌被{'、'.join(f'「{n}」' for n in hitters)}的战斗伤害合计破坏。804.p1 的【战斗胜利时】要求角色牌"
            "通过战斗伤害破坏对方的角色牌，507.p4 只说明攻击角色牌受到所有防御角色牌攻击力合计的战斗伤害；规则书未规定此时"
            f"「{char.name}」是否算作破坏了对方。",
            "804.p1",
            "507.p4",
            card=char.name,
        )
    else:
        once = "（无论破坏了几张防御角色牌，都只能触发一次）" if mine and len(beaten) > 1 else ""
        cites = ("804.p1", "804.p4") + (("507.p4",) if once else ())
        listed = "、".join(
            "贯通（【攻击胜利时】）" if t == Keyword.PIERCE.value else f"【{t}】" for t in timings
        )
        trace.step(
            f"「{char.name}」通过战斗伤害破坏了"
            + "、".join(f"「{n}」" for n in beaten)
            + f"且自身未被破坏：战斗伤害清算"
            f"完毕之后触发{listed}{once}。",
            *cites,
            card=char.name,
        )
    fired = [Fired(char.name, _owner(board, char.name), t, "damage", won) for t in timings]
    for _ in range(timings.count(Keyword.PIERCE.value)):
        trace.step(
            f"「{char.name}」的贯通（【攻击胜利时】）对对方生命区造成 1 点伤害，进入连锁后清算。", "900.贯通"
        )
    if Keyword.PIERCE.value in timings:
        life_hit(
            trace,
            board.active_player.other,
            board.defending.life,
            timings.count(Keyword.PIERCE.value),
            HitBy.PIERCE,
        )
    return fired


def _resolution(board: BattleBoard, fired: list[Fired]) -> list[Fired]:
    return last_in_first_out(
        [f for f in fired if f.fires is not False], board.active_player, owner=lambda f: f.player
    )


def _chain_order(trace: Trace, board: BattleBoard, fired: list[Fired]) -> None:
    if not fired:
        return
    order = [f.label for f in _resolution(board, fired)]
    players = {f.player for f in fired}
    if len(players) == 2:
        trace.step(
            f"这些效果同时加入连锁：先由主动玩家 {board.active_player} 加入，再由非主动玩家加入，之后从连锁最上方开始"
            f"清算：{'、'.join(order)}。",
            "106.p6",
            "505.p3",
            order=order,
        )
    else:
        trace.step(
            f"这些效果加入连锁，主动玩家获得优先权，之后从连锁最上方开始清算：{'、'.join(order)}。",
            "505.p3",
            "106.p3",
            order=order,
        )
