"""Using cards and keyword abilities in the main phase (7-5), the energy phase (7-4) and the hand step.

Using a card from the hand goes as 7-5-2-2 says: reveal it, check the
player's Lv. — every energy, active or rested, EX energy included (2-9-1,
2-9-4) — against the card's, then pay its cost by resting that many active
energy (2-10-1); an EX energy that pays leaves the game (5-17-3-2-3).  An
effect that deploys a card does neither (5-8-1).  A full battle area or base
section sends a card already there to the trash, which is not destruction
(11-4-2-1, 11-5-2-1, 5-10-4).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations

from judge.games.gcg import battle, effects, processing
from judge.games.gcg.actions import (
    TARGET_KINDS,
    Command,
    Concede,
    Deploy,
    Discard,
    Pair,
    Pass,
    PlaceEnergy,
    Support,
    Uses,
)
from judge.games.gcg.state import GcgCard, GcgState, Kind, Timing
from judge.games.gcg.values import at_least, instances, is_link, link_cites, stacked
from judge.outcome import Result
from judge.players import Player
from judge.replay import Replay
from judge.state import Duration, Modifier, Status, Zone

Run = Replay[GcgState]

HAND_LIMIT = 10  # 4-8-4, 7-6-5-1
MOST_ENERGY = 15  # 4-4-2
#: notes: how many EX energy each player has paid with, gone from the game and from the Lv. (5-17-3-2-3)
EX_SPENT = "ex_spent"


@dataclass
class InHand:
    """A card about to be used: revealed where it is, it leaves its zone only once the use is
    allowed and paid for (7-5-2-2), so the steps of a refused use never show it moved."""

    player: Player
    card: GcgCard
    zone: Zone[GcgCard]
    named: bool  # False: one of the hand's cards nobody named

    def take(self) -> GcgCard:
        """The card, out of its zone."""
        if self.named:
            self.zone.cards.remove(self.card)
        elif self.zone.unnamed is not None:
            self.zone.unnamed -= 1
        return self.card


def _card_in_hand(replay: Run, action: Uses) -> InHand:
    """The card an action uses, still in its zone: the hand, unless an effect deploys it."""
    state = replay.state
    if isinstance(action.card, GcgCard):  # a card nobody named: it comes from the hand
        player = action.player or processing.turn_player(replay)
        hand = state.side(player).hand
        if hand.unnamed == 0:
            replay.refuse(f"玩家 {player} 的手牌中沒有其他卡牌可以使用。", "5-7-1")
        return InHand(player, action.card.model_copy(deep=True), hand, named=False)
    name = action.card
    player = state.owner(name) or action.player or processing.turn_player(replay)
    side = state.side(player)
    zone: Zone[GcgCard] = side.hand
    card = side.hand.find(name)
    if card is None and not (isinstance(action, Deploy) and action.by_effect):
        replay.refuse(f"「{name}」不在玩家 {player} 的手牌中：使用是指公開手牌中的卡牌並支付費用。", "5-7-1")
    for other in (side.deck, side.trash, side.removed, side.shields):
        if card is None:
            zone, card = other, other.find(name)
    if card is None:
        replay.refuse(f"「{name}」已在場上，無法再配置。", "5-8-1")
    return InHand(player, card, zone, named=True)


def pay(replay: Run, player: Player, card: GcgCard, ex: int | None) -> None:
    """7-5-2-2 b and c: the Lv. check, then the cost paid with active energy (EX energy leaves the game)."""
    energy = replay.state.side(player).energy
    level_met = at_least(
        replay,
        f"{player}.lv>={card.name}.lv@{replay.index}",
        energy.total,
        card.level,
        f"玩家 {player} 的 Lv.（能源張數）是否滿足「{card.name}」的 Lv.",
        "2-9-1",
    )
    lv = "未知" if energy.total is None else energy.total
    replay.step(
        f"從手牌公開「{card.name}」（Lv.{_shown(card.level)}，費用 {_shown(card.cost)}）；玩家 {player} 的 Lv. 為 {lv}"
        "（能源區中的能源張數，與活躍或休息狀態無關，包含 EX 能源）。",
        "7-5-2-2",
        "2-9-1",
        "2-9-4",
        lv=energy.total,
        level=card.level,
    )
    if level_met and energy.payable is not None and card.level is not None and energy.payable < card.level:
        replay.log.mark_decisive("2-9-1")  # met only because rested energy counts too
    if not level_met:
        spent = replay.notes.get(EX_SPENT, {}).get(player, 0)
        short_by_ex = (
            energy.total is not None and card.level is not None and energy.total + spent >= card.level
        )
        replay.refuse(
            f"玩家 {player} 的能源張數少於「{card.name}」的 Lv.：不滿足 Lv. 的條件，無法使用"
            + (
                f"（先前支付費用的 {spent} 張 EX 能源已從遊戲中移除，不再計入玩家的 Lv.）。"
                if short_by_ex
                else "。"
            ),
            "7-5-2-2",
            "2-9-1",
            *(("2-9-4", "5-17-3-2-3") if short_by_ex else ()),
        )
    payable = at_least(
        replay,
        f"{player}.active>={card.name}.cost@{replay.index}",
        energy.payable,
        card.cost,
        f"玩家 {player} 的活躍狀態能源是否足以支付「{card.name}」的費用",
        "2-10-1",
    )
    if not payable:
        replay.refuse(
            f"玩家 {player} 的活躍狀態能源不足以支付「{card.name}」的費用 {_shown(card.cost)}。",
            "2-10-1",
            "7-5-2-2",
        )
    if card.cost is None:
        energy.rested = None
        replay.step("將所需數量的活躍狀態能源轉為休息狀態支付費用（費用未知）。", "2-10-1")
        return
    used = _ex_used(replay, player, card.cost, ex)
    normal = card.cost - used
    if energy.rested is not None:
        energy.rested += normal
    energy.ex -= used
    if used:
        spent = replay.notes.setdefault(EX_SPENT, {})
        spent[player] = spent.get(player, 0) + used
    text = f"將 {normal} 張活躍狀態的能源轉為休息狀態支付費用"
    if used:
        text += f"，並使用 {used} 張 EX 能源：使用過的 EX 能源從遊戲中移除，玩家的 Lv. 變為 {_shown(energy.total)}"
    replay.step(text + "。", "2-10-1", *(("5-17-3-2-3",) if used else ()), ex_used=used)


def _ex_used(replay: Run, player: Player, cost: int, given: int | None) -> int:
    """How many EX energy pay: as the timeline says, else the player's choice where there is one."""
    energy = replay.state.side(player).energy
    normal = None if energy.unnamed is None or energy.rested is None else energy.unnamed - energy.rested
    low = 0 if normal is None else max(0, cost - normal)
    options = list(range(low, min(energy.ex, cost) + 1))
    if given is not None and given not in options:
        replay.refuse(
            f"無法以 {given} 張 EX 能源支付費用 {cost}（可用：{options}）。", "2-10-1", "5-17-3-2-3"
        )
    if given is not None or len(options) == 1:
        return given if given is not None else options[0]
    used: int = replay.choose(
        player, "ex_energy", None, options, f"玩家 {player} 用於支付的 EX 能源張數", "7-5-2-2", "5-17-3-2-3"
    )
    return used


