"""Attack and battle (ch. 8): the attack, block, action, damage and battle-end steps (8-1).

An ``attack`` action declares the attack (8-2-1).  The battle then runs its
steps as the book does, stopping only where a player decides something the
timeline states: the block step waits for ``block``/``no_block`` (an attack
the timeline leaves without one is an open choice of the blocking player,
replayed once per option); the action step (8-4, ch. 9) lasts while the
timeline gives effects, 【瞬動】 commands and passes, and ends with two passes
in a row (9-5) or when the timeline goes on to anything else; the right to
act starts with the non-turn player and goes to the other player after each
command or pass (9-3, 9-4), as in the end phase's action step.  Then the
damage step (8-5) and the battle-end step (8-6) run by themselves.

A unit or base that leaves the field during a step sends the battle to its
end (8-2-4, 8-3-5, 8-4-2).  Damage of 0 is no damage (5-5-5); a shield is
destroyed by 1 damage or more and excess never reaches another card (5-5-6);
the base takes what would reach the shields (3-5-3), so a player with a base
or a shield left never takes battle damage; 《先制攻擊》 strikes first
(13-1-5), 《突破》 hits the base or top shield after a battle kill (13-1-2).
"""

from __future__ import annotations

from typing import Any

from judge.action import Action
from judge.board import BoardProblem
from judge.effects import Effect
from judge.games.gcg import effects, processing
from judge.games.gcg.actions import BY_EFFECT, PLAYER, Attack, Block, Command, Deploy, Pair, Pass, Support
from judge.games.gcg.outcome import BattleRecord
from judge.games.gcg.state import Battle, GcgCard, GcgState, Timing
from judge.games.gcg.values import (
    at_least,
    change_text,
    instances,
    is_link,
    link_cites,
    link_met,
    remaining,
    single,
    stacked,
    stat,
)
from judge.players import Player
from judge.replay import Replay
from judge.state import Duration, Status

Run = Replay[GcgState]

BATTLES = "battles"  # notes: the BattleRecord of each battle, in order
ACTING = "acting"  # notes: who holds the right to act in the action step in progress (9-3, 9-4)
PASSED = "passed"  # notes: who has passed in the action step in progress (9-4-1)


def record(replay: Run) -> BattleRecord:
    """The record of the battle in progress (begun here when the snapshot is taken mid-battle)."""
    records: list[BattleRecord] = replay.notes.setdefault(BATTLES, [])
    battle = replay.state.battle
    if not records and battle is not None:
        found = replay.state.unit(battle.attacker)
        player = found[0] if found else processing.turn_player(replay)
        declared, target = battle.declared or battle.target or PLAYER, battle.target or PLAYER
        records.append(
            BattleRecord(attacker=battle.attacker, player=player, declared=declared, target=target)
        )
    return records[-1]


def _number(replay: Run) -> int:
    """Which battle of the replay this is (for the keys of the facts it asks)."""
    return len(replay.notes.get(BATTLES, []))


def _fact(replay: Run, card: GcgCard, name: str, *cites: str) -> int:
    """A value the damage step needs exactly: the board's, else the ruling stops and says so."""
    value: int = replay.fact(
        f"{card.name}.{name}", stat(card, name), None, f"「{card.name}」的 {name.upper()}", *cites
    )
    return value


def _is(replay: Run, card: GcgCard, status: Status, key: str, *cites: str) -> bool:
    """Whether ``card`` stands as ``status``; a fact when the board does not say."""
    known = None if card.status is None else card.status is status
    word = "活躍" if status is Status.ACTIVE else "休息"
    answer: bool = replay.fact(key, known, (True, False), f"「{card.name}」是否處於{word}狀態", *cites)
    if answer and card.status is None:
        card.status = status
    return answer


def deployed_this_turn(replay: Run, unit: GcgCard) -> bool:
    """Whether the unit came onto the field this turn (3-2-4)."""
    if unit.name in replay.notes.get("deployed", set()):
        return True
    if replay.notes.get("new_turn") or replay.timeline.state.phase in ("start", "draw", "energy"):
        return False
    state = replay.state
    known = None
    if unit.entered_turn is not None and state.turn is not None:
        known = unit.entered_turn == state.turn
    answer: bool = replay.fact(
        f"{unit.name}.deployed_this_turn", known, (True, False), f"「{unit.name}」是否在本回合配置", "3-2-4"
    )
    return answer


