"""The main step's actions (主要階段的行動) and the opening hand, on the replay.

Summoning (費用與能量 › 費用支付與卡牌的使用): ① the cost and reduction
symbols, ② the symbols on the player's field, ③ the reduction, colour by
colour and mandatory, ④ the payment — from the reserve and field cards,
never from life — to the trash, ⑤ cores onto the summoned card, at least
its lowest Lv.  A spirit drained by the payment is depleted (FAQ 關於支付
費用 Q2: the cost must still be paid).  Uniting (合體) costs nothing; the
brave's cores move onto the spirit, which gains the brave's BP+ and
symbols and is exhausted if either was.  Moving cores is free in the main
step; a spirit left below its lowest Lv is depleted at once.
"""

from __future__ import annotations

from judge.games.bs import bursts, effects, field, reliance
from judge.games.bs.actions import (
    RESERVE,
    Exhaust,
    MoveCores,
    OpeningHand,
    Redraw,
    Refresh,
    Separate,
    SetBurst,
    Summon,
    Unite,
)
from judge.games.bs.battle import turn_player
from judge.games.bs.reduction import (
    SIX,
    WORDS,
    Colour,
    coloured_special,
    describe,
    idle_special,
    label,
    reduce,
)
from judge.games.bs.rules import (
    ALREADY_EXHAUSTED,
    BP_ORDER,
    BP_ZERO,
    BRAVE,
    CONTRACT,
    CONTRACT_HAND,
    COST_1,
    COST_2,
    COST_3,
    COST_4,
    COST_5,
    DEPLOY_NEXUS,
    DIRECT_UNION,
    EFFECTS,
    EXHAUST_TERM,
    GOD_SYMBOL,
    HEAVY_EXHAUST,
    IMA,
    IMA_UNITE,
    LV_CHANGE,
    LV_FROM_CORES,
    MAIN_ACTIONS,
    MOVE_CORES,
    MOVE_IN_OWN_MAIN,
    NOT_EXHAUSTED_BY_IT,
    OWN_RESERVE,
    PAY_FROM_FIELD,
    PAY_FROM_RESERVE,
    PAY_SHORT,
    SET_BURST_ONCE,
    SETUP,
    SUMMON,
    SYMBOL_KINDS,
    ULTIMATE_SYMBOL,
    UNION,
    UNITE,
    UNITE_NOT_BRAVE_OR_NEXUS,
)
from judge.games.bs.state import BsCard, BsState, Kind
from judge.games.bs.values import bp, cores_on, level_of
from judge.players import Player
from judge.replay import Replay
from judge.state import Status

Run = Replay[BsState]

#: zones cores may be moved between by an effect, besides field cards
CORE_ZONES = {RESERVE: "預備區", "life": "生命值", "trash": "廢棄區"}


def _from_hand(replay: Run, player: Player, card: str | BsCard, why: str, *cites: str) -> BsCard:
    """The card leaving the hand: named there, or a new card from its unnamed part."""
    hand = replay.state.side(player).hand
    if isinstance(card, BsCard):
        if hand.unnamed is not None:
            if hand.unnamed == 0:
                replay.refuse(f"玩家 {player} 的手牌中沒有其他卡牌可以{why}。", *cites)
            hand.unnamed -= 1
        return card
    found = hand.find(card)
    if found is None:
        replay.refuse(f"「{card}」不在玩家 {player} 的手牌中，無法{why}。", *cites)
    hand.cards.remove(found)
    return found


#: the clause saying a special symbol reduces only its own kind
SPECIAL_SYMBOL = {Colour.GOD: GOD_SYMBOL, Colour.ULTIMATE: ULTIMATE_SYMBOL}


def _own_main_step(replay: Run, player: Player, what: str, *cites: str) -> None:
    """The main step's actions are the turn player's (主要階段的行動): the other player's is refused."""
    if player is not turn_player(replay):
        replay.refuse(
            f"現在是玩家 {turn_player(replay)} 的主要階段：玩家 {player} 的{what}只能在其自己的主要階段進行。",
            MAIN_ACTIONS,
            *cites,
        )


