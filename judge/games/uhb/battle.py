"""The uhb battle: the battle phase (4.2), the support phase (4.3) and the settlement (4.4).

Both main characters flip (4.2.4), then their 翻 effects trigger, the turn
player's first (4.2.5), then 攻 and 防 (4.2.6).  Supports are set aside face
down and flipped together (4.3.2); their 支 effects follow (4.3.3), then the
extra supports (4.3.4, 4.3.5).  Total power is the main character's power —
its weakened power when weakened (5.11.3) — plus every support power;
equal totals make both losers (4.4.2).  Result effects trigger (4.4.3), then
the cards move, the turn player first (4.4.4): the winner's main character
to the rest area and one support of the winner's choosing into its space,
the loser's main character to the damage zone — or, in full state with a
weakened power, weakened on the field for the deck's top card (5.11.1).
"""

from __future__ import annotations

from judge.games.uhb import effects, ending, flips
from judge.games.uhb.actions import Battle, ExtraSupport, Promote, Support, Weaken
from judge.games.uhb.outcome import BattleRecord
from judge.games.uhb.sources import continues
from judge.games.uhb.state import DAMAGE_LIMIT, UhbCard, UhbState
from judge.games.uhb.state import Battle as InProgress
from judge.players import Player, turn_order
from judge.replay import Replay
from judge.state import Duration

Run = Replay[UhbState]

#: notes: each battle fought, in order
BATTLES = "battles"
#: notes: the space each main character was in when chosen (4.4.4a: 「主战角色之前所在的配置区」)
SPACES = "main_spaces"
#: notes: the main characters' effects still to come in the battle phase (4.2.5, 4.2.6): (event, card)
STAGES = "battle_stages"
NO_SUPPORT = "不进行支援"


def record(replay: Run) -> BattleRecord:
    """The battle being fought: declared in the replay, or already in progress on the board."""
    battles: list[BattleRecord] = replay.notes.setdefault(BATTLES, [])
    if not battles:
        battle = _battle(replay)
        battles.append(
            BattleRecord(attacker=battle.attacker, defender=battle.defender, player=_turn_player(replay))
        )
    return battles[-1]


def _turn_player(replay: Run) -> Player:
    return replay.state.turn_player or Player.A


# -- the battle phase (4.2) ---------------------------------------------------------------------


def declare(replay: Run, action: Battle) -> None:
    """4.2.3: the main characters, one on each side of the field; then 4.2.4–4.2.6."""
    state = replay.state
    if state.turn_player is None:
        _turn_player_from(replay, action.attacker)
    player = _turn_player(replay)
    if state.battle is not None:
        replay.refuse("本回合的主战角色已经选择。", "4.2.3")
    for name, side in ((action.attacker, player), (action.defender, player.other)):
        if state.side(side).field.find(name) is None:
            replay.refuse(
                f"「{name}」不在玩家 {side} 的战场上：当前回合玩家选择一张我方战场上的角色牌和一张对方战场上的角色牌。",
                "4.2.3",
            )
    state.battle = InProgress(attacker=action.attacker, defender=action.defender)
    replay.notes[SPACES] = {
        side: state.side(side).field.names().index(name)
        for name, side in ((action.attacker, player), (action.defender, player.other))
    }
    replay.notes.setdefault(BATTLES, []).append(
        BattleRecord(attacker=action.attacker, defender=action.defender, player=player)
    )
    replay.step(
        f"当前回合玩家 {player} 选择我方的「{action.attacker}」和对方的「{action.defender}」作为主战角色。",
        "4.2.3",
    )
    mains = (action.attacker, action.defender)
    flipped = [name for name in mains if _flip_main(replay, name)]
    for name in mains:
        if name not in flipped:
            replay.not_applied(
                f"主战角色「{name}」已是正面表示，没有被翻开，其翻开效果不会触发。",
                "4.2.5",
                "2.0.5a",
                card=name,
            )
    replay.unfired(
        "defend",
        f"「{action.attacker}」是进行攻击的主战角色，其防御效果只在受到攻击时触发。",
        "2.0.5c",
        "4.2.6",
        card=action.attacker,
    )
    replay.unfired(
        "attack",
        f"「{action.defender}」是受到攻击的主战角色，其攻击效果只在进行攻击时触发。",
        "2.0.5b",
        "4.2.6",
        card=action.defender,
    )
    replay.notes[STAGES] = [
        *(("flipped", name) for name in flipped),
        ("attack", action.attacker),
        ("defend", action.defender),
    ]
    go_on(replay)


