"""Reading a rulebook file a user hands to Arbiter, refusing cheaply what cannot be one.

Only a regular file is read (``/dev/zero`` or a FIFO would be read without
end), and never more than :data:`MAX_FILE_BYTES` + 1 bytes of it, whatever its
size claims to be: the size is known to be too big as soon as one byte
more has been read.  What the bytes are (PDF, saved web page, text) is
:mod:`corpus.formats`' business.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from corpus.errors import ArbiterError

#: The largest rulebook text accepted: 3 MB (27× the biggest bundled book) is measured to ingest in
#: about 22 s and be searched cold in 1.5 s; 20 MB took 5 min and 7 s (`python bench/ingest.py`, README).
MAX_BYTES = 3 * 1024 * 1024
#: The largest file read: a PDF with its pictures runs to tens of megabytes for far less text,
#: which :data:`MAX_BYTES` bounds once it is out.
MAX_FILE_BYTES = 64 * 1024 * 1024


def read_rulebook_text(path: Path) -> str:
    """The text of the rulebook file at ``path`` (PDF, HTML or text), or a clear error naming the file."""
    from corpus.formats import kind_of, rulebook_text

    data = read_regular_file(path, MAX_FILE_BYTES)
    if len(data) > MAX_BYTES and kind_of(data, path) != "pdf":  # a text is no smaller than its file
        raise ArbiterError(f"{path} is too large: the limit is {MAX_BYTES} bytes of text", "file")
    text = rulebook_text(data, path)
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise ArbiterError(f"{path} holds too much text: the limit is {MAX_BYTES} bytes of text", "file")
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
