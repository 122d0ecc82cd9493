"""Cards leaving the bs field, and what the book decides as they go.

A spirit destroyed (破壞: by battle or an effect), depleted (消滅: too few
cores) or removed first resolves the effects its leaving triggers (「破壞時」,
before it reaches the trash: 戰鬥步驟 › 6); then a contract card the
opponent took off may stay in soul state (魂狀態) instead, its cores to the
reserve; otherwise it goes to the trash and its cores to its owner's reserve
(never the opponent's: FAQ 效果通則 Q14).  A united spirit's brave may stay
on the field as a spirit, cores moved onto it, or go along (合體靈魂卡離開場地
時); a brave that stays in a battle goes on attacking or blocking, except an
異魔神 (FAQ 關於合體卡 Q3).  A blocker that leaves still blocked.

The player's decisions here are stated in the timeline right after the
cause (``keep_brave``, ``soul``); left out, each is an open choice.
"""

from __future__ import annotations

from collections.abc import Sequence

from judge.games.bs import bursts, reliance
from judge.games.bs.actions import KeepBrave, Soul
from judge.games.bs.rules import (
    AS_FAR_AS_POSSIBLE,
    CORES_GO,
    DEPLETION,
    DEPLETION_TERM,
    DESTROY,
    HEAVY_EXHAUST,
    IMA,
    IMA_OTHER,
    LASTS,
    LEAVE_TERM,
    OWN_RESERVE,
    REFRESH_TERM,
    SOUL,
    STANDBY,
    UNION_CONTINUES,
    UNION_GO,
    UNION_KEEP,
    UNION_LEAVES,
    WHILE_ON_FIELD,
    WIN,
)
from judge.games.bs.state import BsCard, BsState, Kind
from judge.games.bs.stated import stated
from judge.games.bs.values import level_of
from judge.players import Player
from judge.replay import Replay
from judge.state import Duration, Status

Run = Replay[BsState]

#: how a card leaves, in the book's words, and where it goes
WAYS = {"destroyed": "被破壞", "depleted": "消滅", "removed": "被除外", "moved": "離開場地"}
DESTROYED, DEPLETED = "destroyed", "depleted"
#: the zones of the state in the book's words
ZONE_WORDS = {"deck": "牌組", "hand": "手牌", "field": "場地", "trash": "廢棄區", "burst": "爆烈區"}
DECIDED = "decided"  # the (verb, card) decisions the timeline stated and the rules read
RESTED_BY = "rested_by"  # card name -> the clauses of what exhausted it during the replay


def draw(replay: Run, player: Player, count: int, *cites: str, lead: str = "") -> None:
    """A player draws ``count`` from the top of the deck (an empty deck: nothing more to draw)."""
    side = replay.state.side(player)
    deck, hand = side.deck, side.hand
    drawn = 0
    for _ in range(count):
        if deck.cards:
            hand.cards.append(deck.cards.pop(0))
        elif deck.unnamed:
            deck.unnamed -= 1
            if hand.unnamed is not None:
                hand.unnamed += 1
        elif deck.unnamed is None:
            if hand.unnamed is not None:
                hand.unnamed += 1
        else:
            break
        drawn += 1
    left = deck.total
    replay.step(
        f"{lead}玩家 {player} 從牌組抽 {drawn} 張卡牌加入手牌"
        + ("" if left is None else f"（牌組剩 {left} 張）")
        + "。",
        *cites,
        drawn=drawn,
        deck=left,
    )
    if drawn < count:
        replay.done = False  # done as far as possible, not in full
        replay.step(
            f"要抽 {count} 張，但牌組只有 {drawn} 張：已發揮的效果會盡可能地結算；牌組變為 0 張不會立即敗北，"
            f"只在玩家 {player} 自己的開始階段時才會敗北。",
            AS_FAR_AS_POSSIBLE,
            WIN,
            decisive=True,
        )


def rested_by(replay: Run, name: str, *cites: str) -> None:
    """Remember what exhausted ``name``, so a refused attack or block can cite the rule that did it."""
    replay.notes.setdefault(RESTED_BY, {})[name] = cites
    reliance.exhausted(replay, name)


def why_rested(replay: Run, name: str) -> tuple[str, ...]:
    """The clauses of what exhausted ``name`` in this replay (none when the board gave it exhausted)."""
    found: tuple[str, ...] = replay.notes.get(RESTED_BY, {}).get(name, ())
    return found


