"""Where Arbiter keeps what it derives, and how it writes it safely.

Everything derived (parsed-book caches, the search index, user-ingested
rulebooks) lives under ``ARBITER_HOME`` — by default the per-user data
directory.  Every write goes to a temporary path first and is renamed into
place, so an interrupted run leaves either the old file or the new one,
never half of one.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import sys
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

HOME_VARIABLE = "ARBITER_HOME"


def arbiter_home() -> Path:
    """``$ARBITER_HOME``, else the per-user data directory; made on first use."""
    configured = os.environ.get(HOME_VARIABLE)
    if configured:
        home = Path(configured).expanduser()
    else:
        import platformdirs

        home = Path(platformdirs.user_data_dir("arbiter", appauthor=False))
    if home not in _made:  # asked for many times per page: make it once (writes make their own folders)
        with contextlib.suppress(OSError):  # a read-only or full disk: reads go on, writes say so
            home.mkdir(parents=True, exist_ok=True)
        _made.add(home)
    return home


_made: set[Path] = set()


#: Errors that say the disk refuses writes, not that Arbiter did something wrong.
_READ_ONLY = frozenset({errno.EROFS, errno.EACCES, errno.EPERM})
_FULL = frozenset({errno.ENOSPC, errno.EDQUOT})


def unwritable(error: OSError) -> str | None:
    """The one line to tell a user whose ``ARBITER_HOME`` refuses a write
    (read-only or full), or None when ``error`` is something else."""
    if error.errno in _READ_ONLY:
        return f"ARBITER_HOME ({arbiter_home()}) is read-only"
    if error.errno in _FULL:
        return f"ARBITER_HOME ({arbiter_home()}) is full"
    return None


def tolerate_unwritable(what: str, error: OSError) -> None:
    """Report once that ``what`` (a cache, the index) stays in memory because
    the disk refused it; re-raise anything else."""
    message = unwritable(error)
    if message is None:
        raise error
    if (what, message) not in _told:
        _told.add((what, message))
        print(f"arbiter: {message}; {what} is kept in memory only", file=sys.stderr)


_told: set[tuple[str, str]] = set()


def file_signature(path: Path) -> tuple[int, int, int, int, int] | None:
    """``(device, inode, size, modification ns, change ns)`` of a file or folder, None if there
    is none: what tells that a file was replaced by a rename (a new inode), a folder had a file
    added or deleted (a new modification time), or a file was written and its modification
    time set back (a new change time, which no user call can set)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns


def drop_superseded(path: Path, family: str) -> None:
    """Delete the files of ``family`` (a glob in ``path``'s folder) other than ``path``: caches
    named for an earlier code or dictionary version, which nothing reads again."""
    for other in path.parent.glob(family):
        if other != path:
            other.unlink(missing_ok=True)


def atomic_write_bytes(path: Path, data: bytes, *, make_parents: bool = True) -> None:
    """Write ``data`` to ``path`` so that readers never see a partial file.

    Arbiter's own folders are created as needed; a file the user names
    (``make_parents=False``) must go into a folder that exists.
    """
    if make_parents:
        path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.fchmod(fd, 0o644)  # mkstemp's 0600 would surprise whoever reads an export
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise


@contextlib.contextmanager
def atomic_directory(target: Path) -> Iterator[Path]:
    """Build a directory beside ``target`` and swap it in only when complete.

    The caller fills the yielded path; if it raises, ``target`` is untouched
    and the half-built directory is removed.  A process killed before it
    could clean up leaves its directories behind (named with its process
    id); the next build beside ``target`` removes them.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    _sweep_abandoned(target)
    mark = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
    building = target.parent / f".{target.name}.building-{mark}"
    building.mkdir()
    try:
        yield building
    except BaseException:
        shutil.rmtree(building, ignore_errors=True)
        raise
    retired = target.parent / f".{target.name}.retired-{mark}"
    if target.exists():
        os.replace(target, retired)
    os.replace(building, target)
    shutil.rmtree(retired, ignore_errors=True)


def _sweep_abandoned(target: Path) -> None:
    """Remove the building and retired directories of dead processes beside ``target``."""
    for stage in ("building", "retired"):
        for path in target.parent.glob(f".{target.name}.{stage}-*-*"):
            pid = path.name.rsplit("-", 2)[-2]
            if pid.isdigit() and not _alive(int(pid)):
                shutil.rmtree(path, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    return True
