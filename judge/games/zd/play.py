"""Using cards and effects: resources (204, 404), characters and equipment (318, 319), level-ups
(600), the chain and priority (105, 106), the discard step (408), effects processed at once (102.p3)
and conceding (101.p4).

The chain is the replay's own: ``activate`` puts a card or effect on top of
it (106.p2), its cost paid at once (703.p1); the active player regains
priority after each (105.p1); once both players pass — or the timeline
states nothing more that responds — it resolves from the top (106.p3), no
player getting priority meanwhile (106.p4).  A character entering with the
same 角色名 as one already there: its controller discards one of the two
first, outside the chain (305.p4, 105.p4), and only then do the triggered
effects of its entering go on the chain (305.p5).
"""

from __future__ import annotations

from typing import Any

from judge.effects import Effect
from judge.games.zd import effects, life, timings
from judge.games.zd.actions import (
    Activate,
    Concede,
    Discard,
    LevelUp,
    Negate,
    Pass,
    PlaceResource,
    Play,
    Simultaneous,
)
from judge.games.zd.outcome import ZdReason
from judge.games.zd.state import Kind, ZdCard, ZdState
from judge.outcome import Result
from judge.players import Player, by_turn_order
from judge.replay import Replay
from judge.state import Duration, Status

Run = Replay[ZdState]

CHAIN = "chain"
PASSES = "passes"
#: the cards on the field each card or effect on the chain was aimed at as it was used (705.p3)
TARGETS = "targets"
#: the card on the field each effect on the chain comes from, as it was used (700.p5)
SOURCES = "sources"
#: the turn and how many characters its turn player has used in it (318.p5)
CHARACTERS_THIS_TURN = "characters_this_turn"
#: set once a level-up succeeded: a later one, in a later turn, is allowed by 600.p1's "once a turn"
LEVELLED_BEFORE = "levelled_before"
HAND_LIMIT = 6


def chain(replay: Run) -> list[Activate]:
    found: list[Activate] = replay.notes.setdefault(CHAIN, [])
    return found


def _turn_player(replay: Run) -> Player:
    return replay.state.turn_player or Player.A


def _sorcery_timing(replay: Run, player: Player, what: str, clause: str) -> None:
    """318.p1, 319.p1, 320.p2, 321.p1, 600.p1: own turn's action phase, empty chain."""
    if not _own_non_battle_phase(replay, player):
        replay.refuse(f"{what}需要在我方回合的非战斗行动阶段进行。", clause)
    if chain(replay):
        replay.refuse(f"{what}需要连锁为空。", clause)


def _own_non_battle_phase(replay: Run, player: Player) -> bool:
    return player is _turn_player(replay) and replay.state.phase == "action" and replay.state.battle is None


def _sorcery_time(replay: Run, player: Player) -> bool:
    """Whether a normal tactic could be used now too: where an instant one's timing decides nothing."""
    return _own_non_battle_phase(replay, player) and not chain(replay)


def _from_hand(replay: Run, player: Player, card: ZdCard) -> None:
    hand = replay.state.side(player).hand
    found = hand.find(card.name)
    if found is not None:
        hand.cards.remove(found)
    elif hand.unnamed:
        hand.unnamed -= 1


def _pay(replay: Run, player: Player, card: ZdCard) -> None:
    """303.p2, 303.p3: a card's total cost is paid by resting that many resources (colours are not
    modelled).  Refused only where the resource area cannot hold enough unrested cards."""
    cost, resources = card.cost, replay.state.side(player).resources
    if not cost or resources.total is None:
        return
    usable = [c for c in resources.cards if c.status is not Status.RESTED]
    if len(usable) + (resources.unnamed or 0) < cost:
        replay.refuse(
            f"「{card.name}」的总费用为 {cost}，但玩家 {player} 的资源区中只有 {len(usable) + (resources.unnamed or 0)} 张"
            "未横置的资源牌：支付费用需要横置总费用数量的资源牌。",
            "303.p2",
            "303.p3",
        )
    for resource in usable[:cost]:
        resource.status = Status.RESTED
    replay.step(
        f"玩家 {player} 横置资源区中的 {cost} 张资源牌，支付「{card.name}」的总费用 {cost}。",
        "303.p2",
        "303.p3",
        decisive=True,
        paid=cost,
    )


