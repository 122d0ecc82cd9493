"""The shared effect primitives as the gcg book reads them (ch. 5 and 10).

* ``modify`` — AP or HP changes; a result below 0 counts as 0 (1-3-6); an
  HP brought down to the damage on the card destroys it (2-8-2, 11-3-1).
* ``destroy`` — from the field to the trash (5-10-1); a shield is flipped for
  its 【爆發】 first (5-10-3).  ``remove`` is 除外 (5-12-1), never a destruction
  (5-12-2).  gcg has no KO.
* ``move`` — as many as possible (1-3-2); a deck that reaches 0 cards loses
  at the next rule processing (1-2-2-2).
* ``draw`` — the top card of the deck to the hand (5-14-1).
* ``damage`` — effect damage (5-5-4) to a unit, a base or a shield; 0 is no
  damage (5-5-5).  Effect damage to a player is not the battle damage from a
  unit that loses the game (1-2-2-1).
* ``keyword`` — a keyword effect gained (5-16-1) or lost, for a duration.

Triggered effects resolve the 【爆發】 first (10-1-6-8), then the turn player's,
then the other player's (10-1-6-6); one triggered while another resolves goes
before the rest (10-1-6-7).
"""

from __future__ import annotations

from judge.board import BoardProblem
from judge.effects import Condition, Damage, Draw, Effect, KeywordChange, Modify, Move, Place, Target
from judge.games.gcg import processing
from judge.games.gcg.state import VALUED, GcgCard, GcgState, Kind, book_name, keyword_key
from judge.games.gcg.values import remaining, stat
from judge.players import Player, by_turn_order
from judge.replay import Replay
from judge.state import Duration, Grant, Modifier, Status, Zone

Run = Replay[GcgState]

#: notes: the cards an effect rested or set active, and the clause of that status (5-4-1-1, 5-4-1-2)
STATUS_SET = "status_set"
#: the zones a ``move`` may name: every zone of a player but the field, and the energy area as a destination
ZONES = ("deck", "hand", "energy_deck", "shields", "trash", "removed")
FIELD = ("battle", "base")
#: each zone's name in the book (4-1-1)
ZONE_NAMES = {
    "deck": "卡組區",
    "hand": "手牌",
    "energy_deck": "能源卡組區",
    "energy": "能源區",
    "battle": "戰鬥區",
    "base": "基地放置處",
    "shields": "護盾放置處",
    "trash": "廢棄區",
    "removed": "除外區",
}
DURATION_TEXT = {
    Duration.END_OF_TURN: "（本回合中）",
    Duration.END_OF_BATTLE: "（本次戰鬥中）",
    Duration.PERMANENT: "",
}
DURATION_CITE = {
    Duration.END_OF_TURN: ("7-6-6-1",),
    Duration.END_OF_BATTLE: ("8-2-3", "8-6-1"),
    Duration.PERMANENT: (),
}


def label(effect: Effect) -> str:
    """A stated effect in the book's words, as the steps name it where it waits, fires or is
    declined: 「前線基地」的效果（玩家 A 抽 1 張卡）."""
    source = f"「{effect.source}」的" if effect.source else ""
    return f"{source}效果（{_what(effect)}）"


#: a condition's comparison in the book's words: 以上 and 以下 include the value, 超過 and 未滿 do not
COMPARED = {"at_least": "以上", "at_most": "以下", "more_than": "超過", "less_than": "未滿"}


def condition_text(condition: Condition) -> str:
    """An ``if`` condition in the book's words: 玩家 A 的能源區的卡牌張數為 4 以上, 「鋼彈」的 AP 未滿 3."""
    compare, threshold = condition.tests()[0]
    if condition.zone is not None:
        what = f"玩家 {condition.player} 的{ZONE_NAMES.get(condition.zone, condition.zone)}的卡牌張數"
    else:
        what = f"「{condition.card}」的 {(condition.stat or '').upper()}"
    word = COMPARED[compare.value]
    return f"{what}{word} {threshold}" if word in ("超過", "未滿") else f"{what}為 {threshold} {word}"


