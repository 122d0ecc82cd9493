"""A battle (ch. 5) inside the action phase: attack step, declaring defence, defence step, battle
step, the damage (清算) step (:mod:`judge.games.zd.battle_damage`) and the battle's end, with the
timings of ch. 8 each raised by the event that defines it.

The attack is declared with ``attack``: at the life zone or at a rested character, or — by a
character an effect lets attack several (507.p2) — at several rested characters at once
(``targets``).  The defending player's decision is ``defend`` or ``no_defend``; against X targets
it may declare up to X defenders, each taking the place of one target of its choosing (``instead``,
507.p3), and the ``defend`` actions listed one after another are its whole declaration.  When the
timeline states neither it is that player's open choice, replayed once per possibility (a single
possibility is no choice; further defenders are offered in the board's order, since the order they
are declared in changes nothing the replay models).  Being chosen as an attack target raises no
【防御时】 (806.p3): a rested target that nobody defends for declares defence by itself (503.p2)
and only then raises it (806.p4).
"""

from __future__ import annotations

from typing import Any

from judge.action import Action
from judge.games.zd import battle_damage, effects, timings
from judge.games.zd.actions import Attack, Defend
from judge.games.zd.outcome import BattleRecord
from judge.games.zd.state import LIFE, SEVERAL, Battle, ZdCard, ZdState
from judge.games.zd.turn import RESET
from judge.players import Player
from judge.replay import Replay
from judge.state import Card, Duration, Status

Run = Replay[ZdState]

BATTLES = "battles"
#: the turn and how many battles its turn player has declared in it (500.p1)
BATTLES_THIS_TURN = "battles_this_turn"
#: actions that happen in a free timing of the battle, before it goes on
FREE = ("effect", "activate", "concede", "negate", "simultaneous", "loop")


def record(replay: Run) -> BattleRecord:
    found: BattleRecord = replay.notes[BATTLES][-1]
    return found


def _status(replay: Run, card: ZdCard) -> Status:
    found: Status = replay.fact(
        f"{card.name}.status",
        card.status,
        (Status.ACTIVE, Status.RESTED),
        f"「{card.name}」是否横置",
        "104.p1",
    )
    return found


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
    entering = attacker.entered_turn is not None and attacker.entered_turn == state.turn
    if entering and not attacker.has("突袭"):
        if attacker.negated and Card.has(attacker, "突袭"):
            replay.refuse(
                f"「{attacker.name}」在本回合登场，其效果被无效：它失去所有效果，包括其他牌或效果赋予它的突袭，"
                "而角色牌在其登场的回合不能攻击。",
                "318.p6",
                "708.p2",
            )
        if attacker.name in replay.notes.get(effects.ENTERED_BY_EFFECT, ()):
            replay.refuse(
                f"「{attacker.name}」本回合因效果进入战斗区，即为登场：角色牌在其登场的回合不能攻击。",
                "318.p6",
                "205.p2",
            )
        replay.refuse(f"「{attacker.name}」在本回合登场：角色牌在其登场的回合不能攻击。", "318.p6")
    if _status(replay, attacker) is Status.RESTED:
        replay.refuse(
            f"「{attacker.name}」已横置：宣布攻击时需选择未横置的角色牌。",
            "405.1.p2",
            "104.p3",
            *effects.rested_by(replay, attacker),
        )
    if attacker.has("守备"):
        replay.refuse(f"「{attacker.name}」带有守备：此牌不能进行攻击。", "900.守备")
    effects.lapsed(replay, attacker.name, "守备")
    targets = action.aimed()
    if len(targets) > 1 and not attacker.has(SEVERAL):
        replay.refuse(
            f"「{attacker.name}」没有可以攻击多张角色牌的效果：一场战斗通常是在一张攻击角色牌和一张防御角色牌之间进行，"
            f"它不能同时攻击{battle_damage.listed(targets)}。",
            "507.p1",
            "507.p2",
        )
    if entering:
        replay.step(
            f"「{attacker.name}」本回合登场，但带有突袭：登场回合就可以攻击。",
            "900.突袭",
            "318.p6",
            decisive=True,
        )
    for name in targets:
        target = None if name == LIFE else state.side(player.other).battle.find(name)
        if name != LIFE and (target is None or _status(replay, target) is not Status.RESTED):
            replay.refuse(
                f"「{name}」不能成为攻击对象：只有对手玩家的生命区和横置的角色牌能成为攻击对象。",
                "501.p2",
            )
    if attacker.name in replay.notes.get(RESET, ()):
        replay.log.mark_decisive("401.p1")  # rested before this turn, it attacks because it was reset
    earlier = replay.notes.get(BATTLES_THIS_TURN, (None, 0))
    fought = earlier[1] if earlier[0] == state.turn else 0
    if fought:
        replay.step(
            f"主动玩家 {player} 本回合已经进行过 {fought} 次战斗：玩家在自己的行动阶段中可以进行任意次数的战斗。",
            "500.p1",
            decisive=True,
        )
    replay.notes[BATTLES_THIS_TURN] = (state.turn, fought + 1)
    effects.rest(replay, attacker, "501.p1")
    _attack_set(replay, player, attacker, targets)
    state.battle = Battle(attacker=attacker.name, targets=targets)
    replay.notes.setdefault(BATTLES, []).append(
        BattleRecord(attacker=attacker.name, player=player, targets=targets)
    )
    timings.timing(
        replay,
        ("attack",),
        attacker.name,
        player,
        (f"「{attacker.name}」攻击成立：触发【攻击时】的效果。", None),
        "805.p1",
    )
    for name in targets:
        if name == LIFE:
            continue
        timings.timing(
            replay,
            ("attacked",),
            name,
            player.other,
            (f"「{name}」被选为攻击对象：触发【被攻击时】的效果。", None),
            "501.p1",
        )
        replay.unfired(
            "defends",
            f"「{name}」被选为攻击对象：当角色牌被选为攻击对象时不会触发【防御时】的效果。",
            "806.p3",
            card=name,
        )