def declare(replay: Run, action: Attack) -> None:
    """The attack step (8-2-1): rest an active unit of ours and declare its target."""
    state = replay.state
    player = processing.turn_player(replay)
    found = state.unit(action.by)
    if found is None or found[0] is not player:
        gone = replay.notes.get(processing.DESTROYED_BY, {}).get(action.by) if found is None else None
        replay.refuse(
            f"「{action.by}」不是回合玩家 {player} 戰鬥區中的機體{'（已被破壞，置於廢棄區）' if gone else ''}："
            "只有機體可以攻擊，且須選擇我方戰鬥區中的機體。",
            "3-2-3",
            "8-2-1",
            *((gone,) if gone else ()),
        )
    unit = found[1]
    if not _is(replay, unit, Status.ACTIVE, f"{unit.name}.active@{replay.index}", "8-2-1"):
        why, cites = rested_by(replay, unit.name)
        replay.refuse(
            f"「{unit.name}」處於休息狀態{why}：攻擊需選擇我方戰鬥區中 1 張活躍狀態的機體。", "8-2-1", *cites
        )
    if deployed_this_turn(replay, unit):
        if not is_link(unit):
            replay.refuse(
                f"「{unit.name}」在本回合配置，且不是共鳴機體：新配置的機體在配置的回合中無法攻擊。", "3-2-4"
            )
        replay.step(
            f"「{unit.name}」在本回合配置，但搭乘的駕駛員滿足其共鳴條件{_condition(unit)}，為「共鳴機體」，在配置的回合就可以立即攻擊。",
            "3-2-6-2",
            "3-2-6-3",
            *link_cites(unit),
            decisive=True,
        )
    letter = action.player_named()
    if letter is player:
        replay.refuse(
            f"玩家 {player} 是回合玩家自己：攻擊對象是「對方玩家」或者是「對方休息狀態的機體」。",
            "8-2-1",
            "7-5-4-1",
        )
    target = None if action.target == PLAYER or letter is not None else action.target
    if target is not None:
        attacked = state.unit(target)
        if attacked is None or attacked[0] is player:
            replay.refuse(
                f"「{target}」不是對方戰鬥區中的機體：攻擊對象是對方玩家或對方休息狀態的機體。", "8-2-1"
            )
        if not _is(replay, attacked[1], Status.RESTED, f"{target}.rested@{replay.index}", "8-2-1"):
            replay.refuse(
                f"「{target}」處於活躍狀態：攻擊對象只能是「對方玩家」或者是「對方休息狀態的機體」。",
                "8-2-1",
                "7-5-4-1",
            )
    for name in (unit.name, target):
        if name is not None:
            effects.status_decides(replay, name)
    attacked_by = replay.notes.get(processing.RESTED_BY_ATTACK, {}).get(target)
    if target is not None and attacked_by is not None and attacked_by is not player:
        replay.step(
            f"「{target}」在玩家 {attacked_by} 的回合中攻擊而轉為休息狀態；啟動步驟只將回合玩家的卡牌轉為活躍狀態，"
            "所以它仍處於休息狀態，可以被攻擊。",
            "7-2-3-1",
            decisive=True,
        )
    replay.notes.setdefault(processing.RESTED_BY_ATTACK, {})[unit.name] = player
    unit.status = Status.RESTED
    state.battle = Battle(attacker=unit.name, target=target, declared=target)
    named = f"對方玩家 {player.other}" if target is None else f"對方休息狀態的機體「{target}」"
    replay.notes.setdefault(BATTLES, []).append(
        BattleRecord(attacker=unit.name, player=player, declared=target or PLAYER, target=target or PLAYER)
    )
    replay.step(
        f"攻擊步驟：回合玩家 {player} 將「{unit.name}」轉為休息狀態，宣言攻擊對象為{named}。",
        "8-1",
        "8-2-1",
        attacker=unit.name,
        target=target or PLAYER,
    )
    replay.event("attack", card=unit.name, player=player)


def rested_by(replay: Run, name: str) -> tuple[str, tuple[str, ...]]:
    """What left a unit rested, where the timeline shows it: an effect or 《支援》 this turn, or its own
    attack in its player's turn, which the other player's active step does not undo (7-2-3-1)."""
    clause = replay.notes.get(effects.STATUS_SET, {}).get(name)
    if clause == "13-1-3-1":
        return "（已轉為休息狀態發動《支援》）", (clause,)
    if clause == "5-4-1-2":
        return "（已因效果轉為休息狀態）", (clause,)
    attacked_by = replay.notes.get(processing.RESTED_BY_ATTACK, {}).get(name)
    if attacked_by is not None and attacked_by is not processing.turn_player(replay):
        return (
            f"（在玩家 {attacked_by} 的回合中攻擊而轉為休息狀態；啟動步驟只將回合玩家的卡牌轉為活躍狀態）",
            ("7-2-3-1",),
        )
    return "", ()


def _condition(unit: GcgCard) -> str:
    """The link condition met, as written; 「/」 in it read as "or" (5-19-1)."""
    met = link_met(unit)
    if not link_cites(unit):
        return f"「{met}」"
    return f"「{met}」（「/」表示「或者」）"


def problems(state: GcgState) -> list[BoardProblem]:
    """A battle in the snapshot happens in the main phase (8-1), between units on the field."""
    battle = state.battle
    if battle is None:
        return []
    found = []
    if state.phase != "main":
        found.append(BoardProblem("state.battle", "a battle happens in the main phase", ("8-1",)))
    for field, name in (
        ("attacker", battle.attacker),
        ("target", battle.target),
        ("blocker", battle.blocker),
    ):
        if name is not None and state.unit(name) is None:
            found.append(BoardProblem(f"state.battle.{field}", f"no unit named {name!r} in a battle area"))
    return found


def _defender(replay: Run) -> Player:
    return processing.turn_player(replay).other


def _gone(replay: Run, battle: Battle) -> str | None:
    """The attacking or attacked unit, if it has left the battle area."""
    for name in (battle.attacker, battle.target):
        if name is not None and replay.state.unit(name) is None:
            return name
    return None