def _what(effect: Effect) -> str:
    primitive, until = effect.primitive, DURATION_TEXT[effect.until or Duration.PERMANENT]
    if isinstance(primitive, Modify):
        return f"「{primitive.card}」{until}{primitive.stat.upper()}{primitive.by:+d}"
    if isinstance(primitive, Target):
        return f"破壞「{primitive.card}」" if effect.kind == "destroy" else f"將「{primitive.card}」除外"
    if isinstance(primitive, Draw):
        return f"玩家 {primitive.player} 抽 {primitive.count} 張卡"
    if isinstance(primitive, Damage):
        hit = f"玩家 {primitive.player}" if primitive.player is not None else f"「{primitive.card}」"
        return f"給予{hit} {primitive.amount} 點傷害"
    if isinstance(primitive, KeywordChange):
        gained = [f"獲得 {book_name(keyword_key(name) or name)}" for name in primitive.add]
        lost = [f"失去 {book_name(keyword_key(name) or name)}" for name in primitive.remove]
        return f"「{primitive.card}」{until}{'、'.join(gained + lost)}"
    assert isinstance(primitive, Move)  # the last of the primitives gcg reads
    what = "、".join(f"「{name}」" for name in primitive.cards) or f" {primitive.count} 張卡牌"
    return f"將{what}從{_place(primitive.from_)}移動到{_place(primitive.to)}"


def _place(place: Place) -> str:
    bottom = "最下方" if place.position == "bottom" else ""
    return f"玩家 {place.player} 的{ZONE_NAMES.get(place.zone or '', place.zone)}{bottom}"


def problems(where: str, effect: Effect) -> list[BoardProblem]:
    """What in a stated effect the gcg book has no reading for."""
    found = []
    if effect.ko is not None:
        found.append(
            BoardProblem(f"{where}.ko", "gcg has no KO: destroy (破壞, 5-10) or remove (除外, 5-12)")
        )
    if effect.until is Duration.END_OF_PHASE:
        found.append(
            BoardProblem(
                f"{where}.until", "expected end_of_turn (本回合中), end_of_battle (本次戰鬥中) or permanent"
            )
        )
    if effect.move is not None:
        found += _move_problems(f"{where}.move", effect.move)
    if effect.keyword is not None:
        for field, names in (("add", effect.keyword.add), ("remove", effect.keyword.remove)):
            for name in names:
                bare = field == "remove" and name in VALUED
                if keyword_key(name) is None and not bare:
                    found.append(
                        BoardProblem(f"{where}.keyword.{field}", f"{name!r} is not a gcg keyword effect")
                    )
    return found


def _move_problems(where: str, move: Move) -> list[BoardProblem]:
    found = []
    if move.from_.card is not None or move.to.card is not None:
        found.append(BoardProblem(where, "gcg puts a card under a unit only by boarding a pilot: use pair"))
    if move.from_.zone is not None and move.from_.zone not in (*ZONES, *FIELD):
        found.append(BoardProblem(f"{where}.from.zone", f"expected one of {', '.join((*ZONES, *FIELD))}"))
    if move.from_.zone in FIELD and move.to.zone == "energy":
        found.append(BoardProblem(f"{where}.to.zone", "a card from the field does not become energy"))
    if move.from_.zone in FIELD and move.count is not None:
        found.append(BoardProblem(f"{where}.from", "name the cards that leave the field (cards: [...])"))
    if move.to.zone is not None and move.to.zone not in (*ZONES, "energy"):
        found.append(
            BoardProblem(
                f"{where}.to.zone", f"expected one of {', '.join((*ZONES, 'energy'))} (deploy puts units out)"
            )
        )
    return found


