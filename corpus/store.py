"""The user's own rulebook versions, kept under ``ARBITER_HOME/store``.

Bundled rulebooks ship read-only inside the package; whatever a user ingests
goes here, beside a manifest of the same shape as the bundled one, which
:func:`corpus.library.manifests` reads after it.  So an ingested version is
a version like any other for search, the reference graph and diffs.

Safety, because a tournament organiser may kill a command at any moment:

* **One writer at a time.**  Ingest and remove hold an exclusive lock on
  ``store/.lock`` (``flock``), so two ingests cannot interleave.
* **The manifest is the commit.**  A text is written under a name that
  carries its content hash, then the manifest naming it is replaced in one
  atomic rename.  Killed before that rename, the store reads exactly as it
  did (the new text is named by nothing); killed after, the ingest is done.
  Texts no manifest entry names are swept away by the next locked operation.
* **Nothing half-written.**  Every file goes through
  :func:`corpus.storage.atomic_write_bytes`.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import re
import shutil
import sys
import threading
import time
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from datetime import datetime, timezone
from pathlib import Path

from corpus import cache
from corpus.coverage import coverage
from corpus.errors import ArbiterError, NotFound
from corpus.freshness import forget, looked
from corpus.manifest import Manifest, book_info, bundled_manifest, version_key
from corpus.model import BookInfo, ParseResult, Script
from corpus.parsers import UnknownParser, get_parser
from corpus.storage import arbiter_home, atomic_write_bytes, file_signature, settled

STORE_FOLDER = "store"
MANIFEST_NAME = "manifest.toml"
TEXT_FOLDER = "rulebooks"
LOCK_NAME = ".lock"
#: Game keys become part of addresses (``game@version:id``) and file names.
GAME_KEY = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
#: Words the front ends use for their own pages (``/search``, ``/api/…``): a game
#: of that name would hide a page, or be hidden by it.
RESERVED_GAME_KEYS = frozenset({"api", "search", "rule", "versions", "lint", "compare", "static"})
VERSION = re.compile(r"^[0-9A-Za-z][0-9A-Za-z._-]{0,31}$")
#: The largest rulebook text accepted: 3 MB (27× the biggest bundled one) is measured to ingest in about
#: 22 s and be searched cold in 1.5 s; 20 MB took 5 min and 7 s (``python bench/ingest.py``, README).
MAX_BYTES = 3 * 1024 * 1024
#: How long an ingest waits for another one to finish.
LOCK_TIMEOUT = 30.0
_MANIFEST_HEADER = "# Rulebook versions ingested by the user (written by `arbiter ingest`).\n"
#: The fields of a manifest entry, in the order they are written.
_FIELDS = ("game", "game_title", "title", "version", "date", "language", "script", "source", "parser")


@dataclass(frozen=True, slots=True)
class Ingested:
    """What an ingest did: the version's manifest entry and its parse."""

    info: BookInfo
    result: ParseResult
    coverage: float
    replaced: BookInfo | None = None
    already_present: bool = False  # the same text was already stored
    new_game: bool = False


def store_root() -> Path:
    return arbiter_home() / STORE_FOLDER


class _ManifestFile:
    """The manifest's entries, parsed again only when the file's bytes changed.

    An ingest at scale would otherwise parse thousands of entries for every
    version it adds.  A file whose signature (inode, size, time) is as before
    and settled is taken as read; a recent one is read again and compared.
    """

    def __init__(self) -> None:
        self.signature: tuple | None = None
        self.data: bytes | None = None
        self.entries: tuple[dict, ...] = ()

    def current(self) -> tuple[dict, ...]:
        path = store_root() / MANIFEST_NAME
        stamp = file_signature(path)
        if stamp is None:
            return ()
        signature = (path, stamp)  # ARBITER_HOME may change between calls (tests do)
        if signature == self.signature and settled(stamp):
            return self.entries
        try:
            data = path.read_bytes()
        except FileNotFoundError:  # removed since the stat
            return ()
        if data != self.data:
            self.entries = _parse_entries(path, data)
        self.signature, self.data = signature, data
        return self.entries

    def wrote(self, path: Path, data: bytes, entries: tuple[dict, ...]) -> None:
        self.signature, self.data, self.entries = (path, file_signature(path)), data, entries


