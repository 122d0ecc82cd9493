"""What each ucg action does, and the clause that refuses it when the rules forbid it.

* ``set_scene`` — 5.4, 6.1–6.3: the first player, once a turn, a round icon
  no higher than the round count, a replacement of the same or a higher
  round; then the draw 6.2.1 allows (a choice), before the scene's own
  effects (6.2.3);
* ``set_character`` — 5.5: face down, upright, one new character a turn
  and every empty area of one's own filled (12.4.3); a card without a
  SINGLE BP cannot be set (11.15.1); by a card effect (``by_effect``), face up
  into an empty slot, its 《當本角色登場時》 applying at once (11.8);
* ``swap`` — 11.9: two of one player's characters change areas, and do not
  appear anew (11.9.2);
* ``level_up`` — 5.6: the same character name (or a shared [TEAM], 11.18.1),
  exactly one level higher, once per character per phase;
* ``activate`` — 9.4: a face-up top card (10.1.1, 10.1.3.1), or the scene by
  its owner alone (6.3.3), no more often than it prints (9.4.2), its whole cost
  paid (9.4.4).
"""

from __future__ import annotations

from typing import TypeVar

from judge.board import BoardError, BoardProblem
from judge.effects import Effect
from judge.games.ucg.actions import Activate, LevelUp, SetCharacter, SetScene, Swap
from judge.games.ucg.battle import first_player
from judge.games.ucg.bp import INVALID
from judge.games.ucg.field import WHERE
from judge.games.ucg.state import Character, Scene, Stack, UcgCard, UcgState
from judge.games.ucg.turn import decides_table, draw_one, empty_slots, place, step_player
from judge.players import Player
from judge.replay import Replay
from judge.state import Status, Zone

Run = Replay[UcgState]


def _name(player: Player) -> str:
    return f"玩家 {player.value} "


C = TypeVar("C", bound=UcgCard)


def take_from_hand(replay: Run, player: Player, stated: C, *from_hand: str, by_effect: bool = False) -> C:
    """The card leaves ``player``'s hand, as the action states it and the hand describes it.  A card
    the board puts in another of the player's zones is refused there (``from_hand``: the clause
    that takes it from the hand; a removed card cannot be used again, 3.8.2), unless a card effect
    brings it from that zone (``by_effect``)."""
    found = _take_from_hand(replay, player, stated.name, from_hand, by_effect)
    if found is None:
        return stated
    known = found.model_dump(exclude_unset=True)
    return type(stated).model_validate({**known, **stated.model_dump(exclude_defaults=True)})


def _elsewhere(replay: Run, player: Player, name: str) -> tuple[str, UcgCard] | None:
    """The zone other than the hand where the board puts ``player``'s card ``name``, and the card."""
    for zone, cards in replay.state.players[player].zones().items():
        card = cards.find(name) if zone != "hand" else None
        if card is not None:
            return zone, card
    return None


def _take_from_hand(
    replay: Run, player: Player, name: str, from_hand: tuple[str, ...], by_effect: bool
) -> UcgCard | None:
    """The named card leaves ``player``'s hand: a named card of the hand, or one it did not name."""
    hand: Zone[UcgCard] = replay.state.players[player].hand
    card = hand.find(name)
    if card is not None:
        hand.cards.remove(card)
        return card
    elsewhere = _elsewhere(replay, player, name)
    if elsewhere is not None:
        zone, card = elsewhere
        where = f"{_name(player)}的{WHERE[zone][0]}"
        if by_effect:
            replay.state.players[player].zone(zone).cards.remove(card)
            replay.step(f"{name} 由效果自{where}取出。", "3.2.3")
            return card
        if zone == "removed":
            replay.refuse(f"{name} 已從遊戲中移除，在該場比賽中將無法再使用。", "3.8.2")
        replay.refuse(f"{name} 在{where}，不在手牌中；只能使用手牌中的卡牌。", *from_hand)
    if hand.unnamed == 0:  # the board lists the whole hand, and not this card
        action = replay.timeline.actions[replay.index]
        held = "、".join(card.name for card in hand.cards) or "沒有牌"
        raise BoardError(
            [
                BoardProblem(
                    f"actions[{replay.index}].{action.verb}",
                    f"{_name(player)}的手牌中沒有卡牌 {name}（手牌：{held}）",
                )
            ]
        )
    if hand.unnamed:
        hand.unnamed -= 1
    return None


# -- set_scene -----------------------------------------------------------------------------------------


