"""uhb's reading of the shared effect primitives, and its card moves (ch. 3, 5).

* ``modify`` changes ``power``, ``support_power`` or ``weakened_power``;
* ``destroy`` sends a card to the rest area (3.4.1e), ``ko`` to the damage
  zone (3.3.1: 「一些效果会使牌直接进入伤害区」); uhb has no removal from the
  game and no damage to players (a board using them is told so);
* ``move`` moves cards between zones as many as possible (1.1.3a); from the hand
  to the rest area it is 弃牌 (5.0.1), which 「当此牌被弃置时」 effects wait for; a card
  that would enter a full field does not (3.2.1a); the deck's top cards into
  the energy zone is adding energy (5.3.1), which an empty deck loses (1.3.2c);
* ``draw`` loses on an empty deck (1.3.2b) once the effect is over (1.3.4);
* a change lasts 「本回合」 (``end_of_turn``), 「本次战斗」 (``end_of_battle``: to the end of
  the settlement) or while the card stays (``permanent``); uhb has no phase-long changes.

Every ``if`` compares the 5.9.1 way: 大于, 小于, 以上 and 以下 all include the
value itself, so ``more_than`` and ``less_than`` do too.
"""

from __future__ import annotations

from itertools import pairwise, permutations

from judge.board import BoardProblem
from judge.effects import Condition, Effect, Move
from judge.games.uhb import ending
from judge.games.uhb.actions import Replace
from judge.games.uhb.outcome import UhbReason
from judge.games.uhb.sources import continues
from judge.games.uhb.state import FIELD_SPACES, UhbCard, UhbState, UhbZone
from judge.players import Player, turn_order
from judge.replay import Replay
from judge.state import Duration, Grant, Modifier

Run = Replay[UhbState]

ZONE_NAMES = {
    "deck": "牌库",
    "hand": "手牌",
    "field": "配置区",
    "damage_zone": "伤害区",
    "rest_area": "休息区",
    "energy": "能量区",
}
STAT_NAMES = {"power": "战力", "support_power": "支援战力", "weakened_power": "衰弱战力"}


def change_text(change: str) -> str:
    """A change in force as the book names its stat (``power+1000`` → ``战力+1000``)."""
    for stat in sorted(STAT_NAMES, key=len, reverse=True):
        if change.startswith(stat):
            return STAT_NAMES[stat] + change.removeprefix(stat)
    return change


COMPARE_WORDS = {
    "at_least": "为 {n}{unit}以上",
    "at_most": "为 {n}{unit}以下",
    "more_than": "大于 {n}{unit}",
    "less_than": "小于 {n}{unit}",
}
DURATIONS = {
    Duration.END_OF_TURN: "（本回合）",
    Duration.END_OF_BATTLE: "（本次战斗）",
    Duration.PERMANENT: "",
}


def problems(where: str, effect: Effect) -> list[BoardProblem]:
    """Primitives uhb's book has no use for (zones it does not have are the framework's check)."""
    found = []
    if effect.remove is not None:
        found.append(BoardProblem(f"{where}.remove", "uhb has no removal from the game: state a move"))
    if effect.damage is not None:
        found.append(
            BoardProblem(f"{where}.damage", "uhb counts no damage: state a move into the damage_zone (3.3.1)")
        )
    if effect.cost and effect.kind not in ("move", "destroy", "ko"):
        found.append(
            BoardProblem(f"{where}.cost", "a cost moves cards: 使用能量牌 (5.4.1), 弃牌 (5.0.1) … as a move")
        )
    if effect.until is Duration.END_OF_PHASE:
        found.append(
            BoardProblem(
                f"{where}.until", "expected end_of_turn (本回合), end_of_battle (本次战斗) or permanent"
            )
        )
    return found


