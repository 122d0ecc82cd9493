"""The ucg judgment phase (5.9): every battle area fights, the characters are placed, the game
is decided (1.3.2, 1.3.3, 1.3.3.1), and the newest battle names the next turn's first player.

Each area is decided by :func:`decide_area` (empty slots 12.4.2, forced
results 11.16, else BP 5.9.4 / 5.9.5).  An area whose BP the board does not
give (a level change's target BP among them), or the rulebook does not determine
(11.7.2), is *undetermined*:
when the game's result or the next first player turns on it, the replay asks
for it as a fact and plays each possible result in full; when nothing turns
on it, the ruling says so and goes on.  Where an area is drawn by an effect
although the BPs differ, 5.9.6.2 (which speaks of equal BP) does not say who
leads next; the ruling says so instead of guessing.

Decisive clauses are found by judging again without each clause that
changes a BP or a result (:func:`decide_game` with ``ignore``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Any

from pydantic import BaseModel

from judge.games.ucg.bp import (
    BattlePoint,
    Fighter,
    Forced,
    LevelChange,
    Missing,
    battle_point,
    explain,
    fighter,
)
from judge.games.ucg.state import Area, UcgState
from judge.players import PLAYERS, Player
from judge.replay import Replay
from judge.state import Status


class AreaResult(enum.StrEnum):
    A = "A"
    B = "B"
    DRAW = "draw"
    NONE = "none"  # no characters at all (12.4.2.2)
    UNDECIDED = "undecided"  # the board does not give, or the rulebook does not determine, a BP


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
    ASSUMED = "assumed"  # undetermined, replayed under each possible result


class GameResult(enum.StrEnum):
    THREE_BATTLES_WON = "three_battles_won"  # 1.3.2
    MORE_BATTLES_WON = "more_battles_won"  # 1.3.3
    TIED_WINS_CONTINUE = "tied_wins_continue"  # 1.3.3.1
    CONTINUES = "continues"  # nobody won three battles


class NextLead(enum.StrEnum):
    WON_NEWEST = "won_newest_battle"  # 5.9.6.1
    EQUAL_BP_DRAW = "equal_bp_draw_keeps"  # 5.9.6.2
    NO_RESULT = "no_result_keeps"  # 12.4.2.3
    RULEBOOK_SILENT = "rulebook_silent"  # a draw by effect with unequal BP
    UNDECIDED = "undecided"
    GAME_OVER = "game_over"


#: the clauses that decide an area for each reason
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
    AreaReason.ASSUMED: (),
}

#: clauses that change a BP or a result (10.1.2, 10.1.3.1, 11.13.2: by ending a lasting effect whose
#: source left, was covered or had its text made invalid; 5.10.2: a "this turn" effect of an earlier turn; 11.1, 11.3.2, 11.4.2, 11.20.3:
#: by keeping out an effect passed over; 11.14.2, 11.19.2, 11.19.3: by letting one apply after a part
#: not done; 5.6.1, 5.6.2.1, 5.6.3.1: by a level up; 11.8.1: by a character brought out into an
#: empty slot); each is tried away to see if it decides
MODIFIERS = (
    "8.1.2",
    "11.17.2",
    "11.6.1",
    "11.6.4",
    "11.7.1",
    "11.7.3",
    "11.7.2",
    "11.16.1",
    "10.1.2",
    "10.1.3.1",
    "11.13.2",
    "5.10.2",
    "11.1",
    "11.3.2",
    "11.4.2",
    "11.20.3",
    "11.14.2",
    "11.19.2",
    "11.19.3",
    "11.8.1",
    "5.6.1",
    "5.6.2.1",
    "5.6.3.1",
)


@dataclass(frozen=True, slots=True)
class Decided:
    result: AreaResult
    reason: AreaReason
    bp: dict[Player, BattlePoint | None]
    #: the results an undetermined area may still have
    possible: tuple[AreaResult, ...] = ()


Sides = dict[Player, Fighter | None]


def _compare(bp: dict[Player, BattlePoint | None]) -> tuple[AreaResult, AreaReason]:
    a, b = (point.value if point else None for point in (bp[Player.A], bp[Player.B]))
    if a is None or b is None:
        return AreaResult.UNDECIDED, AreaReason.BP_UNDETERMINED
    if a == b:
        return AreaResult.DRAW, AreaReason.EQUAL_BP
    return (AreaResult.A if a > b else AreaResult.B), AreaReason.HIGHER_BP


def _possible(bp: dict[Player, BattlePoint | None]) -> tuple[AreaResult, ...]:
    """The results an area may have when a BP is undetermined."""
    readings: dict[Player, list[int | None]] = {}
    for player in PLAYERS:
        point = bp[player]
        if point is not None and point.missing is Missing.FLOOR and point.tally is not None:
            readings[player] = [point.tally.floored_each_step, point.tally.floored_at_end]
        else:
            readings[player] = [point.value if point else None]
    if None in readings[Player.A] + readings[Player.B]:
        return (AreaResult.A, AreaResult.B, AreaResult.DRAW)
    found = {
        AreaResult.DRAW if a == b else AreaResult.A if a > b else AreaResult.B  # type: ignore[operator]
        for a in readings[Player.A]
        for b in readings[Player.B]
    }
    return tuple(r for r in (AreaResult.A, AreaResult.B, AreaResult.DRAW) if r in found)


def decide_area(sides: Sides, ignore: frozenset[str] = frozenset()) -> Decided:
    if "11.8.1" in ignore:  # a character an effect brought out is not there without it
        sides = {p: None if ch is not None and ch.brought_out else ch for p, ch in sides.items()}
    bp = {p: battle_point(ch, ignore) if ch else None for p, ch in sides.items()}
    present = [p for p in PLAYERS if sides[p] is not None]
    if not present:
        return Decided(AreaResult.NONE, AreaReason.EMPTY, bp)
    if len(present) == 1:
        return Decided(AreaResult(present[0].value), AreaReason.LONE_CHARACTER, bp)
    forced = {
        p: None if "11.16.1" in ignore else ch.restored(ignore).forced
        for p, ch in sides.items()
        if ch is not None
    }
    wins = [p for p in PLAYERS if forced[p] is Forced.WIN]
    if len(wins) == 2:
        return Decided(AreaResult.DRAW, AreaReason.BOTH_FORCED_WIN, bp)
    if wins:
        beats_draw = forced[wins[0].other] is Forced.DRAW
        reason = AreaReason.WIN_BEATS_DRAW if beats_draw else AreaReason.FORCED_WIN
        return Decided(AreaResult(wins[0].value), reason, bp)
    if Forced.DRAW in forced.values():
        return Decided(AreaResult.DRAW, AreaReason.FORCED_DRAW, bp)
    result, reason = _compare(bp)
    return Decided(result, reason, bp, _possible(bp) if result is AreaResult.UNDECIDED else ())


def game_result(wins: dict[Player, int]) -> tuple[GameResult, Player | None]:
    """1.3.2, 1.3.3, 1.3.3.1 from the number of battles each player won."""
    a, b = wins[Player.A], wins[Player.B]
    if a >= 3 and b >= 3:
        if a == b:
            return GameResult.TIED_WINS_CONTINUE, None
        return GameResult.MORE_BATTLES_WON, Player.A if a > b else Player.B
    if a >= 3 or b >= 3:
        return GameResult.THREE_BATTLES_WON, Player.A if a >= 3 else Player.B
    return GameResult.CONTINUES, None


def next_lead(newest: Decided, first: Player | None) -> tuple[Player | None, NextLead]:
    if newest.result in (AreaResult.A, AreaResult.B):
        return Player(newest.result.value), NextLead.WON_NEWEST
    if newest.result is AreaResult.NONE:
        return first, NextLead.NO_RESULT
    if newest.result is AreaResult.UNDECIDED:
        return None, NextLead.UNDECIDED
    values = [bp.value if bp else None for bp in newest.bp.values()]
    if newest.reason is AreaReason.ASSUMED or (None not in values and values[0] == values[1]):
        return first, NextLead.EQUAL_BP_DRAW
    return None, NextLead.RULEBOOK_SILENT


@dataclass(frozen=True, slots=True)
class Judgment:
    areas: tuple[Decided, ...]
    wins: dict[Player, int]
    result: GameResult
    winner: Player | None
    next_first: Player | None
    lead: NextLead

    @property
    def key(self) -> tuple[object, ...]:
        """What a reader of the ruling acts on; decisive clauses change it."""
        return self.result, self.winner, self.next_first, self.lead


def decide_game(
    fighters: list[Sides],
    first: Player | None,
    ignore: frozenset[str] = frozenset(),
    fixed: dict[int, AreaResult] | None = None,
    reuse: tuple[Decided, ...] = (),
) -> Judgment:
    """The whole judgment; ``fixed`` gives undetermined areas (by index) a result to assume,
    ``reuse`` the areas that ``ignore`` cannot change."""
    areas = []
    for index, sides in enumerate(fighters):
        touched = frozenset().union(*(f.touched_by for f in sides.values() if f is not None))
        decided = reuse[index] if reuse and not ignore & touched else decide_area(sides, ignore)
        if fixed and index in fixed and decided.result is AreaResult.UNDECIDED:
            decided = replace(decided, result=fixed[index], reason=AreaReason.ASSUMED)
        areas.append(decided)
    wins = {p: sum(1 for d in areas if d.result.value == p.value) for p in PLAYERS}
    result, winner = game_result(wins)
    if winner is not None:
        return Judgment(tuple(areas), wins, result, winner, None, NextLead.GAME_OVER)
    next_first, lead = next_lead(areas[-1], first) if areas else (first, NextLead.NO_RESULT)
    return Judgment(tuple(areas), wins, result, winner, next_first, lead)


class BattleRecord(BaseModel):
    """One battle area's result in the judgment phase, as the outcome reports it."""

    area: int
    result: AreaResult
    reason: AreaReason
    bp: dict[Player, int | None]


