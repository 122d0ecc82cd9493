"""Rule processing (ch. 11), and what leaving the field does to a card (5-10, 5-12, 3-3-6, 5-17-2-5).

Rule processing is resolved the moment its event happens, even during
another action (11-1-2): :func:`check` destroys every unit and base whose
damage has reached its HP (11-3-1) and ends the game for every player who
meets a defeat condition (11-2-1): battle damage from a unit with nothing in
the shield area (1-2-2-1), or a deck of 0 cards (1-2-2-2).  The player who
did not lose wins (1-2-1); when both lose at once the book names no result,
and the ruling says so.
"""

from __future__ import annotations

from judge.games.gcg.outcome import GcgReason
from judge.games.gcg.state import GcgCard, GcgPlayer, GcgState
from judge.games.gcg.values import remaining, stat
from judge.outcome import Result
from judge.players import Player, turn_order
from judge.replay import Replay
from judge.state import Duration, Zone

Run = Replay[GcgState]

#: notes kept per run (``replay.notes``): players hit by battle damage with an empty shield area
HIT = "hit"
#: notes: every unit and base destroyed during the run, in order
DESTROYED = "destroyed"
#: notes: the clause that destroyed each unit or base destroyed during the run, by name
DESTROYED_BY = "destroyed_by"
#: notes: the keywords each card gained 「本回合中」 that ended in a cleanup step, for a later use to cite
ENDED = "ended_keywords"


def turn_player(replay: Run) -> Player:
    """Whose turn it is: the board's, else the player whose unit the timeline's first attack or
    《支援》 uses (only the turn player does either, 7-5-4-1, 13-1-3-1), else a fact each possibility
    of which is replayed."""
    state = replay.state
    if state.turn_player is None:
        implied = _attacking_player(replay)
        if implied is not None:
            state.turn_player = implied
            replay.step(
                f"盤面沒有寫明回合玩家；時間軸中玩家 {implied} 的機體進行攻擊或發動《支援》，只有回合玩家可以在主要階段"
                f"這樣做：回合玩家為 {implied}。",
                "7-5-4-1",
                "5-3-1",
            )
        else:
            state.turn_player = replay.fact("turn_player", None, (Player.A, Player.B), "回合玩家", "5-3-1")
    assert state.turn_player is not None  # the fact gives a player
    return state.turn_player


def _attacking_player(replay: Run) -> Player | None:
    """The owner of the unit the timeline's first action of the turn player's own uses, where it is
    an attack or a 《支援》 before any next turn."""
    from judge.games.gcg.actions import Attack, Support

    for action in replay.timeline.actions:
        if action.verb == "next_turn":
            return None
        if isinstance(action, (Attack, Support)):
            found = replay.timeline.state.unit(action.by)  # type: ignore[attr-defined]  # a GcgState
            return None if found is None else found[0]
    return None


def put(zone: Zone[GcgCard], card: GcgCard | None, count: int = 1) -> None:
    """Put a named card (or ``count`` cards nobody named) into ``zone``, on top."""
    if card is not None:
        zone.cards.insert(0, card)
    elif zone.unnamed is not None:
        zone.unnamed += count


def fresh(card: GcgCard) -> GcgCard:
    """A card that moved is a new card in its new zone: no counters, changes or status (4-1-5)."""
    card.damage, card.modifiers, card.grants, card.status, card.pilot = 0, [], [], None, None
    card.entered_turn = None
    return card


def leave_field(
    replay: Run, player: Player, card: GcgCard, to: str, why: str, *cites: str, decisive: bool = False
) -> None:
    """Move a unit or base from the field to ``to`` (trash, hand, deck, removed), its pilot with it."""
    side = replay.state.side(player)
    zone = side.battle if card in side.battle.cards else side.base
    zone.cards.remove(card)
    pilot = card.pilot
    replay.step(why, *cites, card=card.name)
    if decisive:  # the clause that moves it decides; the others only describe the move
        replay.log.mark_decisive(cites[0])
    if card.token:
        replay.step(
            f"「{card.name}」是替代卡，移動到戰鬥區·能源區·護盾區以外的區域時從遊戲中被移除。",
            "5-17-2-5",
            decisive=to
            in ("hand", "deck"),  # where it would have stayed a card: the rule decides where it is
        )
    else:
        put(side.zone(to), fresh(card))
    if pilot is not None:
        replay.step(
            f"搭乘在「{card.name}」下方的駕駛員「{pilot.name}」移動到與該機體相同的區域。",
            "3-3-6",
            decisive=True,
        )
        put(side.zone(to), fresh(pilot))


