"""Reading a rulebook file a user hands to Arbiter, refusing cheaply what cannot be one.

Only a regular file is read (``/dev/zero`` or a FIFO would be read without
end), and never more than :data:`MAX_BYTES` + 1 bytes of it, whatever its
size claims to be: the size is known to be too big as soon as one byte
more has been read.  What the bytes are (PDF, saved web page, text) is
:mod:`corpus.formats`' business.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from corpus.errors import ArbiterError

#: The largest rulebook file accepted: a PDF with its pictures runs to tens of megabytes
#: (the text that comes out of it is bounded by :data:`corpus.formats.MAX_TEXT_CHARACTERS`).
MAX_BYTES = 64 * 1024 * 1024


def read_rulebook_text(path: Path) -> str:
    """The text of the rulebook file at ``path`` (PDF, HTML or text), or a clear error naming the file."""
    from corpus.formats import rulebook_text

    return rulebook_text(read_regular_file(path, MAX_BYTES), path)


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