#: notes: the changes a duration's end took away, (card, stat, by, clause), for a later battle to weigh
ENDED = "ended_changes"
#: notes: the changes triggered effects made, (card, stat, by, source, clauses), for a battle to weigh
MADE = "made_changes"
#: notes: the changes passed-over effects would have made, (card, stat, by, clauses), for a battle to weigh
UNMADE = "unmade_changes"
#: notes: the effect carried out or passed over last, and the clauses that passed it over (if any)
LAST = "last_effect"
#: notes: the cards an effect took off the field, and the clauses that carried that effect out
LEFT = "left_field"
#: notes: the supports an effect took out of the battle: (player, card, support power, clauses)
REMOVED = "removed_supports"
#: notes: the replacement effects in force (5.8.1): card -> (zone, instead, source)
REPLACING = "replacing"
#: notes: the triggered effects (by id) that a part of the same card's effect follows in their batch
GOES_ON = "effect_goes_on"

#: the clauses that carry out an effect waiting for each event (the phase's step and the effect's
#: kind): a change it made that turned a battle's result makes them decisive
CARRIED_OUT_BY = {
    "attack": ("4.2.6", "2.0.5b"),
    "defend": ("4.2.6", "2.0.5c"),
    "support": ("4.3.3", "2.0.5d"),
    "form_changed": ("5.10.1", "2.0.5g"),
    "battle_start": ("4.2.2",),
    "flipped": ("2.0.5a",),
    "won": ("4.4.3", "2.0.5e"),
    "lost": ("4.4.3", "2.0.5f"),
}


def _carried_out_by(replay: Run, effect: Effect) -> tuple[str, ...]:
    """The clauses that carried out ``effect`` (a waiting one): an extra support's 支 effect is 4.3.5's,
    an opponent's 「回合开始时」 effect 4.0.5's (「回合结束时」: 4.5.2, 4.5.3), a main character's 翻
    effect 4.2.4's flip and 4.2.5's."""
    if effect.when is None:
        return ()
    event, name = effect.when.event, effect.when.card
    battle = replay.state.battle
    if event == "flipped" and battle is not None and name in (battle.attacker, battle.defender):
        return ("4.2.4", "4.2.5", "2.0.5a")
    if event == "support" and battle is not None:
        for cards in battle.supports.values():
            if any(c.name == name for c in cards[1:]):
                return ("4.3.5", "2.0.5d")
    if event == "discarded" and replay.state.phase == "end":
        return ("4.5.4", "5.0.3")  # the hand-limit discard triggers 「当此牌被弃置时」 too
    if event in ("turn_start", "turn_end"):
        own, other = ("4.0.4", "4.0.5") if event == "turn_start" else ("4.5.2", "4.5.3")
        return (own,) if owner(replay, effect) is replay.state.turn_player else (other,)
    return CARRIED_OUT_BY.get(event, ())


def expire(replay: Run, duration: Duration, text: str, clause: str) -> None:
    """End every change lasting ``duration`` (``text`` names the card and the change), and remember
    each: a later battle whose result it would have turned cites the clause that ended it."""
    ending = [
        (card.name, m.stat, m.by, clause)
        for card in replay.state.all_cards()
        for m in card.modifiers
        if m.until is duration
    ]
    replay.notes.setdefault(ENDED, []).extend(ending)
    replay.expire(duration, lambda card, what: text.format(card=card.name, change=change_text(what)), clause)


# -- moving cards --------------------------------------------------------------------------------


def take(zone: UhbZone, count: int, bottom: bool = False) -> list[UhbCard | None]:
    """Up to ``count`` cards off the top (or bottom) of ``zone``: named ones as they lie, ``None`` for
    a card nobody named (a zone of unknown size gives all it is asked for)."""
    taken: list[UhbCard | None] = []
    order = list(reversed(zone.cards)) if bottom else list(zone.cards)
    for _ in range(count):
        if not bottom and order:
            card = order.pop(0)
            zone.cards.remove(card)
            taken.append(card)
        elif zone.unnamed is None or zone.unnamed > 0:
            zone.unnamed = None if zone.unnamed is None else zone.unnamed - 1
            taken.append(None)
        elif order:
            card = order.pop(0)
            zone.cards.remove(card)
            taken.append(card)
    return taken