def _attack_set(replay: Run, player: Player, attacker: ZdCard, targets: list[str]) -> None:
    """501.p1: the attacker rested and its targets chosen — the attack is made (on several: 507.p2)."""
    lead = f"攻击步骤：主动玩家 {player} 横置宣布攻击的「{attacker.name}」"
    if len(targets) > 1:
        replay.step(
            f"{lead}；它带有可以攻击多张角色牌的效果，其控制者选择对横置的角色牌{battle_damage.listed(targets)}"
            f"（共 {len(targets)} 张）进行攻击，此时攻击成立。",
            "405.1.p2",
            "501.p1",
            "507.p2",
            attacker=attacker.name,
            targets=targets,
        )
        replay.log.mark_decisive("507.p2")
        return
    what = "对方玩家的生命区" if targets == [LIFE] else f"横置的角色牌「{targets[0]}」"
    replay.step(
        f"{lead}，选择{what}为攻击对象，此时攻击成立。",
        "405.1.p2",
        "501.p1",
        attacker=attacker.name,
        targets=targets,
    )


def candidates(replay: Run, battle: Battle) -> list[str]:
    """The defending player's characters that may declare defence (502.p2, 502.p4, 507.p3, 900.神速)."""
    attacker = replay.state.character(battle.attacker)
    if attacker is None or attacker.has("不能被防御"):
        return []
    found = []
    for card in replay.state.side(_defending(replay)).battle.cards:
        if card.kind not in (None, "character") or card.name in battle.targets:
            continue
        if _swift(attacker, battle) and not (card.has("神速") or card.has("守备")):
            continue
        if _status(replay, card) is Status.ACTIVE:
            found.append(card.name)
    return found


def _swift(attacker: ZdCard, battle: Battle) -> bool:
    """900.神速: attacking characters, it may be defended only by 神速 or 守备."""
    return attacker.has("神速") and battle.targets != [LIFE]


def _swift_defence(replay: Run, battle: Battle, card: ZdCard) -> None:
    """900.神速 against a defence it allows: a 神速 or 守备 defender of a character attacked, or any
    defender of the life zone (神速 limits defence only where it attacks characters)."""
    if _swift(replay.state.character(battle.attacker) or card, battle):
        keyword = "神速" if card.has("神速") else "守备"
        replay.step(
            f"「{battle.attacker}」带有神速，攻击角色牌时只能被带有神速或守备效果的角色牌防御：「{card.name}」带有{keyword}，可以宣布防御。",
            "900.神速",
            decisive=True,
        )
    else:
        replay.not_applied(
            f"「{battle.attacker}」带有神速，但它攻击的是生命区：神速只在攻击角色牌时限制防御的角色牌。",
            "900.神速",
            card=battle.attacker,
        )