def _ends_early(replay: Run, battle: Battle, clause: str, this: str, skipped: str) -> bool:
    """8-2-4 / 8-3-5 / 8-4-2: a battling unit left the field during the step: straight to the battle end."""
    gone = _gone(replay, battle)
    if gone is None:
        return False
    replay.step(
        f"{this}結束時，「{gone}」已移動了區域：不進入{skipped}，直接進入「戰鬥結束步驟」；不會給予戰鬥傷害。",
        clause,
        decisive=True,
        card=gone,
    )
    record(replay).ended_early = True
    battle_end(replay)
    return True


def blockers(replay: Run, battle: Battle) -> list[str]:
    """The units that may block now, and why each other one may not (not applied)."""
    defender = _defender(replay)
    attacker = replay.state.unit(battle.attacker)
    able = [u for u in replay.state.side(defender).battle.cards if u.has("blocker")]
    if attacker is not None and attacker[1].has("high_maneuver") and able:
        text = (
            f"「{battle.attacker}」擁有《高機動》：此機體進行攻擊的期間，對方的機體無法發動《阻擋者》效果"
            f"（{'、'.join(u.name for u in able)}）。"
        )
        could = any(u.status is not Status.RESTED and u.name != battle.declared for u in able)
        single(replay, attacker[1], "high_maneuver")
        replay.step(f"阻擋步驟：{text}", "13-1-6-1", decisive=could)  # could: without it, one might block
        replay.not_applied(text, "13-1-6-1")
        return []
    found = []
    for unit in able:
        if unit.name == battle.declared:
            replay.not_applied(f"「{unit.name}」原本就是攻擊對象，無法發動其《阻擋者》效果。", "8-3-3")
        elif not _is(replay, unit, Status.ACTIVE, f"{unit.name}.active@block{_number(replay)}", "8-3-1"):
            replay.not_applied(
                f"「{unit.name}」處於休息狀態：只有活躍狀態的機體能發動《阻擋者》。", "8-3-1", "13-1-4-1"
            )
        else:
            found.append(unit.name)
    return found


def _end_attack_step(replay: Run) -> Battle | None:
    battle = replay.state.battle
    assert battle is not None  # called during a battle
    if battle.step == "attack" and _ends_early(replay, battle, "8-2-4", "攻擊步驟", "阻擋步驟"):
        return None
    battle.step = "block"
    return battle


def block(replay: Run, action: Block | None) -> None:
    """The block step as the timeline states it: a block by a unit, or none (8-3-4)."""
    battle = replay.state.battle
    if battle is not None and battle.blocker is not None and action is not None:
        replay.refuse(
            f"「{battle.blocker}」已對這次攻擊發動《阻擋者》：針對每次攻擊只能發動 1 次《阻擋者》效果。",
            "8-3-2",
        )
    if battle is None or battle.step not in ("attack", "block"):
        replay.refuse(
            "現在沒有等待阻擋的攻擊：《阻擋者》在攻擊的阻擋步驟中發動，阻擋步驟在攻擊步驟之後、瞬動步驟之前，"
            "每次攻擊只能發動 1 次。",
            "8-1",
            "8-3-1",
            "8-3-2",
        )
    if _end_attack_step(replay) is None:
        return
    if action is None:
        replay.step(
            f"阻擋步驟：非回合玩家 {_defender(replay)} 選擇不發動《阻擋者》效果，攻擊對象不變。", "8-3-4"
        )
        _end_block_step(replay, battle)
        return
    defender = _defender(replay)
    found = replay.state.unit(action.by)
    if found is None or found[0] is not defender:
        replay.refuse(f"「{action.by}」不是非回合玩家 {defender} 戰鬥區中的機體。", "8-3-1")
    unit = found[1]
    if not unit.has("blocker"):
        if "blocker" in replay.notes.get(processing.ENDED, {}).get(unit.name, set()):
            replay.refuse(
                f"「{unit.name}」沒有《阻擋者》效果：其「本回合中」獲得的《阻擋者》已在清算步驟失效，無法阻擋。",
                "8-3-1",
                "13-1-4-1",
                "7-6-6-1",
            )
        replay.refuse(f"「{unit.name}」沒有《阻擋者》效果，無法阻擋。", "8-3-1", "13-1-4-1")
    attacker = replay.state.unit(battle.attacker)
    if attacker is not None and attacker[1].has("high_maneuver"):
        replay.refuse(
            f"「{battle.attacker}」擁有《高機動》：此機體進行攻擊的期間，對方的機體無法發動《阻擋者》效果。",
            "13-1-6-1",
        )
    if unit.name == battle.declared:
        replay.refuse(f"「{unit.name}」原本就是攻擊對象，無法發動其《阻擋者》效果。", "8-3-3")
    if not _is(replay, unit, Status.ACTIVE, f"{unit.name}.active@{replay.index}", "8-3-1"):
        why, cites = rested_by(replay, unit.name)
        replay.refuse(
            f"「{unit.name}」處於休息狀態{why}：只有活躍狀態的機體能發動《阻擋者》。",
            "8-3-1",
            "13-1-4-1",
            *cites,
        )
    _blocked(replay, battle, unit)


def _blocked(replay: Run, battle: Battle, unit: GcgCard) -> None:
    effects.status_decides(replay, unit.name)
    single(replay, unit, "blocker")
    unit.status = Status.RESTED
    battle.target, battle.blocker = unit.name, unit.name
    record(replay).blocked_by = record(replay).target = unit.name
    replay.step(
        f"阻擋步驟：非回合玩家 {_defender(replay)} 將「{unit.name}」轉為休息狀態發動《阻擋者》，"
        f"攻擊對象變更為「{unit.name}」。",
        "8-3-1",
        "13-1-4-1",
        decisive=True,
        blocker=unit.name,
    )
    if battle.declared is None:
        replay.not_applied(
            f"玩家 {_defender(replay)} 不會受到戰鬥傷害：攻擊對象已變更為「{unit.name}」，不再是玩家。",
            "8-3-1",
            "1-2-2-1",
        )
    _end_block_step(replay, battle)


