"""Losing the game (101), drawing (602) and damage to a life zone (202, 324, 704).

A player who must draw more cards than the deck holds loses (101.p2); a
player whose empty life zone takes battle damage from a successful attack
loses (101.p1), but not with one card left to a single attack (202.p4), nor
to 贯通's damage (900.贯通).  Life cards are flipped from the top one at a
time, each counter (反击特效) resolved before the next is flipped (324.p3,
704.p7).  The game ends at once (101.p3), unless effects are being
processed at once (102.p3): then every loss is collected and decided
together (101.p6).
"""

from __future__ import annotations

from judge.games.zd import timings
from judge.games.zd.outcome import ZdReason
from judge.games.zd.state import ZdState, ZdZone
from judge.outcome import Result
from judge.players import Player
from judge.replay import Replay

Run = Replay[ZdState]

#: while effects are processed at once (102.p3): the players who lost, decided together afterwards
LOSERS = "losers"
#: while life cards are being flipped: the life damage still to flip, in order (704.p8)
FLIPPING = "flipping"


def lose(replay: Run, player: Player, reason: ZdReason, text: str, *cites: str) -> None:
    """A player loses: the game ends at once (101.p3), unless effects are being processed at once."""
    losers: list[Player] | None = replay.notes.get(LOSERS)
    if losers is not None:
        replay.step(text, *cites, decisive=True, loser=player)
        losers.append(player)
        replay.notes["reason"] = reason
        return
    replay.step(text, *cites, decisive=True, loser=player)
    replay.end_game(
        Result.WON,
        reason,
        player.other,
        f"玩家 {player} 输掉游戏，游戏马上结束；玩家 {player.other} 获胜。",
        "101.p3",
    )


def draw(replay: Run, player: Player, count: int, *cites: str) -> None:
    """Draw ``count``: a player whose deck holds fewer than that loses (101.p2)."""
    deck = replay.state.side(player).deck
    hand = replay.state.side(player).hand
    taken = replay.notes.get(f"drawn:{player}", 0)  # drawn since the board, from a deck of unknown size
    enough: bool = replay.fact(
        f"deck:{player}:{taken + count}",
        None if deck.total is None else deck.total >= count,
        (True, False),
        f"玩家 {player} 的牌组中是否有 {taken + count} 张以上的牌"
        + (f"（其中 {taken} 张已抽出）" if taken else ""),
        "101.p2",
    )
    if not enough:
        lose(
            replay,
            player,
            ZdReason.DECK_OUT,
            f"玩家 {player} 需要抽 {count} 张牌，但牌组中已经没有足够的牌：他输掉本局游戏。",
            "101.p2",
            *cites,
        )
        return
    named = deck.cards[:count]
    del deck.cards[:count]
    hand.cards += named
    rest = count - len(named)
    if deck.total is None:
        replay.notes[f"drawn:{player}"] = taken + count
    if rest:
        deck.unnamed = None if deck.unnamed is None else deck.unnamed - rest
        hand.unnamed = None if hand.unnamed is None else hand.unnamed + rest
    drawn = "、".join(f"「{c.name}」" for c in named)
    replay.step(
        f"玩家 {player} 从牌组抽 {count} 张牌{('：' + drawn) if drawn else ''}。",
        "602.p1",
        *cites,
        drew=count,
    )
    deck_emptied(replay, player, f"牌组中的牌足够抽 {count} 张")


def deck_emptied(replay: Run, player: Player, how: str) -> None:
    """101.p2: a deck left empty loses nothing by itself — only a draw it cannot give does."""
    if replay.state.side(player).deck.total == 0:
        replay.not_applied(
            f"玩家 {player} 的牌组现在没有牌，但{how}：只有当他需要抽牌而牌组中已经没有足够的牌时，他才输掉本局游戏。",
            "101.p2",
        )