def _turn_player_from(replay: Run, attacker: str) -> None:
    """A board that does not say whose turn it is: the turn player chooses a main character of its own
    field (4.2.3), so the attacker's side is the turn player's."""
    where = replay.state.where(attacker)
    if where is None or where[1] != "field":
        return  # not on a field: the check below refuses it
    replay.state.turn_player = where[0]
    replay.step(
        f"当前回合玩家选择一张我方战场上的角色牌作为主战角色：「{attacker}」在玩家 {where[0]} 的战场上，"
        f"当前回合玩家为 {where[0]}。",
        "4.2.3",
        turn_player=where[0],
    )


def go_on(replay: Run) -> None:
    """4.2.5–4.2.6, one main character's effects at a time.  A 翻 effect the timeline states as the
    actions after the battle (a flip, an effect, with the main character as their ``source``) is
    carried out there: the next main character's effects wait until it is over."""
    stages: list[tuple[str, str]] = replay.notes.get(STAGES, [])
    while stages:
        event, name = stages.pop(0)
        if event == "stated":
            if continues(replay, name):
                stages.insert(0, (event, name))
                return
            continue
        replay.event(event, card=name)
        if event == "flipped" and replay.fired and continues(replay, name) and _stated_first(replay, name):
            flips.hold(replay, name, replay.fired)
            replay.fired = []
        if replay.fired:
            if event == "flipped":
                replay.step(f"主战角色「{name}」被翻开，执行其翻开所触发的效果。", "4.2.5", "2.0.5a")
            else:
                clause = "2.0.5b" if event == "attack" else "2.0.5c"
                replay.step(
                    f"执行主战角色「{name}」的{'攻击' if event == 'attack' else '防御'}效果。",
                    "4.2.6",
                    clause,
                )
        replay.resolve_fired()
        ending.check(replay)  # 1.3.4: once this card's effects are over
        if event == "flipped" and continues(replay, name):
            before = any(later == "flipped" for later, _ in stages)  # the other main's 翻 effect waits
            replay.step(
                f"主战角色「{name}」被翻开，执行其翻开效果。", "4.2.5", "2.0.5a", decisive=before, card=name
            )
            stages.insert(0, ("stated", name))
            return


def _stated_first(replay: Run, name: str) -> bool:
    """A main character's 翻 effect stated as the timeline's next actions, and other effects of the same
    player the flip triggered: which goes first is the turn player's choice (1.1.6); the others,
    when it goes first, wait until it is over."""
    owner = replay.state.owner(name)
    if any(effects.owner(replay, effect) is not owner for effect in replay.fired):
        return False  # the other player's effects too: 1.1.6a orders them, the stated one as before
    stated = f"「{name}」时间线所列的翻开效果先执行"
    chosen: str = replay.choose(
        _turn_player(replay),
        f"order:{name}",
        None,
        ("其他同时触发的效果先执行", stated),
        f"当前回合玩家 {_turn_player(replay)} 决定「{name}」的翻开效果与同时触发的其他效果的执行顺序",
        "1.1.6",
    )
    replay.step(f"同一方的多个效果同时触发，由当前回合玩家决定执行顺序：{chosen}。", "1.1.6")
    return chosen == stated


def _flip_main(replay: Run, name: str) -> bool:
    card = effects.card(replay, name)
    assert isinstance(card, UhbCard)  # the state holds uhb cards only
    if card.face_up:
        return False
    card.face_up = True
    whose = "当前回合玩家" if replay.state.owner(name) is _turn_player(replay) else "对方"
    replay.step(f"{whose}的主战角色「{name}」处于暗盖状态，将其翻开。", "4.2.4", card=name)
    return True