def _open_block(replay: Run, battle: Battle) -> None:
    """The timeline does not say whether the attack was blocked: each option is replayed."""
    if _end_attack_step(replay) is None:
        return
    able = blockers(replay, battle)
    if not able:
        replay.not_applied(
            f"非回合玩家 {_defender(replay)} 沒有可以發動《阻擋者》的機體，攻擊對象不變。", "8-3-1"
        )
        _end_block_step(replay, battle)
        return
    options = ["no_block", *able]
    chosen: Any = replay.choose(
        _defender(replay),
        "block",
        None,
        options,
        f"玩家 {_defender(replay)} 是否以《阻擋者》阻擋",
        "8-3-1",
        "8-3-4",
    )
    if chosen == "no_block":
        replay.step(
            f"阻擋步驟：非回合玩家 {_defender(replay)} 選擇不發動《阻擋者》效果，攻擊對象不變。", "8-3-4"
        )
        _end_block_step(replay, battle)
        return
    found = replay.state.unit(chosen)
    assert found is not None  # one of the blockers just listed
    _blocked(replay, battle, found[1])


def _end_block_step(replay: Run, battle: Battle) -> None:
    if _ends_early(replay, battle, "8-3-5", "阻擋步驟", "瞬動步驟"):
        return
    battle.step, battle.passes = "action", 0
    begin_action_step(replay)
    replay.step(
        "瞬動步驟：從非回合玩家開始，雙方可以輪流發動【瞬動】指令與【啟動·瞬動】效果，直到雙方連續讓過。",
        "8-4-1",
        "9-2",
    )


def begin_action_step(replay: Run) -> None:
    """The right to act in an action step starts with the non-turn player (9-2, 9-3)."""
    replay.notes[ACTING] = processing.turn_player(replay).other
    replay.notes[PASSED] = set()


def acting(replay: Run) -> Player:
    """Who holds the right to act in the action step now (9-3, 9-4); in a snapshot taken during one,
    the non-turn player unless an odd number of passes went by."""
    holder: Player | None = replay.notes.get(ACTING)
    if holder is not None:
        return holder
    first = processing.turn_player(replay).other
    battle = replay.state.battle
    return first.other if battle is not None and battle.passes % 2 else first


def may_act(replay: Run, player: Player) -> None:
    """``player`` acts in the action step: only the one holding the right to act may (9-2, 9-3, 9-4):
    the non-turn player first, then the players in turn; one who passed earlier in this step acts
    again, because both did not pass in a row (9-4-1)."""
    who = acting(replay)
    if player is not who:
        first = who is not processing.turn_player(replay)
        replay.refuse(
            f"瞬動的行動權現在在{_role(replay, who)}：{'瞬動步驟從非回合玩家開始，' if first else ''}"
            f"行動權依非回合玩家→回合玩家→非回合玩家……的順序轉交，{_role(replay, who)} 讓過或發動之前，"
            f"玩家 {player} 不能發動。",
            *(("9-2", "9-3") if first else ("9-4",)),
            "9-4-2",
            *(("7-6-3-1",) if first and replay.state.battle is None else ()),  # the end phase's action step
        )
    if player in replay.notes.get(PASSED, set()):
        replay.step(
            f"玩家 {player} 先前讓過，但雙方沒有連續宣言讓過：瞬動的行動權再次轉交給其，可以發動。",
            "9-4-1",
            decisive=True,
        )


def acted(replay: Run, player: Player) -> None:
    """``player`` acted or passed: the right to act goes to the other player (9-3-3, 9-4-2)."""
    replay.notes[ACTING] = player.other


def no_hand_use(replay: Run, player: Player, what: str) -> None:
    """Using a card from the hand (7-5-2-1) is not among the action step's choices (9-3, 9-4): refused."""
    if replay.state.battle is None:
        return
    replay.refuse(
        f"{what}是主要階段中的「使用手牌」：瞬動步驟中，{_role(replay, player)} 只能發動擁有【瞬動】效果的指令、"
        "【啟動·瞬動】效果或讓過。",
        "9-4" if player is processing.turn_player(replay) else "9-3",
        "7-5-2-1",
    )


def _role(replay: Run, player: Player) -> str:
    return f"{'回合玩家' if player is processing.turn_player(replay) else '非回合玩家'} {player}"


def pass_(replay: Run, action: Pass) -> None:
    battle = replay.state.battle
    if battle is None and replay.state.phase != "end":
        replay.refuse("讓過只在瞬動步驟中進行（攻擊的瞬動步驟，或結束階段的瞬動步驟）。", "9-1", "9-3-3")
    if battle is not None and battle.step != "action":
        replay.refuse("讓過只在瞬動步驟中進行。", "9-1", "9-3-3")
    who = acting(replay)
    if action.player is not None and action.player is not who:
        replay.refuse(
            f"瞬動的行動權現在在{_role(replay, who)}：行動權依非回合玩家→回合玩家→非回合玩家……的順序轉交，"
            f"玩家 {action.player} 現在不能讓過。",
            "9-4-2",
        )
    acted(replay, who)
    replay.notes.setdefault(PASSED, set()).add(who)
    replay.step(f"瞬動步驟：{_role(replay, who)} 讓過，將瞬動的行動權轉交給對方。", "9-3-3")
    if battle is None:
        return
    battle.passes += 1
    if battle.passes >= 2:
        replay.step("雙方玩家連續宣言「讓過」，瞬動步驟結束。", "9-5")
        _finish(replay, battle)