def _name(player: Player) -> str:
    return f"玩家 {player.value} "


def first_player(replay: Replay[UcgState]) -> Player:
    """This turn's first player (先攻方), asked for if the board does not say."""
    found: Player = replay.fact(
        "turn_player", replay.state.turn_player, (Player.A, Player.B), "本回合的先攻方", "5.2.1"
    )
    replay.state.turn_player = found
    return found


def judge(replay: Replay[UcgState]) -> None:
    """The judgment phase's automatic part: fight, place, decide, name the next first player."""
    state = replay.state
    first = state.turn_player
    replay.log.decisive = []  # the last judgment decides the game and the next turn; what came before fed it
    replay.step("勝負判定階段中，所有角色都會進行 BP 的判定，包括之前回合放置的角色。", "5.9.3.1", "5.9.3.2")
    fighters: list[Sides] = [
        {p: fighter(replay, ch) if (ch := area.side(p)) is not None else None for p in PLAYERS}
        for area in state.areas
    ]
    found, asked = _settle_undecided(replay, decide_game(fighters, first), fighters, first)
    if first is None and found.lead in (NextLead.EQUAL_BP_DRAW, NextLead.NO_RESULT):
        first = first_player(replay)  # this turn's first player leads the next: who is it?
        found = replace(found, next_first=first)
    for number, (sides, decided) in enumerate(zip(fighters, found.areas, strict=True), start=1):
        _explain_area(replay, number, sides, decided, asked)
    _place(replay, state.areas, found)
    replay.notes["judgment"] = found
    counted = _explain_game(replay, found)
    _explain_next(replay, found, first, len(state.areas))
    if found.lead in (NextLead.WON_NEWEST, NextLead.EQUAL_BP_DRAW, NextLead.NO_RESULT) and state.areas:
        counted.append(len(state.areas))
    emptied: dict[tuple[int, Player], tuple[str, ...]] = replay.notes.get("emptied", {})
    for number in counted:
        replay.log.mark_decisive(*AREA_BASIS[found.areas[number - 1].reason])
        if found.areas[number - 1].reason in (AreaReason.LONE_CHARACTER, AreaReason.EMPTY):
            for player in PLAYERS:  # a slot an effect emptied is why the area fought as it did (12.4.1)
                if state.areas[number - 1].side(player) is None:
                    replay.log.mark_decisive(*emptied.get((number, player), ()))
        if found.areas[number - 1].reason in (AreaReason.HIGHER_BP, AreaReason.EQUAL_BP) and any(
            side is not None and {LevelChange.UP, LevelChange.DOWN} <= set(side.level_changes)
            for side in fighters[number - 1].values()
        ):
            replay.log.mark_decisive("11.6.5")  # the BP comes back to its own under both changes
    replay.log.mark_decisive_if_it_matters(
        lambda ignore: decide_game(fighters, first, ignore, reuse=found.areas).key, *MODIFIERS
    )
    state.next_first_player = found.next_first
    _end_if_won(replay, found)


