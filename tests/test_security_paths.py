"""No request path reaches the filesystem unchecked; nothing is written outside ``ARBITER_HOME``.

Three promises, each tested where the filesystem is really touched, with a
Python audit hook (:func:`sys.addaudithook`) recording every file opened,
created, renamed or removed while the code under test runs:

* every route with a path parameter, given ``../`` in every spelling a
  server or browser might decode (percent-encoded, double-encoded, overlong
  UTF-8, full-width, backslashes, NUL), answers 4xx, shows no file, and
  opens nothing outside the installed package, the Python installation and
  ``ARBITER_HOME`` — and reads nothing whose name the request supplied;
* a request never writes anything: a ruling upload, even one whose file
  name climbs out of every folder, is read in memory only, and one over the
  size limit is refused with 413 (by the app and by the production server,
  ``Content-Length`` declared or not);
* ``arbiter ingest`` refuses game keys and versions that could name a path,
  and a successful ingest writes only under ``ARBITER_HOME``.
"""

from __future__ import annotations

import http.client
import os
import re
import sys
import threading
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from click.testing import CliRunner

from corpus import store
from corpus.errors import ArbiterError
from corpus.manifest import bundled_manifest
from webapp import create_app
from webapp.cli import main

ROOT = Path(__file__).resolve().parents[1]
SECRET = "arbiter-secret-7f3a9c"  # the content of a file no request may show
#: ``../`` (or ``/``) spelled every way a layer might decode it.
CLIMBS = [
    "../../../../../../etc/passwd",
    "..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd",
    "%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "%252e%252e%252f%252e%252e%252f%252e%252e%252fetc%252fpasswd",
    "..%5c..%5c..%5c..%5c..%5cetc%5cpasswd",
    "%c0%ae%c0%ae%c0%af%c0%ae%c0%ae%c0%afetc%c0%afpasswd",
    "%ef%bc%8e%ef%bc%8e%ef%bc%8f%ef%bc%8e%ef%bc%8e%ef%bc%8fetc%ef%bc%8fpasswd",
    "....//....//....//....//etc/passwd",
    "..;/..;/..;/..;/etc/passwd",
    "%2fetc%2fpasswd",
    "..%00/..%00/etc/passwd",
    "..%2f..%2f..%2fsecret.txt",
    "..%2f..%2f..%2f..%2fpyproject.toml",
]
#: What a page must never contain: /etc/passwd, a project file, the planted secret.
LEAKS = re.compile(rf"root:x?:0:0|\[build-system\]|{SECRET}")


# -- recording filesystem access ----------------------------------------------------------

_recording: list | None = None
_WRITE_EVENTS = {"os.rename", "os.remove", "os.rmdir", "shutil.rmtree", "os.truncate", "os.chmod"}


def _hook(event: str, args: tuple) -> None:
    if _recording is None or threading.current_thread() is not threading.main_thread():
        return
    if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        _path, mode, flags = args
        writes = bool(set(str(mode or "")) & set("wax+")) or bool((flags or 0) & (os.O_WRONLY | os.O_RDWR))
        _recording.append(("write" if writes else "read", os.fsdecode(args[0])))
    elif event == "os.mkdir" and isinstance(args[0], (str, bytes, os.PathLike)):
        if not os.path.isdir(args[0]):  # mkdir(exist_ok=True) of a folder that is there creates nothing
            _recording.append(("write", os.fsdecode(args[0])))
    elif event in _WRITE_EVENTS:
        for arg in args[:2]:
            if isinstance(arg, (str, bytes, os.PathLike)):
                _recording.append(("write", os.fsdecode(arg)))


sys.addaudithook(_hook)


@contextmanager
def recorded():
    """Every ``(read|write, path)`` the main thread touches inside the block."""
    global _recording
    _recording = seen = []
    try:
        yield seen
    finally:
        _recording = None


def allowed_roots() -> list[Path]:
    roots = {
        ROOT,
        Path(os.environ["ARBITER_HOME"]),
        Path(sys.prefix),
        Path(sys.base_prefix),
        bundled_manifest().root,
        Path("/dev"),
        Path("/proc"),
        Path("/usr/share"),
        Path("/etc/localtime"),
        Path("/etc/mime.types"),
    }  # read by the standard library's mimetypes, whatever the request
    return [root.resolve() for root in roots]


def outside(paths) -> list[str]:
    roots = allowed_roots()
    found = []
    for path in paths:
        resolved = Path(os.path.abspath(path)).resolve()
        if not any(resolved == root or root in resolved.parents for root in roots):
            found.append(path)
    return found


# -- every route with a path parameter ----------------------------------------------------

