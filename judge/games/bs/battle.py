"""The bs battle (攻擊階段的行動 › 戰鬥步驟), run inside the attack step.

① the turn player declares an attack with a refreshed spirit and exhausts
it; ② a flash timing; ③ the defender may block with one refreshed spirit,
exhausting it; ④ a second flash timing, only after a block; ⑤ the
resolution — unblocked: the defender's life is reduced by the attacker's
symbols, those cores to the defender's reserve; blocked: the BPs are
compared — ⑥ the lower BP is destroyed, both on a tie; ⑦ the battle end.

In a flash timing the defending player may use one flash effect first, or
pass; a used effect resolves at once, then the other player has the right;
two passes in a row end the timing (靈動效果的使用規則).  The battle stops
only where a player decides what the timeline states: its flash effects and
passes, a block or ``no_block``; a block left out is the defender's open
choice, one replay per refreshed spirit (a single forced option — nobody
able to block — is no choice).
"""

from __future__ import annotations

from typing import NoReturn

from judge.effects import Effect
from judge.games.bs import bursts, field, reliance
from judge.games.bs.actions import LEAVING, Attack, Block, Flash, NoBlock, Pass, within_an_effect
from judge.games.bs.outcome import BattleRecord, BsReason
from judge.games.bs.rules import (
    BATTLE_END,
    BLOCK,
    BLOCKED,
    BRAVE,
    CORES_GO,
    DECLARE,
    DESTROY,
    EXHAUST_TERM,
    EXHAUSTED,
    FLASH_1,
    FLASH_2,
    FLASH_NO_INTERRUPT,
    FLASH_RULES,
    FLASH_TERM,
    FLASH_TIMING,
    HEAVY_EXHAUST,
    IMA,
    INTRO_BP,
    INTRO_LIFE,
    MAGIC,
    MAGIC_MAIN,
    NEXUS_NO_FIGHT,
    UNBLOCKED,
    UNION,
    WIN,
    WIN_BY_LIFE,
)
from judge.games.bs.state import Battle, BsCard, BsState, Kind
from judge.games.bs.values import bp, brave_of, symbols
from judge.outcome import Result
from judge.players import Player
from judge.replay import Replay
from judge.state import Duration, Status

Run = Replay[BsState]

BATTLES = "battles"
AFTER_BATTLE = "after_battle"  # 「戰鬥結束後」: once the battle's 「本次戰鬥期間」 effects have ended
NO_BLOCK = "no_block"
#: what may happen inside a flash timing, as the timeline lists it
FLASH_VERBS = frozenset({"flash", "pass", "effect", "burst", "exhaust", "refresh", "move_cores", "u_trigger"})


def turn_player(replay: Run) -> Player:
    known: Player = replay.fact(
        "turn_player", replay.state.turn_player, (Player.A, Player.B), "本回合的回合玩家"
    )
    return known


def _record(replay: Run) -> BattleRecord:
    found: BattleRecord = replay.notes[BATTLES][-1]
    return found


def _united_brave(state: BsState, card: BsCard) -> bool:
    return card.kind is Kind.BRAVE and any(
        c.union == card.name for p in Player for c in state.side(p).field.cards
    )


def _ready(replay: Run, card: BsCard, role: str, clause: str) -> None:
    """Refuse a spirit that cannot attack or block: not a spirit, a united brave, an 異魔神, exhausted."""
    if not card.fights or (card.kind is Kind.BRAVE and card.ima):
        cites = (IMA,) if card.ima else (NEXUS_NO_FIGHT, clause) if card.kind is Kind.NEXUS else (clause,)
        replay.refuse(f"「{card.name}」不是可以{role}的靈魂卡或終極靈魂卡。", *cites)
    if _united_brave(replay.state, card):
        replay.refuse(
            f"「{card.name}」已與靈魂卡合體，合體靈魂卡視為 1 體：由合體靈魂卡{role}。", BRAVE, clause
        )
    status = replay.fact(
        f"{card.name}.status",
        card.status,
        (Status.ACTIVE, Status.RESTED),
        f"「{card.name}」是否為回復狀態",
        EXHAUSTED,
    )
    if card.heavy:
        replay.refuse(
            f"「{card.name}」處於重疲勞狀態，與疲勞狀態相同，無法進行{role}。",
            HEAVY_EXHAUST,
            EXHAUSTED,
            EXHAUST_TERM,
        )
    if status is Status.RESTED:
        replay.refuse(
            f"「{card.name}」處於疲勞狀態（橫置），無法進行{role}。",
            EXHAUSTED,
            EXHAUST_TERM,
            clause,
            *field.why_rested(replay, card.name),
        )
    reliance.ready_by(replay, card.name)


