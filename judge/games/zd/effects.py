"""The shared effect primitives as the zd book reads them, and what follows from each.

* ``modify`` — （攻）/（防） change for a duration (317.p3, 317.p4); a value
  below 0 counts as 0 and keeps its true value (103.p4); a defence brought to
  0 or below sends the character to the rest area, which is no destruction
  (309.p3, 605.p5); a defence brought to the damage on it destroys it
  (605.p6).
* ``destroy`` — effect destruction (605.p4); ``remove`` — out of the game
  (208).  zd has no KO.
* ``move`` — as many as possible (102.p5).
* ``draw`` — a player who must draw more than the deck holds loses (101.p2).
* ``damage`` — to a character it adds to the damage it took this turn, battle
  damage included, and destroys it on reaching its defence (607.p2–p4); that
  destruction is neither effect nor battle destruction (605.p6), so it raises
  【破坏时】 (802.p1) and no 【战斗破坏时】 (803.p6).  To a player it flips life
  cards from the top (202.p6, 324.p3).
* ``keyword`` — a keyword gained or lost for a duration.
"""

from __future__ import annotations

from collections.abc import Callable

from judge.board import BoardProblem
from judge.effects import Damage, Effect, KeywordChange, Modify, Move
from judge.games.zd import life, timings
from judge.games.zd.state import ZdCard, ZdPlayer, ZdState, ZdZone, keyword, unknown_keyword
from judge.games.zd.values import STATS, true_value
from judge.players import Player
from judge.replay import Replay
from judge.state import Card, Duration, Grant, Modifier, Status

Run = Replay[ZdState]

ZONE_NAMES = {
    "deck": "牌组区",
    "life": "生命区",
    "hand": "手牌",
    "resources": "资源区",
    "battle": "战斗区",
    "rest": "休息区",
    "removed": "移出游戏",
}
DURATION_TEXT = {
    Duration.END_OF_TURN: "（本回合）",
    Duration.END_OF_BATTLE: "（战斗时）",
    Duration.PERMANENT: "",
}
#: the effects resolving from the chain now (by identity): one that triggers another makes room for it
ON_CHAIN = "on_chain"
#: the changes that are a card's 永续效果 (a stated modify with a source on the field, no until, used
#: and triggered by nothing): they end as that card leaves the field (701.p1)
LASTING = "lasting"
#: the cards an effect moved into the battle area (not played): entering all the same (205.p2)
ENTERED_BY_EFFECT = "entered_by_effect"
DESTROYED = "destroyed"


def problems(where: str, effect: Effect) -> list[BoardProblem]:
    """What in a stated effect the zd book has no reading for (zones it does not have are the framework's check)."""
    found = []
    if effect.ko is not None:
        found.append(
            BoardProblem(f"{where}.ko", "zd has no KO: destroy (破坏, 605) or remove (移出游戏, 208)")
        )
    if effect.keyword is not None:
        found += [
            BoardProblem(f"{where}.keyword", unknown_keyword(value))
            for value in (*effect.keyword.add, *effect.keyword.remove)
            if keyword(value) is None
        ]
    if effect.until is Duration.END_OF_PHASE:
        found.append(
            BoardProblem(f"{where}.until", "expected end_of_turn (本回合), end_of_battle or permanent")
        )
    return found


def controller(replay: Run, effect: Effect) -> Player:
    """Whose effect it is: the player it says, else whoever holds the card it comes from."""
    if effect.by is not None:
        return effect.by
    source = effect.source or (effect.when.card if effect.when else None)
    owner = replay.state.owner(source) if source else None
    if owner is None and source:
        owner = next((p for p in Player if replay.state.side(p).zone("rest").find(source)), None)
    return owner or replay.state.turn_player or Player.A


