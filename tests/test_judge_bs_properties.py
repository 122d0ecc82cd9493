"""bs replay properties (hypothesis): random battles and main steps never crash, a replay is
deterministic, swapping the players mirrors the result, a battle agrees with the manual's arithmetic
computed here on its own (life lost = the attacker's symbols; the lower BP destroyed, both on a tie),
an open block is replayed once per refreshed spirit that could block, a prefix of a timeline refuses
where the whole one does, and every clause a ruling cites exists and is registered."""

from __future__ import annotations

import json
import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from corpus.library import load_book
from judge.games.bs.rules import CITE
from judge.outcome import Result
from judge.registry import rule
from tests.judging import comparable, swapped

FEW = settings(
    max_examples=int(os.environ.get("ARBITER_HYPOTHESIS_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
COLOURS = ["red", "purple", "green", "white", "yellow", "blue"]


@st.composite
def spirits(draw: Any, name: str) -> dict[str, Any]:
    """A spirit on the field: Lv1 (and maybe Lv2), enough cores for Lv1, some symbols, maybe a BP change."""
    lv1 = draw(st.integers(1, 2))
    levels = [{"lv": 1, "cores": lv1, "bp": draw(st.integers(0, 8)) * 1000}]
    if draw(st.booleans()):
        levels.append(
            {"lv": 2, "cores": lv1 + draw(st.integers(1, 2)), "bp": draw(st.integers(1, 12)) * 1000}
        )
    found: dict[str, Any] = {
        "name": name,
        "kind": "spirit",
        "status": draw(st.sampled_from(["active", "active", "rested"])),
        "cores": draw(st.integers(lv1, lv1 + 3)),
        "symbols": draw(st.lists(st.sampled_from(COLOURS), min_size=0, max_size=2)),
        "levels": levels,
    }
    if draw(st.integers(0, 3)) == 0:
        found["modifiers"] = [{"stat": "bp", "by": draw(st.integers(-5, 5)) * 1000, "until": "end_of_turn"}]
    return found


@st.composite
def battles(draw: Any) -> dict[str, Any]:
    attacker = draw(spirits("甲"))
    blockers = [draw(spirits(name)) for name in ("乙", "丙")[: draw(st.integers(0, 2))]]
    defence = draw(st.sampled_from(["block", "no_block", "open"]))
    actions: list[Any] = [{"attack": {"by": "甲"}}]
    if defence == "block" and blockers:
        actions.append({"block": {"by": blockers[0]["name"]}})
    elif defence == "no_block":
        actions.append("no_block")
    return {
        "game": "bs",
        "state": {
            "turn": draw(st.integers(2, 9)),
            "turn_player": "A",
            "phase": "attack",
            "players": {
                "A": {"reserve": draw(st.integers(0, 3)), "field": [attacker]},
                "B": {"life": draw(st.integers(1, 5)), "reserve": draw(st.integers(0, 3)), "field": blockers},
            },
        },
        "actions": actions,
    }


@st.composite
def main_steps(draw: Any) -> dict[str, Any]:
    """B's main step: summon a card paid from the reserve (and a field spirit), move cores, set a burst."""
    field = [draw(spirits("小鳥"))]
    cost = draw(st.integers(0, 5))
    hand = [
        {
            "name": "新龍",
            "kind": "spirit",
            "cost": cost,
            "reduction": {"red": draw(st.integers(1, 2))},
            "levels": [{"lv": 1, "cores": 1, "bp": 3000}],
        },
        {"name": "冰盾", "kind": "magic", "burst": draw(st.booleans()), "burst_when": "life_reduced"},
    ]
    actions = draw(
        st.lists(
            st.sampled_from(
                [
                    {"summon": {"card": "新龍"}},
                    {"summon": {"card": "新龍", "pay": {"reserve": 0, "小鳥": 1}}},
                    {"move_cores": {"count": 1, "from": "小鳥", "to": "reserve"}},
                    {"move_cores": {"count": 1, "from": "reserve", "to": "小鳥"}},
                    {"set_burst": {"card": "冰盾"}},
                ]
            ),
            max_size=4,
        )
    )
    return {
        "game": "bs",
        "state": {
            "turn": 4,
            "turn_player": "B",
            "phase": "main",
            "players": {
                "B": {"reserve": draw(st.integers(0, 6)), "trash_cores": 0, "hand": hand, "field": field}
            },
        },
        "actions": actions,
    }


def well_cited(ruling: Any) -> None:
    book = load_book("bs")
    json.dumps(ruling.as_dict(), ensure_ascii=False)
    assert all(clause in book and clause in CITE for clause in ruling.cited)
    assert set(ruling.decisive) <= set(ruling.cited)
    steps = [*ruling.steps, *(s for c in ruling.choices for s in c.steps)]
    assert all(step.text and not step.text.startswith(("的", "，", "：")) for step in steps)


@FEW
@given(battles())
def test_a_battle_is_ruled_deterministically_and_well_cited(request: dict[str, Any]) -> None:
    first, again = rule(request), rule(request)
    assert first.as_dict() == again.as_dict()
    well_cited(first)


@FEW
@given(battles())
def test_swapping_the_players_mirrors_the_ruling(request: dict[str, Any]) -> None:
    mine, theirs = rule(request).as_dict(), rule(swapped(request)).as_dict()
    assert comparable(swapped(mine["outcome"])) == comparable(theirs["outcome"])
    assert mine["decisive"] == theirs["decisive"]


def _bp(spirit: dict[str, Any]) -> int:
    reached = [level for level in spirit["levels"] if level["cores"] <= spirit["cores"]]
    total = reached[-1]["bp"]
    for change in spirit.get("modifiers", []):
        total += change["by"]
    return max(total, 0)


@FEW
@given(battles())
def test_a_battle_agrees_with_the_manuals_arithmetic(request: dict[str, Any]) -> None:
    attacker = request["state"]["players"]["A"]["field"][0]
    ruling = rule(request)
    if attacker["status"] == "rested":
        assert ruling.outcome.result is Result.REFUSED
        return
    defender = request["state"]["players"]["B"]
    verbs = [a if isinstance(a, str) else next(iter(a)) for a in request["actions"]]
    if "no_block" in verbs:
        lost = min(len(attacker["symbols"]), defender["life"])
        assert ruling.outcome.battles[0].life_reduced == lost
        assert ruling.outcome.result is (Result.WON if lost == defender["life"] else Result.CONTINUES)
    elif "block" in verbs:
        blocker = defender["field"][0]
        if blocker["status"] == "rested":
            assert ruling.outcome.result is Result.REFUSED
            return
        mine, theirs = _bp(attacker), _bp(blocker)
        expected = {"甲"} if mine <= theirs else set()
        expected |= {blocker["name"]} if mine >= theirs else set()
        assert set(ruling.outcome.battles[0].destroyed) == expected


@FEW
@given(battles())
def test_an_open_block_is_replayed_once_per_spirit_that_could_block(request: dict[str, Any]) -> None:
    if len(request["actions"]) != 1 or request["state"]["players"]["A"]["field"][0]["status"] == "rested":
        return
    able = [s["name"] for s in request["state"]["players"]["B"]["field"] if s["status"] == "active"]
    ruling = rule(request)
    options = {str(next(iter(choice.option.values()))) for choice in ruling.choices}
    assert options == ({*able, "no_block"} if able else set())


@FEW
@given(main_steps())
def test_a_prefix_refuses_where_the_whole_timeline_does(request: dict[str, Any]) -> None:
    whole = rule(request)
    well_cited(whole)
    refused = whole.outcome.refused
    for end in range(len(request["actions"]) + 1):
        part = rule({**request, "actions": request["actions"][:end]})
        if refused is not None and end > refused.action:
            assert part.outcome.refused == refused
        elif refused is None or end <= refused.action:
            assert part.outcome.result is not Result.REFUSED
