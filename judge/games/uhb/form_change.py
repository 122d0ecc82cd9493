"""形态转换 (4.1, 5.10): a card from the hand replaces a face-up card with a form-change mark.

The entering card must hold the keyword the mark names — its keywords, not
its name (5.10.3c); once a turn, unless a card effect allows an extra one
(5.10.4).  The replaced card goes to the rest area, and the entering card's
转 effect triggers (5.10.1, 2.0.5g).
"""

from __future__ import annotations

from judge.games.uhb import effects
from judge.games.uhb.actions import FormChange
from judge.games.uhb.state import UhbState
from judge.players import Player
from judge.replay import Replay

Run = Replay[UhbState]

#: notes: the turns of the form changes replayed so far (a later turn's is its own, 5.10.4)
EARLIER = "form_change_turns"


def form_change(replay: Run, action: FormChange) -> None:
    state = replay.state
    player = state.turn_player or Player.A
    if action.by_effect:
        replay.step("因卡牌效果进行的额外形态转换不受每回合一次的限制。", "5.10.4", decisive=True)
    elif state.form_changes:
        replay.refuse("每回合只能进行一次形态转换，本回合已进行过。", "5.10.4", "4.1.1a~2")
    elif replay.notes.get(EARLIER):
        replay.step(
            f"每回合只能进行一次形态转换：玩家 {player} 本回合尚未进行形态转换"
            f"（之前的形态转换在第 {replay.notes[EARLIER][-1]} 回合，不计入本回合）。",
            "5.10.4",
            decisive=True,
        )
    field = state.side(player).field
    changing = field.find(action.card)
    if changing is None or not changing.face_up:
        replay.refuse(f"「{action.card}」不是正面表示存在于我方战场上的牌。", "5.10.2a")
    mark = changing.change_mark
    if mark is None:
        replay.refuse(f"「{changing.name}」没有转换标记。", "5.10.2b")
    entering = effects.from_hand(replay, player, action.into, "5.10.3a")
    if not entering.has(mark):
        by_name = "（卡牌名称中虽含有该词，但需检查的是关键词而非卡牌名称）" if mark in entering.name else ""
        replay.refuse(
            f"「{entering.name}」不具有转换标记所标注的关键词「{mark}」{by_name}。",
            "5.10.3b",
            *(("5.10.3c",) if by_name else ()),
        )
    replay.step(
        f"「{changing.name}」正面表示存在于我方战场上，带有转换标记「{mark}」。", "5.10.2a", "5.10.2b"
    )
    replay.step(
        f"「{entering.name}」处于我方手牌中，具有关键词「{mark}」"
        + ("（检查的是关键词而非卡牌名称）" if mark not in entering.name else "")
        + "。",
        "5.10.3a",
        "5.10.3b",
        *(("5.10.3c",) if mark not in entering.name else ()),
        decisive=True,
    )
    space = field.cards.index(changing)
    effects.move_card(replay, changing.name, player, "rest_area")
    entering.face_up = True
    field.cards.insert(space, entering)
    if not action.by_effect:  # an extra one by a card effect is not the turn's one (5.10.4)
        state.form_changes += 1
        replay.notes.setdefault(EARLIER, []).append(state.turn if state.turn is not None else "?")
    replay.step(
        f"玩家 {player} 以「{entering.name}」替换「{changing.name}」，被替换的「{changing.name}」移入休息区。",
        "5.10.1",
        rest_area=changing.name,
        field=entering.name,
    )
    replay.event("form_changed", card=entering.name, player=player)
    if replay.fired:
        replay.step(f"随后触发「{entering.name}」的形态转换效果。", "5.10.1", "2.0.5g")