def declare(replay: Run, action: Attack) -> None:
    """① 宣告攻擊: a refreshed spirit of the turn player attacks and is exhausted."""
    state = replay.state
    player = turn_player(replay)
    card = state.side(player).field.find(action.by)
    if card is None:
        replay.refuse(f"「{action.by}」不在回合玩家 {player} 的場地上{_whose(state, action.by)}。", DECLARE)
    if state.battle is not None:
        replay.refuse("攻擊需逐一進行：前一場戰鬥尚未結束。", DECLARE)
    _ready(replay, card, "攻擊", DECLARE)
    card.status = Status.RESTED
    state.battle = Battle(attacker=card.name, priority=player.other)
    replay.notes["battle.attacker"], replay.notes["battle.blocker"] = card.name, None
    replay.notes.setdefault(BATTLES, []).append(BattleRecord(attacker=card.name, player=player))
    replay.step(
        f"①宣告攻擊：攻擊方（回合玩家）{player} 選擇回復狀態的「{card.name}」宣告攻擊，並將其轉為疲勞狀態（橫置）。",
        DECLARE,
    )
    bursts.happen(replay, "exhausted", card.name, player)
    bursts.happen(replay, "attack", card.name, player)
    bursts.happen(replay, "attacked", None, player.other)
    replay.unfired(
        "block",
        f"「{card.name}」是攻擊，不是阻擋：『阻擋時』效果只在宣告阻擋後發揮，攻擊後發揮的是『攻擊時』效果。",
        BLOCK,
        DECLARE,
        card=card.name,
    )
    replay.resolve_fired()
    _open_flash(replay, state.battle, FLASH_1)


def _whose(state: BsState, name: str) -> str:
    """Where a card named for an attack or a block is instead: the other player's, often."""
    found = state.on_field(name)
    if found is None:
        return ""
    player = found[0]
    role = "攻擊方（回合玩家）" if player is state.turn_player else "防禦方（非回合玩家）"
    return f"：它是{role}{player} 的靈魂卡"


def _open_flash(replay: Run, battle: Battle, clause: str) -> None:
    defender = turn_player(replay).other
    battle.priority, battle.passes = defender, 0
    which = "②靈動時機（第 1 次）" if battle.step == "flash1" else "④靈動時機（第 2 次）"
    replay.step(
        f"{which}：防禦方 {defender} 擁有優先使用一個靈動效果的權利（也可選擇跳過）。", clause, FLASH_RULES
    )


def _flash_player(replay: Run, battle: Battle, player: Player | None, verb: str) -> Player:
    if battle.priority is None:  # a snapshot taken as the timing opens: the defender acts first
        battle.priority = turn_player(replay).other
    acting = player or battle.priority
    if acting is not battle.priority:
        replay.refuse(
            f"現在是玩家 {battle.priority} 使用靈動效果或選擇跳過的時機，玩家 {acting} 不能{verb}："
            "雙方交替，每次使用的效果立即結算，結算前無法插入其他靈動效果。",
            FLASH_RULES,
            FLASH_NO_INTERRUPT,
        )
    return acting


