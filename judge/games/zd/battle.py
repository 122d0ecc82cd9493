"""A battle (ch. 5) inside the action phase: attack step, declaring defence, defence step, battle
step, damage (清算) step and the battle's end, with the timings of ch. 8 each raised by the event
that defines it.

The attack is declared with ``attack``; the defending player's decision is
``defend`` or ``no_defend``, and when the timeline states neither it is that
player's open choice, replayed once per possibility (a single possibility is
no choice).  Being chosen as an attack target raises no 【防御时】 (806.p3): a
rested target that nobody defends for declares defence by itself (503.p2)
and only then raises it (806.p4).  Battle damage adds to the damage taken
earlier in the turn (607.p2); 先制 strikes first (900.先制), 远程 takes none
when attacking (900.远程), 坚韧 none when it declared defence (900.坚韧).  The
【…破坏时】 and 【…胜利时】 timings come once battle damage is settled (803.p5,
804.p4); when both or neither are destroyed there is no 【战斗胜利时】 (804.p5).
"""

from __future__ import annotations

from typing import Any

from judge.action import Action
from judge.games.zd import effects, life, timings
from judge.games.zd.actions import Attack, Defend
from judge.games.zd.outcome import BattleRecord
from judge.games.zd.state import Battle, ZdCard, ZdState
from judge.games.zd.values import counted, true_value
from judge.players import Player
from judge.replay import Replay
from judge.state import Duration, Status

Run = Replay[ZdState]

BATTLES = "battles"
LIFE = "life"
#: actions that happen in a free timing of the battle, before it goes on
FREE = ("effect", "activate", "concede", "negate", "simultaneous")


def record(replay: Run) -> BattleRecord:
    found: BattleRecord = replay.notes[BATTLES][-1]
    return found


def _status(replay: Run, card: ZdCard) -> Status:
    status: Status = replay.fact(
        f"{card.name}.status",
        card.status,
        (Status.ACTIVE, Status.RESTED),
        f"「{card.name}」是否横置",
        "104.p1",
    )
    return status


def _chain_empty(replay: Run) -> bool:
    return not replay.notes.get("chain")


def declare(replay: Run, action: Attack) -> None:
    state = replay.state
    player = state.turn_player or Player.A
    if state.battle is not None:
        replay.refuse("战斗结束之前不能宣布新的攻击。", "500.p2")
    if not _chain_empty(replay):
        replay.refuse("宣布攻击需要连锁为空。", "405.1.p1")
    attacker = state.side(player).battle.find(action.by)
    if attacker is None:
        replay.refuse(
            f"「{action.by}」不是主动玩家 {player} 控制的角色牌：只能选择自己控制的角色牌宣布攻击。",
            "405.1.p2",
        )
    if _status(replay, attacker) is Status.RESTED:
        replay.refuse(f"「{attacker.name}」已横置：宣布攻击时需选择未横置的角色牌。", "405.1.p2", "104.p3")
    if attacker.has("守备"):
        replay.refuse(f"「{attacker.name}」带有守备：此牌不能进行攻击。", "900.守备")
    if attacker.entered_turn is not None and attacker.entered_turn == state.turn:
        if not attacker.has("突袭"):
            replay.refuse(f"「{attacker.name}」在本回合登场：角色牌在其登场的回合不能攻击。", "318.p6")
        replay.step(
            f"「{attacker.name}」本回合登场，但带有突袭：登场回合就可以攻击。",
            "900.突袭",
            "318.p6",
            decisive=True,
        )
    if action.target != LIFE:
        target = state.side(player.other).battle.find(action.target)
        if target is None or _status(replay, target) is not Status.RESTED:
            replay.refuse(
                f"「{action.target}」不能成为攻击对象：只有对手玩家的生命区和横置的角色牌能成为攻击对象。",
                "501.p2",
            )
    attacker.status = Status.RESTED
    what = "对方玩家的生命区" if action.target == LIFE else f"横置的角色牌「{action.target}」"
    replay.step(
        f"攻击步骤：主动玩家 {player} 横置宣布攻击的「{attacker.name}」，选择{what}为攻击对象，此时攻击成立。",
        "405.1.p2",
        "501.p1",
        attacker=attacker.name,
        target=action.target,
    )
    state.battle = Battle(attacker=attacker.name, target=action.target)
    replay.notes.setdefault(BATTLES, []).append(
        BattleRecord(attacker=attacker.name, player=player, target=action.target)
    )
    timings.timing(
        replay,
        ("attack",),
        attacker.name,
        player,
        (f"「{attacker.name}」攻击成立：触发【攻击时】的效果。", None),
        "805.p1",
    )
    if action.target != LIFE:
        timings.timing(
            replay,
            ("attacked",),
            action.target,
            player.other,
            (f"「{action.target}」被选为攻击对象：触发【被攻击时】的效果。", None),
            "501.p1",
        )
        replay.unfired(
            "defends",
            f"「{action.target}」被选为攻击对象：当角色牌被选为攻击对象时不会触发【防御时】的效果。",
            "806.p3",
            card=action.target,
        )