def apply(replay: Run, effect: Effect) -> None:
    """Carry out one stated effect, then what it triggered before anything else (10-1-6-7)."""
    kind = effect.kind
    if isinstance(effect.primitive, Modify):
        _modify(replay, effect.primitive, effect.until or Duration.PERMANENT)
    elif isinstance(effect.primitive, Target) and kind == "destroy":
        _destroy(replay, effect.primitive.card)
    elif isinstance(effect.primitive, Target):
        _remove(replay, effect.primitive.card)
    elif isinstance(effect.primitive, Move):
        _move(replay, effect.primitive)
    elif isinstance(effect.primitive, Draw):
        draw(replay, effect.primitive.player, effect.primitive.count, f"effect:{replay.index}", "5-14-1-1")
    elif isinstance(effect.primitive, Damage):
        _damage(replay, effect.primitive)
    elif isinstance(effect.primitive, KeywordChange):
        _keyword(replay, effect.primitive, effect.until or Duration.PERMANENT)
    processing.check(replay)  # rule processing is resolved at once, even mid-action (11-1-2)
    if replay.fired:
        overtaken = [e for e in replay.pending if _touched(e) & set().union(*map(_touched, replay.fired))]
        # a new trigger going before an effect on the same card or player: the order decides
        replay.step(
            "在解決效果的過程中有新的效果被誘發，優先解決新誘發的效果"
            + (f"，在{'、'.join(label(e) for e in overtaken)}之前。" if overtaken else "。"),
            "10-1-6-7",
            decisive=bool(overtaken),
        )
        replay.resolve_fired()


def _touched(effect: Effect) -> set[str]:
    """The cards and players an effect acts on, to tell whether two effects' order can matter."""
    primitive = effect.primitive
    if isinstance(primitive, Move):
        return set(primitive.cards) | {
            f"{place.player}.{place.zone}" for place in (primitive.from_, primitive.to)
        }
    if isinstance(primitive, Draw):
        return {f"{primitive.player}.deck", f"{primitive.player}.hand"}
    if isinstance(primitive, Damage) and primitive.player is not None:
        return {f"{primitive.player}.damage"}
    return {primitive.card}


def target_gone(replay: Run, effect: Effect) -> bool:
    """An effect on a card that is no longer on the field has no target to choose: it does not
    happen (10-2-2, 10-3-3-1), effects acting only on the field's cards (10-1-2).  A removal may take
    a card from any zone, and a move names its own zone."""
    primitive = effect.primitive
    if not isinstance(primitive, (Modify, KeywordChange, Damage, Target)) or effect.kind == "remove":
        return False
    name = primitive.card
    if name is None or _field_card(replay, name) is not None:
        return False
    if isinstance(primitive, (Damage, Target)) and _shield(replay, name) is not None:
        return False
    replay.done = False
    replay.not_applied(
        f"「{name}」已不在場上，無法選擇為效果對象：{label(effect)}不發動。", "10-2-2", "10-3-3-1", "10-1-2"
    )
    return True


#: the events whose effects come from a card that has just left the field, as the book says they do
LEAVING = ("destroyed", "burst", "shield_destroyed")


def left_its_area(replay: Run, effect: Effect) -> None:
    """A triggered effect of a unit or base that left the field while it waited still resolves
    (10-1-6-4); a 【破壞時】 or 【爆發】 comes from the trash or a shield by its own clause."""
    source = effect.source
    if effect.when is None or source is None or effect.when.event in LEAVING:
        return
    on_field = _field_card(replay, source) is not None or any(
        unit.pilot is not None and unit.pilot.name == source
        for player in (Player.A, Player.B)
        for unit in replay.state.side(player).battle.cards
    )
    owner = replay.state.owner(source)
    if on_field or owner is None:
        return
    side = replay.state.side(owner)
    gone = next(
        (zone.find(source) for zone in (side.trash, side.hand, side.deck, side.removed) if zone.find(source)),
        None,
    )
    if gone is not None and gone.kind is not Kind.COMMAND:
        replay.step(
            f"「{source}」已離開其發動區域，但其效果已被誘發並等待發動：效果仍會發動。",
            "10-1-6-4",
            decisive=True,
        )


def _field_card(replay: Run, name: str) -> tuple[Player, GcgCard] | None:
    for player in (Player.A, Player.B):
        side = replay.state.side(player)
        card = side.battle.find(name) or side.base.find(name)
        if card is not None:
            return player, card
    return None