#: A real value for each path parameter (the one not under attack keeps it).
REAL = {
    "game": "ucg",
    "version": "1.6",
    "clause_id": "5.9.4.1",
    "question": "judgment",
    "old": "1.6",
    "new": "1.6",
    "original": "1.6",
    "translation": "1.6",
    "filename": "style.css",
}


def path_routes() -> list[tuple[str, str]]:
    """``(rule, parameter)`` for every parameter of every route that has one."""
    app = create_app({"TESTING": True})
    found = []
    for rule in app.url_map.iter_rules():
        for name in rule.arguments:
            found.append((rule.rule, name))
    assert {name for _rule, name in found} <= set(REAL), "a new path parameter needs a real value here"
    return sorted(found)


def address(rule: str, attacked: str, climb: str) -> str:
    def value(match: re.Match) -> str:
        name = match.group(1).split(":")[-1]
        return climb if name == attacked else REAL[name]

    return re.sub(r"<([^>]+)>", value, rule)


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    secret_root = tmp_path_factory.mktemp("secrets")
    (secret_root / "secret.txt").write_text(SECRET, encoding="utf-8")
    app = create_app({"TESTING": True, "REFRESH_SECONDS": 0})
    return app.test_client()


@pytest.mark.parametrize(("rule", "parameter"), path_routes())
def test_climbing_out_through_a_path_parameter_is_refused(client, rule, parameter):
    for climb in CLIMBS:
        url = address(rule, parameter, climb)
        with recorded() as touched:
            response = client.get(url)
        body = response.get_data(as_text=True)
        redirected = 300 <= response.status_code < 400 and urlsplit(response.location).netloc in (
            "",
            "localhost",
        )
        assert response.status_code in (400, 404, 405) or redirected, (url, response.status_code)
        assert not LEAKS.search(body), url
        assert outside(path for _kind, path in touched) == [], url
        assert not [path for _kind, path in touched if re.search(r"passwd|pyproject|secret\.txt", path)], url
        assert writes_outside_the_caches(touched) == [], url


def writes_outside_the_caches(touched) -> list[str]:
    """What a request wrote other than Arbiter's derived caches (a parse, on first load)."""
    caches = (Path(os.environ["ARBITER_HOME"]) / "cache").resolve()
    return [
        path
        for kind, path in touched
        if kind == "write"
        and caches not in Path(os.path.abspath(path)).resolve().parents
        and Path(path).resolve() != caches
    ]


# -- requests never write -------------------------------------------------------------------------


def test_an_upload_named_to_climb_out_is_read_in_memory_only(client):
    board = (ROOT / "judge" / "examples" / "ucg" / "judgment.yaml").read_bytes()
    for name in (
        "../../../../../tmp/arbiter-evil.yaml",
        "..\\..\\evil.yaml",
        "/etc/cron.d/evil",
        "evil%00.yaml",
    ):
        body, content_type = multipart(board, name)
        with recorded() as touched:
            response = client.post("/rule/file", data=body, content_type=content_type)
        assert response.status_code == 200, name
        assert writes_outside_the_caches(touched) == [], touched
        assert outside(path for _kind, path in touched) == []
    assert not Path("/tmp/arbiter-evil.yaml").exists()


def multipart(board: bytes, name: str = "b.yaml") -> tuple[bytes, str]:
    """A form upload as the browser sends it (built here: the test client would
    spool a large one to a temporary file itself, and the recording would see that)."""
    head = f'--XyZ\r\nContent-Disposition: form-data; name="file"; filename="{name}"\r\n\r\n'
    return head.encode() + board + b"\r\n--XyZ--\r\n", "multipart/form-data; boundary=XyZ"


def test_an_upload_just_under_the_limit_stays_in_memory(client):
    """werkzeug spools a file part over 500 KB to a temporary file unless told otherwise."""
    limit = client.application.config["MAX_CONTENT_LENGTH"]
    board = (ROOT / "judge" / "examples" / "ucg" / "judgment.yaml").read_bytes()
    body, content_type = multipart(board + b"\n#" + b"#" * (limit - len(board) - 200))
    assert 500 * 1024 < len(body) <= limit
    with recorded() as touched:
        response = client.post("/rule/file", data=body, content_type=content_type)
    assert response.status_code == 200
    assert writes_outside_the_caches(touched) == [], touched


@pytest.mark.parametrize("address", ["/api/rule/ucg/judgment", "/rule/ucg/judgment", "/rule/file"])
def test_a_body_over_the_limit_is_refused_with_413(client, address):
    limit = client.application.config["MAX_CONTENT_LENGTH"]
    body, content_type = b"game: ucg\nquestion: judgment\n" + b"#" * limit, "application/yaml"
    if address == "/rule/file":
        body, content_type = multipart(body)
    with recorded() as touched:
        response = client.post(address, data=body, content_type=content_type)
    assert response.status_code == 413
    assert writes_outside_the_caches(touched) == []