def candidates(replay: Run, battle: Battle) -> list[str]:
    """The defending player's characters that may declare defence (502.p2, 502.p4, 900.神速)."""
    attacker = replay.state.character(battle.attacker)
    if attacker is None or attacker.has("不能被防御"):
        return []
    defending = _defending(replay)
    found = []
    for card in replay.state.side(defending).battle.cards:
        if card.kind not in (None, "character") or card.name == battle.target:
            continue
        if attacker.has("神速") and battle.target != LIFE and not (card.has("神速") or card.has("守备")):
            continue
        if _status(replay, card) is Status.ACTIVE:
            found.append(card.name)
    return found


def _defending(replay: Run) -> Player:
    return (replay.state.turn_player or Player.A).other


def defend(replay: Run, action: Defend | None) -> None:
    battle = replay.state.battle
    if battle is None or battle.step != "defence":
        replay.refuse("宣布防御只能在对方角色牌攻击成立之后进行。", "502.p2")
    defending = _defending(replay)
    if action is None:
        _no_defence(replay, battle, defending)
        return
    attacker = replay.state.character(battle.attacker)
    card = replay.state.side(defending).battle.find(action.by)
    if attacker is not None and attacker.has("不能被防御"):
        replay.refuse(f"「{attacker.name}」不能被防御：攻击成立后，对方玩家无法宣告防御。", "502.p1")
    if card is None:
        replay.refuse(f"「{action.by}」不是防御玩家 {defending} 控制的角色牌。", "502.p2")
    if card.name == battle.target:
        replay.refuse(f"「{card.name}」被选为攻击对象：它不能再主动进行防御。", "502.p4")
    if _status(replay, card) is Status.RESTED:
        replay.refuse(f"「{card.name}」已横置：只能选择未横置且可以防御的角色牌宣布防御。", "502.p2")
    swift = attacker is not None and attacker.has("神速") and battle.target != LIFE
    if swift and not (card.has("神速") or card.has("守备")):
        replay.refuse(
            f"「{battle.attacker}」带有神速：攻击角色牌时只能被带有神速或守备效果的角色牌防御。", "900.神速"
        )
    card.status = Status.RESTED
    instead = "对方的生命区" if battle.target == LIFE else f"「{battle.target}」"
    replay.step(
        f"防御步骤：防御玩家 {defending} 横置宣布防御的「{card.name}」，此时防御成立，战斗对象由{instead}变更为「{card.name}」。",
        "502.p2",
        "503.p1",
        defender=card.name,
    )
    battle.defender, battle.step = card.name, "battle"
    record(replay).defender = card.name
    timings.timing(
        replay,
        ("defends",),
        card.name,
        defending,
        (f"「{card.name}」防御成立：触发【防御时】的效果。", None),
        "806.p1",
    )
    if battle.target != LIFE:
        replay.unfired(
            "defends",
            f"「{battle.target}」被攻击，但有其他角色牌「{card.name}」对其进行防御：它的【防御时】不会触发。",
            "806.p4",
            "806.p3",
            card=battle.target,
        )


