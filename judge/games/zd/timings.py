"""The timings of ch. 8 raised in a replay: each by the event that defines it (801–811).

A step names a timing only when an effect waits for it, so no step says
something triggered that did not; the event is raised either way, for the
effects that wait for it.
"""

from __future__ import annotations

from judge.games.zd.state import ZdState
from judge.games.zd.values import negated
from judge.players import Player
from judge.replay import Replay

Run = Replay[ZdState]


def timing(
    replay: Run,
    events: tuple[str, ...],
    card: str | None,
    player: Player,
    text: tuple[str, str | None],
    *cites: str,
) -> None:
    """Raise the timings ``events`` for ``card``: the step naming them (``text[0]``) is written only if
    an effect waits for one; otherwise ``text[1]``, if any, says what the step does without it."""
    fires = waits(replay, events, card, player)
    said = text[0] if fires else text[1]
    if said is not None:
        replay.step(said, *cites, card=card, decisive=fires)  # an effect happens because of this timing
    for event in events:
        replay.event(event, card=card, player=player)


def waits(replay: Run, events: tuple[str, ...], card: str | None, player: Player) -> bool:
    """Whether an effect waits for one of ``events`` of ``card`` (or of ``player``) from a card that
    has its effects (708.p1: one whose effects are void triggers none)."""
    sources = [
        effect.source or effect.when.card
        for effect in replay.waiting
        if effect.when is not None
        and effect.when.event in events
        and effect.when.card in (None, card)
        and effect.when.player in (None, player)
        and (effect.if_ is None or replay.condition_holds(effect))  # else it does not trigger (702.p3)
    ]
    return bool(sources) and any(source not in negated(replay.state) for source in sources)


def entered(replay: Run, name: str, player: Player, otherwise: str | None = None) -> None:
    """A card entered the battle area (205.p2): 【登场时】 is raised (801.p1)."""
    timing(
        replay,
        ("enters",),
        name,
        player,
        (f"「{name}」登场：触发【登场时】的效果。", otherwise),
        "205.p2",
        "801.p1",
    )