def put(zone: UhbZone, cards: list[UhbCard | None], bottom: bool = False) -> None:
    for card in cards:
        if card is None:
            zone.unnamed = None if zone.unnamed is None else zone.unnamed + 1
        elif bottom:
            zone.cards.append(card)
        else:
            zone.cards.insert(0, card)


def card(replay: Run, name: str) -> UhbCard:
    """The card of that name now (the framework says so, naming the action, if it has left the board)."""
    found = replay.state.card(name)
    if found is None:
        found = replay.card(name)  # type: ignore[assignment]  # raises: no longer on the board
    assert isinstance(found, UhbCard)  # the state holds uhb cards only
    return found


def from_hand(replay: Run, player: Player, given: str | UhbCard, clause: str) -> UhbCard:
    """A card out of the hand: one the board names, or one given in full (or by its name alone) for a
    hand of unnamed cards."""
    hand = replay.state.side(player).hand
    if isinstance(given, str):
        card = hand.find(given)
        if card is None and (replay.state.card(given) is not None or hand.unnamed == 0):
            replay.refuse(f"「{given}」不在玩家 {player} 的手牌中。", clause)
        if card is None:  # one of the cards nobody named: only its name is known
            given = UhbCard(name=given)
        else:
            hand.cards.remove(card)
            return card
    if hand.unnamed == 0:
        replay.refuse(f"玩家 {player} 的手牌中没有未指明的牌可以作为「{given.name}」。", clause)
    hand.unnamed = None if hand.unnamed is None else hand.unnamed - 1
    return given.model_copy(deep=True)


def _reset(card: UhbCard | None) -> None:
    """5.11.2a: a weakened card that leaves the field goes back to full state."""
    if card is not None:
        card.weakened = False
        card.modifiers.clear()
        card.grants.clear()


def count_text(zone: UhbZone) -> str:
    return "张数不明" if zone.total is None else f"{zone.total} 张"


def deck_empty(replay: Run, player: Player, *cites: str) -> bool:
    """Whether the deck has no card left (asked of the board when it does not say)."""
    deck = replay.state.side(player).deck
    known = None if deck.total is None else deck.total == 0
    asked = replay.notes.setdefault("deck_asked", {})
    asked[player] = asked.get(player, 0) + 1
    empty: bool = replay.fact(
        f"{player}.deck_empty:{asked[player]}",
        known,
        (False, True),
        f"玩家 {player} 的牌库是否已没有牌",
        *cites,
    )
    return empty


def draw(replay: Run, player: Player, count: int, *cites: str) -> int:
    """抽牌: from the deck to the hand, one at a time; an empty deck meets 1.3.2b."""
    drawn = _off_the_deck(replay, player, count, "hand", True, "1.3.2b")
    side = replay.state.side(player)
    if drawn:
        replay.step(
            f"玩家 {player} 从牌库抽 {drawn} 张牌（牌库剩 {count_text(side.deck)}，手牌 {count_text(side.hand)}）。",
            *cites,
            deck=side.deck.total,
            hand=side.hand.total,
        )
    if drawn < count:
        replay.step(f"玩家 {player} 将要抽牌，但牌库内没有剩余牌。", "1.3.2b", *cites)
        ending.meet(replay, player, UhbReason.DRAW_FROM_EMPTY_DECK, *_required(cites))
    return drawn