#: more undetermined areas than this are not combined one by one (3 ** 6 combinations at most)
MOST_OPEN = 6


def _settle_undecided(
    replay: Replay[UcgState], found: Judgment, fighters: list[Sides], first: Player | None
) -> tuple[Judgment, bool]:
    """The judgment where some areas are undetermined: every combination of their possible results
    is judged; when they all lead to one game result and next first player, that is the judgment,
    else the replay asks which (a fact, replayed each way).  Also: whether it asked."""
    open_ = [i for i, d in enumerate(found.areas) if d.result is AreaResult.UNDECIDED]
    if not open_:
        return found, False
    text = "勝負判定的結果（有戰鬥區的 BP 無法確定）"
    if len(open_) > MOST_OPEN:
        replay.fact(f"judgment:{replay.state.turn}", None, None, text, "5.9.4.1")
    results: dict[str, Judgment] = {}
    for combination in _combinations([found.areas[i].possible for i in open_]):
        judged = decide_game(fighters, first, fixed=dict(zip(open_, combination, strict=True)))
        results.setdefault(_label(judged), judged)
    asked = len(results) > 1
    chosen = (
        results[
            replay.fact(f"judgment:{replay.state.turn}", None, sorted(results), text, "5.9.4.1", "5.9.5.1")
        ]
        if asked
        else next(iter(results.values()))
    )
    settled = replace(
        found, result=chosen.result, winner=chosen.winner, next_first=chosen.next_first, lead=chosen.lead
    )
    return settled, asked