def apply(replay: Run, effect: Effect) -> None:
    _boundary(replay, effect)
    if effect.modify is not None:
        lasting = (
            effect.until is None
            and effect.when is None
            and effect.source is not None
            and replay.state.owner(effect.source) is not None
            and id(effect) not in replay.notes.get(ON_CHAIN, set())
        )
        modify(replay, effect.modify, effect.until or Duration.PERMANENT, effect.source, lasting)
    elif effect.destroy is not None:
        card = replay.state.character(effect.destroy.card)
        if card is None:
            replay.step(f"「{effect.destroy.card}」不在战斗区中：无法破坏，忽略该动作。", "102.p4")
        else:
            destroy(replay, card, "effect", f"「{card.name}」被效果破坏（效果破坏），进入休息区。", "605.p4")
    elif effect.remove is not None:
        _remove(replay, effect.remove.card)
    elif effect.move is not None:
        _move(replay, effect.move)
    elif effect.draw is not None:
        life.draw(replay, effect.draw.player, effect.draw.count)
    elif effect.damage is not None:
        _damage(replay, effect.damage)
    elif effect.keyword is not None:
        _keyword(replay, effect.keyword, effect.until or Duration.PERMANENT)
    # an effect on the chain that triggers another as it resolves: the new one goes on top, resolves first (106.p5)
    if replay.fired and id(effect) in replay.notes.get(ON_CHAIN, set()):
        replay.step("连锁清算中触发出了新的效果：那个效果优先加入到原连锁的最上方，并进行清算。", "106.p5")
        replay.resolve_fired()


def _boundary(replay: Run, effect: Effect) -> None:
    """613: a condition met exactly at its number: X 以上 and X 以下 include X."""
    condition = effect.if_
    if condition is None or condition.card is None or condition.stat is None:
        return
    (compare, threshold), *_ = condition.tests()
    if compare.value not in ("at_least", "at_most"):
        return
    card = replay.card(condition.card)
    assert isinstance(card, ZdCard)  # the state holds zd cards only
    if true_value(replay, card, condition.stat) == threshold:
        words, clause = ("以上", "613.p1") if compare.value == "at_least" else ("以下", "613.p2")
        replay.step(
            f"「{card.name}」的{STATS[condition.stat]}为 {threshold}：数字 {threshold} {words}包括 {threshold}，条件成立。",
            clause,
            decisive=True,
        )


# -- cards leaving the field ---------------------------------------------------------------------------


def _take(replay: Run, card: ZdCard) -> tuple[Player, ZdPlayer] | None:
    for player in Player:
        side = replay.state.side(player)
        for index, found in enumerate(side.battle.cards):
            if found is card:  # this very card: another may be equal to it field by field
                del side.battle.cards[index]
                return player, side
    return None


def to_rest(replay: Run, card: ZdCard) -> Player | None:
    """Move a character from the battle area to its holder's rest area, its equipment with it (319.p7)."""
    taken = _take(replay, card)
    if taken is None:
        return None
    player, side = taken
    void = card.negated
    side.rest.cards.append(card)
    _left_field(replay, card, side)
    _from_field_to_rest(replay, card.name, player, void)
    return player


def _from_field_to_rest(replay: Run, name: str, player: Player, void: bool) -> None:
    """811.p1: a card going from the battle area to the rest area triggers what waits for it — unless
    its effects were void as it went (811.p3)."""
    if void:
        if timings.waits(replay, ("to_rest",), name, player):
            replay.step(
                f"「{name}」以效果被无效的状态从战斗区进入休息区：从战斗区中进入休息区时触发的效果不触发。",
                "811.p3",
                decisive=True,
                card=name,
            )
        return
    timings.timing(
        replay,
        ("to_rest",),
        name,
        player,
        (f"「{name}」从战斗区中进入休息区：触发相应的效果。", None),
        "811.p1",
    )


def _left_field(replay: Run, card: ZdCard, side: ZdPlayer) -> bool:
    """A card off the battle area is a new card (200.p4): its damage, the effects on it there and its
    level indicators (323.p3) are gone, and its equipment is destroyed (319.p7).  Whether any damage
    or effect was on it."""
    _lasting_ends(replay, card.name)
    had = bool(card.damage or card.modifiers or card.grants or card.negated)
    card.damage, card.modifiers, card.grants, card.status, card.level = 0, [], [], None, 1
    card.negated = False
    equipment, card.equipment = card.equipment, None
    if equipment is not None:
        side.rest.cards.append(equipment)
        replay.step(
            f"「{card.name}」离场，其装备的装备牌「{equipment.name}」破坏，进入休息区。",
            "319.p7",
            decisive=True,
        )
        player = next(p for p in Player if replay.state.side(p) is side)
        timings.timing(
            replay,
            ("destroyed",),
            equipment.name,
            player,
            (f"装备牌「{equipment.name}」被破坏离开战斗区：触发【破坏时】的效果。", None),
            "802.p1",
        )
        _from_field_to_rest(replay, equipment.name, player, equipment.negated)
    return had


