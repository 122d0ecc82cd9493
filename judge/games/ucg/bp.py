"""A ucg character's BP in the judgment phase, as chapters 8 and 11 compute it.

:func:`battle_point` is pure and takes ``ignore`` (clause ids to leave out),
so the judgment can ask "would the result differ without 11.7.2?" and mark
only the clauses that really decide a ruling.  :func:`explain` turns one
computation into steps.  A :class:`Fighter` is what the rules read off a
character on the field: its stack, printed BP, EXTRA condition, charges, and
the level and BP changes in force on it (11.6, 11.7), in the order they came.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from judge.games.ucg.state import Character, PrintedBP, Stack
from judge.numbers import Tally, tally
from judge.replay import Replay
from judge.ruling import Trace

#: 「使一個效果說明，在此回合期間無效」 (11.13), stated as a keyword an effect gives the card
INVALID = "text_invalid"


class Forced(enum.StrEnum):
    """「使此角色的對戰視為平局 / 獲得勝利」 (11.16), stated as a keyword an effect gives."""

    WIN = "win_battle"  # 「獲得勝利」
    DRAW = "draw_battle"  # 「視為平局」


class LevelChange(enum.StrEnum):
    UP = "UP"  # 「上升一級」
    DOWN = "DOWN"  # 「降低一級」


@dataclass(frozen=True)
class Fighter:
    """A character as the judgment reads it (``cards`` None: the board does not give its stack)."""

    name: str
    cards: int | None
    bp: PrintedBP
    extra: bool
    single_bp: bool | None  # whether its top card prints a SINGLE BP (11.15)
    charges: int
    level_changes: tuple[LevelChange, ...]
    bp_changes: tuple[int, ...]
    forced: Forced | None
    #: changes not in force, each with the clause that keeps it out — a lasting effect ended because
    #: its source card left or was covered, a "this turn" effect ended, an effect passed over (declined,
    #: its condition failing, the part before it not done): (clause, stat, by), or (clause, keyword, 0)
    #: for a battle it would have forced (11.16)
    lost: tuple[tuple[str, str, int], ...] = ()
    #: changes in force only by a clause — the (B) of 「(A)，即可(B)」 or 「(A)。此外，(B)。」 after an (A)
    #: not done in full: (clause, stat, by)
    leaning: tuple[tuple[str, str, int], ...] = ()
    #: a level up this turn: the clauses that allow it, and the top card it covered (its printed BP and
    #: whether it prints a SINGLE BP), which is the character without it
    unlevel: tuple[frozenset[str], PrintedBP, bool | None] | None = None
    #: brought out (登場) into its slot by an effect this turn (11.8.1): without it the slot is empty
    brought_out: bool = False

    @property
    def stack(self) -> Stack | None:
        return None if self.cards is None else Stack.of(self.cards)

    @cached_property
    def touched_by(self) -> frozenset[str]:
        """The clauses whose absence could change this character's BP or result."""
        touched = {"8.1.2"} if self.extra else set()
        touched |= {"11.17.2"} if self.charges else set()
        touched |= {"11.6.1", "11.7.3"} if self.level_changes else set()
        touched |= {"11.6.4"} if self.extra and self.level_changes else set()
        touched |= {"11.7.1", "11.7.2", "11.7.3"} if self.bp_changes else set()
        touched |= {"11.16.1"} if self.forced else set()
        touched |= {clause for clause, _, _ in (*self.lost, *self.leaning)}
        touched |= self.unlevel[0] if self.unlevel else set()
        touched |= {"11.8.1"} if self.brought_out else set()
        return frozenset(touched)

    def restored(self, ignore: frozenset[str]) -> Fighter:
        """The character as if the ignored clauses were not there: the changes they kept out in force,
        those made only by them gone, a level up they allowed undone."""
        ch = self
        if self.unlevel and self.unlevel[0] & ignore and self.cards is not None:
            _, bp, single = self.unlevel
            ch = replace(
                ch, cards=self.cards - 1, bp=bp, single_bp=single, extra=ch.extra and bp.EXTRA is not None
            )
        back = [(stat, by) for clause, stat, by in self.lost if clause in ignore]
        gone = [(stat, by) for clause, stat, by in self.leaning if clause in ignore]
        forced = [Forced(stat) for stat, _ in back if stat in KEPT_OUT]
        if forced and ch.forced is None:  # a win or a draw an effect would have forced (11.16)
            ch = replace(ch, forced=Forced.WIN if Forced.WIN in forced else Forced.DRAW)
        if not back and not gone:
            return ch
        levels = list(ch.level_changes) + [_level(by) for stat, by in back if stat == "level"]
        changes = list(ch.bp_changes) + [by for stat, by in back if stat == "bp"]
        for stat, by in gone:
            if stat == "level" and _level(by) in levels:
                levels.remove(_level(by))
            elif stat == "bp" and by in changes:
                changes.remove(by)
        return replace(ch, level_changes=tuple(levels), bp_changes=tuple(changes))


#: the keywords a kept-out effect may have given, noted in place of a stat (with no value)
KEPT_OUT = frozenset(forced.value for forced in Forced)