# -- the support phase (4.3) --------------------------------------------------------------------


def support(replay: Run, action: Support) -> None:
    battle = _battle(replay)
    if action.player in battle.declared:
        replay.refuse(
            f"玩家 {action.player} 已决定支援角色：只能选择一张手牌中的角色牌作为支援角色。", "4.3.2"
        )
    battle.declared.append(action.player)
    if action.card is None:
        replay.step(f"玩家 {action.player} 选择不进行支援。", "4.3.2")
    else:
        card = effects.from_hand(replay, action.player, action.card, "4.3.2")
        battle.supports.setdefault(action.player, []).append(card)
        replay.step(
            f"玩家 {action.player} 选择手牌中的「{card.name}」作为支援角色，暂时暗盖在一旁（此时该牌不处于任何区域）。",
            "4.3.2",
            card=card.name,
        )
    if len(battle.declared) == 2:
        _reveal(replay)


def extra_support(replay: Run, action: ExtraSupport) -> None:
    decide_supports(replay)
    card = effects.from_hand(replay, action.player, action.card, "4.3.4")
    _battle(replay).supports.setdefault(action.player, []).append(card)
    replay.notes.setdefault("extra", []).append(card.name)
    replay.step(
        f"玩家 {action.player} 以满足条件的「{card.name}」进行额外支援。", "4.3.4", "2.0.5d", card=card.name
    )


def decide_supports(replay: Run) -> None:
    """Every player who has not said whether they support decides now (4.3.2), then both flip."""
    battle = replay.state.battle
    if battle is None or len(battle.declared) == 2:
        return
    for player in turn_order(_turn_player(replay)):
        if player in battle.declared:
            continue
        hand = replay.state.side(player).hand
        battle.declared.append(player)
        if hand.total == 0:
            replay.step(f"玩家 {player} 没有手牌，不进行支援。", "4.3.2")
            continue
        options = [NO_SUPPORT, *hand.names()] if hand.unnamed == 0 else None
        if options is None:
            chosen = replay.fact(
                f"support:{replay.state.turn}:{player}",
                None,
                None,
                f"玩家 {player} 是否进行支援、以哪张牌支援",
                "4.3.2",
            )
        else:
            chosen = replay.choose(
                player, f"support:{player}", None, options, f"玩家 {player} 的支援角色", "4.3.2"
            )
        if chosen == NO_SUPPORT:
            replay.step(f"玩家 {player} 选择不进行支援。", "4.3.2")
        else:
            card = hand.find(chosen)
            assert card is not None  # one of the hand's names
            hand.cards.remove(card)
            battle.supports.setdefault(player, []).append(card)
            replay.step(f"玩家 {player} 选择手牌中的「{chosen}」作为支援角色。", "4.3.2", card=chosen)
    _reveal(replay)


def _reveal(replay: Run) -> None:
    """4.3.2–4.3.3: the turn player's support flips, then the opponent's; then their 支 effects."""
    battle = _battle(replay)
    supported = [
        (p, battle.supports[p][0]) for p in turn_order(_turn_player(replay)) if battle.supports.get(p)
    ]
    for player, card in supported:
        card.face_up = True
        replay.step(
            f"双方都决定支援角色后，玩家 {player} 翻开支援角色「{card.name}」。", "4.3.2", card=card.name
        )
    for player, card in supported:
        replay.unfired(
            "flipped",
            f"支援角色「{card.name}」翻开时不处于任何区域：5.5.2 所列的翻开不包括此情况，4.3.3 只执行其支援效果，"
            "其翻开效果不会触发。",
            "4.3.3",
            "5.5.2",
            card=card.name,
        )
        replay.event("support", card=card.name)
        if replay.fired:
            replay.step(f"执行玩家 {player} 的支援角色「{card.name}」的支援效果。", "4.3.3", "2.0.5d")
        replay.resolve_fired()
        ending.check(replay)  # 1.3.4: once this card's effects are over


