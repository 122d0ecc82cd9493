"""The production server through a damaged start and an ingest by another process.

``arbiter serve`` (waitress, as users run it) is started on an index that a
crash left broken: it must say so, rebuild, and answer.  Then, while clients
keep asking it for searches, clause pages and the book list, another process
runs ``arbiter ingest`` (which writes the store and re-indexes): every
answer during the ingest must be a good one — the old index or the new one,
never an error or half of either — and afterwards the new version must be
searchable and listed without restarting the server.
"""

from __future__ import annotations

import http.client
import importlib.util
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote, urlencode

import pytest
from click.testing import CliRunner

from corpus.manifest import bundled_manifest
from corpus.search import service
from webapp.cli import main

ROOT = Path(__file__).resolve().parents[1]
NEW_RULE = "1.1.1. 在這款超人力霸王卡牌遊戲中，參與遊戲的人稱為玩家，觀戰席的裁判長可以暫停遊戲。"
#: What the clients ask while the ingest runs: (path, check of the decoded JSON body or None for HTML).
ASKED = [
    (
        "/api/search?" + urlencode({"q": "勝利條件", "game": "ucg"}),
        lambda body: body["hits"][0]["id"].startswith("1.3"),
    ),
    ("/api/ucg/1.6/" + quote("1.3.2"), lambda body: "勝" in body["clause"]["text"]),
    ("/api/books", lambda body: any(g["game"] == "ucg" for g in body["games"])),
    ("/ucg/1.6/1.3.2", None),
]


def _bench_load():
    spec = importlib.util.spec_from_file_location("bench_load", ROOT / "bench" / "load.py")
    module = sys.modules[spec.name] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A server started on an index whose table of contents a crash deleted."""
    home = tmp_path_factory.mktemp("serving") / "home"
    previous = os.environ["ARBITER_HOME"]
    os.environ["ARBITER_HOME"] = str(home)
    service._default = None
    try:
        assert CliRunner().invoke(main, ["search", "勝利", "--game", "ucg"]).exit_code == 0
    finally:
        service._default = None
        os.environ["ARBITER_HOME"] = previous
    next((home / "index" / "whoosh").glob("*.toc")).unlink()
    with _bench_load().served(home) as running:
        yield running, home


def get(port: int, path: str):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def test_a_server_started_on_a_broken_index_says_so_rebuilds_and_answers(server):
    running, _home = server
    said = "".join(running.output)
    assert "search index" in said and "rebuilding" in said, said
    status, body = get(running.port, ASKED[0][0])
    assert status == 200 and ASKED[0][1](json.loads(body))


class Clients:
    """Threads asking :data:`ASKED` in turn until stopped; every bad answer is kept."""

    def __init__(self, port: int, count: int = 3):
        self.port = port
        self.stop = threading.Event()
        self.answers: list[float] = []
        self.failures: list[str] = []
        self.threads = [threading.Thread(target=self._ask, args=(i,)) for i in range(count)]

    def _ask(self, offset: int) -> None:
        turn = offset
        while not self.stop.is_set():
            path, check = ASKED[turn % len(ASKED)]
            turn += 1
            try:
                status, body = get(self.port, path)
                good = status == 200 and (check is None or check(json.loads(body)))
            except (
                OSError,
                http.client.HTTPException,
                ValueError,
                LookupError,
            ) as error:  # counted, not raised
                good, status, body = False, type(error).__name__, b""
            self.answers.append(time.monotonic())
            if not good:
                self.failures.append(f"{path}: {status} {body[:200]!r}")

    def __enter__(self):
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        for thread in self.threads:
            thread.join(timeout=60)


def test_the_server_answers_throughout_an_ingest_and_then_serves_the_new_version(server, tmp_path):
    running, home = server
    text = (bundled_manifest().root / "ucg-1.6-zh-Hant.txt").read_text(encoding="utf-8")
    old_rule = next(line for line in text.splitlines() if line.startswith("1.1.1. "))
    source = tmp_path / "ucg-1.7.txt"
    source.write_text(text.replace(old_rule, NEW_RULE), encoding="utf-8")
    wanted = "/api/search?" + urlencode({"q": "裁判長 暫停", "game": "ucg", "version": "1.7"})
    with Clients(running.port) as clients:
        time.sleep(0.5)
        began = time.monotonic()
        ingest = subprocess.run(
            [
                str(Path(sys.executable).with_name("arbiter")),
                "ingest",
                str(source),
                "--game",
                "ucg",
                "--version",
                "1.7",
            ],
            env={**os.environ, "ARBITER_HOME": str(home)},
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        ended = time.monotonic()
        assert ingest.returncode == 0, ingest.stderr
        deadline = time.monotonic() + 60
        while True:
            status, body = get(running.port, wanted)
            if status == 200 and json.loads(body)["hits"]:
                break
            assert time.monotonic() < deadline, f"1.7 never became searchable: {status} {body[:300]!r}"
            time.sleep(0.2)
        time.sleep(0.5)
    assert clients.failures == []
    during = [t for t in clients.answers if began <= t <= ended]
    assert len(during) >= 10, f"only {len(during)} answers while the ingest ran"
    hit = json.loads(body)["hits"][0]
    assert (hit["version"], hit["id"]) == ("1.7", "1.1.1")
    status, books = get(running.port, "/api/books")
    ucg = next(g for g in json.loads(books)["games"] if g["game"] == "ucg")
    assert sorted(v["version"] for v in ucg["versions"]) == ["1.6", "1.7"]