def set_scene(replay: Run, action: SetScene) -> None:
    """The scene's own conditions come first (6.3.1, 6.3.2), then the once-a-turn limit (5.4.2):
    a scene refused on its round needs no word on whether one was set before it."""
    state, player = replay.state, action.player
    scene = take_from_hand(replay, player, action.card, "5.4.1", by_effect=action.by_effect)
    first = first_player(replay)
    if not action.by_effect and player is not first:
        replay.refuse(
            f"場景牌設置階段是先攻方玩家 {first.value} 設置場景牌的階段，玩家 {player.value} 不能在此階段設置。",
            "5.4.1",
        )
    rounds = len(state.areas)
    icon = replay.fact(f"{scene.name}.round", scene.round, None, f"場景牌 {scene.name} 的回合圖標", "2.4.2.2")
    if icon > rounds:
        replay.refuse(
            f"戰場上有 {rounds} 個戰鬥區，回合數為 {rounds}；「{scene.name}」的回合圖標為 {icon}，超過回合數，不能放置。",
            "6.3.1",
            "2.4.2.3",
        )
    current = state.scene
    current_round = None
    if current is not None:
        current_round = replay.fact(
            f"{current.name}.round", current.round, None, f"現有場景 {current.name} 的回合圖標", "6.3.2"
        )
        if icon < current_round:
            replay.refuse(
                f"現有場景「{current.name}」的回合數為 {current_round}，只能以相同或更高回合數的場景牌替換；"
                f"「{scene.name}」為 {icon}。",
                "6.3.2",
            )
    _first_scene_this_turn(replay)
    replay.step(
        f"戰場上有 {rounds} 個戰鬥區，回合數為 {rounds}；「{scene.name}」的回合圖標為 {icon}，可以放置。",
        "2.4.2.3",
        "2.4.2.2",
        "6.3.1",
        decisive=True,
        rounds=rounds,
        icon=icon,
    )
    placed = scene.model_copy(update={"owner": player, "round": icon})
    if current is None:
        replay.step(f"場景區沒有場景，「{scene.name}」以正面朝上設置於場景區。", "6.1.1", "6.1.2")
    else:
        owner = replay.fact(
            f"{current.name}.owner",
            current.owner,
            (Player.A, Player.B),
            f"場景 {current.name} 的持有者",
            "6.3.2",
        )
        replay.state.players[owner].discard.cards.insert(
            0, UcgCard(name=current.name, kind="scene", round=current_round)
        )
        replay.step(
            f"「{scene.name}」的回合數 {icon} 不低於現有場景「{current.name}」的 {current_round}，可以替換；"
            f"「{current.name}」移至其持有者玩家 {owner.value} 的棄牌區。",
            "6.3.2",
            "6.1.1",
            decisive=True,
        )
    state.scene = Scene.model_validate(placed.model_dump())
    state.scene_set = True
    _scene_draw(replay, action)
    replay.event("scene_set", card=scene.name, player=player)


def _first_scene_this_turn(replay: Run) -> None:
    """Refuse a second scene this turn (5.4.2, 6.1.2).  An empty scene area answers the question
    when the board does not: a scene once set stays there, and leaves only when a newly set one
    replaces it (6.3.2), so none was set this turn.  Only a scene in the area leaves it open."""
    state = replay.state
    known = state.scene_set
    if known is None and state.scene is None:
        known = False
    already = replay.fact("scene_set", known, (True, False), "本回合是否已設置過場景牌", "5.4.2")
    if already:
        replay.refuse("本回合已設置過場景牌，場景牌每回合只能設置一張。", "5.4.2", "6.1.2")
    if state.scene_set is None and state.scene is None:
        replay.not_applied(
            "場景區沒有場景：設置的場景牌會留在場景區，只會被新設置的場景牌替換，因此本回合尚未設置過場景牌。",
            "5.4.2",
            "6.3.2",
        )
    else:
        replay.not_applied("本回合尚未設置過場景牌，不受每回合只能設置一張的限制。", "5.4.2")


def _scene_draw(replay: Run, action: SetScene) -> None:
    player = action.player
    waiting = [e for e in replay.waiting if e.when is not None and e.when.event == "scene_set"]
    if action.by_effect:
        replay.step("透過效果設置場景牌時，可以在所有相關效果處理完畢後才進行抽牌。", "6.2.2")
        if waiting:
            replay.log.conflict(
                "此場景有《當本場景出現時》等效果：6.2.3 規定登場時的抽牌先於該效果進行，"
                "6.2.2 則允許透過效果設置時在所有相關效果處理完畢後才抽牌；規則書未說明兩者的先後。",
                "6.2.2",
                "6.2.3",
            )
    elif waiting:
        replay.step("這次抽牌先於《當本場景出現時》等效果進行。", "6.2.3")
        decides_table(replay, "6.2.3")
    draw = replay.choose(
        player, "scene_draw", action.draw, (True, False), f"{_name(player)}是否抽一張牌", "6.2.1"
    )
    if draw:
        if draw_one(replay, player, "6.2.1"):
            decides_table(replay, "6.2.1")
    else:
        replay.step(f"設置場景牌的{_name(player)}選擇不抽牌。", "6.2.1")