def _lasting_ends(replay: Run, source: str) -> None:
    """701.p1: a card's 永续效果 is in force while it is on the field; it leaves, they end."""
    lasting = replay.notes.get(LASTING, set())
    for player in Player:
        for card in replay.state.side(player).battle.cards:
            for modifier in [m for m in card.modifiers if id(m) in lasting and m.source == source]:
                card.modifiers.remove(modifier)
                replay.step(
                    f"「{source}」离开战斗区：它的永续效果只在它在战斗区中时生效，「{card.name}」的 "
                    f"{modifier.stat}{modifier.by:+d} 不再生效。",
                    "701.p1",
                    decisive=True,
                    card=card.name,
                )
                if modifier.stat == "defence":
                    lethal(replay, card, "defence")


def destroy(replay: Run, card: ZdCard, kind: str, text: str, *cites: str) -> None:
    """A character destroyed: ``kind`` is battle (605.p3), effect (605.p4) or damage (605.p6)."""
    replay.step(text, *cites, decisive=kind != "battle", card=card.name, destruction=kind)
    lapsed(replay, card.name, "prevent")  # a prevention that had ended would have kept it
    replay.notes.setdefault(DESTROYED, []).append(card.name)
    player = to_rest(replay, card)
    if player is not None:
        timings.timing(
            replay,
            ("destroyed",),
            card.name,
            player,
            (f"「{card.name}」被破坏离开战斗区：触发【破坏时】的效果。", None),
            "802.p1",
        )
    if kind != "battle":
        replay.unfired(
            "battle_destroyed",
            f"「{card.name}」不是在清算步骤中因战斗伤害被破坏：被效果破坏或受到非战斗的伤害而被破坏，无法触发【战斗破坏时】。",
            "803.p6",
            card=card.name,
        )


def rest_at_zero_defence(replay: Run, card: ZdCard, defence: int) -> None:
    """309.p3: a defence of 0 or less sends the character to the rest area at once — not a destruction."""
    replay.step(
        f"「{card.name}」的防御力降为 {defence}（0 以下）：直接送入休息区，此时不视为破坏或废弃。",
        "309.p3",
        "309.p4",
        decisive=True,
        card=card.name,
    )
    to_rest(replay, card)
    replay.unfired(
        "destroyed",
        f"「{card.name}」因防御力变为 0 以下进入休息区，不属于破坏：不触发【破坏时】。",
        "605.p5",
        card=card.name,
    )


def lethal(replay: Run, card: ZdCard, cause: str) -> None:
    """After effect damage (``damage``) or a defence change (``defence``): what follows for ``card``."""
    if replay.state.character(card.name) is None:
        return
    defence = true_value(replay, card, "defence")
    if defence <= 0:
        rest_at_zero_defence(replay, card, defence)
    elif card.damage >= defence:
        why = "受到的伤害" if cause == "damage" else "因防御力的改变，其上的伤害"
        destroy(
            replay,
            card,
            "damage",
            f"「{card.name}」{why}累计 {card.damage}，大于或等于其防御力 {defence}：受到致命伤害，立刻被破坏；"
            "这种情况不属于效果破坏或战斗破坏。",
            "309.p2",
            "607.p3",
            "607.p4",
            "605.p6",
        )


# -- the primitives ---------------------------------------------------------------------------------


def _named(replay: Run, name: str) -> ZdCard:
    """The card of that name: on the field (a character or its equipment) first, else wherever it is."""
    for player in Player:
        for card in replay.state.side(player).battle.cards:
            for found in (card, card.equipment):
                if found is not None and found.name == name:
                    return found
    elsewhere = replay.card(name)
    assert isinstance(elsewhere, ZdCard)  # the state holds zd cards only
    return elsewhere


