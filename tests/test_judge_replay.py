"""The replay framework on a toy game: turn flow, refusals, choices, unknown facts, triggers, why not.

The toy game has three procedures (draw, main, end), one action of its own
(``play``: a card from hand to the field, once a turn), and one way to win
(three cards on the field); an empty deck at the draw loses.  Its "clauses"
are registered like a real game's, so every step still cites through the
registry.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import Field

from judge.action import Action
from judge.board import BoardError
from judge.citations import Citations
from judge.effects import Effect
from judge.outcome import GameOutcome, Reason, Result
from judge.players import Player
from judge.replay import Ending, Point, Procedure, Replay, Rules, accepts, replay
from judge.ruling import StepKind
from judge.state import Card, Duration, GameState, Modifier, PlayerState, Sides, Zone
from judge.timeline import Timeline, actions_of

CITE = Citations(
    "toy",
    {
        "1": "draw a card at the start of your turn",
        "2": "a player who cannot draw loses",
        "3": "play one card a turn",
        "4": "three cards on the field win",
        "5": "until end of turn effects end",
        "6": "the turn passes to the other player",
    },
)


class ToyCard(Card):
    power: int | None = None


class ToyPlayer(PlayerState):
    deck: Zone[ToyCard] = Field(default_factory=Zone[ToyCard])
    hand: Zone[ToyCard] = Field(default_factory=Zone[ToyCard])
    field: Zone[ToyCard] = Field(default_factory=Zone[ToyCard])


class ToyState(GameState):
    players: Sides[ToyPlayer] = Field(default_factory=lambda: Sides[ToyPlayer].model_validate({}))
    played: bool = False


class Play(Action):
    verb = "play"
    player: Player
    card: str

    def names(self) -> list[str]:
        return [self.card]


class ToyTimeline(Timeline):
    state: ToyState
    actions: list[actions_of(Play)] = Field([])  # type: ignore[valid-type]


class Why(Reason):
    DECKED = "decked", "2"
    THREE_CARDS = "three_cards", "4"
    PLAYS_ON = "plays_on", "6"


class ToyOutcome(GameOutcome[Why, ToyState]):
    pass


def draw(replay: Replay[ToyState]) -> None:
    player = replay.state.turn_player
    assert player is not None
    deck = replay.state.players[player].deck
    count = replay.fact(f"{player}.deck", deck.total, (0, 1), f"{player} deck has cards", "1")
    if count == 0:
        replay.end_game(Result.WON, Why.DECKED, player.other, f"{player} cannot draw and loses", "2")
    replay.not_applied(f"{player} can draw, so does not lose", "2")
    replay.step(f"{player} draws", "1")
    if deck.unnamed:
        deck.unnamed -= 1


def end(replay: Replay[ToyState]) -> None:
    replay.expire(Duration.END_OF_TURN, lambda card, what: f"{card.name} {what} ends", "5")


class ToyRules(Rules[ToyState, ToyOutcome]):
    game = "toy"
    citations = CITE
    timeline = ToyTimeline
    outcome = ToyOutcome
    events = frozenset({"played"})
    stats = frozenset({"power"})
    turn = (
        Procedure(Point("draw"), "1", start=draw),
        Procedure(Point("main"), "3", accepts=accepts("play")),
        Procedure(Point("end"), "5", start=end),
    )

    def act(self, replay: Replay[ToyState], action: Action) -> None:
        assert isinstance(action, Play)
        if replay.state.played:
            replay.refuse("only one card a turn", "3")
        side = replay.state.players[action.player]
        card = side.hand.find(action.card)
        assert card is not None
        side.hand.cards.remove(card)
        side.field.cards.append(card)
        replay.state.played = True
        replay.step(f"{action.player} plays {card.name}", "3")
        replay.event("played", card=card.name, player=action.player)

    def apply_effect(self, replay: Replay[ToyState], effect: Effect) -> None:
        if effect.modify is not None:
            card = replay.card(effect.modify.card)
            until = effect.until or Duration.PERMANENT
            card.modifiers.append(Modifier(stat=effect.modify.stat, by=effect.modify.by, until=until))
            replay.step(f"{card.name} {effect.modify.stat}{effect.modify.by:+d}", "5")
        elif effect.draw is not None:
            replay.state.players[effect.draw.player].hand.unnamed = None
            replay.step(f"{effect.draw.player} draws {effect.draw.count}", "1")

    def process(self, replay: Replay[ToyState]) -> None:
        for player in Player:
            if len(replay.state.players[player].field.cards) >= 3:
                replay.end_game(Result.WON, Why.THREE_CARDS, player, f"{player} has three cards", "4")
        replay.not_applied("nobody has three cards on the field", "4")

    def next_turn(self, replay: Replay[ToyState]) -> None:
        state = replay.state
        assert state.turn is not None and state.turn_player is not None
        state.turn, state.turn_player, state.played = state.turn + 1, state.turn_player.other, False
        replay.step(f"turn {state.turn}: {state.turn_player}", "6")

    def when(self, verb: str) -> tuple[str, tuple[str, ...]]:
        return "cards are played in the main phase", ("3",)

    def conclude(self, replay: Replay[ToyState], ending: Ending | None) -> ToyOutcome:
        if ending is None:
            return ToyOutcome(result=Result.CONTINUES, reason=Why.PLAYS_ON, state=replay.state)
        return ToyOutcome(
            result=ending.result, reason=ending.reason, winner=ending.winner, state=replay.state
        )


RULES = ToyRules()


def rule(actions: list[Any], until: str = "last_action", **state: Any) -> Any:
    board = {
        "turn": 2,
        "turn_player": "A",
        "phase": "draw",
        "players": {"A": {"deck": 5, "hand": ["X", "Y"], "field": ["W"]}, "B": {"deck": 5, "field": []}},
        **state,
    }
    timeline = ToyTimeline.model_validate({"state": board, "actions": actions, "until": until})
    return replay(RULES, timeline, "1.0")


def test_a_whole_turn_runs_its_procedures_in_order_and_expires_end_of_turn_effects():
    effect = {"effect": {"modify": {"card": "X", "stat": "power", "by": 2}, "until": "end_of_turn"}}
    ruling = rule([{"play": {"player": "A", "card": "X"}}, effect], until="end_of_turn")
    assert [s.text for s in ruling.steps] == [
        "A draws",
        "A plays X",
        "X power+2",
        "X power+2 ends",
        "turn 3: B",
    ]
    assert ruling.outcome.result is Result.CONTINUES and ruling.outcome.reason is Why.PLAYS_ON
    assert ruling.outcome.state.phase == "draw" and ruling.outcome.state.turn == 3
    assert ruling.outcome.state.players.A.field.names() == ["W", "X"]
    assert [s.text for s in ruling.not_applied] == [
        "A can draw, so does not lose",
        "nobody has three cards on the field",
    ]


def test_an_illegal_action_is_refused_with_the_clause_that_forbids_it():
    play = {"play": {"player": "A", "card": "X"}}
    ruling = rule([play, {"play": {"player": "A", "card": "Y"}}])
    assert ruling.outcome.result is Result.REFUSED and ruling.outcome.reason is None
    assert ruling.outcome.refused.action == 1 and ruling.outcome.refused.cites == ("3",)
    assert ruling.outcome.state.players.A.field.names() == ["W", "X"]  # as it stood before the refused play


def test_an_action_no_procedure_left_in_the_turn_accepts_is_refused_before_anything_runs():
    ruling = rule([{"play": {"player": "A", "card": "X"}}], phase="end")
    assert ruling.outcome.result is Result.REFUSED
    assert "cards are played in the main phase" in ruling.outcome.refused.text


def test_the_game_ends_where_a_win_is_reached_and_later_actions_are_not_replayed():
    ruling = rule(
        [
            {"play": {"player": "A", "card": "X"}},
            "next_turn",
            "next_turn",
            {"play": {"player": "A", "card": "Y"}},
        ],
        players={"A": {"deck": 5, "hand": ["X", "Y"], "field": ["W"]}, "B": {"deck": 5}},
    )
    assert ruling.outcome.winner is Player.A and ruling.outcome.reason is Why.THREE_CARDS
    assert ruling.decisive == ("4",)


def test_a_missing_fact_that_matters_branches_into_full_replays():
    ruling = rule([], players={"A": {"hand": []}, "B": {}})  # A's deck is not given
    assert ruling.outcome.result is Result.DEPENDS
    assert ruling.outcome.depends_on == ["A deck has cards"]
    assert [c.kind for c in ruling.choices] == ["fact", "fact"]
    assert [c.outcome.result for c in ruling.choices] == [Result.WON, Result.CONTINUES]
    assert ruling.choices[0].outcome.winner is Player.B
    assert any(g.kind is StepKind.UNKNOWN for g in ruling.gaps)


def test_a_missing_fact_nobody_needs_is_never_asked_for():
    ruling = rule([{"play": {"player": "A", "card": "X"}}], players={"A": {"deck": 3, "hand": ["X"]}})
    assert ruling.outcome.result is Result.CONTINUES  # B's whole side and A's field are unknown
    assert ruling.choices == () and ruling.gaps == ()


def test_an_open_choice_branches_and_a_fixed_one_is_applied():
    optional = {"draw": {"player": "A"}, "optional": True, "by": "A"}
    opened = rule([{"effect": optional}], phase="main")
    assert [c.kind for c in opened.choices] == ["choice", "choice"]
    assert [c.player for c in opened.choices] == [Player.A, Player.A]
    assert opened.outcome.result is Result.CONTINUES  # the same either way
    assert opened.steps[-1].kind is StepKind.CHOICE
    fixed = rule([{"effect": {**optional, "apply": False}}], phase="main")
    assert fixed.choices == () and fixed.steps[-1].text.endswith("is optional, and is not applied.")


def test_a_triggered_effect_waits_for_its_event():
    waits = {
        "effect": {
            "modify": {"card": "Y", "stat": "power", "by": 1},
            "when": {"event": "played", "card": "X"},
        }
    }
    ruling = rule([waits, {"play": {"player": "A", "card": "X"}}], phase="main")
    texts = [s.text for s in ruling.steps]
    assert texts.index("A plays X") < texts.index("Y power+1")


def test_a_condition_includes_its_threshold_at_least_and_excludes_it_more_than():
    state = {"phase": "main"}
    at_least = {"draw": {"player": "A"}, "if": {"player": "A", "zone": "deck", "at_least": 5}}
    more_than = {"draw": {"player": "A"}, "if": {"player": "A", "zone": "deck", "more_than": 5}}
    assert rule([{"effect": at_least}], **state).steps[-1].text == "A draws 1"
    assert "does not hold" in rule([{"effect": more_than}], **state).steps[-1].text


def test_a_condition_on_an_unknown_count_branches():
    condition = {"draw": {"player": "B"}, "if": {"player": "B", "zone": "hand", "at_least": 4}}
    ruling = rule([{"effect": condition}], phase="main")
    assert [c.kind for c in ruling.choices] == ["fact", "fact"]


def test_names_events_and_stats_are_checked_before_the_replay():
    with pytest.raises(BoardError) as error:
        rule(
            [
                {"play": {"player": "A", "card": "Q"}},
                {"effect": {"modify": {"card": "X", "stat": "speed", "by": 1}, "when": {"event": "dies"}}},
            ],
            phase="main",
        )
    assert [str(p) for p in error.value.problems] == [
        "actions[0].play: no card named 'Q' on the board or brought in before",
        "actions[1].effect.when.event: expected one of played",
        "actions[1].effect: no stat 'speed': expected one of power",
    ]


def test_a_card_written_in_another_spelling_is_read_as_the_boards_card():
    """賽羅 for the board's 赛罗 (the other script), ``zero`` for ＺＥＲＯ (width and case): the same
    cards, so the replay plays them, and its steps name them as the board does."""
    players = {"A": {"deck": 5, "hand": ["賽羅"], "field": ["ＺＥＲＯ"]}, "B": {"deck": 5, "field": []}}
    effect = {"effect": {"modify": {"card": "zero", "stat": "power", "by": 1}}}
    ruling = rule([{"play": {"player": "A", "card": "赛罗"}}, effect], phase="main", players=players)
    field = ruling.outcome.state.player(Player.A).field
    assert field.names() == ["ＺＥＲＯ", "賽羅"]
    assert field.find("ＺＥＲＯ").power is None and field.find("ＺＥＲＯ").modifiers
    assert not any("赛罗" in step.text or "zero" in step.text for step in ruling.steps)


def test_a_name_two_board_cards_share_once_folded_is_refused_with_both_spellings():
    """賽羅 and 赛罗 on one board are two cards: a third spelling, 賽罗, cannot say which."""
    players = {"A": {"deck": 5, "hand": ["賽羅", "赛罗"]}, "B": {"deck": 5, "field": []}}
    with pytest.raises(BoardError) as error:
        rule([{"play": {"player": "A", "card": "賽罗"}}], phase="main", players=players)
    (problem,) = error.value.problems
    assert str(problem) == (
        "actions[0].play: no card named '賽罗' on the board or brought in before"
        " (the board spells it '賽羅' or '赛罗')"
    )


def test_a_players_letter_is_never_read_as_a_card():
    """A card named ｂ (full width) and an action naming player B: only the card's name is respelt."""
    players = {"A": {"deck": 5, "hand": ["Ｂ"]}, "B": {"deck": 5, "field": []}}
    ruling = rule([{"play": {"player": "A", "card": "b"}}], phase="main", players=players)
    assert ruling.outcome.state.player(Player.A).field.names() == ["Ｂ"]
    assert ruling.outcome.state.player(Player.B).field.names() == []