def _defending(replay: Run) -> Player:
    return (replay.state.turn_player or Player.A).other


def defend(replay: Run, action: Defend | None) -> None:
    battle = replay.state.battle
    if action is not None and battle is not None and len(battle.defenders) >= len(battle.targets):
        most = len(battle.targets)
        if most > 1:
            replay.refuse(
                f"「{battle.attacker}」对 {most} 张角色牌进行攻击：防御玩家最多可以选择 {most} 张未被攻击的角色牌进行防御。",
                "507.p3",
            )
        replay.refuse("防御玩家只能选择一张未横置且可以防御的角色牌宣布防御。", "502.p2")
    if battle is None or battle.step != "defence":
        replay.refuse("宣布防御只能在对方角色牌攻击成立之后进行。", "502.p2")
    if action is None:
        _close_defence(replay, battle)
        return
    defending = _defending(replay)
    attacker = replay.state.character(battle.attacker)
    card = replay.state.side(defending).battle.find(action.by)
    if attacker is not None and attacker.has("不能被防御"):
        replay.refuse(f"「{attacker.name}」不能被防御：攻击成立后，对方玩家无法宣告防御。", "502.p1")
    if card is None:
        replay.refuse(f"「{action.by}」不是防御玩家 {defending} 控制的角色牌。", "502.p2")
    if card.name in battle.targets:
        replay.refuse(f"「{card.name}」被选为攻击对象：它不能再主动进行防御。", "502.p4")
    if _status(replay, card) is Status.RESTED:
        replay.refuse(
            f"「{card.name}」已横置：只能选择未横置且可以防御的角色牌宣布防御。",
            "502.p2",
            *effects.rested_by(replay, card),
        )
    if attacker is not None and _swift(attacker, battle) and not (card.has("神速") or card.has("守备")):
        replay.refuse(
            f"「{battle.attacker}」带有神速：攻击角色牌时只能被带有神速或守备效果的角色牌防御。", "900.神速"
        )
    if attacker is not None and attacker.has("神速"):
        _swift_defence(replay, battle, card)
    elif attacker is not None and battle.targets != [LIFE] and not (card.has("神速") or card.has("守备")):
        effects.lapsed(replay, attacker.name, "神速")
    if attacker is not None:
        effects.lapsed(replay, attacker.name, "不能被防御")
    if card.entered_turn is not None and card.entered_turn == replay.state.turn:
        replay.not_applied(
            f"「{card.name}」本回合登场：角色牌在其登场的回合不能攻击，但可以进行防御。",
            "318.p6",
            card=card.name,
        )
    replaced = _replaced(replay, battle, card.name, action.instead)
    effects.rest(replay, card, "503.p1")
    instead = "对方的生命区" if replaced == LIFE else f"「{replaced}」"
    several = len(battle.targets) > 1
    replay.step(
        f"防御步骤：防御玩家 {defending} 横置宣布防御的「{card.name}」，此时防御成立，战斗对象由{instead}变更为「{card.name}」"
        f"{'（改变攻击角色牌的哪一个战斗对象由防御玩家决定）' if several else ''}。",
        "502.p2",
        "503.p1",
        *(("507.p3",) if several else ()),
        defender=card.name,
    )
    if several:
        replay.log.mark_decisive("507.p3")
    if replaced == LIFE:
        _life_defended(replay, defending, card.name)
    battle.defenders[replaced] = card.name
    timings.timing(
        replay,
        ("defends",),
        card.name,
        defending,
        (f"「{card.name}」防御成立：触发【防御时】的效果。", None),
        "806.p1",
    )
    if replaced != LIFE:
        replay.unfired(
            "defends",
            f"「{replaced}」被攻击，但有其他角色牌「{card.name}」对其进行防御：它的【防御时】不会触发。",
            "806.p4",
            "806.p3",
            card=replaced,
        )
    if len(battle.defenders) == len(battle.targets):
        _close_defence(replay, battle)


