"""The writing side of the store: ingest a rulebook version, remove one.

Each is one database transaction: all of it is committed or none of it,
so a command killed at any point leaves the store as it was or as it
will be, never between.  The slow part, parsing, happens before the
transaction; under it, what another writer may have done meanwhile is read
again and decided on.  A text is deleted only in the transaction that
removes the last edition naming it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from corpus import cache
from corpus.errors import ArbiterError, NotFound
from corpus.freshness import forget
from corpus.intake import read_rulebook_text
from corpus.languages import checked_tag, detect_language, edition_name, language_tag, split_edition
from corpus.manifest import bundled_manifest, version_key
from corpus.model import BookInfo, ParseResult
from corpus.parsers import UnknownParser, get_parser
from corpus.store import names, schema
from corpus.store.editions import database, info_of, source_name, user_versions
from corpus.titlepage import printed_date, printed_title


@dataclass(frozen=True, slots=True)
class Ingested:
    """What an ingest did: the version's entry and its parse."""

    info: BookInfo
    result: ParseResult
    coverage: float
    replaced: BookInfo | None = None
    already_present: bool = False  # the same text, with the same title and date, was already stored
    new_game: bool = False


def ingest(
    path: Path,
    game: str,
    version: str,
    *,
    title: str | None = None,
    date: str | None = None,
    parser: str | None = None,
    replace: bool = False,
    lang: str | None = None,
) -> Ingested:
    """Add the rulebook file at ``path`` (PDF, web page or text) to the store as ``game`` ``version``,
    in the language ``lang`` (default: detected); a language other than the game's own makes
    the edition ``version/lang``."""
    names.check_game(game)
    names.check_version(version)
    names.check_label("title", title)
    names.check_date(date)
    database().check_writable()
    from corpus.versions.detect import detect_script

    text = read_rulebook_text(path)
    script = detect_script(text)
    language = checked_tag(lang, script) if lang else detect_language(text, script)
    edition = edition_name(version, language, _game_language(game, language))
    if any(info.game == game and info.version == edition for info in bundled_manifest().books):
        raise ArbiterError(
            f"{game} {edition} is a bundled version and cannot be changed; ingest it under another version",
            "version",
        )
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    existing = _stored(game, edition)
    info = _new_info(text, game, edition, language, title, date, parser, digest, existing)
    if existing is not None and _same(existing, info):
        result, share = _parse(text, existing, str(path))
        return Ingested(existing, result, share, already_present=True)
    if existing is not None and not replace:
        raise _taken(existing, info)
    new_game = not any(known.game == game for known in _known())
    result, share = _parse(text, info, str(path))
    with database().transaction() as connection:
        row = connection.execute(schema.EDITION, (game, edition)).fetchone()
        now = info_of(row) if row else None
        if now is not None and now != existing:  # another ingest committed meanwhile
            if _same(now, info):
                return Ingested(now, result, share, already_present=True)
            if not replace:
                raise _taken(now, info)
        if row is not None:
            connection.execute(schema.DELETE_EDITION, (game, edition))
        if connection.execute(schema.HAS_TEXT, (digest,)).fetchone() is None:
            connection.execute(schema.INSERT_TEXT, (digest, len(text.encode("utf-8")), text))
        connection.execute(schema.INSERT_EDITION, _row(info, digest))
        if row is not None:  # the replaced text goes unless another edition (or this one) names it
            replaced = row[schema.EDITION_COLUMNS.index("sha256")]
            connection.execute(schema.DELETE_UNNAMED_TEXT, (replaced, replaced))
    forget()
    _keep_parse(text, info, result, share)
    return Ingested(info, result, share, replaced=now, new_game=new_game)


def remove(game: str, version: str) -> BookInfo:
    """Take a user-ingested version out of the store."""
    with database().transaction() as connection:
        row = connection.execute(schema.EDITION, (game, version)).fetchone()
        if row is None:
            if any(i.game == game and i.version == version for i in bundled_manifest().books):
                raise ArbiterError(f"{game} {version} is bundled with Arbiter and read-only", "version")
            mine = ", ".join(f"{i.game} {i.version}" for i in user_versions()) or "none"
            raise NotFound(f"no ingested version {version!r} of {game!r} (ingested: {mine})", "version")
        sha256 = row[schema.EDITION_COLUMNS.index("sha256")]
        connection.execute(schema.DELETE_EDITION, (game, version))
        connection.execute(schema.DELETE_UNNAMED_TEXT, (sha256, sha256))
    forget()
    return info_of(row)