def summon(replay: Run, action: Summon) -> None:
    """召喚 (or deploy a nexus): pay the reduced cost, then cores onto the card."""
    player = action.player or turn_player(replay)
    _own_main_step(replay, player, "召喚", SUMMON)
    side = replay.state.side(player)
    card = _from_hand(replay, player, action.card, "召喚", SUMMON)
    cost: int = replay.fact(f"{card.name}.cost", card.cost, None, f"「{card.name}」的費用", COST_1)
    symbols = [s for c in side.field.cards if not c.soul for s in (c.symbols or [])]
    reduced = reduce(card.reduction, symbols)
    reduction = reduced.total
    if reduced.overlap_matters:
        reduction = replay.fact(
            f"{card.name}.reduction",
            None,
            (reduced.total, reduced.exclusive),
            "場地上的 1 個標誌能否同時用於減輕 2 個減輕標誌（規則未說明）",
            COST_2,
            COST_3,
        )
    to_pay = max(0, cost - reduction)
    replay.step(
        f"①②③玩家 {player} 使用「{card.name}」：費用 {cost}，場地上的標誌為 {describe(symbols)}，"
        f"可減輕 {reduction}（若可減輕則必須減輕），實際需支付 {to_pay} 個能量。",
        COST_1,
        COST_2,
        COST_3,
        decisive=bool(reduction),
        cost=cost,
        reduction=reduction,
        pay=to_pay,
    )
    most = sum(card.reduction.values())
    if reduction < most:
        replay.not_applied(
            f"「{card.name}」的減輕標誌最多可減輕 {most}，但玩家 {player} 自己場地上的標誌只能減輕 {reduction}："
            "可減少支付的能量數量，由自己場地上的標誌數量與種類決定。",
            COST_1,
            COST_2,
        )
    for symbol in coloured_special(card.reduction, reduced, symbols):
        colours = "、".join(WORDS[c] for c in Colour if c in symbol & SIX)
        special = "、".join(WORDS[c] for c in Colour if c in symbol - SIX)
        replay.step(
            f"場地上的{label(symbol)}標誌既是{colours}色標誌，也是{special}標誌：可用於減輕{colours}色的減輕標誌。",
            SYMBOL_KINDS,
            decisive=True,
        )
    for kind in idle_special(card.reduction, reduced, symbols):
        replay.step(
            f"場地上的{WORDS[kind]}標誌只能減輕持有「{WORDS[kind]}」減輕標誌的卡牌費用，無法用於一般 6 種屬性的費用減輕。",
            SPECIAL_SYMBOL[kind],
            decisive=True,
        )
    _pay(replay, player, card, action, to_pay)
    if action.unite is not None:
        _direct_union(replay, player, card, action)
        return
    _place(replay, player, card, action)


def _pay(replay: Run, player: Player, card: BsCard, action: Summon, to_pay: int) -> None:
    """④ the cost's cores to the trash: from the reserve and field cards only."""
    side = replay.state.side(player)
    plan = dict(action.pay) or {RESERVE: to_pay}
    paying: list[tuple[BsCard, int | None]] = []  # field cards paying, with their BP before
    if sum(plan.values()) != to_pay:
        replay.refuse(
            f"支付的能量合計 {sum(plan.values())} 個，與實際需支付的 {to_pay} 個不同（若可減輕費用，則必須進行減輕）。",
            COST_3,
            COST_4,
        )
    for source, count in plan.items():
        if source == "life":
            replay.refuse("生命值的能量不可用於支付費用。", COST_4)
        if source == RESERVE:
            reserve: int = replay.fact(
                f"{player}.reserve", side.reserve, None, f"玩家 {player} 的預備區能量數", COST_4
            )
            if count > reserve:
                replay.refuse(f"預備區只有 {reserve} 個能量，無法支付 {count} 個。", PAY_SHORT, COST_4)
            reliance.spent_reserve(replay, player, reserve, count)
            side.reserve = reserve - count
            continue
        payer = side.field.find(source)
        if payer is None:
            replay.refuse(
                f"「{source}」不在玩家 {player} 的場地上，其能量不可用於支付費用。", COST_4, OWN_RESERVE
            )
        held = cores_on(replay, payer)
        if count > held:
            replay.refuse(f"「{source}」上只有 {held} 個能量，無法支付 {count} 個。", PAY_SHORT, COST_4)
        paying.append((payer, _bp_now(replay, payer)))
        payer.cores = held - count
    field.add_cores(replay, player, "trash_cores", to_pay)
    where = "、".join(f"{'預備區' if s == RESERVE else f'「{s}」'} {n} 個" for s, n in plan.items() if n)
    replay.step(
        f"④將支付的 {to_pay} 個能量（{where or '無'}）移至廢棄區。",
        COST_4,
        PAY_FROM_RESERVE,
        *((PAY_FROM_FIELD,) if any(s != RESERVE for s in plan) else ()),
        paid=to_pay,
    )
    for payer, before in paying:
        _changed_lv(replay, payer, before)
    field.deplete_drained(replay)  # a spirit drained below its lowest Lv is depleted at once (PAY_SHORT)