def place_resource(replay: Run, action: PlaceResource) -> None:
    if action.player is not _turn_player(replay):
        replay.refuse("只有主动玩家在资源步骤中放置资源牌。", "404.p1")
    if replay.state.resource_placed:
        replay.refuse("玩家在每个资源步骤中只能放置一张资源牌。", "204.p2")
    card = replay.state.side(action.player).hand.find(action.card.name) or action.card
    _from_hand(replay, action.player, card)
    card.face_up, card.status = action.face_up, Status.ACTIVE
    replay.state.side(action.player).resources.cards.append(card)
    replay.state.resource_placed = True
    kept = (
        "面朝上重置状态，失去所有的效果以及属性，仅拥有颜色和它的牌名"
        if action.face_up
        else "面朝下，没有任何颜色也没有牌名，只能支付 1 点无色费用"
    )
    replay.step(
        f"资源步骤：主动玩家 {action.player} 将手牌中的「{card.name}」放入资源区，成为一张资源牌（{kept}）；此动作不能进行连锁。",
        "404.p1",
        "204.p1",
        "204.p3",
        "404.p3",
        card=card.name,
    )
    replay.log.mark_decisive("204.p1")


def no_resource(replay: Run) -> None:
    """404.p2: placing a resource is optional; the timeline placed none this turn."""
    if not replay.state.resource_placed:
        player = _turn_player(replay)
        replay.step(f"资源步骤：主动玩家 {player} 没有放置资源牌。", "404.p1", "404.p2")
        replay.not_applied(f"主动玩家 {player} 选择不放置资源牌：资源步骤中可以不放置。", "404.p2")


# -- characters and equipment ----------------------------------------------------------------------------


def play(replay: Run, action: Play) -> None:
    card, player = action.card, action.player
    if card.kind is Kind.EQUIPMENT:
        _sorcery_timing(replay, player, "使用装备牌", "319.p1")
        _equip(replay, action)
        return
    if card.kind is Kind.TACTIC:
        replay.refuse("战术牌以 activate 使用：清算时处理其效果后送入休息区。", "320.p5")
    if card.kind is Kind.EVENT:
        _sorcery_timing(replay, player, "使用事件牌", "321.p1")
    else:
        _sorcery_timing(replay, player, "使用角色牌", "318.p1")
    _pay(replay, player, card)
    _from_hand(replay, player, card)
    card.entered_turn, card.status = replay.state.turn, Status.ACTIVE
    replay.state.side(player).battle.cards.append(card)
    if card.kind is Kind.EVENT:
        replay.step(
            f"玩家 {player} 使用事件牌「{card.name}」，支付费用后进入连锁；清算时放入事件区，事件牌的登场无法被响应。",
            "321.p2",
            "321.p3",
            card=card.name,
        )
        _one_event(replay, player, card)
        timings.entered(replay, card.name, player)
        return
    replay.step(
        f"玩家 {player} 使用「{card.name}」，支付费用后进入连锁；清算时「{card.name}」登场，登场无法被响应。",
        "318.p2",
        "318.p3",
        card=card.name,
    )
    _characters_this_turn(replay, player)
    effects.slow(replay, card)
    _same_name(replay, player, card, action.discard)
    timings.entered(replay, card.name, player)


def _characters_this_turn(replay: Run, player: Player) -> None:
    """318.p5: any number of characters a turn, as long as each is paid for."""
    turn, used = replay.notes.get(CHARACTERS_THIS_TURN, (None, 0))
    used = used if turn == replay.state.turn else 0
    if used:
        replay.step(
            f"玩家 {player} 本回合已经使用过 {used} 张角色牌：只要能够支付费用，一回合可以使用任意数量的角色牌。",
            "318.p5",
            decisive=True,
        )
    replay.notes[CHARACTERS_THIS_TURN] = (replay.state.turn, used + 1)


