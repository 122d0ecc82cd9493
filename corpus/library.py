"""The rulebooks Arbiter knows, and loading one as a :class:`Book`.

This is the entry point the other packages use::

    from corpus.library import load_book
    book = load_book("ucg")            # newest version
    book.get("5.9.4.1").text

Parsing is cached (see :mod:`corpus.cache`); a warm load is a file read.
"""

from __future__ import annotations

from functools import lru_cache

from corpus import cache, store
from corpus.errors import NotFound
from corpus.languages import edition_name, language_tag, split_edition, valid_tag, written_edition
from corpus.manifest import Manifest, bundled_manifest, version_key
from corpus.model import Book, BookInfo, ChangeEntry
from corpus.parsers import get_parser


def manifests() -> list[Manifest]:
    """Every manifest in force: the bundled one, then the user's store (if any)."""
    user = store.user_manifest()
    return [bundled_manifest()] if user is None else [bundled_manifest(), user]


#: The sorted list of :func:`all_books`, for the last manifest in force it was made from.
_sorted: tuple[Manifest, tuple[BookInfo, ...]] | None = None


def all_books() -> list[BookInfo]:
    """Every known rulebook version, by game then version, oldest first (translations first).

    Sorted again only when the user's store changed (a page asks several times;
    the bundled manifest, and the user's until it changes, are the same object).
    """
    global _sorted
    found = manifests()
    if _sorted is None or _sorted[0] is not found[-1]:
        infos = [info for manifest in found for info in manifest.books]
        _sorted = (found[-1], tuple(sorted(infos, key=_listing_order)))
    return list(_sorted[1])


def _listing_order(info: BookInfo) -> tuple[object, ...]:
    """By game; a game's translations (``1.071/fr``) before its own editions, so that the last,
    the "newest" every default means, is the newest edition in the game's own language."""
    version, language = split_edition(info.version)
    return info.game, language is None, version_key(version), language or ""


def games() -> list[str]:
    return sorted({info.game for info in all_books()})


def versions(game: str) -> list[str]:
    """The versions of ``game`` in its own language, oldest first; an unknown game is an error.

    A translation (``1.070/fr``) is not a step in the book's history: diffs, clause histories
    and "newest" run over these; :func:`editions` lists the translations too.
    """
    return [name for name in editions(game) if split_edition(name)[1] is None]


def editions(game: str) -> list[str]:
    """Every edition of ``game``: its translations, then its own versions, oldest first."""
    found = [info.version for info in all_books() if info.game == game]
    if not found:
        raise NotFound(f"unknown game {game!r}: expected one of {', '.join(games())}", "game")
    return found


def own_language(game: str) -> str:
    """The language tag of the game's own editions (those listed without ``/language``)."""
    return language_tag(book_info(game))


def versions_in(game: str, language: str | None = None) -> list[str]:
    """The versions of ``game`` in one language, oldest first: a tag (``fr``), or None for the
    game's own.  A clause's history and a diff's defaults stay within one language; an unknown
    language is an error naming the game's languages."""
    if language is not None:
        valid_tag(language, "language", error=NotFound)
    wanted = None if language is None or language == own_language(game) else language
    found = [version for version in editions(game) if split_edition(version)[1] == wanted]
    if not found:
        raise NotFound(
            f"no edition of {game} in {language!r}: expected one of {', '.join(languages(game))}", "language"
        )
    return found


def languages(game: str) -> list[str]:
    """The language tags ``game`` has editions in, its own first."""
    translated = {language for version in editions(game) if (language := split_edition(version)[1])}
    return [own_language(game), *sorted(translated)]


def other_languages(game: str, version: str) -> list[str]:
    """The editions of the same version of ``game`` in other languages (``1.070`` → ``1.070/fr``),
    the one in the game's own language first."""
    number = split_edition(version)[0]
    found = [name for name in editions(game) if split_edition(name)[0] == number and name != version]
    return sorted(found, key=lambda name: split_edition(name)[1] is not None)


def edition(game: str, written: str, field: str = "version") -> str:
    """The library's name of the edition of ``game`` a user wrote: ``1.070/fr`` and ``1.070~fr`` (as
    a web address has it) are ``1.070/fr``; ``1.070/en``, for a game whose own language is English,
    is ``1.070``.  An error names ``field`` and what was expected: a language tag, a language the
    game has editions in, a version it has in that language."""
    known = editions(game)
    if written in known:
        return written
    version, language = written_edition(written, field)
    if language is not None:
        offered = languages(game)
        if language not in offered:
            raise NotFound(
                f"no edition of {game} in {language!r}: expected one of {', '.join(offered)}", field
            )
        name = edition_name(version, language, offered[0])
        if name in known:
            return name
        in_language = versions_in(game, language)
        raise NotFound(
            f"unknown version {version!r} of {game} in {language!r}: expected one of {', '.join(in_language)}",
            field,
        )
    raise NotFound(f"unknown version {written!r} of {game}: expected one of {', '.join(known)}", field)


def book_info(game: str, version: str | None = None) -> BookInfo:
    wanted = edition(game, version) if version else editions(game)[-1]
    return next(info for info in all_books() if info.game == game and info.version == wanted)


def load_book(game: str, version: str | None = None) -> Book:
    """The parsed rulebook ``game`` at ``version`` (default: newest)."""
    return _load(book_info(game, version))


def load_version(info: BookInfo) -> Book:
    """The parsed rulebook of one entry of :func:`all_books`.  Loading every
    version this way looks each up once, not in the whole list every time."""
    return _load(info)


@lru_cache(maxsize=64)
def _load(info: BookInfo) -> Book:
    bundled = bundled_manifest()
    source = (bundled.root / info.source).read_bytes() if info in bundled.books else store.read_text(info)
    key = cache.cache_key(info, source)
    path = cache.cache_path(info, key)
    cached = cache.read(path, key)
    if cached is None:
        from corpus.coverage import coverage  # its patterns are compiled only when a book is parsed

        text = source.decode("utf-8")
        result = get_parser(info.parser)(text, info)
        share = coverage(text, result.clauses, result.excluded, info.script)
        cache.write(path, key, result, share)
    else:
        result, share = cached
    stated = result.changelog + tuple(
        entry for entry in history(info.game) if entry.to_version == info.version
    )
    return Book(
        info=info,
        clauses=result.clauses,
        problems=result.problems,
        changelog=stated,
        excluded=result.excluded,
        coverage=share,
    )


@lru_cache(maxsize=16)
def history(game: str) -> tuple[ChangeEntry, ...]:
    """Every entry of the game's separate change-history files, oldest first."""
    from corpus.changelog import parse_history

    entries: list[ChangeEntry] = []
    for manifest in manifests():
        for log in manifest.changelogs:
            if log.game == game:
                text = (manifest.root / log.source).read_text(encoding="utf-8")
                entries.extend(parse_history(text, source=log.source))
    return tuple(entries)
