"""The app as users get it: ``arbiter serve`` in a subprocess, and Debian's Chromium.

``served`` starts the real command on a free port (``--port 0``) under the
test run's ARBITER_HOME and reads the address it prints; ``browser`` drives
the system Chromium through Playwright.  Both live for the whole session.
"""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
START_TIMEOUT = 120.0
OUTPUT = Path(__file__).resolve().parents[2] / "test-output"


@dataclass
class Served:
    url: str  # ends with "/"
    ready_seconds: float  # from starting the command to its "serving on" line
    process: subprocess.Popen

    def get(self, path: str, timeout: float = 30.0):
        with urllib.request.urlopen(self.url + path.lstrip("/"), timeout=timeout) as response:
            return response.status, response.headers.get_content_type(), response.read()


@pytest.fixture(scope="session")
def arbiter() -> list[str]:
    """The ``arbiter`` command of this environment (the venv's console script)."""
    script = Path(sys.executable).with_name("arbiter")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "import sys; from webapp.cli import main; sys.exit(main())"]


@contextmanager
def serving(arbiter: list[str], home: str) -> Iterator[Served]:
    """``arbiter serve`` on a free port over the rulebooks of ``home``, until the block ends."""
    started = time.perf_counter()
    process = subprocess.Popen(
        arbiter + ["serve", "--host", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "ARBITER_HOME": home},
    )
    seen = []
    try:
        while True:
            left = START_TIMEOUT - (time.perf_counter() - started)
            ready, _, _ = select.select([process.stdout], [], [], max(left, 0))
            line = process.stdout.readline() if ready else ""
            if not line:
                raise RuntimeError(f"arbiter serve did not start: {''.join(seen)}")
            seen.append(line)
            found = re.search(r"serving on (http://\S+/)", line)
            if found:
                break
        yield Served(found.group(1), time.perf_counter() - started, process)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


@pytest.fixture(scope="session")
def served(arbiter_home, arbiter) -> Iterator[Served]:
    with serving(arbiter, arbiter_home) as server:
        yield server


@pytest.fixture(scope="session")
def serve_home(arbiter) -> Callable[[str], AbstractContextManager[Served]]:
    """``serve_home(home)``: ``arbiter serve`` over another ARBITER_HOME, as a ``with`` block."""
    return lambda home: serving(arbiter, home)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, served):
    """A fresh browser tab (its own cookies) that fails the test on any script error."""
    context = browser.new_context(base_url=served.url, locale="en-GB")
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    context.close()
    assert not errors, errors


@pytest.fixture(scope="session")
def output_dir() -> Path:
    OUTPUT.mkdir(exist_ok=True)
    return OUTPUT
