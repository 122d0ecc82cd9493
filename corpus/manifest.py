"""Read the manifest that names every bundled rulebook version.

The manifest is data, not code: adding a bundled version is one ``[[book]]``
entry in ``manifest.toml`` and its text file beside it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from corpus.model import BookInfo, Script

MANIFEST_NAME = "manifest.toml"
RULEBOOK_FOLDER = "rulebooks"


@dataclass(frozen=True, slots=True)
class ChangelogSource:
    """A publisher's change history kept in a file of its own (dbscg)."""

    game: str
    source: str


@dataclass(frozen=True, slots=True)
class Manifest:
    books: tuple[BookInfo, ...]
    changelogs: tuple[ChangelogSource, ...]
    root: Path  # the folder the ``source`` paths are relative to


def package_root() -> Path:
    """The folder of the ``corpus`` package (asking ``importlib.resources`` imports ``zipfile``,
    for a package that is always files: every part of Arbiter reads its own folder so)."""
    return Path(__file__).parent


@cache
def bundled_manifest() -> Manifest:
    """The manifest of the rulebooks shipped inside the package."""
    return read_manifest(manifest_path(), package_root() / RULEBOOK_FOLDER)


def manifest_path() -> Path:
    """The bundled manifest's file."""
    return package_root() / MANIFEST_NAME


def read_manifest(path: Path, root: Path) -> Manifest:
    import tomllib  # a search that knows the library's signature parses no manifest

    data = tomllib.loads(path.read_text(encoding="utf-8"))
    books = tuple(book_info(entry) for entry in data.get("book", []))
    changelogs = tuple(
        ChangelogSource(game=entry["game"], source=entry["source"]) for entry in data.get("changelog", [])
    )
    return Manifest(books=books, changelogs=changelogs, root=root)


def book_info(entry: dict[str, Any]) -> BookInfo:
    return BookInfo(
        game=entry["game"],
        game_title=entry.get("game_title", ""),
        game_title_zh=entry.get("game_title_zh", ""),
        title=entry["title"],
        version=str(entry["version"]),
        date=str(entry.get("date", "")),
        language=entry["language"],
        script=Script(entry["script"]),
        source=entry["source"],
        parser=entry["parser"],
        chapters=tuple(entry.get("chapters", ())),
    )


def version_key(version: str) -> tuple[tuple[int, int, str], ...]:
    """Sort versions numerically where they are numbers ("1.071" > "1.070", "17.0" > "9.0")."""
    parts = []
    for piece in version.replace("-", ".").split("."):
        parts.append((0, int(piece), "") if piece.isdigit() else (1, 0, piece))
    return tuple(parts)
