"""The 【U 觸發】 of an ultimate (終極靈魂卡 › U（終極）觸發), on the replay.

The opponent's deck's top card is turned over and put in the trash; its cost
is compared with the ultimate's (a united brave's cost added, 合體帶來的變化):
higher is a hit (命中), and what waits for ``u_trigger_hit`` happens; equal or
lower is a guard (防禦), and it does not.  An unnamed top card's cost is not
known, so the ruling branches on hit or guard; an empty deck has no card to
turn over, and the book does not say what follows.
"""

from __future__ import annotations

from judge.games.bs.actions import UTrigger
from judge.games.bs.rules import U_COST, U_GUARD, U_HIT, U_TRIGGER, UNION
from judge.games.bs.state import BsState, Kind
from judge.games.bs.values import brave_of
from judge.replay import Replay

Run = Replay[BsState]

HIT = "u_trigger_hit"


def u_trigger(replay: Run, action: UTrigger) -> None:
    """Turn over the opponent's top card, trash it, and compare the costs."""
    found = replay.state.on_field(action.by)
    if found is None:
        replay.refuse(f"「{action.by}」不在場地上，無法發動【U 觸發】。", U_TRIGGER)
    owner, card = found
    if card.kind is not Kind.ULTIMATE:
        replay.refuse(f"「{card.name}」不是終極靈魂卡：【U 觸發】是終極靈魂卡持有的效果。", U_TRIGGER)
    cost: int = replay.fact(f"{card.name}.cost", card.cost, None, f"「{card.name}」的費用", U_COST)
    brave = brave_of(replay.state, card)
    if brave is not None:
        cost += replay.fact(f"{brave.name}.cost", brave.cost, None, f"「{brave.name}」的費用", UNION)
        replay.step(f"合體卡「{brave.name}」的費用加算至「{card.name}」的費用：{cost}。", UNION, cost=cost)
    side = replay.state.side(owner.other)
    deck, trash = side.deck, side.trash
    if deck.total == 0:
        replay.log.silent(
            f"玩家 {owner.other} 的牌組為 0 張，沒有可翻開的卡牌；規則未說明此時【U 觸發】是命中還是防禦。",
            U_TRIGGER,
        )
        return
    if deck.cards:
        top = deck.cards.pop(0)
        trash.cards.insert(0, top)
        their: int = replay.fact(f"{top.name}.cost", top.cost, None, f"「{top.name}」的費用", U_TRIGGER)
        replay.step(
            f"【U 觸發】：翻開玩家 {owner.other} 牌組最上方的「{top.name}」（費用 {their}），並將其放置於廢棄區；"
            f"與「{card.name}」的費用 {cost} 比較。",
            U_TRIGGER,
            U_COST,
            cost=cost,
            revealed=their,
        )
        hit = cost > their
    else:
        if deck.unnamed:
            deck.unnamed -= 1
        trash.unnamed = None if trash.unnamed is None else trash.unnamed + 1
        replay.step(
            f"【U 觸發】：翻開玩家 {owner.other} 牌組最上方的卡牌，並將其放置於廢棄區；與「{card.name}」的費用 {cost} 比較。",
            U_TRIGGER,
            U_COST,
            cost=cost,
        )
        hit = replay.fact(
            f"{card.name}.u_trigger_hit",
            None,
            (True, False),
            f"被翻開的卡牌費用是否低於「{card.name}」的費用 {cost}",
            U_TRIGGER,
        )
    if hit:
        replay.step(
            f"「{card.name}」的費用較高：視為「命中」，發揮「U 觸發命中時」之後的效果。", U_HIT, decisive=True
        )
        replay.event(HIT, card.name, owner)
        return
    replay.step(
        f"費用相同，或「{card.name}」的費用較低：視為「防禦」，不會發揮「U 觸發命中時」之後的效果。",
        U_GUARD,
        decisive=True,
    )
    replay.unfired(
        HIT,
        f"「{card.name}」的【U 觸發】被防禦：「U 觸發命中時」之後的效果不會發揮。",
        U_GUARD,
        card=card.name,
    )
