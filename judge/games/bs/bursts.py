"""Bursts (爆烈): set face down in the burst area, turned over when their condition is met.

Setting one (主要階段, once a turn, no cost) replaces the one already set,
which goes to the trash first; setting a card with no burst effect loses at
once when it is found (爆烈的設置).  A set burst whose condition an event
meets may be activated — optionally (FAQ 關於爆裂 Q2), with no cost — at that
very moment, the defending player declaring first (Q5); a burst set after
the event cannot use it (Q4).  Its effects, stated after the ``burst``
action, resolve once the effects already under way are done, several in the
order they were declared; a burst magic card then goes to the trash.

Each card's condition is an event of the replay (``burst_when:
life_reduced``): the event must concern the burst's owner (their life
reduced, their spirit destroyed by the opponent, their side attacked).
"""

from __future__ import annotations

from typing import NoReturn

from judge.games.bs.actions import Burst
from judge.games.bs.outcome import BsReason
from judge.games.bs.rules import (
    BURST_AFTER_SET,
    BURST_DEFENDER_FIRST,
    BURST_MAGIC,
    BURST_OPTIONAL,
    BURST_SET,
    BURST_USE,
    BURST_WRONG,
    MAGIC,
    SET_BURST_ONCE,
)
from judge.games.bs.state import BsCard, BsState, Kind
from judge.games.bs.stated import stated
from judge.outcome import Result
from judge.players import Player, turn_order
from judge.replay import Replay

Run = Replay[BsState]

READY = "burst.ready"  # player -> the set burst whose condition was met by the latest event
RESOLVING = "resolving"  # (player, card) whose effects are resolving; to the trash once they are done
#: burst conditions in the book's words, by the event that meets them
CONDITIONS = {"destroyed_by_opponent": "對手破壞自己的靈魂卡後", "life_reduced": "自己生命值減少後"}
#: player -> (why not, clauses): the latest event like their burst's condition that did not meet it
MISSED = "burst.missed"
MET = "burst.met"  # player -> the set burst whose condition some moment of the replay met


def set_card(replay: Run, player: Player, card: BsCard) -> None:
    """設置爆烈: the card goes face down into the burst area; a set one is replaced."""
    state = replay.state
    if state.burst_set:
        replay.refuse("設置爆烈每回合僅限一次，本回合已設置過。", SET_BURST_ONCE, BURST_SET)
    side = state.side(player)
    if card.burst is False:
        replay.end_game(
            Result.WON,
            BsReason.NO_BURST_EFFECT,
            player.other,
            f"玩家 {player} 將不具爆烈效果的卡牌「{card.name}」作為爆烈卡設置，一旦被發現，該玩家立即敗北：玩家 {player.other} 獲勝。",
            BURST_SET,
        )
    for old in list(side.burst.cards):
        side.burst.cards.remove(old)
        side.trash.cards.insert(0, old)
        replay.step(
            f"玩家 {player} 的爆烈區已設置有「{old.name}」：先將其破棄並移至廢棄區，再設置新的爆烈卡。",
            BURST_SET,
        )
        if old.burst is False:
            replay.end_game(
                Result.WON,
                BsReason.NO_BURST_EFFECT,
                player.other,
                f"移出爆烈區的「{old.name}」公開後不具爆烈效果：玩家 {player} 立即敗北，玩家 {player.other} 獲勝。",
                BURST_SET,
            )
    side.burst.cards.append(card)
    state.burst_set = True
    replay.notes.setdefault(READY, {}).pop(player, None)
    replay.step(
        f"主要階段：玩家 {player} 將手牌中的「{card.name}」背面朝上設置於爆烈區（不需支付費用；每回合僅限一次）。",
        SET_BURST_ONCE,
        BURST_SET,
    )
    if card.cost:  # the card's own cost is not paid to set it: "不需支付費用" decides where there is one
        replay.log.mark_decisive(SET_BURST_ONCE)


def happen(replay: Run, event: str, card: str | None, player: Player) -> None:
    """An event of the replay: triggered effects fire, and each set burst it meets becomes usable."""
    replay.event(event, card, player)
    ready = [p for p in turn_order(_first(replay)) if _meets(replay, p, event, player)]
    if not ready:
        return
    if len(ready) > 1:
        replay.step("雙方的爆烈條件同時滿足：由防禦方玩家先行宣告是否發動。", BURST_DEFENDER_FIRST)
    for owner in ready:
        _offer(replay, owner)


def destroyed(replay: Run, card: str, owner: Player, *, by_opponent: bool) -> None:
    """A spirit destroyed: 「對手破壞自己的靈魂卡後」 is met only when the opponent destroyed it."""
    if by_opponent:
        happen(replay, "destroyed_by_opponent", card, owner)
        return
    replay.event("destroyed_by_opponent_not", card, owner)
    missed(replay, owner, "destroyed_by_opponent", f"「{card}」不是被對手破壞的", BURST_USE)


def missed(replay: Run, owner: Player, event: str, why: str, *cites: str) -> None:
    """Something like ``owner``'s burst condition happened, but not it: the why-not says so, and a burst
    declared now is refused with the same clauses."""
    if not set_for(replay, owner, event):
        return
    text = f"{why}：玩家 {owner} 的爆烈條件「{CONDITIONS.get(event, event)}」未滿足"
    replay.not_applied(f"{text}。", *cites)
    replay.notes.setdefault(MISSED, {})[owner] = (text, cites)