def _one_event(replay: Run, player: Player, card: ZdCard) -> None:
    """206.p3, 321.p4: the event area holds one event — the one there before is discarded."""
    side = replay.state.side(player)
    for old in [c for c in side.battle.cards if c is not card and c.kind is Kind.EVENT]:
        replay.step(
            f"事件区中只能存在一张牌：「{card.name}」登场后，废弃之前的事件牌「{old.name}」。",
            "206.p3",
            "321.p4",
            decisive=True,
            discarded=old.name,
        )
        effects.to_rest(replay, old)


def _nameless_alike(replay: Run, card: ZdCard, field: list[ZdCard]) -> None:
    """305.p7: a card of the same 牌名 as one already there, both without 角色名, stays."""
    if card.character_names == [] and any(c.name == card.name and c.character_names == [] for c in field):
        replay.step(
            f"「{card.name}」没有角色名：它可以在一位玩家的战斗区中存在任意数量，不需要废弃。",
            "305.p7",
            decisive=True,
            card=card.name,
        )


def _same_name(replay: Run, player: Player, card: ZdCard, given: str | None) -> None:
    """305.p4: two cards of one 角色名 in a battle area — the player discards one, outside the chain."""
    names = set(card.character_names or [])
    field = [c for c in replay.state.side(player).battle.cards if c is not card]
    unknown = {
        id(c)
        for c in field
        if c.name == card.name and (card.character_names is None or c.character_names is None)
    }
    shares = bool(unknown) and _may_share(replay, card)  # one fact for every card of its 牌名
    clash = [c for c in field if names & set(c.character_names or []) or (shares and id(c) in unknown)]
    if not clash:
        _nameless_alike(replay, card, field)
        return
    options = list(dict.fromkeys([clash[0].name, card.name]))  # two of one 牌名 are one option
    chosen: Any = (
        options[0]
        if len(options) == 1
        else replay.choose(
            player,
            f"same_name:{card.name}",
            given,
            options,
            f"玩家 {player} 废弃哪一张角色名相同的牌",
            "305.p4",
        )
    )
    discarded = clash[0] if chosen == clash[0].name else card  # of two alike, the one there before
    shared = "、".join(sorted(names & set(clash[0].character_names or [])))
    several = [c.name for c in (card, clash[0]) if len(c.character_names or []) > 1]
    each = (
        f"「{several[0]}」具有两个以上的角色名，它的每一个角色名都不能和同战斗区中的牌相同；"
        if several
        else ""
    )
    replay.step(
        f"{each}玩家 {player} 的战斗区中同时存在两张{f'角色名为『{shared}』' if shared else '角色名相同'}的牌：由该玩家选择废弃「{discarded.name}」。这个处理不进入连锁，"
        "已经触发的效果（例如登场效果）要在同名废弃之后再加入连锁并清算。",
        "305.p4",
        *(("305.p6",) if several else ()),
        "305.p5",
        "105.p4",
        decisive=True,
        discarded=discarded.name,
    )
    effects.to_rest(replay, discarded)


def _may_share(replay: Run, card: ZdCard) -> bool:
    """Two characters of one 牌名 whose 角色名 the board does not give: whether they share one is a
    fact the ruling depends on (305.p4), not one it may invent."""
    shared: bool = replay.fact(
        f"character_names:{card.name}",
        None,
        (True, False),
        f"两张「{card.name}」是否有相同的角色名",
        "305.p4",
    )
    return shared


def _equip(replay: Run, action: Play) -> None:
    card, player = action.card, action.player
    target = replay.state.side(player).battle.find(action.to or "")
    if target is None:
        replay.refuse(
            "使用装备牌时需选择我方战斗区中的一张角色牌；如无特殊说明，装备牌不能装备给对方的角色牌。",
            "319.p2",
        )
    _pay(replay, player, card)
    _from_hand(replay, player, card)
    old, target.equipment = target.equipment, card
    replay.step(
        f"玩家 {player} 使用装备牌「{card.name}」并选择「{target.name}」，进入连锁；清算时将其装备在「{target.name}」上"
        f"（攻击加成 {card.attack_bonus or 0:+d}，防御加成 {card.defence_bonus or 0:+d}）。",
        "319.p2",
        "319.p4",
        "310.p1",
        card=card.name,
    )
    if old is not None:
        replay.state.side(player).rest.cards.append(old)
        replay.step(
            f"「{target.name}」已经装备了「{old.name}」：装备成功后要将之前装备的装备牌废弃。",
            "319.p5",
            decisive=True,
            card=old.name,
        )
        replay.event("to_rest", card=old.name, player=player)
    timings.entered(replay, card.name, player)


