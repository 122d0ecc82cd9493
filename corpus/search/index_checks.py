"""Checking the index's files against the sizes and CRCs its manifest recorded when they were written.

Reading every byte of the index (18 MB for the bundled books) takes about
as long as the rest of opening it, and every command-line search opens it.
So a check that passed is remembered beside the index (``.whoosh.checked``)
with each file's identity — device, inode, size, and modification and
change times in nanoseconds — and a file whose identity is still the one
remembered is not read again: the store's ``PRAGMA integrity_check`` is
remembered the same way (:mod:`corpus.store`).  Writing to a file, renaming
another over it, linking or truncating it, or setting its modification time
back all give it a new change time, which no user-space call can set; so a
file not as it was when it last passed is read in full and checked again.
What this does not see is a change below the file system (a disk's own
damage), which leaves the times alone.
"""

from __future__ import annotations

import contextlib
import json
import zlib
from pathlib import Path

from corpus.storage import atomic_write_bytes, file_signature

#: Files of the index directory that are not the index's content.
_SKIPPED_SUFFIX = "LOCK"


def file_checks(
    directory: Path, skip: str, linked: dict[str, list[int]] | None = None
) -> dict[str, list[int]]:
    """``name → [size, crc32]`` of every index file (``skip``, the manifest, and whoosh's lock files excepted).

    ``linked`` are the checks of files an update took over as hard links:
    whoosh never writes to a file again, so one of the same name and size
    is the file they were made of, and is not read again (at 1000× the
    bundled corpus the index is 8 GB, and an update adds a few MB).
    """
    checks, linked = {}, linked or {}
    for path in _content_files(directory, skip):
        known = linked.get(path.name)
        if known is not None and known[0] == path.stat().st_size:
            checks[path.name] = known
            continue
        data = path.read_bytes()
        checks[path.name] = [len(data), zlib.crc32(data)]
    return checks


def files_match(directory: Path, skip: str, expected: dict[str, list[int]]) -> bool:
    """Whether the index files are exactly those of ``expected`` (``name → [size, crc32]``): read and
    checked in full unless each is, by its identity, the file that last passed (see the module)."""
    before = _identities(directory, skip)
    if before.keys() == expected.keys() and _remembered(directory) == _passed(expected, before):
        return True
    if file_checks(directory, skip) != expected:
        return False
    if _identities(directory, skip) == before:  # not changed while it was read
        with contextlib.suppress(OSError):  # a read-only or full home checks in full every time
            passed = json.dumps(_passed(expected, before)).encode()
            atomic_write_bytes(record_path(directory), passed, make_parents=False)
    return True


def _passed(expected: dict[str, list[int]], identities: dict[str, list[int]]) -> dict[str, list[int]]:
    return {name: [*expected[name], *identity] for name, identity in identities.items()}


def _identities(directory: Path, skip: str) -> dict[str, list[int]]:
    """``name → file_signature`` of each index file (one that vanished while listed is left out,
    so the names no longer match what was checked)."""
    identities = {}
    for path in _content_files(directory, skip):
        signature = file_signature(path)
        if signature is not None:
            identities[path.name] = list(signature)
    return identities


def _content_files(directory: Path, skip: str) -> list[Path]:
    return [
        path
        for path in sorted(directory.iterdir())
        if path.name != skip and not path.name.endswith(_SKIPPED_SUFFIX) and path.is_file()
    ]


def record_path(directory: Path) -> Path:
    """Where the check of ``directory``'s files that last passed is remembered (beside it)."""
    return directory.parent / f".{directory.name}.checked"


def _remembered(directory: Path) -> object:
    """The files as they were when they last passed; None when no check is remembered."""
    try:
        return json.loads(record_path(directory).read_text(encoding="utf-8"))
    except (OSError, ValueError):  # none yet, or unreadable: every file is read
        return None
