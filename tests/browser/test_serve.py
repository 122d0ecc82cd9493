"""``arbiter serve`` as the README runs it: answers pages and the API on its own."""

from __future__ import annotations

import json
import subprocess
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
