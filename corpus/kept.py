"""Values one process keeps under ``ARBITER_HOME/cache`` for the next, verified when read back.

A kept value only saves a later process work (a parsed book, the dictionary's stems, the
library's signature, what the search index holds), so a file that is missing, damaged or
written by another version of Arbiter is never an error: the value is worked out again.
What must not happen is that a damaged file is *used*.  pickle alone does not promise that:
a flipped byte can load as a different value, and a cut-short file fails with whatever
exception the cut lands on.  So each file carries the SHA-256 digest of its payload, and
the payload is unpickled only when the digest matches.

The file is ``MAGIC``, the 32-byte digest, then the pickle; it is written by
:func:`corpus.storage.atomic_write_bytes`, so a reader sees the old file or the new one.
"""

from __future__ import annotations

import hashlib
import pickle
from pathlib import Path
from typing import Any

from corpus.storage import atomic_write_bytes, tolerate_unwritable

#: The first bytes of every kept file; a new layout of the file gets a new number.
MAGIC = b"arbiter-kept-1\n"
_DIGEST = hashlib.sha256().digest_size


class Damaged(ValueError):
    """A kept file whose bytes are not those that were written (or not written by this layout)."""


def keep(path: Path, value: object, what: str) -> bool:
    """Keep ``value`` at ``path`` for the next process; whether it was written.  A read-only or
    full home is reported once, naming ``what``, and the value is worked out again next time;
    any other error rises."""
    payload = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    try:
        atomic_write_bytes(path, MAGIC + hashlib.sha256(payload).digest() + payload)
    except OSError as error:
        tolerate_unwritable(what, error)
        return False
    return True


def read_kept(path: Path) -> Any:
    """The value kept at ``path``.

    Raises ``FileNotFoundError`` (or another ``OSError``) when it cannot be read, and
    :class:`Damaged` when its bytes fail their digest or do not unpickle; the caller checks
    that the value is the one it asked for (its key, its type).
    """
    blob = path.read_bytes()
    start = len(MAGIC) + _DIGEST
    if not blob.startswith(MAGIC):
        raise Damaged("not a file this version of Arbiter keeps")
    if len(blob) < start or hashlib.sha256(blob[start:]).digest() != blob[len(MAGIC) : start]:
        raise Damaged("its bytes do not match their checksum")
    try:
        return pickle.loads(blob[start:])
    except Exception as error:  # the digest matched: written from classes this code no longer has
        raise Damaged(f"it holds what this code cannot load ({error.__class__.__name__})") from error
