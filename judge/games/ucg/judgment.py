"""ucg ``judgment``: the judgment phase (5.9) over every battle area, then the game.

Each area is decided by :func:`decide_area` (empty slots 12.4.2, forced
results 11.16, else BP 5.9.4 / 5.9.5); the wins give the game result
(1.3.2, 1.3.3, 1.3.3.1) and, if the game goes on, the newest area names the
next turn's first player (5.9.6, 12.4.2.3).

Where the rulebook leaves a BP undetermined (a level change with no BP to go
to, 11.6.3; a BP that dips below 0 and rises again, 11.7.2) the area is
``UNDECIDED``; the game result is given anyway when every possible result of
those areas leads to it.  Where an area is drawn by an effect although the BPs
differ, 5.9.6.2 (which speaks of equal BP) does not say who leads next; the
ruling says so instead of guessing.

Decisive clauses are found by asking the engine again without each clause
that changes a BP or a result (:func:`decide_game` with ``ignore``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cached_property

from pydantic import Field

from judge.board import BoardModel
from judge.bounds import UCG_DECK_SIZE
from judge.games.ucg.bp import BattlePoint, Character, Forced, battle_point, explain
from judge.players import PLAYERS, Player
from judge.ruling import Outcome, Trace


class Area(BoardModel):
    """One battle area; a missing side is an empty slot (12.4.1)."""

    A: Character | None = None
    B: Character | None = None

    def side(self, player: Player) -> Character | None:
        return self.A if player is Player.A else self.B

    @cached_property
    def touched_by(self) -> frozenset[str]:
        return frozenset().union(*(ch.touched_by for ch in (self.A, self.B) if ch is not None))


class JudgmentBoard(BoardModel):
    first_player: Player = Field(description="this turn's first player (先攻方)")
    #: each battle area was opened with one of the 50 cards of each player's deck (4.1.1)
    areas: list[Area] = Field(
        min_length=1, max_length=UCG_DECK_SIZE, description="oldest first; the last is the newest"
    )


class AreaResult(enum.StrEnum):
    A = "A"
    B = "B"
    DRAW = "draw"
    NONE = "none"  # no characters at all (12.4.2.2)
    UNDECIDED = "undecided"  # the rulebook does not determine a BP


class AreaReason(enum.StrEnum):
    HIGHER_BP = "higher_bp"
    EQUAL_BP = "equal_bp"
    FORCED_WIN = "forced_win"
    FORCED_DRAW = "forced_draw"
    BOTH_FORCED_WIN = "both_forced_win"
    WIN_BEATS_DRAW = "win_beats_draw"
    LONE_CHARACTER = "lone_character"
    EMPTY = "empty"
    BP_UNDETERMINED = "bp_undetermined"


class JudgmentReason(enum.StrEnum):
    """Why the game ended or goes on, as chess.Termination names why a game ended."""

    THREE_BATTLES_WON = "three_battles_won"  # 1.3.2
    MORE_BATTLES_WON = "more_battles_won"  # 1.3.3
    TIED_WINS_CONTINUE = "tied_wins_continue"  # 1.3.3.1
    GAME_CONTINUES = "game_continues"  # nobody won three battles
    UNDECIDED = "undecided"  # depends on a BP the rulebook does not determine


class NextLead(enum.StrEnum):
    WON_NEWEST = "won_newest_battle"  # 5.9.6.1
    EQUAL_BP_DRAW = "equal_bp_draw_keeps"  # 5.9.6.2
    NO_RESULT = "no_result_keeps"  # 12.4.2.3
    RULEBOOK_SILENT = "rulebook_silent"  # a draw by effect with unequal BP
    UNDECIDED = "undecided"
    GAME_OVER = "game_over"


#: the clause that decides an area for each reason
AREA_BASIS = {
    AreaReason.HIGHER_BP: ("8.1.1", "5.9.4.1"),
    AreaReason.EQUAL_BP: ("8.1.1", "5.9.5.1"),
    AreaReason.FORCED_WIN: ("11.16.1",),
    AreaReason.FORCED_DRAW: ("11.16.1",),
    AreaReason.BOTH_FORCED_WIN: ("11.16.2",),
    AreaReason.WIN_BEATS_DRAW: ("11.16.3",),
    AreaReason.LONE_CHARACTER: ("12.4.2.1",),
    AreaReason.EMPTY: ("12.4.2.2",),
    AreaReason.BP_UNDETERMINED: (),
}

#: clauses that change a BP or a result; each is tried away to see if it decides
MODIFIERS = ("8.1.2", "11.17.2", "11.6.1", "11.7.1", "11.7.3", "11.7.2", "11.16.1")


@dataclass(frozen=True, slots=True)
class Decided:
    result: AreaResult
    reason: AreaReason
    bp: dict[Player, BattlePoint | None]


def decide_area(area: Area, ignore: frozenset[str] = frozenset()) -> Decided:
    sides = {p: area.side(p) for p in PLAYERS}
    bp = {p: battle_point(ch, ignore) if ch else None for p, ch in sides.items()}
    present = [p for p in PLAYERS if sides[p] is not None]
    if not present:
        return Decided(AreaResult.NONE, AreaReason.EMPTY, bp)
    if len(present) == 1:
        return Decided(AreaResult(present[0].value), AreaReason.LONE_CHARACTER, bp)
    # both sides hold a character from here on
    forced = {p: None if "11.16.1" in ignore else ch.forced for p, ch in sides.items() if ch is not None}
    wins = [p for p in PLAYERS if forced[p] is Forced.WIN]
    if len(wins) == 2:
        return Decided(AreaResult.DRAW, AreaReason.BOTH_FORCED_WIN, bp)
    if wins:
        beats_draw = forced[wins[0].other] is Forced.DRAW
        reason = AreaReason.WIN_BEATS_DRAW if beats_draw else AreaReason.FORCED_WIN
        return Decided(AreaResult(wins[0].value), reason, bp)
    if Forced.DRAW in forced.values():
        return Decided(AreaResult.DRAW, AreaReason.FORCED_DRAW, bp)
    a, b = (point.value if point else None for point in (bp[Player.A], bp[Player.B]))
    if a is None or b is None:
        return Decided(AreaResult.UNDECIDED, AreaReason.BP_UNDETERMINED, bp)
    if a == b:
        return Decided(AreaResult.DRAW, AreaReason.EQUAL_BP, bp)
    return Decided(AreaResult.A if a > b else AreaResult.B, AreaReason.HIGHER_BP, bp)


def game_result(wins: dict[Player, int]) -> tuple[JudgmentReason, Player | None]:
    """1.3.2, 1.3.3, 1.3.3.1 from the number of battles each player won."""
    a, b = wins[Player.A], wins[Player.B]
    if a >= 3 and b >= 3:
        if a == b:
            return JudgmentReason.TIED_WINS_CONTINUE, None
        return JudgmentReason.MORE_BATTLES_WON, Player.A if a > b else Player.B
    if a >= 3 or b >= 3:
        return JudgmentReason.THREE_BATTLES_WON, Player.A if a >= 3 else Player.B
    return JudgmentReason.GAME_CONTINUES, None


def next_lead(newest: Decided, first: Player) -> tuple[Player | None, NextLead]:
    if newest.result in (AreaResult.A, AreaResult.B):
        return Player(newest.result.value), NextLead.WON_NEWEST
    if newest.result is AreaResult.NONE:
        return first, NextLead.NO_RESULT
    if newest.result is AreaResult.UNDECIDED:
        return None, NextLead.UNDECIDED
    values = [bp.value if bp else None for bp in newest.bp.values()]
    if None not in values and values[0] == values[1]:
        return first, NextLead.EQUAL_BP_DRAW
    return None, NextLead.RULEBOOK_SILENT


@dataclass(frozen=True, slots=True)
class Judgment:
    areas: tuple[Decided, ...]
    wins: dict[Player, int]
    reason: JudgmentReason
    winner: Player | None
    next_first: Player | None
    lead: NextLead
    possible: tuple[tuple[JudgmentReason, Player | None], ...]  # with undecided areas

    @property
    def key(self) -> tuple[object, ...]:
        """What a reader of the ruling acts on; decisive clauses change it."""
        return self.reason, self.winner, self.next_first, self.lead


def decide_game(
    board: JudgmentBoard, ignore: frozenset[str] = frozenset(), reuse: tuple[Decided, ...] = ()
) -> Judgment:
    """The whole judgment; ``reuse`` holds results of areas that ``ignore`` cannot change."""
    areas = tuple(
        reuse[i] if reuse and not ignore & area.touched_by else decide_area(area, ignore)
        for i, area in enumerate(board.areas)
    )
    wins = {p: sum(1 for d in areas if d.result.value == p.value) for p in PLAYERS}
    open_ = sum(1 for d in areas if d.result is AreaResult.UNDECIDED)
    possible = tuple(
        sorted(
            {
                game_result({Player.A: wins[Player.A] + x, Player.B: wins[Player.B] + y})
                for x in range(open_ + 1)
                for y in range(open_ + 1 - x)
            },
            key=lambda result: (result[0].value, result[1].value if result[1] else ""),
        )
    )
    reason, winner = possible[0] if len(possible) == 1 else (JudgmentReason.UNDECIDED, None)
    if winner is not None or (reason is JudgmentReason.UNDECIDED and all(w for _, w in possible)):
        next_first, lead = None, NextLead.GAME_OVER
    else:
        next_first, lead = next_lead(areas[-1], board.first_player)
    return Judgment(areas, wins, reason, winner, next_first, lead, possible)


def judge(board: JudgmentBoard, trace: Trace) -> Outcome:
    result = decide_game(board)
    trace.step("勝負判定階段中，所有角色都會進行 BP 的判定，包括之前回合放置的角色。", "5.9.3.1", "5.9.3.2")
    for number, (area, decided) in enumerate(zip(board.areas, result.areas, strict=True), start=1):
        _explain_area(trace, number, area, decided)
    counted = _explain_game(trace, result)
    _explain_next(trace, board, result)
    if result.lead in (NextLead.WON_NEWEST, NextLead.EQUAL_BP_DRAW, NextLead.NO_RESULT):
        counted.append(len(board.areas))
    for number in counted:
        trace.mark_decisive(*AREA_BASIS[result.areas[number - 1].reason])
    trace.mark_decisive_if_it_matters(lambda ignore: decide_game(board, ignore, result.areas).key, *MODIFIERS)
    return Outcome(
        result.reason,
        {
            "winner": result.winner,
            "wins": {p.value: n for p, n in result.wins.items()},
            "areas": [
                {
                    "result": d.result,
                    "reason": d.reason,
                    "bp": {p.value: (bp.value if bp else None) for p, bp in d.bp.items()},
                }
                for d in result.areas
            ],
            "next_first_player": result.next_first,
            "next_first_player_reason": result.lead,
            "possible": [{"reason": r, "winner": w} for r, w in result.possible],
        },
    )


def _name(player: Player) -> str:
    return f"玩家 {player.value} "


def _explain_area(trace: Trace, number: int, area: Area, decided: Decided) -> None:
    where = f"戰鬥區 {number}："
    for player in Player:
        character, point = area.side(player), decided.bp[player]  # a point for each character
        if character is not None and point is not None:
            explain(trace, f"{where}{_name(player)}的角色", character, point)
    bp = {p: (v.value if v else None) for p, v in decided.bp.items()}
    reason = decided.reason
    won = decided.result in (AreaResult.A, AreaResult.B)
    winner = _name(Player(decided.result.value)) if won else ""
    if reason is AreaReason.EMPTY:
        trace.step(f"{where}戰鬥區中完全沒有角色，該場戰鬥沒有結果。", "12.4.2.2")
    elif reason is AreaReason.LONE_CHARACTER:
        trace.step(f"{where}只有{winner}的角色且沒有對戰對手，該角色贏得該場戰鬥。", "12.4.2.1")
    elif reason is AreaReason.BOTH_FORCED_WIN:
        trace.step(f"{where}雙方角色皆獲得「獲得勝利」的效果，該場對戰判定為平局。", "11.16.1", "11.16.2")
    elif reason is AreaReason.WIN_BEATS_DRAW:
        trace.step(
            f"{where}{winner}的角色獲得「獲得勝利」效果，對手角色獲得「視為平局」效果：{winner}獲勝。",
            "11.16.1",
            "11.16.3",
        )
    elif reason is AreaReason.FORCED_WIN:
        trace.step(f"{where}{winner}的角色受「獲得勝利」效果影響，{winner}獲勝，對戰角色敗北。", "11.16.1")
    elif reason is AreaReason.FORCED_DRAW:
        trace.step(f"{where}受「視為平局」效果影響，雙方角色平局。", "11.16.1", bp=bp)
    elif reason is AreaReason.EQUAL_BP:
        trace.step(f"{where}雙方 BP 相同（{bp[Player.A]}），判定為平局。", "5.9.5.1", bp=bp)
    elif reason is AreaReason.HIGHER_BP:
        loser = Player(decided.result.value).other
        trace.step(
            f"{where}{winner}的 BP {bp[Player(decided.result.value)]} 高於{_name(loser)}的 "
            f"{bp[loser]}，{winner}獲勝。",
            "5.9.4.1",
            bp=bp,
        )
    else:
        trace.step(f"{where}規則書未決定此處的 BP，戰鬥結果無法確定。", "5.9.4.1", bp=bp)


def _explain_game(trace: Trace, result: Judgment) -> list[int]:
    """Steps for the game result; returns the areas (1-based) the result rests on."""
    a, b = result.wins[Player.A], result.wins[Player.B]
    won = {p: [i for i, d in enumerate(result.areas, 1) if d.result.value == p.value] for p in Player}
    wins = {"A": a, "B": b}
    w = result.winner
    if result.reason is JudgmentReason.THREE_BATTLES_WON and w is not None:  # a game won names its winner
        trace.step(
            f"{_name(w)}在 {result.wins[w]} 處戰鬥中勝出（3 處或以上），{_name(w)}獲得遊戲勝利。",
            "1.3.2",
            decisive=True,
            wins=wins,
        )
        return won[w]
    if result.reason is JudgmentReason.MORE_BATTLES_WON and w is not None:
        trace.step(
            f"雙方皆有 3 處或以上勝利（{a} 比 {b}），以勝利數較多的{_name(w)}獲勝。",
            "1.3.2",
            "1.3.3",
            decisive=True,
            wins=wins,
        )
        return won[Player.A] + won[Player.B]
    if result.reason is JudgmentReason.TIED_WINS_CONTINUE:
        trace.step(
            f"雙方皆有 3 處或以上勝利且勝利數相同（{a} 比 {b}），繼續進行遊戲。",
            "1.3.3.1",
            decisive=True,
            wins=wins,
        )
        return won[Player.A] + won[Player.B]
    if result.reason is JudgmentReason.GAME_CONTINUES:
        trace.step(f"沒有玩家在 3 處或以上的戰鬥中勝出（{a} 比 {b}），遊戲繼續。", "1.3.2", wins=wins)
        return []
    gaps = _gap_clauses(result)
    trace.silent(
        f"已確定的勝利數為 {a} 比 {b}；尚未確定的戰鬥結果會改變遊戲勝負，規則書未決定那些 BP。",
        "1.3.2",
        *gaps,
        wins=wins,
    )
    trace.mark_decisive(*gaps)
    return []


def _gap_clauses(result: Judgment) -> list[str]:
    """The clauses whose silence left some BP undetermined."""
    found = set()
    for decided in result.areas:
        for bp in decided.bp.values():
            if bp is not None and bp.floor_unclear:
                found.add("11.7.2")
            if bp is not None and bp.after_level is None:
                found.add("11.6.3")
    return sorted(found)


def _explain_next(trace: Trace, board: JudgmentBoard, result: Judgment) -> None:
    number = len(board.areas)
    first = _name(board.first_player)
    lead = result.lead
    if lead is NextLead.WON_NEWEST and result.next_first is not None:  # the winner leads next
        trace.step(
            f"最新一輪戰鬥（戰鬥區 {number}）由{_name(result.next_first)}獲勝，"
            f"{_name(result.next_first)}成為下一回合的先攻方。",
            "5.9.6.1",
            decisive=True,
        )
    elif lead is NextLead.EQUAL_BP_DRAW:
        trace.step(
            f"最新一輪戰鬥（戰鬥區 {number}）BP 相同且為平局，本回合的先攻方{first}在下一回合仍為先攻方。",
            "5.9.6.2",
            decisive=True,
        )
    elif lead is NextLead.NO_RESULT:
        trace.step(
            f"最新一輪戰鬥（戰鬥區 {number}）沒有勝負結果，本回合的先攻方{first}在下一回合仍為先攻方。",
            "12.4.2.3",
            decisive=True,
        )
    elif lead is NextLead.RULEBOOK_SILENT:
        trace.silent(
            f"最新一輪戰鬥（戰鬥區 {number}）因效果成為平局，但雙方 BP 不同。規則書只規定獲勝的玩家"
            "成為先攻方，以及 BP 相同且為平局時先攻方不變；未規定此時下一回合的先攻方。",
            "5.9.6.1",
            "5.9.6.2",
            "11.16.1",
        )
        trace.mark_decisive("5.9.6.1", "5.9.6.2")
    elif lead is NextLead.UNDECIDED:
        trace.silent(
            f"最新一輪戰鬥（戰鬥區 {number}）的結果無法確定，因此下一回合的先攻方也無法確定。",
            "5.9.6.1",
        )