def add_energy(replay: Run, player: Player, count: int, *cites: str) -> int:
    """增加能量牌 (5.3.1): the deck's top cards face down (3.5.2) into the energy zone; an empty deck
    meets 1.3.2c."""
    added = _off_the_deck(replay, player, count, "energy", False, "1.3.2c")
    side = replay.state.side(player)
    if added:
        replay.step(
            f"玩家 {player} 从牌库顶将 {added} 张牌暗盖至能量区（牌库剩 {count_text(side.deck)}，"
            f"能量区 {count_text(side.energy)}）。",
            "5.3.1",
            *cites,
            deck=side.deck.total,
            energy=side.energy.total,
        )
    if added < count:
        replay.step(f"玩家 {player} 将要将牌库顶牌移入能量区，但牌库内没有剩余牌。", "1.3.2c", *cites)
        ending.meet(replay, player, UhbReason.ENERGY_FROM_EMPTY_DECK, *_required(cites))
    return added


def _required(cites: tuple[str, ...]) -> tuple[str, ...]:
    """The clauses that made a player draw or add energy (4.0.2, 4.0.3 in the start phase, 5.3.1 for
    an effect's 「增加能量牌」), which decide a loss for an empty deck with 1.3.2b/c; not 1.1.4, which
    only says an effect happens."""
    return tuple(cite for cite in cites if cite != "1.1.4")


def _off_the_deck(replay: Run, player: Player, count: int, zone: str, face_up: bool, loses: str) -> int:
    """The deck's top cards, one at a time while there are any, into one of the player's zones."""
    side = replay.state.side(player)
    moved = 0
    while moved < count and not deck_empty(replay, player, loses):
        cards = take(side.deck, 1)
        for card in cards:
            if card is not None:
                card.face_up = face_up
        put(side.zone(zone), cards)  # type: ignore[arg-type]  # a uhb zone
        moved += 1
    return moved


def replace(replay: Run, action: Replace) -> None:
    """5.8.1: a replacement effect in force from now on."""
    replay.notes.setdefault(REPLACING, {})[action.card] = (action.zone, action.instead, action.source)
    whose = f"「{action.source}」的效果：" if action.source else "效果："
    replay.step(
        f"{whose}「{action.card}」移入{ZONE_NAMES[action.zone]}时，改为移入{ZONE_NAMES[action.instead]}。",
        "5.8.1",
        card=action.card,
    )


def move_card(replay: Run, name: str, player: Player, zone: str) -> str:
    """One named card, wherever it is, to a zone of ``player`` (its top), or where a replacement effect
    sends it instead (5.8.1); entering the damage zone is an event its effects may wait for.  The zone
    it went to."""
    replaced = replay.notes.get(REPLACING, {}).get(name)
    if replaced is not None and replaced[0] == zone:
        zone = replaced[1]
        replay.step(
            f"「{name}」将要移入{ZONE_NAMES[replaced[0]]}，改为移入{ZONE_NAMES[zone]}：前述移动不会发生，"
            "被后者完全替代。",
            "5.8.1",
            decisive=True,
            card=name,
        )
    moving = card(replay, name)
    where = replay.state.where(name)
    _lift(replay, moving)
    if zone != "field":
        _reset(moving)
        if where is not None and where[1] == "field":
            _lasting_ends(replay, name)
    put(replay.state.side(player).zone(zone), [moving])  # type: ignore[arg-type]  # a uhb zone
    if zone == "damage_zone":
        replay.event("to_damage_zone", card=name, player=player)
    return zone


def _left_field(replay: Run, effect: Effect, names: list[str], clause: str) -> None:
    """Remember which effect took each of ``names`` that is on the field off it: a later effect that
    finds the card gone, or a settlement that does not move it, is decided by that effect."""
    left = replay.notes.setdefault(LEFT, {})
    for name in names:
        where = replay.state.where(name)
        if where is not None and where[1] == "field":
            left[name] = _carried_out_by(replay, effect) or (clause,)