def _no_defence(replay: Run, battle: Battle, defending: Player) -> None:
    battle.step = "battle"
    if battle.target == LIFE:
        replay.step(f"防御玩家 {defending} 没有宣布防御。", "502.p2")
        return
    target = replay.state.character(battle.target)
    if target is None:
        return
    replay.step(
        f"防御玩家 {defending} 没有用其他角色牌防御：被攻击的横置角色牌「{target.name}」也会防御成立。",
        "503.p2",
        "806.p4",
        defender=target.name,
    )
    battle.defender = target.name
    record(replay).defender = target.name
    timings.timing(
        replay,
        ("defends",),
        target.name,
        defending,
        (f"没有其他角色牌对「{target.name}」进行防御：触发其【防御时】的效果。", None),
        "806.p4",
    )


def _open_defence(replay: Run, battle: Battle) -> None:
    options = candidates(replay, battle)
    if not options:
        attacker = replay.state.character(battle.attacker)
        if attacker is not None and attacker.has("不能被防御"):
            replay.step(f"「{attacker.name}」不能被防御：攻击成立后，对方玩家无法宣告防御。", "502.p1")
        else:
            replay.not_applied(
                f"防御玩家 {_defending(replay)} 没有未横置且可以防御的角色牌：无法宣布防御。", "502.p2"
            )
        _no_defence(replay, battle, _defending(replay))
        return
    chosen: Any = replay.choose(
        _defending(replay),
        f"defend:{battle.attacker}",
        None,
        ["none", *options],
        f"盘面之后第 {len(replay.notes[BATTLES])} 次战斗中，防御玩家 {_defending(replay)} 是否对「{battle.attacker}」的攻击宣布防御、"
        "以哪张角色牌防御（none：不防御）",
        "502.p2",
    )
    defend(replay, None if chosen == "none" else Defend(by=chosen))


def progress(replay: Run) -> None:
    """Run the battle's steps that need nobody's decision, up to the next one the timeline states."""
    actions = replay.timeline.actions
    following: Action | None = actions[replay.index + 1] if 0 <= replay.index + 1 < len(actions) else None
    while replay.state.battle is not None:
        battle = replay.state.battle
        if battle.step == "defence":
            if following is not None and following.verb in (*FREE, "pass", "defend", "no_defend"):
                return
            _open_defence(replay, battle)
        elif battle.step == "battle":
            _battle_step(replay, battle)
            if following is not None and following.verb in FREE:  # a pass lets the free timing go by
                return
        elif battle.step == "damage":
            _damage_step(replay, battle)
        else:
            battle_end(replay)
        replay.resolve_fired()


def _gone(replay: Run, battle: Battle) -> bool:
    """500.p3, 503.p3: a battling character left the field — the battle stops there."""
    gone = [
        n for n in (battle.attacker, battle.defender) if n is not None and replay.state.character(n) is None
    ]
    if gone:
        replay.step(
            f"{'、'.join(f'「{n}」' for n in gone)}离开了战斗区：战斗阶段中断，双方均不能对对方造成战斗伤害，回到主动玩家的行动阶段。",
            "500.p3",
            "503.p3",
        )
        battle.step = "end"
    return bool(gone)


def _battle_step(replay: Run, battle: Battle) -> None:
    battle.step = "damage"
    if _gone(replay, battle):
        return
    if battle.defender is None:
        replay.step(f"战斗步骤：「{battle.attacker}」直接攻击生命区成功。", "504.p1")
        timings.timing(
            replay,
            ("life_attack",),
            battle.attacker,
            replay.state.turn_player or Player.A,
            ("触发攻击生命区成功时触发的效果。", None),
            "504.p1",
        )
        return
    replay.step(
        f"战斗步骤：「{battle.attacker}」与「{battle.defender}」进入战斗，战斗成立。", "504.p2", "504.p3"
    )
    player = replay.state.turn_player or Player.A
    for name, side, own in (
        (battle.attacker, player, "attack_battle_set"),
        (battle.defender, player.other, "defence_battle_set"),
    ):
        timings.timing(
            replay,
            ("battle_set", own),
            name,
            side,
            (f"「{name}」进入战斗：触发【战斗成立时】的效果。", None),
            "810.p1",
        )


def _damage_step(replay: Run, battle: Battle) -> None:
    battle.step = "end"
    if _gone(replay, battle):
        return
    attacker = replay.state.character(battle.attacker)
    assert attacker is not None  # _gone checked it
    if battle.defender is None:
        _direct(replay, attacker)
        return
    defender = replay.state.character(battle.defender)
    assert defender is not None  # _gone checked it
    _fight(replay, battle, attacker, defender)


