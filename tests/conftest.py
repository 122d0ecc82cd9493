"""Shared fixtures: every test run gets its own ARBITER_HOME.

Tests use the real bundled rulebooks; only the place Arbiter writes its
caches and indexes is redirected, so a run never touches the user's data.
"""

from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True, scope="session")
def arbiter_home(tmp_path_factory) -> str:
    home = tmp_path_factory.mktemp("arbiter-home")
    previous = os.environ.get("ARBITER_HOME")
    os.environ["ARBITER_HOME"] = str(home)
    yield str(home)
    if previous is None:
        os.environ.pop("ARBITER_HOME", None)
    else:
        os.environ["ARBITER_HOME"] = previous
