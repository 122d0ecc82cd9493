"""What one process keeps for the next is used only when its bytes are those written.

A flipped byte inside a pickle often still loads, as another value: the library's signature
with one hex digit changed would match no index and force a rebuild, and a parsed book with
one changed character would be served as the rulebook's text.  The digest catches both.
"""

from __future__ import annotations

import errno

import pytest

from corpus import cache, kept
from corpus.kept import MAGIC, Damaged, keep, read_kept
from corpus.search import documents


def _flip(data: bytes, at: int) -> bytes:
    return data[:at] + bytes([data[at] ^ 0x01]) + data[at + 1 :]


def test_a_value_kept_is_read_back(tmp_path):
    path = tmp_path / "cache" / "value.pickle"
    keep(path, {"signature": "abc", "files": [("x", (1, 2, 3, 4, 5))]}, "a test value")
    assert read_kept(path) == {"signature": "abc", "files": [("x", (1, 2, 3, 4, 5))]}


DAMAGE = {
    "one byte of the value flipped": lambda blob: _flip(blob, len(blob) - 3),
    "one byte of the digest flipped": lambda blob: _flip(blob, len(MAGIC) + 5),
    "cut short": lambda blob: blob[: len(blob) // 2],
    "cut inside the digest": lambda blob: blob[: len(MAGIC) + 10],
    "emptied": lambda blob: b"",
    "a bare pickle, as earlier versions kept it": lambda blob: blob[len(MAGIC) + 32 :],
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_damaged_bytes_are_never_unpickled(tmp_path, damage):
    path = tmp_path / "value.pickle"
    keep(path, "a value kept for the next process", "a test value")
    path.write_bytes(DAMAGE[damage](path.read_bytes()))
    with pytest.raises(Damaged):
        read_kept(path)


def test_a_flipped_byte_that_still_unpickles_is_caught(tmp_path):
    """The case the digest is for: the damaged pickle loads, as another string."""
    import pickle

    path = tmp_path / "value.pickle"
    keep(path, "signature-0123456789abcdef", "a test value")
    damaged = _flip(path.read_bytes(), len(path.read_bytes()) - 4)
    assert pickle.loads(damaged[len(MAGIC) + 32 :]) != "signature-0123456789abcdef"
    path.write_bytes(damaged)
    with pytest.raises(Damaged, match="checksum"):
        read_kept(path)


def test_verified_bytes_this_code_cannot_load_are_damaged_not_a_crash(tmp_path):
    """A value of a class a later version removed: the digest matches, the pickle does not load."""
    import hashlib

    payload = b"\x80\x05\x95\x1b\x00\x00\x00\x00\x00\x00\x00\x8c\x06corpus\x94\x8c\x08NoSuchOne\x94\x93\x94."
    path = tmp_path / "value.pickle"
    path.write_bytes(MAGIC + hashlib.sha256(payload).digest() + payload)
    with pytest.raises(Damaged, match="cannot load"):
        read_kept(path)


def test_a_home_that_refuses_the_write_is_told_once_and_keeps_nothing(tmp_path, monkeypatch, capsys):
    def refuse(path, data):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(kept, "atomic_write_bytes", refuse)
    monkeypatch.setenv("ARBITER_HOME", str(tmp_path))
    keep(tmp_path / "value.pickle", 1, "the kept test value")
    keep(tmp_path / "value.pickle", 2, "the kept test value")
    err = capsys.readouterr().err
    assert err.count("the kept test value is kept in memory only") == 1 and "read-only" in err
    assert not (tmp_path / "value.pickle").exists()


def test_a_library_signature_with_one_digit_changed_is_worked_out_again(tmp_path, monkeypatch):
    monkeypatch.setenv("ARBITER_HOME", str(tmp_path))
    first = documents.bundled_signature()
    path = tmp_path / "cache" / "library-signature.pickle"
    blob = path.read_bytes()
    at = blob.index(first.encode())
    path.write_bytes(blob[:at] + (b"0" if first[0] != "0" else b"1") + blob[at + 1 :])
    assert documents.bundled_signature() == first
    assert read_kept(path)["signature"] == first, "the damaged file is replaced"


def test_a_parsed_book_with_one_character_changed_is_parsed_again(tmp_path, monkeypatch, capsys):
    from corpus import library
    from corpus.library import book_info, load_book
    from corpus.manifest import bundled_manifest

    monkeypatch.setenv("ARBITER_HOME", str(tmp_path))
    library._load.cache_clear()
    try:
        text = load_book("ucg").get("1.1.1").text
        info = book_info("ucg")
        path = cache.cache_path(
            info, cache.cache_key(info, (bundled_manifest().root / info.source).read_bytes())
        )
        blob = path.read_bytes()
        word = next(c for c in text if len(c.encode()) == 3 and c != "乙").encode()
        at = blob.index(word)
        path.write_bytes(blob[:at] + "乙".encode() + blob[at + len(word) :])  # the same length
        library._load.cache_clear()
        assert load_book("ucg").get("1.1.1").text == text
        assert "unreadable (its bytes do not match their checksum); rebuilding" in capsys.readouterr().err
    finally:
        library._load.cache_clear()
