"""uhb's static deck check (1.0.2, 1.0.2a, 2.0.7); the replayed rules are in
tests/test_judge_uhb_situations.py and tests/test_judge_uhb_properties.py."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from corpus.library import load_book
from judge.games.uhb.decklist import DeckRuling
from judge.registry import rule

EXAMPLES = Path(__file__).resolve().parents[1] / "judge" / "examples" / "uhb"


def text_of(clause: str) -> str:
    return re.sub(r"\s+", "", load_book("uhb").get(clause).text)


def number_in(clause: str, pattern: str) -> int:
    return int(re.search(pattern, text_of(clause)).group(1))


# --- deck (1.0.2, 1.0.2a, 2.0.7) --------------------------------------------------


def uhb_deck(cards, sideboard=(), format="SINGLE_GAME"):
    return rule(
        {"game": "uhb", "question": "deck", "format": format, "deck": cards, "sideboard": list(sideboard)}
    )


def full_deck():
    size = number_in("1.0.2", r"牌张数量为(\d+)张")
    return [{"number": f"H-{i}", "name": f"卡{i}", "count": 2} for i in range(size // 2)]


def test_a_forty_card_deck_with_two_of_each_is_legal():
    ruling = uhb_deck(full_deck())
    assert ruling.outcome.reason is DeckRuling.LEGAL


def test_four_of_one_number_is_too_many_but_one_name_under_two_numbers_is_two_cards():
    cards = full_deck()
    cards[0] = {**cards[0], "count": 4}
    cards[1] = {**cards[1], "name": cards[2]["name"]}  # same name, another number: 2 + 2 is fine
    ruling = uhb_deck(cards)
    assert ruling.outcome["over_limit"] == [{"number": "H-0", "count": 4}]
    assert ruling.outcome["problems"] == [DeckRuling.WRONG_SIZE, DeckRuling.TOO_MANY_COPIES]
    assert any("2.0.2" in s.cites for s in ruling.steps)


def test_a_match_needs_ten_sideboard_cards_within_the_limit_together():
    sideboard = [{"number": "H-0", "name": "卡0", "count": 2}] + [
        {"number": f"S-{i}", "name": f"备{i}", "count": 2} for i in range(4)
    ]
    ruling = uhb_deck(full_deck(), sideboard, "MATCH")
    assert ruling.outcome.reason is DeckRuling.TOO_MANY_WITH_SIDEBOARD
    assert ruling.outcome["over_limit_with_sideboard"] == [{"number": "H-0", "count": 4}]
    assert uhb_deck(full_deck(), sideboard[1:], "MATCH").outcome.reason is DeckRuling.WRONG_SIDEBOARD_SIZE


def test_a_sideboard_swap_that_changes_the_decks_size_is_refused_by_1_0_2b():
    """Three sideboard cards in for two deck cards out: 41 + 9 is still 50 cards, and 1.0.2b says why
    it is wrong (a one-for-one swap), where 1.0.2a's sideboard count alone would not."""
    ruling = rule(yaml.safe_load((EXAMPLES / "deck_uneven_swap.yaml").read_text(encoding="utf-8")))
    assert ruling.outcome["problems"] == [DeckRuling.WRONG_SIZE, DeckRuling.UNEVEN_SWAP]
    assert set(ruling.decisive) == {"1.0.2", "1.0.2b"}
    assert "不能通过替换备牌改变套牌中的牌的数量" in text_of("1.0.2b")