def _place(replay: Run, player: Player, card: BsCard, action: Summon) -> None:
    """⑤ cores onto the summoned card (none on a magic card), at least its lowest Lv."""
    side = replay.state.side(player)
    summoned = card.kind in (Kind.SPIRIT, Kind.ULTIMATE, Kind.BRAVE, None)
    needed = card.levels[0].cores if card.levels and summoned else 0
    if summoned and not card.levels:
        replay.fact(f"{card.name}.levels", None, None, f"「{card.name}」維持最低 Lv 所需的能量", COST_5)
    placed = needed if action.cores is None else action.cores
    if summoned and placed < needed:
        replay.refuse(
            f"「{card.name}」放置 {placed} 個能量，未達最低 Lv 所需的 {needed} 個：不可在此狀態下召喚。",
            COST_5,
            SUMMON,
        )
    reserve = side.reserve
    if reserve is not None:
        if placed > reserve:
            replay.refuse(
                f"預備區只有 {reserve} 個能量，無法在「{card.name}」上放置 {placed} 個。", COST_5, PAY_SHORT
            )
        reliance.spent_reserve(replay, player, reserve, placed)
        side.reserve = reserve - placed
    card.cores, card.status, card.entered_turn = placed, Status.ACTIVE, replay.state.turn
    side.field.cards.append(card)
    level = level_of(card, placed)
    lv = "" if level is None else f"，為 Lv{level.lv}" + ("" if level.bp is None else f"，BP {level.bp}")
    if card.kind is Kind.NEXUS:
        if not placed:
            lv = "（若不放置，則該核心卡視為 Lv1）"
        replay.step(
            f"⑤配置核心卡「{card.name}」：從預備區在其上放置 {placed} 個能量{lv}。",
            COST_5,
            DEPLOY_NEXUS,
            decisive=not placed,
            cores=placed,
        )
    else:
        replay.step(
            f"⑤召喚「{card.name}」：從預備區在其上放置 {placed} 個能量{lv}。",
            COST_5,
            LV_FROM_CORES,
            cores=placed,
        )
    bursts.happen(replay, "summoned", card.name, player)


def _direct_union(replay: Run, player: Player, brave: BsCard, action: Summon) -> None:
    """直接合體: the brave comes onto the field united with a spirit there."""
    side = replay.state.side(player)
    assert action.unite is not None  # the caller checks
    brave.cores, brave.status, brave.entered_turn = 0, Status.ACTIVE, replay.state.turn
    side.field.cards.append(brave)
    replay.step(f"合體卡「{brave.name}」以與「{action.unite}」直接合體的狀態召喚。", DIRECT_UNION)
    unite(replay, Unite(brave=brave.name, spirit=action.unite))
    bursts.happen(replay, "summoned", brave.name, player)


