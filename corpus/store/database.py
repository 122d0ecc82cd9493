"""The store's SQLite database: opening it safely, reading it, one transaction per change.

Why SQLite and not files plus a manifest: a commit is atomic and durable
(write-ahead log, ``synchronous = FULL``), a killed ingest leaves the store
as it was, two writers wait for each other instead of interleaving, and a
damaged file is *told* apart from an empty store — the failure that once
lost a user's versions was a zero-byte manifest read as "nothing ingested".

Everything SQLite-only is here, in the connection set-up; the tables and
statements are in :mod:`corpus.store.schema`.

* **Created whole.**  A new database is built under a temporary name and
  renamed into place, so a store file that exists is never legitimately
  empty: a zero-byte, truncated, garbage or foreign file is *damaged*, said
  so, and never written over.
* **Checked when it changed.**  ``PRAGMA integrity_check`` runs when the
  file (or its log) is not as it was at the last check that passed; the
  signature that passed is kept beside the corpus cache.
* **Readable when the disk refuses writes.**  On a read-only home the
  database is opened read-only (immutable when even its log cannot be made).
* **Fresh for every reader.**  Each thread (and each forked server worker)
  has its own connection; :meth:`StoreDatabase.generation` is one query,
  and tells whether another process committed since.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import sys
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

from corpus.errors import ArbiterError
from corpus.storage import arbiter_home, atomic_write_bytes, file_signature, unwritable
from corpus.store import schema

#: How long a writer waits for another one to finish, in seconds.
BUSY_TIMEOUT = 30.0


class StoreDamaged(ArbiterError):
    """The store's database cannot be read as a store; nothing in it is touched."""

    code = "store_damaged"
    status = 503

    def __init__(self, path: Path, why: str):
        super().__init__(
            f"the rulebook store {path} is damaged ({why}); Arbiter will not write to it. "
            "Restore it from a backup, or move it away to start an empty store; "
            "the bundled rulebooks work meanwhile",
            "store",
        )


class StoreUnavailable(ArbiterError):
    """A write the disk or another writer refused; the store is as it was."""

    code = "store_unavailable"
    status = 503