def _lasting_ends(replay: Run, source: str) -> None:
    """2.0.5h: a lasting effect works only while its condition holds.  A change a card on the field
    gives another (a ``modify`` with no ``until`` and that card as its ``source``: 「此牌在战场时」,
    5.6.1's example) ends once the card leaves the field; a later battle it would have turned cites
    its end."""
    for target in replay.state.all_cards():
        ending = [m for m in target.modifiers if m.until is Duration.PERMANENT and m.source == source]
        for modifier in ending:
            target.modifiers.remove(modifier)
            replay.notes.setdefault(ENDED, []).append((target.name, modifier.stat, modifier.by, "2.0.5h"))
            replay.step(
                f"「{source}」离开战场，其持续发挥作用的效果不再满足条件："
                f"「{target.name}」的{change_text(f'{modifier.stat}{modifier.by:+d}')}失效。",
                "2.0.5h",
                card=target.name,
            )


def _lift(replay: Run, card: UhbCard) -> None:
    state = replay.state
    for side in (state.side(Player.A), state.side(Player.B)):
        for zone in side.zones().values():
            if card in zone.cards:
                zone.cards.remove(card)
                return
    if state.battle is not None:
        for cards in state.battle.supports.values():
            if card in cards:
                cards.remove(card)


def _move(replay: Run, effect: Effect, move: Move) -> None:
    source, target = move.from_, move.to
    owner = source.player or replay.state.owner(source.card or "") or replay.state.turn_player or Player.A
    to_owner = target.player or owner
    from_zone = replay.state.side(owner).zone(source.zone or "hand")
    to_name = target.zone or "hand"
    to_zone = replay.state.side(to_owner).zone(to_name)
    wanted = len(move.cards) if move.cards else move.count or 0
    if to_name == "field":
        room = FIELD_SPACES - len(to_zone.cards)
        if room < wanted:
            replay.step(
                f"玩家 {to_owner} 的配置区已放置了 {len(to_zone.cards)} 张牌：无法执行会使角色牌进入配置区的效果"
                + ("。" if room == 0 else f"，尽量执行可以执行的部分，只移入 {room} 张。"),
                "3.2.1",
                "3.2.1a",
                *(("1.1.3a",) if room else ()),
                decisive=True,
                room=room,
            )
            if room == 0:
                return
            wanted = room
    if source.zone == "deck" and to_name == "energy" and not move.cards:
        add_energy(replay, owner, wanted, "5.3.1", *_carried_out_by(replay, effect))
        return
    discards = source.zone == "hand" and to_name == "rest_area"  # 弃牌 (5.0.1)
    if move.cards:
        _left_field(replay, effect, move.cards[:wanted], "1.1.4")
        for name in move.cards[:wanted]:
            move_card(replay, name, to_owner, to_name)
            if discards:
                replay.event("discarded", card=name, player=owner)
        moved = min(wanted, len(move.cards))
    else:
        cards = take(from_zone, wanted, bottom=source.position == "bottom")  # type: ignore[arg-type]
        for card in cards:
            _reset(card)
        put(to_zone, cards, bottom=target.position == "bottom")  # type: ignore[arg-type]
        moved = len(cards)
        for card in cards:
            if card is not None and to_name == "damage_zone":
                replay.event("to_damage_zone", card=card.name, player=to_owner)
    if to_name == "damage_zone" and moved:
        ending.into_damage(
            replay, to_owner, moved, effect.source, (*_carried_out_by(replay, effect), "3.3.1")
        )
    if moved < wanted:
        replay.done = False  # done in part only: an if_done effect after it does not happen
    if source.zone == "deck" and to_name != "hand" and moved < wanted:
        replay.not_applied(
            f"牌库的牌移入{ZONE_NAMES[to_name]}时牌库没有剩余牌：这既不是抽牌，也不是增加能量牌，不会因此输掉游戏。",
            "1.3.2b",
            "1.3.2c",
        )
    short = "，尽量执行可以执行的部分" if moved < wanted else ""
    named = f"「{'、'.join(move.cards[:moved])}」" if move.cards else f" {moved} 张牌"
    replay.step(
        f"{_source(effect)}玩家 {owner} 的{ZONE_NAMES.get(source.zone or '', '牌')}中的{named}移入玩家 "
        f"{to_owner} 的{ZONE_NAMES[to_name]}{short}（{ZONE_NAMES.get(source.zone or '', '')}"
        f" {count_text(from_zone)}，{ZONE_NAMES[to_name]} {count_text(to_zone)}）。",  # type: ignore[arg-type]
        *(("1.1.3",) if effect.cost else ("1.1.4",)),
        *(("1.1.3a",) if short else ()),
        *(("5.4.1",) if source.zone == "energy" and to_name == "rest_area" else ()),
        *(("5.0.1", "3.4.1a") if discards else ()),
        *(
            ("3.3.1",)
            if to_name == "damage_zone"
            else ("3.4.1e",)
            if to_name == "rest_area" and not discards
            else ()
        ),
        moved=moved,
    )