def _flash(state: GcgState, action: Action) -> bool:
    """Whether an action belongs to the action step: an effect (stated, or a rest or set_active), a
    pass, a 【瞬動】 command, a 【瞬動】 command card boarding as a pilot (to be refused), a concession."""
    if isinstance(action, Command):
        return not _main_only(state, action)
    if isinstance(action, Pair):
        return action.by_flash_command(state)
    return isinstance(action, (Effect, Pass, *BY_EFFECT)) or action.verb == "concede"


def _main_only(state: GcgState, action: Command) -> bool:
    """Whether a command is the turn player's 【主要】-only card: used after the battle, not in its
    action step (a non-turn player's is taken there, to be refused)."""
    card = action.card if isinstance(action.card, GcgCard) else None
    owner = action.player
    if card is None:
        owner = owner or state.owner(str(action.card))
        card = state.side(owner).hand.find(str(action.card)) if owner is not None else None
    main_only = card is not None and card.timing is not None and Timing.ACTION not in card.timing
    return main_only and owner in (None, state.turn_player)


def _refused_in_step(replay: Run, following: Action) -> bool:
    """What the timeline lists where the battle has not moved on, taken there to be refused rather
    than after the battle: a 《支援》 (13-2-1-1: not while a unit attacks), a unit deployed or a pilot
    boarded from the hand (9-3, 9-4: the action step's only choices) just after a pass or a command in
    the action step, and a second block just after a block (8-3-2: one per attack)."""
    if replay.index < 0:
        return False
    previous = replay.timeline.actions[replay.index]
    from_hand = isinstance(following, Pair) or (isinstance(following, Deploy) and not following.by_effect)
    if isinstance(following, Support) or from_hand:
        return isinstance(previous, (Pass, Command))
    return isinstance(following, Block) and isinstance(previous, Block)


def progress(replay: Run) -> None:
    """Run the battle's steps that need nobody's decision, up to the next one the timeline states."""
    battle = replay.state.battle
    if battle is None:
        return
    actions = replay.timeline.actions
    following: Action | None = actions[replay.index + 1] if replay.index + 1 < len(actions) else None
    if battle.step in ("attack", "block"):
        if following is not None and following.verb in ("effect", "block", "no_block", "concede"):
            return
        _open_block(replay, battle)
    elif battle.step == "damage":  # a snapshot taken as the damage step starts
        _finish(replay, battle)
    elif battle.step == "end":
        battle_end(replay)
    battle = replay.state.battle
    if battle is None or battle.step != "action":
        return
    if following is not None and (_flash(replay.state, following) or _refused_in_step(replay, following)):
        if not isinstance(following, Pass):
            battle.passes = 0  # an action taken: the right to act goes round again (9-4-1)
        return
    _finish(replay, battle)


def _finish(replay: Run, battle: Battle) -> None:
    """The action step is over: the damage step unless a unit left (8-4-2), then the battle end."""
    if _ends_early(replay, battle, "8-4-2", "瞬動步驟", "傷害步驟"):
        return
    battle.step = "damage"
    attacker = replay.state.unit(battle.attacker)
    assert attacker is not None  # still on the field (8-4-2 above)
    if battle.target is None:
        replay.step("傷害步驟：攻擊對象是玩家，對玩家的攻擊成立；確認對方的護盾區。", "8-5-1", "8-5-2-1")
        _hit_shield_area(replay, attacker[1])
    else:
        _fight(replay, attacker[1], battle.target)
    replay.resolve_fired()
    replay.step("解決完傷害步驟中發生的所有效果後，進入「戰鬥結束步驟」。", "8-5-4")
    battle_end(replay)


def battle_end(replay: Run) -> None:
    """8-6: every 「本次戰鬥中」 effect ends, and the battle returns to the main phase."""
    replay.state.battle = None
    processing.note_expiring(replay, Duration.END_OF_BATTLE, "8-6-1")
    ended = replay.expire(
        Duration.END_OF_BATTLE,
        lambda card, what: f"「{card.name}」的 {change_text(what)}（本次戰鬥中）失效。",
        "8-6-1",
    )
    processing.expiry_destroys(replay, ended, "8-6-1")
    replay.step("戰鬥結束步驟：所有「本次戰鬥中」效果均失效；戰鬥結束回到主要階段。", "8-6-1", "8-6-2")
    replay.resolve_fired()


# -- the damage step ---------------------------------------------------------------------------------