def flash(replay: Run, action: Flash) -> None:
    """A flash effect (靈動): the turn player's own in the main step, or in a battle's flash timing."""
    state = replay.state
    battle = state.battle
    if battle is None:
        player = action.player or turn_player(replay)
        if state.phase != "main" or player is not turn_player(replay):
            if action.main:
                replay.refuse("魔法卡的主要效果僅能於自己的主要階段使用。", MAGIC_MAIN, MAGIC)
            if state.phase == "attack":
                replay.refuse(
                    "攻擊階段中，靈動時機只在戰鬥中出現（第 2 次靈動時機僅在宣告阻擋時才會發生）：現在沒有靈動時機。",
                    FLASH_TERM,
                    FLASH_TIMING,
                    FLASH_2,
                )
            replay.refuse(
                f"現在是玩家 {turn_player(replay)} 的{'主要階段' if state.phase == 'main' else '回合'}："
                "靈動效果只能在自己的主要階段與雙方的靈動時機中使用。",
                FLASH_TERM,
                MAGIC,
                FLASH_TIMING,
            )
        card = _used_card(replay, player, action)
        what, cites = ("主要效果", (MAGIC_MAIN,)) if action.main else ("靈動效果", (FLASH_NO_INTERRUPT,))
        replay.step(f"主要階段：玩家 {player} 使用{what}{_of(card)}，該效果立即結算。", MAGIC, *cites)
    else:
        if action.main:
            replay.refuse(
                "在靈動時機中，無法使用魔法卡的主要效果：主要效果僅能於自己的主要階段使用。",
                FLASH_TIMING,
                MAGIC_MAIN,
            )
        if battle.step not in ("flash1", "flash2"):
            _timing_over(replay, battle, "靈動效果在戰鬥的靈動時機中使用")
        player = _flash_player(replay, battle, action.player, "使用靈動效果")
        card = _used_card(replay, player, action)
        battle.priority, battle.passes = player.other, 0
        replay.step(
            f"靈動時機：玩家 {player} 使用一個靈動效果{_of(card)}，該效果立即結算；之後輪到玩家 {player.other}。",
            FLASH_RULES,
            FLASH_NO_INTERRUPT,
        )
    if card is not None:
        replay.notes.setdefault(bursts.RESOLVING, []).append((player, card))


def _used_card(replay: Run, player: Player, action: Flash) -> BsCard | None:
    """The magic card used, out of the player's hand (named there, or one of its unnamed cards)."""
    if action.card is None:
        return None
    hand = replay.state.side(player).hand
    if isinstance(action.card, BsCard):
        if hand.unnamed:
            hand.unnamed -= 1
        return action.card
    found = hand.find(action.card)
    if found is None:
        replay.refuse(f"「{action.card}」不在玩家 {player} 的手牌中。", MAGIC)
    hand.cards.remove(found)
    return found


def _of(card: BsCard | None) -> str:
    return "" if card is None else f"（魔法卡「{card.name}」）"


def pass_(replay: Run, action: Pass) -> None:
    """跳過: two passes in a row end the flash timing."""
    battle = replay.state.battle
    if battle is None:
        replay.refuse("跳過是在戰鬥的靈動時機中選擇不使用靈動效果，現在不是靈動時機。", FLASH_TIMING)
    if battle.step not in ("flash1", "flash2"):
        _timing_over(replay, battle, "跳過是在戰鬥的靈動時機中選擇不使用靈動效果")
    player = _flash_player(replay, battle, action.player, "選擇跳過")
    battle.passes += 1
    battle.priority = player.other
    if battle.passes < 2:
        replay.step(f"玩家 {player} 選擇跳過，輪到玩家 {player.other} 選擇是否使用靈動效果。", FLASH_RULES)
        return
    replay.step(f"玩家 {player} 也選擇跳過：雙方連續跳過，靈動時機於該時間點結束。", FLASH_RULES)
    _after_flash(battle)


def _timing_over(replay: Run, battle: Battle, what: str) -> NoReturn:
    """A flash or a pass where no flash timing is open: after two passes in a row the first one is over
    (the next opens only after a block), or the battle is past its flash timings."""
    if battle.step == "block":
        replay.refuse(
            f"{what}：雙方已連續跳過，第 1 次靈動時機已於該時間點結束；第 2 次靈動時機僅在宣告阻擋後才會發生。",
            FLASH_RULES,
            FLASH_TIMING,
        )
    replay.refuse(f"{what}，現在不是靈動時機。", FLASH_TIMING)


def _after_flash(battle: Battle) -> None:
    battle.step = "block" if battle.step == "flash1" else "resolve"


def progress(replay: Run) -> None:
    """Run the battle's steps that need nobody's decision, up to the next one the timeline states."""
    battle = replay.state.battle
    if battle is None:
        return
    later = [a for a in replay.timeline.actions[replay.index + 1 :] if not isinstance(a, LEAVING)]
    verb = later[0].verb if later else None  # a card's leaving is decided where it left, whatever the step
    if battle.step in ("flash1", "flash2"):
        if verb in FLASH_VERBS or (verb == "block" and battle.blocked):
            return  # a second block is refused where it is declared
        if battle.passes < 2:
            replay.step("雙方都不再使用靈動效果（連續跳過），靈動時機結束。", FLASH_RULES)
        _after_flash(battle)
    if battle.step == "block":
        if verb in ("block", NO_BLOCK, "effect", "burst", "flash", "pass"):
            return  # a flash or a pass now is refused where it is declared: the timing is over
        _open_block(replay, battle)
    if replay.state.battle is not None and replay.state.battle.step == "flash2":
        progress(replay)
        return
    battle = replay.state.battle
    if battle is not None and battle.step == "resolve":
        _resolve(replay, battle)
    if battle is not None and battle.step == "end":
        after = replay.timeline.actions[replay.index + 1 : replay.index + 2]
        if after and (isinstance(after[0], Effect) or within_an_effect(after[0])):
            return  # what the resolution caused (a burst and its effects, a brave kept) comes before the battle ends
        end(replay)


