"""jieba's dictionary as a table on disk, so that a query is cut with only the words it holds.

rjieba builds its whole dictionary (350 000 words, a tenth of a second) before
it can cut anything: most of a command-line search.  How jieba cuts a run of
text depends only on the dictionary words that occur in that run, on their
frequencies, and on the total of all frequencies (a word scores
``ln(freq) - ln(total)``; unknown stretches go to its built-in HMM).  So a
jieba with an empty dictionary, given the words of the run with their
frequencies and one word no text can hold carrying the rest of the total,
cuts that run exactly as the full one does (:class:`LookupSegmenter`;
``tests/test_search_analysis.py`` cuts every clause of the corpus, the
benchmark queries and random text both ways).

The dictionary rjieba builds in is jieba's ``dict.txt``, read here from the
``jieba`` package (never imported) into a SQLite table under
``ARBITER_HOME/cache``, once; a query looks up its substrings there.  The
table's folder records the size and CRC of the file, which is checked as the
index's files are (:mod:`corpus.search.index_checks`: in full only when the
file is not, by its identity, the one that last passed): a flipped digit in a
frequency would change how queries are cut.  A damaged table is written again.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import shutil
import sqlite3
import threading
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from corpus.search.index_checks import file_checks, files_match, record_path
from corpus.storage import arbiter_home, atomic_directory, atomic_write_bytes

if TYPE_CHECKING:
    from corpus.search.analysis import _Jieba

#: No dictionary word is longer (jieba's longest has 16 characters).
MAX_WORD = 16
#: Holds the rest of the total: private-use characters, which no Chinese run contains.
_FILLER = "\ue000\ue000"
#: The table's folder: the SQLite file, and the size and CRC it was written with.
TABLE, CHECKS = "words.sqlite3", "checks.json"


def jieba_dictionary_file() -> Path | None:
    """The ``dict.txt`` of the installed ``jieba`` package, without importing it."""
    spec = importlib.util.find_spec("jieba")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(spec.submodule_search_locations[0]) / "dict.txt"
    return path if path.is_file() else None


def table_path() -> Path | None:
    """The folder of the table of the installed jieba's dictionary (named by its file's size and time)."""
    source = jieba_dictionary_file()
    if source is None:
        return None
    stat = source.stat()
    return arbiter_home() / "cache" / "jieba-dictionary" / f"{stat.st_size}-{stat.st_mtime_ns}"


def write_table(folder: Path, source: Path) -> None:
    """Read ``dict.txt`` as rjieba does (a later line of the same word wins) into a table in
    ``folder`` with its checks, swapped in whole; the tables of other dictionaries go."""
    frequencies: dict[str, int] = {}
    for line in source.read_text(encoding="utf-8").splitlines():
        parts = line.split()
        if parts:
            frequencies[parts[0]] = int(parts[1]) if len(parts) > 1 else 0
    with atomic_directory(folder) as building:
        with contextlib.closing(sqlite3.connect(building / TABLE)) as db, db:
            db.execute("CREATE TABLE words (word TEXT PRIMARY KEY, freq INTEGER NOT NULL) WITHOUT ROWID")
            db.execute("CREATE TABLE total (total INTEGER NOT NULL)")
            db.executemany("INSERT INTO words VALUES (?, ?)", frequencies.items())
            db.execute("INSERT INTO total VALUES (?)", (sum(frequencies.values()),))
        atomic_write_bytes(building / CHECKS, json.dumps(file_checks(building, CHECKS)).encode())
    for other in folder.parent.iterdir():  # (a dot folder is another process's build: it sweeps its own)
        if other != folder and not other.name.startswith("."):  # another jieba's table
            shutil.rmtree(other, ignore_errors=True)
            record_path(other).unlink(missing_ok=True)
    for earlier in folder.parents[1].glob("jieba-dictionary-*.sqlite3"):  # the table's earlier layout
        earlier.unlink(missing_ok=True)


def _checked(folder: Path) -> bool:
    """Whether the table in ``folder`` is the file its checks describe."""
    try:
        checks = json.loads((folder / CHECKS).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(checks, dict) and files_match(folder, CHECKS, checks)


class DictionaryTable:
    """The table :func:`write_table` wrote, read-only.

    Each process opens its own connection when it first looks a word up: a server loads the
    index before it forks its workers, and an SQLite connection must not cross a fork.
    """

    def __init__(self, path: Path):
        self._path = path
        self._lock = threading.Lock()
        self._opened: tuple[int, sqlite3.Connection] | None = None
        with contextlib.closing(self._connect()) as connection:  # nothing is left open to fork with
            self.total: int = connection.execute("SELECT total FROM total").fetchone()[0]

    def frequencies(self, words: Iterable[str]) -> dict[str, int]:
        """The frequency of each of ``words`` that is in the dictionary."""
        wanted = list(dict.fromkeys(words))
        found: dict[str, int] = {}
        with self._lock:
            connection = self._connection()
            for start in range(0, len(wanted), 500):
                chunk = wanted[start : start + 500]
                marks = ",".join("?" * len(chunk))
                found.update(
                    connection.execute(f"SELECT word, freq FROM words WHERE word IN ({marks})", chunk)
                )
        return found

    def _connection(self) -> sqlite3.Connection:
        if self._opened is None or self._opened[0] != os.getpid():
            self._opened = (os.getpid(), self._connect())
        return self._opened[1]

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(f"file:{self._path}?mode=ro", uri=True, check_same_thread=False)


def open_table() -> DictionaryTable | None:
    """The installed jieba's dictionary table, written first if there is none or it fails its
    checks; None when there is none to be had (no ``jieba`` package, a home that cannot be
    written): rjieba's own dictionary then."""
    folder = table_path()
    if folder is None:
        return None
    try:
        if not _checked(folder):
            source = jieba_dictionary_file()
            assert source is not None
            write_table(folder, source)
        return DictionaryTable(folder / TABLE)
    except (OSError, sqlite3.Error):
        return None