def _source(effect: Effect) -> str:
    return f"「{effect.source}」的效果：" if effect.source else "效果："


# -- effects ------------------------------------------------------------------------------------


def _payable(replay: Run, effect: Effect) -> bool:
    """1.1.3: a cost (【】) that cannot be paid in full is not paid at all, and the effect is not used."""
    move = effect.move
    if move is None:  # a destroy or KO of a card the board names: it is there to pay with
        return True
    owner = move.from_.player or replay.state.owner(move.from_.card or "") or replay.state.turn_player
    zone = replay.state.side(owner or Player.A).zone(move.from_.zone or "hand")
    if move.cards:
        missing = [name for name in move.cards if zone.find(name) is None]
        have, wanted = len(move.cards) - len(missing), len(move.cards)
    else:
        wanted = move.count or 0
        have = zone.total if zone.total is not None else None  # type: ignore[assignment]
    paid: bool = replay.fact(
        f"cost:{replay.index}:{effect.source}",
        None if have is None else have >= wanted,
        (True, False),
        f"{_source(effect).rstrip('：')}【】内的代价能否全部支付",
        "1.1.3",
    )
    if not paid:
        where = ZONE_NAMES.get(move.from_.zone or "", "")
        shown = "" if have is None else f"，{where}只有 {have} 张"
        replay.step(
            f"{_source(effect)}无法执行【】内的部分（需 {wanted} 张{shown}），无法使用该条效果，也不支付代价。",
            "1.1.3",
            decisive=True,
        )
    return paid


def passed_over(replay: Run, effect: Effect, declined: bool, failed: bool = False) -> None:
    """An effect not carried out, and the clauses why: its controller declined it (1.1.4; a cost 【】
    is the player's to pay or not, 1.1.4a), its condition did not hold (1.1.4: an effect happens when
    its condition is met), or the part before it was not done (a cost not paid, 1.1.3, or an optional
    part declined).  A change it would have made is weighed by the battle."""
    if failed:
        clauses: tuple[str, ...] = ("1.1.4",)
    elif declined:
        clauses = ("1.1.4a",) if effect.cost else ("1.1.4",)
        if effect.cost:
            replay.step(
                f"{_source(effect)}【】内的部分由玩家决定是否执行：玩家决定不支付代价，无法使用该条效果。",
                "1.1.4a",
                "1.1.3",
            )
    else:
        before, why = replay.notes.get(LAST, (None, ()))
        clauses = (*why, "1.1.3") if before is not None and before.cost else why
    replay.notes[LAST] = (effect, clauses)
    if effect.modify is not None and clauses:
        change = effect.modify
        replay.notes.setdefault(UNMADE, []).append((change.card, change.stat, change.by, clauses))