def _life_defended(replay: Run, defending: Player, defender: str) -> None:
    """503.p1: a defender takes the life zone's place as the battle's object, so no battle damage
    reaches the life zone — and an empty life zone is not attacked successfully (101.p1): there the
    defence decides the game."""
    if replay.state.side(defending).life.total == 0:
        replay.log.mark_decisive("503.p1")
        replay.not_applied(
            f"玩家 {defending} 的生命区中已经没有牌，但「{defender}」防御成立，战斗对象变更为「{defender}」："
            "生命区没有被攻击成功，也没有受到战斗伤害，他不会因此输掉游戏。",
            "101.p1",
            "503.p1",
        )


def _replaced(replay: Run, battle: Battle, defender: str, given: str | None) -> str:
    """507.p3: the attack target a defender takes the place of — the defending player's choice."""
    left = [target for target in battle.targets if target not in battle.defenders]
    if given is not None and given not in left:
        replay.refuse(
            f"「{given}」不是还能被改变的战斗对象（{battle_damage.listed(left)}）：一张角色牌进行防御时，可以改变攻击角色牌的一个战斗对象。",
            "507.p3",
        )
    if len(left) == 1:
        return left[0]
    chosen: str = replay.choose(
        _defending(replay),
        f"instead:{defender}",
        given,
        left,
        f"「{defender}」进行防御时，防御玩家 {_defending(replay)} 改变攻击角色牌的哪一个战斗对象",
        "507.p3",
    )
    return chosen


def _close_defence(replay: Run, battle: Battle) -> None:
    """The defence is declared: every attacked character nobody defends for defends by itself (503.p2)."""
    battle.step = "battle"
    defending = _defending(replay)
    if battle.targets == [LIFE] and not battle.defenders:
        replay.step(f"防御玩家 {defending} 没有宣布防御。", "502.p2")
    for name in battle.targets:
        target = None if name in battle.defenders else replay.state.character(name)
        if target is None:
            continue
        replay.step(
            f"防御玩家 {defending} 没有用其他角色牌防御：被攻击的横置角色牌「{target.name}」也会防御成立。",
            "503.p2",
            "806.p4",
            defender=target.name,
        )
        timings.timing(
            replay,
            ("defends",),
            target.name,
            defending,
            (f"没有其他角色牌对「{target.name}」进行防御：触发其【防御时】的效果。", None),
            "806.p4",
        )
    record(replay).defenders = battle.opponents()


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
        _close_defence(replay, battle)
        return
    most = len(battle.targets)
    while battle.step == "defence":
        count = len(battle.defenders)
        lead = f"盘面之后第 {len(replay.notes[BATTLES])} 次战斗中，防御玩家 {_defending(replay)} "
        question = (
            f"{lead}是否对「{battle.attacker}」的攻击宣布防御、以哪张角色牌防御（none：不防御）"
            if count == 0
            else f"{lead}是否再以一张角色牌对「{battle.attacker}」的攻击宣布防御（第 {count + 1} 张，最多 {most} 张；none：不再防御）"
        )
        chosen: Any = replay.choose(
            _defending(replay),
            f"defend:{battle.attacker}:{count}",
            None,
            ["none", *options],
            question,
            "502.p2",
            *(("507.p3",) if most > 1 else ()),
        )
        defend(replay, None if chosen == "none" else Defend(by=chosen))
        options = options[options.index(chosen) + 1 :] if chosen != "none" else []
        if battle.step == "defence" and not options:
            _close_defence(replay, battle)


def progress(replay: Run) -> None:
    """Run the battle's steps that need nobody's decision, up to the next one the timeline states."""
    actions = replay.timeline.actions
    following: Action | None = actions[replay.index + 1] if 0 <= replay.index + 1 < len(actions) else None
    while replay.state.battle is not None:
        battle = replay.state.battle
        if battle.step == "defence":
            if following is not None and (
                following.verb in (*FREE, "pass", "defend", "no_defend") or _defence_stated_later(replay)
            ):
                return
            if _gone(replay, battle):
                continue
            if battle.defenders:  # the defends listed one after another were the whole declaration
                _close_defence(replay, battle)
            else:
                _open_defence(replay, battle)
        elif battle.step == "battle":
            if following is not None and following.verb == "defend":
                return  # one defender too many: refused against this battle's defence (502.p2, 507.p3)
            _battle_step(replay, battle)
            if following is not None and following.verb in FREE:  # a pass lets the free timing go by
                return
        elif battle.step == "damage":
            battle.step = "end"
            if not _gone(replay, battle):
                battle_damage.settle(replay, battle, record(replay))
        else:
            battle_end(replay)
        replay.resolve_fired()


