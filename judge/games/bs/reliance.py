"""What an earlier rule gave that a later action relies on, so that rule is decisive exactly there.

A turn step's work is only cited as it happens; it decides an outcome when
something later needs it: the core of ②能量階段 or the trash's cores returned
by ④回復階段 spent on a cost that the reserve could not have paid without
them, a spirit that ④ stood up then attacking or blocking, a BP+ that ⑦結束階段
ended, or a Lv that moved cores changed, turning a later BP comparison.  Each
is kept as a counterfactual — what the reserve or the BP would have been
without that clause — and checked where it is used, the way "the clauses
without which the outcome would differ" is meant.
"""

from __future__ import annotations

from judge.games.bs.state import BsState
from judge.players import Player
from judge.replay import Replay

Run = Replay[BsState]

GIVEN = "reserve_given"  # player -> {clause: cores that clause put in the reserve this turn}
STOOD_UP = "stood_up"  # card name -> the clause that refreshed it, until it is exhausted again
BP_WITHOUT = "bp_without"  # clause -> {card name: BP the card would have more without that clause}


def new_turn(replay: Run) -> None:
    """A turn's steps give afresh: what the last turn's steps gave is spent or no longer theirs."""
    replay.notes[GIVEN] = {}
    replay.notes[STOOD_UP] = {}


def gave_cores(replay: Run, player: Player, clause: str, count: int) -> None:
    given: dict[Player, dict[str, int]] = replay.notes.setdefault(GIVEN, {})
    given.setdefault(player, {})[clause] = given.get(player, {}).get(clause, 0) + count


def spent_reserve(replay: Run, player: Player, reserve: int, count: int) -> None:
    """``count`` cores taken from a reserve of ``reserve``: a step whose cores it needed decides."""
    for clause, given in replay.notes.get(GIVEN, {}).get(player, {}).items():
        if count > reserve - given:
            replay.log.mark_decisive(clause)


def stood_up(replay: Run, name: str, clause: str) -> None:
    replay.notes.setdefault(STOOD_UP, {})[name] = clause


def exhausted(replay: Run, name: str) -> None:
    """``name`` is exhausted again: what stood it up no longer matters to what it does next."""
    replay.notes.get(STOOD_UP, {}).pop(name, None)


def ready_by(replay: Run, name: str) -> None:
    """``name`` attacks or blocks as a refreshed card: the rule that stood it up decides."""
    clause = replay.notes.get(STOOD_UP, {}).pop(name, None)
    if clause is not None:
        replay.log.mark_decisive(clause)


def changed_bp(replay: Run, clause: str, name: str, by: int) -> None:
    """``clause`` changed ``name``'s BP by ``by`` (the card would have ``-by`` more without it)."""
    without: dict[str, dict[str, int]] = replay.notes.setdefault(BP_WITHOUT, {})
    without.setdefault(clause, {})[name] = without.get(clause, {}).get(name, 0) - by


def compared(replay: Run, attacker: tuple[str, int], blocker: tuple[str, int]) -> None:
    """A BP comparison: each earlier BP change whose absence would turn its result decides it."""
    (mine_name, mine), (theirs_name, theirs) = attacker, blocker
    for clause, without in replay.notes.get(BP_WITHOUT, {}).items():
        other_mine, other_theirs = mine + without.get(mine_name, 0), theirs + without.get(theirs_name, 0)
        if _sign(other_mine - other_theirs) != _sign(mine - theirs):
            replay.log.mark_decisive(clause)


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)
