"""Synonyms: the words a user types for what a rulebook calls something else.

One YAML file per game (``corpus/synonyms/<game>.yaml``), a mapping of
*concepts*::

    deck_size:                 # key: stable, reused by the concept view
      label: 牌組              # the book's own word (optional)
      terms: [牌組, 卡組, 套牌, deck, deck size]

When a query contains any term of a concept (in either Chinese script, any
case; English terms match by word stem), the concept's other terms are
searched too, ranked below the typed words, and only in that game.  A file
of the same name under ``ARBITER_HOME/synonyms/`` extends the bundled one:
its concepts replace bundled concepts with the same key (``terms: []``
switches one off) and add new keys.

A file that cannot be used — not YAML, not a mapping of concepts with
``terms:`` lists, or over a bound below — is reported once on stderr
(named relative to ``ARBITER_HOME``) and skipped; every search goes on with
the other file.  Terms with no word in them (``""``, punctuation) are
dropped.  The bounds keep a user's file from costing every search: at most
:data:`MAX_FILE_BYTES` bytes, :data:`MAX_CONCEPTS` concepts,
:data:`MAX_FILE_TERMS` terms in all and :data:`MAX_TERM_CHARS` characters a
term (a bundled file is about 2 KB, 15 concepts and 100 terms).

>>> key("Win Conditions")
'win condit'
>>> mentions(key("胜利条件是什么"), key("勝利條件")), mentions(key("winner"), key("win"))
(True, False)
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from corpus.errors import ArbiterError
from corpus.freshness import looked
from corpus.kept import Damaged, keep, read_kept
from corpus.search import analysis, folding
from corpus.search.analysis import english_term, han_runs
from corpus.search.backend import report_to_stderr
from corpus.search.folding import fold
from corpus.storage import arbiter_home, file_signature

FOLDER = "synonyms"
#: At most this many synonym terms are added to one game's search.
MAX_TERMS = 16
#: Bounds on one synonym file; a file over any of them is refused whole.
MAX_FILE_BYTES = 64 * 1024
MAX_CONCEPTS = 500
MAX_FILE_TERMS = 2_000
MAX_TERM_CHARS = 100
_GAME = re.compile(r"^[A-Za-z0-9_-]+$")
_LATIN_WORD = re.compile(r"[a-z0-9]+(?:['’][a-z]+)?")
_NOT_WORD = re.compile(r"[^\w]+")


@dataclass(frozen=True, slots=True)
class Concept:
    key: str
    label: str
    terms: tuple[str, ...]
    keys: tuple[str, ...]  # the matching form of each term (see :func:`key`)


def key(text: str) -> str:
    """The matching form of a term or query: folded, English words stemmed."""
    folded = fold(text)
    stemmed = _LATIN_WORD.sub(lambda m: english_term(m.group()) or " ", folded)
    return " ".join(_NOT_WORD.sub(" ", stemmed).split())


def mentions(query_key: str, term_key: str) -> bool:
    """Does the query contain the term (Chinese: anywhere; English: whole words)?"""
    if not term_key:
        return False
    if han_runs(term_key):
        return term_key in query_key
    return f" {term_key} " in f" {query_key} "


@cache
def bundled_folder() -> Path:
    return Path(__file__).resolve().parent.parent / FOLDER


@lru_cache(maxsize=256)
def _files(game: str, home: Path) -> tuple[Path, ...]:
    if not _GAME.match(game):
        raise ArbiterError(f"not a game key: {game!r}", "game")
    return (bundled_folder() / f"{game}.yaml", home / FOLDER / f"{game}.yaml")


def concepts(game: str) -> dict[str, Concept]:
    """The game's concepts: bundled, then the user's file over them."""
    return _thesaurus(game, arbiter_home()).concepts


def _thesaurus(game: str, home: Path) -> Thesaurus:
    """The game's concepts as last read; read again when either file changes."""
    files = _files(game, home)
    if not any(path.name in _names_in(path.parent) for path in files):
        return _NO_CONCEPTS  # most games at scale have no synonym file: no look at each
    stamps = looked(files, lambda: tuple(_mtime(path) for path in files))
    return _load(files, stamps, home)


