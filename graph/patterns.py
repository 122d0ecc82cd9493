"""Every regular expression and word list the reference graph uses, in one place.

Like eyecite's ``regexes.py``: the finder, resolver and term linker import
their vocabulary from here and hold no patterns of their own, so adding a
book's way of writing "see 13-2-5" is a change to this module only.

The vocabulary is the books' own, in both Chinese scripts and English:

>>> [m.group() for m in REFERENCE_WORD.finditer("（参 见 4.4.2a）請參閱「10.效果」根據規則 12.4.2.2 see 7-1")]
['参 见', '請參閱', '根據規則', 'see']
>>> bool(NUMBER.fullmatch("1.0.2a")), bool(NUMBER.fullmatch("8-5-2-3-1")), bool(NUMBER.fullmatch("318"))
(True, True, True)
>>> [m.group() for m in NUMBER.finditer("(HBU01-A07) HBU-TDG-01 BP02-058 x-1 参见 2.0.7")]
['2.0.7']
"""

from __future__ import annotations

import re

#: Chinese ideographs (the unified blocks the books use).
IDEOGRAPH = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"


def _spaced(word: str) -> str:
    """``参见`` → a pattern that also accepts the PDF's stray space (``参 见``)."""
    return r"[ \t]?".join(re.escape(char) for char in word)


# --- words that introduce a reference -------------------------------------------------

#: Chinese words that introduce a reference, in both scripts.  ``请参阅`` and
#: ``具体请参照`` are matched from their polite prefix so the raw citation text
#: reads as printed.  ``根據規則`` only counts when a number follows it
#: (``根據規則處理`` is "handle by the rules", not a reference).
CHINESE_REFERENCE_WORDS = (
    "请参阅",
    "請參閱",
    "请参照",
    "請參照",
    "请参见",
    "請參見",
    "参阅",
    "參閱",
    "参见",
    "參見",
    "参照",
    "參照",
    "详见",
    "詳見",
    "根据规则",
    "根據規則",
)
#: English words that introduce a reference (dbscg: ``Check “7. …” for details``,
#: ``Refer to “10-1. KO”``).
ENGLISH_REFERENCE_WORDS = ("see", "refer to", "check")

REFERENCE_WORD = re.compile(
    "(?:"
    + "|".join(_spaced(word) for word in CHINESE_REFERENCE_WORDS)
    + "|(?i:(?<![A-Za-z])(?:"
    + "|".join(word.replace(" ", r"\s+") for word in ENGLISH_REFERENCE_WORDS)
    + r")(?![A-Za-z]))"
    + ")"
)

#: Words after which an unquoted title may follow without a number, with the
#: frame that closes it: ``（详见角色名）`` names zd's section 305 by its title.
TITLE_WORDS = ("详见", "詳見")
#: Words after which a term can be named loosely, closed by "的规则"/"的处理方法":
#: zd 「以卍解登场的牌的规则参照刀剑解放的规则」.
LOOSE_TITLE_WORDS = ("参照", "參照")

#: What may stand between the word and its target: blanks, a colon, "this
#: manual's" (bs 「請參閱本手冊的「特殊卡牌規則」」), "rule"/"section".
LEAD = re.compile(
    r"[ \t:：]*(?:本(?:手冊|手册|規則書|规则书|規則|规则)的[ \t]*)?"
    r"(?i:(?:rules?|sections?)[ \t]+)?"
)

#: English may put a few words between the verb and a quoted title (dbscg
#: ``Check the details for battle in the later “Card Attacking and Battle”
#: section``); only a quote ends the gap, so "check the numbers" cites nothing.
ENGLISH_GAP = re.compile(r"(?:[A-Za-z]+[ \t]+){1,8}?(?=[“\"])")

# --- clause numbers --------------------------------------------------------------------

#: A clause number as printed: dotted (``5.9.4.1``, uhb ``1.0.2a``), dashed
#: (``8-5-2-3-1``) or plain (zd ``901``, a chapter ``12``).  Never part of a
#: longer token: card numbers (``HBU01-A07``, ``BP02-058``, ``HBU-TDG-01``)
#: and algebra (``x-1``) are not clause numbers.
_BEFORE = r"(?<![A-Za-z0-9.\-])"
_AFTER = r"(?![0-9A-Za-z]|-[0-9A-Za-z]|\.\d)"
DOTTED = r"\d+(?:\.\d+)+(?:[a-z](?![A-Za-z]))?"
DASHED = r"\d+(?:-\d+)+"
PLAIN = r"\d+"
NUMBER = re.compile(f"{_BEFORE}(?:{DOTTED}|{DASHED}|{PLAIN}){_AFTER}")

#: A plain number is only a reference target when something marks it as one:
#: a printed dot (``7.效果``), a range mark, or closing punctuation.  This keeps
#: "check 3 cards" from citing chapter 3.
PLAIN_TARGET_END = re.compile(r"(?=\.|[ \t]*(?:—|–|－|～|~|至|到)|[ \t]*[）)」”』，。、；]|[ \t]*$)")

#: Numbers recognised without any reference word, in a book whose own ids have
#: that shape: ``不适用规则 1.1.6`` (uhb), ``依照 6-2-1-6-1 一樣的順序`` (gcg),
#: ``return to 6-3-1-2.`` (dbscg).  Dotted ones need three parts so that a
#: version such as ``1.20`` is never a clause.
BARE_NUMBERS = {
    "dotted": re.compile(rf"{_BEFORE}\d+(?:\.\d+){{2,}}(?:[a-z](?![A-Za-z]))?{_AFTER}"),
    "dashed": re.compile(f"{_BEFORE}{DASHED}{_AFTER}"),
}