def _defence_stated_later(replay: Run) -> bool:
    """Whether the timeline declares this battle's defence after the next action: that action is then
    taken during the battle, before the defence, and is refused there if it needs the non-battle action
    phase (318.p1, 600.p1, 405.1.p1) rather than played once the battle is over."""
    for action in replay.timeline.actions[replay.index + 2 :]:
        if action.verb in ("defend", "no_defend"):
            return True
        if action.verb == "attack":
            return False
    return False


def _gone(replay: Run, battle: Battle) -> bool:
    """A battling character left the field: the battle stops there (500.p3).  An attacked character
    gone before the defence leaves the attack made, with no new target to choose (501.p3); a
    defender gone once its defence stands, and neither side deals battle damage (503.p3)."""
    gone = [n for n in (battle.attacker, *battle.opponents()) if replay.state.character(n) is None]
    if not gone:
        return False
    cites: tuple[str, ...]
    if battle.attacker in gone:
        why, cites = "攻击的角色牌发生移动", ("500.p3",)
    elif battle.step == "defence" and not any(battle.declared(name) for name in gone):
        why, cites = (
            "攻击成立后被攻击的角色牌离开防御玩家的战斗区：此次攻击已经成立，无法再重新选择新的攻击对象",
            ("500.p3", "501.p3"),
        )
    else:
        why, cites = "防御成立后防御的角色牌离开防御玩家的战斗区", ("500.p3", "503.p3")
    replay.step(
        f"{battle_damage.listed(gone)}离开了战斗区（{why}）：战斗阶段中断，双方均不能对对方造成战斗伤害，回到主动玩家的行动阶段。",
        *cites,
        decisive=True,
    )
    battle.step = "end"
    return True


def _battle_step(replay: Run, battle: Battle) -> None:
    battle.step = "damage"
    if _gone(replay, battle):
        return
    player = replay.state.turn_player or Player.A
    opponents = battle.opponents()
    if not opponents:
        replay.step(f"战斗步骤：「{battle.attacker}」直接攻击生命区成功。", "504.p1")
        timings.timing(
            replay,
            ("life_attack",),
            battle.attacker,
            player,
            ("触发攻击生命区成功时触发的效果。", None),
            "504.p1",
        )
        for event in ("battle_set", "attack_battle_set"):
            replay.unfired(
                event,
                f"「{battle.attacker}」直接攻击生命区成功，没有与角色牌进入战斗：【战斗成立时】、【攻击战斗成立时】的效果"
                "只有在攻击方与防御方的角色牌进入战斗时才会触发。",
                "810.p1",
                "504.p1",
                card=battle.attacker,
            )
        return
    attacker = replay.state.character(battle.attacker)
    if attacker is not None and attacker.has("会心一击"):
        replay.not_applied(
            f"「{attacker.name}」带有会心一击，但它攻击的是角色牌：只有直接攻击生命区成功时才额外多造成 1 点战斗伤害。",
            "900.会心一击",
        )
    replay.step(
        f"战斗步骤：「{battle.attacker}」与{battle_damage.listed(opponents)}进入战斗，战斗成立。",
        "504.p2",
        "504.p3",
    )
    fighting = [(battle.attacker, player, "attack_battle_set")]
    fighting += [(name, player.other, "defence_battle_set") for name in opponents]
    for name, side, own in fighting:
        timings.timing(
            replay,
            ("battle_set", own),
            name,
            side,
            (f"「{name}」进入战斗：触发【战斗成立时】的效果。", None),
            "810.p1",
        )


def battle_end(replay: Run) -> None:
    """506.p1: the battle ends, effects lasting the battle end, back to the action phase.  A （防）
    raised for the battle falling back under the damage the character took destroys it (605.p6)."""
    effects.expire(
        replay,
        Duration.END_OF_BATTLE,
        lambda card, what: f"「{card.name}」的 {what}（战斗时）失效。",
        "506.p1",
    )
    replay.step("战斗结束：战斗时的效果失效，进入主动玩家的行动阶段，主动玩家获得优先权。", "506.p1")
    replay.state.battle = None