def end_support(replay: Run) -> None:
    """The end of the support phase: supports decided, extra supports over (4.3.4), their 支 effects,
    the turn player's extra supports first, whoever made one first (4.3.5)."""
    if replay.state.battle is None:
        return
    decide_supports(replay)
    first = _turn_player(replay)
    extra = sorted(replay.notes.pop("extra", []), key=lambda name: replay.state.owner(name) is not first)
    replay.step(
        "双方玩家连续声明不进行额外支援，额外支援步骤执行完毕。"
        + (f"额外支援角色：{'、'.join(f'「{n}」' for n in extra)}。" if extra else ""),
        "4.3.4",
    )
    both = len({replay.state.owner(name) for name in extra}) == 2  # then the order is the rule's
    for name in extra:
        replay.event("support", card=name)
        if replay.fired:
            whose = "当前回合玩家" if replay.state.owner(name) is first else "对手"
            replay.step(
                f"执行{whose}的额外支援角色「{name}」的支援效果。",
                "4.3.5",
                "2.0.5d",
                decisive=both,
                card=name,
            )
        replay.resolve_fired()
        ending.check(replay)  # 1.3.4: once this card's effects are over


def play_on(replay: Run) -> None:
    """A timeline that ends in the support phase (it stated a support) goes on to the end of the
    settlement: the rest of the battle is the rules' (extra supports it does not list are declined,
    4.3.4), and a support it does not state is asked for (4.3.2); so does one that ends with a
    choice of the settlement (``promote``, ``weaken``).  One that goes on into the settlement
    otherwise ends where it says.  One that stops before the supports is not played on: what each
    player supports with decides the battle, and the ruling says so."""
    if replay.state.battle is None:
        return
    last = replay.timeline.actions[-1] if replay.timeline.actions else None
    if replay.state.phase == "support" or isinstance(last, (Promote, Weaken)):
        replay.play_while(lambda: replay.state.battle is not None)
        return
    if replay.state.phase == "settle":
        return
    replay.not_applied(
        "时间线在双方决定支援角色之前结束，战斗尚未结算：双方的支援角色（4.3.2）决定战斗的结果。",
        "4.3.2",
        "4.4.2",
    )


def _battle(replay: Run) -> InProgress:
    battle = replay.state.battle
    if battle is None:
        replay.refuse("没有进行中的战斗：需先在战斗阶段选择主战角色。", "4.2.3")
    return battle


# -- the settlement (4.4) -----------------------------------------------------------------------


def power(replay: Run, card: UhbCard) -> int:
    """The power it battles with: its weakened power when weakened (5.11.3), plus changes in force."""
    stat = "weakened_power" if card.weakened else "power"
    printed: int = replay.fact(
        f"{card.name}.{stat}",
        getattr(card, stat),
        None,
        f"「{card.name}」的{effects.STAT_NAMES[stat]}",
        "4.4.2",
    )
    return printed + card.modification("power")


def support_power(replay: Run, card: UhbCard) -> int:
    printed: int = replay.fact(
        f"{card.name}.support_power", card.support_power, None, f"「{card.name}」的支援战力", "4.4.2"
    )
    return printed + card.modification("support_power")