#: the cards whose effects are void for this turn only (407.p1)
VOID_THIS_TURN = "void_this_turn"


def negate(replay: Run, action: Negate) -> None:
    card = replay.card(action.card)
    assert isinstance(card, ZdCard)  # the state holds zd cards only
    card.negated = True
    if action.until is Duration.END_OF_TURN:
        replay.notes.setdefault(VOID_THIS_TURN, []).append(card)
    if card.kind is Kind.EQUIPMENT:
        replay.step(
            f"「{card.name}」的效果被无效：装备牌的攻防加成不属于效果，其攻防加成不会被无效。",
            "319.p8",
            decisive=True,
            card=card.name,
        )
    else:
        this_turn = "本回合" if action.until is Duration.END_OF_TURN else ""
        replay.step(
            f"「{card.name}」{this_turn}失去所有效果（其本身的以及获得的效果）。",
            "708.p1",
            "708.p2",
            card=card.name,
        )


# -- level-up ------------------------------------------------------------------------------------------------


def level_up(replay: Run, action: LevelUp) -> None:
    player = _turn_player(replay)
    _sorcery_timing(replay, player, "升级", "600.p1")
    card = replay.state.side(player).battle.find(action.card)
    if card is None and replay.state.side(player.other).battle.find(action.card) is not None:
        replay.refuse(
            f"「{action.card}」是玩家 {player.other} 的角色牌，现在是玩家 {player} 的回合：每位玩家只能在自己的行动阶段为其战斗区中的角色牌升级。",
            "600.p1",
        )
    if card is None:
        replay.refuse(
            f"「{action.card}」不在玩家 {player} 的战斗区中：只能为自己战斗区中的角色牌升级。", "600.p1"
        )
    if replay.state.levelled_up:
        replay.refuse(
            f"玩家 {player} 本回合已经成功升级一次：每位玩家在自己的行动阶段只能成功升级一次。",
            "600.p1",
            "600.p9",
        )
    if replay.notes.get(LEVELLED_BEFORE):
        replay.step(
            f"玩家 {player} 在之前的回合升级过，但本回合还没有：每位玩家在自己的每个行动阶段都可以成功升级一次。",
            "600.p1",
            decisive=True,
        )
    side = replay.state.side(player)
    if action.how == "normal":
        if card.entered_turn is not None and card.entered_turn == replay.state.turn:
            replay.refuse(f"「{card.name}」在本回合登场：普通升级不能在角色牌登场的回合使用。", "600.p3")
        face_up = [c for c in side.resources.cards if c.face_up]
        if not face_up:
            replay.refuse("普通升级需要将我方资源区中的一张面朝上的牌翻为面朝下。", "600.p3")
        face_up[0].face_up = False
        if side.deck.total == 0:
            replay.step(
                f"普通升级：玩家 {player} 将资源区中的「{face_up[0].name}」翻为面朝下支付费用，但牌组中没有牌可以放在「{card.name}」"
                f"之下作为等级指示物：忽略该动作，升级失败，「{card.name}」仍为 LV{card.level}；费用不能倒回，但可以再次尝试升级。",
                "600.p3",
                "102.p4",
                "600.p10",
                "600.p5",
                decisive=True,
                level=card.level,
            )
            replay.not_applied(
                f"放置等级指示物不是抽牌：玩家 {player} 不会因为牌组中没有牌而输掉游戏。", "101.p2", "602.p1"
            )
            return
        effects.move_top_under(replay, player)
        card.level += 1
        replay.state.levelled_up = True
        replay.notes[LEVELLED_BEFORE] = True
        replay.step(
            f"普通升级：玩家 {player} 将资源区中的「{face_up[0].name}」翻为面朝下，将牌组顶的一张牌面朝下放在「{card.name}」之下作为"
            f"等级指示物：「{card.name}」成为 LV{card.level}。",
            "600.p3",
            "600.p5",
            decisive=True,
            level=card.level,
        )
        return
    shown = action.shown
    if shown is None or (shown.same_as or shown.name) != (card.same_as or card.name):
        replay.refuse("次元升级需要从手牌中展示一张与将要升级的牌为同一张牌的角色牌。", "600.p4", "327.p1")
    _from_hand(replay, player, shown)
    card.level += 1
    replay.state.levelled_up = True
    replay.notes[LEVELLED_BEFORE] = True
    entered = card.entered_turn is not None and card.entered_turn == replay.state.turn
    replay.step(
        f"次元升级：玩家 {player} 从手牌中展示与「{card.name}」为同一张牌的「{shown.name}」，面朝上放在其下作为等级指示牌"
        f"{'（这种升级方式可以在角色牌登场的回合使用）' if entered else ''}：「{card.name}」成为 LV{card.level}。",
        "600.p4",
        "600.p5",
        decisive=True,
        level=card.level,
    )
    replay.step("次元升级成功：抽一张牌。此动作不属于效果，不会进入连锁。", "600.p11")
    life.draw(replay, player, 1, "600.p11")


