"""``arbiter serve`` as the README runs it: answers pages and the API on its own."""

from __future__ import annotations

import json
import os
import re
import subprocess
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit


def test_serve_answers_home_and_search(served):
    status, kind, body = served.get("/")
    assert (status, kind) == (200, "text/html")
    assert "Arbiter" in body.decode("utf-8")
    status, kind, body = served.get("/api/search?q=%E5%8B%9D%E5%88%A9")  # 勝利
    assert (status, kind) == (200, "application/json")
    hits = json.loads(body)["hits"]
    assert hits and all(h["highlights"] for h in hits)
    assert any("勝利" in h["snippet"] for h in hits) and any("胜利" in h["snippet"] for h in hits)
    print(f"\narbiter serve was ready in {served.ready_seconds:.2f} s")


def test_a_port_in_use_is_a_clear_error(served, arbiter):
    port = str(urlsplit(served.url).port)
    done = subprocess.run(arbiter + ["serve", "--port", port], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in done.stderr and "Traceback" not in done.stderr


def _children(pid: int) -> list[int]:
    return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def _running(pid: int) -> bool:
    """Whether the process is there and not merely a zombie waiting to be reaped."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


def test_the_workers_answer_and_stop_with_the_master(arbiter_home, arbiter):
    """``--workers 3``: three worker processes under the master, all gone once it is stopped."""
    process = subprocess.Popen(
        arbiter + ["serve", "--port", "0", "--workers", "3"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "ARBITER_HOME": arbiter_home},
    )
    try:
        line = ""
        while "serving on" not in line:
            line = process.stdout.readline()
            assert line, "arbiter serve stopped before serving"
        assert "3 workers × 4 threads" in line
        url = re.search(r"(http://\S+/)", line).group(1)
        for _ in range(20):  # any of the workers may answer
            with urllib.request.urlopen(url + "api/search?q=%E5%8B%9D%E5%88%A9", timeout=30) as response:
                assert response.status == 200 and json.loads(response.read())["hits"]
        deadline = time.monotonic() + 60
        while len(workers := _children(process.pid)) < 3 and time.monotonic() < deadline:
            time.sleep(0.1)  # the master starts its workers one after another
        assert len(workers) == 3
    finally:
        process.terminate()
        process.wait(timeout=30)
    assert process.returncode == 0
    assert not [pid for pid in workers if _running(pid)], "a worker outlived the master"