def settle(replay: Run) -> None:
    """4.4.2 the totals and the result, 4.4.3 the result effects."""
    battle = replay.state.battle
    if battle is None:
        return
    order = turn_order(_turn_player(replay))
    mains = {order[0]: battle.attacker, order[1]: battle.defender}
    totals = {}
    for player in order:
        main = effects.card(replay, mains[player])
        assert isinstance(main, UhbCard)  # the state holds uhb cards only
        total = power(replay, main) if _on_field(replay, player, main.name) else _left(replay, player, main)
        parts = [str(total)]
        if main.weakened:
            replay.step(
                f"玩家 {player} 的主战角色「{main.name}」处于衰弱状态，使用衰弱战力 {main.weakened_power} 代替战力计算。",
                "5.11.3",
                decisive=True,
                power=main.weakened_power,
            )
        for card in battle.supports.get(player, []):
            value = support_power(replay, card)
            total += value
            parts.append(f"{value}（「{card.name}」）")
        totals[player] = total
        replay.step(
            f"玩家 {player} 的总战力 = 主战角色「{main.name}」的战力加上所有支援角色的支援战力：{' + '.join(parts)} = {total}。",
            "4.4.2",
            total=total,
        )
    first, second = order
    if totals[first] == totals[second]:
        battle.winner, battle.losers = None, list(order)
        replay.step(
            f"双方总战力相等（{totals[first]}），双方都为战败方。", "4.4.2", decisive=True, totals=totals
        )
    else:
        winner = first if totals[first] > totals[second] else second
        battle.winner, battle.losers = winner, [winner.other]
        replay.step(
            f"玩家 {winner} 的总战力 {totals[winner]} 较高，为胜利方；玩家 {winner.other} 的 {totals[winner.other]} 较低，为战败方。",
            "4.4.2",
            decisive=True,
            totals=totals,
        )
    _ended_changes(replay, battle, mains, totals)
    _unmade_changes(replay, battle, mains, totals)
    _made_changes(replay, battle, mains, totals)
    _removed_supports(replay, totals)
    found = record(replay)
    found.totals, found.winner = totals, battle.winner
    found.supports = {p: [c.name for c in cards] for p, cards in battle.supports.items()}
    for player in order:
        won = player is battle.winner
        if not _on_field(replay, player, mains[player]):
            replay.unfired(
                "won" if won else "lost",
                f"「{mains[player]}」已不在战场上，不再作为主战角色触发{'胜利' if won else '战败'}效果。",
                "4.4.3",
                card=mains[player],
            )
            continue
        for support in battle.supports.get(player, []):
            replay.unfired(
                "won" if won else "lost",
                f"「{support.name}」是支援角色：结算时根据战斗的结果触发的是主战角色的效果。",
                "4.4.3",
                card=support.name,
            )
        if won:
            replay.unfired(
                "lost",
                f"「{mains[player]}」在战斗中胜利，其战败效果只在战斗中失败或平局时触发。",
                "2.0.5f",
                "4.4.2",
                card=mains[player],
            )
        else:
            how = "双方总战力相等，双方都为战败方" if battle.winner is None else "战败"
            replay.unfired(
                "won",
                f"「{mains[player]}」没有在战斗中胜利（{how}），其胜利效果只在胜利时触发。",
                "2.0.5e",
                "4.4.2",
                card=mains[player],
            )
        replay.event("won" if won else "lost", card=mains[player], player=player)
        if replay.fired:
            how = "胜利" if won else "平局" if battle.winner is None else "战败"
            replay.step(
                f"玩家 {player} 的主战角色「{mains[player]}」{how}，触发其{'胜利' if won else '战败'}效果。",
                "4.4.3",
                "2.0.5e" if won else "2.0.5f",
            )
        replay.resolve_fired()
        ending.check(replay)  # 1.3.4: once this player's effects are over, before the opponent's


def _result(totals: dict[Player, int]) -> Player | None:
    """The winner of these totals (4.4.2), None for equal totals."""
    first, second = totals
    return None if totals[first] == totals[second] else max(totals, key=lambda p: totals[p])


def _turned(
    battle: InProgress, mains: dict[Player, str], totals: dict[Player, int], name: str, stat: str, by: int
) -> tuple[Player, int] | None:
    """Whose total, and to what, ``by`` more on ``name``'s ``stat`` would change so that the battle's
    result differs; None when the card does not count with that stat or the result stays."""
    for player in totals:
        counted = {
            mains[player]: "power",
            **{c.name: "support_power" for c in battle.supports.get(player, [])},
        }
        if counted.get(name) != stat:
            continue
        kept = {**totals, player: totals[player] + by}
        if _result(kept) != _result(totals):
            return player, kept[player]
    return None