def modify(replay: Run, change: Modify, until: Duration, source: str | None, lasting: bool = False) -> None:
    """A （攻）/（防） change; ``lasting``: the 永续效果 of ``source``, in force while it is on the
    field (701.p1)."""
    card = _named(replay, change.card)
    if change.stat == "level":
        card.level = max(1, card.level + change.by)
        replay.step(f"「{card.name}」的等级变为 LV{card.level}。", "600.p5", card=card.name)
        return
    if change.stat == "prevent":
        card.modifiers.append(Modifier(stat="prevent", by=change.by, until=until, source=source))
        replay.step(
            f"防止「{card.name}」将要受到的伤害 {change.by} 点{DURATION_TEXT.get(until, '')}：持续生效直到防止了所注明数量的伤害，"
            "或是其有效期结束。",
            "607.p5",
            "607.p6",
            card=card.name,
        )
        return
    if change.stat == "damage":
        card.damage = max(0, card.damage + change.by)
        replay.step(f"「{card.name}」上的伤害变为 {card.damage}。", "607.p2", card=card.name)
        lethal(replay, card, "damage")
        return
    if not _on_field(replay, card) and replay.state.owner(card.name) is None:
        replay.step(
            f"「{card.name}」已不在战斗区中：它移动到另一个区域后成为了一张新的牌，该效果不再影响它。",
            "200.p4",
            card=card.name,
        )
        return
    before = true_value(replay, card, change.stat) if _on_field(replay, card) else None
    modifier = Modifier(stat=change.stat, by=change.by, until=until, source=source)
    card.modifiers.append(modifier)
    if lasting:
        replay.notes.setdefault(LASTING, set()).add(id(modifier))
    label = STATS[change.stat]
    sign = "攻" if change.stat == "attack" else "防"
    clause = "317.p3" if change.stat == "attack" else "317.p4"
    if replay.state.character(card.name) is None:  # an equipment: its bonus changes (310.p4)
        replay.step(
            f"装备牌「{card.name}」（{sign}）{change.by:+d}{DURATION_TEXT.get(until, '')}：其{'攻击' if sign == '攻' else '防御'}加成相应变化。",
            clause,
            "310.p3",
            "310.p4",
            card=card.name,
        )
        return
    after = true_value(replay, card, change.stat)
    shown = max(0, after)
    cites: tuple[str, ...] = (clause,)
    note = ""
    if after < 0:
        note, cites = f"；数值小于 0，只要不发生改变都按照 0 来清算（真实数值 {after}）", (clause, "103.p4")
    elif before is not None and before < 0:
        note, cites = f"；从真实数值 {before} 起计算，而非从 0 起计算", (clause, "103.p4")
    if len(cites) > 1:
        replay.log.mark_decisive("103.p4")
    replay.step(
        f"「{card.name}」（{sign}）{change.by:+d}{DURATION_TEXT.get(until, '')}：{label}为 {shown}{note}。",
        *cites,
        card=card.name,
        stat=change.stat,
        value=shown,
    )
    if change.stat == "defence":
        lethal(replay, card, "defence")


def _on_field(replay: Run, card: ZdCard) -> bool:
    return replay.state.character(card.name) is not None


def _damage(replay: Run, damage: Damage) -> None:
    if damage.player is not None:
        life.life_damage(replay, damage.player, damage.amount, battle=False)
        return
    assert damage.card is not None  # the model's own check
    card = replay.state.character(damage.card)
    if card is None:
        replay.step(f"「{damage.card}」不在战斗区中：无法对其造成伤害，忽略该动作。", "102.p4")
        return
    prior = card.damage
    amount = prevented(replay, card, damage.amount)
    if not amount:
        return
    card.damage += amount
    earlier = f"（本回合此前已受到 {prior} 点伤害，伤害会累积）" if prior else ""
    replay.step(
        f"效果对「{card.name}」造成 {amount} 点伤害{earlier}：其上的伤害为 {card.damage}。",
        *(("607.p1", "607.p2") if prior else ("607.p1",)),
        card=card.name,
        damage=card.damage,
    )
    if prior and amount < true_value(replay, card, "defence") <= card.damage:
        replay.log.mark_decisive("607.p2")  # the damage taken earlier in the turn made it lethal
    lethal(replay, card, "damage")


def prevented(replay: Run, card: ZdCard, amount: int) -> int:
    """607.p5, 607.p6: damage about to be dealt to ``card`` less what prevention effects on it prevent,
    each used up as it prevents (then it ends) or lasting until its duration ends."""
    left = amount
    for shield in [m for m in card.modifiers if m.stat == "prevent"]:
        taken = min(shield.by, left)
        shield.by -= taken
        left -= taken
        if shield.by <= 0:
            card.modifiers.remove(shield)
    if left < amount:
        replay.step(
            f"「{card.name}」将要受到的 {amount} 点伤害中，{amount - left} 点被防止，受到 {left} 点。",
            "607.p5",
            "607.p6",
            decisive=True,
            card=card.name,
            prevented=amount - left,
        )
    return left