class LookupSegmenter:
    """jieba cutting with the dictionary words of the runs it was given, and their frequencies.

    One jieba grows as runs come: before a run is cut, those of its substrings that are
    dictionary words are added (the corpus terms with the frequencies the index kept) and the
    filler word is set to keep the total of the full dictionary.  Every word added is a word of
    the full dictionary with its frequency, so whatever else a run holds is as it would be.
    """

    def __init__(self, table: DictionaryTable, terms: Mapping[str, int]):
        from corpus.search.analysis import new_jieba

        self._table = table
        self._terms = dict(terms)
        self._jieba: _Jieba = new_jieba(empty=True)
        kept = table.frequencies(self._terms)  # what the terms replaced in the dictionary's total
        self._total = table.total + sum(self._terms.values()) - sum(kept.values())
        self._added = 0
        self._words: set[str] = set()  # added to jieba
        self._looked: set[str] = set()  # looked up (bounded: a lookup again costs time, not words)
        self._lock = threading.Lock()

    def cut(self, run: str, mode: str) -> list[tuple[str, int, int]]:
        with self._lock:
            if run not in self._looked:
                self._prepare(run)
            return self._jieba.tokenize(run, mode)

    def _prepare(self, run: str) -> None:
        substrings = {
            run[i:j] for i in range(len(run)) for j in range(i + 1, min(len(run), i + MAX_WORD) + 1)
        }
        new = substrings - self._looked
        found = self._table.frequencies(w for w in new if w not in self._terms)
        found.update((w, self._terms[w]) for w in new if w in self._terms)
        for word, frequency in found.items():
            if word not in self._words:
                self._jieba.add_word(word, frequency, None)
                self._words.add(word)
                self._added += frequency
        self._jieba.add_word(_FILLER, self._total - self._added, None)
        if len(self._looked) > 500_000:
            self._looked.clear()
        self._looked |= new | {run}