def _open_block(replay: Run, battle: Battle) -> None:
    """The block the timeline leaves out: the defender's open choice among its refreshed spirits."""
    defender = turn_player(replay).other
    able = [
        c.name
        for c in replay.state.side(defender).field.cards
        if c.fights
        and not c.heavy
        and not c.ima
        and c.status is not Status.RESTED
        and not _united_brave(replay.state, c)
    ]
    if not able:
        replay.not_applied(f"防禦方 {defender} 沒有回復狀態的靈魂卡，無法宣告阻擋。", BLOCK, EXHAUSTED)
        no_block(replay, NoBlock())
        return
    against = "" if battle.attacker is None else f"「{battle.attacker}」的攻擊"
    chosen = replay.choose(  # named by its attacker: each battle's block is a choice of its own
        defender,
        "block",
        None,
        (*able, NO_BLOCK),
        f"防禦方 {defender} 是否阻擋{against}、以哪一張靈魂卡阻擋",
        BLOCK,
    )
    if chosen == NO_BLOCK:
        no_block(replay, NoBlock())
    else:
        block(replay, Block(by=chosen))


def block(replay: Run, action: Block) -> None:
    """③ 宣告阻擋: one refreshed spirit of the defender blocks and is exhausted."""
    battle = replay.state.battle
    if battle is not None and battle.blocked:
        replay.refuse(
            f"本次戰鬥已宣告阻擋：不可使用 2 張以上的靈魂卡或終極靈魂卡同時進行阻擋（「{action.by}」不能再阻擋）。",
            BLOCK,
        )
    if battle is None or battle.step not in ("flash1", "block"):
        replay.refuse("宣告阻擋在攻擊宣告後、第 1 次靈動時機之後進行。", BLOCK)
    if battle.step == "flash1":
        replay.step("雙方都不再使用靈動效果（連續跳過），靈動時機結束。", FLASH_RULES)
    defender = turn_player(replay).other
    card = replay.state.side(defender).field.find(action.by)
    if card is None:
        replay.refuse(
            f"「{action.by}」不在防禦方 {defender} 的場地上{_whose(replay.state, action.by)}。", BLOCK
        )
    _ready(replay, card, "阻擋", BLOCK)
    card.status = Status.RESTED
    battle.blocker, battle.blocked, battle.step = card.name, True, "flash2"
    replay.notes["battle.blocker"] = card.name
    _record(replay).blocked_by = card.name
    replay.step(f"③宣告阻擋：防禦方 {defender} 以「{card.name}」阻擋，並將其轉為疲勞狀態。", BLOCK)
    bursts.happen(replay, "exhausted", card.name, defender)
    bursts.happen(replay, "block", card.name, defender)
    replay.unfired(
        "attack",
        f"「{card.name}」是阻擋，不是攻擊：『攻擊時』效果只在宣告攻擊後發揮，阻擋後發揮的是『阻擋時』效果。",
        DECLARE,
        BLOCK,
        card=card.name,
    )
    replay.resolve_fired()
    _open_flash(replay, battle, FLASH_2)


def no_block(replay: Run, _action: NoBlock) -> None:
    battle = replay.state.battle
    if battle is None or battle.step not in ("flash1", "block"):
        replay.refuse("是否阻擋在攻擊宣告後、第 1 次靈動時機之後決定。", BLOCK)
    defender = turn_player(replay).other
    battle.step = "resolve"
    replay.step(f"防禦方 {defender} 未宣告阻擋。", BLOCK)
    replay.not_applied("第 2 次靈動時機僅在宣告阻擋時才會發生：省略此步驟，直接進入⑤戰鬥結算。", FLASH_2)


