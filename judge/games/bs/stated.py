"""Decisions a bs timeline states right after what asks for them.

Whether to activate a burst, keep a brave on the field or put a contract
card in soul state is decided at once, at the moment the book gives; a
timeline states it just after the action or effect that caused it (effects
may come in between).  Left out, the decision is the player's open choice.
"""

from __future__ import annotations

from typing import Any

from judge.action import Action
from judge.effects import Effect
from judge.games.bs.actions import DECISIONS
from judge.games.bs.state import BsState
from judge.replay import Replay


def stated(replay: Replay[BsState], kind: type[Action], **match: Any) -> Any:
    """The ``kind`` decision matching ``match`` stated after the current action, or None."""
    for later in replay.timeline.actions[replay.index + 1 :]:
        if isinstance(later, kind) and all(getattr(later, k) == v for k, v in match.items()):
            return later
        if not isinstance(later, (Effect, *DECISIONS)):
            return None
    return None