def set_status(replay: Run, name: str, status: Status) -> None:
    """An effect rests a card on the field or sets it active (5-4-1); one already so stays as it is:
    the action is not done at all (1-3-2-1)."""
    found = _field_card(replay, name)
    if found is None:
        replay.refuse(f"「{name}」不在戰鬥區或基地放置處：只有這些卡牌有活躍和休息狀態。", "5-4-1")
    card = found[1]
    word, clause = ("休息", "5-4-1-2") if status is Status.RESTED else ("活躍", "5-4-1-1")
    if card.status is status:
        replay.not_applied(
            f"「{name}」已經處於{word}狀態：不視為再次變為該狀態，該行為本身不會進行。", "1-3-2-1"
        )
        return
    card.status = status
    replay.notes.setdefault(STATUS_SET, {})[name] = clause
    replay.step(f"「{name}」因效果轉為{word}狀態。", clause, card=name, status=status.value)


def status_decides(replay: Run, name: str) -> None:
    """An attack or block ``name`` could make only as an effect left it: that effect's clause decides."""
    clause = replay.notes.get(STATUS_SET, {}).pop(name, None)
    if clause is not None:
        replay.log.mark_decisive(clause)


def _shield(replay: Run, name: str) -> Player | None:
    return next((p for p in (Player.A, Player.B) if replay.state.side(p).shields.find(name)), None)


def _modify(replay: Run, modify: Modify, until: Duration) -> None:
    card = replay.card(modify.card)
    assert isinstance(card, GcgCard)  # the state holds gcg cards only
    card.modifiers.append(Modifier(stat=modify.stat, by=modify.by, until=until))
    now = stat(card, modify.stat)
    shown = "未知" if now is None else str(now)
    label = modify.stat.upper()
    replay.step(
        f"「{card.name}」{DURATION_TEXT[until]}{label}{modify.by:+d}，{label} 為 {shown}。",
        "1-3-6",
        *DURATION_CITE[until],
        card=card.name,
        stat=modify.stat,
        value=now,
    )
    left = remaining(card)
    if modify.stat == "hp" and modify.by < 0 and card.damage and left is not None and left > 0:
        replay.not_applied(
            f"「{card.name}」的 HP 為 {now}，高於其受到的 {card.damage} 點傷害：HP 沒有變得不高於 0，不會被破壞。",
            "11-3-1",
            "5-5-2",
        )
    total = getattr(card, modify.stat)
    if total is None:
        return
    after = total + card.modification(modify.stat) + ((card.pilot and getattr(card.pilot, modify.stat)) or 0)
    before = after - modify.by
    if after < 0:
        replay.step(f"結果為負整數，{label} 視為 0。", "1-3-6", value=0)
    elif before < 0:  # the negative total was kept for this change: counted from 0, the result would differ
        replay.step(
            f"之前的結果為負整數（{before}），視為 0；但有其他效果對該數值進行增減調整，從 {before} 計算：{label} 為 {after}"
            f"（不是 {modify.by}）。",
            "1-3-6",
            decisive=True,
            value=after,
        )


def _destroy(replay: Run, name: str) -> None:
    found = _field_card(replay, name)
    if found is not None:
        player, card = found
        processing.destroy(replay, player, card, f"「{name}」因效果被破壞，置於廢棄區。", "5-10-1")
        return
    owner = _shield(replay, name)
    assert owner is not None  # on the field or a shield: target_gone said so
    destroy_shield(replay, owner, name, "5-10-3")


def _remove(replay: Run, name: str) -> None:
    found = _field_card(replay, name)
    if found is not None:
        player, card = found
        processing.leave_field(replay, player, card, "removed", f"「{name}」被除外，置於除外區。", "5-12-1")
        processing.not_destroyed(replay, card, "被除外", "5-12-2")
        return
    owner = replay.state.owner(name)
    assert owner is not None  # names are checked before the replay
    side = replay.state.side(owner)
    for zone in (side.deck, side.hand, side.trash, side.shields):
        held = zone.find(name)
        if held is not None:
            zone.cards.remove(held)
            processing.put(side.removed, processing.fresh(held))
    replay.step(f"「{name}」被除外，置於除外區。", "5-12-1")


