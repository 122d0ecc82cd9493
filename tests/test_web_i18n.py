"""Interface languages: every label translated, compiled catalogues current, the right one chosen."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from webapp import create_app

WEBAPP = Path(__file__).resolve().parents[1] / "webapp"
TRANSLATIONS = WEBAPP / "translations"
LOCALES = ("zh_Hant", "zh_Hans")
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "_l": None, "lazy_gettext": None}


def catalogue(locale: str, kind: str):
    path = TRANSLATIONS / locale / "LC_MESSAGES" / f"messages.{kind}"
    with path.open("rb") as handle:
        return read_po(handle) if kind == "po" else read_mo(handle)


def labels_in_the_code() -> set:
    with (TRANSLATIONS / "babel.cfg").open() as handle:
        method_map, options = parse_mapping_cfg(handle)
    method_map = [(pattern.removeprefix("webapp/"), method) for pattern, method in method_map]
    return {message[2] for message in extract_from_dir(str(WEBAPP), method_map, options, KEYWORDS)}


@pytest.mark.parametrize("locale", LOCALES)
def test_every_label_is_translated(locale):
    po = catalogue(locale, "po")
    translated = {m.id for m in po if m.id and all(m.string if isinstance(m.string, tuple) else [m.string])}
    missing = {
        label if isinstance(label, str) else label[0]
        for label in labels_in_the_code()
        if label not in translated
    }
    assert not missing, f"untranslated in {locale}: {sorted(missing)}"


@pytest.mark.parametrize("locale", LOCALES)
def test_compiled_catalogue_matches_its_source(locale):
    def entries(catalog) -> dict:
        return {
            tuple(m.id) if isinstance(m.id, (list, tuple)) else m.id: tuple(m.string)
            if isinstance(m.string, (list, tuple))
            else m.string
            for m in catalog
            if m.id
        }

    assert entries(catalogue(locale, "po")) == entries(catalogue(locale, "mo")), (
        "run: pybabel compile -d webapp/translations"
    )


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


@pytest.mark.parametrize(
    "accept, lang, search",
    [
        ("zh-TW,zh;q=0.9", "zh-Hant", "搜尋"),
        ("zh-HK", "zh-Hant", "搜尋"),
        ("zh-CN,en;q=0.5", "zh-Hans", "搜索"),
        ("zh", "zh-Hans", "搜索"),
        ("fr-FR,en-GB;q=0.8", "en", "Search"),
        ("fr", "en", "Search"),
    ],
)
def test_language_follows_the_browser(client, accept, lang, search):
    page = client.get("/", headers={"Accept-Language": accept}).get_data(as_text=True)
    assert f'<html lang="{lang}">' in page
    assert f">{search}</a>" in page


def test_language_switch_is_on_every_page_and_sticks(client):
    for address in ("/", "/search?q=勝利", "/ucg/1.6/1.3.2", "/rule/ucg/deck", "/lint"):
        page = client.get(address).get_data(as_text=True)
        for locale in ("en", *LOCALES):
            assert f"lang={locale}" in page, (address, locale)
    switched = client.get("/search?q=勝利&lang=zh_Hans", headers={"Accept-Language": "en"})
    assert "lang=zh_Hans" in switched.headers["Set-Cookie"]
    assert 'lang="zh-Hans"' in switched.get_data(as_text=True)
    later = client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert '<html lang="zh-Hans">' in later  # the cookie the switch set
    client.get("/?lang=en")
    ignored = client.get("/?lang=klingon").get_data(as_text=True)
    assert '<html lang="en">' in ignored
