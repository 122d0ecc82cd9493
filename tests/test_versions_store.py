"""The user's store: ingest and remove versions, safely.

Each test gets an empty ARBITER_HOME of its own.  Interruption is tested for
real: an ingest runs in a subprocess that pauses inside the write (at the
rename of the rulebook text, or of the manifest) and is killed there with
SIGKILL; the store must read exactly as before.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from corpus import library, store
from corpus.errors import ArbiterError, NotFound
from corpus.manifest import bundled_manifest
from corpus.model import Script
from corpus.versions.diff import diff_versions

ROOT = Path(__file__).resolve().parent.parent
UCG_1_1_1 = "1.1.1. 在這款超人力霸王卡牌遊戲中，參與遊戲的人稱為玩家，這款遊戲由兩名玩家進行對戰。"


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("ARBITER_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def bundled_text(game: str, version: str | None = None) -> str:
    manifest = bundled_manifest()
    info = [i for i in manifest.books if i.game == game and version in (None, i.version)][-1]
    return (manifest.root / info.source).read_text(encoding="utf-8")


def ucg_copy(folder: Path, players: str = "兩名或更多", name: str = "ucg-new.txt") -> Path:
    """A copy of the bundled ucg with clause 1.1.1 reworded."""
    text = bundled_text("ucg").replace(UCG_1_1_1, UCG_1_1_1.replace("兩名", players))
    assert text != bundled_text("ucg")
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def files_of(root: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(root)): path.read_bytes()
        for path in sorted(root.rglob("*")) if path.is_file() and path.name != store.LOCK_NAME
    }


def test_an_ingested_version_is_a_version_like_any_other(home, tmp_path):
    done = store.ingest(ucg_copy(tmp_path), "ucg", "1.7", date="2025-10-01")
    assert (done.info.parser, done.info.script, done.new_game) == ("dotted", Script.HANT, False)
    assert done.info.title == library.book_info("ucg", "1.6").title  # taken from the game's newest version
    assert library.versions("ucg") == ["1.6", "1.7"]
    assert "兩名或更多玩家" in library.load_book("ucg").get("1.1.1").text  # newest is now 1.7
    changes = diff_versions("ucg", "1.6", "1.7").changes
    assert [(c.kind, c.label) for c in changes] == [("modified", "1.1.1")]


def test_ingesting_the_same_text_again_changes_nothing(home, tmp_path):
    path = ucg_copy(tmp_path)
    store.ingest(path, "ucg", "1.7")
    before = files_of(home / "store")
    assert store.ingest(path, "ucg", "1.7").already_present
    assert files_of(home / "store") == before


def test_another_text_for_a_stored_version_needs_replace(home, tmp_path):
    store.ingest(ucg_copy(tmp_path), "ucg", "1.7")
    other = ucg_copy(tmp_path, players="三名", name="other.txt")
    with pytest.raises(ArbiterError, match="--replace"):
        store.ingest(other, "ucg", "1.7")
    done = store.ingest(other, "ucg", "1.7", replace=True)
    assert done.replaced is not None
    assert "三名玩家" in library.load_book("ucg", "1.7").get("1.1.1").text
    texts = list((home / "store" / store.TEXT_FOLDER).rglob("*.txt"))
    assert [path.name for path in texts] == [Path(done.info.source).name]  # the old text is gone


def test_bundled_versions_are_read_only(home, tmp_path):
    with pytest.raises(ArbiterError, match="bundled"):
        store.ingest(ucg_copy(tmp_path), "ucg", "1.6")
    with pytest.raises(ArbiterError, match="read-only"):
        store.remove("ucg", "1.6")
    with pytest.raises(NotFound, match="no ingested version"):
        store.remove("ucg", "9.9")
    assert not (home / "store" / store.MANIFEST_NAME).exists()


def test_a_new_game_gets_lint_and_diff_without_an_engine(home, tmp_path):
    firsts = []
    for version in ("1.070", "1.071"):
        path = tmp_path / f"{version}.txt"
        path.write_text(bundled_text("dbscg", version), encoding="utf-8")
        done = store.ingest(path, "dragonball", version, title="DB rules")
        assert (done.info.parser, done.info.script, done.info.language) == ("dashed", Script.LATN, "en")
        firsts.append(done.new_game)
    assert firsts == [True, False] and library.versions("dragonball") == ["1.070", "1.071"]
    mine, bundled = diff_versions("dragonball", "1.070", "1.071"), diff_versions("dbscg", "1.070", "1.071")
    assert mine.summary() == bundled.summary()
    from graph.lint import lint

    def findings(game):
        return [(f.kind, f.clause, f.line) for f in lint(library.load_book(game, "1.070"))]

    assert findings("dragonball") == findings("dbscg") != []


def test_removing_a_version_restores_the_store(home, tmp_path):
    store.ingest(ucg_copy(tmp_path), "ucg", "1.7")
    before = files_of(home / "store")
    store.ingest(ucg_copy(tmp_path, players="三名", name="b.txt"), "ucg", "1.8")
    assert store.remove("ucg", "1.8").version == "1.8"
    assert library.versions("ucg") == ["1.6", "1.7"]
    assert files_of(home / "store") == before


@pytest.mark.parametrize(
    ("arguments", "field", "message"),
    [
        (("UCG", "1.7"), "game", "invalid game"),
        (("search", "1.0"), "game", "taken by Arbiter's own pages"),
        (("api", "1.0"), "game", "taken by Arbiter's own pages"),
        (("ucg", "../1.7"), "version", "invalid version"),
        (("ucg", ""), "version", "invalid version"),
    ],
)
def test_bad_names_are_refused(home, tmp_path, arguments, field, message):
    with pytest.raises(ArbiterError, match=message) as caught:
        store.ingest(ucg_copy(tmp_path), *arguments)
    assert caught.value.field == field


def test_bad_files_are_refused_with_a_clear_message(home, tmp_path):
    cases = {
        "missing.txt": (None, "cannot read"),
        "latin1.txt": ("規則".encode("big5"), "not UTF-8"),
        "empty.txt": (b"  \n", "is empty"),
        "prose.txt": ("This is a letter.\nIt has sentences, only.\n".encode() * 20, "cannot tell the layout"),
    }
    for name, (data, message) in cases.items():
        path = tmp_path / name
        if data is not None:
            path.write_bytes(data)
        with pytest.raises(ArbiterError, match=message):
            store.ingest(path, "mine", "1")
    with pytest.raises(ArbiterError, match="unknown parser 'numbered'"):
        store.ingest(ucg_copy(tmp_path), "ucg", "1.7", parser="numbered")
    with pytest.raises(ArbiterError, match="one line"):
        store.ingest(ucg_copy(tmp_path), "ucg", "1.7", title="two\nlines")
    assert library.versions("ucg") == ["1.6"]


def test_detection_failure_names_what_it_counted(home, tmp_path):
    path = tmp_path / "prose.txt"
    path.write_text("Dear judge,\nthank you.\n", encoding="utf-8")
    with pytest.raises(ArbiterError) as caught:
        store.ingest(path, "mine", "1")
    assert caught.value.field == "parser"
    assert "0 dotted, 0 dashed, 0 sections" in caught.value.message and "--parser" in caught.value.message


#: Runs an ingest that stops inside the write whose target path contains
#: argv[1], after writing a marker file argv[2]; the test kills it there.
#: Runs an ingest that stops inside the write of the store file or folder
#: argv[1], after writing a marker file argv[2]; the test kills it there.
PAUSING_INGEST = textwrap.dedent(
    """
    import os, sys, time
    from pathlib import Path
    from corpus import store
    where, marker, source = sys.argv[1:4]
    target = store.store_root() / where
    real_replace = os.replace
    def paused_replace(src, dst, *args, **kwargs):
        if Path(dst) == target or target in Path(dst).parents:
            Path(marker + ".tmp").write_text(str(dst))
            real_replace(marker + ".tmp", marker)
            time.sleep(120)
        return real_replace(src, dst, *args, **kwargs)
    os.replace = paused_replace
    store.ingest(Path(source), "ucg", "1.8")
    """
)


def run_python(code: str, *args: str, env: dict | None = None) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", code, *args], cwd=ROOT, env={**os.environ, **(env or {})},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )


def wait_for(path: Path, process: subprocess.Popen, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists():
        if process.poll() is not None:
            raise AssertionError(f"ingest ended before the pause: {process.stderr.read().decode()}")
        assert time.monotonic() < deadline, "ingest never reached the pause"
        time.sleep(0.05)


@pytest.mark.parametrize("killed_at", [store.TEXT_FOLDER, store.MANIFEST_NAME])
def test_an_ingest_killed_midway_leaves_the_store_as_it_was(home, tmp_path, killed_at):
    store.ingest(ucg_copy(tmp_path), "ucg", "1.7")
    before = files_of(home / "store")
    marker = tmp_path / "paused"
    source = ucg_copy(tmp_path, players="三名", name="b.txt")
    process = run_python(PAUSING_INGEST, killed_at, str(marker), str(source))
    wait_for(marker, process)
    assert marker.read_text().startswith(str(home / "store" / killed_at))
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=10)
    assert process.returncode == -signal.SIGKILL
    after = files_of(home / "store")
    assert after[store.MANIFEST_NAME] == before[store.MANIFEST_NAME]
    assert {k: v for k, v in after.items() if k in before} == before  # every file read is as it was
    assert library.versions("ucg") == ["1.6", "1.7"]
    # the next locked operation sweeps what the killed one left behind
    store.ingest(source, "ucg", "1.8")
    store.remove("ucg", "1.8")
    assert files_of(home / "store") == before


CONCURRENT_INGEST = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from corpus import store
    store.ingest(Path(sys.argv[1]), "ucg", sys.argv[2])
    """
)


