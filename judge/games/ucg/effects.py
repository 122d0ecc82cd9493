"""The shared effect primitives as the ucg book reads them (ch. 10, 11).

* ``modify`` ``bp`` — 「BP+○○/BP-○○」 (11.7); ``level`` ±1 — 「上升一級/降低一級」 (11.6);
* ``keyword`` ``win_battle`` / ``draw_battle`` — 「獲得勝利 / 視為平局」 (11.16); ``text_invalid`` —
  「使一個效果說明，在此回合期間無效」 (11.13): the card's lasting effects end and its triggered and
  [發動] effects are not used while it lasts;
* ``destroy`` — the character's cards go to the discard pile (3.7.1), its charges too
  (11.17.5), and its area has an empty slot (12.4.1); ``remove`` — out of the game (3.8.1);
* ``move`` — between decks, hands, discard piles and removed cards, as many as
  possible (1.2.3); onto a character as charge cards (11.17.1, 11.17.3); off the
  top of a character (``from: {card: X}``) to its owner's zone, as 「將該角色最上方
  的一張牌放回手牌中」 does (11.12.1): the card below becomes the top and names the
  character, a character of one card leaves its area (12.4.1) and its charges go
  to the discard pile (11.17.6); a character whose new top card prints no SINGLE BP
  cannot be made SINGLE so (11.15.1);
* ``draw`` — from the top of the deck, one by one (11.10.1); an empty deck is not a loss (1.3.6).

ucg has no damage and no KO: a timeline stating them is refused as a board
problem (:func:`problems`).  A triggered effect resolves only if its source
is still a character's face-up top card (10.1.3.2); a face-down card's effect
does not work (10.1.1).
"""

from __future__ import annotations

from judge.action import Action
from judge.board import BoardProblem
from judge.effects import Effect, Move, Place
from judge.games.ucg.bp import INVALID, Forced
from judge.games.ucg.field import leave_field, off_character
from judge.games.ucg.state import UcgCard, UcgState
from judge.games.ucg.turn import decides_table, draw_one
from judge.players import PLAYERS, Player
from judge.replay import Replay
from judge.state import Duration, Grant, Modifier, Zone

Run = Replay[UcgState]

#: the keywords ucg effects give: a battle's result (11.16), a card's effect text made invalid (11.13)
KEYWORDS = frozenset({*(forced.value for forced in Forced), INVALID})
#: how long ucg effects last: until the end of the turn (5.10.2), or as long as the card stays
DURATIONS = frozenset({Duration.END_OF_TURN, Duration.PERMANENT})
ZONES = ("deck", "hand", "discard", "removed")


def problems(where: str, effect: Effect) -> list[BoardProblem]:
    """What a ucg timeline cannot state, named with what to say instead."""
    found = []
    if effect.damage is not None:
        found.append(BoardProblem(f"{where}.damage", "ucg has no damage: a BP change is modify bp (11.7)"))
    if effect.ko is not None:
        found.append(
            BoardProblem(f"{where}.ko", "ucg has no KO: say destroy (to the discard pile) or remove")
        )
    if effect.keyword is not None:
        found += [
            BoardProblem(f"{where}.keyword", f"expected one of {', '.join(sorted(KEYWORDS))}, not {word!r}")
            for word in [*effect.keyword.add, *effect.keyword.remove]
            if word not in KEYWORDS
        ]
    if effect.until is not None and effect.until not in DURATIONS:
        found.append(BoardProblem(f"{where}.until", "expected end_of_turn or permanent (5.10.2)"))
    if effect.cost and (effect.move is None or effect.move.from_.card is not None):
        found.append(
            BoardProblem(
                f"{where}.cost",
                "a ucg cost (left of a [發動]'s →, 9.4.3) moves cards from a zone: state it as a move",
            )
        )
    if effect.move is not None:
        found += [
            BoardProblem(f"{where}.move.{end}.zone", f"expected one of {', '.join(ZONES)}")
            for end, place in (("from", effect.move.from_), ("to", effect.move.to))
            if place.card is None and place.zone not in ZONES
        ]
    return found


def _name(player: Player) -> str:
    return f"玩家 {player.value} "