@pytest.fixture(scope="module")
def server():
    """The production server, as ``arbiter serve`` runs it (see bench/load.py)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_load", ROOT / "bench" / "load.py")
    load = sys.modules[spec.name] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(load)
    with load.served(Path(os.environ["ARBITER_HOME"])) as served:
        yield served.port


def post_raw(port: int, path: str, headers: dict, chunks) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.putrequest("POST", path)
        for name, value in headers.items():
            connection.putheader(name, value)
        connection.endheaders()
        try:
            for chunk in chunks:
                connection.send(chunk)
        except (BrokenPipeError, ConnectionResetError):  # the server stopped reading: fine
            pass
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def test_the_production_server_refuses_oversized_bodies_declared_or_chunked(server):
    """Refused as soon as it is announced, or as soon as a chunked body passes the limit:
    gunicorn hands a body on as it comes, so nothing bounds it but the app."""
    megabyte = b"#" * 1_000_000
    declared = post_raw(
        server,
        "/api/rule/ucg/judgment",
        {"Content-Type": "application/yaml", "Content-Length": str(50 * len(megabyte))},
        [megabyte],
    )  # and not the other 49: the answer must not wait for them
    assert declared[0] == 413, declared
    chunked = post_raw(
        server,
        "/api/rule/ucg/judgment",
        {"Content-Type": "application/yaml", "Transfer-Encoding": "chunked"},
        [b"%x\r\n%s\r\n" % (len(megabyte), megabyte)] * 3 + [b"0\r\n\r\n"],
    )
    assert chunked[0] == 413, chunked
    board = (ROOT / "judge" / "examples" / "ucg" / "judgment.yaml").read_bytes()
    small = post_raw(
        server,
        "/api/rule/ucg/judgment",
        {"Content-Type": "application/yaml", "Transfer-Encoding": "chunked"},
        [b"%x\r\n%s\r\n" % (len(part), part) for part in (board[:100], board[100:])] + [b"0\r\n\r\n"],
    )
    assert small[0] == 200 and b'"cites"' in small[1], small  # within the limit, chunked is a body like any
    for climb in CLIMBS[:8]:
        connection = http.client.HTTPConnection("127.0.0.1", server, timeout=30)
        connection.request("GET", f"/static/{climb}")
        response = connection.getresponse()
        body = response.read().decode("utf-8", "replace")
        connection.close()
        assert response.status in (400, 404) and not LEAKS.search(body), (climb, response.status)


# -- ingest names ---------------------------------------------------------------------------


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("ARBITER_HOME", str(tmp_path / "home"))
    source = tmp_path / "in" / "ucg.txt"
    source.parent.mkdir()
    text = (bundled_manifest().root / "ucg-1.6-zh-Hant.txt").read_text(encoding="utf-8")
    source.write_text(text.replace("兩名玩家", "三名玩家", 1), encoding="utf-8")
    return source


@pytest.mark.parametrize(
    ("game", "version"),
    [
        ("../evil", "1"),
        ("ucg/../../evil", "1"),
        ("/etc", "1"),
        ("ucg", "../1"),
        ("ucg", "1/../../x"),
        ("ucg", ".."),
        ("ucg", "/tmp/x"),
        ("ucg", "1\\..\\x"),
        ("ucg", "1\x00"),
        ("ucg", "１.７"),
        ("evil\n", "1"),
        ("api", "1"),
        ("static", "1"),
    ],
)
def test_names_that_could_be_paths_are_refused(home, game, version):
    before = sorted(home.parent.rglob("*"))
    with recorded() as touched, pytest.raises(ArbiterError) as caught:
        store.ingest(home, game, version)
    assert caught.value.field in ("game", "version")
    assert sorted(home.parent.rglob("*")) == before
    assert [
        path for kind, path in touched if kind == "write" and "store" in path and ".lock" not in path
    ] == []


def test_an_ingest_writes_only_under_arbiter_home(home):
    with recorded() as touched:
        store.ingest(home.parent / ".." / "in" / "ucg.txt", "ucg", "1.7")
    written = [path for kind, path in touched if kind == "write"]
    assert written and outside(written) == []
    arbiter_home = Path(os.environ["ARBITER_HOME"]).resolve()
    assert all(
        arbiter_home == Path(p).resolve() or arbiter_home in Path(p).resolve().parents for p in written
    )


def test_remove_refuses_names_that_could_be_paths(home):
    result = CliRunner().invoke(main, ["remove", "../ucg", "1.6"])
    assert (
        result.exit_code == 2 and result.stderr.startswith("arbiter: ") and "Traceback" not in result.output
    )
