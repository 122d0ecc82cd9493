"""whoosh is loaded without urllib.request, asyncio and its English variations, and what stands
in for them answers as they do.

Each check runs in a fresh interpreter: in the test process another module may
have loaded either package already, and then no stand-in is made.
"""

from __future__ import annotations

import pytest

from tests.searching import in_fresh_python

_SEARCH_LOADED = """
import json, sys
from corpus.search.service import Searcher
Searcher()  # imports the whoosh backend
import whoosh.index, whoosh.query, whoosh.reading, whoosh.searching
loaded = sorted(n for n in ("urllib.request", "asyncio") if n in sys.modules)
"""


def _run(code: str, home) -> dict:
    found: dict = in_fresh_python(_SEARCH_LOADED + code, home)
    return found


@pytest.fixture(scope="module")
def answers(tmp_path_factory):
    home = tmp_path_factory.mktemp("home")
    source, copy = home / "source.txt", home / "copy.txt"
    source.write_text("勝利條件", encoding="utf-8")
    return _run(
        f"""
import cached_property, whoosh.compat
stand_in = cached_property.asyncio
morph_stood_in = sys.modules["whoosh.lang.morph_en"].__dict__.get("__stand_in__", False)
import whoosh.query.terms
widened = sorted(whoosh.query.terms.variations("render"))
import whoosh.lang, whoosh.lang.morph_en as morph
whoosh.compat.urlretrieve({source.as_uri()!r}, {str(copy)!r})
import asyncio
from unittest.mock import AsyncMock

async def coroutine():
    pass

def plain():
    pass

functions = [coroutine, plain, AsyncMock(), len]
print(json.dumps({{
    "loaded": loaded,
    "stand_in": stand_in is not asyncio,
    "answers": [stand_in.iscoroutinefunction(f) for f in functions],
    "asyncio": [asyncio.iscoroutinefunction(f) for f in functions],
    "other_names": stand_in.ensure_future is asyncio.ensure_future,
    "retrieved": open({str(copy)!r}, encoding="utf-8").read(),
    "morph_stood_in": morph_stood_in,
    "variations": [widened == sorted(morph.variations("render")), len(widened)],
    "morph_replaced": sys.modules["whoosh.lang.morph_en"] is morph is whoosh.lang.morph_en
    and not morph.__dict__.get("__stand_in__"),
}}))
""",
        home,
    )


def test_a_search_loads_neither_urllib_request_nor_asyncio(answers):
    assert answers["loaded"] == []


def test_the_stand_in_for_asyncio_tells_coroutine_functions_as_asyncio_does(answers):
    assert answers["stand_in"], "cached_property holds the stand-in, not asyncio"
    assert answers["answers"] == answers["asyncio"] == [True, False, True, False]
    assert answers["other_names"], "any other name is the real asyncio's"


def test_whoosh_s_urlretrieve_still_retrieves(answers):
    assert answers["retrieved"] == "勝利條件"


def test_a_search_loads_whoosh_s_english_variations_only_when_they_are_used(answers):
    assert answers["morph_stood_in"], "whoosh.query loaded the real whoosh.lang.morph_en"
    same, count = answers["variations"]
    assert same and count > 10, "whoosh's Variations query widens a word as the real module does"
    assert answers["morph_replaced"], "once used, the real module takes the stand-in's place"