def source_works(replay: Run, effect: Effect) -> bool:
    """A triggered effect's source must be a face-up top card when it resolves (10.1.3.2); a
    face-down card's effect does not work (10.1.1)."""
    if effect.source is None:
        return True
    gone = _works(replay.state, effect.source)
    at_end = effect.when is not None and effect.when.event == "turn_end"
    if at_end and effect.source in replay.notes.get("invalid_at_end", ()):
        gone = "11.13.2"
    if gone == "11.13.2":
        replay.not_applied(
            f"{effect.source} 的效果說明在此回合期間無效，其效果不予結算。", "11.13.2", "10.1.3.2"
        )
        return False
    if gone == "10.1.1":
        replay.not_applied(f"{effect.source} 背面朝上，不會發揮效果說明。", "10.1.1")
        return False
    if gone is not None and effect.when is not None:
        replay.not_applied(
            f"{effect.source} 已不在角色的最上方（或已不在戰場上），其觸發型效果不予結算。", "10.1.3.2"
        )
        return False
    return True


def _works(state: UcgState, name: str) -> str | None:
    """Why the card ``name`` works no more (the clause), or None if it still does: the scene in
    the scene area (6.3.3), or a character's face-up top card (10.1.3.1, 10.1.1)."""
    if state.scene is not None and state.scene.name == name:
        return None
    found = state.locate(name)
    if found is None:
        return "10.1.2"
    if found[2].name != name:
        return "10.1.3.1"
    if found[2].has(INVALID):
        return "11.13.2"
    return "10.1.1" if found[2].face_down else None


#: why a lasting effect's source has gone, in words, by the clause that says its text works no more
_GONE = {"10.1.2": "已不在戰場上", "10.1.3.1": "已不在角色的最上方", "11.13.2": "的效果說明在此回合期間無效"}


def end_lost_sources(replay: Run) -> None:
    """A lasting effect (one without an end, a card's own constant text) works only while its source
    card is on the field (10.1.2) as a character's top card (10.1.3.1): it ends once that card has
    left or been covered.  A source the board names nowhere is not known to have gone, and stays;
    so does one face down (10.1.1), whose text works again once it is face up.  Not modelled: a
    covered card's text coming back when the cards above it leave."""
    state = replay.state
    lasting = [
        (character, modifier, modifier.source)
        for _, _, character in state.characters()
        for modifier in character.modifiers
        if modifier.until is Duration.PERMANENT and modifier.source
    ]
    gone = [(c, m, source, why) for c, m, source in lasting if (why := _works(state, source)) in _GONE]
    named = (
        {card.name for card in state.all_cards()} if gone else set()
    )  # run on every action: only if needed
    for character, modifier, source, why in gone:
        if source not in named:
            continue
        assert why is not None  # a key of _GONE
        character.modifiers.remove(modifier)
        replay.notes.setdefault("lost", []).append((character.name, why, modifier.stat, modifier.by))
        replay.step(
            f"{source} {_GONE[why]}，其效果（{character.name} {modifier.stat}{modifier.by:+d}）不再發揮。",
            why,
            card=character.name,
        )


def apply(replay: Run, effect: Effect) -> None:
    """Carry out one effect, noting where only part of it could be done (1.2.3) for an effect that
    needs it done in full (``if_done``: 11.4.2, 11.20.3)."""
    if not source_works(replay, effect):
        replay.done = False
        return
    until = effect.until or Duration.PERMANENT
    lasting = "（在此回合期間）" if until is Duration.END_OF_TURN else ""
    aimed = effect.modify or effect.keyword
    if aimed is not None and replay.state.locate(aimed.card) is None:
        replay.not_applied(f"{aimed.card} 已不在戰場上，無法對其執行此效果，該效果不予執行。", "1.2.3")
        replay.done = False
        return
    if effect.modify is not None:
        change = effect.modify
        card = replay.card(change.card)
        card.modifiers.append(Modifier(stat=change.stat, by=change.by, until=until, source=effect.source))
        leans, clauses = replay.notes.pop("leans", (None, ()))
        if leans == replay.index:
            replay.notes.setdefault("leaning", []).extend(
                (card.name, clause, change.stat, change.by) for clause in clauses
            )
        if change.stat == "bp":
            replay.step(f"{card.name} BP{change.by:+d}{lasting}。", "11.7.1", bp=change.by)
            decides_table(replay, "11.7.1")
        else:
            word = "上升" if change.by > 0 else "降低"
            replay.step(
                f"{card.name} {word}{abs(change.by)}級{lasting}：僅 BP 變化，狀態不變。", "11.6.1", "11.6.2"
            )
            decides_table(replay, "11.6.1")
    elif effect.keyword is not None:
        card = replay.card(effect.keyword.card)
        for word in effect.keyword.add:
            card.grants.append(Grant(keyword=word, until=until))
            if word == INVALID:
                replay.step(f"{card.name} 的效果說明{lasting}無效，結算後立即失效。", "11.13.1", "11.13.2")
                decides_table(replay, "11.13.1")
                continue
            said = "獲得勝利" if word == Forced.WIN.value else "視為平局"
            replay.step(f"{card.name} 的對戰「{said}」{lasting}。", "11.16.1")
            decides_table(replay, "11.16.1")
        for word in effect.keyword.remove:
            card.grants.append(Grant(keyword=word, removed=True, until=until))
            replay.step(f"{card.name} 不再受「{word}」效果影響{lasting}。", "11.16.1")
    elif effect.destroy is not None or effect.remove is not None:
        target = effect.destroy or effect.remove
        assert target is not None
        found = replay.state.locate(target.card)
        if found is None:
            replay.not_applied(f"{target.card} 不在戰場上，此效果不予執行。", "1.2.3")
            replay.done = False
        else:
            leave_field(replay, found, "discard" if effect.destroy else "removed")
    elif effect.move is not None:
        if effect.cost:
            _pay(replay, effect.move)
        _move(replay, effect.move)
    elif effect.draw is not None:
        deck = replay.state.players[effect.draw.player].deck.total
        replay.done = None if deck is None else deck >= effect.draw.count
        drawn = [draw_one(replay, effect.draw.player, "11.10.1") for _ in range(effect.draw.count)]
        if any(drawn):
            decides_table(replay, "11.10.1")