def _ended_changes(
    replay: Run, battle: InProgress, mains: dict[Player, str], totals: dict[Player, int]
) -> None:
    """A change an earlier duration's end took away from a card in this battle, which would have
    turned its result, makes the clause that ended it decisive."""
    for name, stat, by, clause in replay.notes.get(effects.ENDED, []):
        if turned := _turned(battle, mains, totals, name, stat, by):
            replay.step(
                f"「{name}」的{effects.STAT_NAMES[stat]}{by:+d}已经失效，不计入本次战斗的总战力"
                f"（若仍计入，玩家 {turned[0]} 的总战力为 {turned[1]}，战斗的结果不同）。",
                clause,
                decisive=True,
                card=name,
            )


def _unmade_changes(
    replay: Run, battle: InProgress, mains: dict[Player, str], totals: dict[Player, int]
) -> None:
    """A change an effect passed over would have made (declined, its cost not paid), which would have
    turned this battle's result, makes the clauses that passed it over decisive."""
    for name, stat, by, clauses in replay.notes.pop(effects.UNMADE, []):
        if turned := _turned(battle, mains, totals, name, stat, by):
            replay.step(
                f"「{name}」的{effects.STAT_NAMES[stat]}{by:+d}的效果未执行"
                f"（若执行，玩家 {turned[0]} 的总战力为 {turned[1]}，战斗的结果不同）。",
                *clauses,
                decisive=True,
                card=name,
            )


def _made_changes(
    replay: Run, battle: InProgress, mains: dict[Player, str], totals: dict[Player, int]
) -> None:
    """A change a triggered effect made, still in force and counted in this battle, without which
    its result would differ, makes the clauses that carried that effect out decisive (an effect that
    made no difference leaves them cited only)."""
    for name, stat, by, source, clauses in replay.notes.pop(effects.MADE, []):
        in_force = any(
            m.stat == stat and m.by == by and m.source == source for m in effects.card(replay, name).modifiers
        )
        if in_force and (turned := _turned(battle, mains, totals, name, stat, -by)):
            replay.step(
                f"「{name}」的{effects.STAT_NAMES[stat]}{by:+d}来自「{source}」的效果"
                f"（若没有此变化，玩家 {turned[0]} 的总战力为 {turned[1]}，战斗的结果不同）。",
                *clauses,
                decisive=True,
                card=name,
            )


def _removed_supports(replay: Run, totals: dict[Player, int]) -> None:
    """A support an effect took out of the battle, whose support power would have turned its result,
    makes the clauses that carried that effect out decisive."""
    for player, name, value, clauses in replay.notes.pop(effects.REMOVED, []):
        kept = {**totals, player: totals[player] + (value or 0)}
        if value and _result(kept) != _result(totals):
            replay.step(
                f"支援角色「{name}」已因效果离开战斗，其支援战力 {value} 不计入总战力"
                f"（若仍计入，玩家 {player} 的总战力为 {kept[player]}，战斗的结果不同）。",
                *clauses,
                decisive=True,
                card=name,
            )


def promote(replay: Run, action: Promote) -> None:
    battle = _battle(replay)
    names = [c.name for c in battle.supports.get(action.player, [])]
    if action.player is battle.winner and names and action.card == _main(replay, action.player).name:
        replay.refuse(
            f"胜利方玩家 {action.player} 进行了支援：主战角色「{action.card}」移入休息区，从支援角色中选取一张移入"
            "主战角色之前所在的配置区；只有没有进行支援的胜利方，主战角色才在结算时留在战场。",
            "4.4.4a",
            "4.4.4c",
        )
    if action.player is not battle.winner or action.card not in names:
        replay.refuse(
            f"只有胜利方可以从其支援角色和额外支援角色中选取一张移入主战角色之前所在的配置区（「{action.card}」不是）。",
            "4.4.4a",
        )
    battle.promote[action.player] = action.card


def weaken(replay: Run, action: Weaken) -> None:
    battle = _battle(replay)
    main = _main(replay, action.player)
    if action.player not in battle.losers or not _may_weaken(main):
        replay.refuse(
            f"「{main.name}」不是在全力状态下战败的具有衰弱战力的角色牌，不能以衰弱状态留在战场上。",
            "2.0.6a",
            "5.11.1",
        )
    battle.weaken[action.player] = action.apply