# -- the chain -------------------------------------------------------------------------------------------------


def activate(replay: Run, action: Activate) -> None:
    card = action.card
    if card is not None and card.kind is Kind.TACTIC and not card.instant:
        _sorcery_timing(replay, action.player, "使用普通战术牌", "320.p2")
    if (
        card is not None
        and card.kind is Kind.TACTIC
        and card.instant
        and not _sorcery_time(replay, action.player)
    ):
        replay.step(
            f"「{card.name}」是瞬间战术牌：使用时机只需要满足具有优先权（普通战术牌则需要我方回合的非战斗行动阶段且连锁为空）。",
            "320.p3",
            "311.p3",
            decisive=True,
        )
    links = chain(replay)
    holder = replay.notes.get("priority", _turn_player(replay))
    if action.player is not holder:
        replay.step(f"玩家 {holder} 让过优先权，玩家 {action.player} 获得优先权。", "105.p1")
    if card is not None:
        _pay(replay, action.player, card)
        _from_hand(replay, action.player, card)
    replay.step(
        f"玩家 {action.player} 使用「{action.name}」：它进入连锁，放置在整个连锁的最上方"
        f"{'（响应该连锁）' if links else ''}；之后主动玩家 {_turn_player(replay)} 重新获得优先权。",
        "106.p1",
        "106.p2",
        "105.p1",
        chain=[link.name for link in links] + [action.name],
    )
    links.append(action)
    replay.notes.setdefault(TARGETS, {})[id(action)] = [
        name for effect in action.effects for name in _aimed(effect) if replay.state.owner(name) is not None
    ]
    sources = [action.name] if action.card is None else []
    sources += [effect.source for effect in action.effects if effect.source]
    on_field = [name for name in sources if replay.state.owner(name) is not None]
    if on_field:
        replay.notes.setdefault(SOURCES, {})[id(action)] = on_field[0]
    replay.notes["priority"], replay.notes[PASSES] = _turn_player(replay), 0
    for cost in action.cost:
        replay.effect(cost)
    _triggered_onto_chain(replay)


def _triggered_onto_chain(replay: Run, why: str = "支付费用时触发了") -> None:
    """Effects a cost triggered join the chain on top of what triggered them (106.p5, 702.p2)."""
    fired, replay.fired = replay.fired, []
    for effect in replay.rules.order(replay, fired):
        name = effect.source or effect.kind
        link = Activate(
            player=effects.controller(replay, effect),
            name=f"{name}的触发效果",
            effects=[effect.model_copy(update={"when": None})],
        )
        chain(replay).append(link)
        if effect.source is not None and replay.state.owner(effect.source) is not None:
            replay.notes.setdefault(SOURCES, {})[id(link)] = effect.source
        replay.step(
            f"{why}「{name}」的效果：它进入连锁，放置在整个连锁的最上方。",
            "702.p2",
            "106.p2",
            link=name,
        )