def _front(replay: Run, defender: Player, why: str, *cites: str) -> GcgCard | str | None:
    """What stands at the front of the shield area: its base, else "shield", else None (3-5-3)."""
    side = replay.state.side(defender)
    has_base = replay.fact(
        f"{defender}.base@{why}",
        None if side.base.total is None else side.base.total > 0,
        (True, False),
        f"玩家 {defender} 的基地放置處是否有基地",
        *cites,
    )
    if has_base:
        base = side.base.base
        if base is None:  # a base the board does not describe: its values decide
            replay.fact(f"{defender}.base.card", None, None, f"玩家 {defender} 的基地（AP、HP）", *cites)
        assert base is not None  # the fact above stops the replay
        return base
    shields = replay.fact(
        f"{defender}.shields@{why}",
        None if side.shields.total is None else side.shields.total > 0,
        (True, False),
        f"玩家 {defender} 的護盾放置處是否還有護盾",
        *cites,
    )
    return "shield" if shields else None


def _hit_shield_area(replay: Run, attacker: GcgCard) -> None:
    front = _front(replay, _defender(replay), f"battle{_number(replay)}", "8-5-2-1")
    if isinstance(front, GcgCard):
        _hit_base(replay, attacker, front)
    elif front == "shield":
        _hit_shield(replay, attacker)
    else:
        _hit_player(replay, attacker)


def _hits(replay: Run, attacker: GcgCard) -> bool:
    """Whether the attacker deals any damage: AP 0 deals none (5-5-5)."""
    return at_least(
        replay,
        f"{attacker.name}.ap>=1",
        stat(attacker, "ap"),
        1,
        f"「{attacker.name}」的 AP 是否至少 1",
        "5-5-5",
    )


def _hit_player(replay: Run, attacker: GcgCard) -> None:
    defender = _defender(replay)
    if not _hits(replay, attacker):
        replay.not_applied(
            f"對方的護盾區中沒有任何 1 張基地或護盾，但「{attacker.name}」的 AP 為 0：給予的傷害是 0，不視為給予了傷害，"
            f"玩家 {defender} 不會敗北（不進行敗北判定）。",
            "5-5-5",
            "1-2-2-1",
        )
        replay.step(
            f"「{attacker.name}」的 AP 為 0，沒有給予玩家 {defender} 傷害。",
            "8-5-2-2",
            "5-5-5",
            decisive=True,
        )
        return
    ap = stat(attacker, "ap")
    record(replay).player_damage = ap or 1
    replay.step(
        f"對方的護盾區中沒有任何 1 張基地或護盾：「{attacker.name}」給予玩家 {defender} {_shown(ap)} 點戰鬥傷害，"
        "受到傷害的玩家立即敗北，持有進行攻擊的機體的玩家獲勝。",
        "8-5-2-2",
        decisive=True,
        damage=ap,
    )
    replay.notes.setdefault(processing.HIT, set()).add(defender)
    processing.check(replay)


def _shown(value: int | None) -> str:
    return "（未知數值）" if value is None else str(value)


def _hit_shield(replay: Run, attacker: GcgCard) -> None:
    defender = _defender(replay)
    if not _hits(replay, attacker):
        replay.step(
            f"對方的護盾區中沒有基地只有護盾，但「{attacker.name}」的 AP 為 0：給予的傷害是 0，不視為給予了傷害，"
            "沒有護盾被破壞。",
            "8-5-2-3",
            "5-5-5",
            decisive=True,
        )
        return
    ap = stat(attacker, "ap")
    replay.step(
        f"對方的護盾區中沒有基地只有護盾：「{attacker.name}」給予最上方的 1 張護盾 {_shown(ap)} 點戰鬥傷害。",
        "8-5-2-3",
        decisive=True,
        damage=ap,
    )
    replay.not_applied(
        f"玩家 {defender} 不會受到戰鬥傷害：護盾區中還有護盾，傷害給予最上方的 1 張護盾。",
        "8-5-2-3",
        "1-2-2-1",
    )
    if ap is not None and ap > 1:
        replay.not_applied(f"超出的 {ap - 1} 點傷害不會給予其他護盾。", "5-5-6")
    record(replay).shields_destroyed += 1
    effects.destroy_shield(replay, defender, None, "8-5-2-3-1", "4-6-4-2", "11-3-1-1")


