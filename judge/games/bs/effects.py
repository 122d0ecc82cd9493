"""Stated effects read by the bs book: BP changes, destruction, removal, moves, draws, keywords.

* ``modify`` — a BP+/BP- in force (``until: end_of_turn`` for 「本回合中」);
  a BP pushed to 0 is 0 and destroys nothing by itself (FAQ 關於「BP+」或
  「BP-」的效果 Q2).  A follow-up 「之後，若其 BP 為 0 則將其破壞」 is a
  ``destroy`` with ``if: {card: X, stat: bp, at_most: 0}`` listed right after:
  it is checked once, as it comes (FAQ 效果通則 Q7, 「BP+」 Q2).
* ``destroy`` — 破壞 by an effect: to the trash, its cores to its owner's
  reserve (:func:`judge.games.bs.field.leave`); ``remove`` — out of the game.
* ``move`` — cards between zones; a field card moved leaves the field.
* ``draw`` — the player draws; an empty deck decides nothing until that
  player's own start step (勝利條件).
* ``keyword`` — gained or lost for the stated time.

bs counts no damage: ``damage`` and ``ko`` are refused when the timeline is
checked, and life is reduced by moving its cores (``move_cores: {from: life}``).
"""

from __future__ import annotations

from judge.board import BoardProblem
from judge.effects import Effect, Move
from judge.games.bs import field
from judge.games.bs.rules import (
    AS_FAR_AS_POSSIBLE,
    BP_ORDER,
    BP_ZERO,
    DESTROY_TERM,
    EFFECT_ORDER,
    EFFECTS,
    LASTS,
    LEAVE_TERM,
    STANDBY,
    WHILE_ON_FIELD,
)
from judge.games.bs.state import BsCard, BsPlayer, BsState, BsZone
from judge.games.bs.values import bp
from judge.players import Player
from judge.replay import Replay
from judge.state import Duration, Grant, Modifier

Run = Replay[BsState]

UNTIL = {
    Duration.END_OF_TURN: "（本回合中）",
    Duration.END_OF_BATTLE: "（本次戰鬥期間）",
    Duration.END_OF_PHASE: "（本階段中）",
    Duration.PERMANENT: "",
}


UNDONE = "effect.undone"  # the clauses that left the effect carried out last not done in full

#: the zones a ``move`` may name (cores are moved with ``move_cores``)
ZONES = tuple(name for name, info in BsPlayer.model_fields.items() if info.annotation in (BsZone, "BsZone"))


def problems(where: str, effect: Effect) -> list[BoardProblem]:
    """Primitives bs has no use for, and zones it does not have, named where they were written."""
    if effect.kind in ("damage", "ko"):
        return [
            BoardProblem(
                f"{where}.{effect.kind}",
                "bs counts no damage and has no KO: use destroy, or move_cores from life to reduce life",
            )
        ]
    if effect.move is None:
        return []
    places = {"from": effect.move.from_, "to": effect.move.to}
    return [
        BoardProblem(f"{where}.move.{key}.zone", f"expected one of {', '.join(ZONES)}")
        for key, place in places.items()
        if place.zone is not None and place.zone not in ZONES
    ]


def apply(replay: Run, effect: Effect) -> None:
    kind = effect.kind
    replay.notes.pop(UNDONE, None)  # what left an earlier effect undone does not concern this one
    if effect.modify is not None:
        _modify(replay, effect)
    elif effect.destroy is not None:
        _leaves(replay, effect.destroy.card, field.DESTROYED, effect.by, DESTROY_TERM)
    elif effect.remove is not None:
        _leaves(replay, effect.remove.card, "removed", effect.by, LEAVE_TERM)
    elif effect.move is not None:
        _move(replay, effect.move, effect.by)
    elif effect.draw is not None:
        field.draw(replay, effect.draw.player, effect.draw.count, EFFECTS)
    elif effect.keyword is not None:
        card = target(replay, effect.keyword.card)
        if card is None:
            return
        until = effect.until or Duration.PERMANENT
        card.grants += [Grant(keyword=k, until=until) for k in effect.keyword.add]
        card.grants += [Grant(keyword=k, removed=True, until=until) for k in effect.keyword.remove]
        shown = "、".join([f"+{k}" for k in effect.keyword.add] + [f"-{k}" for k in effect.keyword.remove])
        replay.step(f"效果：「{card.name}」{shown}{UNTIL[until]}。", EFFECTS, LASTS)
    else:  # damage and ko are refused before the replay (problems)
        raise AssertionError(kind)