def _level(by: int) -> LevelChange:
    return LevelChange.UP if by > 0 else LevelChange.DOWN


def fighter(replay: Replay[Any], character: Character) -> Fighter:
    """Read a character off the field, asking for the EXTRA condition only where it prints an EXTRA BP."""
    extra = False
    if character.bp.EXTRA is not None:
        extra = bool(
            replay.fact(
                f"{character.name}.extra",
                character.extra,
                (True, False),
                f"{character.name} 是否滿足 EXTRA 的條件",
                "8.1.2",
            )
        )
    levels: list[LevelChange] = []
    for modifier in character.modifiers:
        if modifier.stat == "level":
            levels += [LevelChange.UP if modifier.by > 0 else LevelChange.DOWN] * abs(modifier.by)
    forced = None
    if character.has(Forced.WIN.value):
        forced = Forced.WIN
    elif character.has(Forced.DRAW.value):
        forced = Forced.DRAW
    return Fighter(
        name=character.name,
        cards=character.cards,
        bp=character.bp,
        extra=extra,
        single_bp=character.has_single_bp(),
        charges=character.charges or 0,  # charges never count toward the stack (11.17.2)
        level_changes=tuple(levels),
        bp_changes=tuple(m.by for m in character.modifiers if m.stat == "bp"),
        forced=forced,
        lost=_noted(replay, "lost", character.name) + _noted(replay, "unmade", character.name),
        leaning=_noted(replay, "leaning", character.name),
        unlevel=_unlevel(replay, character),
        brought_out=character.name in replay.notes.get("brought_out", ()),
    )


def _noted(replay: Replay[Any], note: str, name: str) -> tuple[tuple[str, str, int], ...]:
    """The changes a note lists for the character ``name``: (clause, stat, by)."""
    return tuple((clause, stat, by) for who, clause, stat, by in replay.notes.get(note, []) if who == name)


def _unlevel(
    replay: Replay[Any], character: Character
) -> tuple[frozenset[str], PrintedBP, bool | None] | None:
    """A level up onto ``character`` replayed in this turn's level-up phase: the clauses its step
    cites that allow it (5.6.1, and 5.6.2.1 or 5.6.3.1) and the card it covered; None where there
    was none, or the covered card is not known."""
    clauses = replay.notes.get("leveled", {}).get(character.name)
    if clauses is None or not character.under:
        return None
    covered = character.under[-1]
    return frozenset(clauses), covered.bp, covered.has_single_bp()


class Missing(enum.StrEnum):
    """Why a BP cannot be computed."""

    STACK = "stack"  # the board does not give how many cards are stacked
    PRINTED = "printed"  # nor the BP printed for that stack
    NO_TARGET = "no_target"  # a level change points to a BP the board does not give
    FLOOR = "floor"  # the BP dips below 0 and rises again: 11.7.2 does not say from where


@dataclass(frozen=True, slots=True)
class BattlePoint:
    """Every value on the way from the printed BP to the BP that battles."""

    stack: Stack | None  # None only when 11.17.2 is left out and charges overflow, or not given
    base: int | None  # printed value used: the stack's, or EXTRA's
    extra: bool  # base is the EXTRA value
    shift: int  # net level change (ups minus downs)
    shifted: Stack | None  # the stack whose BP the level change points to
    after_level: int | None
    changes: tuple[int, ...]
    tally: Tally | None
    value: int | None  # None: not determined (see missing)
    missing: Missing | None
    kept: bool = False  # a level change with no BP to change to: the BP stays (11.6.3)


def battle_point(ch: Fighter, ignore: frozenset[str] = frozenset()) -> BattlePoint:
    ch = ch.restored(ignore)
    if ch.cards is None:
        return BattlePoint(None, None, False, 0, None, None, (), None, None, Missing.STACK)
    cards = ch.cards + (ch.charges if "11.17.2" in ignore else 0)
    stack = Stack.of(cards)
    extra = ch.extra and "8.1.2" not in ignore
    base = ch.bp.EXTRA if extra else (ch.bp.at(stack) if stack else None)
    ups, downs = ch.level_changes.count(LevelChange.UP), ch.level_changes.count(LevelChange.DOWN)
    shift = 0 if "11.6.1" in ignore else ups - downs
    shifted = stack.shifted(shift) if stack else None
    if base is None:
        return BattlePoint(stack, None, extra, shift, shifted, None, (), None, None, Missing.PRINTED)
    kept = (
        bool(shift) and not extra and (shifted is None or (shifted is Stack.SINGLE and ch.single_bp is False))
    )
    if extra and shift and "11.6.4" in ignore:  # without 11.6.4, the change moves to the stack's BP
        after_level: int | None = (ch.bp.at(shifted) if shifted else None) or base
    elif extra or shift == 0 or kept:
        after_level = base  # 11.6.4: EXTRA has no level to move to; 11.6.3: nor this one
    else:
        after_level = ch.bp.at(shifted) if shifted else None
    changes = () if "11.7.1" in ignore else ch.bp_changes
    if "11.7.3" in ignore and shift and not extra:
        changes = ()  # BP+/- first, then the level change replaces the BP
    if after_level is None:
        return BattlePoint(stack, base, extra, shift, shifted, None, changes, None, None, Missing.NO_TARGET)
    counted = tally(after_level, changes)
    value: int | None
    if "11.7.2" in ignore:
        value, missing = counted.true_total, None
    elif counted.floor_order_matters:
        value, missing = None, Missing.FLOOR
    else:
        value, missing = counted.floored_at_end, None
    return BattlePoint(
        stack, base, extra, shift, shifted, after_level, changes, counted, value, missing, kept
    )