def _parse_entries(path: Path, data: bytes) -> tuple[dict, ...]:
    try:
        parsed = tomllib.loads(data.decode("utf-8"))
        return tuple({**entry, "version": str(entry["version"])} for entry in parsed.get("book", []))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError, TypeError, AttributeError) as error:
        raise ArbiterError(f"the store manifest {path} is damaged ({error}); fix or delete it",
                           "store") from None


class _InForce:
    """The user's manifest as the library sees it, worked out again only where something changed.

    Every page asks for it several times, and an ingest at scale after every
    version, so the entries come from :class:`_ManifestFile`, and a folder of
    texts is looked through again only when its signature changed (adding or
    deleting a file changes its folder's time) or is not settled.  A version
    whose text has gone missing is left out, and said so.
    """

    def __init__(self) -> None:
        self.entries: tuple[dict, ...] | None = ()  # None: the manifest is damaged
        self.books: tuple[BookInfo, ...] | None = None
        self.folders: dict[Path, tuple[BookInfo, ...]] = {}  # the books, by folder of their texts
        #: Per folder: its signature and books when last looked through, and those present.
        self.present: dict[Path, tuple[tuple | None, tuple[BookInfo, ...], list[BookInfo]]] = {}
        self.manifest: Manifest | None = None
        self._lock = threading.Lock()  # the server's threads ask at once

    def current(self) -> Manifest | None:
        with self._lock:
            return self._current()

    def _current(self) -> Manifest | None:
        try:
            entries = _manifest_file.current()
        except ArbiterError as error:
            entries = None
            if self.entries is not None:  # reported once, not on every page
                print(f"arbiter: {error.message}; ignoring it meanwhile", file=sys.stderr)
        changed = entries is not self.entries
        if changed:
            self.entries, self.books = entries, _books_of(entries)
            grouped: dict[str, list[BookInfo]] = {}
            for info in self.books or ():
                grouped.setdefault(info.source.rpartition("/")[0], []).append(info)
            root = store_root()
            self.folders = {root / folder: tuple(books) for folder, books in grouped.items()}
            self.present = {f: seen for f, seen in self.present.items() if f in self.folders}
        if not self.books:
            return None
        for folder, books in self.folders.items():
            signature = file_signature(folder)
            before = self.present.get(folder)
            if before is None or before[:2] != (signature, books) or not settled(signature):
                self.present[folder] = (signature, books, _present(books))
                changed = True
        if changed:
            kept = {info for *_, present in self.present.values() for info in present}
            self.manifest = Manifest(books=tuple(i for i in self.books if i in kept), changelogs=(),
                                     root=store_root())
        return self.manifest


_manifest_file = _ManifestFile()
_in_force = _InForce()
_reported: set[tuple[str, str]] = set()


def user_manifest() -> Manifest | None:
    """The manifest of the user's store (None while nothing is ingested, or when it is damaged)."""
    return looked(("store", store_root()), _in_force.current)


def _books_of(entries: tuple[dict, ...] | None) -> tuple[BookInfo, ...] | None:
    if entries is None:
        return None
    try:
        return tuple(book_info(entry) for entry in entries)
    except (KeyError, ValueError, TypeError) as error:
        print(f"arbiter: the store manifest has a damaged entry ({error!r}); fix or delete it; "
              "ignoring it meanwhile", file=sys.stderr)
        return None


def _present(books: tuple[BookInfo, ...]) -> list[BookInfo]:
    """The versions among ``books`` whose texts are there; the others are reported once."""
    present, root = [], store_root()
    for info in books:
        if (root / info.source).is_file():
            present.append(info)
        elif (info.game, info.version) not in _reported:
            _reported.add((info.game, info.version))
            print(f"arbiter: ingested {info.game} {info.version} has lost its text {info.source}; "
                  f"arbiter remove {info.game} {info.version} takes it out", file=sys.stderr)
    return present


def user_versions() -> list[BookInfo]:
    manifest = user_manifest()
    return list(manifest.books) if manifest else []


