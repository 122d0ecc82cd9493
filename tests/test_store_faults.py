"""The store loses nothing: killed ingests, damaged databases and texts, a full or read-only disk.

Every test runs on a real store in a fresh ARBITER_HOME and checks the
database directly (:mod:`tests.stores`) as well as through Arbiter: after a
fault the store holds exactly what it held before (or, for a kill after the
commit, exactly what the ingest committed), every text matches its hash, and
the user got one clear line.  Full and read-only disks are real: a small
tmpfs, mounted for the test (the tests run as root, as CI does).
"""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from corpus import library, store
from corpus.errors import ArbiterError
from corpus.manifest import bundled_manifest
from corpus.storage import file_signature
from corpus.store.editions import DATABASE_NAME
from tests import stores
from webapp.cli import main

ROOT = Path(__file__).resolve().parent.parent
LEGACY_FIXTURE = Path(__file__).parent / "fixtures" / "legacy-store"
ARBITER = [sys.executable, "-c", "from webapp.cli import main; main()"]


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("ARBITER_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def ucg_variant(folder: Path, players: str, name: str | None = None) -> Path:
    text = (bundled_manifest().root / "ucg-1.6-zh-Hant.txt").read_text(encoding="utf-8")
    path = folder / (name or f"ucg-{players}.txt")
    path.write_text(text.replace("兩名玩家", f"{players}玩家", 1), encoding="utf-8")
    return path


def database(home: Path) -> Path:
    return home / "store" / DATABASE_NAME


def arbiter(*args: str, home: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*ARBITER, *args],
        cwd=ROOT,
        env={**os.environ, "ARBITER_HOME": str(home)},
        capture_output=True,
        text=True,
        timeout=timeout,
    )


# -- killed at 20 points of an ingest -------------------------------------------------------

#: Runs an ingest and kills itself with SIGKILL at the N-th call made from the store's code
#: (its own functions and the sqlite3 calls they make: BEGIN, each INSERT, COMMIT …); with
#: N = 0 it only counts them and prints the count.
KILLED_INGEST = textwrap.dedent(
    """
    import os, signal, sys
    from pathlib import Path
    from corpus import store
    kill_at, source = int(sys.argv[1]), sys.argv[2]
    folder = os.path.dirname(store.__file__)
    calls = 0
    def profile(frame, event, arg):
        global calls
        if event in ("call", "c_call") and frame.f_code.co_filename.startswith(folder):
            calls += 1
            if calls == kill_at:
                os.kill(os.getpid(), signal.SIGKILL)
    sys.setprofile(profile)
    store.ingest(Path(source), "ucg", "1.8")
    sys.setprofile(None)
    print(calls)
    """
)


