"""ucg replay properties (hypothesis): random legal timelines never crash, a replay is
deterministic, swapping the players mirrors the result, and every clause a ruling cites
exists in the rulebook and still holds the phrase the engine relies on."""

from __future__ import annotations

import json
import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from corpus.library import load_book
from judge.citations import verify
from judge.games.ucg.rules import CITE
from judge.registry import rule
from tests.judging import comparable, swapped

FEW = settings(
    max_examples=int(os.environ.get("ARBITER_HYPOTHESIS_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
STACKS = ["SINGLE", "DOUBLE", "TRIPLE", "QUAD"]
POINTS = [
    ("start", None),
    ("draw", None),
    ("scene", None),
    ("character", "first"),
    ("character", "second"),
    ("level_up", "first"),
    ("open", "first"),
    ("effect", "first"),
    ("effect", "second"),
    ("judgment", None),
    ("end", None),
]
bp = st.integers(0, 20).map(lambda n: n * 500)


@st.composite
def characters(draw: Any, name: str) -> dict:
    cards = draw(st.integers(1, 4))
    printed = {stack: draw(bp) for stack in STACKS if draw(st.booleans())}
    printed[STACKS[cards - 1]] = draw(bp)
    found: dict[str, Any] = {"name": name, "cards": cards, "bp": printed, "level": cards, "character": "迪卡"}
    if draw(st.booleans()):
        found["bp"]["EXTRA"] = draw(bp)
        found["extra"] = draw(st.booleans())
    found["charges"] = draw(st.integers(0, 2))
    found["status"] = draw(st.sampled_from(["active", "rested"]))
    found["face_down"] = draw(st.booleans())
    modifiers = st.fixed_dictionaries(
        {"stat": st.sampled_from(["bp", "level"]), "by": st.integers(-1, 1)}
    ).map(lambda m: {**m, "by": m["by"] * 1000 if m["stat"] == "bp" else m["by"] or 1})
    found["modifiers"] = draw(st.lists(modifiers, max_size=2))
    if draw(st.integers(0, 5)) == 0:
        found["grants"] = [
            {"keyword": draw(st.sampled_from(["win_battle", "draw_battle"])), "until": "end_of_turn"}
        ]
    return found


def hand_card(name: str) -> dict:
    return {
        "name": name,
        "kind": "character",
        "character": "迪卡",
        "level": 2,
        "bp": {"SINGLE": 3000, "DOUBLE": 5000},
    }


@st.composite
def timelines(draw: Any) -> dict:
    areas = []
    for number in range(draw(st.integers(0, 5))):
        sides = {}
        for side in ("A", "B"):
            if draw(st.integers(0, 5)):
                sides[side] = draw(characters(f"{side.lower()}{number}"))
        areas.append(sides)
    phase, step = draw(st.sampled_from(POINTS))
    players = {
        side: {
            "deck": draw(st.integers(0, 30)),
            "hand": [hand_card(f"{side.lower()}h{n}") for n in range(draw(st.integers(0, 3)))],
            "discard": 0,
        }
        for side in ("A", "B")
    }
    state = {
        "turn": draw(st.integers(1, 6)),
        "turn_player": draw(st.sampled_from(["A", "B"])),
        "phase": phase,
        "step": step,
        "scene_set": False,
        "players": players,
        "areas": areas,
    }
    on_field = [c["name"] for area in areas for c in area.values()]
    actions: list[Any] = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["modify", "keyword", "draw", "end_phase", "charge"]))
        if kind == "end_phase":
            actions.append("end_phase")
        elif kind == "draw":
            actions.append({"effect": {"draw": {"player": draw(st.sampled_from(["A", "B"]))}}})
        elif on_field:
            card = draw(st.sampled_from(on_field))
            if kind == "modify":
                by = draw(st.integers(-4, 4)) * 1000
                until = draw(st.sampled_from(["end_of_turn", "permanent"]))
                actions.append({"effect": {"modify": {"card": card, "stat": "bp", "by": by}, "until": until}})
            elif kind == "keyword":
                word = draw(st.sampled_from(["win_battle", "draw_battle"]))
                actions.append({"effect": {"keyword": {"card": card, "add": [word]}, "until": "end_of_turn"}})
            else:
                owner = "A" if card.startswith("a") else "B"
                move = {"count": 2, "from": {"player": owner, "zone": "deck"}, "to": {"card": card}}
                actions.append({"effect": {"move": move}})
    until = draw(st.sampled_from(["last_action", "end_of_phase", "end_of_turn"]))
    return {"game": "ucg", "state": state, "actions": actions, "until": until}


def test_the_registry_holds_in_the_book():
    assert verify(CITE, load_book("ucg")) == []


@FEW
@given(timelines())
def test_random_legal_timelines_are_replayed_citing_only_registered_clauses(board):
    ruling = rule(board)
    json.dumps(ruling.as_dict(), ensure_ascii=False)
    assert all(cite in CITE for cite in ruling.cited)
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