def refresh_card(replay: Run, owner: Player, card: BsCard, by: str) -> None:
    """回復: an exhausted card stands up; a heavily exhausted one becomes merely exhausted (重疲勞)."""
    if card.heavy:
        card.heavy = False
        replay.step(f"{by}：「{card.name}」經過 1 次回復，從重疲勞狀態變回一般的疲勞狀態。", HEAVY_EXHAUST)
    elif card.status is Status.RESTED:
        card.status = Status.ACTIVE
        replay.notes.get(RESTED_BY, {}).pop(card.name, None)
        replay.step(f"{by}：「{card.name}」回復（直立）。", REFRESH_TERM)
    else:
        return
    replay.event("refreshed", card.name, owner)


def add_cores(replay: Run, player: Player, zone: str, count: int) -> None:
    """Cores arriving in a player's reserve, life or trash (an unknown count stays unknown)."""
    side = replay.state.side(player)
    held = getattr(side, zone)
    if held is not None:
        setattr(side, zone, held + count)


def leave(replay: Run, name: str, way: str, by: Player | None, *cites: str, to: str = "trash") -> None:
    """``name`` leaves the field (``way``: destroyed, depleted, removed or moved ``to`` a zone), ``by`` whose
    doing."""
    leave_together(replay, [(name, by)], way, *cites, to=to)


def leave_together(
    replay: Run, leaving: Sequence[tuple[str, Player | None]], way: str, *cites: str, to: str = "trash"
) -> None:
    """Cards leaving the field at once (both spirits of a tied battle): each enters standby first, then
    what their leaving triggered resolves together, in the turn player's order (常見問題 › 狀態 Q1,
    關於效果的發揮 › 多個效果同時發揮時), and only then does each go where it goes."""
    gone = []
    for name, by in leaving:
        found = replay.state.on_field(name)
        if found is None:
            continue
        owner, card = found
        replay.step(f"玩家 {owner} 的「{card.name}」{WAYS[way]}。", *cites, decisive=True, card=card.name)
        replay.notes.setdefault(way, []).append(card.name)
        replay.event(way, card.name, owner)
        if way == DEPLETED:
            _not_destroyed(replay, owner, card.name)
        gone.append((owner, card, by))
    if replay.fired:
        names = "」「".join(card.name for _, card, _ in gone)
        replay.step(f"「{names}」先進入待機狀態，在置入廢棄區前先解決因此誘發的效果。", STANDBY, DESTROY)
        replay.resolve_fired()
    for owner, card, by in gone:
        _finish_leaving(replay, owner, card, way, by, to)


def _finish_leaving(replay: Run, owner: Player, card: BsCard, way: str, by: Player | None, to: str) -> None:
    """After standby: soul state or the card's zone, the battle, a brave left behind, bursts."""
    opponent = by is not None and by is not owner
    soul = card.contract and _soul_state(replay, owner, card, by)
    if not soul:
        _to_zone(replay, owner, card, way, to)
        _source_gone(replay, card.name)
    _leave_battle(replay, card)
    if card.union is not None:
        _brave_left_behind(replay, owner, card, way, to)
        card.union = None
    if way == DESTROYED and not soul:
        bursts.destroyed(replay, card.name, owner, by_opponent=opponent)


def _source_gone(replay: Run, source: str) -> None:
    """The effects ``source`` gave other cards once it has left: its lasting text (a ``modify`` with no
    ``until``) ends, as it held only while the card was on the field; one with a stated duration
    (「這回合期間」) stays in force (FAQ 效果通則 Q9)."""
    for card in replay.state.all_cards():
        for modifier in [m for m in card.modifiers if m.source == source]:
            what = f"「{card.name}」{modifier.stat.upper()}{modifier.by:+d}"
            if modifier.until is Duration.PERMANENT:
                card.modifiers.remove(modifier)
                replay.step(
                    f"「{source}」離開場地：它只要在場地上就會持續發揮的效果（{what}）隨之失效。",
                    WHILE_ON_FIELD,
                )
            else:
                replay.step(
                    f"「{source}」離開場地，但其已發揮的{what}記載了持續期間，一旦發揮後便會持續有效。",
                    LASTS,
                )


def _not_destroyed(replay: Run, owner: Player, name: str) -> None:
    """消滅 is not 破壞: what waits for the card's destruction, or a burst on it, does not happen."""
    why = f"「{name}」是消滅，不是破壞"
    replay.unfired(
        "destroyed", f"{why}：破壞時發生的效果，在消滅時不會發生。", DEPLETION, DEPLETION_TERM, card=name
    )
    bursts.missed(replay, owner, "destroyed_by_opponent", why, DEPLETION, DEPLETION_TERM)


