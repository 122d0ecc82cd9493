"""Every number a board file may hold, and where its bounds come from.

A board states what is printed on cards and counted on the table.  A number
no game can have — a power of −2 147 483 648, a life of 10**100 — is a slip
or an attack, and an engine fed one still rules with confidence; pydantic's
lax mode, meanwhile, reads ``true`` (YAML's ``yes``) and the text ``"3"`` as
numbers.  So every number in a board model is one of the types below:
*strict* — only a whole number is a number and only true or false is a flag —
and *bounded*:

* by the rulebook where it says how many there can be: each such bound
  carries its :class:`Rule`, the clause and the words that set it, which the
  tests check against the book like the engines' citations;
* else by a :class:`Sane` figure, far beyond anything printed or counted in
  a real game, yet small enough that the arithmetic on it still means
  something.

A value out of bounds is refused as a schema problem, in the words of
:func:`judge.board.describe`, citing the clause that sets the bound
(``hand: expected at most 50 [4.1.1]``); the bounds are also the JSON
schema's ``minimum`` and ``maximum``, so the web form knows them.  Lists are
bounded where the book bounds them (a ucg character is at most four cards);
otherwise :data:`judge.board.MAX_VALUES` bounds a whole board.

>>> from pydantic import TypeAdapter, ValidationError
>>> TypeAdapter(UcgCards).validate_python(50)
50
>>> for bad in (51, -1, True, "3"):
...     try:
...         TypeAdapter(UcgCards).validate_python(bad)
...     except ValidationError as error:
...         print(error.errors()[0]["type"], error.errors()[0].get("ctx"))
less_than_equal {'le': 50, 'cites': ('4.1.1',)}
greater_than_equal {'ge': 0}
int_type None
int_type None
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler, Strict
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema, PydanticCustomError, core_schema


@dataclass(frozen=True, slots=True)
class Rule:
    """A bound the rulebook sets: the clause, and the words in it that set the bound."""

    game: str
    clause: str
    words: str


@dataclass(frozen=True, slots=True)
class Sane:
    """A bound the rulebook does not set, and why the figure is beyond any real board."""

    why: str


@dataclass(frozen=True, slots=True)
class Bounds:
    """``low`` to ``high`` inclusive, as pydantic metadata: checked after the type, shown
    in the JSON schema, and a value above ``high`` cites the clause of a :class:`Rule`."""

    low: int
    high: int
    source: Rule | Sane

    def __get_pydantic_core_schema__(self, source_type: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        return core_schema.no_info_after_validator_function(self.check, handler(source_type))

    def __get_pydantic_json_schema__(
        self, schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        found = handler(schema)
        found["minimum"] = max(found.get("minimum", self.low), self.low)  # a field may raise the floor
        found["maximum"] = min(found.get("maximum", self.high), self.high)
        return found

    def check(self, value: int) -> int:
        if value < self.low:
            raise PydanticCustomError("greater_than_equal", "expected at least {ge}", {"ge": self.low})
        if value > self.high:
            cites = (self.source.clause,) if isinstance(self.source, Rule) else ()
            raise PydanticCustomError(
                "less_than_equal", "expected at most {le}", {"le": self.high, "cites": cites}
            )
        return value


#: true or false, nothing else (not 1, not "yes": YAML's own yes is read as true before this)
Flag = Annotated[bool, Strict()]

# -- figures the rulebooks do not set ------------------------------------------------------------

STAT_DIGITS = Sane(
    "BP, power, attack, defence and damage in them are printed in four or five digits; "
    "six digits is beyond any card"
)
SMALL_DIGITS = Sane(
    "AP, HP, Lv., costs, symbols and keyword values are printed in one digit; two digits is beyond any card"
)
MANY = Sane(
    "no deck in these games is capped by its book beyond 60 cards (bs sets only a minimum); "
    "three digits is beyond any count of cards or cores on a table"
)
TURNS = Sane("a game lasts a few dozen turns; three digits is beyond any")

#: a printed BP, power, attack or defence, or damage counted in the same units
Stat = Annotated[int, Strict(), Bounds(0, 999_999, STAT_DIGITS)]
#: a change to a :data:`Stat` (BP+2000, （攻）-1000), or a value that changes have taken below 0
StatChange = Annotated[int, Strict(), Bounds(-999_999, 999_999, STAT_DIGITS)]
#: a printed AP, HP, Lv., cost or symbol count, or damage counted in the same units
Small = Annotated[int, Strict(), Bounds(0, 99, SMALL_DIGITS)]
#: a change to a :data:`Small` (AP+1, HP-2)
SmallChange = Annotated[int, Strict(), Bounds(-99, 99, SMALL_DIGITS)]
#: a printed Lv or level, a keyword's value (《修復：1》), a number of reduction symbols: at least 1
SmallPositive = Annotated[int, Strict(), Bounds(1, 99, SMALL_DIGITS)]
#: cards or cores where the book sets no maximum
Many = Annotated[int, Strict(), Bounds(0, 999, MANY)]
#: copies of a card on one line of a deck list (a deck question rules on the total, so any line count is asked)
Copies = Annotated[int, Strict(), Bounds(1, 999, MANY)]
#: a turn number, 1 = the first player's first turn
Turn = Annotated[int, Strict(), Bounds(1, 999, TURNS)]

# -- ucg: 超人力霸王卡牌遊戲 綜合規則 Ver 1.6 -----------------------------------------------------

#: every card a player has comes from a deck of exactly 50, and each battle area was opened with one of them
UCG_DECK = Rule("ucg", "4.1.1", "正好由50張卡牌組成的牌組")
UCG_DECK_SIZE = 50
UcgCards = Annotated[int, Strict(), Bounds(0, UCG_DECK_SIZE, UCG_DECK)]
#: a character is one to four stacked cards, so at most four are ever stacked onto one
UCG_STACK = Rule("ucg", "8.1.1", "當疊加三張牌成為四張牌時，「QUAD」的數值為BP")
UCG_MOST_STACKED = 4

# -- uhb: 奥特曼英雄对决 游戏规则 V1.9 -----------------------------------------------------------

#: every card a player has comes from a deck of 40
UHB_DECK = Rule("uhb", "1.0.2", "牌张数量为40张的套牌")
UHB_DECK_SIZE = 40
UhbCards = Annotated[int, Strict(), Bounds(0, UHB_DECK_SIZE, UHB_DECK)]

# -- gcg: 鋼彈卡牌對戰 綜合規則 Ver.1.1.0 ------------------------------------------------------

#: every card a player has comes from a deck of exactly 50 (and an energy deck of 10)
GCG_DECK = Rule("gcg", "6-1-1", "卡組是正好 50 張、能源卡組是正好 10 張")
GCG_DECK_SIZE, GCG_ENERGY_DECK_SIZE = 50, 10
GcgCards = Annotated[int, Strict(), Bounds(0, GCG_DECK_SIZE, GCG_DECK)]
GCG_ENERGY = Rule("gcg", "4-4-2", "能源區中最多可以放置 15 張能源")
GCG_MOST_ENERGY = 15
GcgEnergy = Annotated[int, Strict(), Bounds(0, GCG_MOST_ENERGY, GCG_ENERGY)]
GCG_EX_ENERGY = Rule("gcg", "4-4-2-1", "EX 能源最多可以放置 5 張")
GCG_MOST_EX_ENERGY = 5
GcgExEnergy = Annotated[int, Strict(), Bounds(0, GCG_MOST_EX_ENERGY, GCG_EX_ENERGY)]
#: a battle area holds at most six units (a seventh deployed makes its player trash one, 11-4)
GCG_UNITS = Rule("gcg", "4-5-4", "戰鬥區中最多可以放置 6 張機體")
GCG_MOST_UNITS = 6

# -- zd: 零次元集换式卡牌 游戏完整规则书 1.20 ---------------------------------------------

#: every card a player has comes from a deck of 50
ZD_DECK = Rule("zd", "100.p2", "每位玩家在游戏时需要准备一套数量为 50 张的牌组")
ZD_DECK_SIZE = 50
ZdCards = Annotated[int, Strict(), Bounds(0, ZD_DECK_SIZE, ZD_DECK)]

#: Every bound a rulebook sets (the tests check each against its book).
RULES = (UCG_DECK, UCG_STACK, UHB_DECK, GCG_DECK, GCG_ENERGY, GCG_EX_ENERGY, GCG_UNITS, ZD_DECK)