def unite(replay: Run, action: Unite) -> None:
    """合體: no cost; the brave's cores move onto the spirit, which gains its BP+ and symbols."""
    player = turn_player(replay)
    side = replay.state.side(player)
    brave, spirit = side.field.find(action.brave), side.field.find(action.spirit)
    if brave is None or spirit is None:
        replay.refuse("合體的合體卡與靈魂卡須都在自己的場地上。", UNITE)
    if brave.kind is not Kind.BRAVE:
        replay.refuse(f"「{brave.name}」不是合體卡。", BRAVE)
    if spirit.kind is Kind.BRAVE or spirit.kind is Kind.NEXUS or spirit.soul:
        replay.refuse(
            f"「{spirit.name}」不是可合體的靈魂卡（不能對視為靈魂卡的合體卡或核心卡進行合體）。",
            UNITE,
            BRAVE,
            *(() if spirit.soul else (UNITE_NOT_BRAVE_OR_NEXUS,)),
        )
    if spirit.union is not None:
        replay.refuse(f"「{spirit.name}」已是合體靈魂卡：無法在合體靈魂卡上，再合體另一張合體卡。", UNITE)
    partners = [c for c in side.field.cards if c.union == brave.name]
    if partners and not brave.ima:
        replay.refuse(f"「{brave.name}」已與「{partners[0].name}」合體。", UNITE)
    if len(partners) >= 2:
        replay.refuse(f"異魔神合體卡「{brave.name}」最多可與 2 張靈魂卡合體（左右各 1 張）。", IMA, IMA_UNITE)
    moved = brave.cores or 0
    if not brave.ima:
        spirit.cores = None if spirit.cores is None else spirit.cores + moved
        brave.cores = 0
    spirit.union = brave.name
    rested = Status.RESTED in (brave.status, spirit.status)
    if rested:
        spirit.status = Status.RESTED
        field.rested_by(replay, spirit.name, UNITE)
    replay.step(
        f"玩家 {player} 將合體卡「{brave.name}」與「{spirit.name}」合體（無需支付費用），視為 1 體合體靈魂卡："
        f"合體數值 BP+{brave.bp_plus if brave.bp_plus is not None else '?'} 加算至其 BP，並追加合體卡的標誌"
        + ("" if brave.ima else f"；合體卡上的 {moved} 個能量移動至「{spirit.name}」上")
        + ("；因其中一方處於疲勞狀態，合體靈魂卡為疲勞狀態" if rested else "")
        + "。",
        UNION,
        UNITE,
        BRAVE,
        *((IMA_UNITE,) if brave.ima else ()),
        moved=moved,
    )


def separate(replay: Run, action: Separate) -> None:
    """分離: no cost; the brave stays as a spirit with cores put on it up to its Lv1, else to the trash."""
    player = turn_player(replay)
    side = replay.state.side(player)
    brave = side.field.find(action.brave)
    partners = [c for c in side.field.cards if c.union == action.brave and action.spirit in (None, c.name)]
    if brave is None or not partners:
        replay.refuse(f"「{action.brave}」沒有與玩家 {player} 場地上的靈魂卡合體，無法分離。", UNITE)
    if len(partners) > 1:
        replay.refuse(
            f"異魔神合體卡「{brave.name}」與 2 張靈魂卡合體：請以 spirit 指定要分離的一方。", IMA, UNITE
        )
    spirit = partners[0]
    spirit.union = None
    others = [c for c in side.field.cards if c.union == brave.name]
    needed = 0 if brave.ima or not brave.levels else brave.levels[0].cores
    placed = needed if action.cores is None else action.cores
    replay.step(
        f"玩家 {player} 將合體卡「{brave.name}」從「{spirit.name}」分離（無需支付費用）：「{spirit.name}」"
        "不再加算其合體數值與標誌。",
        UNITE,
        UNION,
    )
    if others:
        replay.step(f"異魔神合體卡「{brave.name}」仍與「{others[0].name}」合體。", IMA)
        return
    if placed < needed or (side.reserve is not None and side.reserve < placed):
        side.field.cards.remove(brave)
        brave.status, brave.cores = None, None
        side.trash.cards.insert(0, brave)
        replay.step(
            f"合體卡「{brave.name}」上無法放置維持 Lv1 所需的 {needed} 個能量：被放置到廢棄區（不會發動破壞時或消滅時的效果）。",
            UNITE,
            decisive=True,
        )
        for event in (field.DESTROYED, field.DEPLETED):
            replay.unfired(
                event,
                f"「{brave.name}」是因分離時無法維持 Lv1 而被放置到廢棄區：不會發動破壞時或消滅時的效果。",
                UNITE,
                card=brave.name,
            )
        return
    if side.reserve is not None:
        side.reserve -= placed
    brave.cores = placed
    replay.step(
        f"從預備區在合體卡「{brave.name}」上放置 {placed} 個能量，使其以靈魂卡狀態留在場地上。",
        UNITE,
        cores=placed,
    )
    known = brave.status is not None and spirit.status is not None
    if known and brave.status is not spirit.status:  # the united pair was one spirit; the book does not say
        brave.status = replay.fact(
            f"{brave.name}.status_after_separation",
            None,
            (spirit.status, brave.status),
            f"分離後的合體卡「{brave.name}」是與「{spirit.name}」同為{_state(spirit.status)}，"
            f"還是保持合體前的{_state(brave.status)}（規則未說明）",
            UNITE,
            BRAVE,
        )
        if brave.status is Status.RESTED:
            field.rested_by(replay, brave.name, UNITE)