def _hit_base(replay: Run, attacker: GcgCard, base: GcgCard) -> None:
    defender = _defender(replay)
    replay.not_applied(
        f"玩家 {defender} 不會受到戰鬥傷害：護盾區中存在基地「{base.name}」，給予護盾區的傷害會優先給予基地。",
        "3-5-3",
        "8-5-2-4",
        "1-2-2-1",
    )
    first = attacker.has("first_strike")
    if first:
        single(replay, attacker, "first_strike")
        replay.step(
            f"「{attacker.name}」擁有《先制攻擊》，在通常處理之前，優先給予對方基地戰鬥傷害。",
            "8-5-2-4-2",
            "13-1-5-2",
        )
    ap = _fact(replay, attacker, "ap", "8-5-2-4")
    if ap == 0:
        replay.step(
            f"「{attacker.name}」的 AP 為 0：給予基地「{base.name}」的傷害是 0，不視為給予了傷害。",
            "8-5-2-4",
            "5-5-5",
            decisive=True,
        )
    else:
        left = remaining(base)
        base.damage += ap
        record(replay).base_damage += ap
        replay.log.mark_decisive("8-5-2-4", "3-5-3")
        replay.step(
            f"對方的護盾區中存在基地，給予護盾區的傷害優先給予基地：「{attacker.name}」給予基地「{base.name}」{ap} 點"
            f"戰鬥傷害（計數器 {base.damage}，HP {_shown(stat(base, 'hp'))}）。",
            "8-5-2-4",
            "3-5-3",
            "8-5-2-4-1",
            damage=ap,
        )
        destroyed = processing.destroy_damaged(replay)
        record(replay).destroyed += destroyed
        if base.name in destroyed and left is not None and ap > left:
            replay.not_applied(f"超出的 {ap - left} 點傷害不會給予護盾。", "5-5-6")
        if base.name not in destroyed:
            replay.not_applied(
                f"基地「{base.name}」剩餘 HP {_shown(remaining(base))}，未被破壞。", "8-5-2-4-1", "11-3-1"
            )
        if base.name in destroyed and first:
            if stat(base, "ap"):
                replay.not_applied(
                    f"「{attacker.name}」擁有《先制攻擊》，其戰鬥傷害先破壞了基地「{base.name}」："
                    f"不會受到來自基地「{base.name}」的戰鬥傷害。",
                    "13-1-5-2",
                )
            return
    strength = stat(base, "ap")
    if strength:
        replay.log.silent(
            f"基地「{base.name}」的 AP 為 {strength}。8-5-2-4 只規定攻擊中的機體給予基地戰鬥傷害，沒有規定基地給予攻擊中的"
            "機體戰鬥傷害；但 3-5-4-1 說基地的 AP 表示其在戰鬥中擁有的攻擊力，8-5-2-4-2 也讓《先制攻擊》對基地優先給予傷害。"
            f"規則書未決定「{attacker.name}」是否受到 {strength} 點戰鬥傷害。",
            "8-5-2-4",
            "3-5-4-1",
            "8-5-2-4-2",
            base_ap=strength,
        )


def _deal(replay: Run, source: GcgCard, card: GcgCard, amount: int) -> None:
    if amount == 0:
        replay.not_applied(
            f"「{source.name}」的 AP 為 0：給予「{card.name}」的傷害是 0，不視為給予了傷害。", "5-5-5"
        )
        return
    card.damage += amount
    replay.step(
        f"「{source.name}」給予「{card.name}」{amount} 點戰鬥傷害（計數器 {card.damage}，HP {_shown(stat(card, 'hp'))}）。",
        "8-5-3-2",
        "8-5-3-2-1",
        damage=amount,
    )


def _fight(replay: Run, attacker: GcgCard, name: str) -> None:
    found = replay.state.unit(name)
    assert found is not None  # still on the field (8-4-2)
    target = found[1]
    replay.step(
        f"傷害步驟：攻擊對象是「{name}」，對機體的攻擊成立，機體之間相互給予等同於其 AP 的戰鬥傷害。",
        "8-5-1",
        "8-5-3-1",
        "8-5-3-2",
    )
    replay.log.mark_decisive("8-5-3-2")
    battle = replay.state.battle
    if battle is not None and battle.blocker is None and target.status is Status.ACTIVE:
        replay.step(
            f"「{name}」在宣言攻擊後轉為活躍狀態，但仍在戰鬥區：傷害步驟確認的是當前時間點的攻擊對象，"
            "攻擊對象仍是它，對機體的攻擊成立。",
            "8-5-1",
            decisive=True,
        )
    strike = _fact(replay, attacker, "ap", "8-5-3-2")
    back = _fact(replay, target, "ap", "8-5-3-2")
    for card in (attacker, target):
        _fact(replay, card, "hp", "8-5-3-2-1")
    if target.has("first_strike"):
        replay.not_applied(
            f"「{name}」的《先制攻擊》只在攻擊中的機體進行戰鬥時生效，被攻擊時不會優先給予傷害。", "13-1-5-1"
        )
    destroyed: list[str] = []
    left, attacker_left = remaining(target), remaining(attacker)
    if attacker.has("first_strike"):
        single(replay, attacker, "first_strike")
        replay.step(
            f"「{attacker.name}」擁有《先制攻擊》：在通常處理之前，優先給予「{name}」戰鬥傷害，之後被攻擊方機體再給予戰鬥傷害。",
            "8-5-3-2-2",
            "13-1-5-2",
        )
        _deal(replay, attacker, target, strike)
        destroyed = processing.destroy_damaged(replay)
        if name in destroyed:  # the first strike spared the attacker the damage back: it decides
            replay.log.mark_decisive("8-5-3-2-2", "13-1-5-2")
            replay.not_applied(
                f"「{name}」被此戰鬥傷害破壞：「{attacker.name}」不會受到來自被攻擊方機體的戰鬥傷害。",
                "13-1-5-2",
            )
        else:
            replay.not_applied(
                f"「{name}」沒有被優先給予的戰鬥傷害破壞：仍然給予「{attacker.name}」戰鬥傷害。", "13-1-5-2"
            )
            _deal(replay, target, attacker, back)
            destroyed += processing.destroy_damaged(replay)
    else:
        _deal(replay, attacker, target, strike)
        _deal(replay, target, attacker, back)
        destroyed = processing.destroy_damaged(replay)
    record(replay).destroyed += destroyed
    if name in destroyed:
        _support_decides(replay, attacker, strike, left)
    _expired_decides(replay, attacker, target, strike, left, name in destroyed)
    struck_back = not (attacker.has("first_strike") and name in destroyed)
    if struck_back:
        _expired_decides(replay, target, attacker, back, attacker_left, attacker.name in destroyed)
    _pilot_decides(replay, attacker, target, strike, left, name in destroyed)
    if struck_back:
        _pilot_decides(replay, target, attacker, back, attacker_left, attacker.name in destroyed)
    if not destroyed:
        replay.not_applied("雙方的機體受到的傷害都低於其 HP，都沒有被破壞。", "8-5-3-2-1", "11-3-1")
    if name in destroyed:
        replay.event("destroys", card=attacker.name, player=processing.turn_player(replay))
        _breach(replay, attacker, both=attacker.name in destroyed)
    elif instances(attacker, "breach"):
        replay.not_applied(
            f"「{name}」沒有被破壞：「{attacker.name}」的《突破》只在此機體透過戰鬥傷害破壞對方機體時發動。",
            "13-1-2-1",
        )
    if attacker.name in destroyed and instances(target, "breach"):
        replay.not_applied(
            f"「{name}」破壞了攻擊中的「{attacker.name}」，但現在是對方玩家的回合：《突破》只在我方的回合中，"
            "當此機體透過戰鬥傷害破壞對方機體時發動。",
            "13-1-2-1",
        )