def _remove(replay: Run, name: str) -> None:
    for player in Player:
        side = replay.state.side(player)
        for zone in side.zones().values():
            found = zone.find(name)
            if found is not None:
                zone.cards.remove(found)
                side.removed.cards.append(found)
                replay.step(f"「{name}」被移出游戏。", "208.p1", card=name)
                if zone is side.battle:
                    _left_field(replay, found, side)
                return
    replay.step(f"「{name}」已不在游戏中可移出的区域：忽略该动作。", "102.p4")


def _zone(replay: Run, player: Player | None, name: str | None) -> ZdZone:
    assert player is not None and name is not None  # the model's own check
    found: ZdZone = replay.state.side(player).zone(name)  # type: ignore[assignment]  # zd zones only
    return found


def _move(replay: Run, move: Move) -> None:
    source = _zone(replay, move.from_.player, move.from_.zone)
    target = _zone(replay, move.to.player, move.to.zone)
    cards: list[ZdCard] = []  # the very cards moved
    if move.cards:
        for name in move.cards:
            card = source.find(name)
            if card is not None:
                source.cards.remove(card)
                target.cards.append(card)
                cards.append(card)
    else:
        count = move.count or 0
        wanted = count
        while wanted and source.cards:
            card = source.cards.pop(0 if move.from_.position == "top" else -1)
            target.cards.insert(0 if move.to.position == "top" else len(target.cards), card)
            cards.append(card)
            wanted -= 1
        if wanted and source.unnamed is not None:
            taken = min(wanted, source.unnamed)
            source.unnamed -= taken
            target.unnamed = None if target.unnamed is None else target.unnamed + taken
            wanted -= taken
        elif wanted:
            target.unnamed = None
            wanted = 0
        if wanted:
            replay.step(f"只能移动 {count - wanted} 张：尽可能地完成该动作。", "102.p5", decisive=True)
    moved = [card.name for card in cards]
    void = {card.name for card in cards if card.negated}
    where = f"{ZONE_NAMES[move.from_.zone or '']}→{ZONE_NAMES[move.to.zone or '']}"
    replay.step(
        f"移动（{where}）：{'、'.join(f'「{n}」' for n in moved) or '张数如上'}。", "609.p1", moved=moved
    )
    if move.from_.zone == "battle" and move.to.zone != "battle":
        side = replay.state.side(move.from_.player or Player.A)
        renewed = [card.name for card in cards if _left_field(replay, card, side)]
        if renewed:
            replay.step(
                f"{'、'.join(f'「{n}」' for n in renewed)}离开战斗区，成为了一张新的牌：只在战斗区中影响它的效果和伤害不再影响它。",
                "200.p4",
                decisive=True,
            )
    if move.from_.zone == "deck":
        life.deck_emptied(replay, move.from_.player or Player.A, "把牌移出牌组不是抽牌")
    if move.from_.zone == "life" and move.to.zone == "rest":
        _no_counter(replay, [card.name for card in cards if card.counter])
    if move.from_.zone == "battle" and move.to.zone == "rest":
        for name in moved:
            _from_field_to_rest(replay, name, move.from_.player or Player.A, name in void)
    if move.to.zone == "battle" and move.from_.zone != "battle":
        for newcomer in cards:
            newcomer.entered_turn, newcomer.status = replay.state.turn, Status.ACTIVE
            replay.notes.setdefault(ENTERED_BY_EFFECT, set()).add(newcomer.name)
            slow(replay, newcomer)
            timings.entered(
                replay,
                newcomer.name,
                move.to.player or Player.A,
                f"「{newcomer.name}」进入战斗区，即为登场。",
            )


#: what rested each character since its controller's last reset step: the clause a refusal to let it
#: attack or defend names besides the rule that it must be unrested
RESTED_BY = "rested_by"