def unmade(replay: Run, effect: Effect, clauses: tuple[str, ...]) -> None:
    """An effect passed over — declined (11.3.2), its condition not met (11.1), the part before it not
    done in full (11.20.3, 11.4.2) —: a change it would have made is noted with those clauses, so the
    judgment can weigh whether it would have turned a battle."""
    if effect.modify is not None and replay.state.locate(effect.modify.card) is not None:
        change = effect.modify
        replay.notes.setdefault("unmade", []).extend(
            (change.card, clause, change.stat, change.by) for clause in clauses
        )
    elif effect.keyword is not None and replay.state.locate(effect.keyword.card) is not None:
        replay.notes.setdefault("unmade", []).extend(  # a battle it would have forced (11.16)
            (effect.keyword.card, clause, word, 0) for word in effect.keyword.add for clause in clauses
        )


def goes_on(replay: Run, effect: Effect, before: Action) -> None:
    """``effect`` follows a part of its card's text that was not done in full, and does not need it:
    the (B) of 「(A)，即可(B)。」, a choice (11.19.3) after an (A) done as far as it could be (11.19.2);
    or of 「(A)。此外，(B)。」, which applies even when (A) could not be done or was declined (11.14.2).
    A change it makes leans on those clauses."""
    label = replay.rules.label(effect)
    declined = isinstance(before, Effect) and before.optional
    if effect.optional and not declined:
        clauses: tuple[str, ...] = ("11.19.2", "11.19.3")
        text = f"「(A)，即可(B)。」：(A)無法完全執行，盡可能執行了可執行的部分；(B) {label} 為選擇性執行，不以(A)完全執行為條件。"
    else:
        clauses = ("11.14.2",)
        text = f"前一個效果未完全執行或選擇不發揮，但 {label} 不以其執行為條件（「(A)。此外，(B)。」），依然可以選擇發揮。"
    replay.step(text, *clauses)
    replay.notes["leans"] = (replay.index, clauses)


def _pay(replay: Run, move: Move) -> None:
    """A [發動]'s cost (9.4.3) is paid in full, or the effect is not used at all (9.4.4)."""
    source = _zone(replay, move.from_)
    if move.cards:
        payable: bool | None = all(source.find(name) is not None for name in move.cards) or (
            None if source.unnamed is None or source.unnamed else False
        )
        wanted = len(move.cards)
    else:
        assert move.count is not None  # count or cards (the model's check)
        wanted = move.count
        payable = None if source.total is None else source.total >= wanted
    where = f"{move.from_.player}.{move.from_.zone}"
    paid = replay.fact(
        f"cost:{replay.index}", payable, (True, False), f"{where} 是否足以支付 {wanted} 張牌的消耗", "9.4.4"
    )
    if not paid:
        replay.refuse(
            f"消耗需自 {where} 移動 {wanted} 張牌，無法全部支付；無法支付所記述的全部消耗，則無法使用該[發動]型效果。",
            "9.4.4",
        )
    replay.step(f"支付「→」左側記述的消耗：自 {where} 移動 {wanted} 張牌。", "9.4.3", "9.4.1")
    decides_table(replay, "9.4.3")


def _zone(replay: Run, place: Place) -> Zone[UcgCard]:
    assert place.player is not None and place.zone is not None  # a zone place (checked by the model)
    found: Zone[UcgCard] = replay.state.players[place.player].zone(place.zone)
    return found


