"""gcg replay properties (hypothesis): random legal timelines never crash, a replay is
deterministic, swapping the players mirrors the result, and every clause a ruling cites
exists in the rulebook and still holds the phrase the engine relies on."""

from __future__ import annotations

import json
import os
import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from corpus.library import load_book
from judge.citations import verify
from judge.games.gcg.rules import CITE
from judge.registry import rule
from tests.judging import PLAYERS, comparable
from tests.judging import swapped as swapped_players

FEW = settings(
    max_examples=int(os.environ.get("ARBITER_HYPOTHESIS_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
POINTS = [
    ("start", "active"),
    ("start", "start"),
    ("draw", None),
    ("energy", None),
    ("main", None),
    ("main", None),
    ("main", None),
    ("end", "action"),
    ("end", "end"),
    ("end", "hand"),
    ("end", "cleanup"),
]
KEYWORDS = [
    "blocker",
    "blocker",
    "first_strike",
    "high_maneuver",
    "repair:1",
    "breach:1",
    "breach:2",
    "support:1",
]
STATS = st.integers(0, 5)


@st.composite
def units(draw: Any, name: str, turn: int) -> dict:
    hp = draw(st.integers(1, 5))
    found: dict[str, Any] = {
        "name": name,
        "ap": draw(STATS),
        "hp": hp,
        "damage": draw(st.integers(0, hp - 1)),
        "status": draw(st.sampled_from(["active", "active", "rested", None])),
        "entered_turn": draw(st.integers(1, turn)),
        "keywords": sorted(set(draw(st.lists(st.sampled_from(KEYWORDS), max_size=2)))),
    }
    if found["status"] is None:  # not known: whether it matters is the ruling's to say
        del found["status"]
    if draw(st.integers(0, 3)) == 0:
        found["pilot"] = {"name": f"{name}駕駛", "kind": "pilot", "ap": draw(st.integers(0, 2)), "hp": 1}
    return found


@st.composite
def sides(draw: Any, player: str, turn: int) -> tuple[dict, list[str]]:
    names = [f"{player.lower()}{n}" for n in range(draw(st.integers(0, 3)))]
    base = draw(
        st.sampled_from(
            [
                "none",
                "ex_base",
                {"name": f"{player.lower()}基地", "kind": "base", "ap": 1, "hp": 4, "damage": 1},
            ]
        )
    )
    side = {
        "deck": draw(st.sampled_from([0, 1, 2, 5, 9, 12])),
        "hand": draw(st.integers(0, 11)),
        "energy_deck": draw(st.integers(0, 3)),
        "energy": {
            "active": draw(st.integers(0, 5)),
            "rested": draw(st.integers(0, 3)),
            "ex": draw(st.integers(0, 1)),
        },
        "battle": [draw(units(name, turn)) for name in names],
        "base": base,
        "shields": draw(st.sampled_from([0, 1, 3, None])),
        "trash": 0,
    }
    if side["shields"] is None:  # not known: whether it matters is the ruling's to say
        del side["shields"]
    if draw(st.integers(0, 3)) == 0:
        del side["energy"]
    return side, names


@st.composite
def timelines(draw: Any) -> dict:
    turn = draw(st.integers(1, 8))
    phase, step = draw(st.sampled_from(POINTS))
    a, a_units = draw(sides("A", turn))
    b, b_units = draw(sides("B", turn))
    units_on_field = a_units + b_units
    turn_player = draw(st.sampled_from(["A", "B"]))
    ours, theirs = (a_units, b_units) if turn_player == "A" else (b_units, a_units)
    state: dict[str, Any] = {"turn": turn, "turn_player": turn_player, "phase": phase}
    if step:
        state["step"] = step
    state["players"] = {"A": a, "B": b}
    actions: list[Any] = []
    new = 0
    for _ in range(draw(st.integers(0, 5))):
        if actions and "attack" in actions[-1] and draw(st.booleans()):  # the block step as stated
            blocks = [{"block": {"by": name}} for name in theirs]
            actions.append(draw(st.sampled_from(["no_block", *blocks])))
            continue
        kind = draw(
            st.sampled_from(
                [
                    "attack",
                    "attack",
                    "pass",
                    "deploy",
                    "end_phase",
                    "next_turn",
                    "effect",
                    "effect",
                    "support",
                ]
            )
        )
        player = draw(st.sampled_from(["A", "B"]))
        if kind in ("attack", "support") and not units_on_field:
            continue
        if kind == "attack":  # mostly by one of the turn player's units, at the player or one of theirs
            target = draw(st.sampled_from(["player", "player", *theirs, *units_on_field]))
            actions.append(
                {"attack": {"by": draw(st.sampled_from(ours * 3 + units_on_field)), "target": target}}
            )
        elif kind == "support":
            by, target = draw(st.sampled_from(units_on_field)), draw(st.sampled_from(units_on_field))
            actions.append({"support": {"by": by, "target": target}})
        elif kind == "deploy":
            new += 1
            card = {
                "name": f"新{new}",
                "kind": "unit",
                "level": draw(STATS),
                "cost": draw(STATS),
                "ap": 2,
                "hp": 2,
            }
            actions.append({"deploy": {"card": card, "player": player, "ex": 0}})
        elif kind == "pass":
            actions.append({"pass": {"player": player}})
        elif kind == "effect":
            actions.append({"effect": draw(effects(player, units_on_field))})
        else:
            actions.append(kind)
    until = draw(st.sampled_from(["last_action", "end_of_phase", "end_of_turn"]))
    return {"game": "gcg", "state": state, "actions": actions, "until": until}


@st.composite
def effects(draw: Any, player: str, names: list[str]) -> dict:
    kinds = ["draw", "move"] + (["modify", "damage", "destroy", "remove", "keyword"] if names else [])
    kind = draw(st.sampled_from(kinds))
    if kind == "draw":
        return {"draw": {"player": player, "count": draw(st.integers(1, 2))}}
    if kind == "move":
        return {
            "move": {
                "count": 2,
                "from": {"player": player, "zone": "deck"},
                "to": {"player": player, "zone": "trash"},
            }
        }
    card = draw(st.sampled_from(names))
    if kind == "modify":
        stat = draw(st.sampled_from(["ap", "hp"]))
        until = draw(st.sampled_from(["end_of_turn", "end_of_battle", "permanent"]))
        return {"modify": {"card": card, "stat": stat, "by": draw(st.integers(-3, 3))}, "until": until}
    if kind == "damage":
        return {"damage": {"card": card, "amount": draw(st.integers(0, 3))}}
    if kind == "keyword":
        return {"keyword": {"card": card, "add": [draw(st.sampled_from(KEYWORDS))]}, "until": "end_of_turn"}
    return {kind: {"card": card}}


def player_name(name: str) -> str:
    """A and B, and each player's EX base (``EX 基地 (A)``), named for the other player."""
    if name in PLAYERS:
        return PLAYERS[name]
    return re.sub(r"\((A|B)\)$", lambda m: f"({PLAYERS[m.group(1)]})", name)


def swapped(value: Any) -> Any:
    return swapped_players(value, player_name)


def test_the_registry_holds_in_the_book():
    assert verify(CITE, load_book("gcg")) == []


@FEW
@given(timelines())
def test_random_legal_timelines_are_replayed_citing_only_registered_clauses(board):
    ruling = rule(board)
    json.dumps(ruling.as_dict(), ensure_ascii=False)
    book = load_book("gcg")
    assert all(cite in CITE and cite in book for cite in ruling.cited)
    assert set(ruling.decisive) <= set(ruling.cited)
    assert ruling.outcome.result.value in ("won", "drawn", "continues", "refused", "depends")


@FEW
@given(timelines())
def test_a_replay_is_deterministic(board):
    assert rule(board).as_dict() == rule(board).as_dict()


@FEW
@given(timelines())
def test_swapping_the_players_mirrors_the_ruling(board):
    ruling, mirror = rule(board), rule(swapped(board))
    assert comparable(mirror.outcome.as_dict()) == comparable(swapped(ruling.outcome.as_dict()))
    assert set(mirror.decisive) == set(ruling.decisive)
    expected = sorted(
        json.dumps(comparable(swapped(c.outcome.as_dict())), sort_keys=True) for c in ruling.choices
    )
    found = sorted(json.dumps(comparable(c.outcome.as_dict()), sort_keys=True) for c in mirror.choices)
    assert found == expected
