"""zd ``chain``: what enters the chain, and the order it resolves in (105, 106, 619, 620).

Using a card or an effect, or an effect triggering, puts it on top of the
chain (106.p1, 106.p2, 702.p2); once every player passes, the chain
resolves from the top, and nobody gets priority meanwhile (106.p3, 106.p4).
Items added at the same time go on in turn order — the active player's
first, in the order that player chooses, then the other player's — so the
non-active player's resolve first (106.p6, :func:`judge.players.by_turn_order`).
An effect triggered while the chain resolves goes on top of what is left
and resolves next (106.p5).  The book's example under 106.p5 has the
trigger come from a cost: 少年路飞 discards lv2 娜美 to use its effect, and
娜美's draw resolves before 路飞's effect — a board gives such triggers as
``on_cost`` of the item whose use set them off.

Some things never enter the chain and are carried out at once: counter
effects (312.p2, 704.p5), continuous effects (701.p2), the actions 105.p4
lists, placing a resource (204.p2), the same-name discard (305.p4), the
draw of a dimension level-up (600.p11) and the end-of-turn discard
(408.p1).  A card that needs an empty chain (318.p1, 319.p1, 320.p2,
321.p1) cannot be added on top of anything unless it has 速攻 (900.速攻).
Cancelling takes an item off the chain unresolved (620); ending the turn
removes everything left (619).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass

from pydantic import Field

from judge.board import BoardModel, Path
from judge.bounds import Flag
from judge.players import Player, by_turn_order
from judge.ruling import Outcome, Trace


class Kind(enum.StrEnum):
    CARD = "card"  # a card being used (106.p1)
    ACTIVATED = "activated"  # 启动效果 (703)
    TRIGGERED = "triggered"  # 触发效果 (702.p2)
    COUNTER = "counter"  # 反击特效
    CONTINUOUS = "continuous"  # 永续效果
    GAME_ACTION = "game_action"  # one of the actions 105.p4 lists
    RESOURCE = "resource"  # placing a resource card
    SAME_NAME_DISCARD = "same_name_discard"  # 同角色名的废弃
    UPGRADE_DRAW = "upgrade_draw"  # the draw of a successful dimension level-up
    HAND_DISCARD = "hand_discard"  # the discard step's discard


#: what never enters the chain: the clauses that say so, and the sentence
NOT_CHAINED: dict[Kind, tuple[tuple[str, ...], str]] = {
    Kind.COUNTER: (("312.p2", "704.p5"), "反击特效必须发动，且不能被连锁，优先于其他的连锁来进行清算"),
    Kind.CONTINUOUS: (("701.p2",), "永续效果不会进入连锁，优先权的概念对于永续效果无效"),
    Kind.GAME_ACTION: (("105.p4",), "这个动作不会进入连锁，被优先进行清算，之后主动玩家才会获得优先权"),
    Kind.RESOURCE: (("204.p2", "404.p3"), "放置资源牌不视为使用，无法进行连锁"),
    Kind.SAME_NAME_DISCARD: (
        ("305.p4",),
        "同角色名牌的废弃不进入连锁，已经触发的效果在处理完废弃之后再加入连锁",
    ),
    Kind.UPGRADE_DRAW: (("600.p11",), "次元升级成功时抽一张牌，此动作不属于效果，不会进入连锁"),
    Kind.HAND_DISCARD: (("408.p1",), "弃牌步骤中舍弃手牌的动作不会进入连锁"),
}


class CardType(enum.StrEnum):
    CHARACTER = "character"
    EQUIPMENT = "equipment"
    EVENT = "event"
    TACTIC = "tactic"  # 普通战术
    INSTANT = "instant"  # 瞬间战术


#: cards used only when the chain is empty, in their owner's turn (and the clause); looked up with any
#: item's card type (None: not a card)
NEEDS_EMPTY_CHAIN: dict[CardType | None, str] = {
    CardType.CHARACTER: "318.p1",
    CardType.EQUIPMENT: "319.p1",
    CardType.EVENT: "321.p1",
    CardType.TACTIC: "320.p2",
}
CARD_NAMES = {
    CardType.CHARACTER: "角色牌",
    CardType.EQUIPMENT: "装备牌",
    CardType.EVENT: "事件牌",
    CardType.TACTIC: "普通战术牌",
    CardType.INSTANT: "瞬间战术牌",
}


class Item(BoardModel):
    """A card or effect a player adds to the chain, or an action that might seem to."""

    name: str = Field(min_length=1)
    owner: Player = Field(description="the player who controls it")
    kind: Kind
    card_type: CardType | None = Field(None, description="for a card: which kind of card")
    quick: Flag = Field(False, description="the card has 速攻")
    with_previous: Flag = Field(False, description="added at the same time as the item before it (106.p6)")
    on_cost: list[Item] = Field([], description="effects triggered when it is used and its cost paid")
    on_resolve: list[Item] = Field([], description="effects triggered while it resolves (106.p5)")
    cancels: str | None = Field(None, description="the item it takes off the chain when it resolves (620)")
    ends_turn: Flag = Field(False, description="it ends the turn when it resolves (619)")

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        if (self.kind is Kind.CARD) != (self.card_type is not None):
            yield ("card_type",), "required for a card, and only for a card", ()
        for i, item in enumerate(self.on_cost + self.on_resolve):
            if item.with_previous:
                where = ("on_cost", i) if i < len(self.on_cost) else ("on_resolve", i - len(self.on_cost))
                yield (
                    where + ("with_previous",),
                    "effects triggered together are simultaneous already",
                    ("106.p6",),
                )

    def walk(self) -> Iterator[Item]:
        yield self
        for item in self.on_cost + self.on_resolve:
            yield from item.walk()


class ChainBoard(BoardModel):
    active_player: Player
    chain: list[Item] = Field(min_length=1, description="what the players add, in the order they add it")

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        names = [item.name for top in self.chain for item in top.walk()]
        for name in dict.fromkeys(n for n in names if names.count(n) > 1):
            yield ("chain",), f"{name!r} is listed twice; give each card or effect its own name", ()
        if self.chain[0].with_previous:
            yield ("chain", 0, "with_previous"), "nothing was added before it", ()
        chained = False
        for i, top in enumerate(self.chain):
            for item in top.walk():
                if item.cancels is not None and item.cancels not in names:
                    yield ("chain", i, "cancels"), f"no card or effect named {item.cancels!r}", ()
                clause = NEEDS_EMPTY_CHAIN.get(item.card_type)
                if clause and not item.quick and (chained or item is not top):
                    yield ("chain", i), f"{item.name!r} needs an empty chain to be used (or 速攻)", (clause,)
                if clause and item.owner is not self.active_player:
                    yield ("chain", i), f"{item.name!r} can be used only in its owner's own turn", (clause,)
            chained = chained or top.kind not in NOT_CHAINED


class ChainReason(enum.StrEnum):
    RESOLVED = "last_in_first_out"
    TURN_ENDED = "turn_ended"  # 619
    NOTHING_CHAINED = "nothing_on_the_chain"


@dataclass
class _Chain:
    """The chain while the ruling builds and resolves it."""

    trace: Trace
    active: Player
    stack: list[Item]
    order: list[str]
    at_once: list[str]
    cancelled: list[str]
    removed: list[str]

    def add_together(self, items: list[Item], why: str) -> None:
        """Items added at the same time: the active player's first (106.p6)."""
        owners = {item.owner for item in items}
        ordered = by_turn_order(items, self.active, owner=lambda item: item.owner)
        if len(owners) == 2:
            self.trace.step(
                f"{why}多个效果同时加入连锁：先由主动玩家 {self.active} 按其选择的顺序加入，之后由非主动玩家 "
                f"{self.active.other} 加入，因此非主动玩家的先被清算。",
                "106.p6",
                decisive=True,
                order=[item.name for item in ordered],
            )
        for owner in owners:
            own = [item.name for item in ordered if item.owner is owner]
            if len(own) > 1:
                self.trace.choice(
                    f"玩家 {owner} 决定自己控制的{'、'.join(f'「{n}」' for n in own)}加入连锁的顺序"
                    "（此处按所给顺序）。",
                    "106.p6",
                    player=owner,
                    order=own,
                )
        for item in ordered:
            self.add(item)

    def add(self, item: Item) -> None:
        if item.kind in NOT_CHAINED:
            cites, why = NOT_CHAINED[item.kind]
            self.trace.step(f"「{item.name}」：{why}。", *cites, decisive=True, item=item.name)
            self.at_once.append(item.name)
            if item.on_resolve:
                self.add_together(item.on_resolve, f"处理「{item.name}」时触发的")
            return
        self._enter(item)
        self.stack.append(item)
        if item.on_cost:
            names = "、".join(f"「{t.name}」" for t in item.on_cost)
            self.trace.step(
                f"使用「{item.name}」并支付费用时触发了{names}：触发的效果加入连锁的最上方，先于「{item.name}」清算"
                "（106 的例子：少年路飞废弃 lv2 的娜美，娜美的效果先于少年路飞的效果清算）。",
                "106.p5",
                "702.p2",
                decisive=True,
                triggered=[t.name for t in item.on_cost],
            )
            self.add_together(item.on_cost, "")

    def _enter(self, item: Item) -> None:
        card_type = item.card_type
        if item.kind is Kind.CARD and card_type is not None:  # a card always names its type
            clause = NEEDS_EMPTY_CHAIN.get(card_type)
            if clause and item.quick and self.stack:
                self.trace.step(
                    f"「{item.name}」带有速攻，可以在使用瞬间战术的时机下使用，因此可以连锁其他的牌或效果。",
                    "900.速攻",
                    decisive=True,
                )
            elif clause:
                self.trace.step(
                    f"「{item.name}」是{CARD_NAMES[card_type]}：在我方回合的非战斗行动阶段、连锁为空、"
                    "具有优先权时使用。",
                    clause,
                )
            text, cites = (
                f"玩家 {item.owner} 使用{CARD_NAMES[card_type]}「{item.name}」",
                ("106.p1", "106.p2"),
            )
        elif item.kind is Kind.TRIGGERED:
            text, cites = f"玩家 {item.owner} 的「{item.name}」触发", ("702.p2", "106.p2")
        else:
            text, cites = f"玩家 {item.owner} 发动「{item.name}」", ("106.p1", "106.p2")
        self.trace.step(
            f"{text}，加入连锁，放在整个连锁的最上方。", *cites, item=item.name, depth=len(self.stack) + 1
        )

    def resolve(self) -> bool:
        """Resolve from the top; False when an effect ended the turn."""
        while self.stack:
            item = self.stack.pop()
            self.order.append(item.name)
            self.trace.step(f"清算连锁最上方的「{item.name}」。", "106.p3", item=item.name)
            if item.cancels is not None:
                self._cancel(item)
            if item.ends_turn:
                self.removed = [left.name for left in reversed(self.stack)]
                self.stack.clear()
                self.trace.step(
                    f"「{item.name}」结束本回合：强制将连锁中的所有效果移除"
                    + (f"（{'、'.join(self.removed)}）" if self.removed else "")
                    + "，连锁中的所有牌直接送入休息区且不产生任何效果，游戏进入当前回合结束阶段的清算步骤。",
                    "619.p1",
                    decisive=True,
                    removed=self.removed,
                )
                return False
            if item.on_resolve:
                names = "、".join(f"「{t.name}」" for t in item.on_resolve)
                self.trace.step(
                    f"清算「{item.name}」时触发了{names}：那个效果优先加入到原连锁的最上方，并进行清算。",
                    "106.p5",
                    decisive=True,
                    triggered=[t.name for t in item.on_resolve],
                )
                self.add_together(item.on_resolve, "")
        return True

    def _cancel(self, item: Item) -> None:
        target = next((left for left in self.stack if left.name == item.cancels), None)
        if target is None:
            self.trace.step(
                f"「{item.cancels}」已不在连锁中：只有连锁中的牌或效果可以被取消，取消的效果不再清算。",
                "620.p2",
                "705.p6",
                decisive=True,
                target=item.cancels,
            )
            return
        self.stack.remove(target)
        self.cancelled.append(target.name)
        self.trace.step(
            f"「{item.name}」取消「{target.name}」：将其移出连锁，被取消的牌或效果不会被清算。",
            "620.p1",
            "620.p4",
            decisive=True,
            target=target.name,
        )