def _first(replay: Run) -> Player:
    """Who declares first: the defending (non-turn) player (FAQ 關於爆裂 Q5)."""
    turn = replay.state.turn_player or Player.A
    return turn.other


def set_for(replay: Run, owner: Player, event: str) -> bool:
    """Whether ``owner`` has a burst set whose condition is ``event``."""
    set_cards = replay.state.side(owner).burst.cards
    return bool(set_cards) and set_cards[0].burst_when == event


def _meets(replay: Run, owner: Player, event: str, concerned: Player) -> bool:
    return concerned is owner and set_for(replay, owner, event)


def _offer(replay: Run, owner: Player) -> None:
    """The owner may activate the burst now; the timeline's ``burst`` says whether, else it is open."""
    card = replay.state.side(owner).burst.cards[0]
    replay.notes.setdefault(READY, {})[owner] = card.name
    replay.notes.setdefault(MET, {})[owner] = card.name
    said = stated(replay, Burst, player=owner)
    if said is not None:
        return  # the burst action itself declares it, or declines
    activate: bool = replay.choose(
        owner,
        f"burst:{card.name}",
        None,
        (True, False),
        f"玩家 {owner} 是否發動爆烈「{card.name}」",
        BURST_USE,
        BURST_OPTIONAL,
    )
    if activate:
        _activate(replay, owner)
    else:
        decline(replay, owner)


def act(replay: Run, action: Burst) -> None:
    """The ``burst`` action: declare (or decline) the burst whose condition was just met."""
    ready: dict[Player, str] = replay.notes.setdefault(READY, {})
    if action.player not in ready:
        _not_now(replay, action.player)
    first = _first(replay)
    if action.player is not first and first in ready and ready[first] not in replay.notes.get("bursts", []):
        replay.refuse(
            f"雙方的爆烈條件同時滿足時，由防禦方玩家 {first} 先行宣告是否發動。",
            BURST_DEFENDER_FIRST,
            BURST_USE,
        )
    if action.activate:
        _activate(replay, action.player)
    else:
        decline(replay, action.player)


def _not_now(replay: Run, player: Player) -> NoReturn:
    """A burst declared when its condition is not met just now: a like event that did not meet it, a
    moment that met it but has passed (it is declared then or not at all), or no such moment yet."""
    missed_now = replay.notes.get(MISSED, {}).get(player)
    set_cards = replay.state.side(player).burst.cards
    if missed_now is not None:
        why, cites = missed_now
        replay.refuse(f"{why}，無法發動。", *cites, BURST_USE, BURST_AFTER_SET, BURST_WRONG)
    if set_cards and replay.notes.get(MET, {}).get(player) == set_cards[0].name:
        replay.refuse(
            f"玩家 {player} 的爆烈「{set_cards[0].name}」的條件先前已滿足，但當時沒有宣告發動：爆烈必須在滿足條件的"
            "時機點宣告發動，之後不能再發動（再次滿足條件時才可以）。",
            BURST_DEFENDER_FIRST,
            BURST_USE,
        )
    replay.refuse(
        f"玩家 {player} 的爆烈條件在設置後尚未滿足，無法發動。", BURST_USE, BURST_AFTER_SET, BURST_WRONG
    )


def decline(replay: Run, owner: Player) -> None:
    card = replay.notes.setdefault(READY, {}).pop(owner)
    replay.step(
        f"玩家 {owner} 選擇不發動爆烈「{card}」：爆烈保持蓋放，之後再次滿足條件時仍可選擇發動。",
        BURST_OPTIONAL,
    )


def _activate(replay: Run, owner: Player) -> None:
    replay.notes[READY].pop(owner)
    others = replay.notes[READY]
    if others and not replay.notes.get("bursts"):
        replay.step("雙方的爆烈條件同時滿足：由防禦方玩家先行宣告發動。", BURST_DEFENDER_FIRST)
    side = replay.state.side(owner)
    card = side.burst.cards.pop(0)
    declared: list[str] = replay.notes.setdefault("bursts", [])
    declared.append(card.name)
    replay.step(
        f"玩家 {owner} 宣告發動爆烈，翻開「{card.name}」，不需支付費用；若有其他效果正在發揮，結算完畢後再結算爆烈效果。",
        BURST_USE,
        decisive=True,
        card=card.name,
    )
    if len(declared) > 1:
        replay.step(f"多個爆烈效果同時發動：依照發動的順序（{'、'.join(declared)}）結算。", BURST_USE)
    replay.notes.setdefault(RESOLVING, []).append((owner, card))


def finish_resolving(replay: Run) -> None:
    """Cards whose effects are done: a magic card (a flash, a burst) goes to the trash."""
    bursts = replay.notes.pop("bursts", [])
    for owner, card in replay.notes.pop(RESOLVING, []):
        if card.kind is not Kind.MAGIC:
            continue
        replay.state.side(owner).trash.cards.insert(0, card)
        replay.step(
            f"「{card.name}」的效果結算完畢，該魔法卡被放置於廢棄區。",
            BURST_MAGIC if card.name in bursts else MAGIC,
        )