#: how each game result and next first player is said in a possibility's label
_RESULT_WORDS = {
    GameResult.THREE_BATTLES_WON: "在 3 處或以上的戰鬥中勝出",
    GameResult.MORE_BATTLES_WON: "雙方皆有 3 處或以上勝利，勝利數較多",
    GameResult.TIED_WINS_CONTINUE: "雙方勝利數相同，遊戲繼續",
    GameResult.CONTINUES: "遊戲繼續",
}
_LEAD_WORDS = {
    NextLead.WON_NEWEST: "最新一輪戰鬥的勝者",
    NextLead.EQUAL_BP_DRAW: "最新一輪戰鬥平局，先攻方不變",
    NextLead.NO_RESULT: "最新一輪戰鬥沒有結果，先攻方不變",
    NextLead.RULEBOOK_SILENT: "規則書未規定",
    NextLead.UNDECIDED: "無法確定",
    NextLead.GAME_OVER: "",
}


def _label(judged: Judgment) -> str:
    """A possible judgment in words: how the game ends, or who leads the next turn and why."""
    said = _RESULT_WORDS[judged.result]
    if judged.winner is not None:
        return f"{_name(judged.winner)}{said}，獲得遊戲勝利"
    lead = _name(judged.next_first) if judged.next_first else ""
    return f"{said}，下一回合的先攻方：{lead}（{_LEAD_WORDS[judged.lead]}）"


def _combinations(options: list[tuple[AreaResult, ...]]) -> list[tuple[AreaResult, ...]]:
    found: list[tuple[AreaResult, ...]] = [()]
    for choices in options:
        found = [prefix + (choice,) for prefix in found for choice in choices]
    return found


