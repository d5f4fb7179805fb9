"""`make production` (what `make serve` runs after loading the demo) serves the app through
gunicorn with debugging off: pages, and static files under hashed names with a year's cache."""

import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

BASE_DIR = Path(__file__).resolve().parents[2]
TEN_YEARS = 10 * 365 * 24 * 3600  # WhiteNoise's max-age for a file whose name has its hash


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str, **headers: str):
    request = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, response.headers, response.read()


@contextmanager
def production_server(tmp_path: Path, **settings: str):
    """`make production` on a free port with `settings` for its environment (DATABASE_URL...),
    its log in tmp_path; yields its address once it answers, and stops it afterwards."""
    port = free_port()
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "MAKE", "GUNICORN_", "CACHE_", "REDIS_"))
        and k not in {"MFLAGS", "DATABASE_URL"}
    }
    env.update(
        DJANGO_STATIC_ROOT=str(tmp_path / "static"),
        DJANGO_SECRET_KEY="serve-test-" + "x" * 20 + "-not-secret-" + "y" * 20,
        GUNICORN_BIND=f"127.0.0.1:{port}",
        GUNICORN_WORKERS="1",
    )
    env.update(settings)
    log = (tmp_path / "serve.log").open("w")
    process = subprocess.Popen(
        ["make", "--no-print-directory", "production"],
        cwd=BASE_DIR,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                get(url + "/")
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail((tmp_path / "serve.log").read_text())
                time.sleep(0.2)
        yield url
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)
        log.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """gunicorn started by `make production` on a fresh SQLite database and a free port."""
    tmp_path = tmp_path_factory.mktemp("serve")
    with production_server(tmp_path, DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}") as url:
        yield url


def test_production_serves_pages_css_and_htmx_with_long_caching(server):
    status, headers, body = get(server + "/")
    page = body.decode()
    assert status == 200
    assert "Clubscoring" in page
    assert headers["Content-Security-Policy"].startswith("default-src 'self'; script-src 'self';")

    static = re.findall(r'(?:href|src)="(/static/[^"]+)"', page)
    css = [p for p in static if p.startswith("/static/css/site.")]
    htmx = [p for p in static if p.startswith("/static/django_htmx/htmx-2.min.")]
    site_js = [p for p in static if p.startswith("/static/js/site.")]
    assert [len(css), len(htmx), len(site_js)] == [1, 1, 1], static
    for path in (*css, *htmx, *site_js):
        assert re.fullmatch(r"/static/[\w/.-]+\.[0-9a-f]{12}\.(css|js)", path), path
        status, headers, body = get(server + path, **{"Accept-Encoding": "gzip"})
        assert status == 200
        assert f"max-age={TEN_YEARS}" in headers["Cache-Control"]
        assert "immutable" in headers["Cache-Control"]
        assert headers["Content-Encoding"] == "gzip"

    _, _, stylesheet = get(server + css[0])
    assert b".hand-diagram" in stylesheet


def test_production_hides_errors_and_answers_unknown_hosts_with_400(server):
    try:
        get(server + "/no/such/page/")
    except urllib.error.HTTPError as not_found:
        assert not_found.code == 404
        assert b"Traceback" not in not_found.read()
    else:
        pytest.fail("a missing page must be a 404")
    try:
        get(server + "/", Host="attacker.example")
    except urllib.error.HTTPError as bad_host:
        assert bad_host.code == 400
    else:
        pytest.fail("an unknown host must be refused")
