"""Reading a rulebook file a user hands to Arbiter, refusing cheaply what cannot be one.

Only a regular file is read (``/dev/zero`` or a FIFO would be read without
end), and never more than :data:`MAX_BYTES` + 1 bytes of it, whatever its
size claims to be: the size is known to be too big as soon as one byte
more has been read.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from corpus.errors import ArbiterError

#: The largest rulebook text accepted: 3 MB (27× the biggest bundled book) is measured to ingest in
#: about 22 s and be searched cold in 1.5 s; 20 MB took 5 min and 7 s (`python bench/ingest.py`, README).
MAX_BYTES = 3 * 1024 * 1024


def read_rulebook_text(path: Path) -> str:
    """The text of the rulebook file at ``path``, or a clear error naming the file."""
    data = read_regular_file(path, MAX_BYTES)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ArbiterError(
            f"{path} is not UTF-8 text (byte {error.start}); save it as UTF-8 and try again", "file"
        ) from None
    if not text.strip():
        raise ArbiterError(f"{path} is empty", "file")
    return text


def read_regular_file(path: Path, limit: int) -> bytes:
    """At most ``limit`` bytes of the regular file at ``path``; anything else is refused."""
    try:
        # Non-blocking, so that opening a FIFO with no writer returns at once (reads of a file are unaffected).
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except (FileNotFoundError, PermissionError, NotADirectoryError) as error:
        raise ArbiterError(f"cannot read {path}: {error.strerror}", "file") from None
    mode = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(mode):
        os.close(descriptor)
        raise ArbiterError(f"{path} is not a regular file ({_kind(mode)}); give a rulebook file", "file")
    with open(descriptor, "rb", closefd=True) as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise ArbiterError(f"{path} is too large: the limit is {limit} bytes", "file")
    return data


def _kind(mode: int) -> str:
    for test, name in (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a pipe"),
        (stat.S_ISCHR, "a device"),
        (stat.S_ISBLK, "a device"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return name
    return "not a plain file"
