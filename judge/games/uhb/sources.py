"""Which of a timeline's actions make up one card's effect.

A card effect with several parts is stated as consecutive actions with the
same ``source``; it is over once the next action comes from elsewhere.  Two
rules wait for that: nobody loses partway through an effect (1.3.4), and a
card an effect flips on the field carries out its 翻 effect afterwards (5.5.3).
"""

from __future__ import annotations

from typing import Any

from judge.replay import Replay


def continues(replay: Replay[Any], source: str | None) -> bool:
    """Whether the next action of the timeline is still ``source``'s effect."""
    following = replay.timeline.actions[replay.index + 1 : replay.index + 2]
    return source is not None and any(getattr(a, "source", None) == source for a in following)


def current(replay: Replay[Any]) -> str | None:
    """The source card of the action being replayed, if it names one."""
    actions = replay.timeline.actions
    found: str | None = (
        getattr(actions[replay.index], "source", None) if 0 <= replay.index < len(actions) else None
    )
    return found