def _to_zone(replay: Run, owner: Player, card: BsCard, way: str, to: str) -> None:
    """The card goes where its leaving sends it, and its cores to its owner's reserve."""
    side = replay.state.side(owner)
    side.field.cards.remove(card)
    cores = card.cores or 0
    card.modifiers.clear()
    card.grants.clear()
    card.status, card.cores, card.heavy = None, None, False
    if way != "removed":
        side.zone(to).cards.insert(0, card)
    add_cores(replay, owner, "reserve", cores)
    place = (
        "從遊戲中除外"
        if way == "removed"
        else "置入廢棄區"
        if to == "trash"
        else f"移至{ZONE_WORDS.get(to, to)}"
    )
    in_battle = (CORES_GO,) if replay.state.battle is not None else ()
    replay.step(
        f"「{card.name}」{place}，其上的 {cores} 個能量返回玩家 {owner} 的預備區。",
        *{DEPLETED: (DEPLETION,), DESTROYED: (DESTROY, *in_battle)}.get(way, (STANDBY,)),
        OWN_RESERVE,
        cores=cores,
    )


def _soul_state(replay: Run, owner: Player, card: BsCard, by: Player | None) -> bool:
    """A contract card the opponent took off the field may stay in soul state (契約卡 › 關於魂狀態)."""
    by_opponent: bool = replay.fact(
        f"{card.name}.by_opponent",
        None if by is None else by is not owner,
        (True, False),
        f"「{card.name}」是否因對手而離開場地",
        SOUL,
    )
    if not by_opponent:
        replay.not_applied(f"契約卡「{card.name}」不是因對手而離開場地，不能變為魂狀態。", SOUL)
        return False
    said = stated(replay, Soul, card=card.name)
    _read(replay, said, card.name)
    keep: bool = replay.choose(
        owner,
        f"soul:{card.name}",
        None if said is None else said.keep,
        (True, False),
        f"玩家 {owner} 是否讓契約卡「{card.name}」變為魂狀態",
        SOUL,
    )
    if not keep:
        replay.step(f"玩家 {owner} 選擇不讓「{card.name}」變為魂狀態。", SOUL)
        return False
    cores = card.cores or 0
    card.cores, card.soul = 0, True
    card.modifiers.clear()
    card.grants.clear()
    add_cores(replay, owner, "reserve", cores)
    replay.step(
        f"玩家 {owner} 選擇讓契約卡「{card.name}」不移至廢棄區，而是以魂狀態留在場地上；其上的 {cores} 個能量移至預備區。",
        SOUL,
        decisive=True,
        cores=cores,
    )
    bursts.missed(
        replay, owner, "destroyed_by_opponent", f"「{card.name}」以魂狀態留在場地上，沒有被置入廢棄區", SOUL
    )
    return True


def _read(replay: Run, said: KeepBrave | Soul | None, name: str) -> None:
    if said is not None:
        replay.notes.setdefault(DECIDED, set()).add((said.verb, name))


def _leave_battle(replay: Run, card: BsCard) -> None:
    battle = replay.state.battle
    if battle is None:
        return
    if battle.attacker == card.name:
        battle.attacker = None
    if battle.blocker == card.name:
        battle.blocker = None


