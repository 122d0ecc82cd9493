"""uhb ``effect_order``: in what order waiting effects are carried out (1.1.5–1.1.7, 5.5.3).

The book's rules, as its own examples under 1.1.6 and 1.1.7 apply them:

* the active player orders effects of one side that wait together (1.1.6);
* the active player's side goes before the other side's (1.1.6a);
* flipping a face-down card on the field triggers its flip effect, which
  waits until the flipping effect is over and then joins the others (5.5.3);
* any other effect triggered on a card the current effect touches is carried
  out first, before the current effect goes on (1.1.7), and nobody may
  reorder it.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator

from pydantic import Field

from judge.board import BoardModel, Path
from judge.order import MAX_EVENTS, Event, How, Pending, Placement, Triggered, resolve
from judge.players import Player
from judge.ruling import Outcome, Trace


class Kind(enum.StrEnum):
    FLIP = "FLIP"  # the flip effect of a field card the effect flipped (5.5.3)
    OTHER = "OTHER"  # anything else triggered on a card the effect touched (1.1.7)


class Effect(BoardModel):
    name: str = Field(min_length=1)
    owner: Player


class Trigger(Effect):
    kind: Kind = Kind.OTHER


class EffectOrderBoard(BoardModel):
    active_player: Player
    waiting: list[Effect] = Field(
        min_length=1, max_length=MAX_EVENTS, description="effects waiting to be carried out"
    )
    triggers: dict[str, list[Trigger]] = Field({}, description="effect name -> what carrying it out triggers")
    preference: list[str] = Field([], description="the order the active player would choose in")

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        known = [e.name for e in self.waiting] + [t.name for ts in self.triggers.values() for t in ts]
        for name in dict.fromkeys(n for n in known if known.count(n) > 1):
            yield ("waiting",), f"effect {name!r} is listed twice; give each effect its own name", ()
        for name in self.triggers:
            if name not in known:
                yield ("triggers", name), "no effect of that name is waiting or triggered", ()
        for i, name in enumerate(self.preference):
            if name not in known:
                yield ("preference", i), f"no effect named {name!r}", ()


class Ordering(enum.StrEnum):
    SET_BY_RULES = "set_by_rules"  # no one had a choice
    ACTIVE_PLAYER_CHOOSES = "active_player_chooses"  # 1.1.6: the order shown follows the preference


PLACEMENT = {Kind.FLIP: Placement.POOL, Kind.OTHER: Placement.INTERRUPT}


def judge(board: EffectOrderBoard, trace: Trace) -> Outcome:
    active = board.active_player
    triggers = {
        name: [Triggered(Pending(t.name, t.owner), PLACEMENT[t.kind]) for t in listed]
        for name, listed in board.triggers.items()
    }
    events = resolve(
        [Pending(e.name, e.owner) for e in board.waiting],
        active,
        decider=lambda owner: active,
        triggers=triggers,
        preference=board.preference,
    )
    sides = {e.owner for e in board.waiting}
    if len(sides) == 2:
        trace.step(
            f"不同方的效果同时触发：由当前回合玩家 {active} 先执行，再由对方执行。", "1.1.6a", decisive=True
        )
    flips = [t.name for listed in board.triggers.values() for t in listed if t.kind is Kind.FLIP]
    if flips:
        trace.step(
            "被翻开的配置区暗盖牌的翻开效果，在使其翻开的效果执行完毕后执行：" + "、".join(flips) + "。",
            "5.5.3",
            decisive=True,
            effects=flips,
        )
    for event in events:
        _explain(trace, event, active)
    chose = any(e.how is How.CHOSEN for e in events)
    return Outcome(
        Ordering.ACTIVE_PLAYER_CHOOSES if chose else Ordering.SET_BY_RULES,
        {
            "order": [e.effect.name for e in events],
            "decisions": [
                {"decider": e.decider, "chose": e.effect.name, "from": [c.name for c in e.candidates]}
                for e in events
                if e.how is How.CHOSEN
            ],
            "inserted": [
                {"effect": e.effect.name, "during": e.during.name}  # an inserted one names it
                for e in events
                if e.how is How.INSERTED and e.during is not None
            ],
        },
    )


def _explain(trace: Trace, event: Event, active: Player) -> None:
    name = f"「{event.effect.name}」"
    if event.how is How.CHOSEN:
        options = "、".join(f"「{c.name}」" for c in event.candidates)
        trace.choice(
            f"尚未执行的同一方效果有 {options}，由当前回合玩家 {active} 自由决定执行顺序：先执行{name}。",
            "1.1.6",
            candidates=[c.name for c in event.candidates],
            chose=event.effect.name,
        )
        trace.mark_decisive("1.1.6")
    elif event.how is How.INSERTED and event.during is not None:  # it names the effect it interrupted
        side = "对方的" if event.effect.owner is not active else ""
        trace.step(
            f"执行「{event.during.name}」时触发了{side}{name}：先执行被影响牌的效果，执行完毕后再继续当前的效果；"
            "不能调整其执行顺序。",
            "1.1.7",
            decisive=True,
            during=event.during.name,
        )
    else:
        trace.step(f"执行{name}。", "1.1.6a" if event.effect.owner is not active else "1.1.6")