def test_an_ingest_killed_at_any_of_20_points_leaves_the_store_before_or_after(home, tmp_path):
    store.ingest(ucg_variant(tmp_path, "三名"), "ucg", "1.7")
    before = stores.contents(home)
    source = ucg_variant(tmp_path, "四名")
    env = {**os.environ, "ARBITER_HOME": str(home)}

    def run(kill_at: int) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", KILLED_INGEST, str(kill_at), str(source)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )

    counted = run(0)
    assert counted.returncode == 0, counted.stderr
    total = int(counted.stdout)
    store.remove("ucg", "1.8")
    assert stores.contents(home) == before and total >= 20
    points = sorted({1 + (total - 1) * i // 19 for i in range(20)})
    assert len(points) == 20
    outcomes = set()
    for point in points:
        killed = run(point)
        assert killed.returncode == -signal.SIGKILL, (point, killed.stderr)
        after = stores.contents(home)  # every text checked against its hash
        if ("ucg", "1.8") in after:
            assert {k: v for k, v in after.items() if k != ("ucg", "1.8")} == before, point
            outcomes.add("committed")
            assert "四名玩家" in library.load_book("ucg", "1.8").get("1.1.1").text
            store.remove("ucg", "1.8")
        else:
            assert after == before, point
            outcomes.add("as before")
        assert library.versions("ucg") == ["1.6", "1.7"]
    assert outcomes == {"as before", "committed"}  # the points span the commit
    store.ingest(source, "ucg", "1.8")  # and the store takes the next ingest
    assert library.versions("ucg") == ["1.6", "1.7", "1.8"]


# -- a damaged database ---------------------------------------------------------------------------


def _empty(path: Path) -> None:
    path.write_bytes(b"")


def _truncated(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])


def _garbage(path: Path) -> None:
    path.write_bytes(os.urandom(path.stat().st_size))


@pytest.mark.parametrize("damage", [_empty, _truncated, _garbage], ids=["0-byte", "truncated", "garbage"])
def test_a_damaged_database_is_reported_and_never_written_over(home, tmp_path, damage):
    for players, version in (("三名", "1.7"), ("四名", "1.8")):
        store.ingest(ucg_variant(tmp_path, players), "ucg", version)
    path = database(home)
    sqlite3.connect(path).execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()  # all of it in the file
    damage(path)
    damaged = path.read_bytes()

    listed = arbiter("books", home=home)
    assert listed.returncode == 0 and "ucg    1.6" in listed.stdout  # the bundled books still work
    assert "is damaged" in listed.stderr and str(path) in listed.stderr
    ingest = arbiter(
        "ingest", str(ucg_variant(tmp_path, "五名")), "--game", "ucg", "--version", "9", home=home
    )
    assert ingest.returncode == 2 and ingest.stdout == ""
    (line,) = ingest.stderr.strip().splitlines()
    assert line.startswith("arbiter: the rulebook store") and "is damaged" in line and "Traceback" not in line
    removed = arbiter("remove", "ucg", "1.7", home=home)
    assert removed.returncode == 2 and "is damaged" in removed.stderr
    assert path.read_bytes() == damaged  # nothing written over what may still be recovered


def test_the_original_data_loss_cannot_happen(home, tmp_path):
    """A power cut leaving an empty store file once made the next ingest delete every text."""
    shared = [ucg_variant(tmp_path, "三名"), ucg_variant(tmp_path, "四名")]
    for path, version in zip(shared, ("1.070", "1.071"), strict=True):
        assert arbiter("ingest", str(path), "--game", "dbx", "--version", version, home=home).returncode == 0
    saved = database(home).read_bytes()
    database(home).write_bytes(b"")
    listed = arbiter("books", home=home)
    assert "is damaged" in listed.stderr  # not silently "no versions"
    again = arbiter("ingest", str(shared[0]), "--game", "dbx", "--version", "9", home=home)
    assert again.returncode == 2 and database(home).read_bytes() == b""
    database(home).write_bytes(saved)  # the user restores the backup: everything is there
    assert list(stores.contents(home)) == [("dbx", "1.070"), ("dbx", "1.071")]


def test_a_text_changed_in_the_database_is_refused_when_read(home, tmp_path):
    done = store.ingest(ucg_variant(tmp_path, "三名"), "ucg", "1.7")
    connection = sqlite3.connect(database(home))
    with connection:
        connection.execute("UPDATE texts SET body = substr(body, 1, 200)")
    connection.close()
    with pytest.raises(ArbiterError, match="does not match its SHA-256"):
        store.read_text(done.info)
    shown = arbiter("show", "ucg", "1.1.1", "--version", "1.7", home=home)
    assert shown.returncode == 2 and "does not match its SHA-256" in shown.stderr
    assert "Traceback" not in shown.stderr
    bundled = arbiter("show", "ucg", "1.1.1", "--version", "1.6", home=home)
    assert bundled.returncode == 0 and "兩名玩家" in bundled.stdout


# -- full and read-only disks ---------------------------------------------------------------------


@pytest.fixture
def small_disk(tmp_path) -> Iterator[Path]:
    """A 4 MB tmpfs of the test's own."""
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=True)


def home_with_ucg_1_7(disk: Path, folder: Path) -> Path:
    """An ARBITER_HOME on ``disk`` holding one ingested version, ucg 1.7."""
    home = disk / "home"
    done = arbiter("ingest", str(ucg_variant(folder, "三名")), "--game", "ucg", "--version", "1.7", home=home)
    assert done.returncode == 0, done.stderr
    return home


def test_a_full_disk_refuses_the_ingest_in_one_line_and_keeps_the_store(small_disk, tmp_path):
    home = home_with_ucg_1_7(small_disk, tmp_path)
    before = stores.contents(home)
    ballast = small_disk / "ballast"
    # fill the disk to the last block; unbuffered, so that no partly written block is left
    # to fail again when the file is closed
    with open(ballast, "wb", buffering=0) as handle:
        try:
            while True:
                handle.write(b"\0" * 65536)
        except OSError:
            pass
    with pytest.raises(OSError):
        ballast.with_name("one-more").write_bytes(b"\0" * 4096)
    full = arbiter(
        "ingest", str(ucg_variant(tmp_path, "四名")), "--game", "ucg", "--version", "1.8", home=home
    )
    assert full.returncode == 2, full.stderr
    assert full.stderr.strip().splitlines() == [f"arbiter: ARBITER_HOME ({home}) is full (store)"]
    assert "Traceback" not in full.stderr
    ballast.unlink()
    assert stores.contents(home) == before
    assert arbiter("show", "ucg", "1.1.1", "--version", "1.7", home=home).returncode == 0