def judge(board: ChainBoard, trace: Trace) -> Outcome:
    chain = _Chain(trace, board.active_player, [], [], [], [], [])
    for group in _groups(board.chain):
        chain.add_together(group, "")
    built = [item.name for item in chain.stack]
    if len(built) > 1:
        trace.step(
            "连锁记录着加入的顺序，每次新加入的放在最上方；每次添加连锁后主动玩家重新获得优先权。",
            "106.p2",
            "105.p1",
            chain=built,
        )
        trace.mark_decisive("106.p2")
    if built:
        trace.step(
            "所有玩家让过优先权：从整个连锁的最上方开始清算，清算过程中任何玩家不会获得优先权。",
            "106.p3",
            "106.p4",
            decisive=len(built) > 1,
        )
    finished = chain.resolve()
    if not chain.order:
        reason = ChainReason.NOTHING_CHAINED
    else:
        reason = ChainReason.RESOLVED if finished else ChainReason.TURN_ENDED
    return Outcome(
        reason,
        {
            "order": chain.order,
            "chain": built,
            "not_chained": chain.at_once,
            "cancelled": chain.cancelled,
            "removed": chain.removed,
        },
    )


def _groups(items: list[Item]) -> list[list[Item]]:
    """Consecutive items added at the same time."""
    groups: list[list[Item]] = []
    for item in items:
        if item.with_previous and groups:
            groups[-1].append(item)
        else:
            groups.append([item])
    return groups