def _explain_area(replay: Replay[UcgState], number: int, sides: Sides, decided: Decided, asked: bool) -> None:
    where = f"戰鬥區 {number}："
    log = replay.log
    for player in PLAYERS:
        character, point = sides[player], decided.bp[player]
        if character is not None and point is not None:
            explain(log, f"{where}{_name(player)}的角色 {character.name} ", character, point)
    bp = {p: (v.value if v else None) for p, v in decided.bp.items()}
    reason = decided.reason
    won = decided.result in (AreaResult.A, AreaResult.B)
    winner = _name(Player(decided.result.value)) if won else ""
    if reason is AreaReason.EMPTY:
        log.step(f"{where}戰鬥區中完全沒有角色，該場戰鬥沒有結果。", "12.4.2.2")
    elif reason is AreaReason.LONE_CHARACTER:
        log.step(f"{where}只有{winner}的角色且沒有對戰對手，該角色贏得該場戰鬥。", "12.4.2.1")
    elif reason is AreaReason.BOTH_FORCED_WIN:
        log.step(f"{where}雙方角色皆獲得「獲得勝利」的效果，該場對戰判定為平局。", "11.16.1", "11.16.2")
    elif reason is AreaReason.WIN_BEATS_DRAW:
        log.step(
            f"{where}{winner}的角色獲得「獲得勝利」效果，對手角色獲得「視為平局」效果：{winner}獲勝。",
            "11.16.1",
            "11.16.3",
        )
    elif reason is AreaReason.FORCED_WIN:
        log.step(f"{where}{winner}的角色受「獲得勝利」效果影響，{winner}獲勝，對戰角色敗北。", "11.16.1")
    elif reason is AreaReason.FORCED_DRAW:
        log.step(f"{where}受「視為平局」效果影響，雙方角色平局。", "11.16.1", bp=bp)
    elif reason is AreaReason.EQUAL_BP:
        log.step(f"{where}雙方 BP 相同（{bp[Player.A]}），判定為平局。", "5.9.5.1", bp=bp)
    elif reason is AreaReason.HIGHER_BP:
        loser = Player(decided.result.value).other
        log.step(
            f"{where}{winner}的 BP {bp[Player(decided.result.value)]} 高於{_name(loser)}的 "
            f"{bp[loser]}，{winner}獲勝。",
            "5.9.4.1",
            bp=bp,
        )
    elif reason is AreaReason.ASSUMED:
        log.step(f"{where}在此情況下，戰鬥結果為 {decided.result.value}。", "5.9.4.1", "5.9.5.1")
    elif asked:
        log.unknown(f"{where}BP 無法確定，戰鬥結果不明。", "5.9.4.1")
    else:
        log.unknown(
            f"{where}BP 無法確定，戰鬥結果不明；無論結果如何，遊戲勝負與下一回合的先攻方都相同。", "5.9.4.1"
        )


def _draw_fires_nothing(replay: Replay[UcgState], number: int, area: Area, decided: Decided) -> None:
    """A draw is neither side's win nor loss: an effect waiting for either says why it does not fire,
    with the clause that made the battle a draw."""
    for player in PLAYERS:
        character = area.side(player)
        if character is None:
            continue
        for event, word in (("battle_won", "獲勝"), ("battle_lost", "敗北")):
            replay.unfired(
                event,
                f"戰鬥區 {number}：平局，{character.name} 並未在對戰中{word}，其「在對戰中{word}時」的效果不會觸發。",
                *(AREA_BASIS[decided.reason][-1:] or ("5.9.5.1",)),
                card=character.name,
                player=player,
            )


def _place(replay: Replay[UcgState], areas: list[Area], found: Judgment) -> None:
    """The winner stays upright, the loser is turned sideways; on a draw both are (5.9.4.2, 5.9.5.2)."""
    for number, (area, decided) in enumerate(zip(areas, found.areas, strict=True), start=1):
        if decided.result in (AreaResult.A, AreaResult.B):
            winner = Player(decided.result.value)
            upright, sideways = area.side(winner), area.side(winner.other)
            if upright is not None:
                upright.status = Status.ACTIVE
                replay.event("battle_won", card=upright.name, player=winner)
            text = f"戰鬥區 {number}：{_name(winner)}的角色保持縱向"
            if sideways is not None:
                sideways.status = Status.RESTED
                text += f"，{_name(winner.other)}的角色橫向擺放"
                replay.event("battle_lost", card=sideways.name, player=winner.other)
            replay.step(text + "。", "5.9.4.2")
        elif decided.result is AreaResult.DRAW:
            for player in PLAYERS:
                character = area.side(player)
                if character is not None:
                    character.status = Status.RESTED
            replay.step(f"戰鬥區 {number}：平局，雙方角色均橫向擺放。", "5.9.5.2")
            _draw_fires_nothing(replay, number, area, decided)
        elif decided.result is AreaResult.UNDECIDED:
            for player in PLAYERS:
                character = area.side(player)
                if character is not None:
                    character.status = None  # upright or sideways, as the unknown result goes