def _names_in(folder: Path) -> frozenset[str]:
    """The names of the files in ``folder``, listed once per look (:mod:`corpus.freshness`)."""

    def listing() -> frozenset[str]:
        try:
            return frozenset(path.name for path in folder.iterdir())
        except FileNotFoundError:
            return frozenset()

    return looked(("listing", folder), listing)


def _mtime(path: Path) -> int | None:
    try:
        return os.stat(path).st_mtime_ns
    except FileNotFoundError:
        return None


@lru_cache(maxsize=64)
def _load(files: tuple[Path, ...], stamps: tuple[int | None, ...], home: Path) -> Thesaurus:
    found: dict[str, Concept] = {}
    for path, stamp in zip(files, stamps, strict=True):
        if stamp is not None:
            found.update(_usable(path, stamp, home))
    return Thesaurus({k: c for k, c in found.items() if c.terms})


class UnusableFile(Exception):
    """Why a synonym file is skipped, worded for the user."""


_reported: set[tuple[Path, int]] = set()


def _usable(path: Path, stamp: int, home: Path) -> dict[str, Concept]:
    """The file's concepts, or none when it cannot be used: reported once per version of the file."""
    try:
        return _kept(path, home)
    except UnusableFile as problem:
        if (path, stamp) not in _reported:
            _reported.add((path, stamp))
            report_to_stderr(f"synonym file {_shown(path, home)} is skipped: {problem}")
        return {}


def _kept(path: Path, home: Path) -> dict[str, Concept]:
    """The file's concepts as a process read them last, kept under ``ARBITER_HOME/cache`` with the
    file's signature and this code's; read from the file when they differ.  Every command-line
    search would otherwise load PyYAML and fold each term for them (about 25 ms of it)."""
    signature = (str(path), file_signature(path), _code_fingerprint())
    kept_at = home / "cache" / FOLDER / f"{hashlib.sha256(str(path).encode()).hexdigest()[:20]}.pickle"
    try:
        kept_signature, kept = read_kept(kept_at)
        if kept_signature == signature:
            concepts: dict[str, Concept] = kept
            return concepts
    except (OSError, Damaged, ValueError, TypeError):  # none kept, damaged, or another layout: read the file
        pass
    concepts = _read(path)  # a file that cannot be used is not kept: it is reported by each process
    keep(kept_at, (signature, concepts), "the reading of a synonym file")
    return concepts


@cache
def _code_fingerprint() -> str:
    """This module's code and the folding and stemming its keys come from."""
    digest = hashlib.sha256()
    for module in (__file__, folding.__file__, analysis.__file__):
        digest.update(Path(module).read_bytes())
    return digest.hexdigest()


def _shown(path: Path, home: Path) -> str:
    """A file's name for reports: under ARBITER_HOME or bundled, never where the server keeps it."""
    if path.is_relative_to(home):
        return f"$ARBITER_HOME/{path.relative_to(home).as_posix()}"
    return f"{FOLDER}/{path.name} (bundled)"


class Thesaurus:
    """A game's concepts, ready to be matched against queries.

    A search across all games looks up every game's concepts, so the
    per-term decisions of :func:`mentions` (Chinese or English?) are taken
    once, here, and each query's expansion is remembered: the same query
    typed again, or paged through, costs one lookup.
    """

    _REMEMBERED = 4096

    def __init__(self, concepts: dict[str, Concept]):
        self.concepts = concepts
        self._cues = []
        for concept in concepts.values():
            keys = [k for k in concept.keys if k]
            anywhere = tuple(k for k in keys if han_runs(k))
            words = tuple(f" {k} " for k in keys if not han_runs(k))
            self._cues.append((concept, anywhere, words))
        self._expansions: dict[str, tuple[str, ...]] = {}

    def named(self, typed: str) -> list[Concept]:
        """The concepts whose terms ``typed`` (a :func:`key`) mentions, in file order."""
        padded = f" {typed} "
        return [
            concept
            for concept, anywhere, words in self._cues
            if any(k in typed for k in anywhere) or any(w in padded for w in words)
        ]

    def expansion(self, typed: str) -> tuple[str, ...]:
        """The terms of the concepts ``typed`` names that it does not contain itself."""
        found = self._expansions.get(typed)
        if found is None:
            terms = {
                t: None
                for concept in self.named(typed)
                for t, k in zip(concept.terms, concept.keys, strict=True)
                if not mentions(typed, k)
            }
            if len(self._expansions) >= self._REMEMBERED:
                self._expansions.clear()
            found = self._expansions[typed] = tuple(terms)
        return found


