"""Cards leaving a ucg battle area: a whole character (destroyed, removed, returned) or cards off
the top of one (「將該角色最上方的一張牌放回手牌中」, 11.12), each to its owner's zone.

A character that leaves empties its slot (12.4.1) and its charge cards, detached, go to the
discard pile (11.17.5, 11.17.6); a card off the field is a new card there, no effect in force
on it (3.2.3).
"""

from __future__ import annotations

from judge.board import BoardError, BoardProblem
from judge.effects import Move
from judge.games.ucg.state import Character, Stack, UcgCard, UcgState
from judge.games.ucg.turn import decides_table
from judge.players import Player
from judge.replay import Replay
from judge.state import Zone

Run = Replay[UcgState]


def _name(player: Player) -> str:
    return f"玩家 {player.value} "


#: where a character's cards go, as a step names it, and the clause that says what the zone holds
WHERE = {
    "discard": ("棄牌區", "3.7.1"),
    "removed": ("遊戲外（從遊戲中移除）", "3.8.1"),
    "hand": ("手牌", "11.12.1"),
    "deck": ("牌組", "3.2.1"),
}


def leave_field(replay: Run, found: tuple[int, Player, Character], to: str, position: str = "top") -> None:
    """A whole character leaves its area for its owner's zone ``to``; its charges, detached, go to
    the discard pile (11.17.5; after the effect when it moves elsewhere, 11.17.6)."""
    number, owner, character = found
    replay.state.areas[number - 1].put(owner, None)
    stack = [*character.under, _as_card(character)]  # the bottom first
    _put(replay.state.players[owner].zone(to), stack[::-1], position)
    where, clause = WHERE[to]
    replay.step(
        f"{character.name} 從戰鬥區 {number} 移至{_name(owner)}的{where}，該戰鬥區產生空位；其先前受到的效果不再適用。",
        "12.4.1",
        clause,
        "3.2.3",
        area=number,
    )
    decides_table(replay, "12.4.1", clause)
    # the slot left empty, and what emptied it: the effect's own clause where the book has one
    # (a return, 11.12.1; a removal, 3.8.1), not the pile a destroyed card goes to
    emptied = ("12.4.1", clause) if to in ("hand", "removed") else ("12.4.1",)
    replay.notes.setdefault("emptied", {})[number, owner] = emptied
    if character.charges:
        discard = replay.state.players[owner].discard
        discard.unnamed = None if discard.unnamed is None else discard.unnamed + character.charges
        replay.step(
            f"{character.name} 下方的 {character.charges} 張充能牌變為分離狀態，送往棄牌區。",
            "11.17.5" if to == "discard" else "11.17.6",
        )
        decides_table(replay, "11.17.5" if to == "discard" else "11.17.6")


def _as_card(card: UcgCard) -> UcgCard:
    """A card as it is in a zone off the field: as printed, no effect in force on it (3.2.3)."""
    return UcgCard.model_validate(
        card.model_dump(include=set(UcgCard.model_fields), exclude={"modifiers", "grants"})
    )


def _put(zone: Zone[UcgCard], cards: list[UcgCard], position: str) -> None:
    """``cards`` (the first to end up on top) onto the top or the bottom of ``zone``."""
    if position == "top":
        zone.cards[0:0] = cards
    else:
        zone.cards.extend(cards)


def off_character(replay: Run, move: Move) -> None:
    """Cards off the top of a character to its owner's zone (11.12.1); what is left below is the
    character, its new top card naming it (8.1.1, 10.1.3.1), the effects in force on the
    character staying on it (the card that left is a new card, 3.2.3)."""
    name = move.from_.card
    assert name is not None  # the caller's test
    where = f"actions[{replay.index}].effect.move"
    found = replay.state.locate(name)
    if found is None:
        replay.not_applied(f"{name} 不在戰場上，此效果不予執行。", "1.2.3")
        replay.done = False
        return
    number, owner, character = found
    if move.to.card is not None:
        raise BoardError(
            [
                BoardProblem(
                    f"{where}.to", "cards off a character go to a zone: hand, deck, discard or removed"
                )
            ]
        )
    if move.to.player is not owner:
        raise BoardError(
            [
                BoardProblem(
                    f"{where}.to.player", f"{name} is {owner}'s: its cards go to {owner}'s zones (11.12.1)"
                )
            ]
        )
    top_first = [_as_card(character), *reversed(character.under)]
    if move.cards:
        if move.cards != [card.name for card in top_first[: len(move.cards)]]:
            raise BoardError(
                [
                    BoardProblem(
                        f"{where}.cards",
                        f"cards leave {character.name} from its top: name {character.name} first, then the cards below it in order",
                    )
                ]
            )
        count = len(move.cards)
    else:
        assert move.count is not None  # count or cards (the model's check)
        count = move.count
    cards = replay.fact(
        f"{character.name}.cards", character.cards, None, f"{character.name} 疊加的角色牌張數", "8.1.1"
    )
    assert move.to.zone is not None  # a zone place (checked above)
    if count >= cards:
        leave_field(replay, found, move.to.zone, move.to.position)
        return
    below = top_first[count] if count < len(top_first) else None
    if cards - count == 1 and below is not None and below.has_single_bp() is False:
        replay.not_applied(
            f"{below.name} 不持有 SINGLE BP，無法因卡牌效果將 {character.name} 變更為 SINGLE 狀態；此效果不予執行。",
            "11.15.1",
            "1.2.3",
        )
        replay.done = False
        return
    moved = top_first[:count]
    _put(replay.state.players[owner].zone(move.to.zone), moved, move.to.position)
    remaining = cards - count
    top = below or UcgCard(name=f"{character.name}下方的牌", kind="character")
    rest = character.topped_by(top, remaining, character.under[: max(len(character.under) - count, 0)])
    replay.state.areas[number - 1].put(owner, rest)
    zone, clause = WHERE[move.to.zone]
    replay.step(
        f"將 {character.name} 最上方的 {count} 張牌（{'、'.join(c.name for c in moved)}）移至{_name(owner)}的{zone}；"
        "該卡牌在新的領域中視為一張全新的卡牌。",
        clause,
        "3.2.3",
        moved=[c.name for c in moved],
    )
    decides_table(replay, clause)
    replay.step(
        f"{rest.name} 成為戰鬥區 {number} 中該角色最上方的卡牌：疊加 {remaining} 張，為 {Stack.of(remaining)} 狀態。",
        "8.1.1",
        "10.1.3.1",
        cards=remaining,
    )
    if character.charges:
        replay.not_applied(
            f"{rest.name} 仍留在戰場上：只有角色堆疊的所有卡牌離開戰場時，其下方的充能牌才會分離並送往棄牌區；"
            "充能牌仍附加於該角色。",
            "11.17.5",
        )