@contextlib.contextmanager
def locked(timeout: float | None = None) -> Iterator[None]:
    """Hold the store's exclusive lock, waiting up to ``timeout`` seconds
    (default :data:`LOCK_TIMEOUT`) for another holder; then a clear error."""
    root = store_root()
    root.mkdir(parents=True, exist_ok=True)
    with open(root / LOCK_NAME, "a+") as handle:
        deadline = time.monotonic() + (LOCK_TIMEOUT if timeout is None else timeout)
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    handle.seek(0)
                    holder = handle.read().strip() or "another process"
                    raise ArbiterError(
                        f"the rulebook store is busy (locked by {holder}); try again when it finishes",
                        "store",
                    ) from None
                time.sleep(0.05)
        handle.seek(0)
        handle.truncate()
        handle.write(f"process {os.getpid()}")
        handle.flush()
        try:
            yield
        finally:
            handle.truncate(0)
            fcntl.flock(handle, fcntl.LOCK_UN)


def ingest(
    path: Path,
    game: str,
    version: str,
    *,
    title: str | None = None,
    date: str | None = None,
    parser: str | None = None,
    replace: bool = False,
) -> Ingested:
    """Add the rulebook text at ``path`` to the store as ``game`` ``version``."""
    _check_name(game, GAME_KEY, "game", "lower-case letters, digits and _ (e.g. ucg)")
    if game in RESERVED_GAME_KEYS:
        raise ArbiterError(f"invalid game {game!r}: the name is taken by Arbiter's own pages", "game")
    _check_name(version, VERSION, "version", "letters, digits, '.', '-' and '_' (e.g. 1.7)")
    for field, value in (("title", title), ("date", date)):
        _check_label(field, value)
    text = _read_text(path)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    with locked():
        entries = _read_entries()
        if any(info.game == game and info.version == version for info in bundled_manifest().books):
            raise ArbiterError(
                f"{game} {version} is a bundled version and cannot be changed; "
                "ingest it under another version", "version",
            )
        existing = next((e for e in entries if (e["game"], e["version"]) == (game, version)), None)
        if existing is not None and existing.get("sha256") == digest and parser in (None, existing["parser"]):
            info = book_info(existing)
            result, share = _parse(text, info, str(path))
            return Ingested(info, result, share, already_present=True)
        if existing is not None and not replace:
            raise ArbiterError(
                f"{game} {version} is already in the store with a different text; "
                "pass --replace to replace it", "version",
            )
        new_game = not any(known.game == game for known in _known())
        info = _new_info(text, str(path), game, version, title, date, parser, digest)
        result, share = _parse(text, info, str(path))
        atomic_write_bytes(store_root() / info.source, text.encode("utf-8"))
        after = [e for e in entries if e is not existing]
        after.append({**_entry(info), "sha256": digest, "ingested": _now()})
        _write_entries(after)
        _sweep(after, game)
    replaced = book_info(existing) if existing else None
    return Ingested(info, result, share, replaced=replaced, new_game=new_game)


def remove(game: str, version: str) -> BookInfo:
    """Take a user-ingested version out of the store."""
    with locked():
        entries = _read_entries()
        match = next((e for e in entries if (e["game"], e["version"]) == (game, version)), None)
        if match is None:
            if any(i.game == game and i.version == version for i in bundled_manifest().books):
                raise ArbiterError(f"{game} {version} is bundled with Arbiter and read-only", "version")
            mine = ", ".join(f"{e['game']} {e['version']}" for e in entries) or "none"
            raise NotFound(f"no ingested version {version!r} of {game!r} (ingested: {mine})", "version")
        kept = [e for e in entries if e is not match]
        _write_entries(kept)
        _sweep(kept, game)
    return book_info(match)


# -- the ingested version's manifest entry -------------------------------------


def _check_name(value: str, pattern: re.Pattern[str], field: str, expected: str) -> None:
    if not pattern.fullmatch(value or ""):  # not match: "$" would let a trailing newline through
        raise ArbiterError(f"invalid {field} {value!r}: expected {expected}", field)


def _check_label(field: str, value: str | None, longest: int = 200) -> None:
    if value is None:
        return
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ArbiterError(f"the {field} is not valid text", field) from None
    if len(value) > longest or any(ord(char) < 32 for char in value):
        raise ArbiterError(f"the {field} must be one line of at most {longest} characters", field)