def _main(replay: Run, player: Player) -> UhbCard:
    battle = _battle(replay)
    name = battle.attacker if player is _turn_player(replay) else battle.defender
    card = effects.card(replay, name)
    assert isinstance(card, UhbCard)  # the state holds uhb cards only
    return card


def _may_weaken(card: UhbCard) -> bool:
    return card.weakened_power is not None and not card.weakened


def _on_field(replay: Run, player: Player, name: str) -> bool:
    return replay.state.where(name) == (player, "field")


def _left(replay: Run, player: Player, main: UhbCard) -> int:
    """A main character an effect took off the field before the settlement: the book does not say
    how it counts; the replay counts no power for it (the card no longer battles), and says so."""
    replay.log.silent(
        f"玩家 {player} 的主战角色「{main.name}」已因效果离开战场。规则书未规定主战角色在结算前离开战场时"
        "如何计算总战力；此处不计其战力。",
        "4.4.2",
        card=main.name,
    )
    return 0


def _gone(replay: Run, player: Player, main: UhbCard, clause: str) -> bool:
    """A main character no longer on the field is not moved by the settlement (it is not there)."""
    if _on_field(replay, player, main.name):
        return False
    where = replay.state.where(main.name)
    zone = effects.ZONE_NAMES[where[1]] if where else "场外"
    damage = replay.state.side(player).damage_zone.total
    saved = clause == "4.4.4b" and damage is not None and damage + 1 >= DAMAGE_LIMIT
    replay.step(
        f"玩家 {player} 的主战角色「{main.name}」已因效果离开战场（现在{zone}），结算时不再移动该牌"
        + (f"（若移入伤害区，伤害区将有 {damage + 1} 张牌）。" if saved and damage is not None else "。"),
        clause,
        *(replay.notes.get(effects.LEFT, {}).get(main.name, ()) if saved else ()),
        decisive=True,
        card=main.name,
    )
    return True


def place(replay: Run) -> None:
    """4.4.4: each player moves the cards by the result, the turn player first; the battle is over,
    and with it every change lasting 「本次战斗」."""
    battle = replay.state.battle
    if battle is None:
        return
    replay.step("双方玩家各自根据战斗的结果移动卡牌，先由当前回合玩家执行，执行完毕后由对手执行。", "4.4.4")
    for player in turn_order(_turn_player(replay)):
        if player is battle.winner:
            _winner(replay, player)
        else:
            _loser(replay, player)
    replay.state.battle = None
    effects.expire(
        replay,
        Duration.END_OF_BATTLE,
        "结算阶段结束，本次战斗结束：「{card}」的{change}（本次战斗）失效。",
        "4.4.1",
    )


def _winner(replay: Run, player: Player) -> None:
    battle = _battle(replay)
    main, supports = _main(replay, player), battle.supports.get(player, [])
    found = record(replay)
    if not supports:
        if _gone(replay, player, main, "4.4.4c"):
            return
        replay.step(
            f"胜利方玩家 {player} 没有进行支援，主战角色「{main.name}」在结算时留在战场。",
            "4.4.4c",
            decisive=True,
        )
        return
    names = [c.name for c in supports]
    chosen = names[0] if len(names) == 1 else battle.promote.get(player)
    chosen = replay.choose(
        player, f"promote:{player}", chosen, names, f"胜利方玩家 {player} 移入配置区的支援角色", "4.4.4a"
    )
    field = replay.state.side(player).field
    if _gone(replay, player, main, "4.4.4a"):
        space = min(replay.notes.get(SPACES, {}).get(player, len(field.cards)), len(field.cards))
    else:
        space = field.cards.index(main)
        reset = "（衰弱状态的角色牌进入其他区域时重置回全力状态）" if main.weakened else ""
        effects.move_card(replay, main.name, player, "rest_area")
        replay.step(
            f"胜利方玩家 {player} 的主战角色「{main.name}」移入休息区{reset}。",
            "4.4.4a",
            "3.4.1b",
            *(("5.11.2a",) if reset else ()),
            decisive=True,
        )
        found.to_rest_area.append(main.name)
    card = next(c for c in supports if c.name == chosen)
    supports.remove(card)
    card.face_up = True
    field.cards.insert(space, card)
    found.to_field[player] = chosen
    replay.step(
        f"玩家 {player} 从支援角色中选取「{chosen}」移入主战角色之前所在的配置区。", "4.4.4a", decisive=True
    )
    _supports_to_rest(replay, player, "4.4.4a", "3.4.1d")


