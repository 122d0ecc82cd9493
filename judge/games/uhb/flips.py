"""翻开 by a card effect (5.5): where the flipped card is decides whether its 翻 effect triggers.

A face-down card on the field triggers its 翻 effect, which is carried out
once the effect that flipped it is over (5.5.3): while the timeline's next
actions come from the same source card, the triggered effect is held.  A
face-down energy card flipped does not trigger it (5.5.5).  A card of the deck
flipped is shown to the opponent while the effect lasts (5.5.4) and, if the
effect leaves it there, goes back face down where it was (5.5.4a).
"""

from __future__ import annotations

from judge.effects import Effect
from judge.games.uhb import effects
from judge.games.uhb.actions import Flip
from judge.games.uhb.sources import continues
from judge.games.uhb.state import UhbCard, UhbState
from judge.replay import Replay

Run = Replay[UhbState]

#: notes: (source, effects) held until the source's effect is over
HELD = "held_flips"
#: notes: (source, card) a card of the deck flipped and shown until the source's effect is over
SHOWN = "shown_from_deck"
#: notes: card -> the card whose effect flipped it on the field
FLIPPED_BY = "flipped_by"
#: notes: the cards whose stated 翻 effect was said to go before the effects waiting
STATED_FIRST = "stated_first"


def flip(replay: Run, action: Flip) -> None:
    card = effects.card(replay, action.card)
    assert isinstance(card, UhbCard)  # the state holds uhb cards only
    where = replay.state.where(card.name)
    zone = where[1] if where else None
    if zone not in ("field", "energy", "deck"):
        replay.refuse(f"「{card.name}」不在配置区、牌库或能量区中。", "5.5.2")
    if zone == "deck":
        _from_deck(replay, action, card)
        return
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
    if action.source is not None:
        replay.notes.setdefault(FLIPPED_BY, {})[card.name] = action.source
    waiting = len(replay.fired)
    replay.event("flipped", card=card.name)
    triggered = replay.fired[waiting:]
    if not triggered:
        return
    del replay.fired[waiting:]
    hold(replay, action.source, triggered)
    replay.step(
        f"「{card.name}」的翻开效果在使其翻开的效果执行完毕后执行。", "5.5.3", decisive=True, card=card.name
    )


def _from_deck(replay: Run, action: Flip, card: UhbCard) -> None:
    """5.5.4: a card of the deck is shown to the opponent until the flipping effect is over."""
    card.face_up = True
    replay.notes.setdefault(SHOWN, []).append((action.source, card.name))
    replay.step(
        f"翻开牌库中的「{card.name}」，清楚地展示给对方玩家查看，持续到该效果执行完毕为止。",
        "5.5.2b",
        "5.5.4",
        card=card.name,
    )
    replay.unfired(
        "flipped",
        f"「{card.name}」在牌库中被翻开：5.5.3 只就配置区中被翻开的牌规定翻开效果的执行，规则书未规定牌库中被翻开的牌。",
        "5.5.3",
        card=card.name,
    )


def _back_to_deck(replay: Run) -> None:
    """5.5.4a: a card the effect flipped in the deck and left there goes back where it was, face down."""
    shown = replay.notes.get(SHOWN, [])
    over = [(source, name) for source, name in shown if not continues(replay, source)]
    replay.notes[SHOWN] = [entry for entry in shown if entry not in over]
    for _, name in over:
        where = replay.state.where(name)
        card = replay.state.card(name)
        if card is None or where is None or where[1] != "deck":
            continue
        card.face_up = False
        replay.step(
            f"效果执行完毕后，被翻开的「{name}」未被决定去向，返回被翻开前的位置（牌库）。",
            "5.5.4a",
            decisive=True,
            card=name,
        )


def hold(replay: Run, source: str | None, triggered: list[Effect]) -> None:
    """Effects triggered while ``source``'s effect goes on wait until it is over (5.5.3)."""
    replay.notes.setdefault(HELD, []).append((source, triggered))


def _goes_on(replay: Run, source: str | None) -> bool:
    """Whether the timeline goes on with ``source``'s effect, or with the 翻 effect of a card it
    flipped (stated as that card's actions next: its player carries it out first, 1.1.6)."""
    following = replay.timeline.actions[replay.index + 1 : replay.index + 2]
    next_source = getattr(following[0], "source", None) if following else None
    flipped_by: dict[str, str] = replay.notes.get(FLIPPED_BY, {})
    seen = set()
    while next_source is not None and next_source not in seen:
        if next_source == source:
            return True
        seen.add(next_source)
        next_source = flipped_by.get(next_source)
    return False


def _stated_first(replay: Run) -> None:
    """Say once that the 翻 effect the timeline lists next goes before the effects waiting (1.1.6)."""
    said = replay.notes.setdefault(STATED_FIRST, set())
    following = getattr(replay.timeline.actions[replay.index + 1], "source", None)
    if following in said:
        return
    said.add(following)
    replay.step(
        f"同一方的多个效果同时触发，由当前回合玩家决定执行顺序：时间线接着列出的「{following}」的翻开效果先执行，"
        "其他等待中的效果随后执行。",
        "1.1.6",
        card=following,
    )


def release(replay: Run) -> None:
    """Carry out the held flip effects whose flipping effect is over, and return the deck's cards
    it showed and left there (5.5.4a).  Where the timeline goes on with the 翻 effect of a card the
    effect flipped, that effect is carried out first, its player's choice (1.1.6), and the held
    ones wait for it too."""
    _back_to_deck(replay)
    held = replay.notes.get(HELD, [])
    ready = [(source, fx) for source, fx in held if not _goes_on(replay, source)]
    if any(not continues(replay, source) and _goes_on(replay, source) for source, _ in held):
        _stated_first(replay)
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
