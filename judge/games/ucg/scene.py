"""ucg ``set_scene``: may this scene be set, or replace the current one
(2.4.2, 5.4, 6.1, 6.3), and the draw it gives (6.2) — a "may", so the
ruling gives the outcome of drawing and of not drawing.
"""

from __future__ import annotations

import enum

from pydantic import Field

from judge.board import BoardModel
from judge.bounds import Flag, SmallPositive, UcgCards
from judge.players import Player
from judge.ruling import Outcome, Trace


class Scene(BoardModel):
    name: str = Field(min_length=1)
    round: SmallPositive = Field(description="lit dots of the round icon (回合圖標)")


class CurrentScene(Scene):
    owner: Player


class SceneBoard(BoardModel):
    player: Player = Field(description="who sets the scene")
    first_player: Player = Field(description="this turn's first player")
    battle_areas: UcgCards = Field(description="battle areas on the field: the round count (2.4.2.3)")
    scene: Scene
    current: CurrentScene | None = Field(None, description="the scene already in the scene area")
    set_this_turn: UcgCards = Field(0, description="scenes already set this turn")
    by_effect: Flag = Field(False, description="set by a card effect, not in the scene phase")
    on_appear: Flag = Field(False, description="the scene has a 《當本場景出現時》 effect")
    deck: UcgCards = Field(description="cards in the setting player's deck")
    hand: UcgCards = Field(description="cards in the setting player's hand")


class SceneRuling(enum.StrEnum):
    SET = "set"
    REPLACES = "replaces_current"
    NOT_FIRST_PLAYER = "not_first_player"
    ALREADY_SET_THIS_TURN = "already_set_this_turn"
    ROUND_TOO_LOW = "round_too_low"
    REPLACEMENT_TOO_LOW = "replacement_round_too_low"


def judge(board: SceneBoard, trace: Trace) -> Outcome:
    refusals = _refusals(board, trace)
    if refusals:
        return Outcome(refusals[0], {"legal": False, "refusals": refusals, "replaced": None})
    replaced = None
    if board.current is None:
        trace.step(f"場景區沒有場景，「{board.scene.name}」以正面朝上設置於場景區。", "6.1.1", "6.1.2")
        reason = SceneRuling.SET
    else:
        replaced = {"name": board.current.name, "to": f"discard:{board.current.owner.value}"}
        trace.step(
            f"「{board.scene.name}」的回合數 {board.scene.round} 不低於現有場景「{board.current.name}」的 "
            f"{board.current.round}，可以替換；「{board.current.name}」移至其持有者玩家 "
            f"{board.current.owner.value} 的棄牌區。",
            "6.3.2",
            "6.1.1",
            decisive=True,
            new=board.scene.round,
            current=board.current.round,
        )
        reason = SceneRuling.REPLACES
    _draw(board, trace, reason, replaced)
    return Outcome(reason, {"legal": True, "refusals": [], "replaced": replaced, "draw": "optional"})


def _refusals(board: SceneBoard, trace: Trace) -> list[SceneRuling]:
    found = []
    if not board.by_effect and board.player is not board.first_player:
        trace.step(
            f"場景牌設置階段是先攻方玩家 {board.first_player.value} 設置場景牌的階段，"
            f"玩家 {board.player.value} 不能在此階段設置。",
            "5.4.1",
            decisive=True,
        )
        found.append(SceneRuling.NOT_FIRST_PLAYER)
    if board.set_this_turn:
        trace.step("本回合已設置過場景牌，每回合只能設置一張。", "5.4.2", "6.1.2", decisive=True)
        found.append(SceneRuling.ALREADY_SET_THIS_TURN)
    rounds = board.battle_areas
    fits = board.scene.round <= rounds
    trace.step(
        f"戰場上有 {rounds} 個戰鬥區，回合數為 {rounds}；「{board.scene.name}」的回合圖標為 "
        f"{board.scene.round}，" + ("可以放置。" if fits else "超過回合數，不能放置。"),
        "2.4.2.3",
        "2.4.2.2",
        "6.3.1",
        decisive=True,
        rounds=rounds,
        icon=board.scene.round,
    )
    if not fits:
        found.append(SceneRuling.ROUND_TOO_LOW)
    if board.current is not None and board.scene.round < board.current.round:
        trace.step(
            f"現有場景「{board.current.name}」的回合數為 {board.current.round}，只能以相同或更高回合數的"
            f"場景牌替換；「{board.scene.name}」為 {board.scene.round}。",
            "6.3.2",
            decisive=True,
        )
        found.append(SceneRuling.REPLACEMENT_TOO_LOW)
    return found


def _draw(board: SceneBoard, trace: Trace, reason: SceneRuling, replaced: dict[str, str] | None) -> None:
    trace.choice(f"設置場景牌的玩家 {board.player.value} 可抽一張牌。", "6.2.1")
    if board.by_effect:
        trace.step("透過效果設置時，可以在所有相關效果處理完畢後才進行抽牌。", "6.2.2")
        if board.on_appear:
            trace.conflict(
                "此場景有《當本場景出現時》效果：6.2.3 規定登場時的抽牌先於該效果進行，"
                "6.2.2 則允許透過效果設置時在所有相關效果處理完畢後才抽牌；規則書未說明兩者的先後。",
                "6.2.2",
                "6.2.3",
            )
    elif board.on_appear:
        trace.step("這次抽牌先於《當本場景出現時》的效果進行。", "6.2.3")
    base = {"legal": True, "refusals": [], "replaced": replaced}
    draw = trace.branch()
    if board.deck:
        draw.step("抽一張牌。", "6.2.1", hand=board.hand + 1, deck=board.deck - 1)
        facts = {"drew": True, "hand": board.hand + 1, "deck": board.deck - 1}
    else:
        draw.step("牌組中沒有牌，無法抽牌，但不會因此判定為敗北。", "1.3.6", "6.2.1", deck=0)
        facts = {"drew": False, "hand": board.hand, "deck": 0}
    trace.add_choice(board.player, {"draw": True}, Outcome(reason, {**base, **facts}), draw)
    keep = trace.branch()
    keep.step("不抽牌。", "6.2.1", hand=board.hand, deck=board.deck)
    trace.add_choice(
        board.player,
        {"draw": False},
        Outcome(reason, {**base, "drew": False, "hand": board.hand, "deck": board.deck}),
        keep,
    )
