"""Several processes writing the store at once: transactions keep it whole.

Real processes, started together: two race to ingest the *same* version
with different texts, two more ingest and remove versions of their own over
and over, while this process keeps reading the store.  Every read must find
a whole store whose every edition names a text with exactly its hash; of
the racing pair exactly one must win and the other be refused with the
documented message (the store then holds the winner's text, byte for
byte); and when all are done no text is left that no edition names.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from corpus import library, store
from corpus.manifest import bundled_manifest
from tests import stores

ROOT = Path(__file__).resolve().parents[1]
ROUNDS = 3
#: argv: game version file [rounds] — ingest (and with rounds, ingest then remove, repeatedly).
WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from corpus import library, store
    from corpus.errors import ArbiterError
    game, version, path = sys.argv[1:4]
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    try:
        if not rounds:
            store.ingest(Path(path), game, version)
        for _ in range(rounds):
            store.ingest(Path(path), game, version)
            store.remove(game, version)
    except ArbiterError as error:
        print(error.message, file=sys.stderr)
        sys.exit(2)
    """
)


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("ARBITER_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def ucg_variant(folder: Path, players: str) -> Path:
    text = (bundled_manifest().root / "ucg-1.6-zh-Hant.txt").read_text(encoding="utf-8")
    path = folder / f"ucg-{players}.txt"
    path.write_text(text.replace("兩名玩家", f"{players}玩家", 1), encoding="utf-8")
    return path


def consistent_read(home: Path) -> dict | None:
    """The store's editions, each text checked against its hash (None: no store yet)."""
    return stores.contents(home) or None


def test_concurrent_ingests_and_removals_never_corrupt_the_store(home, tmp_path):
    race = [ucg_variant(tmp_path, players) for players in ("三名", "四名")]
    churn = [("ucg", "2.0", ucg_variant(tmp_path, "五名")), ("churn", "1", ucg_variant(tmp_path, "六名"))]
    env = {**os.environ, "ARBITER_HOME": str(home)}
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, "ucg", "1.7", str(path)],
            cwd=ROOT,
            env=env,
            stderr=subprocess.PIPE,
            text=True,
        )
        for path in race
    ]
    runs += [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, game, version, str(path), str(ROUNDS)],
            cwd=ROOT,
            env=env,
            stderr=subprocess.PIPE,
            text=True,
        )
        for game, version, path in churn
    ]
    reads = 0
    while any(run.poll() is None for run in runs):
        if consistent_read(home) is not None:
            reads += 1
        time.sleep(0.01)
    outcomes = [(run.wait(timeout=120), run.stderr.read()) for run in runs]

    assert reads > 0, "the store was never read while the writers ran"
    assert sorted(code for code, _ in outcomes[:2]) == [0, 2], outcomes
    loser = next(message for code, message in outcomes[:2] if code == 2)
    assert "already in the store with a different text" in loser
    assert [code for code, _ in outcomes[2:]] == [0, 0], outcomes
    entries = consistent_read(home)
    assert list(entries) == [("ucg", "1.7")]  # the churn removed its own; no stray text is left (checked)
    winner = race[[code for code, _ in outcomes[:2]].index(0)]
    assert store.read_text(library.book_info("ucg", "1.7")) == winner.read_bytes()