def explain(trace: Trace, who: str, ch: Fighter, bp: BattlePoint) -> None:
    """Write the steps of one character's BP, in the order the rules apply."""
    if bp.missing is Missing.STACK:
        trace.unknown(f"{who}疊加的角色牌張數未知，無法確定其 BP。", "8.1.1")
        return
    stack = bp.stack.value if bp.stack else "?"
    if bp.missing is Missing.PRINTED:
        if ch.charges:  # they decide which state's BP is missing
            trace.step(f"{who}下方的 {ch.charges} 張充能牌不計入狀態。", "11.17.2", charges=ch.charges)
        trace.unknown(f"{who}為 {stack} 狀態，但未知其最上方卡牌的 {stack} BP。", "8.1.1", state=stack)
        return
    trace.step(
        f"{who}疊加 {ch.cards} 張角色牌，為 {stack} 狀態"
        + (f"，BP 為最上方卡牌的 {stack} 數值 {bp.base}。" if not bp.extra else "。"),
        "8.1.1",
        cards=ch.cards,
        state=stack,
        bp=None if bp.extra else bp.base,
    )
    if ch.charges:
        trace.step(f"{who}下方的 {ch.charges} 張充能牌不計入狀態。", "11.17.2", charges=ch.charges)
    if bp.extra:
        trace.step(f"{who}滿足 EXTRA 的條件，BP 為 EXTRA 數值 {bp.base}。", "8.1.2", bp=bp.base)
    _explain_levels(trace, who, ch, bp)
    if bp.tally is None:
        return
    if bp.changes:
        listed = "、".join(f"BP{c:+d}" for c in bp.changes)
        cites = ("11.7.3", "11.7.1") if ch.level_changes else ("11.7.1",)
        lead = "先適用升級/降級，再適用" if ch.level_changes else "適用"
        trace.step(
            f"{who}{lead} {listed}：{bp.after_level} → {bp.tally.true_total}。",
            *cites,
            changes=bp.changes,
            total=bp.tally.true_total,
        )
    if bp.missing is Missing.FLOOR:
        trace.silent(
            f"{who}的 BP 在增減途中低於 0。規則書規定 BP 不會成為負數而是 0，但未規定之後的增減"
            f"從 0 起算（得 {bp.tally.floored_each_step}）還是從實際數值起算"
            f"（得 {bp.tally.floored_at_end}）。",
            "11.7.2",
            each_step=bp.tally.floored_each_step,
            at_end=bp.tally.floored_at_end,
        )
    elif bp.tally.true_total < 0:
        trace.step(f"{who}的 BP 不會成為負數，而是 0。", "11.7.2", bp=0)


def _explain_levels(trace: Trace, who: str, ch: Fighter, bp: BattlePoint) -> None:
    if not ch.level_changes:
        return
    if LevelChange.UP in ch.level_changes and LevelChange.DOWN in ch.level_changes:
        trace.step(
            f"{who}同時受「上升一級」與「降低一級」效果影響，仍視為「正在升級/降級中」。",
            "11.6.5",
            level_changes=ch.level_changes,
        )
    if bp.extra:
        trace.step(
            f"{who}的 EXTRA 的 BP 沒有升級/降級的變動目標，BP 維持 {bp.base}，"
            "但卡牌仍處於受該效果影響的狀態。",
            "11.6.4",
            bp=bp.base,
        )
    elif bp.shift == 0:
        return
    elif bp.kept:
        target = f"{bp.shifted.value} 的 BP（卡牌不持有）" if bp.shifted else "超出 SINGLE 至 QUAD 的狀態"
        trace.step(
            f"{who}受升級/降級效果影響，但沒有變化後的 BP（{target}）：效果仍然生效，BP 維持 {bp.base}。",
            "11.6.3",
            shift=bp.shift,
            bp=bp.base,
        )
    elif bp.after_level is None:
        assert bp.shifted is not None  # a level past SINGLE–QUAD keeps its BP (kept, above)
        trace.silent(
            f"{who}受升級/降級效果影響，BP 應變為 {bp.shifted.value} 的 BP，但盤面未提供最上方卡牌該數值；"
            "若卡牌沒有該數值，規則書只說明效果仍然生效。",
            "11.6.3",
            "11.6.1",
            shift=bp.shift,
        )
    else:
        stack = bp.stack.value if bp.stack else "?"
        trace.step(
            f"{who}的 BP 變為 {bp.shifted} 狀態的 BP {bp.after_level}（狀態仍為 {stack}）。",
            "11.6.1",
            "11.6.2",
            shift=bp.shift,
            bp=bp.after_level,
        )