def _support_decides(replay: Run, attacker: GcgCard, strike: int, left: int | None) -> None:
    """The AP 《支援》 gave decides a kill the attacker's AP would not make without it (13-1-3-1)."""
    supported = sum(m.by for m in attacker.modifiers if m.stat == "ap" and m.source is not None)
    if supported > 0 and left is not None and strike - supported < left:
        replay.log.mark_decisive("13-1-3-1")


def _expired_decides(
    replay: Run, source: GcgCard, card: GcgCard, dealt: int, left: int | None, destroyed: bool
) -> None:
    """An AP change of ``source`` that ended before this battle decides it where, still in force, it
    would have turned ``card``'s destruction the other way (7-6-6-1, 8-6-1)."""
    if left is None:
        return
    for by, clause in replay.notes.get(processing.EXPIRED_AP, {}).get(source.name, []):
        if (dealt + by >= left) != destroyed:
            replay.step(
                f"「{source.name}」的 AP{by:+d} 已經失效：仍然有效的話，「{card.name}」"
                f"{'不會' if destroyed else '會'}被破壞。",
                clause,
                decisive=True,
            )


def _pilot_decides(
    replay: Run, source: GcgCard, card: GcgCard, dealt: int, left: int | None, destroyed: bool
) -> None:
    """A boarded pilot's AP or HP decides the battle where, without it, ``source``'s ``dealt`` damage
    would not have destroyed ``card`` (its HP ``left`` before), or would have (3-3-8-1)."""
    pilot = source.pilot if destroyed else card.pilot
    if pilot is None or left is None:
        return
    if destroyed and (pilot.ap or 0) > 0 and dealt - (pilot.ap or 0) < left:
        replay.step(
            f"「{source.name}」的 AP 疊加了駕駛員「{pilot.name}」的 AP+{pilot.ap}：沒有它，{dealt - (pilot.ap or 0)} 點"
            f"傷害不足以破壞「{card.name}」。",
            "3-3-8-1",
            decisive=True,
        )
    if not destroyed and (pilot.hp or 0) > 0 and dealt >= left - (pilot.hp or 0) and dealt > 0:
        replay.step(
            f"「{card.name}」的 HP 疊加了駕駛員「{pilot.name}」的 HP+{pilot.hp}：沒有它，{dealt} 點傷害就會破壞「{card.name}」。",
            "3-3-8-1",
            decisive=True,
        )


def _breach(replay: Run, attacker: GcgCard, both: bool) -> None:
    """《突破》 (13-1-2): a battle kill in our turn deals (value) to the base, else the top shield."""
    value = stacked(replay, attacker, "breach")
    if value == 0:
        return
    defender = _defender(replay)
    if both:
        replay.step(
            f"即便雙方的機體均因戰鬥被破壞，「{attacker.name}」的《突破》也會發動。",
            "13-1-2-3",
            decisive=True,
        )
    front = _front(replay, defender, f"breach{_number(replay)}", "13-1-2-2")
    if front is None:
        replay.not_applied("對方護盾區中沒有任何 1 張基地或護盾，不發動《突破》效果。", "13-1-2-4")
        return
    replay.step(
        f"在我方的回合中，「{attacker.name}」透過戰鬥傷害破壞了對方機體：發動《突破：{value}》，給予對方護盾區最前方的 "
        "1 張卡牌傷害（有基地則給予基地，沒有基地則給予最上方的 1 張護盾）。",
        "13-1-2-1",
        "13-1-2-2",
        decisive=True,
        breach=value,
    )
    if isinstance(front, GcgCard):
        base = front
        left = remaining(base)
        base.damage += value
        record(replay).base_damage += value
        replay.step(
            f"《突破》給予基地「{base.name}」{value} 點傷害（計數器 {base.damage}）。",
            "13-1-2-2",
            "3-5-3",
            decisive=True,
        )
        destroyed = processing.destroy_damaged(replay)
        record(replay).destroyed += destroyed
        if base.name in destroyed and left is not None and value > left:
            replay.not_applied(f"超出的 {value - left} 點傷害不會給予護盾。", "5-5-6")
        return
    if value > 1:
        replay.not_applied(f"《突破》超出的 {value - 1} 點傷害不會給予其他護盾。", "5-5-6")
    record(replay).shields_destroyed += 1
    effects.destroy_shield(replay, defender, None, "13-1-2-2", "11-3-1-1")
