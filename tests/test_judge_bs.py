"""bs deck lists (a static check), and the engine's citations against the raw page.

The replay itself is tested situation by situation in test_judge_bs_situations.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from corpus.library import load_book
from judge.board import BoardError
from judge.games.bs import rules as R
from judge.games.bs.decklist import DeckRuling
from judge.registry import engine, rule

RULEBOOK = Path(__file__).resolve().parent.parent / "corpus" / "rulebooks" / "bs-eternal-17.0-zh-Hant.txt"


def text_of(clause: str) -> str:
    book = load_book("bs")
    found = book.get(clause)
    return re.sub(r"\s+", "", (found.title or "") + found.text)


def ask(question: str, **board):
    return rule({"game": "bs", "question": question, **board})


# --- deck ------------------------------------------------------------------------------------------


def filler(count: int) -> list[dict]:
    return [
        {"number": f"F-{i}", "name": f"卡{i}", "count": min(3, count - 3 * i)}
        for i in range((count + 2) // 3)
    ]


def test_forty_cards_or_more_with_no_upper_limit():
    minimum = int(re.search(r"以(\d+)張以上的卡牌構築", text_of(R.DECK_SIZE)).group(1))
    assert "沒有張數上限" in text_of(R.DECK_SIZE)
    short = ask("deck", cards=filler(minimum - 1))
    assert short.outcome.reason is DeckRuling.TOO_FEW_CARDS and R.DECK_SIZE in short.decisive
    assert ask("deck", cards=filler(minimum)).outcome["legal"] is True
    long = ask("deck", cards=filler(100))
    assert long.outcome["legal"] is True
    assert R.DECK_SIZE in long.decisive  # a legal deck rests on its size too


def test_the_same_name_with_other_numbers_or_art_is_the_same_card():
    limit = int(re.search(r"同名卡牌最多只能放入(\d+)張", text_of(R.SAME_NAME)).group(1))
    cards = filler(37) + [
        {"number": "A-1", "name": "龍", "count": limit},
        {"number": "B-9", "name": "龍", "count": 1},
    ]
    ruling = ask("deck", cards=cards)
    assert ruling.outcome.reason is DeckRuling.TOO_MANY_COPIES
    assert ruling.outcome["over_limit"] == [
        {"name": "龍", "name_number": None, "other_face": None, "count": 4}
    ]


def test_an_identifying_number_or_an_awakening_face_makes_a_different_card():
    cards = filler(34) + [
        {"number": "A-1", "name": "龍", "count": 3},
        {"number": "A-2", "name": "龍", "name_number": "2", "count": 3},
    ]
    numbered = ask("deck", cards=cards)
    assert numbered.outcome["legal"] is True and R.SAME_NAME in numbered.decisive
    assert "其中一面的名稱不同，即可分別在牌組中放入3張" in text_of(R.AWAKEN_NAME)
    cards = filler(34) + [
        {"number": "A-1", "name": "龍", "count": 3},
        {"number": "A-3", "name": "龍", "other_face": "覺醒龍", "count": 3},
    ]
    awakened = ask("deck", cards=cards)
    assert awakened.outcome["legal"] is True and R.AWAKEN_NAME in awakened.decisive


def test_only_one_kind_of_contract_card():
    assert "契約卡僅能放入1種（最多3張）" in text_of(R.SAME_NAME)
    cards = filler(37) + [
        {"number": "C-1", "name": "契約甲", "contract": True, "count": 2},
        {"number": "C-2", "name": "契約乙", "contract": True, "count": 1},
    ]
    ruling = ask("deck", cards=cards)
    assert ruling.outcome.reason is DeckRuling.TWO_CONTRACT_KINDS
    assert R.CONTRACT_DECK in ruling.decisive and R.CONTRACT_HAND in ruling.cited


def test_tokens_and_forbidden_cards_are_not_deck_cards():
    cards = filler(40) + [
        {"number": "T-1", "name": "衍生物", "token": True, "count": 1},
        {"number": "X-1", "name": "禁止", "forbidden": True, "count": 1},
    ]
    ruling = ask("deck", cards=cards)
    assert ruling.outcome["problems"] == ["token_in_deck", "forbidden_card"]
    assert {R.TOKEN, R.USABLE} <= set(ruling.decisive)


# --- citations against the raw page, independent of the parser --------------------------------------


def test_each_phrase_follows_its_heading_in_the_raw_page():
    """The last part of a heading-path id is the heading as printed; the phrase follows it."""
    raw = re.sub(r"\s+", "", RULEBOOK.read_text(encoding="utf-8"))
    for reliance in engine("bs").citations:
        heading = re.sub(r"\s+", "", reliance.clause.split("~")[0].split("/")[-1])
        phrase = re.sub(r"\s+", "", reliance.phrase)
        starts = [m.start() for m in re.finditer(re.escape(heading), raw)]
        assert any(0 <= raw.find(phrase, s) - s < 400 for s in starts), reliance


# --- impossible boards -------------------------------------------------------------------------------


def test_a_board_where_a_players_life_is_already_0_is_impossible():
    with pytest.raises(BoardError) as error:
        rule({"game": "bs", "state": {"phase": "main", "players": {"B": {"life": 0}}}})
    assert "state.players.B.life" in str(error.value) and "already lost" in str(error.value)


def test_an_effect_moving_cards_to_a_zone_bs_does_not_have_is_a_board_problem():
    move = {
        "cards": ["甲"],
        "from": {"player": "A", "zone": "hand"},
        "to": {"player": "A", "zone": "graveyard"},
    }
    with pytest.raises(BoardError) as error:
        rule(
            {
                "game": "bs",
                "state": {"phase": "main", "players": {"A": {"hand": [{"name": "甲"}]}}},
                "actions": [{"effect": {"move": move}}],
            }
        )
    assert "actions[0].effect.move.to.zone" in str(error.value) and "expected one of deck" in str(error.value)