def _state(status: Status | None) -> str:
    return "疲勞狀態" if status is Status.RESTED else "回復狀態"


def move_cores(replay: Run, action: MoveCores) -> None:
    """能量的移動: the main step's free moves, or an effect's."""
    state = replay.state
    player = action.player or _mover(replay, action)
    side = state.side(player)
    own = all(place == RESERVE or side.field.find(place) is not None for place in (action.from_, action.to))
    if not action.by_effect:
        _own_main_step(replay, player, "能量移動", MOVE_IN_OWN_MAIN, MOVE_CORES)
    if not action.by_effect and not own:
        replay.refuse("主要階段中只能在自己的預備區與自己場地上的卡牌之間移動能量。", MOVE_CORES, OWN_RESERVE)
    reserve = side.reserve
    touched = [card for name in (action.from_, action.to) if (card := side.field.find(name)) is not None]
    before = {card.name: _bp_now(replay, card) for card in touched}
    taken = _take(replay, player, action.from_, action.count)
    if action.from_ == RESERVE and reserve is not None:
        reliance.spent_reserve(replay, player, reserve, taken)
    _put(replay, player, action.to, taken)
    replay.step(
        f"{'效果' if action.by_effect else '主要階段'}：將玩家 {player} 的 {taken} 個能量從{_where(action.from_)}移至{_where(action.to)}。",
        EFFECTS if action.by_effect else MOVE_CORES,
        OWN_RESERVE,
        moved=taken,
    )
    for card in touched:
        _changed_lv(replay, card, before[card.name])
    if action.from_ == "life" and taken:
        bursts.happen(replay, "life_reduced", None, player)


def _changed_lv(replay: Run, card: BsCard, was: int | None) -> None:
    """Cores moved on or off ``card`` (freely, by an effect, to pay a cost): its Lv now, and the BP change
    a later comparison may turn on."""
    if card.levels and card.cores is not None and _level_step(replay, card):
        now = _bp_now(replay, card)
        if was is not None and now is not None and now != was:
            reliance.changed_bp(replay, LV_CHANGE, card.name, now - was)


def _bp_now(replay: Run, card: BsCard) -> int | None:
    """The card's BP with the cores on it now, where its Lvs give one."""
    level = None if card.cores is None else level_of(card, card.cores)
    return None if level is None or level.bp is None else bp(replay, card)