def _taken(
    replay: Run, zone: Zone[GcgCard], count: int, bottom: bool, key: str, text: str
) -> tuple[list[GcgCard], int | None]:
    """Up to ``count`` cards off the top (or bottom) of ``zone``, as many as possible (1-3-2).

    Returns the named cards taken and how many unnamed ones (None: not known).
    Where the zone's size is not known, whether more than ``count`` are left is a
    fact: if not, every card goes (and a deck is left with 0).
    """
    total = zone.total
    enough = total >= count if total is not None else replay.fact(key, None, (True, False), text, "1-3-2")
    if not enough:  # every card goes
        named, unnamed = list(zone.cards), zone.unnamed
        zone.cards, zone.unnamed = [], 0
        return named, unnamed
    named = []
    order = list(reversed(zone.cards)) if bottom else list(zone.cards)
    if bottom:
        from_unnamed = count if zone.unnamed is None else min(count, zone.unnamed)
    else:
        from_unnamed = max(0, count - len(zone.cards))
    for card in order[: count - from_unnamed]:
        zone.cards.remove(card)
        named.append(card)
    if zone.unnamed is not None:
        zone.unnamed -= from_unnamed
    return named, from_unnamed


def _into(zone: Zone[GcgCard], named: list[GcgCard], unnamed: int | None, bottom: bool) -> None:
    for card in named:
        processing.fresh(card)
    zone.cards = zone.cards + named if bottom else named + zone.cards
    if unnamed is None:
        zone.unnamed = None
    elif zone.unnamed is not None:
        zone.unnamed += unnamed


def _move(replay: Run, move: Move) -> None:
    source, target = move.from_, move.to
    assert source.player is not None and source.zone is not None  # checked by the model and problems()
    assert target.player is not None and target.zone is not None
    side = replay.state.side(source.player)
    if source.zone in FIELD:
        for name in move.cards:
            found = _field_card(replay, name)
            if found is None:
                replay.done = False
                replay.not_applied(f"「{name}」已不在場上，無法移動。", "1-3-2")
                continue
            player, card = found
            if target.zone == "trash":  # from the field to the trash by an effect: a destruction (5-10-1)
                processing.destroy(
                    replay, player, card, f"「{name}」因效果從場上置於廢棄區，即被破壞。", "5-10-1"
                )
                continue
            processing.leave_field(
                replay,
                player,
                card,
                target.zone,
                f"「{name}」從場上移動到{ZONE_NAMES[target.zone]}（不是破壞）。",
                "4-1-5",
            )
            processing.not_destroyed(
                replay, card, f"因效果從場上移動到{ZONE_NAMES[target.zone]}，不是置於廢棄區", "5-10-1"
            )
        return
    zone: Zone[GcgCard] = side.zone(source.zone)
    if move.cards:
        named = [held for name in move.cards if (held := zone.find(name)) is not None]
        for held in named:
            zone.cards.remove(held)
        unnamed: int | None = 0
    else:
        assert move.count is not None  # the model wants count or cards
        named, unnamed = _taken(
            replay,
            zone,
            move.count,
            source.position == "bottom",
            f"{source.player}.{source.zone}>{move.count}@{replay.index}",
            f"玩家 {source.player} 的{ZONE_NAMES[source.zone]}是否多於 {move.count} 張卡牌",
        )
    moved = len(named) + unnamed if unnamed is not None else None
    wanted = move.count if move.count is not None else len(move.cards)
    replay.done = None if moved is None else moved == wanted  # for 「那樣做時」 (if_done)
    if target.zone == "energy":
        energy = replay.state.side(target.player).energy
        room = 15 - (energy.total or 0)
        placed = None if moved is None else min(moved, room)
        energy.unnamed = None if energy.unnamed is None or placed is None else energy.unnamed + placed
        replay.step(
            f"將 {'未知張數' if placed is None else placed} 張卡牌以活躍狀態置於玩家 {target.player} 的能源區（最多 15 張）。",
            "5-4-2",
            "4-4-2",
            "1-3-2",
        )
    else:
        _into(replay.state.side(target.player).zone(target.zone), named, unnamed, target.position == "bottom")
        shown = "未知張數" if moved is None else f" {moved} 張"
        replay.step(
            f"從玩家 {source.player} 的{ZONE_NAMES[source.zone]}將{shown}卡牌（盡可能地）移動到玩家 {target.player} 的"
            f"{ZONE_NAMES[target.zone]}。",
            "1-3-2",
            moved=moved,
        )
    if source.zone == "shields":
        for card in named:
            replay.unfired(
                "burst",
                f"「{card.name}」從護盾區移動到{ZONE_NAMES[target.zone]}，不是作為護盾被破壞：其【爆發】不會發動。",
                "13-2-5-1",
                card=card.name,
            )
    if source.zone == "deck":
        deck_left(replay, source.player)