def effects_back(replay: Run) -> None:
    """407.p1, 709.p7: the cleanup step ends 「本回合」 effects, a loss of effects among them: a card
    still where it was has its effects again, those it was given included."""
    for card in replay.notes.pop(VOID_THIS_TURN, []):
        if any(card is found for player in Player for found in replay.state.side(player).battle.cards):
            card.negated = False
            replay.step(
                f"清算步骤：「{card.name}」本回合失去所有效果的效果失效：它重新获得其效果，包括获得的效果。",
                "407.p1",
                "709.p7",
                decisive=True,
                card=card.name,
            )


def responded(replay: Run) -> None:
    """Effects triggered by what just happened that the timeline then responds to (an ``activate`` or a
    ``pass`` next) wait on the chain like any other (702.p2, 318.p3: an entering is not responded to,
    what it triggers is), and resolve in chain order once both players pass."""
    actions = replay.timeline.actions
    following = actions[replay.index + 1] if 0 <= replay.index + 1 < len(actions) else None
    if replay.fired and following is not None and following.verb in ("activate", "pass"):
        _triggered_onto_chain(replay, "触发了")


def pass_(replay: Run, action: Pass) -> None:
    replay.notes["priority"] = action.player.other
    replay.notes[PASSES] = replay.notes.get(PASSES, 0) + 1
    replay.step(f"玩家 {action.player} 让过优先权。", "105.p1")
    if replay.notes[PASSES] >= 2:
        resolve(replay)


def resolve(replay: Run) -> None:
    """106.p3, 106.p4: from the top of the chain, nobody getting priority meanwhile."""
    links = chain(replay)
    if not links:
        return
    order = "、".join(f"「{link.name}」" for link in reversed(links))
    replay.step(
        f"所有玩家让过优先权：从整个连锁的最上方开始清算（{order}），清算过程中任何玩家不会获得优先权。",
        "106.p3",
        "106.p4",
        order=[link.name for link in reversed(links)],
    )
    if len(links) > 1:
        replay.log.mark_decisive("106.p3")
    while links:
        link = links.pop()
        replay.step(f"清算「{link.name}」。", "106.p3", link=link.name)
        _source_gone(replay, link)
        if link.cancels is not None:
            _cancel(replay, link.cancels, links)
        replay.notes.setdefault(effects.ON_CHAIN, set()).update(id(effect) for effect in link.effects)
        for effect in _still_aimed(replay, link):
            replay.effect(effect)
            if effect.if_ is not None and not replay.done:  # checked again as it resolves, and failing
                replay.log.mark_decisive("702.p4")
        if link.card is not None:
            replay.state.side(link.player).rest.cards.append(link.card)
        replay.resolve_fired()
    replay.notes[PASSES] = 0
    replay.notes["priority"] = _turn_player(replay)


def _cancel(replay: Run, name: str, links: list[Activate]) -> None:
    """620: the card or effect taken off the chain is not resolved, a card goes to its holder's rest
    area, and what was paid for it stays paid."""
    found = next((link for link in reversed(links) if link.name == name), None)
    if found is None:
        replay.step(
            f"「{name}」已经不在连锁中：只有连锁中的牌或效果可以被指定为取消的效果对象，忽略该动作。",
            "620.p2",
            "102.p4",
            decisive=True,
        )
        return
    links.remove(found)
    replay.notes.get(TARGETS, {}).pop(id(found), None)
    replay.notes.get(SOURCES, {}).pop(id(found), None)
    if found.card is not None:
        replay.state.side(found.player).rest.cards.append(found.card)
    paid = "，已经支付的费用不会退回" if found.cost or (found.card is not None and found.card.cost) else ""
    replay.step(
        f"「{name}」被取消，移出连锁，不会被清算{'，移到其持有者的休息区' if found.card is not None else ''}{paid}。",
        "620.p1",
        "620.p4",
        *(("620.p3",) if found.card is not None else ()),
        *(("620.p5",) if paid else ()),
        decisive=True,
        cancelled=name,
    )


