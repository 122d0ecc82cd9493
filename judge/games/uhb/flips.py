"""翻开 by a card effect (5.5): where the flipped card is decides whether its 翻 effect triggers.

A face-down card on the field triggers its 翻 effect, which is carried out
once the effect that flipped it is over (5.5.3): while the timeline's next
actions come from the same source card, the triggered effect is held.  A
face-down energy card flipped does not trigger it (5.5.5).
"""

from __future__ import annotations

from judge.games.uhb import effects
from judge.games.uhb.actions import Flip
from judge.games.uhb.sources import continues
from judge.games.uhb.state import UhbCard, UhbState
from judge.replay import Replay

Run = Replay[UhbState]

#: notes: (source, effects) held until the source's effect is over
HELD = "held_flips"


def flip(replay: Run, action: Flip) -> None:
    card = effects.card(replay, action.card)
    assert isinstance(card, UhbCard)  # the state holds uhb cards only
    where = replay.state.where(card.name)
    zone = where[1] if where else None
    if zone not in ("field", "energy"):
        replay.refuse(f"「{card.name}」不在配置区或能量区中。", "5.5.2")
    if card.face_up:
        replay.refuse(f"「{card.name}」已是正面向上：翻开指的是将背面向上的牌翻转变为正面向上。", "5.5.1")
    card.face_up = True
    if zone == "energy":
        replay.step(f"翻开能量区中的暗盖牌「{card.name}」。", "5.5.2c", card=card.name)
        replay.not_applied(
            f"「{card.name}」在能量区中被翻开，不会触发其翻开效果。", "5.5.5", "2.0.5a", card=card.name
        )
        return
    replay.step(f"翻开配置区中的暗盖牌「{card.name}」。", "5.5.2a", card=card.name)
    waiting = len(replay.fired)
    replay.event("flipped", card=card.name)
    triggered = replay.fired[waiting:]
    if not triggered:
        return
    del replay.fired[waiting:]
    replay.notes.setdefault(HELD, []).append((action.source, triggered))
    replay.step(
        f"「{card.name}」的翻开效果在使其翻开的效果执行完毕后执行。", "5.5.3", decisive=True, card=card.name
    )


def release(replay: Run) -> None:
    """Carry out the held flip effects whose flipping effect is over."""
    held = replay.notes.get(HELD, [])
    ready = [(source, fx) for source, fx in held if not continues(replay, source)]
    if not ready:
        return
    replay.notes[HELD] = [entry for entry in held if entry not in ready]
    for source in dict.fromkeys(source for source, _ in ready):
        replay.step(
            f"{f'「{source}」的' if source else ''}效果执行完毕，执行被翻开的牌的翻开效果。",
            "5.5.3",
            "2.0.5a",
        )
    replay.fired.extend(effect for _, held_effects in ready for effect in held_effects)
    replay.resolve_fired()
