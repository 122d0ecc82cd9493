"""Damage met at start-up: a broken search index or corpus cache is reported and rebuilt.

Each case breaks what a previous run left under ``ARBITER_HOME`` the way a
crash, a full disk or a careless hand does — a truncated or deleted index
segment, a manifest cut to nothing, a cache entry cut short, overwritten or
swapped with another book's — and then starts Arbiter the way a user does
(the ``arbiter`` command line, each run with a fresh search service as a new
process has).  The run must say what it found on stderr, rebuild, answer
correctly, and leave things healthy: the next run has nothing to report.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from corpus import cache
from corpus.library import _load, book_info
from corpus.manifest import bundled_manifest
from corpus.search import service
from webapp.cli import main

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    """A home whose index the first search built; each test starts from a copy of it."""
    previous = os.environ["ARBITER_HOME"]
    root = tmp_path_factory.mktemp("faults")
    os.environ["ARBITER_HOME"] = str(root / "home")
    service._default = None
    first = arbiter("search", "勝利條件", "--game", "ucg", "--json")
    assert first.exit_code == 0 and "Building the search index" in first.stderr
    shutil.copytree(root / "home", root / "pristine")
    yield root / "home"
    service._default = None
    os.environ["ARBITER_HOME"] = previous


@pytest.fixture
def fresh(home):
    """The module's home as the first search left it."""
    shutil.rmtree(home)
    shutil.copytree(home.parent / "pristine", home)
    _load.cache_clear()
    return home


def arbiter(*args: str):
    """One ``arbiter`` run as a new process would make it: no search service yet."""
    service._default = None
    _load.cache_clear()
    return CliRunner().invoke(main, list(args))


def index_dir(home: Path) -> Path:
    return home / "index" / "whoosh"


def _largest_segment(directory: Path) -> Path:
    return max((p for p in directory.iterdir() if p.suffix == ".seg"), key=lambda p: p.stat().st_size)


def _truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


INDEX_DAMAGE = {
    "a truncated segment": lambda d: _truncate(_largest_segment(d)),
    "a deleted segment": lambda d: _largest_segment(d).unlink(),
    "a manifest cut to nothing": lambda d: (d / "arbiter-index.json").write_bytes(b""),
    "a deleted table of contents": lambda d: next(d.glob("*.toc")).unlink(),
}


@pytest.mark.parametrize("damage", sorted(INDEX_DAMAGE))
def test_a_damaged_index_is_reported_rebuilt_and_answers(fresh, damage):
    INDEX_DAMAGE[damage](index_dir(fresh))
    broken = arbiter("search", "勝利條件", "--game", "ucg", "--json")
    assert broken.exit_code == 0, broken.output
    assert "search index" in broken.stderr and "rebuilding" in broken.stderr, broken.stderr
    hits = json.loads(broken.stdout)
    assert hits and hits[0]["id"].startswith("1.3")  # 1.3 勝利條件 and what is under it
    again = arbiter("search", "勝利條件", "--game", "ucg", "--json")
    assert again.exit_code == 0 and again.stderr == "", "the rebuilt index must be healthy"
    assert json.loads(again.stdout) == hits


def _cache_entry(game: str) -> Path:
    info = book_info(game)
    source = (bundled_manifest().root / info.source).read_bytes()
    return cache.cache_path(info, cache.cache_key(info, source))


CACHE_DAMAGE = {
    "cut short": lambda path: _truncate(path),
    "cut to nothing": lambda path: path.write_bytes(b""),
    "overwritten with noise": lambda path: path.write_bytes(os.urandom(4096)),
    "swapped with another book's entry": lambda path: path.write_bytes(_cache_entry("uhb").read_bytes()),
}


@pytest.mark.parametrize("damage", sorted(CACHE_DAMAGE))
def test_a_damaged_corpus_cache_is_reported_rebuilt_and_answers(fresh, damage):
    clean = arbiter("show", "ucg", "1.3.2", "--json")
    entry = _cache_entry("ucg")
    assert clean.exit_code == 0 and entry.is_file()
    CACHE_DAMAGE[damage](entry)
    broken = arbiter("show", "ucg", "1.3.2", "--json")
    assert broken.exit_code == 0, broken.output
    assert f"corpus cache {entry.name} is unreadable" in broken.stderr and "rebuilding" in broken.stderr
    assert json.loads(broken.stdout) == json.loads(clean.stdout)
    again = arbiter("show", "ucg", "1.3.2", "--json")
    assert again.stderr == "" and json.loads(again.stdout) == json.loads(clean.stdout)


def test_files_a_killed_write_left_behind_are_ignored(fresh):
    """Half-written temporary files (a write killed before its rename) are never read."""
    entry = _cache_entry("ucg")
    arbiter("show", "ucg", "1.3.2")
    (entry.parent / f".{entry.name}.deadbeef.tmp").write_bytes(b"half a pickle")
    index = index_dir(fresh)
    killed_build = index.parent / f".{index.name}.building-deadbeef"  # a build killed before its swap
    shutil.copytree(index, killed_build)
    _truncate(_largest_segment(killed_build))
    (killed_build / "arbiter-index.json").unlink()
    shown = arbiter("show", "ucg", "1.3.2", "--json")
    found = arbiter("search", "勝利條件", "--game", "ucg", "--json")
    assert (shown.exit_code, shown.stderr, found.exit_code, found.stderr) == (0, "", 0, "")
    assert json.loads(found.stdout)[0]["id"].startswith("1.3")


#: Runs ``arbiter search`` in a process that stops at the moment a finished
#: index directory is about to be swapped in (argv[1]: a marker file it writes there).
PAUSE_AT_SWAP = """
import os, sys, time
from pathlib import Path
real_replace = os.replace
def paused(src, dst, *args, **kwargs):
    if ".building-" in Path(src).name:
        Path(sys.argv[1]).write_text(str(src))
        time.sleep(600)
    return real_replace(src, dst, *args, **kwargs)
os.replace = paused
from webapp.cli import main
main(["search", "勝利條件", "--game", "ucg"])
"""


def test_a_rebuild_killed_at_its_swap_is_recovered_and_swept(fresh, tmp_path):
    """The worst moment to die: the old index moved aside, the new one not yet in place."""
    index = index_dir(fresh)
    _truncate(_largest_segment(index))
    marker = tmp_path / "paused"
    process = subprocess.Popen(
        [sys.executable, "-c", PAUSE_AT_SWAP, str(marker)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 600  # a rebuild on a machine whose cores are shared can take minutes
        while not marker.exists():
            assert process.poll() is None, process.stderr.read().decode()
            assert time.monotonic() < deadline, "the rebuild never reached its swap"
            time.sleep(0.05)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
    leftovers = sorted(p.name for p in index.parent.iterdir() if p.name != index.name)
    assert any(".building-" in name for name in leftovers), leftovers
    found = arbiter("search", "勝利條件", "--game", "ucg", "--json")
    assert found.exit_code == 0 and json.loads(found.stdout)[0]["id"].startswith("1.3")
    assert sorted(p.name for p in index.parent.iterdir() if p.is_dir()) == [index.name], (
        "what the killed build left is swept"
    )