def test_the_same_timeline_replays_the_same_and_serialises():
    actions = [{"play": {"player": "A", "card": "X"}}]
    first, second = rule(actions, until="end_of_turn"), rule(actions, until="end_of_turn")
    assert first.as_dict() == second.as_dict()
    data = json.loads(json.dumps(first.as_dict(), ensure_ascii=False))
    assert data["outcome"]["result"] == "continues" and data["not_applied"][0]["cites"] == ["2"]


def test_every_reason_names_a_registered_clause():
    assert all(reason.clause in CITE for reason in Why)


def test_a_state_phase_the_turn_does_not_have_is_a_board_problem():
    with pytest.raises(BoardError, match=r"state\.phase: expected one of draw, main, end"):
        rule([], phase="battle")


def test_a_triggered_effect_listed_first_sees_what_the_snapshots_own_phase_does():
    waits = {"effect": {"modify": {"card": "W", "stat": "power", "by": 1}, "when": {"event": "played"}}}
    ruling = rule([waits, {"play": {"player": "A", "card": "X"}}], phase="draw")
    texts = texts_of(ruling)
    assert texts[0].endswith("waits for played.") and texts[1] == "A draws"  # registered before the draw
    assert texts.index("A plays X") < texts.index("W power+1")


def texts_of(ruling: Any) -> list[str]:
    return [step.text for step in ruling.steps]