def _shown(value: int | None) -> str:
    return "未知" if value is None else str(value)


def deploy(replay: Run, action: Deploy) -> None:
    used = _card_in_hand(replay, action)
    player, card = used.player, used.card
    if card.kind in (Kind.PILOT, Kind.COMMAND):
        replay.refuse(f"「{card.name}」不是機體或基地：配置是指將機體和基地置於場上。", "5-8-1")
    state = replay.state
    if not action.by_effect:
        battle.no_hand_use(replay, player, f"配置「{card.name}」")
        if player is not processing.turn_player(replay):
            replay.refuse(f"玩家 {player} 不是回合玩家：只有回合玩家可以在主要階段使用手牌。", "7-5-2-1")
        pay(replay, player, card, action.ex)
    else:
        replay.step(f"「{card.name}」由效果配置於場上：不進行 Lv. 確認，也不支付費用。", "5-8-1", "5-7-1-1")
    used.take()
    side = state.side(player)
    if card.kind is Kind.BASE:
        _make_room(replay, player, side.base.cards, 1, action.replace, "11-5-1", "11-5-2", "11-5-2-1")
        side.base.cards.append(processing.fresh(card))
        card.status = Status.ACTIVE
        replay.step(
            f"玩家 {player} 將基地「{card.name}」以活躍狀態配置到護盾區的基地放置處。", "3-5-1", "5-4-2"
        )
    else:
        _make_room(replay, player, side.battle.cards, 6, action.replace, "11-4-1", "11-4-2", "11-4-2-1")
        pilot = card.pilot
        card = processing.fresh(card)
        card.pilot = pilot
        card.status, card.entered_turn = Status.ACTIVE, state.turn
        side.battle.cards.append(card)
        replay.notes.setdefault("deployed", set()).add(card.name)
        replay.step(
            f"玩家 {player} 將「{card.name}」以正面朝上、活躍狀態配置在戰鬥區；新配置的機體在配置的回合中無法攻擊"
            "（共鳴機體除外）。",
            "3-2-1",
            "4-5-2",
            "5-4-2",
            "3-2-4",
        )
    replay.event("deployed", card=card.name, player=player)