def _explain_game(replay: Replay[UcgState], found: Judgment) -> list[int]:
    """Steps (and why-nots) for the game result; returns the areas (1-based) it rests on."""
    a, b = found.wins[Player.A], found.wins[Player.B]
    won = {p: [i for i, d in enumerate(found.areas, 1) if d.result.value == p.value] for p in PLAYERS}
    wins = {"A": a, "B": b}
    if found.result is GameResult.MORE_BATTLES_WON:
        return won[Player.A] + won[Player.B]
    if found.result is GameResult.THREE_BATTLES_WON and found.winner is not None:
        other = found.winner.other
        replay.not_applied(
            f"只有{_name(found.winner)}有 3 處或以上勝利（{_name(other)}{found.wins[other]} 處），"
            "不以勝利數多寡比較。",
            "1.3.3",
        )
        return won[found.winner]
    if found.result is GameResult.TIED_WINS_CONTINUE:
        replay.step(
            f"雙方皆有 3 處或以上勝利且勝利數相同（{a} 比 {b}），繼續進行遊戲。",
            "1.3.3.1",
            decisive=True,
            wins=wins,
        )
        return won[Player.A] + won[Player.B]
    replay.step(f"勝利數為 {a} 比 {b}。", "5.9.4.1", wins=wins)
    replay.not_applied(
        f"沒有玩家在 3 處或以上的戰鬥中勝出（{a} 比 {b}），沒有玩家因此獲得遊戲勝利。", "1.3.2", wins=wins
    )
    return []


def _explain_next(replay: Replay[UcgState], found: Judgment, first: Player | None, number: int) -> None:
    lead = found.lead
    log = replay.log
    who = _name(first) if first else ""
    if lead is NextLead.WON_NEWEST and found.next_first is not None:
        log.step(
            f"最新一輪戰鬥（戰鬥區 {number}）由{_name(found.next_first)}獲勝，"
            f"{_name(found.next_first)}成為下一回合的先攻方。",
            "5.9.6.1",
            decisive=True,
        )
    elif lead is NextLead.EQUAL_BP_DRAW:
        log.step(
            f"最新一輪戰鬥（戰鬥區 {number}）為平局，本回合的先攻方{who}在下一回合仍為先攻方。",
            "5.9.6.2",
            decisive=True,
        )
    elif lead is NextLead.NO_RESULT:
        log.step(
            f"最新一輪戰鬥（戰鬥區 {number}）沒有勝負結果，本回合的先攻方{who}在下一回合仍為先攻方。",
            "12.4.2.3",
            decisive=True,
        )
    elif lead is NextLead.RULEBOOK_SILENT:
        log.silent(
            f"最新一輪戰鬥（戰鬥區 {number}）因效果成為平局，但雙方 BP 不同。規則書只規定獲勝的玩家"
            "成為先攻方，以及 BP 相同且為平局時先攻方不變；未規定此時下一回合的先攻方。",
            "5.9.6.1",
            "5.9.6.2",
            "11.16.1",
        )
        log.mark_decisive("5.9.6.1", "5.9.6.2")
    elif lead is NextLead.UNDECIDED:
        log.unknown(
            f"最新一輪戰鬥（戰鬥區 {number}）的結果無法確定，因此下一回合的先攻方也無法確定。", "5.9.6.1"
        )


def _end_if_won(replay: Replay[UcgState], found: Judgment) -> None:
    from judge.games.ucg.outcome import UcgReason
    from judge.outcome import Result

    w = found.winner
    if w is None:
        return
    if found.result is GameResult.MORE_BATTLES_WON:
        replay.end_game(
            Result.WON,
            UcgReason.MORE_BATTLES_WON,
            w,
            f"雙方皆有 3 處或以上勝利（{found.wins[w]} 比 {found.wins[w.other]}），以勝利數較多的"
            f"{_name(w)}獲得遊戲勝利。",
            "1.3.2",
            "1.3.3",
        )
    replay.end_game(
        Result.WON,
        UcgReason.THREE_BATTLES_WON,
        w,
        f"{_name(w)}在 {found.wins[w]} 處戰鬥中勝出（3 處或以上），{_name(w)}獲得遊戲勝利。",
        "1.3.2",
    )


def records(found: Judgment) -> list[BattleRecord]:
    return [
        BattleRecord(
            area=number,
            result=decided.result,
            reason=decided.reason,
            bp={p: (bp.value if bp else None) for p, bp in decided.bp.items()},
        )
        for number, decided in enumerate(found.areas, start=1)
    ]


def judgment_of(replay: Replay[Any]) -> Judgment | None:
    found = replay.notes.get("judgment")
    return found if isinstance(found, Judgment) else None
