"""What the pages call each game: its name in the interface's language.

English pages use the manifest's ``game_title``.  Chinese pages use the name
the game's own rulebook prints (``game_title_zh``, in that book's script),
converted by OpenCC when the page is in the other script: the zh_Hans pages
call ucg 超人力霸王卡牌游戏 although its book prints 超人力霸王卡牌遊戲.  A game
whose books print no Chinese name (dbscg's are English) keeps its English
title, and one with no title at all is called by its key.  A version that
names the game differently from an older one wins, as the newest naming.
"""

from __future__ import annotations

from functools import lru_cache

from flask_babel import get_locale

from corpus.library import all_books
from corpus.model import Script

#: The script each Chinese interface locale is written in.
LOCALE_SCRIPTS = {"zh_Hant": Script.HANT, "zh_Hans": Script.HANS}
#: OpenCC's configuration for (from, to) script, character-level and regionless.
CONVERSIONS = {(Script.HANS, Script.HANT): "s2t.json", (Script.HANT, Script.HANS): "t2s.json"}


def game_name(game: str) -> str:
    """``game``'s name for the current page (a Jinja global)."""
    return game_names(str(get_locale())).get(game, game)


def game_names(locale: str) -> dict[str, str]:
    """Every game's name in ``locale`` (``en``, ``zh_Hant`` or ``zh_Hans``)."""
    names: dict[str, str] = {}
    chinese: dict[str, str] = {}
    script = LOCALE_SCRIPTS.get(locale)
    for info in all_books():  # oldest first: a newer version's naming replaces an older one's
        if info.game_title:
            names[info.game] = info.game_title
        if script is not None and info.game_title_zh:
            chinese[info.game] = in_script(info.game_title_zh, info.script, script)
    return names | chinese


@lru_cache(maxsize=256)
def in_script(text: str, printed: Script, wanted: Script) -> str:
    """``text``, printed in script ``printed``, written in script ``wanted``.

    >>> in_script("奥特曼英雄对决", Script.HANS, Script.HANT), in_script("鋼彈卡牌對戰", Script.HANT, Script.HANS)
    ('奧特曼英雄對決', '钢弹卡牌对战')
    >>> in_script("Battle Spirits", Script.HANT, Script.HANS)
    'Battle Spirits'
    """
    config = CONVERSIONS.get((printed, wanted))
    if config is None:
        return text
    import opencc

    converted: str = opencc.OpenCC(config).convert(text)
    return converted