def _level_step(replay: Run, card: BsCard) -> bool:
    """The Lv (and BP) a card's cores give it now (whether it has one: below its lowest Lv it is depleted in
    rule processing)."""
    assert card.cores is not None  # the caller checks
    level = level_of(card, card.cores)
    if level is None:
        return False
    bp_text = "" if level.bp is None else f"（該 Lv 的 BP {level.bp}）"
    replay.step(
        f"「{card.name}」上有 {card.cores} 個能量，達到 Lv{level.lv} 所需的 {level.cores} 個：為 Lv{level.lv}{bp_text}。",
        LV_FROM_CORES,
        LV_CHANGE,
        lv=level.lv,
        bp=level.bp,
    )
    now = None if level.bp is None else bp(replay, card)
    if now is not None and now != level.bp:  # a brave's BP+ and the BP effects count from the new Lv's BP
        replay.step(
            f"「{card.name}」目前的 BP 以 Lv{level.lv} 的 BP {level.bp} 為基礎，加上合體數值與「BP+」「BP-」效果：{now}。",
            BP_ORDER,
            bp=now,
        )
        if now == 0:
            replay.step(f"「{card.name}」的 BP 變為 0，但不會因此被破壞。", BP_ZERO, bp=0)
    return True


def _mover(replay: Run, action: MoveCores) -> Player:
    """Whose cores move: the owner of the card they leave; else, for an effect, of the card they reach
    (cores stay with their owner: FAQ 效果通則 Q14); else the turn player, who alone moves cores freely."""
    places = (action.from_, action.to) if action.by_effect else (action.from_,)
    for name in places:
        found = replay.state.on_field(name)
        if found is not None:
            return found[0]
    return turn_player(replay)


def _where(place: str) -> str:
    return CORE_ZONES.get(place, f"「{place}」上")


def _take(replay: Run, player: Player, place: str, count: int) -> int:
    """Up to ``count`` cores from ``place`` (as many as there are)."""
    side = replay.state.side(player)
    if place in CORE_ZONES:
        attribute = "trash_cores" if place == "trash" else place
        held: int = replay.fact(
            f"{player}.{attribute}", getattr(side, attribute), None, f"玩家 {player} 的{_where(place)}能量數"
        )
        taken = min(held, count)
        setattr(side, attribute, held - taken)
        return taken
    card = side.field.find(place)
    if card is None:
        replay.refuse(f"「{place}」不在玩家 {player} 的場地上，無法從其上移動能量。", MOVE_CORES, OWN_RESERVE)
    held = cores_on(replay, card)
    taken = min(held, count)
    card.cores = held - taken
    return taken


def _put(replay: Run, player: Player, place: str, count: int) -> None:
    if place in CORE_ZONES:
        field.add_cores(replay, player, "trash_cores" if place == "trash" else place, count)
        return
    card = replay.state.side(player).field.find(place)
    if card is None:
        replay.refuse(f"不能將自己的能量放置到對手的預備區或靈魂卡等處（「{place}」）。", OWN_RESERVE)
    card.cores = cores_on(replay, card) + count


def set_burst(replay: Run, action: SetBurst) -> None:
    player = action.player or turn_player(replay)
    _own_main_step(replay, player, "爆烈設置", SET_BURST_ONCE)
    card = _from_hand(replay, player, action.card, "設置為爆烈", SET_BURST_ONCE)
    bursts.set_card(replay, player, card)


def opening_hand(replay: Run, action: OpeningHand) -> None:
    """遊戲準備 ⑤: 4 cards drawn; or 3, and the contract card set aside before shuffling."""
    deck = replay.state.side(action.player).deck
    hand = replay.state.side(action.player).hand
    if action.contract is None:
        field.draw(replay, action.player, 4, SETUP)
        return
    contract = action.contract
    if isinstance(contract, str):
        found = deck.find(contract)
        if found is None:
            replay.refuse(
                f"「{contract}」不在玩家 {action.player} 的牌組中：契約卡是在洗牌前從牌組中取出的。",
                SETUP,
                CONTRACT,
            )
        deck.cards.remove(found)
        contract = found
    elif deck.unnamed:
        deck.unnamed -= 1
    if not contract.contract:
        replay.refuse(
            f"「{contract.name}」不是契約卡：只有契約卡可以在遊戲開始時另外加入手牌。", CONTRACT, SETUP
        )
    replay.step(
        f"玩家 {action.player} 在洗牌前從牌組中取出契約卡「{contract.name}」，背面朝上展示（它也算在牌組的張數內）。",
        SETUP,
        CONTRACT_HAND,
    )
    field.draw(replay, action.player, 3, SETUP, CONTRACT)
    hand.cards.append(contract)
    if hand.unnamed is None:
        hand.unnamed = 3
    replay.step(
        f"玩家 {action.player} 不抽 4 張，改抽 3 張，再將契約卡「{contract.name}」向對手公開並加入手牌。",
        SETUP,
        CONTRACT,
        decisive=True,
    )