def rest(replay: Run, card: ZdCard, clause: str) -> None:
    """``card`` is rested, by what ``clause`` says (an attack 501.p1, a defence 503.p1, 迟缓)."""
    card.status = Status.RESTED
    replay.notes.setdefault(RESTED_BY, {})[card.name] = (clause,)


def not_reset(replay: Run, names: list[str]) -> None:
    """The other player's reset step went by: it resets only its own player's cards (401.p1), so
    these stay rested — part of why."""
    rested = replay.notes.get(RESTED_BY, {})
    for name in names:
        if name in rested and "401.p1" not in rested[name]:
            rested[name] += ("401.p1",)


def rested_by(replay: Run, card: ZdCard) -> tuple[str, ...]:
    """The clauses that rested ``card`` in this replay and kept it rested, if any."""
    found: tuple[str, ...] = replay.notes.get(RESTED_BY, {}).get(card.name, ())
    return found


def slow(replay: Run, card: ZdCard) -> None:
    """900.迟缓: a card with 迟缓 is already rested as it enters, however it enters."""
    if card.has("迟缓"):
        rest(replay, card, "900.迟缓")
        replay.step(f"「{card.name}」带有迟缓：登场时便已经横置。", "900.迟缓", decisive=True, card=card.name)


def _no_counter(replay: Run, names: list[str]) -> None:
    """324.p4, 606.p2: life cards discarded by an effect or a cost are not flipped by damage — no counter."""
    for name in names:
        replay.not_applied(
            f"「{name}」是因为效果或费用被废弃而从生命区送入休息区，并非因伤害被翻开：不会发动其反击特效。",
            "324.p4",
            "606.p2",
        )


def _keyword(replay: Run, change: KeywordChange, until: Duration) -> None:
    card = replay.card(change.card)
    added = [keyword(name) or name for name in change.add]  # either script (checked before the replay)
    removed = [keyword(name) or name for name in change.remove]
    for name in added:
        card.grants.append(Grant(keyword=name, until=until))
    for name in removed:
        card.grants.append(Grant(keyword=name, removed=True, until=until))
    gained = "、".join(added)
    lost = "、".join(removed)
    text = "，".join(
        part for part in (f"获得{gained}" if gained else "", f"失去{lost}" if lost else "") if part
    )
    replay.step(f"「{card.name}」{text}{DURATION_TEXT.get(until, '')}。", "307.p4", card=card.name)


def move_top_under(replay: Run, player: Player) -> None:
    """600.p3: the deck's top card goes face down under the character as its level indicator."""
    deck = replay.state.side(player).deck
    if deck.cards:
        deck.cards.pop(0)
    elif deck.unnamed:
        deck.unnamed -= 1


# -- effects that end ----------------------------------------------------------------------------------

#: the keywords an effect gave a card until a duration that has ended, with the clause that ended it
LAPSED = "lapsed"


def expire(replay: Run, duration: Duration, text: Callable[[Card, str], str], clause: str) -> None:
    """End the effects lasting ``duration`` (506.p1 a battle's, 407.p1 this turn's).  A keyword they
    gave is remembered as lapsed (:func:`lapsed`); a character whose raised （防） falls back to the
    damage on it is destroyed at once (605.p6), which makes their ending decide."""
    lowered = [
        card
        for player in Player
        for card in replay.state.side(player).battle.cards
        if any(m.stat == "defence" and m.by > 0 and m.until is duration for m in card.modifiers)
    ]
    for card in replay.state.all_cards():
        ended = [g.keyword for g in card.grants if g.until is duration and not g.removed]
        ended += ["prevent" for m in card.modifiers if m.stat == "prevent" and m.until is duration]
        for name in ended:
            replay.notes.setdefault(LAPSED, {}).setdefault(card.name, {})[name] = clause
    replay.expire(duration, text, clause)
    for card in lowered:
        assert isinstance(card, ZdCard)  # the state holds zd cards only
        if card.damage and card.damage >= true_value(replay, card, "defence"):
            replay.log.mark_decisive(clause)
        lethal(replay, card, "defence")


def lapsed(replay: Run, name: str, keyword_name: str) -> None:
    """A keyword ``name`` would have had, had the effect giving it not ended: the clause that ended
    it decides what the card may do now."""
    clause = replay.notes.get(LAPSED, {}).get(name, {}).get(keyword_name)
    if clause is not None:
        replay.log.mark_decisive(clause)