def test_a_read_only_home_serves_every_read_and_refuses_writes_in_one_line(small_disk, tmp_path):
    home = home_with_ucg_1_7(small_disk, tmp_path)
    shutil.rmtree(home / "index")  # no index on disk: search must build one in memory
    shutil.rmtree(home / "cache")
    before = stores.contents(home)
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    reads = {
        ("books",): "ucg    1.7",
        ("show", "ucg", "1.1.1", "--version", "1.7"): "三名玩家",
        ("show", "ucg", "5.9.4.1"): "5.9.4.1",
        ("search", "勝利", "--game", "ucg"): "ucg@1.7:",
        ("rule", str(ROOT / "judge" / "examples" / "ucg" / "judgment.yaml")): "winner",
    }
    for args, expected in reads.items():
        done = arbiter(*args, home=home)
        assert done.returncode == 0 and expected in done.stdout, (args, done.stderr)
        assert "Traceback" not in done.stderr and "internal error" not in done.stderr
    refused = arbiter(
        "ingest", str(ucg_variant(tmp_path, "四名")), "--game", "ucg", "--version", "1.8", home=home
    )
    assert refused.returncode == 2
    assert refused.stderr.strip().splitlines() == [f"arbiter: ARBITER_HOME ({home}) is read-only (store)"]
    removed = arbiter("remove", "ucg", "1.7", home=home)
    assert removed.returncode == 2 and "is read-only" in removed.stderr
    assert stores.contents(home) == before


# -- what is not a rulebook file ------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["device", "fifo", "folder"])
def test_only_a_regular_file_is_read(home, tmp_path, kind):
    path = {"device": Path("/dev/zero"), "fifo": tmp_path / "pipe", "folder": tmp_path}[kind]
    if kind == "fifo":
        os.mkfifo(path)
    result = CliRunner().invoke(main, ["ingest", str(path), "--game", "mine", "--version", "1"])
    assert result.exit_code == 2
    assert "is not a regular file" in result.stderr and result.stderr.count("\n") == 1
    assert stores.contents(home) == {}


# -- a store written by earlier versions ------------------------------------------------------------


def test_a_store_of_the_earlier_layout_is_moved_into_the_database(home):
    shutil.copytree(LEGACY_FIXTURE, home / "store")
    assert library.versions("ucg") == ["1.6", "1.7"]
    assert library.versions("heroes") == ["2.0"]
    assert "三名玩家" in library.load_book("ucg", "1.7").get("1.1.1").text
    info = library.book_info("ucg", "1.7")
    assert (info.date, info.title) == ("2025-09-01", "超人力霸王卡牌遊戲 綜合規則")
    assert info.game_title_zh == library.book_info("ucg", "1.6").game_title_zh != ""
    assert library.book_info("heroes").title == "英雄对决 测试"
    moved = stores.contents(home)
    assert sorted(moved) == [("heroes", "2.0"), ("ucg", "1.7")]
    assert not (home / "store" / "rulebooks" / "ucg").exists()  # its bytes are in the database now
    assert (home / "store" / "manifest.toml.migrated").exists()


def test_a_legacy_text_that_does_not_match_its_hash_is_left_in_place(home, capsys):
    shutil.copytree(LEGACY_FIXTURE, home / "store")
    damaged = next((home / "store" / "rulebooks" / "heroes").iterdir())
    damaged.write_text("truncated", encoding="utf-8")
    assert library.versions("ucg") == ["1.6", "1.7"]
    assert "heroes" not in library.games()
    assert "does not match its recorded SHA-256" in capsys.readouterr().err
    assert damaged.read_text(encoding="utf-8") == "truncated"  # kept for the user to look at


def test_a_store_file_rewritten_with_its_time_set_back_is_no_longer_the_file_that_passed(home, tmp_path):
    """The remembered ``PRAGMA integrity_check`` is skipped only for a file of the same signature:
    writing the same number of bytes and setting the modification time back still changes it."""
    store.ingest(ucg_variant(tmp_path, "三名"), "ucg", "1.7")
    path = database(home)
    sqlite3.connect(path).execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
    before, passed = path.stat(), file_signature(path)
    data = bytearray(path.read_bytes())
    data[-1] ^= 0xFF
    path.write_bytes(bytes(data))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert path.stat().st_size == before.st_size and path.stat().st_mtime_ns == before.st_mtime_ns
    assert file_signature(path) != passed