def _direct(replay: Run, attacker: ZdCard) -> None:
    attack = counted(replay, attacker, "attack")
    defending = _defending(replay)
    if attack <= 0:
        replay.step(
            f"清算步骤：「{attacker.name}」的攻击力为 0 以下：不会造成战斗伤害，即便直接攻击生命区成功，也无法对生命区造成战斗伤害。",
            "505.p2",
            "308.p3",
            decisive=True,
            attack=true_value(replay, attacker, "attack"),
        )
        return
    points = 1 + (1 if attacker.has("会心一击") else 0)
    replay.step(
        f"清算步骤：直接攻击生命区成功，对防御方玩家 {defending} 的生命区造成 1 点战斗伤害。",
        "505.p1",
        points=1,
    )
    if points > 1:
        replay.step(
            f"「{attacker.name}」带有会心一击：直接攻击生命区成功时，额外多造成 1 点战斗伤害（共 {points} 点）。",
            "900.会心一击",
        )
    record(replay).life_damage = points
    life.life_damage(replay, defending, points, battle=True)


def _strikes(replay: Run, source: ZdCard, target: ZdCard, declared: bool, ranged: bool) -> int:
    """The battle damage ``source`` deals ``target`` (0 when a keyword keeps it off)."""
    if ranged:
        replay.step(
            f"「{target.name}」带有远程：在攻击战斗时不会受到由与其战斗的「{source.name}」所造成的战斗伤害。",
            "900.远程",
            decisive=True,
        )
        return 0
    if target.has("坚韧") and declared:
        replay.step(
            f"「{target.name}」带有坚韧：进行防御时不会受到由与其战斗的角色牌所造成的战斗伤害。",
            "900.坚韧",
            decisive=True,
        )
        return 0
    attack = counted(replay, source, "attack")
    if attack <= 0:
        replay.step(
            f"「{source.name}」的攻击力为 0 以下：不会造成战斗伤害。", "505.p2", "308.p2", decisive=True
        )
        return 0
    prior = target.damage
    target.damage += attack
    earlier = f"（本回合此前已受到 {prior} 点伤害，累计 {target.damage}）" if prior else ""
    replay.step(
        f"「{source.name}」对「{target.name}」造成等同于自身攻击力数值的战斗伤害 {attack}{earlier}。",
        "308.p1",
        *(("607.p2",) if prior else ()),
        source=source.name,
        target=target.name,
        amount=attack,
    )
    if prior:
        replay.log.mark_decisive("607.p2")
    if source.equipment is not None and source.equipment.attack_bonus:
        replay.step(
            f"「{source.name}」的攻击力包括其装备的「{source.equipment.name}」的攻击加成。",
            "310.p1",
            "319.p4",
            decisive=True,
        )
    return attack


