"""The bundled part of the library's signature is kept, and worked out again when a file it
was worked out from is no longer the file it was (by identity)."""

from __future__ import annotations

import pytest

from corpus import manifest
from corpus.search import documents
from corpus.storage import file_signature
from tests.searching import in_fresh_python


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("ARBITER_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def parses(monkeypatch) -> list[str]:
    """Each parse of the bundled manifest, from here on."""
    parsed: list[str] = []
    read = manifest.read_manifest

    def counted(path, root):
        parsed.append(path.name)
        return read(path, root)

    manifest.bundled_manifest.cache_clear()
    monkeypatch.setattr(manifest, "read_manifest", counted)
    return parsed


def test_a_kept_signature_is_used_while_every_file_keeps_its_identity(home, monkeypatch):
    first = documents.library_signature()
    parsed = parses(monkeypatch)
    assert documents.library_signature() == first
    assert parsed == [], "the manifest is not parsed again"


@pytest.mark.parametrize("name", ["manifest.toml", "model.py", "numbered.py", "analysis.py", "parsers"])
def test_a_file_with_a_new_identity_is_read_again(home, monkeypatch, name):
    """A code file, the manifest or the parsers' folder written (a new change time): the
    signature is worked out again, from the same content the same."""
    first = documents.library_signature()
    parsed = parses(monkeypatch)
    monkeypatch.setattr(
        "corpus.storage.file_signature",
        lambda path: (1, 2, 3, 4, 5) if path.name == name else file_signature(path),
    )
    assert documents.library_signature() == first
    assert parsed and set(parsed) == {"manifest.toml"}, "the manifest is parsed again"


def test_a_bundled_text_with_a_new_identity_changes_the_signature(home, monkeypatch):
    first = documents.library_signature()
    monkeypatch.setattr(
        "corpus.storage.file_signature",
        lambda path: (1, 2, 3, 4, 5) if path.name == "ucg-1.6-zh-Hant.txt" else file_signature(path),
    )
    assert documents.library_signature() != first


def test_a_process_running_replaced_code_keeps_no_signature(home, monkeypatch):
    """A server started before an upgrade works its signature out from the code it runs, and
    does not keep it for the files now on disk."""
    monkeypatch.setattr(documents, "code_fingerprint", lambda: "the code before the upgrade")
    monkeypatch.setattr(documents.code_fingerprint, "__wrapped__", lambda: "the code on disk", raising=False)
    documents.library_signature()
    assert not (home / "cache" / "library-signature.pickle").exists()


def test_a_damaged_kept_signature_is_worked_out_again(home):
    first = documents.library_signature()
    kept = home / "cache" / "library-signature.pickle"
    kept.write_bytes(b"not a pickle")
    assert documents.library_signature() == first
    assert kept.read_bytes() != b"not a pickle"


def test_a_process_with_the_signature_kept_loads_no_toml_parser(home):
    """Checked in a fresh interpreter: in the test process another module has loaded ``tomllib``."""
    code = """
import json, sys
from corpus.search.documents import library_signature
from corpus.store import user_manifest
signature = library_signature()
user_manifest()
print(json.dumps([signature, sorted(n for n in ("tomllib", "corpus.library") if n in sys.modules)]))
"""

    def run() -> list:
        found: list = in_fresh_python(code, home)
        return found

    first, loaded_first = run()
    second, loaded_second = run()
    assert loaded_first == ["tomllib"], "the first works it out, parsing the manifest"
    assert (second, loaded_second) == (first, [])
