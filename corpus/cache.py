"""The parsed-corpus cache: parse a source once, load it in milliseconds after.

An entry is keyed by the source's content hash, the parser's name and a
fingerprint of the parsing code, so editing either the rulebook or a parser
invalidates it.  Entries are written atomically; one that cannot be read
back (truncated, corrupt, from another Arbiter) is reported and rebuilt.
"""

from __future__ import annotations

import hashlib
import sys
from functools import cache
from pathlib import Path

from corpus.kept import Damaged, keep, read_kept
from corpus.model import BookInfo, ParseResult
from corpus.storage import arbiter_home, drop_superseded

#: The modules whose code decides what a parse produces.
_CODE_GLOBS = ("model.py", "repair.py", "changelog.py", "coverage.py", "parsers/*.py")


@cache
def code_fingerprint() -> str:
    digest = hashlib.sha256()
    for path in code_files():
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def code_files() -> list[Path]:
    """The files :func:`code_fingerprint` reads, in order."""
    root = Path(__file__).parent
    return [path for pattern in _CODE_GLOBS for path in sorted(root.glob(pattern))]


def cache_key(info: BookInfo, source: bytes) -> str:
    digest = hashlib.sha256()
    for part in (info.parser.encode(), code_fingerprint().encode(), source):
        digest.update(len(part).to_bytes(8, "big"))
        digest.update(part)
    return digest.hexdigest()


def cache_path(info: BookInfo, key: str) -> Path:
    safe = f"{info.game}@{info.version}".replace("/", "_")
    return arbiter_home() / "cache" / "corpus" / f"{safe}-{key[:20]}.pickle"


def read(path: Path, key: str) -> tuple[ParseResult, float] | None:
    """The cached parse, or ``None`` when missing; a bad entry is reported."""
    try:
        stored_key, result, coverage = read_kept(path)
        if stored_key != key or not isinstance(result, ParseResult):
            raise Damaged("entry does not match its key")
    except FileNotFoundError:
        return None
    except (OSError, Damaged, ValueError, TypeError) as error:  # ValueError, TypeError: not a triple
        print(f"arbiter: corpus cache {path.name} is unreadable ({error}); rebuilding", file=sys.stderr)
        return None
    return result, coverage


def write(path: Path, key: str, result: ParseResult, coverage: float) -> None:
    """Keep a parse for next time; on a read-only or full disk it is parsed again next time instead."""
    if keep(path, (key, result, coverage), "the parsed-rulebook cache"):
        drop_superseded(path, path.name.rsplit("-", 1)[0] + "-*.pickle")