def _brave_left_behind(replay: Run, owner: Player, spirit: BsCard, way: str, to: str) -> None:
    """The brave of a united spirit that left: it stays as a spirit, or goes along (合體靈魂卡離開場地時)."""
    assert spirit.union is not None  # the caller checks
    found = replay.state.on_field(spirit.union)
    if found is None:
        return
    _, brave = found
    side = replay.state.side(owner)
    others = [c for c in side.field.cards if c.union == brave.name]
    if brave.ima and others:
        replay.step(f"異魔神合體卡「{brave.name}」仍與「{others[0].name}」合體。", IMA)
        if _was(replay, spirit, "attacker"):
            replay.not_applied(
                f"與「{brave.name}」合體的另一張靈魂卡「{others[0].name}」不會被視為正在攻擊。", IMA_OTHER
            )
        return
    needed = 0 if brave.ima or not brave.levels else brave.levels[0].cores
    spare = sum(c.cores or 0 for c in side.field.cards if c is not brave)
    said = stated(replay, KeepBrave, brave=brave.name)
    _read(replay, said, brave.name)
    if side.reserve is not None and side.reserve + spare < needed:
        replay.not_applied(
            f"合體卡「{brave.name}」要留下需要 {needed} 個能量，預備區與場地上的卡牌上沒有這麼多能量：無法留在場地上。",
            UNION_KEEP,
        )
        keep = False
    else:
        keep = replay.choose(
            owner,
            f"keep:{brave.name}",
            None if said is None else said.keep,
            (True, False),
            f"玩家 {owner} 是否將合體卡「{brave.name}」留在場地上",
            UNION_LEAVES,
        )
    moved = needed if said is None or said.cores is None else said.cores
    if keep and side.reserve is not None and side.reserve < moved:
        replay.not_applied(
            f"預備區只有 {side.reserve} 個能量，無法移動 {moved} 個至「{brave.name}」上。", UNION_KEEP
        )
        keep = False
    if keep and moved < needed:
        replay.not_applied(
            f"移至「{brave.name}」上的 {moved} 個能量未達 Lv1 所需的 {needed} 個：無法以靈魂卡狀態留在場地上。",
            UNION_KEEP,
        )
        keep = False
    if not keep:
        side.field.cards.remove(brave)
        brave.status, brave.cores = None, None
        if way != "removed":
            side.zone(to).cards.insert(0, brave)
        place = "從遊戲中除外" if way == "removed" else f"移至相同場所（{ZONE_WORDS.get(to, to)}）"
        replay.step(
            f"合體卡「{brave.name}」不留在場地上：與合體對象同時離開場地，{place}。",
            UNION_LEAVES,
            UNION_GO,
            decisive=True,
        )
        return
    if side.reserve is not None:
        side.reserve -= moved
    brave.cores = moved
    replay.step(
        f"玩家 {owner} 選擇將合體卡「{brave.name}」留在場地上：從預備區將 {moved} 個能量移至其上，以靈魂卡狀態留在場地上。",
        UNION_LEAVES,
        UNION_KEEP,
        decisive=True,
        cores=moved,
    )
    _continues(replay, brave, spirit)


def _continues(replay: Run, brave: BsCard, spirit: BsCard) -> None:
    """A brave left on the field takes over the attack or block of the spirit it was united with."""
    battle = replay.state.battle
    if battle is None or battle.step == "end":
        return  # destroyed by the BP comparison: the battle's resolution is already done
    if _was(replay, spirit, "attacker"):
        if brave.ima:
            replay.not_applied(f"異魔神合體卡「{brave.name}」不會繼續攻擊。", UNION_CONTINUES, IMA)
            return
        battle.attacker = brave.name
        replay.notes["battle.attacker"] = brave.name
        replay.step(
            f"合體靈魂卡在攻擊中離開場地，合體卡「{brave.name}」以靈魂卡狀態留在場地上：改由「{brave.name}」繼續進行攻擊。",
            UNION_GO,
            UNION_CONTINUES,
            decisive=True,
        )
    elif _was(replay, spirit, "blocker") and not brave.ima:
        battle.blocker = brave.name
        replay.notes["battle.blocker"] = brave.name
        replay.step(
            f"合體靈魂卡在阻擋中離開場地，合體卡「{brave.name}」以靈魂卡狀態留在場地上：改由「{brave.name}」繼續進行阻擋。",
            UNION_GO,
            decisive=True,
        )


def _was(replay: Run, spirit: BsCard, role: str) -> bool:
    """Whether ``spirit`` was the battle's attacker (or blocker) before it left."""
    found: bool = replay.notes.get(f"battle.{role}") == spirit.name
    return found


def deplete_drained(replay: Run) -> None:
    """Every spirit whose cores no longer keep its lowest Lv is depleted now (消滅), not destroyed."""
    for player in (Player.A, Player.B):
        for card in list(replay.state.side(player).field.cards):
            if card.cores is None or not card.levels or card.soul or card.kind is Kind.NEXUS:
                continue
            if card.ima or _united(replay.state, card):
                continue
            if level_of(card, card.cores) is None:
                replay.step(
                    f"「{card.name}」上的能量為 {card.cores} 個，少於維持最低 Lv 所需的 {card.levels[0].cores} 個，無法維持 Lv{card.lowest}。",
                    DEPLETION,
                    LEAVE_TERM,
                    cores=card.cores,
                )
                leave(replay, card.name, DEPLETED, None, DEPLETION)


def _united(state: BsState, brave: BsCard) -> bool:
    return brave.kind is Kind.BRAVE and any(
        c.union == brave.name for p in (Player.A, Player.B) for c in state.side(p).field.cards
    )