def _make_room(
    replay: Run, player: Player, cards: list[GcgCard], limit: int, given: str | None, *cites: str
) -> None:
    """A full area: the player puts one card there into the trash, which is not destruction."""
    if len(cards) < limit:
        return
    names = [card.name for card in cards]
    if given is not None and given not in names:
        replay.refuse(f"「{given}」不在該區域中：應選擇其中已有的卡牌（{'、'.join(names)}）。", cites[1])
    chosen = replay.choose(player, "replace", given, names, f"玩家 {player} 置於廢棄區的卡牌", cites[1])
    card = next(card for card in cards if card.name == chosen)
    limit_clause, rule, not_destroyed = cites
    what = "機體" if limit == 6 else "基地"
    processing.leave_field(
        replay,
        player,
        card,
        "trash",
        f"已達到上限 {limit} 張{what}：玩家 {player} 選擇「{card.name}」置於廢棄區。",
        rule,
        limit_clause,
        decisive=True,
    )
    processing.not_destroyed(replay, card, "因超過張數上限而透過規則處理置於廢棄區", not_destroyed)
    replay.not_applied("透過規則處理因超過張數上限置於廢棄區，不視為「破壞」。", "5-10-4")


def pair(replay: Run, action: Pair) -> None:
    used = _card_in_hand(replay, action)
    player, card = used.player, used.card
    if card.kind is Kind.COMMAND and (replay.state.battle is not None or replay.state.phase == "end"):
        replay.refuse(
            f"「{card.name}」是擁有【駕駛員】效果的指令卡牌：在瞬動步驟中無法作為駕駛員進行搭乘。", "13-2-4-2"
        )
    battle.no_hand_use(replay, player, f"讓駕駛員「{card.name}」搭乘")
    if card.kind in (Kind.UNIT, Kind.BASE):
        replay.refuse(
            f"「{card.name}」不是駕駛員：搭乘的是駕駛員卡牌或擁有【駕駛員】效果的指令卡牌。", "5-9-1"
        )
    found = replay.state.unit(action.unit)
    if found is None or found[0] is not player:
        replay.refuse(
            f"「{action.unit}」不是玩家 {player} 戰鬥區中的機體：駕駛員疊放在我方戰鬥區的機體下方。", "3-3-1"
        )
    unit = found[1]
    if unit.pilot is not None:
        replay.refuse(
            f"「{unit.name}」已有駕駛員「{unit.pilot.name}」搭乘：1 張機體只能被 1 張駕駛員搭乘。", "3-3-4"
        )
    if player is not processing.turn_player(replay):
        replay.refuse(f"玩家 {player} 不是回合玩家：只有回合玩家可以在主要階段使用手牌。", "7-5-2-1")
    pay(replay, player, card, action.ex)
    unit.pilot = processing.fresh(used.take())
    token = f"（「{unit.name}」是機體替代卡，跟通常機體一樣可以被駕駛員搭乘）" if unit.token else ""
    replay.step(
        f"駕駛員「{card.name}」疊放在「{unit.name}」下方搭乘{token}，其 AP {_signed(card.ap)}、HP {_signed(card.hp)} 疊加在機體上。",
        "5-9-1",
        "3-3-8-1",
        *(("5-17-2-2",) if unit.token else ()),
    )
    if card.kind is Kind.COMMAND:
        replay.step(
            f"「{card.name}」是擁有【駕駛員】效果的指令卡牌：使用時不發動指令效果，而是作為駕駛員搭乘。",
            "3-4-6-2",
            decisive=True,
        )
    replay.event("paired", card=unit.name, player=player)
    if is_link(unit):
        replay.step(
            f"「{card.name}」滿足「{unit.name}」的共鳴條件：「{unit.name}」成為共鳴機體。",
            "3-2-6-2",
            *link_cites(unit),
        )
        replay.event("linked", card=unit.name, player=player)
    elif replay.unfired(
        "linked",
        f"「{card.name}」不滿足「{unit.name}」的共鳴條件（{'、'.join(unit.link) or '沒有'}）：不是共鳴機體，【共鳴時】不會誘發。",
        "13-2-11-1",
        "3-2-6-2",
        card=unit.name,
    ):
        replay.log.mark_decisive("13-2-11-1")