def test_more_possibilities_than_the_limit_are_not_half_explored():
    """Which replays would be kept must not depend on the order options come in: all or none."""
    from judge import replay as loop

    optional = {"draw": {"player": "A"}, "optional": True, "by": "A"}
    actions = [
        {"effect": {**optional, "draw": {"player": "A", "count": n}}} for n in range(1, 6)
    ]  # 2**5 runs
    ruling = rule(actions, phase="main")
    assert loop.MAX_BRANCHES < 2**5
    assert ruling.outcome.result is Result.DEPENDS and ruling.choices == ()
    assert ruling.steps[-1].kind is StepKind.UNKNOWN and "More than 16 possibilities" in ruling.steps[-1].text


class AnytimeRules(ToyRules):
    """The toy game, where a card may also be played by an effect at any point (``anytime``)."""

    def anytime(self, state: ToyState, action: Action) -> bool:
        return isinstance(action, Play) and action.player is Player.B


def test_an_action_the_rules_take_anywhere_does_not_advance_the_turn():
    board = {
        "turn": 2,
        "turn_player": "A",
        "phase": "draw",
        "players": {"A": {"deck": 5, "hand": ["X"]}, "B": {"deck": 5, "hand": ["Y"], "field": []}},
    }
    timeline = ToyTimeline.model_validate(
        {"state": board, "actions": [{"play": {"player": "B", "card": "Y"}}]}
    )
    ruling = replay(AnytimeRules(), timeline, "1.0")
    assert ruling.outcome.state.phase == "draw" and ruling.outcome.state.players.B.field.names() == ["Y"]