# -- set_character --------------------------------------------------------------------------------------


def set_character(replay: Run, action: SetCharacter) -> None:
    state, player = replay.state, action.player
    first = step_player(replay) is first_player(replay)
    clause = "5.5.3.1" if first else "5.5.4.1"
    card = take_from_hand(replay, player, action.card, clause, by_effect=action.by_effect)
    single = replay.fact(
        f"{card.name}.single_bp",
        card.has_single_bp(),
        (True, False),
        f"角色牌 {card.name} 是否持有 SINGLE BP",
        "11.15.1",
    )
    if not single:
        replay.refuse(
            f"{card.name} 不持有 SINGLE BP，從手牌作為角色設置時無法以 SINGLE 狀態登場。", "11.15.1"
        )
    if action.by_effect:
        _appear_by_effect(replay, action, card)
        return
    number = action.area
    if number is not None:
        if number not in empty_slots(replay, player):
            replay.refuse(
                f"戰鬥區 {number} 不是{_name(player)}空出的戰鬥區；已設置的角色牌不能移動或移除。",
                "5.5.6",
                "12.4.3",
            )
    elif replay.notes.get(f"new:{player}"):
        replay.refuse(f"{_name(player)}在本階段已設置過新的角色牌；每位玩家只設置一張。", clause)
    elif not first and not state.areas:
        replay.refuse(
            "後攻玩家需將角色牌設置在與先攻玩家所放卡牌相對的位置，但先攻玩家沒有設置角色牌。", "5.5.4.1"
        )
    elif not first and replay.notes.get("new_area") is None:
        newest = len(state.areas)
        if state.areas[-1].side(player) is not None:
            replay.refuse(f"最新的戰鬥區 {newest} 已有{_name(player)}的角色。", "5.5.4.1")
        replay.notes["new_area"] = newest
    character = Character.model_validate({**card.model_dump(exclude={"cards"}), "cards": 1})
    number = place(replay, player, character, number)
    replay.step(
        f"{_name(player)}將角色牌 {card.name} 以縱向面朝下的方式設置在戰鬥區 {number}。",
        clause,
        *(("12.4.3",) if action.area else ()),
        area=number,
    )


def _appear_by_effect(replay: Run, action: SetCharacter, card: UcgCard) -> None:
    """「登場」 (11.8): the card comes face up into the slot the effect names, and its
    《當本角色登場時》 applies (11.8.2, 9.2.2); it is not the character the player sets this turn."""
    player, number = action.player, action.area
    if number is None:
        raise BoardError(
            [
                BoardProblem(
                    f"actions[{replay.index}].set_character.area",
                    "a character brought out by an effect needs the area it comes to (an empty slot of its player's)",
                )
            ]
        )
    areas = replay.state.areas
    if number > len(areas) or areas[number - 1].side(player) is not None:
        replay.refuse(
            f"戰鬥區 {number} 沒有{_name(player)}的空位；已設置的角色牌不能移動或移除。", "11.8.1", "5.5.6"
        )
    character = Character.model_validate(
        {**card.model_dump(exclude={"cards"}), "cards": 1, "face_down": False, "status": Status.ACTIVE}
    )
    character.entered_turn = replay.state.turn
    areas[number - 1].put(player, character)
    replay.step(
        f"{_name(player)}透過效果將角色牌 {card.name} 登場於戰鬥區 {number} 的空位。",
        "11.8.1",
        "12.4.1",
        area=number,
    )
    replay.notes.setdefault("brought_out", set()).add(card.name)  # this turn's: see bp.Fighter
    replay.event("enters", card=card.name, player=player)
    if replay.fired:
        replay.step(f"{card.name} 登場於戰場，適用其《當本角色登場時》效果。", "11.8.2", "9.2.2")


# -- swap -------------------------------------------------------------------------------------------------


