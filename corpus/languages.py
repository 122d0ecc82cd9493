"""Which language a rulebook is written in, and how an edition names it.

An edition is a (game, version, language).  A language is a BCP 47 tag:
``en``, ``fr``, and for Chinese the script too, ``zh-Hant`` or ``zh-Hans``
(the bundled manifest says ``zh`` and gives the script beside it; the tag is
made from both).  When the user does not say, the language is detected with
py3langid (a maintained fork of langid.py whose model ships inside the
package, so nothing is fetched at run time); the script of Chinese comes
from :func:`corpus.versions.detect.detect_script`.

A game's own language is that of its first edition (bundled, else the first
ingested); an edition in another language is listed under
``version/language`` — ``dbscg@1.071/fr:10-5`` — and its pages under
``/dbscg/1.071~fr/10-5`` (a ``/`` there would read as the start of a clause
id).  Wherever a user names an edition, either mark does
(:func:`written_edition`).

>>> edition_name("1.071", "fr", "en"), edition_name("1.071", "en", "en")
('1.071/fr', '1.071')
>>> split_edition("1.071/fr"), split_edition("1.071")
(('1.071', 'fr'), ('1.071', None))
>>> written_edition("1.071~fr"), written_edition("1.071/zh-Hant"), written_edition("1.071")
(('1.071', 'fr'), ('1.071', 'zh-Hant'), ('1.071', None))
"""

from __future__ import annotations

import re

from corpus.errors import ArbiterError, NotFound
from corpus.model import BookInfo, Script

TAG = re.compile(r"[a-z]{2,3}(?:-(?:Hant|Hans|[A-Z][a-z]{3}))?")
#: Separates a version from the language of a translated edition: ``1.071/fr``.
EDITION_MARK = "/"
#: What stands for :data:`EDITION_MARK` in a web address: ``/dbscg/1.070~fr/1-2-2``. ``~`` is the
#: one character that URLs never escape (RFC 3986 "unreserved") and that neither a version name
#: (:data:`corpus.store.names.VERSION`) nor a language tag may hold.
URL_EDITION_MARK = "~"
_WRITTEN_EDITION = re.compile(
    rf"(?P<version>[^{EDITION_MARK}{URL_EDITION_MARK}]*)[{EDITION_MARK}{URL_EDITION_MARK}](?P<language>.*)"
)
#: How much of the text the detector reads: enough to be sure, bounded for a huge file.
SAMPLE = 50_000


def language_tag(info: BookInfo) -> str:
    """The edition's language as a tag (``zh`` with its script becomes ``zh-Hant``)."""
    if info.language == "zh":
        return f"zh-{info.script.value}"
    return info.language


def valid_tag(
    tag: str, field: str, written: str | None = None, error: type[ArbiterError] = ArbiterError
) -> str:
    """``tag`` if it is a language tag; else ``error`` naming ``field`` (and what the user wrote it in).

    Where the tag names an edition (``1.070~French``, ``?language=French``) the error is
    :class:`NotFound`, as for any edition the game lacks: the request itself may be well formed.
    """
    if not TAG.fullmatch(tag):
        where = f" in {written!r}" if written is not None else ""
        raise error(
            f"invalid language {tag!r}{where}: expected a language tag such as en, fr, zh-Hant or zh-Hans",
            field,
        )
    return tag


def checked_tag(tag: str, script: Script) -> str:
    """The ``--lang`` a user gave, as a tag; ``zh`` takes the text's script."""
    valid_tag(tag, "lang")
    if tag == "zh":
        return f"zh-{script.value if script is not Script.LATN else 'Hant'}"
    return tag


def detect_language(text: str, script: Script) -> str:
    """The language tag of ``text`` by py3langid; Chinese with its script."""
    if script in (Script.HANT, Script.HANS):
        return f"zh-{script.value}"
    import py3langid

    found, _score = py3langid.classify(text[:SAMPLE])
    return str(found)


def edition_name(version: str, language: str, game_language: str) -> str:
    """What the library lists an edition under: the version, or ``version/language`` for a translation."""
    return version if language == game_language else f"{version}{EDITION_MARK}{language}"


def split_edition(name: str) -> tuple[str, str | None]:
    """``(version, language)`` of an edition name; the language is None for the game's own."""
    version, mark, language = name.partition(EDITION_MARK)
    return version, (language if mark else None)


def written_edition(text: str, field: str = "version") -> tuple[str, str | None]:
    """``(version, language)`` of an edition as a user writes it: ``1.071``, or the version and a
    language tag joined by ``/`` (as the library lists it) or ``~`` (as a web address has it).
    A language that is no tag is an edition no game has (:class:`NotFound`, naming ``field``)."""
    match = _WRITTEN_EDITION.fullmatch(text)
    if match is None:
        return text, None
    return match["version"], valid_tag(match["language"], field, text, NotFound)
