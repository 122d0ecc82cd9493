"""The ucg turn (5.1.2): nine phases in order, four of them split into the first player's step
and the second player's; each a :class:`~judge.replay.Procedure` citing its clause.

What the rules do on their own happens here: who plays first (5.2), the draw
(5.3, with the first turn's skip and 1.3.6), the duty to set a character and
fill empty areas (5.5, 12.4.3, 1.3.4), opening face-down cards and their
《當本角色登場時》 effects (5.7), the judgment (5.9, :mod:`judge.games.ucg.battle`) and the
end of "this turn" effects (5.10.2).
"""

from __future__ import annotations

from collections.abc import Callable

from judge.action import Action, NextTurn
from judge.games.ucg.actions import SetCharacter
from judge.games.ucg.battle import first_player, judge, judgment_of
from judge.games.ucg.bp import INVALID
from judge.games.ucg.state import Area, Character, PrintedBP, UcgCard, UcgState
from judge.outcome import Result
from judge.players import PLAYERS, Player, turn_order
from judge.replay import Point, Procedure, Replay, accepts
from judge.state import Duration, Status

Run = Replay[UcgState]


def step_player(replay: Run) -> Player:
    """Whose step it is: the first player's, or the second player's."""
    first = first_player(replay)
    return first if replay.state.step == "first" else first.other


def _name(player: Player) -> str:
    return f"玩家 {player.value} "


# -- 5.2 start, 5.3 draw ---------------------------------------------------------------------------


def start_phase(replay: Run) -> None:
    first = first_player(replay)
    replay.state.scene_set = False
    replay.step(f"起始階段：本回合的先攻方為{_name(first)}，後攻方為{_name(first.other)}。", "5.2.1")


def decides_table(replay: Run, *clauses: str) -> None:
    """Mark ``clauses`` decisive where the table a ruling ends with is its outcome: until a judgment
    is made in the replay (the judgment decides the game and the next turn, and what it finds
    replaces what decided before it)."""
    if judgment_of(replay) is None:
        replay.log.mark_decisive(*clauses)


def draw_one(replay: Run, player: Player, *cites: str) -> bool:
    """One card from the top of ``player``'s deck to the hand; an empty deck is not a loss (1.3.6),
    which decides a ruling the game's result does not (a judgment's decides it instead).  Whether
    a card may have been drawn."""
    side = replay.state.players[player]
    deck, hand = side.deck, side.hand
    if deck.total == 0:
        replay.step(
            f"{_name(player)}的牌組中沒有牌，無法抽牌，此部分不予執行；不會因此判定為敗北。",
            *cites,
            "1.2.3",
            "1.3.6",
            deck=0,
        )
        replay.not_applied(f"{_name(player)}無法從牌組抽牌，但不會因此判定為敗北。", "1.3.6")
        decides_table(replay, "1.3.6")
        return False
    if deck.cards:
        card = deck.cards.pop(0)
        hand.cards.append(card)
        replay.step(f"{_name(player)}從牌組最上方抽一張牌（{card.name}）加入手牌。", *cites, card=card.name)
    elif deck.unnamed:
        deck.unnamed -= 1
        if hand.unnamed is not None:
            hand.unnamed += 1
        replay.step(
            f"{_name(player)}從牌組最上方抽一張牌加入手牌。", *cites, deck=deck.total, hand=hand.total
        )
    else:  # how many cards the deck holds is not known, and need not be: no draw is a loss
        hand.unnamed = None
        replay.step(
            f"{_name(player)}從牌組最上方抽一張牌加入手牌（牌組張數未知；即使沒有牌而無法抽牌，也不會判定為敗北）。",
            *cites,
            "1.3.6",
        )
        replay.not_applied(f"即使{_name(player)}的牌組沒有牌而無法抽牌，也不會判定為敗北。", "1.3.6")
        decides_table(replay, "1.3.6")
    return True


def draw_phase(replay: Run) -> None:
    """No draw in the game's first turn (5.3.1).  A battle area on the field before this turn's
    character phase answers that when the board gives no turn number: each turn's character phase
    opens one (5.5.5), so the first turn begins with none.  Whether the players draw decides the
    hands a ruling ends with (a later judgment decides in its place)."""
    turn, areas = replay.state.turn, replay.state.areas
    known = turn == 1 if turn is not None else (False if areas else None)
    first_turn = replay.fact("first_turn", known, (True, False), "本回合是否為遊戲的初始回合", "5.3.1")
    if turn is None and areas:
        replay.not_applied(
            f"戰場上已有 {len(areas)} 個之前回合展開的戰鬥區，本回合不是遊戲的初始回合，照常抽牌。", "5.3.1"
        )
    if first_turn:
        replay.step("遊戲的初始回合不進行抽牌。", "5.3.1")
        decides_table(replay, "5.3.1")
        return
    drawn = [draw_one(replay, player, "5.3.2") for player in turn_order(first_player(replay))]
    if any(drawn):
        decides_table(replay, "5.3.2")