def _signed(value: int | None) -> str:
    return "未知" if value is None else f"{value:+d}"


def command(replay: Run, action: Command) -> None:
    used = _card_in_hand(replay, action)
    player, card = used.player, used.card
    if card.kind not in (None, Kind.COMMAND):
        replay.refuse(f"「{card.name}」不是指令卡牌：指令卡牌使用即可發動指令效果。", "3-4-1")
    in_battle = replay.state.battle is not None or replay.state.phase == "end"
    timing = Timing.ACTION if in_battle else Timing.MAIN
    if not in_battle and player is not processing.turn_player(replay):
        flash = card.timing is not None and Timing.ACTION in card.timing
        after_passes = (
            flash and replay.index > 0 and isinstance(replay.timeline.actions[replay.index - 1], Pass)
        )
        replay.refuse(
            f"玩家 {player} 不是回合玩家：【主要】只在我方的主要階段使用"
            + ("；【瞬動】只在瞬動步驟中使用，現在不是瞬動步驟" if flash else "")
            + ("（雙方已連續宣言「讓過」，瞬動步驟已結束）" if after_passes else "")
            + "。",
            "13-2-3-1",
            *(("13-2-4-1", "9-1") if flash else ()),
            *(("9-5",) if after_passes else ()),
        )
    allowed = replay.fact(
        f"{card.name}.timing.{timing}",
        None if card.timing is None else timing in card.timing,
        (True, False),
        f"「{card.name}」是否擁有{'【瞬動】' if timing is Timing.ACTION else '【主要】'}",
        "3-4-5",
    )
    if not allowed and timing is Timing.ACTION and card.timing is not None and Timing.MAIN in card.timing:
        replay.refuse(
            f"「{card.name}」只有【主要】：【主要】指令只在機體進行攻擊期間以外的我方主要階段使用，"
            "瞬動步驟中只能使用擁有【瞬動】的指令卡牌。",
            "13-2-3-1",
            "13-2-4-1",
            "9-3-1",
            *(("7-6-3-1",) if replay.state.phase == "end" else ()),
        )
    if not allowed and timing is Timing.ACTION:
        replay.refuse(
            f"「{card.name}」沒有【瞬動】：瞬動步驟中只能使用擁有【瞬動】的指令卡牌。", "13-2-4-1", "9-3-1"
        )
    if not allowed:
        replay.refuse(
            f"「{card.name}」沒有【主要】：在機體進行攻擊期間以外的主要階段只能使用【主要】指令。", "13-2-3-1"
        )
    if card.timing is not None and set(card.timing) == set(Timing):
        replay.step(
            f"「{card.name}」同時標注【主要】/【瞬動】：在任意時機都可以發動。",
            "13-2-4-3" if in_battle else "13-2-3-2",
        )
    if in_battle:
        battle.may_act(replay, player)
    _target_chosen(replay, player, card, action.target)
    pay(replay, player, card, action.ex)
    if in_battle:
        battle.acted(replay, player)
    processing.put(replay.state.side(player).trash, processing.fresh(used.take()))
    replay.step(
        f"玩家 {player} 使用指令「{card.name}」發動指令效果（其效果依時間軸所列），之後置於廢棄區。",
        "3-4-1",
        "3-4-4",
    )