def swap(replay: Run, action: Swap) -> None:
    """「交換位置」 (11.9): two of one player's characters change areas; neither appears anew, so a
    《當本角色登場時》 of theirs does not apply (11.9.2)."""
    where = f"actions[{replay.index}].swap.cards"
    found = []
    for name in action.cards:
        located = replay.state.locate(name)
        if located is None or located[2].name != name:
            raise BoardError([BoardProblem(where, f"{name} is not a character's top card on the field")])
        found.append(located)
    (first, owner, one), (second, other, two) = found
    if owner is not other:
        raise BoardError([BoardProblem(where, "expected two characters of the same player")])
    areas = replay.state.areas
    areas[first - 1].put(owner, two)
    areas[second - 1].put(owner, one)
    replay.step(
        f"{_name(owner)}的 {one.name}（戰鬥區 {first}）與 {two.name}（戰鬥區 {second}）交換位置。", "11.9.1"
    )
    for name in action.cards:
        replay.unfired(
            "enters",
            f"{name} 只是交換位置，並非登場，其《當本角色登場時》效果不會發揮。",
            "11.9.2",
            card=name,
        )


# -- level_up --------------------------------------------------------------------------------------------


def level_up(replay: Run, action: LevelUp) -> None:
    state, player = replay.state, action.player
    card = take_from_hand(replay, player, action.card, "5.6.1")
    found = state.locate(action.character)
    if found is None:
        raise BoardError([BoardProblem(f"actions[{replay.index}].level_up.character", "not on the field")])
    number, owner, top = found
    if owner is not player:
        replay.refuse(
            f"{top.name} 是{_name(owner)}的角色；玩家只能將手牌覆蓋在自己戰場上的角色牌上升級。{REMEDY}",
            "5.6.1",
            "12.1.1",
        )
    if top.name in state.leveled:
        replay.refuse(f"{top.name} 在本升級階段已升級過一次，每個升級階段最多只能升級一次。", "5.6.2.3")
    cards = replay.fact(f"{top.name}.cards", top.cards, None, f"{top.name} 疊加的角色牌張數", "8.1.1")
    if Stack.of(cards + 1) is None:
        replay.refuse(
            f"{top.name} 已疊加 {cards} 張；BP 只規定了一至四張卡牌（SINGLE 至 QUAD），無法再疊加。", "8.1.1"
        )
    _same_name(replay, top, card)
    _one_level_higher(replay, top, card)
    under = [*top.under, UcgCard.model_validate(top.model_dump(include=set(UcgCard.model_fields)))]
    stacked = top.topped_by(card, cards + 1, under)
    state.areas[number - 1].put(owner, stacked)
    state.leveled.append(stacked.name)
    state.placed.append(stacked.name)
    stack = Stack.of(cards + 1)
    text = f"{_name(player)}將 {card.name} 覆蓋在 {top.name} 上以縱向疊加的方式升級，成為 {stack} 狀態。"
    first = step_player(replay) is first_player(replay)
    replay.notes.setdefault("leveled", {})[stacked.name] = ("5.6.1", "5.6.2.1" if first else "5.6.3.1")
    if first:
        replay.step(text, "5.6.2.1", "8.1.1", state=stack)
        return
    # the second player's step allows the same (5.6.3.1): what lets this player level up at all
    replay.step(f"後攻方升級步驟：{text}", "5.6.3.1", "5.6.2.1", "8.1.1", state=stack)
    decides_table(replay, "5.6.3.1")


#: what a refused level up comes to if the card was stacked anyway and play went on (12.1.1)
REMEDY = "若已疊加並繼續遊戲，需將違規放置的卡牌返回手牌。"


def _same_name(replay: Run, top: Character, card: UcgCard) -> None:
    same = None
    if top.character is not None and card.character is not None:
        same = top.character == card.character
    same = replay.fact(
        f"{top.name}~{card.name}.name",
        same,
        (True, False),
        f"{card.name} 與 {top.name} 的角色名稱是否相同",
        "5.6.1",
    )
    if same:
        replay.step(f"{card.name} 與被覆蓋的 {top.name} 角色名稱相同。", "5.6.1", "2.3.2.2", decisive=True)
        return
    shared = None
    if top.team is not None and card.team is not None:
        shared = bool(set(top.team) & set(card.team))
    shared = replay.fact(
        f"{top.name}~{card.name}.team",
        shared,
        (True, False),
        f"{card.name} 與 {top.name} 是否擁有共同的 [TEAM]",
        "11.18.1",
    )
    if not shared:
        replay.refuse(
            f"{card.name} 與被覆蓋的 {top.name} 角色名稱不同，也沒有共同的 [TEAM]，不能升級。{REMEDY}",
            "5.6.1",
            "11.18.1",
            "12.1.1",
        )
    replay.step(
        f"{card.name} 與 {top.name} 角色名稱不同，但擁有共同的 [TEAM]，滿足相同角色名稱的條件。",
        "11.18.1",
        decisive=True,
    )