def scene_phase(replay: Run) -> None:
    """Scenes are set from the scene phase on (5.4.1, 6.2.2): none was set this turn before it."""
    if replay.state.scene_set is None:
        replay.state.scene_set = False


# -- 5.5 characters ---------------------------------------------------------------------------------


def character_phase(replay: Run) -> None:
    """Each character phase starts afresh: no new area opened yet, nobody's new character set yet
    (a timeline may run through several turns)."""
    replay.state.placed = []
    replay.notes.pop("new_area", None)
    for player in PLAYERS:
        replay.notes.pop(f"new:{player}", None)
    replay.notes["had_empty"] = {p: bool(empty_slots(replay, p)) for p in PLAYERS}


def empty_slots(replay: Run, player: Player) -> list[int]:
    """Area numbers (from 1) where ``player``'s side is empty, the area opened this phase aside."""
    opened = replay.notes.get("new_area")
    return [
        number
        for number, area in enumerate(replay.state.areas, start=1)
        if area.side(player) is None and number != opened
    ]


def _settable(card: UcgCard) -> bool | None:
    """Whether a hand card can be set as a character (a scene cannot; nor one without SINGLE BP, 11.15.1)."""
    if card.kind == "scene" or card.has_single_bp() is False:
        return False
    return True if card.kind == "character" and card.has_single_bp() else None


def _can_set(replay: Run, player: Player, needed: int) -> bool:
    """Whether ``player``'s hand holds ``needed`` character cards that can be set (11.15.1)."""
    hand = replay.state.players[player].hand
    settable = [_settable(card) for card in hand.cards]
    sure, maybe = settable.count(True), settable.count(None)
    known: bool | None = True if sure >= needed else None
    if hand.unnamed is not None and sure + maybe + hand.unnamed < needed:
        known = False
    clause = "5.5.3.1" if replay.state.step == "first" else "5.5.4.1"
    can: bool = replay.fact(
        f"{player}.can_set:{replay.state.turn}",
        known,
        (True, False),
        f"{_name(player)}手牌中是否有 {needed} 張可設置的角色牌",
        clause,
    )
    return can


def _no_single_bp(replay: Run, player: Player) -> None:
    """The character cards in ``player``'s hand that print no SINGLE BP, which decide a loss: they
    cannot be set from the hand (11.15.1)."""
    hand = replay.state.players[player].hand
    unset = [card.name for card in hand.cards if card.kind != "scene" and card.has_single_bp() is False]
    if unset:
        replay.step(
            f"{_name(player)}手牌中的 {'、'.join(unset)} 不持有 SINGLE BP，無法從手牌以 SINGLE 狀態設置於戰鬥區。",
            "11.15.1",
            decisive=True,
        )


def character_step_end(replay: Run) -> None:
    """Each player must set one new character and fill every empty area of theirs (5.5, 12.4.3)."""
    from judge.games.ucg.outcome import UcgReason

    player = step_player(replay)
    first = replay.state.step == "first"
    clause = "5.5.3.1" if first else "5.5.4.1"
    new_set = replay.notes.get(f"new:{player}", False)
    empty = empty_slots(replay, player)
    needed = (0 if new_set else 1) + len(empty)
    if needed == 0:
        replay.not_applied(f"{_name(player)}已設置新的角色牌，不會因無法設置而敗北。", "1.3.4")
        if replay.notes.get("had_empty", {}).get(player):
            replay.not_applied(
                f"{_name(player)}已在自己所有空出的戰鬥區中設置角色牌，不會因此敗北。", "12.4.3"
            )
        return
    _set_later(replay, player, clause)
    if not _can_set(replay, player, needed):
        replay.log.decisive = []  # the hand decides the loss, not the judgment that came before
        _no_single_bp(replay, player)
        emptied = replay.notes.get("emptied", {})
        for slot in empty:  # a slot an effect emptied is one the player had to fill (12.4.1)
            replay.log.mark_decisive(*emptied.get((slot, player), ()))
        if new_set:
            replay.end_game(
                Result.WON,
                UcgReason.CANNOT_FILL_EMPTY_AREA,
                player.other,
                f"{_name(player)}無法在自己所有空出的戰鬥區中設置角色牌，立即敗北。",
                "12.4.3",
            )
        replay.end_game(
            Result.WON,
            UcgReason.CANNOT_SET_CHARACTER,
            player.other,
            f"{_name(player)}無法將新的角色牌面朝下放置在戰場上，立即敗北。",
            "1.3.4",
            *(("12.4.3",) if empty else ()),
        )
    hand = replay.state.players[player].hand
    for number in ([] if new_set else [None]) + list(empty):
        name = (
            f"?{replay.state.turn or ''}{'先' if first else '後'}{number or ''}"  # the same for either player
        )
        place(replay, player, Character(name=name, cards=1, bp=PrintedBP()), number)
        if hand.unnamed:
            hand.unnamed -= 1
        else:
            hand.unnamed = None
        replay.step(
            f"{_name(player)}設置了一張角色牌 {name}（盤面未說明是哪一張）。",
            clause,
            *(("12.4.3",) if number else ()),
        )
    replay.not_applied(f"{_name(player)}能設置角色牌，不會因無法設置而敗北。", "1.3.4")