#: Between two targets of one citation (「参见 4.0.2 和 4.0.3」, 「参照“4.…”及“5.…”」).
SEPARATOR = re.compile(r"\.?[ \t]*(?:和|及|与|與|、|,|，|&|(?i:and|or)(?![A-Za-z]))[ \t]*")
#: Between the ends of a range (「参照 318—321」, ``7-1-1. to 7-1-3``).
RANGE = re.compile(r"\.?[ \t]*(?:—|–|－|～|~|至|到|(?i:to)(?![A-Za-z]))[ \t]*")

# --- titles ----------------------------------------------------------------------------

#: Opening quote → its closing quote.
QUOTES = {"「": "」", "『": "』", "“": "”", '"': '"', "‘": "’"}
#: Term brackets.  A bracketed term is written the same way wherever it occurs.
BRACKETS = {"【": "】", "《": "》", "[": "]", "［": "］", "〔": "〕", "「": "」"}

_BRACKETED_TITLE = r"【[^】\n]{1,24}】|《[^》\n]{1,24}》"
BRACKETED_TITLE = re.compile(_BRACKETED_TITLE)
#: A quoted target: optional number, then the title up to the closing quote.
QUOTED = re.compile(
    "(?P<open>[" + "".join(QUOTES) + r"])[ \t]*"
    rf"(?:(?P<number>{_BEFORE}(?:{DOTTED}|{DASHED}|{PLAIN}){_AFTER})\.?[ \t]*)?"
    r"(?P<title>[^」』”\"’\n]{0,40}?)[ \t]*(?P<close>[」』”\"’])"
)
#: An unquoted title printed right after ``N.``: 「參閱 13-2-5.【爆發】」,
#: 「参照 901.死循环」, 「參閱 8. 攻擊和戰鬥」.  It starts with an ideograph or a
#: bracketed term and runs to the next blank or closing punctuation.
TITLE_AFTER_NUMBER = re.compile(
    rf"\.[ \t]*(?P<title>(?:{_BRACKETED_TITLE}|[{IDEOGRAPH}])(?:{_BRACKETED_TITLE}|[{IDEOGRAPH}A-Za-z0-9·・/])*)"
)
#: The title after 详见, closed by a parenthesis: 「（详见角色名）」.
TITLE_IN_PARENTHESES = re.compile(r"(?P<title>[^\s）)，。、；]{1,12})(?=[）)])")
#: A term named loosely after 参照: 「参照刀剑解放的规则」, 「参照【破坏时】的处理方法」.
LOOSE_TITLE = re.compile(
    rf"(?P<title>{_BRACKETED_TITLE}|[{IDEOGRAPH}]{{2,10}}?)(?=的(?:规则|規則|处理|處理))"
)
#: "The entry above": zd 「专用成立请参照上条」.
RELATIVE = re.compile(r"(?P<relative>上一?条|上一?條|前一?条|前一?條)")

#: Characters ignored when two titles are compared.
TITLE_NOISE = re.compile(r"[\s「」『』“”\"'‘’【】《》\[\]［］〔〕()（）.。:：·・]")

# --- terms -----------------------------------------------------------------------------

#: A bracketed token in a heading or a text: ``《先制攻擊》``, ``【爆發】``, ``[Blocker]``.
BRACKETED_TERM = re.compile(
    "|".join(
        f"{re.escape(o)}(?P<t{i}>[^{re.escape(c)}\\n{re.escape(o)}]{{1,30}}){re.escape(c)}"
        for i, (o, c) in enumerate(BRACKETS.items())
    )
)
#: Placeholders in a printed definition (``充能(X)【○○】``, ``(A)``, ``忍法奥义 X``,
#: ``“Choose X”``, ``\\*\\*\\*``): such a form is a pattern, not a literal term.
PLACEHOLDER = re.compile(r"○|△|□|\*|＊|(?<![A-Za-z])[XxAB](?![A-Za-z])|（數值）|（数值）|（條件）|（条件）")
#: Connectors allowed between the bracketed terms of a defining heading
#: (``【战斗破坏时】/【攻击破坏时】``, ``[Evolve] ([EX-Evolve] [Xeno-Evolve])``).
HEADING_CONNECTORS = re.compile(r"[\s/／、・,，()（）]")
#: What else a heading may say around the terms it defines: ucg
#: 「關於《當本角色登場時》等觸發型效果」, 「關於[發動]型效果」, 「關於「登場」效果」.
#: A bare 「關於《煌臨》」 is a FAQ group ("about 煌臨"), not a definition.
DEFINING_FRAME = re.compile(rf"^(?:(?:關於|关于)(?:等[{IDEOGRAPH}]{{0,3}}型效果|型?效果|的效果))?$")
#: A chapter of keyword or term definitions (gcg 「關鍵字效果和關鍵字」 and
#: 「遊戲的基礎用語」, uhb 「术语释义」, zd 「游戏用语说明」, dbscg "Keywords and
#: Keyword Skills" and "Basic Terms"): its innermost headings each define a term.
KEYWORD_CHAPTER = re.compile(r"(?i:keyword|\bterms\b)|關鍵字|关键字|關鍵詞|关键词|術語|术语|用語|用语")
#: A heading short enough to be a term when unbracketed (dbscg "KO", uhb 「翻开」);
#: a single character (zd 「615.找」) would match inside every other word.
SHORT_TERM = re.compile(rf"^(?:[{IDEOGRAPH}]{{2,8}}|[A-Za-z][A-Za-z' -]{{0,30}})$")
#: An alias printed after a term: bs 「超計數（OC）」.
ALIAS = re.compile(r"^(?P<term>[^（(]+?)[ \t]*[（(](?P<alias>[^）)]+)[）)]$")
#: Latin letters: terms in Latin script match as whole words only.
LATIN = re.compile(r"[A-Za-z]")