def _supports_to_rest(replay: Run, player: Player, *cites: str) -> None:
    supports = _battle(replay).supports.get(player, [])
    names = [c.name for c in supports]
    for name in names:
        effects.move_card(replay, name, player, "rest_area")
    if names:
        record(replay).to_rest_area.extend(names)
        which = "其余支援角色" if "4.4.4a" in cites else "所有支援角色"
        replay.step(
            f"玩家 {player} 的{which}{'、'.join(f'「{n}」' for n in names)}移入休息区。",
            *cites,
            decisive=True,
        )


def _loser(replay: Run, player: Player) -> None:
    main = _main(replay, player)
    found = record(replay)
    keep = False
    if _gone(replay, player, main, "4.4.4b"):
        _supports_to_rest(replay, player, "4.4.4b", "3.4.1c")
        return
    if _may_weaken(main):
        keep = replay.choose(
            player,
            f"weaken:{player}",
            _battle(replay).weaken.get(player),
            (False, True),
            f"战败方玩家 {player} 是否将牌库顶的 1 张牌移入伤害区，使「{main.name}」以衰弱状态留在战场上",
            "2.0.6a",
            "5.11.1",
        )
    elif main.weakened_power is not None:
        replay.not_applied(
            f"「{main.name}」已处于衰弱状态，不能再选择以衰弱状态留在战场上（5.11.1 只适用于全力状态）。",
            "5.11.1",
        )
    if keep:
        _stay_weakened(replay, player, main)
        found.weakened.append(main.name)
    else:
        if _may_weaken(main):
            replay.step(f"战败方玩家 {player} 选择不以衰弱状态留在战场上。", "5.11.1")
        reset = "（衰弱状态的角色牌进入其他区域时重置回全力状态）" if main.weakened else ""
        went = effects.move_card(replay, main.name, player, "damage_zone")
        replay.step(
            f"战败方玩家 {player} 的主战角色「{main.name}」移入{effects.ZONE_NAMES[went]}{reset}。",
            "4.4.4b",
            *(("3.3.1",) if went == "damage_zone" else ()),
            *(("5.11.2a",) if reset else ()),
            decisive=True,
        )
        if went == "damage_zone":
            found.to_damage_zone.append(main.name)
    _supports_to_rest(replay, player, "4.4.4b", "3.4.1c")


def _stay_weakened(replay: Run, player: Player, main: UhbCard) -> None:
    side = replay.state.side(player)
    if effects.deck_empty(replay, player, "5.11.1"):
        replay.log.silent(
            f"玩家 {player} 的牌库内没有牌，无法将牌库顶的牌移入伤害区。规则书未规定此时能否选择以衰弱状态留在战场上"
            "（1.1.3a 只说明部分效果无法执行时尽量执行可以执行的部分）。",
            "5.11.1",
            "1.1.3a",
        )
    else:
        cards = effects.take(side.deck, 1)
        effects.put(side.damage_zone, cards)
        for card in cards:
            if card is not None:
                replay.event("to_damage_zone", card=card.name, player=player)
    main.weakened = True
    replay.step(
        f"玩家 {player} 选择将牌库顶的 1 张牌移入伤害区（伤害区 {effects.count_text(side.damage_zone)}，"
        f"牌库剩 {effects.count_text(side.deck)}），「{main.name}」以衰弱状态留在战场上；这不是战败效果。",
        "5.11.1",
        "5.11.4",
        decisive=True,
        damage_zone=side.damage_zone.total,
    )