def _set_later(replay: Run, player: Player, clause: str) -> None:
    """Refuse the action that ends ``player``'s character step while the timeline lists, later in
    this turn, ``player`` setting the character that step was for: a set is not optional (5.5.3.1,
    5.5.4.1), so that step cannot have passed without it.  (A step the timeline says nothing more of
    is taken as a set card it does not name.)"""
    for action in replay.timeline.actions[replay.index + 1 :]:
        if isinstance(action, NextTurn):
            return
        if isinstance(action, SetCharacter) and action.player is player and not action.by_effect:
            role = "先攻方" if clause == "5.5.3.1" else "後攻方"
            replay.refuse(
                f"本回合{_name(player)}為{role}，其角色牌設置步驟在此動作之前，且必須在該步驟中設置角色牌；"
                f"時間軸卻在此動作之後才列出{_name(player)}設置 {action.card.name}，不符合回合的進行順序。",
                "5.1.2",
                "5.5.1",
                clause,
            )


def place(replay: Run, player: Player, character: Character, number: int | None) -> int:
    """Put a character face down and upright in area ``number`` (an empty slot) or a new area."""
    state = replay.state
    character.face_down, character.status = True, Status.ACTIVE
    character.entered_turn = state.turn
    if number is None:
        opened = replay.notes.get("new_area")
        if opened is None:
            state.areas.append(Area())
            opened = len(state.areas)
            replay.notes["new_area"] = opened
        number = opened
        replay.notes[f"new:{player}"] = True
    state.areas[number - 1].put(player, character)
    state.placed.append(character.name)
    return number


# -- 5.6 level up, 5.7 open, 5.8 effects ------------------------------------------------------------


def level_up_phase(replay: Run) -> None:
    replay.state.leveled = []
    replay.state.placed = []
    replay.notes.pop("leveled", None)


def level_up_phase_end(replay: Run) -> None:
    """A level-up phase in which nobody levels up still passes (5.1.3): leveling up is a choice (5.6.1)."""
    if not replay.state.leveled:
        replay.step("升級階段：雙方均未進行升級（可以升級，但並非必須），此階段結束。", "5.6.1", "5.1.3")


def open_phase(replay: Run) -> None:
    """Every face-down card on the field turns face up (5.7.1); the first player's appear first."""
    flipped: dict[str, Player] = {}
    for _, owner, character in replay.state.characters():
        if character.face_down or character.name in replay.state.placed:
            flipped[character.name] = owner
        if character.face_down is not False:
            character.face_down = False
    replay.notes["opened"] = flipped
    if flipped:
        replay.step(
            f"開放階段開始時，雙方將戰場上所有面朝下的牌翻轉為面朝上：{'、'.join(flipped)}。", "5.7.1"
        )
    else:
        replay.step("開放階段：戰場上沒有面朝下的牌，也沒有角色登場，此階段結束。", "5.7.1", "5.1.3")
    _appear(replay, "5.7.2.1")


def open_second_step(replay: Run) -> None:
    _appear(replay, "5.7.3.1")