def _move(replay: Run, move: Move) -> None:
    if move.from_.card is not None:
        off_character(replay, move)
        return
    source = _zone(replay, move.from_)
    wanted = move.count if move.count is not None else len(move.cards)
    taken = _take(source, move, wanted)
    moved = len(taken.named) + taken.unnamed
    where = f"{move.from_.player}.{move.from_.zone}"
    charge = move.to.card is not None and move.from_.zone == "deck"
    if charge:  # 「最多(X)張」 (11.17.1): any card charged is the charge done
        replay.done = True if moved else (None if taken.unknown else False)
    else:
        replay.done = None if taken.unknown else moved == wanted
    if taken.unknown:
        replay.step(f"自 {where} 移動 {wanted} 張牌（盡可能執行；該領域張數未知）。", "1.2.3", count=wanted)
    elif charge and 0 < moved < wanted:
        replay.step(
            f"充能為公開牌組上方最多 {wanted} 張牌並放置；牌組只有 {moved} 張，放置 {moved} 張即已執行充能。",
            "11.17.1",
            moved=moved,
        )
    elif charge and not moved:
        replay.not_applied(
            f"{where} 沒有牌可公開，沒有任何充能牌放置在 {move.to.card} 下方：充能未執行。",
            "11.17.1",
            "1.2.3",
        )
        return
    elif moved < wanted:
        replay.step(
            f"自 {where} 應移動 {wanted} 張牌，但只有 {moved} 張：可以執行的部分照常執行。",
            "1.2.3",
            moved=moved,
        )
        decides_table(replay, "1.2.3")
    if move.to.card is not None:
        _charge(replay, move.to.card, moved, taken.unknown)
        return
    target = _zone(replay, move.to)
    if move.to.position == "top":
        target.cards[0:0] = taken.named
    else:
        target.cards.extend(taken.named)
    if taken.unknown or target.unnamed is None:
        target.unnamed = None
    else:
        target.unnamed += taken.unnamed
    if not taken.unknown:
        replay.step(f"自 {where} 移動 {moved} 張牌至 {move.to.player}.{move.to.zone}。", "3.2.3", moved=moved)


class _Taken:
    def __init__(self) -> None:
        self.named: list[UcgCard] = []
        self.unnamed = 0
        self.unknown = False


def _take(source: Zone[UcgCard], move: Move, wanted: int) -> _Taken:
    taken = _Taken()
    if move.cards:
        for name in move.cards:
            card = source.find(name)
            if card is not None:
                source.cards.remove(card)
                taken.named.append(card)
        return taken
    order = source.cards if move.from_.position == "top" else source.cards[::-1]
    taken.named = order[:wanted]
    for card in taken.named:
        source.cards.remove(card)
    rest = wanted - len(taken.named)
    if rest:
        if source.unnamed is None:
            taken.unknown = True
        else:
            taken.unnamed = min(rest, source.unnamed)
            source.unnamed -= taken.unnamed
    return taken


def _charge(replay: Run, name: str, count: int, unknown: bool) -> None:
    found = replay.state.locate(name)
    if found is None:
        replay.not_applied(f"{name} 不在戰場上，無法放置充能牌。", "1.2.3")
        replay.done = False
        return
    character = found[2]
    if unknown or character.charges is None:
        character.charges = None
    else:
        character.charges += count
    replay.step(
        f"將牌以橫向面朝下的方式放置在 {name} 下方作為充能牌（放在先前的充能牌之下），附加於該角色。",
        "11.17.1",
        "11.17.3",
        charges=character.charges,
    )
    decides_table(replay, "11.17.1")


def say_order(replay: Run, waiting: list[Effect]) -> None:
    """Say who orders triggered effects that wait together: both players' go the first player's
    first (10.1.3.4); several of one player's go in the order that player chooses (10.1.3.2; of
    one card, its owner's choice, 10.2.1), which the timeline states by listing them so."""
    first = replay.state.turn_player
    owners = [effect.by or first for effect in waiting]
    if all(player in owners for player in PLAYERS):
        replay.step("雙方同時觸發的效果，從先攻方玩家開始依次結算。", "10.1.3.4")
    for player in PLAYERS:
        own = [effect for effect, owner in zip(waiting, owners, strict=True) if owner is player]
        if len(own) < 2:
            continue
        sources = {effect.source for effect in own}
        one_card = len(sources) == 1 and None not in sources
        replay.step(
            f"{_name(player)}的 {len(own)} 個效果同時發揮，由{_name(player)}選擇發揮的順序："
            "依時間軸列出的順序結算。",
            "10.2.1" if one_card else "10.1.3.2",
        )