def _aimed(effect: Effect) -> list[str]:
    """The cards an effect is aimed at: what it destroys, damages, changes or moves."""
    primitive = effect.primitive
    named = [getattr(primitive, "card", None), *getattr(primitive, "cards", [])]
    return [name for name in named if name]


def _still_aimed(replay: Run, link: Activate) -> list[Effect]:
    """705.p3, 705.p6: the objects a card or effect chose on the field are checked again as it resolves;
    what it does to one that has left is ignored, and with every one gone it fails (320.p6: a tactic)."""
    chosen = replay.notes.get(TARGETS, {}).pop(id(link), [])
    gone = {name for name in chosen if replay.state.owner(name) is None}
    if not gone:
        return link.effects
    kept = [effect for effect in link.effects if not gone & set(_aimed(effect))]
    tactic = ("320.p6",) if link.card is not None and link.card.kind is Kind.TACTIC else ()
    names = "、".join(f"「{name}」" for name in sorted(gone))
    if kept:
        replay.step(
            f"「{link.name}」的对象{names}在清算时已经离开原本所在的区域：对其产生的效果被忽略。",
            "705.p3",
            *tactic,
            decisive=True,
        )
    else:
        replay.step(
            f"「{link.name}」的全部对象（{names}）在清算时已经离开原本所在的区域，不再合法：使用失败，不再进行清算。",
            "705.p3",
            "705.p6",
            *tactic,
            decisive=True,
        )
    return kept


def _source_gone(replay: Run, link: Activate) -> None:
    """700.p5: an effect on the chain resolves though the card it comes from has left the field since."""
    source = replay.notes.get(SOURCES, {}).pop(id(link), None)
    if source is not None and replay.state.owner(source) is None:
        replay.step(
            f"「{source}」已经离开战斗区：但它的效果一旦进入连锁，之后发动效果的牌被破坏或移除游戏，也不会影响此效果。",
            "700.p5",
            decisive=True,
        )


def settle_chain(replay: Run) -> None:
    """The chain resolves once nothing the timeline states next responds to it — unless the next
    action is followed by both players' passes: that action is taken while the chain waits for them
    (an attack declared then is refused, 405.1.p1)."""
    actions = replay.timeline.actions
    following = actions[replay.index + 1 : replay.index + 4]
    responds = bool(following) and following[0].verb in ("activate", "pass")
    waits = [action.verb for action in following[1:]] == ["pass", "pass"]
    if chain(replay) and not responds and not waits:
        resolve(replay)


# -- the discard step, effects at once, conceding -----------------------------------------------------------------


def discard(replay: Run, action: Discard) -> None:
    player = _turn_player(replay)
    if action.player is not player:
        replay.refuse("弃牌步骤中只有主动玩家需要将手牌舍弃到六张。", "408.p1")
    hand = replay.state.side(player).hand
    _down_to_six(replay, player, hand.total, len(action.cards) + action.count)
    for name in action.cards:
        card = hand.find(name)
        if card is not None:
            hand.cards.remove(card)
            replay.state.side(player).rest.cards.append(card)
        elif hand.unnamed:  # a card of the hand nobody had named
            hand.unnamed -= 1
            replay.state.side(player).rest.cards.append(ZdCard(name=name))
    if hand.unnamed is not None:
        hand.unnamed = max(0, hand.unnamed - action.count)
    replay.notes["discarded"] = True
    replay.step(
        f"弃牌步骤：主动玩家 {player} 舍弃 {len(action.cards) + action.count} 张手牌"
        f"{'：' + '、'.join(f'「{n}」' for n in action.cards) if action.cards else ''}；这个动作不会进入连锁。",
        "408.p1",
    )


def _down_to_six(replay: Run, player: Player, total: int | None, count: int) -> None:
    """408.p1: the discard step takes a hand of more than six down to six — no fewer, and none from six or less."""
    if total is None:
        return
    if total <= HAND_LIMIT:
        replay.refuse(
            f"主动玩家 {player} 的手牌为 {total} 张，没有超过六张：弃牌步骤中不需要舍弃手牌。",
            "408.p1",
            "203.p2",
        )
    if total - count < HAND_LIMIT:
        replay.refuse(
            f"主动玩家 {player} 的手牌为 {total} 张：只需将手牌舍弃到六张为止（{total - HAND_LIMIT} 张），不能舍弃 {count} 张。",
            "408.p1",
            "203.p2",
        )