def _resolve(replay: Run, battle: Battle) -> None:
    """⑤ the resolution — first what happens 「戰鬥結算時」 —, ⑥ destruction, ⑦ the battle end."""
    player = turn_player(replay)
    bursts.happen(replay, "battle_resolution", None, player)
    if replay.fired:
        replay.step("⑤戰鬥結算：先解決在「戰鬥結算時」發生的效果，再減少生命值或比較 BP。", BLOCKED)
        replay.resolve_fired()
    if not battle.blocked:
        _unblocked(replay, battle, player)
    elif battle.blocker is None:
        replay.step(
            "⑤戰鬥結算：進行阻擋的靈魂卡已從場地上消失，但阻擋依然成立，防禦方的生命值不會減少。",
            BLOCKED,
            decisive=True,
        )
        replay.not_applied(f"防禦方 {player.other} 的生命值不會減少：阻擋依然成立。", BLOCKED, UNBLOCKED)
    elif battle.attacker is None:
        replay.step(
            f"⑤戰鬥結算：攻擊的靈魂卡已離開場地，且沒有合體卡接續攻擊：沒有可比較 BP 的攻擊中靈魂卡，「{battle.blocker}」"
            "不會因比較 BP 而被破壞；阻擋依然成立，防禦方的生命值不會減少。",
            BLOCKED,
            decisive=True,
        )
        replay.not_applied(
            f"「{battle.blocker}」不會被破壞：比較 BP 的攻擊中靈魂卡已不在場地上。", BLOCKED, DESTROY
        )
    else:
        _compare(replay, battle, player)
        _blocked_life(replay, player.other)
    battle.step = "end"


def _blocked_life(replay: Run, defender: Player) -> None:
    """A blocked battle compares BPs instead: the defender's life is not reduced, whatever it is."""
    life = replay.state.side(defender).life
    left = "" if life is None else f"（仍為 {life}）"
    replay.not_applied(
        f"防禦方 {defender} 的生命值不會減少{left}：已宣告阻擋，戰鬥結算比較 BP，而不依標誌數量減少生命值。",
        UNBLOCKED,
        BLOCKED,
    )
    if life is not None:
        replay.not_applied(f"玩家 {defender} 的生命值還有 {life}，不為 0，遊戲繼續。", WIN)


def _unblocked(replay: Run, battle: Battle, player: Player) -> None:
    defender = player.other
    if battle.attacker is None:
        replay.step(
            f"⑤戰鬥結算：攻擊的靈魂卡已離開場地，且沒有合體卡接續攻擊：生命值依攻擊中靈魂卡的標誌數量減少，"
            f"現在沒有攻擊中的靈魂卡，防禦方 {defender} 的生命值不會減少。",
            UNBLOCKED,
            decisive=True,
        )
        replay.not_applied(
            f"防禦方 {defender} 的生命值不會減少：沒有攻擊中的靈魂卡，沒有可減少生命值的標誌。", UNBLOCKED
        )
        return
    found = replay.state.on_field(battle.attacker)
    assert found is not None  # the attacker is on the field, or battle.attacker is None
    count = symbols(replay, found[1])
    brave = brave_of(replay.state, found[1])
    side = replay.state.side(defender)
    life: int = replay.fact(f"{defender}.life", side.life, None, f"玩家 {defender} 的生命值", UNBLOCKED)
    lost = min(count, life)
    side.life = life - lost
    field.add_cores(replay, defender, "reserve", lost)
    _record(replay).life_reduced = lost
    replay.step(
        f"⑤戰鬥結算：未宣告阻擋，依照「{battle.attacker}」的標誌數量 {count}，減少防禦方 {defender} 的生命值 {lost}"
        f"（{life} → {side.life}），並將這些能量移至預備區"
        + ("。" if brave is None else f"；其標誌數量含合體卡「{brave.name}」追加的標誌。"),
        UNBLOCKED,
        INTRO_LIFE,
        CORES_GO,
        *(() if brave is None else (UNION,)),
        decisive=True,
        life=side.life,
    )
    if lost:
        bursts.happen(replay, "life_reduced", None, defender)
        replay.resolve_fired()
    life_check(replay, WIN_BY_LIFE)
    replay.not_applied(f"玩家 {defender} 的生命值還有 {side.life}，不為 0，遊戲繼續。", WIN)


def life_check(replay: Run, *also: str) -> None:
    """A player whose life becomes 0 — by an attack or an effect — loses at once (勝利條件)."""
    for loser in (Player.A, Player.B):
        if replay.state.side(loser).life == 0:
            replay.end_game(
                Result.WON,
                BsReason.LIFE_ZERO,
                loser.other,
                f"玩家 {loser} 的生命值變為 0：玩家 {loser.other} 獲勝，遊戲隨即結束。",
                WIN,
                *also,
            )