def life_damage(replay: Run, player: Player, points: int, battle: bool, pierce: bool = False) -> None:
    """Damage to a life zone: from the top, one card at a time, each counter resolved before the next.
    Damage a counter deals to a life zone meanwhile is flipped once the cards already determined
    are (704.p8)."""
    if points <= 0:
        return
    later: list[tuple[Player, int, bool, bool]] | None = replay.notes.get(FLIPPING)
    if later is not None:
        later.append((player, points, battle, pierce))
        replay.step(
            f"反击特效对玩家 {player} 的生命区造成 {points} 点伤害：确定那个伤害将要翻开的生命牌，在处理完之前所确定翻开的生命牌后，"
            "再翻开那张生命牌。",
            "704.p8",
            decisive=True,
        )
        return
    replay.notes[FLIPPING] = queue = [(player, points, battle, pierce)]
    try:
        while queue:
            _deal(replay, *queue.pop(0))
    finally:
        del replay.notes[FLIPPING]


def _deal(replay: Run, player: Player, points: int, battle: bool, pierce: bool) -> None:
    life = replay.state.side(player).life
    flipped = replay.notes.get(
        f"flipped:{player}", 0
    )  # flipped since the board, from a life zone of unknown size
    if life.total == 0 or (life.total is None and _empty(replay, player, flipped)):
        if battle:
            lose(
                replay,
                player,
                ZdReason.EMPTY_LIFE_HIT,
                f"玩家 {player} 的生命区中已经没有牌，再次被攻击成功并受到战斗伤害：他输掉本局游戏。",
                "101.p1",
            )
        elif pierce:
            replay.not_applied(
                f"由贯通造成的伤害无法使玩家获得游戏的胜利：玩家 {player} 不会因此输掉游戏。",
                "900.贯通",
                "101.p1",
            )
        else:
            replay.not_applied(
                f"玩家 {player} 的生命区已经没有牌，但受到的不是战斗伤害：只有被攻击成功并受到战斗伤害才输掉游戏。",
                "101.p1",
            )
        return
    flips = points if life.total is None else min(points, life.total)
    if points >= 2:
        replay.step(
            f"一次造成 {points} 点伤害：首先确定这个伤害将要翻开的生命牌，之后依次翻开，处理完一张的反击特效再翻开下一张。",
            "704.p7",
        )
    if life.total == 1 and points >= 2:
        replay.not_applied(
            f"玩家 {player} 的生命区中只有一张牌：无论单次攻击中造成多少点伤害都无法导致游戏出现胜负。",
            "202.p4",
            "101.p1",
        )
    for index in range(flips):
        if life.total is None:  # a life zone of unknown size: is there a card left to flip?
            if index and _empty(replay, player, flipped + index):
                break
            replay.notes[f"flipped:{player}"] = flipped + index + 1
        if _flip(replay, player, life, index) and index < flips - 1:
            replay.log.mark_decisive("704.p7")  # the next card was determined before this counter resolved
    timings.timing(
        replay, ("life_damaged",), None, player, ("对生命区造成伤害时触发的效果加入连锁。", None), "505.p1"
    )


def _empty(replay: Run, player: Player, flipped: int) -> bool:
    """Whether a life zone the board does not count is empty, ``flipped`` cards after the board."""
    empty: bool = replay.fact(
        f"life:{player}:{flipped}",
        None,
        (True, False),
        f"玩家 {player} 的生命区中是否已经没有牌" + (f"（此前已翻开 {flipped} 张）" if flipped else ""),
        "101.p1",
    )
    return empty


def _flip(replay: Run, player: Player, life: ZdZone, index: int) -> bool:
    """Flip the life zone's top card; whether it had a 反击特效."""
    rest = replay.state.side(player).rest
    if life.cards:
        card = life.cards.pop(0)
        if card.counter:
            replay.step(
                f"从玩家 {player} 的生命区最上方翻开「{card.name}」：它有反击特效，必须发动且不能被连锁，优先于其他连锁清算。",
                "324.p3",
                "312.p2",
                "704.p5",
                card=card.name,
            )
            replay.event("counter", card=card.name, player=player)
            replay.resolve_fired()
        else:
            replay.step(
                f"从玩家 {player} 的生命区最上方翻开「{card.name}」，送入休息区。",
                "324.p3",
                "202.p6",
                card=card.name,
            )
        rest.cards.append(card)
        return card.counter
    if life.unnamed:
        life.unnamed -= 1
        rest.unnamed = None if rest.unnamed is None else rest.unnamed + 1
    replay.step(
        f"从玩家 {player} 的生命区最上方翻开第 {index + 1} 张生命牌，送入休息区。", "324.p3", "202.p6"
    )
    return False