def _fight(replay: Run, battle: Battle, attacker: ZdCard, defender: ZdCard) -> None:
    declared = battle.defender != battle.target
    if defender.has("坚韧") and not declared:
        replay.not_applied(
            f"「{defender.name}」带有坚韧，但它是被攻击而防御成立：仍然会照常受到战斗伤害。", "900.坚韧"
        )
    first = [c for c in (attacker, defender) if c.has("先制")]
    taken: dict[str, int] = {attacker.name: 0, defender.name: 0}
    defence = {c.name: true_value(replay, c, "defence") for c in (attacker, defender)}

    def hit(source: ZdCard, target: ZdCard) -> None:
        ranged = target is attacker and attacker.has("远程")
        taken[target.name] += _strikes(replay, source, target, declared and target is defender, ranged)

    if len(first) == 1:
        striker = first[0]
        other = defender if striker is attacker else attacker
        replay.step(f"「{striker.name}」带有先制：在战斗中优先造成战斗伤害。", "900.先制", "507.p6")
        hit(striker, other)
        if other.damage >= defence[other.name]:
            replay.step(
                f"「{other.name}」受到先制的战斗伤害后，伤害已达到其防御力 {defence[other.name]}：它被战斗破坏，无法再造成战斗伤害。",
                "900.先制",
                "607.p4",
                decisive=True,
            )
        else:
            hit(other, striker)
    else:
        if len(first) == 2:
            replay.step("双方都带有先制：同时造成战斗伤害。", "900.先制")
        hit(attacker, defender)
        hit(defender, attacker)
    down = [c for c in (attacker, defender) if c.damage >= defence[c.name]]
    for card in (attacker, defender):
        if card not in down:
            replay.step(
                f"「{card.name}」本回合受到的伤害 {card.damage} 小于其防御力 {defence[card.name]}：没有被破坏。",
                "607.p3",
                decisive=True,
                damage=card.damage,
            )
    player = replay.state.turn_player or Player.A
    for card in down:
        mine = card is attacker
        earlier = card.damage - taken[card.name]
        sum_text = (
            f"此前的 {earlier} + 本次的 {taken[card.name]} = {card.damage}" if earlier else f"{card.damage}"
        )
        effects.destroy(
            replay,
            card,
            "battle",
            f"清算步骤：「{card.name}」本回合受到的伤害 {sum_text}，大于或等于其防御力 {defence[card.name]}：因战斗受到致命伤害，"
            "被破坏（战斗破坏）并直接送入休息区。",
            "607.p3",
            "505.p3",
            "605.p3",
            *(("607.p2",) if earlier else ()),
        )
        replay.log.mark_decisive("607.p3", "505.p3")
        record(replay).destroyed.append(card.name)
        owner = player if mine else player.other
        if earlier and taken[card.name] <= defence[card.name]:
            replay.log.conflict(
                f"「{card.name}」本次受到的战斗伤害 {taken[card.name]} 没有超过其防御力 {defence[card.name]}，是累计的伤害达到了防御力。"
                "605.p3 称之为战斗破坏，505.p3 说此时【战斗破坏时】等效果触发；803.p1 却说【战斗破坏时】在受到了"
                "“超过自身防御力的战斗伤害”而被破坏时触发。按 605.p3、505.p3 处理。",
                "605.p3",
                "505.p3",
                "803.p1",
            )
        timings.timing(
            replay,
            ("battle_destroyed", "attack_destroyed" if mine else "defence_destroyed"),
            card.name,
            owner,
            (
                f"战斗伤害清算完毕：「{card.name}」被战斗破坏，触发【战斗破坏时】、【{'攻击' if mine else '防御'}破坏时】的效果。",
                None,
            ),
            "803.p5",
            "803.p2",
        )
    _victory(replay, attacker, defender, down)


def _victory(replay: Run, attacker: ZdCard, defender: ZdCard, down: list[ZdCard]) -> None:
    player = replay.state.turn_player or Player.A
    if len(down) != 1:
        both = "双方均被破坏" if down else "双方均未被破坏"
        for card, own in ((attacker, "attack_won"), (defender, "defence_won")):
            for event in ("battle_won", own):
                replay.unfired(
                    event,
                    f"{both}：不会出现【战斗胜利时】的时机，「{card.name}」的效果不会触发。",
                    "804.p5",
                    card=card.name,
                )
        return
    loser = down[0]
    winner = defender if loser is attacker else attacker
    mine = winner is attacker
    record(replay).won = winner.name
    won = (
        f"「{winner.name}」通过战斗伤害破坏了「{loser.name}」且自身未被破坏：战斗伤害清算完毕之后出现【战斗胜利时】、"
        f"【{'攻击' if mine else '防御'}胜利时】的时机。"
    )
    timings.timing(
        replay,
        ("battle_won", "attack_won" if mine else "defence_won"),
        winner.name,
        player if mine else player.other,
        (won, won),
        "804.p1",
        "804.p4",
    )
    if mine and winner.has("贯通"):
        replay.step(f"「{winner.name}」的贯通（【攻击胜利时】）：对对方生命区造成 1 点伤害。", "900.贯通")
        life.life_damage(replay, player.other, 1, battle=False, pierce=True)


def battle_end(replay: Run) -> None:
    """506.p1: the battle ends, effects lasting the battle end, back to the action phase."""
    replay.expire(
        Duration.END_OF_BATTLE, lambda card, what: f"「{card.name}」的 {what}（战斗时）失效。", "506.p1"
    )
    replay.step("战斗结束：战斗时的效果失效，进入主动玩家的行动阶段，主动玩家获得优先权。", "506.p1")
    replay.state.battle = None