class StoreDatabase:
    """The database file at ``path``, with one connection per thread and process."""

    def __init__(self, path: Path):
        self.path = path
        self._local = threading.local()
        self._checked_lock = threading.Lock()

    # -- reading -------------------------------------------------------------

    def exists(self) -> bool:
        return self.path.exists()

    def reader(self) -> sqlite3.Connection | None:
        """This thread's connection, checked; None while no store has been made."""
        connection = self._connection()
        if connection is None:
            return None
        self._check(connection)
        self._upgrade(connection)
        return connection

    def generation(self, connection: sqlite3.Connection) -> int:
        """The store's change counter, read on a connection from :meth:`reader`."""
        return self._state(connection)[1]

    # -- writing -------------------------------------------------------------

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: all of it is committed, or none of it.

        It starts ``IMMEDIATE``, taking the write lock at once: a second
        writer waits here (up to :data:`BUSY_TIMEOUT`) and then reads what
        the first committed.  The generation goes up with the commit.
        """
        with translated(self.path):
            connection = self._writable()
            connection.execute("BEGIN IMMEDIATE")
            try:
                yield connection
                connection.execute(schema.NEXT_GENERATION)
                connection.execute("COMMIT")
            except BaseException:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
                raise
            # Copy the log into the file now, not some 1000 pages later: a reader on a
            # read-only disk opens the file immutable, and sees only what is in it.
            connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
            self._passed(connection)  # what this process committed needs no check

    def check_writable(self) -> None:
        """Refuse at once, before any slow work, when the store cannot be written."""
        with translated(self.path):
            connection = self._writable()
            connection.execute("BEGIN IMMEDIATE")
            try:  # SQLite opens a file on a read-only disk read-only without a word: a write tells
                connection.execute(schema.TOUCH_STATE)
            finally:
                connection.execute("ROLLBACK")

    def _writable(self) -> sqlite3.Connection:
        if not self.path.exists():
            self._create()
        connection = self._connection()
        if connection is None:  # removed between the two lines above
            raise StoreUnavailable(f"the rulebook store {self.path} vanished while opening it", "store")
        if getattr(self._local, "read_only", False):
            raise StoreUnavailable(f"ARBITER_HOME ({arbiter_home()}) is read-only", "store")
        self._check(connection)
        self._upgrade(connection)
        return connection

    def _upgrade(self, connection: sqlite3.Connection) -> None:
        """Move a store of an earlier schema to this one (:data:`schema.MIGRATIONS`), in one transaction.

        Looked at once per connection; another process may be upgrading too, so
        the schema is read again under the write lock.
        """
        if getattr(self._local, "upgraded", None) is connection:
            return
        if self._state(connection)[0] < schema.SCHEMA_VERSION:
            if getattr(self._local, "read_only", False):
                raise StoreUnavailable(
                    f"the rulebook store {self.path} was written by an earlier Arbiter and ARBITER_HOME "
                    f"({arbiter_home()}) is read-only, so it cannot be upgraded; the bundled rulebooks work meanwhile",
                    "store",
                )
            self._local.upgraded = connection  # the transaction opens this connection again: no second look
            try:
                with self.transaction() as writing:
                    version = self._state(writing)[0]
                    while version < schema.SCHEMA_VERSION:
                        for statement in schema.MIGRATIONS[version]:
                            writing.execute(statement)
                        version += 1
            except BaseException:
                self._local.upgraded = None
                raise
        self._local.upgraded = connection

    def _create(self) -> None:
        """Make an empty store under a temporary name, then rename it into place."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        building = self.path.with_name(f".{self.path.name}.{os.getpid()}-{uuid.uuid4().hex[:8]}.new")
        try:
            connection = sqlite3.connect(building, isolation_level=None)
            try:
                connection.execute("PRAGMA journal_mode = WAL")
                connection.execute("BEGIN")
                for statement in schema.CREATE:
                    connection.execute(statement)
                connection.execute(schema.INITIAL_STATE, (schema.SCHEMA_VERSION,))
                connection.execute("COMMIT")
                connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                connection.close()
            with contextlib.suppress(FileExistsError):  # another process made one first: keep theirs
                os.link(building, self.path)
        finally:
            for leftover in (
                building,
                building.with_name(building.name + "-wal"),
                building.with_name(building.name + "-shm"),
            ):
                leftover.unlink(missing_ok=True)

    # -- connections -----------------------------------------------------------

    def _connection(self) -> sqlite3.Connection | None:
        local = self._local
        if getattr(local, "pid", None) == os.getpid() and getattr(local, "path", None) == self.path:
            return local.connection  # type: ignore[no-any-return]  # threading.local is untyped
        if not self.path.exists():
            return None
        with translated(self.path):
            connection, read_only = _open(self.path)
        local.connection, local.read_only, local.pid, local.path = (
            connection,
            read_only,
            os.getpid(),
            self.path,
        )
        return connection

    def _state(self, connection: sqlite3.Connection) -> tuple[int, int]:
        with translated(self.path):
            try:
                row = connection.execute(schema.STATE).fetchone()
            except sqlite3.OperationalError as error:
                if "no such table" in str(error):
                    raise StoreDamaged(self.path, "it is not an Arbiter store") from None
                raise
        if row is None:
            raise StoreDamaged(self.path, "its state row is missing")
        if row[0] > schema.SCHEMA_VERSION:
            raise ArbiterError(
                f"the rulebook store {self.path} was written by a newer Arbiter (schema {row[0]}); "
                "upgrade Arbiter to use it",
                "store",
            )
        return int(row[0]), int(row[1])

    # -- the integrity check --------------------------------------------------

    def _check(self, connection: sqlite3.Connection) -> None:
        """``PRAGMA integrity_check`` when the file is not as at the last check that passed."""
        signature = self._signature()
        with self._checked_lock:
            if signature == _passed_signatures.get(self.path):
                return
            if signature == self._recorded():
                _passed_signatures[self.path] = signature
                return
            if self.path.stat().st_size == 0:
                raise StoreDamaged(self.path, "the file is empty (0 bytes)")
            with translated(self.path):
                problems = [row[0] for row in connection.execute("PRAGMA integrity_check").fetchall()]
            if problems != ["ok"]:
                raise StoreDamaged(self.path, "; ".join(problems[:3]))
            self._state(connection)
            _passed_signatures[self.path] = signature
            self._record(signature)

    def _passed(self, connection: sqlite3.Connection) -> None:
        with self._checked_lock:
            signature = self._signature()
            _passed_signatures[self.path] = signature
            self._record(signature)

    def _signature(self) -> list[object]:
        return [file_signature(self.path), file_signature(self.path.with_name(self.path.name + "-wal"))]

    def _marker(self) -> Path:
        return arbiter_home() / "cache" / "store-checked.json"

    def _recorded(self) -> list[object] | None:
        try:
            data = json.loads(self._marker().read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return (
            [tuple(part) if part is not None else None for part in data] if isinstance(data, list) else None
        )

    def _record(self, signature: list[object]) -> None:
        with contextlib.suppress(OSError):  # on a read-only home, each process checks once
            atomic_write_bytes(self._marker(), json.dumps(signature).encode())


#: Per database path, the file signature whose integrity check passed in this process.
_passed_signatures: dict[Path, list[object]] = {}


def _open(path: Path) -> tuple[sqlite3.Connection, bool]:
    """A connection to an existing store: read-write, else read-only, else immutable.

    Returns the connection and whether it is read-only.  A write-ahead-log
    database needs its shared-memory file even to read; where the folder
    refuses it, the file is opened immutable (the last writer checkpointed it).
    """
    attempts = (("rw", False), ("ro", True), ("ro&immutable=1", True))
    for mode, read_only in attempts:
        connection = sqlite3.connect(
            f"file:{path}?mode={mode}",
            uri=True,
            timeout=BUSY_TIMEOUT,
            isolation_level=None,
            check_same_thread=True,
        )
        try:
            connection.execute("PRAGMA foreign_keys = ON")
            if not read_only:
                connection.execute("PRAGMA synchronous = FULL")
            connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.DatabaseError as error:
            connection.close()
            if _kind(error) in ("readonly", "cantopen") and mode != attempts[-1][0]:
                continue
            if _kind(error) == "corrupt":
                raise StoreDamaged(path, str(error)) from None
            raise
        return connection, read_only
    raise AssertionError("unreachable: the last attempt returns or raises")


def _kind(error: sqlite3.Error) -> str:
    """What an SQLite error is about: ``busy``, ``full``, ``readonly``, ``corrupt``, ``cantopen``, ``io``."""
    name = getattr(error, "sqlite_errorname", "") or ""
    text = str(error)
    if (
        name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB"))
        or "not a database" in text
        or "malformed" in text
    ):
        return "corrupt"
    for prefix, kind in (
        ("SQLITE_BUSY", "busy"),
        ("SQLITE_LOCKED", "busy"),
        ("SQLITE_FULL", "full"),
        ("SQLITE_READONLY", "readonly"),
        ("SQLITE_CANTOPEN", "cantopen"),
        ("SQLITE_IOERR", "io"),
        ("SQLITE_PERM", "readonly"),
    ):
        if name.startswith(prefix):
            return kind
    return "other"


@contextlib.contextmanager
def translated(path: Path) -> Iterator[None]:
    """Turn what the disk or SQLite refuses into one clear line naming the store."""
    try:
        yield
    except OSError as error:
        message = unwritable(error)
        if message is None:
            raise
        raise StoreUnavailable(message, "store") from None
    except sqlite3.DatabaseError as error:
        kind = _kind(error)
        if kind == "corrupt":
            raise StoreDamaged(path, str(error)) from None
        if kind == "busy":
            raise StoreUnavailable(
                "the rulebook store is busy (another ingest or remove is running); try again when it finishes",
                "store",
            ) from None
        if kind == "full" or (kind == "io" and _full(path)):
            raise StoreUnavailable(f"ARBITER_HOME ({arbiter_home()}) is full", "store") from None
        if kind in ("readonly", "cantopen"):
            raise StoreUnavailable(f"ARBITER_HOME ({arbiter_home()}) is read-only", "store") from None
        print(f"arbiter: the rulebook store {path}: {error}", file=sys.stderr)
        raise StoreUnavailable(f"the rulebook store {path} could not be used ({error})", "store") from None


def _full(path: Path) -> bool:
    """Whether the disk holding ``path`` has (next to) no room left: an I/O error there means full."""
    try:
        stats = os.statvfs(path.parent)
    except OSError:
        return False
    return stats.f_bavail * stats.f_frsize < 1024 * 1024