def not_destroyed(replay: Run, card: GcgCard, why: str, clause: str) -> None:
    """``card`` left the field without being destroyed (5-10-4, 5-12-2): a 【破壞時】 waiting for it
    does not fire, and the clause that says it was no destruction decides that."""
    replay.not_applied(
        f"「{card.name}」{why}，不視為「破壞」：其【破壞時】效果不會發動。", clause, "13-2-8-1"
    )
    waiting = [e for e in replay.waiting if e.when is not None and e.when.event == "destroyed"]
    if any(e.when is not None and e.when.card in (None, card.name) for e in waiting):
        replay.step(
            f"等待「{card.name}」【破壞時】的效果不會誘發：「{card.name}」{why}，不是破壞。",
            clause,
            decisive=True,
        )


def destroy(replay: Run, player: Player, card: GcgCard, why: str, *cites: str, decisive: bool = True) -> None:
    """Destroy a unit or base: to its owner's trash face up (5-10-2); 【破壞時】 triggers (13-2-8-1)."""
    leave_field(replay, player, card, "trash", why, *cites, "5-10-2", decisive=decisive)
    replay.notes.setdefault(DESTROYED, []).append(card.name)
    replay.notes.setdefault(DESTROYED_BY, {})[card.name] = cites[0]
    waiting = len(replay.fired)
    replay.event("destroyed", card=card.name, player=player)
    if card.token and len(replay.fired) > waiting:
        replay.step(
            f"「{card.name}」雖是替代卡，但暫時移動到了廢棄區，所以滿足「當被破壞時」的誘發條件。",
            "5-17-2-5-1",
            decisive=True,
        )


def destroyed_now(replay: Run) -> list[tuple[Player, GcgCard]]:
    """Every unit and base whose damage has reached its HP (11-3-1): asked as a fact where HP is unknown."""
    found = []
    for player in turn_order(turn_player(replay)):
        side = replay.state.side(player)
        for card in [*side.battle.cards, *side.base.cards]:
            if card.damage == 0 and not any(m.stat == "hp" and m.by < 0 for m in card.modifiers):
                continue
            left = remaining(card)
            if left is None:
                gone = replay.fact(
                    f"{card.name}.hp<={card.damage}",
                    None,
                    (True, False),
                    f"「{card.name}」的 HP 是否不高於其受到的 {card.damage} 點傷害",
                    "11-3-1",
                )
            else:
                gone = left <= 0
            if gone:
                found.append((player, card))
    return found


#: notes: AP changes that ended, by card name: (the change, the clause that ended it)
EXPIRED_AP = "expired_ap"
#: notes: units rested by their own attack, by name: the turn player who attacked (7-2-3-1)
RESTED_BY_ATTACK = "rested_by_attack"


def note_expiring(replay: Run, duration: Duration, clause: str) -> None:
    """Before changes lasting ``duration`` end, note the AP ones: a later battle they would have
    changed is decided by the clause that ended them."""
    for card in replay.state.all_cards():
        for modifier in card.modifiers:
            if modifier.until is duration and modifier.stat == "ap":
                replay.notes.setdefault(EXPIRED_AP, {}).setdefault(card.name, []).append(
                    (modifier.by, clause)
                )


def expiry_destroys(replay: Run, ended: int, clause: str) -> None:
    """Effects that ended (``clause``) decide a destruction they cause: an HP back below the damage."""
    if ended and destroyed_now(replay):
        replay.log.mark_decisive(clause)