def _read_text(path: Path) -> str:
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise ArbiterError(f"{path} is {size} bytes; the limit is {MAX_BYTES}", "file")
        data = path.read_bytes()
    except (FileNotFoundError, IsADirectoryError, PermissionError) as error:
        raise ArbiterError(f"cannot read {path}: {error.strerror}", "file") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ArbiterError(
            f"{path} is not UTF-8 text (byte {error.start}); save it as UTF-8 and try again", "file"
        ) from None
    if not text.strip():
        raise ArbiterError(f"{path} is empty", "file")
    return text


def _known() -> list[BookInfo]:
    return [*bundled_manifest().books, *user_versions()]


def _new_info(text, source, game, version, title, date, parser, digest) -> BookInfo:
    from corpus.versions.detect import detect_layout, detect_script

    same_game = sorted((i for i in _known() if i.game == game), key=lambda i: version_key(i.version))
    model = same_game[-1] if same_game else None
    script = detect_script(text)
    return BookInfo(
        game=game,
        game_title=model.game_title if model else game,
        title=title or (model.title if model else f"{game} {version}"),
        version=version,
        date=date or "",
        language=model.language if model else ("en" if script is Script.LATN else "zh"),
        script=script,
        source=f"{TEXT_FOLDER}/{game}/{version}-{digest[:16]}.txt",
        parser=parser or detect_layout(text, source),
    )


def _parse(text: str, info: BookInfo, source: str) -> tuple[ParseResult, float]:
    """Parse with the chosen parser and leave the result in the corpus cache,
    so the first load after the ingest is warm."""
    try:
        parse = get_parser(info.parser)
    except UnknownParser as error:
        raise ArbiterError(str(error), "parser") from None
    try:
        result = parse(text, info)
    except Exception as error:  # a text the parser cannot read is bad input here
        raise ArbiterError(
            f"the {info.parser} parser cannot read {source}: {type(error).__name__}: {error}", "parser"
        ) from None
    if not result.clauses:
        raise ArbiterError(
            f"the {info.parser} parser found no clauses in {source}; is --parser right?", "parser"
        )
    share = coverage(text, result.clauses, result.excluded, info.script)
    key = cache.cache_key(info, text.encode("utf-8"))
    cache.write(cache.cache_path(info, key), key, result, share)
    return result, share


# -- the manifest file ------------------------------------------------------------


def _read_entries() -> list[dict]:
    return list(_manifest_file.current())


def _entry(info: BookInfo) -> dict:
    values = {name: getattr(info, name) for name in _FIELDS}
    values["script"] = info.script.value
    return values


def _write_entries(entries: list[dict]) -> None:
    """Replace the manifest in one atomic rename: the commit of every change."""
    written = tuple({key: str(value) for key, value in entry.items()}
                    for entry in sorted(entries, key=lambda e: (e["game"], version_key(e["version"]))))
    blocks = [_MANIFEST_HEADER, *(_block(tuple(entry.items())) for entry in written)]
    path, data = store_root() / MANIFEST_NAME, "".join(blocks).encode("utf-8")
    atomic_write_bytes(path, data)
    _manifest_file.wrote(path, data, written)  # what the next read would parse
    forget()


@lru_cache(maxsize=65536)
def _block(items: tuple[tuple[str, str], ...]) -> str:
    """One entry as TOML (kept: an ingest rewrites every entry, and most are as before)."""
    # JSON string syntax is valid TOML basic-string syntax.
    lines = ["", "[[book]]", *(f"{key} = {json.dumps(value, ensure_ascii=False)}" for key, value in items)]
    return "\n".join(lines) + "\n"


def _sweep(entries: list[dict], game: str) -> None:
    """Delete what no entry names in ``game``'s folder (texts of replaced
    versions and of interrupted ingests), and temporary files a killed write
    left behind.  Only the game just written to is looked through: the cost
    of an ingest must not grow with the whole store."""
    root = store_root()
    for path in root.glob(f".{MANIFEST_NAME}.*.tmp"):
        path.unlink(missing_ok=True)
    folder = root / TEXT_FOLDER / game
    if not folder.is_dir():
        return
    named = {e["source"] for e in entries if e["game"] == game}
    for path in folder.iterdir():
        if path.relative_to(root).as_posix() not in named:
            _delete(path)
    if not any(folder.iterdir()):
        folder.rmdir()


def _delete(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")
