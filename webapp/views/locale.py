"""Interface language: English, Traditional or Simplified Chinese.

Chosen, in order, from ``?lang=`` (which also sets a cookie, so the choice
sticks), the ``lang`` cookie, and the browser's Accept-Language — where a
Chinese tag is sorted by script (``zh-Hant``, ``zh-TW``, ``zh-HK`` →
Traditional; ``zh-Hans``, ``zh-CN``, plain ``zh`` → Simplified).  Labels are
translated with Flask-Babel from ``webapp/translations``; the rulebooks'
own text is always shown as printed.

>>> locale_of("zh-TW"), locale_of("zh-hans-SG"), locale_of("zh"), locale_of("en-GB"), locale_of("fr")
('zh_Hant', 'zh_Hans', 'zh_Hans', 'en', None)
"""

from __future__ import annotations

from flask import request

#: Locale code → the name of the language in that language (the switch's labels).
LOCALES = {"en": "English", "zh_Hant": "繁體中文", "zh_Hans": "简体中文"}
HTML_LANG = {"en": "en", "zh_Hant": "zh-Hant", "zh_Hans": "zh-Hans"}
DEFAULT = "en"
COOKIE = "lang"
COOKIE_AGE = 365 * 24 * 3600
_TRADITIONAL_REGIONS = {"tw", "hk", "mo"}


def locale_of(tag: str) -> str | None:
    """The interface locale for one language tag, or None if there is none for it."""
    parts = tag.replace("_", "-").lower().split("-")
    if parts[0] == "en":
        return "en"
    if parts[0] != "zh":
        return None
    if "hant" in parts or _TRADITIONAL_REGIONS & set(parts[1:]):
        return "zh_Hant"
    return "zh_Hans"


def chosen() -> str | None:
    """The locale the request asks for explicitly (``?lang=``), if valid."""
    wanted = request.args.get("lang")
    return wanted if wanted in LOCALES else None


def select_locale() -> str:
    explicit = chosen() or request.cookies.get(COOKIE)
    if explicit in LOCALES:
        return explicit
    for tag, _quality in request.accept_languages:
        found = locale_of(tag)
        if found:
            return found
    return DEFAULT


def remember(response):
    """Keep an explicit ``?lang=`` choice in a cookie."""
    wanted = chosen()
    if wanted and request.cookies.get(COOKIE) != wanted:
        response.set_cookie(COOKIE, wanted, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
    return response
