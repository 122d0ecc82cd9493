"""The packages depend one way: corpus ← graph ← judge ← webapp.

Read from the source with ``ast`` (imports inside functions count too), so a
lazy import that climbs the wrong way is caught as surely as a top-level one.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ORDER = ["corpus", "graph", "judge", "webapp"]


def imported_packages(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names & set(ORDER)


@pytest.mark.parametrize("package", ORDER[:-1])
def test_no_package_imports_from_one_above_it(package):
    above = set(ORDER[ORDER.index(package) + 1 :])
    offenders = {
        str(path.relative_to(ROOT)): sorted(imported_packages(path) & above)
        for path in (ROOT / package).rglob("*.py")
        if imported_packages(path) & above
    }
    assert offenders == {}