def _compare(replay: Run, battle: Battle, player: Player) -> None:
    assert battle.attacker is not None and battle.blocker is not None  # the caller checks
    attacker, blocker = replay.state.on_field(battle.attacker), replay.state.on_field(battle.blocker)
    assert attacker is not None and blocker is not None  # both still on the field
    mine, theirs = bp(replay, attacker[1]), bp(replay, blocker[1])
    reliance.compared(replay, (battle.attacker, mine), (battle.blocker, theirs))
    replay.step(
        f"⑤戰鬥結算：已宣告阻擋，比較 BP：攻擊的「{battle.attacker}」BP {mine}，阻擋的「{battle.blocker}」BP {theirs}。",
        BLOCKED,
        INTRO_BP,
        decisive=True,
        attacker_bp=mine,
        blocker_bp=theirs,
    )
    for side, (_, fighter) in ((1, attacker), (-1, blocker)):
        brave = brave_of(replay.state, fighter)
        if brave is not None and brave.bp_plus is not None:
            without = mine - theirs - side * brave.bp_plus  # the comparison without this union's BP+
            replay.step(
                f"「{fighter.name}」與合體卡「{brave.name}」合體：其 BP 含合體數值 BP+{brave.bp_plus}。",
                UNION,
                decisive=(without > 0) - (without < 0) != (mine > theirs) - (mine < theirs),
            )
    losers = [(battle.blocker, player)] if mine > theirs else []
    losers += [(battle.attacker, player.other)] if mine < theirs else []
    if mine == theirs:
        losers = [(battle.attacker, player.other), (battle.blocker, player)]
        replay.step("⑥BP 相同，為平手，雙方皆被破壞。", DESTROY, INTRO_BP, decisive=True)
    else:
        replay.step(f"⑥BP 較低的「{losers[0][0]}」被破壞。", DESTROY, INTRO_BP, decisive=True)
    _record(replay).destroyed = [name for name, _ in losers]
    battle.step = "end"  # the resolution is done: a brave kept now stays on the field, out of the battle
    field.leave_together(replay, losers, field.DESTROYED, DESTROY)


def end(replay: Run) -> None:
    """⑦ 戰鬥結束: 「戰鬥結束時」 effects, then every 「本次戰鬥期間」 effect ends, then 「戰鬥結束後」 effects.

    Where such an effect reads a card whose 「本次戰鬥期間」 change ends here, this order decides what
    it finds."""
    player = turn_player(replay)
    lasting = {
        card.name
        for card in replay.state.all_cards()
        if any(m.until is Duration.END_OF_BATTLE for m in card.modifiers)
    }
    _happen(
        replay,
        "battle_end",
        player,
        lasting,
        "⑦戰鬥結束：先發揮指定為「戰鬥結束時」的效果，之後「本次戰鬥期間」等的效果才失效。",
    )
    replay.expire(
        Duration.END_OF_BATTLE,
        lambda card, what: f"「{card.name}」的 {what}（本次戰鬥期間）失效。",
        BATTLE_END,
    )
    replay.state.battle = None
    replay.step("⑦戰鬥結束：指定為「攻擊時」、「阻擋時」或「本次戰鬥期間」等的效果在此時失效。", BATTLE_END)
    _happen(
        replay,
        AFTER_BATTLE,
        player,
        lasting,
        "⑦戰鬥結束：之後，發揮指定為「戰鬥結束後」的效果（「本次戰鬥期間」的效果已失效）。",
    )


def _happen(replay: Run, event: str, player: Player, lasting: set[str], text: str) -> None:
    """The effects waiting for ``event`` at the battle's end, carried out under one step (7 戰鬥結束),
    which decides when one of them reads a card whose 「本次戰鬥期間」 change ends there."""
    bursts.happen(replay, event, None, player)
    if replay.fired:
        replay.step(text, BATTLE_END, decisive=_reads(replay.fired, lasting))
        replay.resolve_fired()


def _reads(fired: list[Effect], cards: set[str]) -> bool:
    """Whether one of the ``fired`` effects' 「若……」 reads one of ``cards``."""
    return any(effect.if_ is not None and effect.if_.card in cards for effect in fired)


def problems(state: BsState) -> list[str]:
    """Names a battle in progress gives that are not on the field."""
    battle = state.battle
    if battle is None:
        return []
    return [name for name in (battle.attacker, battle.blocker) if name and state.on_field(name) is None]