def _modify(replay: Run, effect: Effect) -> None:
    change = effect.modify
    assert change is not None  # the caller checks
    card = target(replay, change.card)
    if card is None:
        return
    until = effect.until or Duration.PERMANENT
    card.modifiers.append(Modifier(stat=change.stat, by=change.by, until=until, source=effect.source))
    lasting = until is Duration.PERMANENT and effect.source is not None
    replay.step(
        f"效果：「{card.name}」BP{change.by:+d}"
        + (f"（「{effect.source}」在場地上期間持續發揮）" if lasting else UNTIL[until])
        + "；BP 依照「BP+」「BP-」效果的發揮順序加減。",
        BP_ORDER,
        WHILE_ON_FIELD if lasting else LASTS,
        change=change.by,
    )
    if (
        isinstance(card, BsCard)
        and card.levels
        and card.cores is not None
        and replay.state.on_field(card.name)
    ):
        now = bp(replay, card)
        if now == 0:
            replay.step(f"「{card.name}」的 BP 變為 0，但不會因此被破壞。", BP_ZERO, bp=0)


def _leaves(replay: Run, name: str, way: str, by: Player | None, *cites: str) -> None:
    if target(replay, name) is not None:
        field.leave(replay, name, way, by, *cites)


def target(replay: Run, name: str) -> BsCard | None:
    """The field card an effect names; one that has left the field since (destroyed by an effect that
    resolved first, say) cannot be named any more, so what the effect does to it does not happen and the
    effect is not done in full (FAQ 指定效果 Q1)."""
    found = replay.state.on_field(name)
    if found is not None:
        return found[1]
    replay.done = False
    replay.notes[UNDONE] = (AS_FAR_AS_POSSIBLE,)
    replay.step(f"「{name}」已不在場地上，效果無法指定它。", AS_FAR_AS_POSSIBLE, LEAVE_TERM)
    replay.not_applied(
        f"對「{name}」的效果不會發揮：它已離開場地，連 1 張都無法指定時，該效果便不會發揮。",
        AS_FAR_AS_POSSIBLE,
    )
    return None


def _move(replay: Run, move: Move, by: Player | None) -> None:
    """Named cards (a field card leaves the field), or a count from the top of a zone."""
    if move.to.zone is None or move.to.player is None:
        replay.step("效果：移動的目的地不是玩家的區域，規則未說明。", EFFECTS)
        return
    for name in move.cards:
        on_field = replay.state.on_field(name)
        if on_field is not None:
            field.leave(replay, name, "moved", by, LEAVE_TERM, STANDBY, to=move.to.zone)
            continue
        owner = replay.state.owner(name)
        if owner is None:  # out of the game (除外): nothing left to move
            replay.step(f"「{name}」已從遊戲中除外，效果沒有對象。", EFFECTS)
            replay.done = False
            continue
        for zone in replay.state.side(owner).zones().values():
            card = zone.find(name)
            if card is not None:
                zone.cards.remove(card)
                replay.state.side(move.to.player).zone(move.to.zone).cards.insert(0, card)
                replay.step(f"效果：「{name}」移至玩家 {move.to.player} 的{_zone(move.to.zone)}。", EFFECTS)
                break
    if move.count and move.from_.player is not None and move.from_.zone is not None:
        source = replay.state.side(move.from_.player).zone(move.from_.zone)
        target = replay.state.side(move.to.player).zone(move.to.zone)
        moved = 0
        while moved < move.count and (source.cards or source.unnamed):
            if source.cards:
                target.cards.insert(0, source.cards.pop(0))
            else:
                source.unnamed = (source.unnamed or 0) - 1
                target.unnamed = None if target.unnamed is None else target.unnamed + 1
            moved += 1
        if moved < move.count:  # done as far as possible, not in full: an 「藉由」 after it does not happen
            replay.done = False
        replay.step(
            f"效果：將玩家 {move.from_.player} 的{_zone(move.from_.zone)}的 {moved} 張卡牌移至{_zone(move.to.zone)}（盡可能地執行）。",
            EFFECTS,
            moved=moved,
        )


def _zone(name: str) -> str:
    return field.ZONE_WORDS.get(name, name)


def order(replay: Run, waiting: list[Effect]) -> list[Effect]:
    """Effects triggered together: the turn player decides their order, stated as the order the timeline
    lists them in (whatever order their events came in); a step says so."""
    if len(waiting) <= 1:
        return list(waiting)
    listed = {id(action): index for index, action in enumerate(replay.timeline.actions)}
    ordered = sorted(waiting, key=lambda effect: listed.get(id(effect), len(listed)))
    replay.step(
        f"{len(waiting)} 個效果同時發揮：由回合玩家 {replay.state.turn_player} 決定結算的順序（依時間軸所列順序）；"
        "因先結算的效果而發揮的新效果優先結算。",
        EFFECT_ORDER,
        decisive=_order_matters(ordered),
    )
    return ordered


def _order_matters(together: list[Effect]) -> bool:
    """Whether the order chosen can change what happens: one effect's 「若……」 reads a card's stat that another
    of them changes or takes off the field, so it holds or not depending on which resolves first."""
    for effect in together:
        condition = effect.if_
        if condition is None or condition.card is None:
            continue
        for other in together:
            if other is not effect and _touches(other) == condition.card:
                return True
    return False


def _touches(effect: Effect) -> str | None:
    """The card an effect changes or takes away, if it names one."""
    if effect.modify is not None:
        return effect.modify.card
    taken = effect.destroy or effect.remove
    return None if taken is None else taken.card
