"""Addresses and links: every clause number a link, every text escaped first.

Clause pages live at ``/<game>/<edition>/<clause id>``; ids may hold ``/``
(bs heading paths), ``~`` (a repeated number) and Chinese, so the id is a
``path`` segment and :func:`clause_url` lets werkzeug quote it.  An edition
in another language than the game's own, which the library lists as
``1.070/fr``, is one segment of its own in an address, ``1.070~fr``
(:class:`EditionConverter`), so that the language can never be read as
the start of a clause id.

:func:`annotated` turns a clause's text and its references (as the JSON
twin carries them) into HTML the way :func:`graph.annotate.annotate` is
meant to be used: the text is escaped piece by piece *before* any markup is
added, so a ``<`` in a rulebook can never become a tag.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import quote, urlencode

from flask import request, url_for
from markupsafe import Markup, escape
from werkzeug.routing import BaseConverter

from corpus.languages import EDITION_MARK, URL_EDITION_MARK
from corpus.store.names import RESERVED_GAME_KEYS
from graph.annotate import annotate

#: How many characters of a clause a hover title or a label shows.
LABEL_WIDTH = 80
SCRIPT_LANG = {"Hant": "zh-Hant", "Hans": "zh-Hans", "Latn": "en"}


class GameConverter(BaseConverter):
    """A game key in an address: any path segment but the names of Arbiter's own areas.

    ``/api/rule/file`` is the board-file endpoint, never game ``rule``
    version ``file``; ``/api/nosuch`` is no endpoint, never game ``api``.
    (No game can be ingested under those names: :data:`corpus.store.names.RESERVED_GAME_KEYS`.)
    """

    regex = rf"(?!(?:{'|'.join(sorted(RESERVED_GAME_KEYS))})$)[^/]+"
    part_isolating = True  # one path segment (werkzeug would guess otherwise from the "/" above)


class EditionConverter(BaseConverter):
    """An edition in an address: the version, then ``~`` and the language for a translation.

    ``1.070~fr`` in the address is the library's ``1.070/fr``, and back;
    a ``/`` would make the language look like the first segment of a
    clause id (``/dbscg/1.070/fr/1-2-2``), which a bs heading path could
    also be.
    """

    def to_python(self, value: str) -> str:
        return value.replace(URL_EDITION_MARK, EDITION_MARK)

    def to_url(self, value: str) -> str:
        return super().to_url(value.replace(EDITION_MARK, URL_EDITION_MARK))


def clause_url(game: str, version: str, clause_id: str, api: bool = False) -> str:
    endpoint = "clauses.clause_api" if api else "clauses.clause"
    return url_for(endpoint, game=game, version=version, clause_id=clause_id)


def book_url(game: str, version: str, api: bool = False) -> str:
    return url_for("books.book_api" if api else "books.book", game=game, version=version)


def side_by_side_url(game: str, original: str, translation: str) -> str:
    """The page reading two editions side by side, clause by clause."""
    return url_for("translations.side_by_side", game=game, original=original, translation=translation)


def here(**changes) -> str:
    """This page's address with some query parameters replaced (the others kept).

    Used for the language switch (``lang``) and the pager (``page``).
    """
    args = [(k, v) for k, v in request.args.items(multi=True) if k not in changes]
    args += [(k, str(v)) for k, v in changes.items()]
    return quote(request.script_root + request.path, safe="/~@:!$&'()*+,;=") + "?" + urlencode(args)


def shorten(text: str, width: int = LABEL_WIDTH) -> str:
    """One line of at most ``width`` characters, with an ellipsis when cut."""
    line = " ".join(text.split())
    return line if len(line) <= width else line[: width - 1] + "…"


def label(clause) -> str:
    """What a reader recognises a clause by: its title, else the start of its text."""
    return shorten(clause.title or clause.text or "")


def annotated(text: str, references: Iterable[Mapping[str, Any]], game: str, version: str) -> Markup:
    """``text`` as HTML with each reference a link to its clause (escaping first).

    ``references`` are reference dicts as in the clause JSON (``span``,
    ``target``, ``kind``, ``label``, ``reason``); the references printed at
    one span (a range such as 318—321) become one link to the first target,
    its title naming them all.  A reference that lands nowhere is marked,
    not linked, with the reason as its title.
    """
    grouped: dict[tuple[int, int], list[Mapping[str, Any]]] = {}
    for reference in references:
        grouped.setdefault(tuple(reference["span"]), []).append(reference)

    def wrap(piece: str, refs: list[Mapping[str, Any]]) -> str:
        found = [r for r in refs if r.get("target")]
        if not found:
            reason = "; ".join(r.get("reason") or "" for r in refs)
            return f'<span class="ref dangling" title="{escape(reason)}">{piece}</span>'
        first = found[0]
        title = " · ".join(f"{r['target']} {r.get('label') or ''}".strip() for r in found)
        href = clause_url(game, version, first["target"])
        return (
            f'<a class="ref ref-{escape(first["kind"])}" href="{escape(href)}" '
            f'title="{escape(title)}">{piece}</a>'
        )

    return Markup(annotate(text, list(grouped.items()), wrap, escape=lambda s: str(escape(s))))


def highlighted(hit: Mapping[str, Any]) -> Markup:
    """A search hit's snippet as HTML: escaped, with ``<mark>`` around each highlight."""
    from corpus.search.snippets import Snippet

    spans = tuple((start, end) for start, end in hit["highlights"])
    return Markup(Snippet(hit["snippet"], spans).html())