def test_two_ingests_at_once_both_land(home, tmp_path):
    runs = [
        run_python(CONCURRENT_INGEST, str(ucg_copy(tmp_path, players=p, name=f"{v}.txt")), v)
        for p, v in (("三名", "1.7"), ("四名", "1.8"))
    ]
    for process in runs:
        assert process.wait(timeout=60) == 0, process.stderr.read().decode()
    assert library.versions("ucg") == ["1.6", "1.7", "1.8"]


HOLD_LOCK = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from corpus import store
    with store.locked():
        Path(sys.argv[1]).write_text("locked")
        time.sleep(120)
    """
)


def test_a_busy_store_is_reported_not_corrupted(home, tmp_path, monkeypatch):
    marker = tmp_path / "locked"
    holder = run_python(HOLD_LOCK, str(marker))
    try:
        wait_for(marker, holder)
        monkeypatch.setattr(store, "LOCK_TIMEOUT", 0.2)
        with pytest.raises(ArbiterError, match=rf"busy \(locked by process {holder.pid}\)"):
            store.ingest(ucg_copy(tmp_path), "ucg", "1.7")
    finally:
        holder.kill()
        holder.wait(timeout=10)
    assert library.versions("ucg") == ["1.6"]


def test_a_damaged_manifest_is_reported_and_not_written_over(home, tmp_path, capsys):
    store.ingest(ucg_copy(tmp_path), "ucg", "1.7")
    manifest = home / "store" / store.MANIFEST_NAME
    manifest.write_text("[[book]\ngame = ", encoding="utf-8")
    assert library.versions("ucg") == ["1.6"]  # the bundled books still work
    assert "is damaged" in capsys.readouterr().err
    with pytest.raises(ArbiterError, match="damaged"):
        store.ingest(ucg_copy(tmp_path, players="三名", name="b.txt"), "ucg", "1.8")
    assert manifest.read_text(encoding="utf-8") == "[[book]\ngame = "


def test_a_version_whose_text_was_deleted_is_left_out_until_removed(home, tmp_path, capsys):
    done = store.ingest(ucg_copy(tmp_path), "ucg", "1.7")
    (home / "store" / done.info.source).unlink()
    assert library.versions("ucg") == ["1.6"]
    assert "arbiter remove ucg 1.7" in capsys.readouterr().err
    store.remove("ucg", "1.7")
    assert store.user_versions() == []


def test_a_manifest_rewritten_in_the_same_instant_is_read_again(home, tmp_path):
    """The manifest's state is kept between calls, under the file's signature; a
    file replaced so fast that inode, size and time may all match is still seen."""
    store.ingest(ucg_copy(tmp_path), "ucg", "1.7")
    store.ingest(ucg_copy(tmp_path, players="三名", name="b.txt"), "ucg", "1.8")
    assert library.versions("ucg") == ["1.6", "1.7", "1.8"]
    manifest = home / "store" / store.MANIFEST_NAME
    before = manifest.stat()
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace('version = "1.8"', 'version = "1.9"'), encoding="utf-8")  # same size, in place
    os.utime(manifest, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert library.versions("ucg") == ["1.6", "1.7", "1.9"]


def test_an_ingest_sweeps_only_its_own_game(home, tmp_path):
    """A text no entry names (a killed ingest's) goes with the next write to its game."""
    store.ingest(ucg_copy(tmp_path), "ucg", "1.7")
    store.ingest(ucg_copy(tmp_path, players="三名", name="b.txt"), "mine", "1.0")
    stray_ucg = home / "store" / store.TEXT_FOLDER / "ucg" / "1.8-0123456789abcdef.txt"
    stray_mine = home / "store" / store.TEXT_FOLDER / "mine" / "2.0-0123456789abcdef.txt"
    for stray in (stray_ucg, stray_mine):
        stray.write_text("left by a killed ingest", encoding="utf-8")
    store.ingest(ucg_copy(tmp_path, players="四名", name="c.txt"), "ucg", "1.8")
    assert not stray_ucg.exists() and stray_mine.exists()
    store.remove("mine", "1.0")
    assert not stray_mine.parent.exists()
    assert library.versions("ucg") == ["1.6", "1.7", "1.8"]
