"""gcg ``attack``: one attack from declaration to the end of the battle (chapter 8).

The board describes the attacking unit, the target ("PLAYER" or a rested
opposing unit) and the defending side (its units, base and shields).  The
engine checks the declaration (8-2-1, 3-2-4, 3-2-6-3), finds who may block
(8-3-1–8-3-4, 13-1-6-1), then plays the battle once for each way the
defending player may choose — no block or a block by each eligible unit,
and, where a shield with 【爆發】 is destroyed, activating it or not.  The
ruling's outcome is the one where nobody takes an option; ``choices`` gives
the outcome of every combination.

The damage step itself lives in :mod:`judge.games.gcg.damage`; the
effects it triggers are put in order by the framework
(:func:`judge.order.resolve`: the turn player's effects first, 10-1-6-6;
an effect triggered while another resolves goes next, 10-1-6-7); defeat is
the rule processing shared with ``rule_processing``
(:func:`judge.games.gcg.defeat.conclude`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator

from pydantic import Field

from judge.board import BoardModel, Path
from judge.bounds import GCG_MOST_UNITS as BATTLE_AREA_LIMIT
from judge.bounds import Flag, GcgCards
from judge.games.gcg.cards import Base, Unit, is_link
from judge.games.gcg.damage import PLAYER, Battle, BattleStep, declare, play
from judge.players import Player
from judge.ruling import Outcome, Trace


class LeftField(BoardModel):
    """A card that moved out of the battle area (destroyed, returned …) during a step."""

    card: str = Field(min_length=1, description="the attacker's or a defending unit's name")
    step: BattleStep


class Defender(BoardModel):
    units: list[Unit] = Field([], description="the non-turn player's battle area")
    base: Base | None = Field(None, description="the base in the base section (EX Base: AP 0, HP 3)")
    shields: GcgCards = Field(description="shields in the shield section")
    top_shield_burst: Flag = Field(False, description="the top shield has a 【爆發】 effect")

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        if len(self.units) > BATTLE_AREA_LIMIT:
            yield ("units",), f"a battle area holds at most {BATTLE_AREA_LIMIT} units", ("4-5-4",)
        if self.top_shield_burst and not self.shields:
            yield ("top_shield_burst",), "there is no shield in the shield section", ("4-6-4",)


class AttackBoard(BoardModel):
    turn_player: Player = Field(description="the attacking player")
    attacker: Unit
    target: str = Field(PLAYER, min_length=1, description='"PLAYER" or the name of an opposing unit')
    defender: Defender
    left_field: LeftField | None = None

    @property
    def defender_player(self) -> Player:
        return self.turn_player.other

    def unit(self, name: str) -> Unit | None:
        every = [self.attacker, *self.defender.units]
        return next((unit for unit in every if unit.name == name), None)

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        names = [self.attacker.name] + [unit.name for unit in self.defender.units]
        for name in dict.fromkeys(n for n in names if names.count(n) > 1 or n == PLAYER):
            yield (
                ("defender", "units"),
                f"「{name}」 names more than one card; give each unit its own name",
                (),
            )
        opposing = [unit.name for unit in self.defender.units]
        if self.target != PLAYER and self.target not in opposing:
            yield (
                ("target",),
                f"expected {PLAYER} or one of the opposing units: {', '.join(opposing) or '(none)'}",
                (),
            )
        if self.left_field is not None and self.left_field.card not in names:
            yield ("left_field", "card"), f"expected one of {', '.join(names)}", ()


class Illegal(enum.StrEnum):
    ATTACKER_RESTED = "attacker_rested"
    DEPLOYED_THIS_TURN = "deployed_this_turn"
    TARGET_NOT_RESTED = "target_not_rested"


def judge(board: AttackBoard, trace: Trace) -> Outcome:
    problems = _declaration(board, trace)
    if problems:
        return Outcome(problems[0], {"legal": False, "problems": problems})
    ended = declare(board, trace)
    if ended is not None:
        return _outcome(ended)
    blockers = _blockers(board, trace)
    default = play(board, trace, blocker=None, burst=False)
    trace.mark_decisive_if_it_matters(
        lambda ignore: play(board, trace.branch(), None, False, ignore).key, "13-1-5-2", "13-1-2-5"
    )
    options = [
        (b, burst)
        for b in [None, *blockers]
        for burst in ((False, True) if play(board, trace.branch(), b, False).burst_possible else (False,))
    ]
    if len(options) > 1:
        for blocker, burst in options:
            branch = trace.branch()
            battle = play(board, branch, blocker=blocker, burst=burst)
            option = {"blocker": blocker, "burst": burst if battle.burst_possible else None}
            trace.add_choice(board.defender_player, option, _outcome(battle), branch)
    return _outcome(default)


def _outcome(battle: Battle) -> Outcome:
    return Outcome(battle.reason, battle.facts())


def _declaration(board: AttackBoard, trace: Trace) -> list[Illegal]:
    attacker = board.attacker
    problems = []
    if attacker.rested:
        trace.step(
            f"「{attacker.name}」處於休息狀態；攻擊需選擇我方戰鬥區中 1 張活躍狀態的機體。",
            "8-2-1",
            decisive=True,
        )
        problems.append(Illegal.ATTACKER_RESTED)
    # a link unit always has a pilot
    if attacker.deployed_this_turn and attacker.pilot is not None and is_link(attacker):
        trace.step(
            f"「{attacker.name}」在本回合配置，但駕駛員「{attacker.pilot.name}」滿足其共鳴條件，為「共鳴機體」，"
            "在配置的回合就可以立即攻擊。",
            "3-2-6-2",
            "3-2-6-3",
            decisive=True,
        )
    elif attacker.deployed_this_turn:
        trace.step(
            f"「{attacker.name}」在本回合配置，且不是共鳴機體，在配置的回合中無法攻擊。",
            "3-2-4",
            "3-2-6-3",
            decisive=True,
        )
        problems.append(Illegal.DEPLOYED_THIS_TURN)
    target = board.unit(board.target)
    if target is not None and not target.rested:
        trace.step(
            f"「{target.name}」處於活躍狀態；攻擊對象只能是對方玩家或對方休息狀態的機體。",
            "8-2-1",
            "7-5-4-1",
            decisive=True,
        )
        problems.append(Illegal.TARGET_NOT_RESTED)
    return problems


def _blockers(board: AttackBoard, trace: Trace) -> list[str]:
    """The units the defending player may block with, and the steps that say why."""
    left = board.left_field
    gone_early = left.card if left is not None and left.step is BattleStep.ATTACK else None  # its name
    eligible = []
    for unit in board.defender.units:
        if not unit.blocker:
            continue
        if unit.name == board.target:
            trace.step(f"「{unit.name}」原本就是攻擊對象，無法發動其《阻擋者》效果。", "8-3-3")
        elif unit.rested:
            trace.step(
                f"「{unit.name}」處於休息狀態；只有活躍狀態的機體能發動《阻擋者》。", "8-3-1", "13-1-4-1"
            )
        elif unit.name == gone_early:
            trace.step(f"「{unit.name}」在攻擊步驟中已離開戰鬥區，無法發動《阻擋者》。", "8-3-1")
        else:
            eligible.append(unit.name)
    if eligible and board.attacker.high_maneuver:
        trace.step(
            f"「{board.attacker.name}」擁有《高機動》：此機體進行攻擊的期間，對方的機體無法發動《阻擋者》效果"
            f"（{'、'.join(eligible)}）。",
            "13-1-6-1",
            decisive=True,
            blockers=eligible,
        )
        return []
    if eligible:
        trace.choice(
            f"非回合玩家 {board.defender_player} 可以發動 "
            + "、".join(f"「{n}」" for n in eligible)
            + " 的《阻擋者》（每次攻擊只能發動 1 次），也可以選擇不發動。",
            "8-3-1",
            "8-3-2",
            "8-3-4",
            blockers=eligible,
        )
    return eligible