def draw(replay: Run, player: Player, count: int, where: str, *cites: str) -> None:
    """``player`` draws ``count`` (5-14-1): the top cards of the deck to the hand, as many as possible."""
    side = replay.state.side(player)
    named, unnamed = _taken(
        replay,
        side.deck,
        count,
        False,
        f"{player}.deck>{count}@{where}",
        f"玩家 {player} 的卡組是否多於 {count} 張卡牌（抽卡後仍有卡牌）",
    )
    _into(side.hand, named, unnamed, bottom=False)
    drawn = len(named) + unnamed if unnamed is not None else None
    shown = "" if drawn is None else f"（{drawn} 張）"
    short = drawn is not None and drawn < count
    replay.done = None if drawn is None else not short  # for 「那樣做時」 (if_done)
    if short:
        shown = f"：卡組只有 {drawn} 張，無法執行的部分不進行，盡可能地抽取 {drawn} 張"
    replay.step(
        f"玩家 {player} 從卡組最上方抽 {count} 張卡牌加入手牌{shown}。",
        *cites,
        *(("1-3-2",) if short else ()),
        drawn=drawn,
        cards=[card.name for card in named],
    )


def deck_left(replay: Run, player: Player, *cites: str) -> None:
    """Why not, after cards left a deck: it still holds cards, so 1-2-2-2 does not apply."""
    total = replay.state.side(player).deck.total
    if total == 0:
        return
    shown = "還有卡牌" if total is None else f"還有 {total} 張"
    replay.not_applied(
        f"玩家 {player} 的卡組{shown}，沒有變成 0 張：不滿足敗北條件。", *cites, "1-2-2-2", deck=total
    )


def _damage(replay: Run, damage: Damage) -> None:
    if damage.player is not None:
        replay.step(f"玩家 {damage.player} 受到 {damage.amount} 點效果傷害。", "5-5-4", amount=damage.amount)
        replay.log.silent(
            "規則書沒有規定給予玩家的效果傷害會造成什麼結果；敗北條件只計算來自機體的戰鬥傷害。",
            "5-5-4",
            "1-2-2-1",
        )
        replay.not_applied(
            f"玩家 {damage.player} 不會因此敗北：效果傷害不是「來自機體的戰鬥傷害」。", "1-2-2-1", "5-5-4"
        )
        return
    assert damage.card is not None  # the model wants a card or a player
    if damage.amount == 0:
        replay.done = False
        replay.not_applied(f"給予「{damage.card}」的傷害是 0，不視為給予了傷害。", "5-5-5")
        return
    found = _field_card(replay, damage.card)
    if found is not None:
        _, card = found
        card.damage += damage.amount
        replay.step(
            f"「{card.name}」受到 {damage.amount} 點效果傷害（計數器 {card.damage}）。",
            "5-5-4",
            "5-5-1-1",
            damage=card.damage,
        )
        return
    owner = _shield(replay, damage.card)
    assert owner is not None  # on the field or a shield: target_gone said so
    destroy_shield(replay, owner, damage.card, "11-3-1-1")


def _keyword(replay: Run, change: KeywordChange, until: Duration) -> None:
    card = replay.card(change.card)
    for name in change.add:
        key = keyword_key(name)
        assert key is not None  # checked by problems()
        card.grants.append(Grant(keyword=key, until=until))
        replay.step(
            f"「{card.name}」{DURATION_TEXT[until]}獲得 {book_name(key)}。", "5-16-1", *DURATION_CITE[until]
        )
    for name in change.remove:
        key = keyword_key(name) or name
        card.grants.append(Grant(keyword=key, removed=True, until=until))
        replay.step(
            f"「{card.name}」{DURATION_TEXT[until]}失去 {book_name(key)}。", "5-16-1", *DURATION_CITE[until]
        )