def _stored(game: str, version: str) -> BookInfo | None:
    return next((i for i in user_versions() if i.game == game and i.version == version), None)


def _same(stored: BookInfo, wanted: BookInfo) -> bool:
    return stored == wanted


def _taken(stored: BookInfo, wanted: BookInfo) -> ArbiterError:
    if stored.source != wanted.source:
        return ArbiterError(
            f"{stored.game} {stored.version} is already in the store with a different text; "
            "pass --replace to replace it",
            "version",
        )
    changed = ", ".join(
        f"{field} {getattr(stored, field)!r} → {getattr(wanted, field)!r}"
        for field in ("title", "date", "parser")
        if getattr(stored, field) != getattr(wanted, field)
    )
    return ArbiterError(
        f"{stored.game} {stored.version} is already in the store with this text ({changed}); "
        "pass --replace to change it",
        "version",
    )


def _known() -> list[BookInfo]:
    return [*bundled_manifest().books, *user_versions()]


def _game_language(game: str, language: str) -> str:
    """The game's own language: its bundled books', else its first ingested edition's, else ``language``."""
    bundled = [info for info in bundled_manifest().books if info.game == game]
    if bundled:
        return language_tag(bundled[0])
    connection = database().reader()
    row = connection.execute(schema.GAME_LANGUAGES, (game,)).fetchone() if connection else None
    return str(row[0]) if row else language


def _new_info(
    text: str,
    game: str,
    version: str,
    language: str,
    title: str | None,
    date: str | None,
    parser: str | None,
    digest: str,
    existing: BookInfo | None,
) -> BookInfo:
    """The entry of the edition: what the user said; else for the title what the edition it
    replaces or the game's newest edition in the same language says, then what the text prints;
    for the date what the same text was stored with, else what the text prints."""
    from corpus.versions.detect import detect_layout, detect_script

    same_game = sorted(
        (i for i in _known() if i.game == game and language_tag(i) == language),
        key=lambda i: version_key(i.version),
    )
    games = [i for i in _known() if i.game == game]
    model = existing or (same_game[-1] if same_game else None)
    script = detect_script(text)
    printed = printed_title(text)
    source = source_name(game, version, digest)
    same_text = existing is not None and existing.source == source
    return BookInfo(
        game=game,
        game_title=games[-1].game_title if games else (printed or game),
        game_title_zh=games[-1].game_title_zh if games else "",
        title=title or (model.title if model else (printed or f"{game} {version}")),
        version=version,
        date=date or (existing.date if existing and same_text else printed_date(text, language[:2]) or ""),
        language=language,
        script=script,
        source=source,
        parser=parser
        or (existing.parser if existing and same_text else detect_layout(text, f"{game} {version}")),
    )


def _row(info: BookInfo, digest: str) -> tuple[str, ...]:
    values = {
        "game": info.game,
        "version": split_edition(info.version)[0],
        "edition": info.version,
        "game_title": info.game_title,
        "game_title_zh": info.game_title_zh,
        "title": info.title,
        "published": info.date,
        "language": info.language,
        "script": info.script.value,
        "parser": info.parser,
        "sha256": digest,
        "ingested": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    return tuple(values[column] for column in schema.EDITION_COLUMNS)


def _parse(text: str, info: BookInfo, source: str) -> tuple[ParseResult, float]:
    """Parse with the chosen parser; a text it cannot read is the user's to fix."""
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
    from corpus.coverage import coverage  # its patterns are compiled only when a book is parsed

    return result, coverage(text, result.clauses, result.excluded, info.script)


def _keep_parse(text: str, info: BookInfo, result: ParseResult, share: float) -> None:
    """Leave a committed version's parse in the corpus cache, so its first load is warm (after
    the commit: a store that refused the version, full or read-only, gets no cache entry either)."""
    key = cache.cache_key(info, text.encode("utf-8"))
    cache.write(cache.cache_path(info, key), key, result, share)