def _appear(replay: Run, clause: str) -> None:
    """The step player's characters that came face up this phase appear (9.2.2); the effects of one
    that has left the top of its character since do not resolve (10.1.3.2)."""
    player = step_player(replay)
    opened: dict[str, Player] = replay.notes.get("opened", {})
    on_top = {character.name for _, _, character in replay.state.characters()}
    for name, owner in opened.items():
        if owner is not player:
            continue
        if name in on_top:
            replay.event("enters", card=name, player=player)
            continue
        returned = any(replay.state.players[p].hand.find(name) for p in PLAYERS)  # 11.12.2's case
        for effect in [
            e for e in replay.waiting if e.when and e.when.event == "enters" and e.when.card == name
        ]:
            replay.waiting.remove(effect)
            replay.not_applied(
                f"{name} 翻為正面時觸發的效果，結算時該卡牌已不在角色的最上方（或已不在戰場上），不予結算。",
                "10.1.3.2",
                *(("11.12.2",) if returned else ()),
            )
    if not replay.fired:
        return
    later = clause == "5.7.2.1" and any(
        e.when is not None and e.when.event == "enters" and opened.get(e.when.card or "") is player.other
        for e in replay.waiting
    )
    first = "（後攻方的登場時效果在其後的步驟結算：從先攻方玩家開始依次結算）" if later else ""
    cites = (clause, "10.1.3.4") if later else (clause,)
    replay.step(f"{_name(player)}的登場時效果依次結算{first}。", *cites)
    decides_table(replay, *cites)  # whose step it is orders the two players' appear effects


def effect_phase(replay: Run) -> None:
    replay.notes["activated"] = {}


# -- 5.9 judgment, 5.10 end ---------------------------------------------------------------------------


def end_phase(replay: Run) -> None:
    """ "This turn" effects end (5.10.2); a BP or level change among them is noted as lost, so a
    later judgment can tell whether its ending decides (as a lasting effect whose source left)."""
    for note in ("unmade", "leaning", "brought_out"):  # this turn's, over with it
        replay.notes.pop(note, None)
    # a text made invalid this turn stays so for its 「回合結束時」 effects, which come as the turn ends
    replay.notes["invalid_at_end"] = {c.name for _, _, c in replay.state.characters() if c.has(INVALID)}
    for _, _, character in replay.state.characters():
        replay.notes.setdefault("lost", []).extend(
            (character.name, "5.10.2", m.stat, m.by)
            for m in character.modifiers
            if m.until is Duration.END_OF_TURN
        )
        replay.notes["lost"].extend(  # a battle it forced (11.16), as a keyword in place of a stat
            (character.name, "5.10.2", g.keyword, 0)
            for g in character.grants
            if g.until is Duration.END_OF_TURN and not g.removed
        )
    ended = replay.expire(
        Duration.END_OF_TURN,
        lambda card, what: f"結束階段：{card.name} 的「在此回合期間」效果（{what}）結束。",
        "5.10.2",
    )
    if not ended:
        replay.step("結束階段：進行回合結束處理，沒有期限到回合結束為止的效果。", "5.10.1")
    replay.event("turn_end")


def by_step_player(verb: str, step: str) -> Callable[[UcgState, Action], bool]:
    """A procedure test: ``verb`` from the player whose step ``step`` is (either, if the
    first player is not known yet: the replay asks when it gets there)."""

    def test(state: UcgState, action: Action) -> bool:
        if action.verb != verb:
            return False
        first = state.turn_player
        return first is None or getattr(action, "player", None) is (first if step == "first" else first.other)

    return test


TURN: tuple[Procedure[UcgState], ...] = (
    Procedure(Point("start"), "5.2.1", start=start_phase),
    Procedure(Point("draw"), "5.3.2", start=draw_phase),
    Procedure(Point("scene"), "5.4.1", accepts=accepts("set_scene"), start=scene_phase),
    Procedure(
        Point("character", "first"),
        "5.5.3.1",
        accepts=by_step_player("set_character", "first"),
        start=character_phase,
        end=character_step_end,
    ),
    Procedure(
        Point("character", "second"),
        "5.5.4.1",
        accepts=by_step_player("set_character", "second"),
        end=character_step_end,
    ),
    Procedure(
        Point("level_up", "first"),
        "5.6.2.1",
        accepts=by_step_player("level_up", "first"),
        start=level_up_phase,
    ),
    Procedure(
        Point("level_up", "second"),
        "5.6.3.1",
        accepts=by_step_player("level_up", "second"),
        end=level_up_phase_end,
    ),
    Procedure(Point("open", "first"), "5.7.2.1", start=open_phase),
    Procedure(Point("open", "second"), "5.7.3.1", start=open_second_step),
    Procedure(
        Point("effect", "first"),
        "5.8.2.1",
        accepts=by_step_player("activate", "first"),
        start=effect_phase,
    ),
    Procedure(Point("effect", "second"), "5.8.3.1", accepts=by_step_player("activate", "second")),
    Procedure(Point("judgment"), "5.9.1", start=judge),
    Procedure(Point("end"), "5.10.1", start=end_phase),
)