def apply(replay: Run, effect: Effect) -> None:
    """One stated effect whose condition holds; once it is over, 1.3.4's check where it applies."""
    replay.notes[LAST] = (effect, ())
    if effect.cost and not _payable(replay, effect):
        replay.done = False
        return
    if effect.modify is not None:
        change = effect.modify
        target = card(replay, change.card)
        until = effect.until or Duration.PERMANENT
        target.modifiers.append(Modifier(stat=change.stat, by=change.by, until=until, source=effect.source))
        if clauses := _carried_out_by(replay, effect):
            made = (target.name, change.stat, change.by, effect.source, clauses)
            replay.notes.setdefault(MADE, []).append(made)
        replay.step(
            f"{_source(effect)}「{target.name}」的{STAT_NAMES[change.stat]}{change.by:+d}{DURATIONS[until]}。",
            "2.0.5h" if until is Duration.PERMANENT else "1.1.4",
            card=target.name,
        )
    elif effect.destroy is not None:
        _to_zone(replay, effect, effect.destroy.card, "rest_area", "3.4.1e")
    elif effect.ko is not None:
        _to_zone(replay, effect, effect.ko.card, "damage_zone", "3.3.1")
    elif effect.move is not None:
        _move(replay, effect, effect.move)
    elif effect.draw is not None:
        draw(replay, effect.draw.player, effect.draw.count, "1.1.4", *_carried_out_by(replay, effect))
    elif effect.keyword is not None:
        grant = effect.keyword
        target = card(replay, grant.card)
        until = effect.until or Duration.PERMANENT
        target.grants += [Grant(keyword=k, until=until) for k in grant.add]
        target.grants += [Grant(keyword=k, removed=True, until=until) for k in grant.remove]
        changes = "、".join(
            [f"获得关键词「{k}」" for k in grant.add] + [f"失去关键词「{k}」" for k in grant.remove]
        )
        replay.step(
            f"{_source(effect)}「{target.name}」{changes}{DURATIONS[until]}。", "2.0.4", card=target.name
        )
    if replay.fired:
        replay.step(
            f"{_source(effect).rstrip('：')}在执行过程中影响到其他牌并触发其效果：先执行被影响牌的效果，执行完毕后再继续当前的效果。",
            "1.1.7",
            decisive=True,
        )
        replay.resolve_fired()
    if ending.pending(replay) and not continues(replay, effect.source):
        replay.step(
            "玩家不会在效果执行到一半时输掉游戏：当前效果全部执行完毕，再检查是否满足输掉游戏的条件。",
            "1.3.4",
        )
        if id(effect) not in replay.notes.get(GOES_ON, set()):
            ending.check(replay)  # before the next card's effect waiting with it


def _to_zone(replay: Run, effect: Effect, name: str, zone: str, clause: str) -> None:
    """A card off the field (or a support of the battle) into a zone; one no longer there is not
    moved: the effect does what it can (1.1.3a), and what took the card away decides that."""
    owner = replay.state.owner(name) or replay.state.turn_player or Player.A
    where = replay.state.where(name)
    battle = replay.state.battle
    supporting = battle is not None and any(c.name == name for cs in battle.supports.values() for c in cs)
    if not supporting and (where is None or where[1] != "field"):
        zone_now = ZONE_NAMES.get(where[1], "场外") if where else "场外"
        replay.done = False
        replay.step(
            f"{_source(effect)}「{name}」已不在战场上（现在{zone_now}），无法将其移入{ZONE_NAMES[zone]}；"
            "尽量执行可以执行的部分，该效果没有可以执行的部分。",
            "1.1.3a",
            *replay.notes.get(LEFT, {}).get(name, ()),
            decisive=True,
            card=name,
        )
        return
    _left_field(replay, effect, [name], clause)
    if supporting:
        support = card(replay, name)
        replay.notes.setdefault(REMOVED, []).append(
            (owner, name, support.support_power, _carried_out_by(replay, effect) or (clause,))
        )
    if zone == "damage_zone":
        ending.into_damage(replay, owner, 1, effect.source, (*_carried_out_by(replay, effect), clause))
    move_card(replay, name, owner, zone)
    replay.step(f"{_source(effect)}「{name}」移入玩家 {owner} 的{ZONE_NAMES[zone]}。", clause, card=name)