_NO_CONCEPTS = Thesaurus({})


def _read(path: Path) -> dict[str, Concept]:
    """The concepts of one file, in file order; :class:`UnusableFile` says why there are none."""
    data = _parsed(path)
    if data is None:  # empty, or only comments
        return {}
    if not isinstance(data, dict):
        raise UnusableFile("expected a mapping of concept keys, each with 'terms:'")
    if len(data) > MAX_CONCEPTS:
        raise UnusableFile(f"it has {len(data)} concepts: at most {MAX_CONCEPTS} are allowed")
    result: dict[str, Concept] = {}
    count = 0
    for name, entry in data.items():
        terms = entry.get("terms") if isinstance(entry, dict) else None
        if not isinstance(terms, list):
            raise UnusableFile(f"concept {name!r} needs 'terms:' as a list of words")
        count += len(terms)  # before looking at them: an alias can repeat one long list
        if count > MAX_FILE_TERMS:
            raise UnusableFile(
                f"it has more than {MAX_FILE_TERMS} terms: at most {MAX_FILE_TERMS} are allowed"
            )
        words = [_word(t, f"concept {name!r}: a term") for t in terms]
        kept = tuple(w for w in words if key(w))
        given = entry.get("label")
        label = "" if given is None else _word(given, f"concept {name!r}: the label")
        label = label if key(label) else (kept[0] if kept else str(name))
        result[str(name)] = Concept(str(name), label, kept, tuple(key(t) for t in kept))
    return result


def _parsed(path: Path) -> object:
    """The file's YAML, read only up to :data:`MAX_FILE_BYTES` and parsed by libyaml."""
    import yaml

    try:
        with path.open("rb") as file:
            raw = file.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise UnusableFile(f"it is larger than {MAX_FILE_BYTES} bytes, the most allowed")
        # libyaml's parser; PyYAML built without it has only the Python one (slower, same bounds)
        return yaml.load(raw.decode("utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except OSError as error:
        raise UnusableFile(f"it cannot be read ({error.strerror})") from None
    except UnicodeDecodeError:
        raise UnusableFile("it is not UTF-8 text") from None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise UnusableFile(f"it is not valid YAML{where}: {error.problem}") from None
    except yaml.YAMLError as error:  # the rest of its message names the string, not the file
        raise UnusableFile(f"it is not valid YAML: {str(error).splitlines()[0]}") from None


def _word(value: object, what: str) -> str:
    """A term or label as written (numbers are words too), without surrounding blanks."""
    if isinstance(value, bool):  # YAML reads yes, no, on, off unquoted as true or false
        raise UnusableFile(f"{what} is {value}: put words such as yes or no in quotes")
    if not isinstance(value, str | int | float):
        raise UnusableFile(f"{what} must be a word, not {type(value).__name__}")
    text = str(value).strip()
    if len(text) > MAX_TERM_CHARS:
        raise UnusableFile(f"{what} is {len(text)} characters long: at most {MAX_TERM_CHARS} are allowed")
    return text


def expansions(
    query_text: str, games: list[str], occurs: Callable[[str, str], bool] = lambda game, term: True
) -> dict[str, tuple[str, ...]]:
    """For each game: the synonym terms to add to a search for ``query_text``.

    ``occurs(game, term)`` can leave out terms the game's book never uses
    (the English terms of a Chinese book): they would cost time, not find.
    """
    typed = key(query_text)
    home = arbiter_home()
    found: dict[str, tuple[str, ...]] = {}
    for game in games:
        extra = tuple(t for t in _thesaurus(game, home).expansion(typed) if occurs(game, t))
        if extra:
            found[game] = extra[:MAX_TERMS]
    return found