def _target_chosen(replay: Run, player: Player, card: GcgCard, target: str | None) -> None:
    """A command whose effect chooses a target that cannot be chosen cannot be used (10-1-8-1-1):
    a card by name must be on the field (10-1-2), a kind of unit must have one there."""
    if target is None:
        return
    state = replay.state
    if target in TARGET_KINDS:
        sides = {"enemy_unit": (player.other,), "friendly_unit": (player,), "unit": (player, player.other)}[
            target
        ]
        units = [unit.name for side in sides for unit in state.side(side).battle.cards]
        if not units:
            replay.refuse(
                f"「{card.name}」的指令效果要求選擇{TARGET_KINDS[target]}，但戰鬥區中沒有可以選擇的機體：無法使用該指令卡牌。",
                "10-1-8-1-1",
            )
        replay.step(
            f"「{card.name}」的指令效果選擇對象（{TARGET_KINDS[target]}：{'、'.join(units)}）。", "10-3-3"
        )
        return
    on_field = state.unit(target) is not None or any(
        side.base.find(target) for side in (state.side(p) for p in (player, player.other))
    )
    if not on_field:
        replay.refuse(
            f"「{card.name}」的指令效果要求選擇對象「{target}」，但「{target}」不在場上，無法選擇：無法使用該指令卡牌。",
            "10-1-8-1-1",
            "10-1-2",
        )
    replay.step(f"使用「{card.name}」時選擇「{target}」作為效果對象。", "10-3-3")


def support(replay: Run, action: Support) -> None:
    state = replay.state
    player = processing.turn_player(replay)
    if state.battle is not None or state.phase != "main":
        replay.refuse(
            "《支援》是【啟動·主要】：只能在機體進行攻擊期間以外的我方主要階段發動。", "13-1-3-1", "13-2-1-1"
        )
    found, target = state.unit(action.by), state.unit(action.target)
    if found is not None and found[0] is not player:
        replay.refuse(
            f"「{action.by}」是玩家 {found[0]} 的機體，現在是玩家 {player} 的回合：《支援》是【啟動·主要】，"
            "只在我方的主要階段發動。",
            "13-1-3-1",
            "13-2-1-1",
        )
    if found is None:
        replay.refuse(f"「{action.by}」不是回合玩家戰鬥區中的機體。", "13-1-3-1")
    unit = found[1]
    if not instances(unit, "support"):
        replay.refuse(f"「{unit.name}」沒有《支援》效果。", "13-1-3-1")
    if target is None or target[0] is not player or target[1] is unit:
        replay.refuse(f"「{action.target}」不是友方的其他機體：《支援》選擇友方的 1 張其他機體。", "13-1-3-1")
    active = replay.fact(
        f"{unit.name}.active@{replay.index}",
        None if unit.status is None else unit.status is Status.ACTIVE,
        (True, False),
        f"「{unit.name}」是否處於活躍狀態",
        "13-1-3-1",
    )
    if not active:
        replay.refuse(
            f"「{unit.name}」處於休息狀態，無法透過將其轉為休息狀態發動《支援》。", "13-1-3-1", "10-1-7-2"
        )
    unit.status = Status.RESTED
    replay.notes.setdefault(effects.STATUS_SET, {})[unit.name] = "13-1-3-1"  # why it is rested, if it matters
    value = stacked(replay, unit, "support")
    target[1].modifiers.append(Modifier(stat="ap", by=value, until=Duration.END_OF_TURN, source=unit.name))
    replay.step(
        f"【啟動·主要】將「{unit.name}」轉為休息狀態發動《支援：{value}》：本回合中「{action.target}」的 AP+{value}。",
        "13-1-3-1",
        "13-2-1-1",
        value=value,
    )


def place_energy(replay: Run, _action: PlaceEnergy | None = None) -> None:
    """7-4-1: one energy card from the energy deck, active; one a turn."""
    state = replay.state
    player = processing.turn_player(replay)
    if state.energy_placed:
        replay.refuse(f"玩家 {player} 本回合已在能源階段放置過能源：能源階段只放置 1 張能源卡牌。", "7-4-1")
    state.energy_placed = True
    side = state.side(player)
    deck = side.energy_deck.total
    has_card = replay.fact(
        f"{player}.energy_deck@{state.turn}",
        None if deck is None else deck > 0,
        (True, False),
        f"玩家 {player} 的能源卡組是否還有卡牌",
        "7-4-1",
    )
    if not has_card:
        replay.not_applied(f"玩家 {player} 的能源卡組沒有卡牌：無法放置能源，不進行。", "1-3-2", "7-4-1")
        return
    if side.energy.total is not None and side.energy.total >= MOST_ENERGY:
        replay.step(
            f"玩家 {player} 的能源區已有 15 張能源：能源區中最多可以放置 15 張，本回合的能源無法放置，不進行。",
            "4-4-2",
            "1-3-2",
        )
        replay.log.mark_decisive("4-4-2")
        return
    if side.energy_deck.unnamed is not None and side.energy_deck.unnamed > 0:
        side.energy_deck.unnamed -= 1
    if side.energy.unnamed is not None:
        side.energy.unnamed += 1
    replay.step(
        f"能源階段：玩家 {player} 從能源卡組中將 1 張能源卡牌正面朝上以活躍狀態置於能源區"
        f"（能源 {_shown(side.energy.total)} 張）。",
        "7-4-1",
        energy=side.energy.total,
    )


