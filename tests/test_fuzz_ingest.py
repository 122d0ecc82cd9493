"""Mangled rulebook files through ``arbiter ingest``: added, or refused with the store untouched.

What reaches ingest is a file of bytes from somewhere: a copy saved in the
wrong encoding, two files pasted together in different ones, a download cut
short, a stray binary.  Each must either be ingested (and then removable,
leaving the store as it was) or be refused with :class:`ArbiterError` — on
the command line exit status 2 and one line on stderr, no traceback — and a
refused ingest must leave every file of the store byte for byte as it was.
"""

from __future__ import annotations

import os
import random
from datetime import timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from corpus import intake, store
from corpus.errors import ArbiterError
from corpus.manifest import bundled_manifest
from tests import stores
from webapp.cli import main

ENCODINGS = (
    "utf-8",
    "utf-8-sig",
    "utf-16",
    "utf-16-be",
    "utf-32",
    "big5",
    "gb18030",
    "shift_jis",
    "latin-1",
    "cp1252",
)
BOOKS = [
    (info, (bundled_manifest().root / info.source).read_text(encoding="utf-8"))
    for info in bundled_manifest().books
]


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    """A store holding one ingested version, so 'unchanged' has something to keep."""
    previous = os.environ["ARBITER_HOME"]
    root = tmp_path_factory.mktemp("ingest-fuzz")
    os.environ["ARBITER_HOME"] = str(root / "home")
    source = root / "ucg.txt"
    _info, text = next((i, t) for i, t in BOOKS if i.game == "ucg")
    source.write_text(text.replace("兩名玩家", "兩名或更多玩家", 1), encoding="utf-8")
    store.ingest(source, "ucg", "1.7")
    yield root
    os.environ["ARBITER_HOME"] = previous


def store_files() -> dict:
    return stores.contents(store.store_root().parent)


def ingest_or_refuse(path: Path, **options) -> bool:
    """Ingest ``path`` as ``fuzz 1``; True if it was taken (then removed again)."""
    before = store_files()
    try:
        store.ingest(path, "fuzz", "1", **options)
    except ArbiterError as error:
        assert error.message.strip() and "\n" not in error.message
        assert store_files() == before, "a refused ingest changed the store"
        return False
    store.remove("fuzz", "1")
    assert store_files() == before, "ingest then remove must leave the store as it was"
    return True


@st.composite
def mangled_bytes(draw) -> tuple[bytes, str | None]:
    """A bundled book as bytes a user might really have, and the parser to ask for."""
    info, text = draw(st.sampled_from(BOOKS))
    rng = random.Random(draw(st.integers(0, 2**32)))
    damage = draw(st.sampled_from(["encoding", "mixed", "cut", "noise", "nul", "binary"]))
    if damage == "encoding":
        data = text.encode(draw(st.sampled_from(ENCODINGS)), errors="replace")
    elif damage == "mixed":  # chunks of the book, each saved in another encoding
        cuts = sorted(rng.sample(range(len(text)), 6))
        chunks = [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True)]
        data = b"".join(chunk.encode(draw(st.sampled_from(ENCODINGS)), errors="replace") for chunk in chunks)
    elif damage == "cut":  # a download cut short, maybe inside a character
        encoded = text.encode("utf-8")
        data = encoded[: rng.randrange(len(encoded) + 1)]
    elif damage == "noise":
        encoded = bytearray(text.encode("utf-8"))
        for _ in range(draw(st.integers(1, 20))):
            at = rng.randrange(len(encoded) + 1)
            encoded[at:at] = draw(st.binary(min_size=1, max_size=8))
        data = bytes(encoded)
    elif damage == "nul":
        data = text.encode("utf-8").replace(b"\n", b"\x00\n")
    else:
        data = draw(st.binary(max_size=4096))
    return data, draw(st.sampled_from([None, info.parser]))


@settings(
    max_examples=30,
    deadline=timedelta(seconds=20),
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(case=mangled_bytes())
def test_mangled_bytes_are_ingested_or_refused_leaving_the_store_as_it_was(home, case):
    data, parser = case
    path = home / "incoming.txt"
    path.write_bytes(data)
    event("ingested" if ingest_or_refuse(path, parser=parser) else "refused")


def test_a_valid_mixed_file_is_taken_and_an_invalid_one_is_not(home):
    """The property above cannot pass by refusing everything."""
    info, text = BOOKS[0]
    good, bad = home / "good.txt", home / "bad.txt"
    good.write_bytes(text.encode("utf-8-sig"))  # a BOM is fine
    half = len(text) // 2
    bad.write_bytes(text[:half].encode("utf-8") + text[half:].encode("gb18030"))
    assert ingest_or_refuse(good, parser=info.parser)
    assert not ingest_or_refuse(bad, parser=info.parser)


#: file contents -> what the one-line message must say
REFUSED = {
    "utf16": ("utf-16", "not UTF-8"),
    "big5": ("big5", "not UTF-8"),
    "empty": (b"", "is empty"),
    "blank": (b" \n\t\n", "is empty"),
    "binary": (bytes(range(256)) * 8, "is binary data, not a rulebook"),
    "one line": ("one line", "layout"),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_the_command_line_refuses_with_one_line_and_status_2(home, case):
    content, message = REFUSED[case]
    _info, text = next((i, t) for i, t in BOOKS if i.game == "zd")
    if content == "one line":
        data = text.replace("\n", " ").encode("utf-8")
    elif isinstance(content, str):
        data = text.encode(content, errors="replace")
    else:
        data = content
    path = home / f"{case}.txt"
    path.write_bytes(data)
    before = store_files()
    result = CliRunner().invoke(main, ["ingest", str(path), "--game", "fuzz", "--version", "1"])
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("arbiter: ") and message in lines[0], result.stderr
    assert store_files() == before


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(home, monkeypatch):
    path = home / "huge.txt"
    path.write_bytes(b"1.1. x\n" * 1000)
    monkeypatch.setattr(intake, "MAX_BYTES", 1000)
    before = store_files()
    with pytest.raises(ArbiterError, match="the limit is 1000") as caught:
        store.ingest(path, "fuzz", "1")
    assert caught.value.field == "file" and store_files() == before