def holds(replay: Run, condition: Condition, value: int) -> bool:
    """5.9.1: 「大于」「小于」「以上」「以下」 all include the value itself."""
    compare, threshold = condition.tests()[0]
    met = {
        "at_least": value >= threshold,
        "more_than": value >= threshold,
        "at_most": value <= threshold,
        "less_than": value <= threshold,
    }[compare.value]
    if condition.zone:
        what, unit = (
            f"玩家 {condition.player} 的{ZONE_NAMES.get(condition.zone, condition.zone)}中的牌的数量",
            " 张",
        )
    else:
        what, unit = (
            f"「{condition.card}」的{STAT_NAMES.get(condition.stat or '', condition.stat or '')}",
            " ",
        )
    replay.step(
        f"条件「{what}{COMPARE_WORDS[compare.value].format(n=threshold, unit=unit)}」包括该数值本身：现为 {value}，"
        + ("条件满足。" if met else "条件不满足。"),
        "5.9.1",
        decisive=value == threshold,
        value=value,
        threshold=threshold,
        met=met,
    )
    return met


#: one side's effects triggered together are replayed in every order up to this many (3! = 6 replays)
MOST_ORDERED = 3

# -- order ---------------------------------------------------------------------------------------


def owner(replay: Run, effect: Effect) -> Player:
    found = effect.by or (replay.state.owner(effect.source) if effect.source else None)
    return found or replay.state.turn_player or Player.A


def label(effect: Effect) -> str:
    return f"「{effect.source}」的效果" if effect.source else f"{effect.kind} 效果"


def order(replay: Run, waiting: list[Effect]) -> list[Effect]:
    """1.1.6a: the turn player's effects first; 1.1.6: the turn player orders one side's effects."""
    first = replay.state.turn_player or Player.A
    waiting = _parts_together(waiting)
    sides = [[e for e in waiting if owner(replay, e) is p] for p in turn_order(first)]
    if all(sides):
        replay.step(
            f"属于不同方的多个效果同时触发：由当前回合玩家 {first} 先执行效果，再由对方执行。",
            "1.1.6a",
            decisive=True,
        )
    found: list[Effect] = []
    for parts in sides:
        effects = [e for i, e in enumerate(parts) if not (i and _same_effect(parts[i - 1], e))]
        if len(effects) < 2:
            found += parts
            continue
        if len(effects) > MOST_ORDERED:  # more orders than a ruling replays: it depends on the one chosen
            replay.fact(f"order:{replay.index}", None, None, f"当前回合玩家 {first} 决定的执行顺序", "1.1.6")
        orders = [tuple(p) for p in permutations(range(len(effects)))]
        texts = [" → ".join(label(effects[i]) for i in o) for o in orders]
        chosen = replay.choose(
            first,
            "order:" + "|".join(label(e) for e in effects),
            None,
            texts,
            f"当前回合玩家 {first} 决定的执行顺序",
            "1.1.6",
        )
        replay.step(f"同一方的多个效果同时触发，由当前回合玩家 {first} 决定执行顺序：{chosen}。", "1.1.6")
        found += [part for i in orders[texts.index(chosen)] for part in _parts_of(parts, effects[i])]
    replay.notes.setdefault(GOES_ON, set()).update(
        id(effect) for effect, following in pairwise(found) if _same_effect(effect, following)
    )
    return found


def _same_effect(one: Effect, other: Effect) -> bool:
    """Parts of one card's effect: stated one after the other with the same source (and trigger)."""
    return one.source is not None and one.source == other.source


def _parts_together(waiting: list[Effect]) -> list[Effect]:
    """The triggered effects, each card's parts next to each other in the order they were stated."""
    sources = list(dict.fromkeys(e.source for e in waiting))
    return [e for source in sources for e in waiting if e.source == source]


def _parts_of(parts: list[Effect], head: Effect) -> list[Effect]:
    """``head`` and the parts stated after it that belong to the same effect."""
    start = parts.index(head)
    end = start + 1
    while end < len(parts) and _same_effect(parts[end - 1], parts[end]):
        end += 1
    return parts[start:end]