def discard(replay: Run, action: Discard) -> None:
    player = action.player or processing.turn_player(replay)
    hand = replay.state.side(player).hand
    if not action.cards:  # nothing named: the hand step says whether anything must go
        return
    if hand.total is not None and len(action.cards) > hand.total - HAND_LIMIT:
        replay.refuse(
            f"玩家 {player} 的手牌 {hand.total} 張：只需丟棄到手牌變成 10 張，不能丟棄 {len(action.cards)} 張。",
            "7-6-5-1",
        )
    held = Counter(hand.names())
    missing = [name for name, count in Counter(action.cards).items() if count > held[name]]
    if missing:
        replay.refuse(f"「{missing[0]}」不在玩家 {player} 的手牌中。", "5-11-1")
    for name in action.cards:
        card = hand.find(name)
        assert card is not None  # every name checked above
        hand.cards.remove(card)
        processing.put(replay.state.side(player).trash, card)
    replay.step(f"玩家 {player} 丟棄 {'、'.join(action.cards)}。", "5-11-1", "7-6-5-1")


def hand_step(replay: Run) -> None:
    """7-6-5-1: a hand over 10 discards down to 10; which cards, the player chooses."""
    player = processing.turn_player(replay)
    hand = replay.state.side(player).hand
    total = hand.total
    over = replay.fact(
        f"{player}.hand>10@{replay.state.turn}",
        None if total is None else total > HAND_LIMIT,
        (True, False),
        f"玩家 {player} 的手牌是否超過 10 張",
        "7-6-5-1",
    )
    if not over:
        replay.not_applied(
            f"手牌步驟：玩家 {player} 的手牌{'' if total is None else f' {total} 張'}沒有超過上限 10 張，不需丟棄。",
            "7-6-5-1",
            "4-8-4",
            hand=total,
        )
        return
    excess = None if total is None else total - HAND_LIMIT
    trash = replay.state.side(player).trash
    if excess is None:  # over 10 by how many is not known: 10 are left, the rest went to the trash
        hand.unnamed, trash.unnamed = HAND_LIMIT - len(hand.cards), None
    else:
        assert hand.unnamed is not None  # the total is known
        names = [card.name for card in hand.cards]
        low, high = max(0, excess - hand.unnamed), min(excess, len(names))
        options = [pick for size in range(low, high + 1) for pick in combinations(names, size)]
        chosen: tuple[str, ...] = (
            options[0]
            if len(options) == 1
            else replay.choose(player, "discard", None, options, f"玩家 {player} 丟棄的有名稱卡牌", "7-6-5-1")
        )
        for name in chosen:
            card = hand.find(name)
            assert card is not None  # chosen from the hand
            hand.cards.remove(card)
            processing.put(trash, card)
        hand.unnamed -= excess - len(chosen)
        if trash.unnamed is not None:
            trash.unnamed += excess - len(chosen)
    replay.step(
        f"手牌步驟：玩家 {player} 的手牌超過上限 10 張，丟棄{'' if excess is None else f' {excess} 張'}直到手牌變成 10 張。",
        "7-6-5-1",
        "4-8-4",
        decisive=False,
    )


def concede(replay: Run, action: Concede) -> None:
    from judge.games.gcg.outcome import GcgReason

    if action.forced:
        replay.not_applied(
            f"玩家 {action.player} 不會因卡牌的效果而強制認輸：該效果不使其敗北，遊戲繼續。", "1-2-5"
        )
        return
    replay.notes["losers"] = [action.player]
    replay.end_game(
        Result.WON,
        GcgReason.CONCEDED,
        action.player.other,
        f"玩家 {action.player} 宣告認輸，立即敗北，遊戲隨之結束；玩家 {action.player.other} 獲得遊戲勝利。",
        "1-2-4",
        "1-2-1",
    )