def destroy_shield(replay: Run, player: Player, name: str | None, *cites: str) -> None:
    """The top shield (or the named one) is destroyed: flipped for 【爆發】 (5-10-3), which may resolve
    before it goes to the trash (13-2-5-1, 13-2-5-3)."""
    shields = replay.state.side(player).shields
    card = shields.find(name) if name is not None else (shields.cards[0] if shields.cards else None)
    if card is not None:
        shields.cards.remove(card)
    elif shields.unnamed is not None:
        shields.unnamed -= 1
    shown = f"「{card.name}」" if card is not None else "1 張護盾"
    replay.step(
        f"玩家 {player} 的{'' if card else ' '}{shown}被破壞：先翻開確認其【爆發】效果，然後正面朝上置於廢棄區。",
        *cites,
        "5-10-3",
        shield=None if card is None else card.name,
    )
    replay.log.mark_decisive(cites[0])  # what destroyed it decides; 5-10-3 only says how it goes
    waiting = len(replay.fired)
    if card is None or card.burst is not False:
        replay.event("burst", card=None if card is None else card.name, player=player)
    burst = len(replay.fired) > waiting
    replay.event("shield_destroyed", card=None if card is None else card.name, player=player)
    if card is not None and card.burst and not burst:
        replay.log.unknown(
            f"「{card.name}」擁有【爆發】：玩家 {player} 可以不支付費用發動（也可以不發動），但時間軸沒有陳述其效果。",
            "13-2-5-1",
            "13-2-5-2",
        )
    if burst:
        replay.step(
            f"{shown}作為護盾被破壞而正面朝上：其【爆發】效果可以不支付費用發動，在被置於廢棄區前發動。",
            "13-2-5-1",
            "13-2-5-3",
        )
        declined = [
            e for e in replay.fired if e.when is not None and e.when.event == "burst" and e.apply is False
        ]
        replay.resolve_fired()  # before it is put into the trash (13-2-5-3), with what fired beside it
        if declined:
            replay.step(
                f"玩家 {player} 選擇不發動{shown}的【爆發】：該卡牌直接置於廢棄區，其效果不會發生。",
                "13-2-5-2",
                decisive=True,
            )
    processing.put(replay.state.side(player).trash, None if card is None else processing.fresh(card))


def owner_of(replay: Run, effect: Effect) -> Player:
    """Whose effect: as stated, else its source's owner, else the owner of the card it waits on."""
    if effect.by is not None:
        return effect.by
    for name in (effect.source, effect.when.card if effect.when else None):
        owner = replay.state.owner(name) if name else None
        if owner is not None:
            return owner
    return processing.turn_player(replay)


def order(replay: Run, waiting: list[Effect]) -> list[Effect]:
    """【爆發】 first (10-1-6-8), then the turn player's, then the other's (10-1-6-6), each player's in the
    order stated (that player chooses it, 10-1-6-5)."""
    first = processing.turn_player(replay)
    bursts = [e for e in waiting if e.when is not None and e.when.event == "burst"]
    others = by_turn_order(
        [e for e in waiting if e not in bursts], first, owner=lambda e: owner_of(replay, e)
    )
    if bursts and others:
        replay.step("被誘發的效果中有【爆發】效果，優先解決【爆發】效果。", "10-1-6-8")
    owners = [owner_of(replay, e) for e in others]
    if len(set(owners)) > 1:
        replay.step(
            f"雙方的效果同時誘發：首先解決回合玩家 {first} 誘發的所有效果，接著解決非回合玩家的效果。",
            "10-1-6-6",
        )
    for player in set(owners):
        if owners.count(player) > 1:
            replay.step(
                f"玩家 {player} 的多個效果同時誘發，由其決定解決順序（依時間軸所列的順序）。", "10-1-6-5"
            )
    return bursts + others