REDRAWN = "redrawn"  # the players who redrew their opening hand


def redraw(replay: Run, action: Redraw) -> None:
    """遊戲準備 ⑦: once per player, the whole hand back into the deck, shuffled, then 4 cards.

    Nobody knows where the returned cards lie once the deck is shuffled, so they join the deck's
    unnamed cards, and the 4 drawn are unnamed too (a card used later is given in full)."""
    redrawn: set[Player] = replay.notes.setdefault(REDRAWN, set())
    if action.player in redrawn:
        replay.refuse(
            f"玩家 {action.player} 已重新抽牌過一次：每位玩家僅可重新抽牌一次，即使不滿意重新抽得的手牌，也無法再次重新抽牌。",
            SETUP,
        )
    redrawn.add(action.player)
    side = replay.state.side(action.player)
    hand, deck = side.hand, side.deck
    back = hand.total
    if deck.unnamed is not None:
        deck.unnamed = None if back is None else deck.unnamed + len(deck.cards) + back
    deck.cards.clear()
    hand.cards.clear()
    hand.unnamed = 0
    replay.step(
        f"玩家 {action.player} 重新抽牌：將所有手牌（{'?' if back is None else back} 張）放回牌組並洗牌，"
        "再抽取 4 張卡牌作為手牌；此時不可從牌組中挑出契約卡加入手牌。",
        SETUP,
        decisive=True,
        returned=back,
    )
    field.draw(replay, action.player, 4, SETUP)


def exhaust(replay: Run, action: Exhaust) -> None:
    """An effect exhausts a card, or heavily (重疲勞); an 異魔神 in spirit state is never exhausted."""
    found = _affected(replay, action.card)
    if found is None:
        return
    owner, card = found
    if card.ima:
        replay.not_applied(f"處於靈魂卡狀態的異魔神合體卡「{card.name}」不會因各種效果而疲勞。", IMA)
        return
    if card.status is Status.RESTED and not action.heavy:
        waited = replay.unfired(
            "exhausted",
            f"「{card.name}」不視為因該效果而疲勞：「疲勞時」的效果不會發揮。",
            NOT_EXHAUSTED_BY_IT,
            card=card.name,
        )
        replay.step(
            f"「{card.name}」已處於疲勞狀態：可以被「疲勞」效果指定，但不會因此進入重疲勞狀態，也不視為因該效果而疲勞。",
            ALREADY_EXHAUSTED,
            NOT_EXHAUSTED_BY_IT,
            decisive=waited,
        )
        return
    was_refreshed = card.status is Status.ACTIVE
    card.status, card.heavy = Status.RESTED, action.heavy
    cites = (HEAVY_EXHAUST,) if action.heavy else (EXHAUST_TERM,)
    field.rested_by(replay, card.name, EFFECTS, *cites)
    replay.step(f"效果使「{card.name}」{'進入重疲勞狀態' if action.heavy else '疲勞'}。", EFFECTS, *cites)
    if was_refreshed and not action.heavy:
        bursts.happen(replay, "exhausted", card.name, owner)


def refresh(replay: Run, action: Refresh) -> None:
    """An effect refreshes a card: a heavily exhausted one becomes merely exhausted."""
    found = _affected(replay, action.card)
    if found is not None:
        field.refresh_card(replay, found[0], found[1], "效果")


def _affected(replay: Run, name: str) -> tuple[Player, BsCard] | None:
    """The field card an effect exhausts or refreshes; one no longer on the field is no target."""
    if effects.target(replay, name) is None:
        return None
    return replay.state.on_field(name)