def discard_step(replay: Run) -> None:
    """408.p1: only the active player discards, down to six."""
    player = _turn_player(replay)
    other = replay.state.side(player.other).hand.total
    if other is not None and other > HAND_LIMIT:
        replay.not_applied(
            f"非主动玩家 {player.other} 的手牌有 {other} 张，但弃牌步骤中只有主动玩家需要舍弃手牌。",
            "408.p1",
            "203.p2",
        )
    hand = replay.state.side(player).hand
    total = hand.total
    if total is None:
        replay.step(f"玩家 {player} 的手牌张数不明：若超过六张，需要将手牌舍弃到六张为止。", "408.p1")
        return
    if total <= HAND_LIMIT:
        if not replay.notes.get("discarded"):
            replay.not_applied(
                f"主动玩家 {player} 的手牌为 {total} 张，没有超过六张：不需要舍弃。", "408.p1", "203.p2"
            )
        return
    excess = total - HAND_LIMIT
    unnamed = min(excess, hand.unnamed or 0)
    hand.unnamed = (hand.unnamed or 0) - unnamed
    named = hand.cards[: excess - unnamed]
    del hand.cards[: excess - unnamed]
    replay.state.side(player).rest.cards += named
    replay.step(
        f"弃牌步骤：主动玩家 {player} 的手牌为 {total} 张，超过六张：需要将手牌舍弃到六张为止（舍弃 {excess} 张）；这个动作不会进入连锁。",
        "408.p1",
        "203.p2",
        decisive=True,
        discarded=excess,
    )


def simultaneous(replay: Run, action: Simultaneous) -> None:
    """102.p3: the active player chooses first, then the other, then the effects happen together."""
    first = _turn_player(replay)
    ordered: list[Effect] = by_turn_order(
        action.effects, first, owner=lambda effect: _processed_by(effect, first)
    )
    replay.step(
        f"双方玩家需要同时处理这些效果：先由主动玩家 {first} 做出选择，再由非主动玩家 {first.other} 做出选择，之后这些效果同时处理。",
        "102.p3",
    )
    if {_life_hit(effect) for effect in action.effects} >= {Player.A, Player.B}:
        replay.step(
            f"双方生命区同时受到伤害：先确定将要翻开的生命牌，然后先翻开主动玩家 {first} 的生命牌并清算反击特效，"
            f"之后翻开非主动玩家 {first.other} 的生命牌并清算反击特效。",
            "704.p9",
            decisive=True,
        )
    replay.notes[life.LOSERS] = []
    for effect in ordered:
        replay.effect(effect)
    losers: list[Player] = replay.notes.pop(life.LOSERS)
    if len(set(losers)) == 2:
        replay.end_game(
            Result.DRAWN, ZdReason.BOTH_LOST, None, "双方玩家同时输掉游戏：本局游戏视为平局。", "101.p6"
        )
    if losers:
        replay.end_game(
            Result.WON,
            replay.notes.get("reason", ZdReason.DECK_OUT),
            losers[0].other,
            f"玩家 {losers[0]} 输掉游戏，游戏马上结束；玩家 {losers[0].other} 获胜。",
            "101.p3",
        )
    replay.resolve_fired()


def _life_hit(effect: Effect) -> Player | None:
    """The player whose life zone the effect damages, if it damages one."""
    return effect.damage.player if effect.damage is not None else None


def _processed_by(effect: Effect, first: Player) -> Player:
    """Whose turn in 102.p3's order an effect takes: damage to a life zone is flipped in its
    player's turn (704.p9), anything else in its controller's."""
    return _life_hit(effect) or effect.by or first


def concede(replay: Run, action: Concede) -> None:
    replay.end_game(
        Result.WON,
        ZdReason.CONCEDED,
        action.player.other,
        f"玩家 {action.player} 认输，结束本局游戏：玩家 {action.player.other} 获胜。",
        "101.p4",
    )
