"""uhb replay properties (hypothesis): random legal timelines never crash, a replay is
deterministic, swapping the players mirrors the result, a ruling's branches cover what it
depends on, a prefix of a timeline is replayed as the whole one began, and every clause a
ruling cites exists in the rulebook and still holds the phrase the engine relies on."""

from __future__ import annotations

import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from corpus.library import load_book
from judge.citations import verify
from judge.games.uhb.rules import CITE
from judge.outcome import Result
from judge.registry import rule
from tests.judging import assert_cites_registered, assert_mirrored, swapped

FEW = settings(
    max_examples=int(os.environ.get("ARBITER_HYPOTHESIS_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
PHASES = ["start", "form_change", "battle", "battle", "battle", "support", "settle", "end"]
POWER = st.integers(0, 8).map(lambda n: n * 1000)
ZONES = ["deck", "hand", "damage_zone", "rest_area", "energy"]


@st.composite
def characters(draw: Any, name: str) -> dict:
    found: dict[str, Any] = {"name": name, "power": draw(POWER), "support_power": draw(POWER)}
    if draw(st.booleans()):
        found["weakened_power"] = draw(POWER)
        found["weakened"] = draw(st.booleans())
    found["face_up"] = draw(st.booleans())
    if draw(st.integers(0, 3)) == 0:
        found["change_mark"] = "泽塔"
    found["keywords"] = draw(st.sampled_from([[], ["泽塔"], ["奥特战士"]]))
    return found


@st.composite
def sides(draw: Any, player: str) -> tuple[dict, list[str], list[str]]:
    field = [f"{player.lower()}场{n}" for n in range(draw(st.integers(1, 3)))]
    hand = [f"{player.lower()}手{n}" for n in range(draw(st.integers(0, 2)))]
    side = {
        "deck": draw(st.sampled_from([0, 1, 2, 6, 15, None])),
        "hand": {"cards": [draw(characters(n)) for n in hand], "unnamed": draw(st.integers(0, 11))},
        "field": [draw(characters(n)) for n in field],
        "damage_zone": draw(st.integers(0, 4)),
        "rest_area": 0,
        "energy": draw(st.sampled_from([0, 3, 4, 5, None])),
    }
    for zone in ("deck", "energy"):
        if side[zone] is None:  # not known: whether it matters is the ruling's to say
            del side[zone]
    return side, field, hand


@st.composite
def effects(draw: Any, player: str, names: list[str]) -> dict:
    kind = draw(st.sampled_from(["draw", "move", "modify", "keyword", "draw"]))
    found: dict[str, Any]
    if kind == "draw":
        found = {"draw": {"player": player, "count": draw(st.integers(1, 2))}}
    elif kind == "move":
        source, target = draw(st.sampled_from(ZONES)), draw(st.sampled_from([*ZONES, "field"]))
        found = {
            "move": {
                "count": draw(st.integers(1, 2)),
                "from": {"player": player, "zone": source},
                "to": {"player": player, "zone": target},
            }
        }
    elif kind == "modify":
        change = {
            "card": draw(st.sampled_from(names)),
            "stat": "power",
            "by": draw(st.integers(-3, 3)) * 1000,
        }
        found = {"modify": change, "until": "end_of_turn"}
    else:
        found = {"keyword": {"card": draw(st.sampled_from(names)), "add": ["泽塔"]}, "until": "end_of_turn"}
    if draw(st.integers(0, 2)) == 0:
        test = draw(st.sampled_from(["at_least", "at_most", "more_than", "less_than"]))
        found["if"] = {"player": player, "zone": draw(st.sampled_from(["hand", "energy"])), test: 4}
    if draw(st.integers(0, 2)) == 0:
        event = draw(st.sampled_from(["flipped", "attack", "defend", "won", "lost", "turn_end"]))
        found["when"] = {"event": event, "card": draw(st.sampled_from(names))}
    return found


@st.composite
def timelines(draw: Any) -> dict:
    turn = draw(st.integers(1, 6))
    turn_player = draw(st.sampled_from(["A", "B"]))
    a, a_field, a_hand = draw(sides("A"))
    b, b_field, b_hand = draw(sides("B"))
    ours, theirs = (a_field, b_field) if turn_player == "A" else (b_field, a_field)
    everyone = a_field + b_field
    state: dict[str, Any] = {
        "turn": turn,
        "turn_player": turn_player,
        "phase": draw(st.sampled_from(PHASES)),
        "players": {"A": a, "B": b},
    }
    actions: list[Any] = []
    for _ in range(draw(st.integers(0, 6))):
        player = draw(st.sampled_from(["A", "B"]))
        hand = a_hand if player == "A" else b_hand
        kind = draw(
            st.sampled_from(
                ["battle", "battle", "support", "extra_support", "promote", "weaken", "form_change"]
                + ["flip", "effect", "effect", "end_phase", "next_turn", "discard"]
            )
        )
        if kind == "battle":
            actions.append(
                {
                    "battle": {
                        "attacker": draw(st.sampled_from(ours)),
                        "defender": draw(st.sampled_from(theirs)),
                    }
                }
            )
        elif kind in ("support", "extra_support") and hand:
            actions.append({kind: {"player": player, "card": draw(st.sampled_from(hand))}})
        elif kind == "support":
            actions.append({"support": {"player": player}})
        elif kind == "promote" and hand:
            actions.append({"promote": {"player": player, "card": draw(st.sampled_from(hand))}})
        elif kind == "weaken":
            actions.append({"weaken": {"player": player, "apply": draw(st.booleans())}})
        elif kind == "form_change" and hand:
            field = a_field if player == "A" else b_field
            actions.append(
                {"form_change": {"card": draw(st.sampled_from(field)), "into": draw(st.sampled_from(hand))}}
            )
        elif kind == "flip":
            actions.append({"flip": {"card": draw(st.sampled_from(everyone))}})
        elif kind == "effect":
            actions.append({"effect": draw(effects(player, everyone))})
        elif kind == "discard":
            actions.append({"discard": {"player": player, "unnamed": draw(st.integers(0, 2))}})
        elif kind in ("end_phase", "next_turn"):
            actions.append(kind)
    until = draw(st.sampled_from(["last_action", "end_of_phase", "end_of_turn"]))
    return {"game": "uhb", "state": state, "actions": actions, "until": until}


def test_the_registry_holds_in_the_book():
    assert verify(CITE, load_book("uhb")) == []


@FEW
@given(timelines())
def test_random_legal_timelines_are_replayed_citing_only_registered_clauses(board):
    assert_cites_registered(rule(board), CITE)


@FEW
@given(timelines())
def test_a_replay_is_deterministic(board):
    assert rule(board).as_dict() == rule(board).as_dict()


@FEW
@given(timelines())
def test_swapping_the_players_mirrors_the_ruling(board):
    assert_mirrored(rule(board), rule(swapped(board, _renamed)), _renamed)


def _renamed(name: str) -> str:
    """A and B, and each player's cards (a场0 is A's), named for the other player."""
    swap = {"A": "B", "B": "A", "a": "b", "b": "a"}
    if name in ("A", "B"):
        return swap[name]
    if len(name) > 1 and name[0] in "ab" and name[1] in "场手":
        return swap[name[0]] + name[1:]
    return name


@FEW
@given(timelines())
def test_a_ruling_that_depends_says_on_what_and_branches_cover_it(board):
    ruling = rule(board)
    if ruling.outcome.result is Result.DEPENDS:
        assert ruling.outcome.depends_on
        assert ruling.choices or ruling.gaps
    for choice in ruling.choices:
        assert (choice.option and choice.outcome.result is not Result.DEPENDS) or choice.outcome.depends_on


@FEW
@given(timelines(), st.integers(0, 6))
def test_a_prefix_is_replayed_as_the_whole_timeline_began(board, cut):
    """Replaying the first actions writes the same first steps as the whole timeline (no action
    changes what came before it), unless the whole one stopped before them for a choice.  The
    triggered effects listed first are in force from the start of the phase, before its own
    steps (the replay's contract), so a prefix keeps them all."""
    actions = board["actions"]
    waits = [isinstance(a, dict) and "when" in a.get("effect", {}) for a in actions]
    leading = waits.index(False) if False in waits else len(actions)
    prefix = {**board, "actions": actions[: max(cut, leading)], "until": "last_action"}
    whole, part = rule({**board, "until": "last_action"}), rule(prefix)
    if whole.choices or part.choices or whole.gaps or part.gaps:
        return
    shorter = [s.text for s in part.steps if s.kind.value == "rule"]
    longer = [s.text for s in whole.steps if s.kind.value == "rule"]
    if part.outcome.result in (Result.REFUSED,):
        return
    assert longer[: len(shorter)] == shorter