def destroy_damaged(replay: Run) -> list[str]:
    """Destruction processing (11-3-1): every such card at once; the names destroyed."""
    doomed = destroyed_now(replay)
    if len(doomed) > 1:
        replay.step("多張卡牌同時滿足破壞條件，視為同時被破壞。", "11-3-1", "8-5-3-2-3")
    once = [  # a 【破壞時】 of no one card that more than one of these destructions meets
        effect
        for effect in replay.waiting
        if effect.when is not None
        and effect.when.event == "destroyed"
        and effect.when.card is None
        and sum(effect.when.player in (None, player) for player, _ in doomed) > 1
    ]
    for player, card in doomed:
        hp = stat(card, "hp")
        if card.damage == 0:  # no damage: an effect brought its HP to 0
            destroy(
                replay,
                player,
                card,
                f"規則處理：玩家 {player} 的「{card.name}」沒有受到傷害，但 HP 因效果變為 0：擁有 HP 的卡牌，"
                "一旦其 HP 變成 0 就會被破壞，置於廢棄區。",
                "2-8-2",
                *(("3-2-5-2",) if card in replay.state.side(player).battle.cards else ()),
            )
            continue
        destroy(
            replay,
            player,
            card,
            f"規則處理：玩家 {player} 的「{card.name}」受到 {card.damage} 點傷害，HP {hp}，"
            "HP 變得不高於 0，被破壞並置於廢棄區。",
            "11-3-1",
            "5-5-2",
        )
    fired_once = [effect for effect in once if effect not in replay.waiting]
    if fired_once:
        replay.step(
            f"{len(doomed)} 張卡牌同時被破壞，同時發生多個滿足條件的事態："
            f"{'、'.join(replay.rules.label(effect) for effect in fired_once)}只會被誘發並發動 1 次。",
            "10-1-6-3",
            decisive=True,
        )
    return [card.name for _, card in doomed]


def _deck_out(side: GcgPlayer) -> bool:
    return side.deck.total == 0


def check(replay: Run) -> None:
    """Rule processing: destruction (11-3), then defeat (11-2) for every player at once."""
    destroy_damaged(replay)
    first = turn_player(replay)
    hit = replay.notes.get(HIT, set())
    causes: dict[Player, list[GcgReason]] = {}
    for player in turn_order(first):
        if player in hit:
            causes.setdefault(player, []).append(GcgReason.BATTLE_DAMAGE)
        if _deck_out(replay.state.side(player)):
            causes.setdefault(player, []).append(GcgReason.DECK_OUT)
    if causes:
        lose(replay, causes)


CAUSES = {
    GcgReason.BATTLE_DAMAGE: (
        "在護盾區中沒有任何卡牌的狀態下受到來自機體的戰鬥傷害",
        ("1-2-2-1", "11-2-1-1"),
    ),
    GcgReason.DECK_OUT: ("的卡組變成 0 張", ("1-2-2-2", "11-2-1-2")),
}


def lose(replay: Run, causes: dict[Player, list[GcgReason]]) -> None:
    """End the game for every player in ``causes``: the other player wins (1-2-1), if one is left."""
    losers = list(causes)
    replay.notes["losers"] = losers
    for player in losers:
        for cause in causes[player]:
            text, cites = CAUSES[cause]
            replay.step(f"玩家 {player} {text}，滿足敗北條件。", *cites, loser=player)
            replay.log.mark_decisive(cites[0])
            if cause is GcgReason.DECK_OUT and replay.state.phase != "draw":
                replay.step(
                    f"玩家 {player} 滿足敗北條件：在下個規則處理的時間點（效果處理後立即進行），因規則處理而遊戲敗北。",
                    "1-2-3",
                    "11-1-2",
                )
                replay.log.mark_decisive("1-2-3")
    reason = causes[losers[0]][0]
    if len(losers) == 1:
        (loser,) = losers
        replay.end_game(
            Result.WON,
            reason,
            loser.other,
            f"規則處理：玩家 {loser} 在對戰中敗北，遊戲在當下結束；未敗北的玩家 {loser.other} 獲得遊戲勝利。",
            "11-2-1",
            "1-2-1",
        )
    replay.log.silent(
        "所有玩家同時敗北：1-2-1 只規定對戰對手敗北時由未敗北的玩家獲得勝利，已沒有未敗北的玩家；"
        "規則書沒有規定此時的對戰結果（也沒有平局的規定）。",
        "1-2-1",
        "11-2-1",
    )
    replay.end_game(
        Result.DRAWN,
        GcgReason.EVERY_PLAYER_LOST,
        None,
        "規則處理：所有滿足敗北條件的玩家同時在對戰中敗北，遊戲結束。",
        "11-2-1",
    )