def _one_level_higher(replay: Run, top: Character, card: UcgCard) -> None:
    low = replay.fact(f"{top.name}.level", top.level, None, f"{top.name} 的等級", "5.6.1")
    high = replay.fact(f"{card.name}.level", card.level, None, f"{card.name} 的等級", "5.6.1")
    if high == low + 1:
        replay.step(f"等級由 {low} 升為 {high}，正好高一級。", "5.6.1", decisive=True)
    elif high == low:
        replay.refuse(f"等級同為 {high}，不能將相同等級的卡牌疊加。{REMEDY}", "5.6.2.2", "12.1.1")
    elif high > low:
        replay.refuse(f"等級由 {low} 跳到 {high}，升級時不能跳過等級。{REMEDY}", "5.6.2.2", "12.1.1")
    else:
        replay.refuse(
            f"等級 {high} 低於被覆蓋卡牌的等級 {low}，不是高一級的卡牌。{REMEDY}", "5.6.1", "12.1.1"
        )


# -- activate -----------------------------------------------------------------------------------------------


def activate(replay: Run, action: Activate) -> None:
    state, player = replay.state, action.player
    if state.scene is not None and state.scene.name == action.card:
        _scene_is_theirs(replay, state.scene, player)
    else:
        _on_top_face_up(replay, action.card)
    used: dict[str, int] = replay.notes.setdefault("activated", {})
    times = used.get(action.card, 0)
    if action.limit is not None and times >= action.limit:
        replay.refuse(
            f"{action.card} 的 [發動] 效果每回合只能使用 {action.limit} 次，本回合已使用 {times} 次。",
            "9.4.2",
        )
    if action.limit is not None and times:  # a use again this turn: what the printed count allows
        replay.step(
            f"{action.card} 的 [發動] 效果每回合可使用 {action.limit} 次，本回合已使用 {times} 次，未達上限，可以再次使用。",
            "9.4.2",
        )
        decides_table(replay, "9.4.2")
    elif action.limit is not None:
        replay.not_applied(
            f"{action.card} 的 [發動] 效果每回合可使用 {action.limit} 次，本回合已使用 {times} 次，未達上限。",
            "9.4.2",
        )
    used[action.card] = times + 1
    if action.paid is None and _costs_follow(replay):
        replay.step(
            f"{_name(player)}使用 {action.card} 的 [發動] 效果，支付以下記述的消耗。", "9.4.1", "9.4.3"
        )
        return
    paid = replay.fact(
        f"{replay.index}:paid",
        action.paid,
        (True, False),
        f"{_name(player)}是否支付了 {action.card} 的全部消耗",
        "9.4.4",
    )
    if not paid:
        replay.refuse("無法支付所記述的全部消耗，則無法使用該[發動]型效果。", "9.4.4")
    replay.step(f"{_name(player)}支付消耗，使用 {action.card} 的 [發動] 效果。", "9.4.1", "9.4.3")


def _costs_follow(replay: Run) -> bool:
    """Whether the timeline states the cost, as effects marked ``cost`` right after the activation."""
    later = replay.timeline.actions[replay.index + 1 : replay.index + 2]
    return any(isinstance(action, Effect) and action.cost for action in later)


def _scene_is_theirs(replay: Run, scene: Scene, player: Player) -> None:
    """A scene's effects are its owner's alone to use (6.3.3)."""
    owner = replay.fact(
        f"{scene.name}.owner", scene.owner, (Player.A, Player.B), f"場景 {scene.name} 的持有者", "6.3.3"
    )
    if owner is not player:
        replay.refuse(
            f"場景「{scene.name}」的持有者是{_name(owner)}，設置於場景區的場景牌效果只能由其持有者使用。",
            "6.3.3",
        )
    replay.step(f"場景「{scene.name}」的持有者{_name(owner)}使用其效果。", "6.3.3")


def _on_top_face_up(replay: Run, name: str) -> None:
    """A character's effect works from its face-up top card only (10.1.1, 10.1.3.1)."""
    found = replay.state.locate(name)
    if found is None:
        raise BoardError(
            [
                BoardProblem(
                    f"actions[{replay.index}].activate.card",
                    "not on the field: expected a character in a battle area or the scene in the scene area",
                )
            ]
        )
    top = found[2]
    if top.name != name:
        replay.refuse(f"{name} 不在角色的最上方；疊放時只有最上面的卡牌的效果說明會發揮效果。", "10.1.3.1")
    if top.face_down:
        replay.refuse(f"{name} 背面朝上，不會發揮效果說明。", "10.1.1")
    if top.has(INVALID):
        replay.refuse(f"{name} 的效果說明在此回合期間無效，無法使用其 [發動] 效果。", "11.13.2")
